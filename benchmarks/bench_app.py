"""The running app under load, through Streamlit's agent API (HTTP, no browser).

Starts `streamlit run` on 127.0.0.1 with a fresh SQLite database (and room for 400 agent
sessions: the memory step keeps its sessions open while the load step opens its own), then
measures:
- start-up: launch until the health check answers, and the first full page run;
- one learner's interactions: answer a puzzle (feedback) and ask for the next one;
- memory per session: the server's resident memory growth per open session;
- N concurrent learners for a while, each thinking 1-3 s between clicks like a person:
  latency percentiles, errors, and every answer counted in the database afterwards.
With ``--scale-out`` it also runs the learners through two processes behind nginx on one
PostgreSQL database (``KLAVERJAS_TEST_POSTGRES_URL`` names the server; a fresh database is
made and dropped), side by side with one process, for each ``--learners`` count.
``--before REV`` runs the same measurements on an older commit first (a git worktree), so a
change is compared in one run on the same noisy machine.

Run: ``python benchmarks/bench_app.py`` (``--learners 50 --seconds 60`` are the defaults;
``--quick`` for a smoke run). All traffic stays on 127.0.0.1 and every loop is bounded.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from worktree import ROOT, checkout

sys.path.insert(0, str(ROOT))

from klaverjas_trainer.storage import ProgressStore, make_engine
from tests.streamlit_server import fresh_database, nginx_in_front, running_app


class Client:
    """One learner's session, driven over the agent API."""

    def __init__(self, base: str) -> None:
        self.url = f"{base}/_stcore/agent/interact"
        self.session: str | None = None
        self.latencies: list[float] = []
        # Cookies, as a browser keeps them: behind nginx the route cookie keeps the process.
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())

    def post(self, body: dict[str, Any], *, record: bool = True) -> dict[str, Any]:
        if self.session:
            body = {"session_id": self.session, **body}
        request = urllib.request.Request(
            self.url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        start = time.perf_counter()
        with self.opener.open(request, timeout=60) as response:
            snapshot: dict[str, Any] = json.load(response)
        if record:
            self.latencies.append(time.perf_counter() - start)
        if snapshot.get("status") == "error" or "exception" in json.dumps(snapshot["tree"]):
            raise RuntimeError(f"the app raised: {json.dumps(snapshot)[:300]}")
        self.session = snapshot["session_id"]
        return snapshot

    def sign_in(self, name: str) -> dict[str, Any]:
        self.post({"page": "profile"}, record=False)
        self.post({"widget_state": {"new_name": name}, "trigger": {"key": "start_button"}},
                  record=False)  # fmt: skip
        return self.post({"page": "drill"}, record=False)

    def answer(self, snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        pills = next(
            e for e in walk(snapshot["tree"]) if str(e.get("key", "")).startswith("reply-")
        )
        options = pills["props"]["options"]
        choice = rng.sample(options, rng.randint(1, len(options)))
        return self.post({"widget_state": {pills["key"]: choice},
                          "trigger": {"key": "answer_button"}})  # fmt: skip

    def next_puzzle(self) -> dict[str, Any]:
        return self.post({"trigger": {"key": "next_button"}})


def walk(node: Any) -> list[dict[str, Any]]:
    found = []
    if isinstance(node, dict):
        found.append(node)
        for child in node.get("children", []):
            found.extend(walk(child))
    return found


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def single_learner(base: str, interactions: int) -> None:
    client = Client(base)
    snapshot = client.sign_in("Solo")
    rng = random.Random(1)
    answer_times, next_times = [], []
    for _ in range(interactions):
        client.answer(snapshot, rng)
        answer_times.append(client.latencies[-1])
        snapshot = client.next_puzzle()
        next_times.append(client.latencies[-1])
    for name, times in (("answer -> feedback", answer_times), ("next puzzle", next_times)):
        print(
            f"{name}: median {statistics.median(times) * 1000:.1f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.1f} ms over {len(times)}"
        )


def memory_per_session(base: str, pid: int, sessions: int) -> None:
    baseline = rss_kib(pid)
    clients = [Client(base) for _ in range(sessions)]
    for number, client in enumerate(clients):
        client.sign_in(f"Idle {number}")
    grown = rss_kib(pid) - baseline
    print(
        f"memory: {grown / sessions:.0f} KiB per session "
        f"({baseline // 1024} MiB before, +{grown // 1024} MiB for {sessions} sessions)"
    )


def load(base: str, database: str, learners: int, seconds: float, label: str = "") -> bool:
    """Concurrent learners answering puzzles; True if nothing failed and nothing was lost."""
    counts: dict[str, int] = {}
    errors: list[str] = []
    latencies: list[float] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def learner(number: int) -> None:
        name = f"Learner {learners}.{number}"  # a fresh name per load run
        client, think = Client(base), random.Random(number)
        answered = 0
        try:
            snapshot = client.sign_in(name)
            while time.monotonic() < deadline:
                time.sleep(think.uniform(1.0, 3.0))  # reading the puzzle
                client.answer(snapshot, think)
                answered += 1
                time.sleep(think.uniform(0.5, 1.5))  # reading the feedback
                snapshot = client.next_puzzle()
        except (OSError, RuntimeError, StopIteration, urllib.error.URLError) as error:
            with lock:
                errors.append(f"{name}: {error}")
        with lock:
            counts[name] = answered
            latencies.extend(client.latencies)

    threads = [threading.Thread(target=learner, args=(n,)) for n in range(learners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    engine = make_engine(database)
    store = ProgressStore(engine)
    stored = {name: store.answer_count(store.learner(name).id) for name in counts}
    engine.dispose()
    lost = {name: (counts[name], stored[name]) for name in counts if counts[name] != stored[name]}
    total = sum(counts.values())
    print(
        f"load{label}: {learners} learners for {seconds:.0f} s: {total} answers, "
        f"{len(latencies)} requests, p50 {percentile(latencies, 0.5) * 1000:.0f} ms, "
        f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
        f"max {max(latencies) * 1000:.0f} ms, errors {len(errors)}"
    )
    print(f"stored: {sum(stored.values())} of {total} answers; mismatches: {lost or 'none'}")
    for error in errors[:5]:
        print("  error:", error)
    return not errors and not lost


PILLS = "[data-testid='stForm'] button[data-variant='pills']"
SIGN_IN_NAME = ".st-key-new_name input"  # not the join form's "Your name" on the same page
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--disable-background-networking", "--no-first-run"]  # fmt: skip

#: Room for 400 agent sessions: the memory step keeps its sessions while the load step runs.
AGENT: tuple[str, ...] = ("--server.enableAgentApi", "true", "--server.agentMaxSessions", "400")


def one_process(root: Path, args: argparse.Namespace, label: str) -> bool:
    """Start-up, one learner, memory per session, then each load on one process (SQLite)."""
    data = Path(tempfile.mkdtemp(prefix="kj-bench-"))
    launched = time.perf_counter()
    with running_app(data, *AGENT, root=root, env={"PYTHONPATH": str(root)}) as app:
        base = app.url
        healthy = time.perf_counter() - launched
        start = time.perf_counter()
        Client(base).post({}, record=False)
        first_run = time.perf_counter() - start
        print(f"{label}start-up: health after {healthy:.2f} s, "
              f"first page run {first_run * 1000:.0f} ms")  # fmt: skip
        single_learner(base, args.interactions)
        memory_per_session(base, app.pid, max(args.learners))
        database = f"sqlite:///{data / 'trainer.sqlite3'}"
        return all(
            load(base, database, n, args.seconds, f" {label}1 process")  # fresh names each
            for n in args.learners
        )


def two_processes(root: Path, args: argparse.Namespace, label: str, server: str) -> bool:
    """Each load through two processes behind nginx on one PostgreSQL database."""
    ok = True
    for learners in args.learners:
        with ExitStack() as stack:
            database = stack.enter_context(fresh_database(server))
            env = {"KLAVERJAS_DATABASE_URL": database, "PYTHONPATH": str(root),
                   "STREAMLIT_SERVER_COOKIE_SECRET": "bench-" + "x" * 26}  # fmt: skip
            folder = Path(tempfile.mkdtemp(prefix="kj-nginx-"))
            apps = [
                stack.enter_context(running_app(folder / f"data{n}", *AGENT, env=env, root=root))
                for n in range(2)
            ]
            front = stack.enter_context(
                nginx_in_front([a.url.removeprefix("http://") for a in apps], folder)
            )
            ok &= load(front, database, learners, args.seconds, f" {label}2 processes + nginx")
    return ok


def browser_latency(root: Path, repetitions: int, label: str) -> None:
    """What a person waits for in chromium: a tap on Answer until the feedback is on the
    page, and a tap on Next until the next puzzle can be answered (median and p95)."""
    from playwright.sync_api import expect, sync_playwright  # noqa: PLC0415 - only here

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    data = Path(tempfile.mkdtemp(prefix="kj-browser-"))
    idle = "[data-testid='stApp'][data-test-script-state='notRunning']"
    feedback, following = [], []
    with (
        running_app(data, root=root, env={"PYTHONPATH": str(root)}) as app,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=chromium, args=BROWSER_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 1000})
        page.goto(f"{app.url}/profile")
        expect(page.locator(idle)).to_be_visible(timeout=30_000)
        page.locator(SIGN_IN_NAME).fill("Timer")
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_text("Playing as Timer").first).to_be_visible(timeout=30_000)
        page.get_by_role("link", name="Drill").first.click()
        answer = page.get_by_role("button", name="Answer")
        for _ in range(repetitions):
            expect(answer).to_be_enabled(timeout=30_000)
            page.locator(PILLS).first.click()
            start = time.perf_counter()
            answer.click()
            expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
            feedback.append(time.perf_counter() - start)
            expect(page.locator(idle)).to_be_visible(timeout=30_000)
            start = time.perf_counter()
            page.get_by_role("button", name="Next puzzle").click()
            expect(page.get_by_text("Rule:")).to_have_count(0, timeout=30_000)
            expect(answer).to_be_enabled(timeout=30_000)
            following.append(time.perf_counter() - start)
            expect(page.locator(idle)).to_be_visible(timeout=30_000)
        browser.close()
    for name, times in (("answer -> feedback", feedback), ("next -> puzzle", following)):
        print(f"{label}browser {name}: median {statistics.median(times) * 1000:.0f} ms, "
              f"p95 {percentile(times, 0.95) * 1000:.0f} ms over {len(times)}")  # fmt: skip


def measure(root: Path, args: argparse.Namespace, label: str) -> bool:
    if args.browser:
        browser_latency(root, args.browser, label)
    ok = one_process(root, args, label)
    if args.scale_out:
        server = os.environ.get("KLAVERJAS_TEST_POSTGRES_URL", "")
        if not server:
            print("--scale-out needs KLAVERJAS_TEST_POSTGRES_URL (see .ci/postgres.sh)")
            return False
        ok &= two_processes(root, args, label, server)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, nargs="+", default=[50])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interactions", type=int, default=100, help="single-learner cycles")
    parser.add_argument("--scale-out", action="store_true", help="also 2 processes + nginx")
    parser.add_argument("--before", metavar="REV", help="measure this commit first")
    parser.add_argument("--browser", type=int, default=0, metavar="N",
                        help="also N answer/next cycles in chromium")  # fmt: skip
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.learners, args.seconds, args.interactions = [5], 5, 10
    ok = True
    if args.before:
        with checkout(args.before) as old:
            ok &= measure(old, args, f"[before {args.before}] ")
    return 0 if measure(ROOT, args, "[now] " if args.before else "") and ok else 1


if __name__ == "__main__":
    sys.exit(main())
