"""What a learner waits for under load, measured as chromium speaks to the server.

Streamlit's page talks to the server over one websocket (``/_stcore/stream``): it sends
`BackMsg` protobufs (a ``rerun_script`` with the page, every widget's value and, for a click
inside an ``st.fragment``, the fragment's id) and receives `ForwardMsg` protobufs (the page's
elements as deltas, then ``script_finished``). This load generator does not guess those
messages: it first drives one real chromium session (Playwright) through sign-in, the drill, an
answer and the next puzzle, records every frame chromium sends and the websocket handshake, and
replays those frames as the templates of its simulated learners. Per learner it swaps in what
differs per session, all read from the `ForwardMsg` messages that learner received: widget ids
(matched by their user key), the puzzle's reply widget and the cards chosen, the learner's
name, the page script hashes, the fragment id of the clicked button, the page address and the
XSRF token. So the server does the same work for them as for chromium.

Timed: answer -> feedback (the answer's frame sent until the "Right!" / "Not quite." alert
arrives) and next -> puzzle (the Next frame sent until the new puzzle's cards arrive). Each
learner thinks 1-3 s before answering and 0.5-1.5 s over the feedback; afterwards every answer
is counted in the database. Steps: one process on SQLite, and with ``--scale-out`` the deploy
recipe's two processes behind nginx on PostgreSQL (``KLAVERJAS_TEST_POSTGRES_URL``). The load
average is printed per step because the machine may be shared.

Run: ``python benchmarks/load_ws.py --learners 50 100 200 --seconds 60 --scale-out``;
``--quick`` is a smoke run (3 learners, 5 s, one process). ``--save-frames`` keeps the
recording in ``benchmarks/frames/drill.json``; ``--frames FILE`` replays a kept one instead of
recording (no chromium needed). All traffic stays on 127.0.0.1 and every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import streamlit
from google.protobuf import text_format  # type: ignore[import-untyped]
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Origin, Subprotocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the app's packages, tests
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_app, also for a test's import

from bench_app import percentile

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.texts import t
from tests.streamlit_server import fresh_database, nginx_in_front, running_app

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FRAMES = HERE / "frames" / "drill.json"
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
PILLS = "[data-testid='stForm'] button[data-variant='pills']"
XSRF_COOKIE = "_streamlit_xsrf"
XSRF = "{xsrf}"  # stands for the session's XSRF token in a kept handshake
TIMEOUT = 60.0  # seconds one run may take before the learner counts it as an error
WIDGET_ID = re.compile(r"^\$\$ID-[0-9a-f]+-(?P<key>.+)$")
#: The recorded clicks, in the order chromium made them.
STEPS = ("open", "sign_in", "open_drill", "answer", "next")
CLICKS = {"start_button": "sign_in", "answer_button": "answer", "next_button": "next"}
EARLY_FOR_RERUN = ForwardMsg.ScriptFinishedStatus.Value("FINISHED_EARLY_FOR_RERUN")
FRAGMENT_RUN = ForwardMsg.ScriptFinishedStatus.Value("FINISHED_FRAGMENT_RUN_SUCCESSFULLY")
_steps_run = itertools.count(1)


# --- the recording ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One frame chromium sent; `page` names the page (its URL path) when the frame carries a
    page script hash, which differs per app and is looked up again per learner."""

    name: str
    message: BackMsg
    page: str = ""


@dataclass(frozen=True)
class Recording:
    """Chromium's frames for one pass through the drill, and its websocket subprotocols."""

    steps: dict[str, Step]
    subprotocols: list[str]

    def save(self, path: Path) -> None:
        """Readable and diffable: each frame in protobuf text format, a line per field."""
        kept = {
            "streamlit": streamlit.__version__,
            "subprotocols": self.subprotocols,
            "steps": [
                {"name": s.name, "page": s.page,
                 "backmsg": text_format.MessageToString(s.message, as_utf8=True).splitlines()}
                for s in self.steps.values()
            ],
        }  # fmt: skip
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(kept, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> Recording:
        kept = json.loads(path.read_text(encoding="utf-8"))
        steps = {
            s["name"]: Step(
                s["name"], text_format.Parse("\n".join(s["backmsg"]), BackMsg()), s["page"]
            )
            for s in kept["steps"]
        }
        return cls(steps, kept["subprotocols"])


def key_of(widget_id: str) -> str | None:
    """The user key inside a Streamlit widget id (``$$ID-<hash>-<key>``)."""
    match = WIDGET_ID.match(widget_id)
    return None if match is None or match["key"] == "None" else match["key"]


def trigger_of(message: BackMsg) -> str | None:
    """The key of the button a rerun reports as clicked."""
    for widget in message.rerun_script.widget_states.widgets:
        if widget.WhichOneof("value") == "trigger_value" and widget.trigger_value:
            return key_of(widget.id)
    return None


def _payload(frame: str | bytes) -> bytes:
    # Playwright hands binary frames over as bytes; Streamlit's frames are all binary.
    return frame if isinstance(frame, bytes) else frame.encode("latin-1")


def record(base: str) -> Recording:
    """One chromium session: profile, sign in, open the drill, pick a card, answer, next."""
    from playwright.sync_api import expect, sync_playwright  # noqa: PLC0415 - only here

    from tests.test_browser import SIGN_IN_NAME  # noqa: PLC0415
    from tests.walk import CHROMIUM, CHROMIUM_ARGS  # noqa: PLC0415

    sent: list[BackMsg] = []
    pages: dict[str, str] = {}  # page script hash -> URL path, from the server's navigation
    handshakes: list[dict[str, str]] = []

    def received(frame: str | bytes) -> None:
        message = ForwardMsg.FromString(_payload(frame))
        if message.WhichOneof("type") == "navigation":
            pages.update({p.page_script_hash: p.url_pathname for p in message.navigation.app_pages})

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1100, "height": 1000})
        page = context.new_page()
        devtools = context.new_cdp_session(page)  # the handshake's headers, as chromium sent them
        devtools.send("Network.enable")
        devtools.on("Network.webSocketWillSendHandshakeRequest",
                    lambda event: handshakes.append(event["request"]["headers"]))  # fmt: skip

        def watch(socket: Any) -> None:
            socket.on("framesent", lambda f: sent.append(BackMsg.FromString(_payload(f))))
            socket.on("framereceived", received)

        page.on("websocket", watch)
        idle = page.locator(IDLE)
        page.goto(f"{base}/profile")
        expect(idle).to_be_visible(timeout=30_000)
        page.locator(SIGN_IN_NAME).fill("Recorder")
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_text("Playing as Recorder").first).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        page.get_by_role("link", name="Drill").first.click()
        expect(page.get_by_role("button", name="Answer")).to_be_enabled(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        page.locator(PILLS).first.click()  # inside the form: no frame until Answer
        page.get_by_role("button", name="Answer").click()
        expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="Next puzzle").click()
        expect(page.get_by_text("Rule:")).to_have_count(0, timeout=30_000)
        expect(page.locator(PILLS).first).to_be_enabled(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        xsrf = next((c["value"] for c in context.cookies() if c["name"] == XSRF_COOKIE), "")
        browser.close()
    return _steps(sent, pages, _subprotocols(handshakes, xsrf))


def _subprotocols(handshakes: list[dict[str, str]], xsrf: str) -> list[str]:
    if len(handshakes) != 1:
        raise RuntimeError(f"chromium opened {len(handshakes)} websockets, expected one")
    headers = {name.lower(): value for name, value in handshakes[0].items()}
    offered = [p.strip() for p in headers.get("sec-websocket-protocol", "").split(",")]
    return [XSRF if xsrf and p == xsrf else p for p in offered if p]


def _steps(sent: list[BackMsg], pages: dict[str, str], subprotocols: list[str]) -> Recording:
    """Chromium's frames by what they did: the first opened the app; then Start, the page
    change to the drill, Answer and Next (any other frame is an error: it would be missed)."""
    reruns = [m for m in sent if m.WhichOneof("type") == "rerun_script"]
    if len(reruns) != len(sent):
        kinds = sorted({m.WhichOneof("type") or "" for m in sent})
        raise RuntimeError(f"chromium sent other messages than reruns: {kinds}")
    names = ["open"]
    for message in reruns[1:]:
        trigger = trigger_of(message)
        if trigger is None and pages.get(message.rerun_script.page_script_hash) == "drill":
            names.append("open_drill")
        else:
            names.append(CLICKS.get(trigger or "", f"unexpected {trigger}"))
    if names != list(STEPS):
        raise RuntimeError(f"chromium's frames were {names}, expected {list(STEPS)}")
    steps = {
        name: Step(name, message, pages.get(message.rerun_script.page_script_hash, ""))
        for name, message in zip(names, reruns, strict=True)
    }
    for name in ("answer", "next"):  # clicks on the board rerun only its fragment
        if not steps[name].message.rerun_script.fragment_id:
            raise RuntimeError(f"chromium's {name} frame carried no fragment id")
    return Recording(steps, subprotocols)


# --- one simulated learner --------------------------------------------------------------------


@dataclass
class Page:
    """What a learner's browser knows of its page, all taken from the messages it received."""

    widgets: dict[str, str] = field(default_factory=dict)  # user key -> widget id
    fragments: dict[str, str] = field(default_factory=dict)  # widget id -> its fragment id
    pages: dict[str, str] = field(default_factory=dict)  # URL path -> page script hash
    reply: str | None = None  # the reply widget of the puzzle on the page
    options: list[str] = field(default_factory=list)  # the cards that widget offers

    def absorb(self, message: ForwardMsg) -> None:
        kind = message.WhichOneof("type")
        if kind == "navigation":
            self.pages.update(
                {p.url_pathname: p.page_script_hash for p in message.navigation.app_pages}
            )
        if kind != "delta" or message.delta.WhichOneof("type") != "new_element":
            return
        element = message.delta.new_element
        if element.WhichOneof("type") == "exception":
            raise RuntimeError(f"the app raised: {element.exception.message[:200]}")
        body = getattr(element, element.WhichOneof("type") or "", None)
        widget_id = getattr(body, "id", "") if body is not None else ""
        key = key_of(widget_id) if isinstance(widget_id, str) else None
        if key is None:
            return
        self.widgets[key] = widget_id
        self.fragments[widget_id] = message.delta.fragment_id
        if key.startswith("reply-"):
            if element.WhichOneof("type") != "button_group":
                raise RuntimeError(f"a reply widget this client cannot answer: {key}")
            self.reply = widget_id
            self.options = [option.content for option in element.button_group.options]


def feedback_arrived(message: ForwardMsg) -> bool:
    """The feedback's headline: the first text a learner reads after answering."""
    if message.WhichOneof("type") != "delta" or message.delta.WhichOneof("type") != "new_element":
        return False
    element = message.delta.new_element
    return element.WhichOneof("type") == "alert" and element.alert.body.startswith(
        (t("right"), t("wrong"))
    )


def puzzle_arrived(message: ForwardMsg) -> bool:
    """The next puzzle's cards to tap."""
    if message.WhichOneof("type") != "delta" or message.delta.WhichOneof("type") != "new_element":
        return False
    element = message.delta.new_element
    return element.WhichOneof("type") == "button_group" and "-reply-" in element.button_group.id


@dataclass
class Learner:
    """One simulated browser tab: its cookies, its websocket, its page, and what it waited."""

    name: str
    base: str
    recording: Recording
    page: Page = field(default_factory=Page)
    cookies: CookieJar = field(default_factory=CookieJar)
    socket: ClientConnection | None = None
    chosen: list[str] = field(default_factory=list)
    sent: int = 0  # answers sent
    answered: int = 0  # answers whose feedback arrived
    feedback: list[float] = field(default_factory=list)
    following: list[float] = field(default_factory=list)
    finished: int = -1  # how the last run ended (a ScriptFinishedStatus)

    def _load_page(self) -> None:
        """What chromium fetches before it opens the websocket: the page, then health (which
        sets the XSRF cookie) and host config; behind nginx the first reply sets the route
        cookie. No proxy: everything stays on 127.0.0.1."""
        opener = urllib.request.build_opener(
            urllib.request.ProxyHandler({}), urllib.request.HTTPCookieProcessor(self.cookies)
        )
        for path in ("/profile", "/_stcore/health", "/_stcore/host-config"):
            with opener.open(self.base + path, timeout=TIMEOUT) as response:
                response.read()

    async def connect(self) -> None:
        await asyncio.to_thread(self._load_page)
        jar = {cookie.name: cookie.value or "" for cookie in self.cookies}
        protocols = [
            jar.get(XSRF_COOKIE, "") if p == XSRF else p for p in self.recording.subprotocols
        ]
        self.socket = await connect(
            self.base.replace("http://", "ws://", 1) + "/_stcore/stream",
            origin=Origin(self.base),
            subprotocols=[Subprotocol(p) for p in protocols],
            additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())},
            proxy=None,
            ping_interval=None,  # chromium sends no pings (it answers the server's)
            max_size=64 * 2**20,
            open_timeout=TIMEOUT,
        )

    def frame(self, name: str) -> bytes:
        """The recorded frame `name` as this learner's browser would send it."""
        step = self.recording.steps[name]
        message = BackMsg()
        message.CopyFrom(step.message)
        rerun = message.rerun_script
        if step.page:
            if step.page not in self.page.pages:
                raise RuntimeError(f"{self.name}: no page {step.page!r} in the navigation")
            rerun.page_script_hash = self.page.pages[step.page]
        if rerun.context_info.url:  # the page's address: this learner's host and port
            path = urllib.parse.urlsplit(rerun.context_info.url)._replace(scheme="", netloc="")
            rerun.context_info.url = self.base + urllib.parse.urlunsplit(path)
        for widget in rerun.widget_states.widgets:
            key = key_of(widget.id)
            if key is not None and key.startswith("reply-"):
                if self.page.reply is None:
                    raise RuntimeError(f"{self.name}: no puzzle on the page")
                widget.id = self.page.reply
                widget.string_array_value.ClearField("data")
                widget.string_array_value.data.extend(self.chosen)
            elif key is not None:
                # A key this learner has not been shown keeps chromium's id (same app, same id).
                widget.id = self.page.widgets.get(key, widget.id)
            if key == "new_name":
                widget.string_value = self.name
        if rerun.fragment_id:  # the fragment the clicked button was drawn in, on this page
            clicked = self.page.widgets.get(trigger_of(message) or "", "")
            if not self.page.fragments.get(clicked):
                raise RuntimeError(f"{self.name}: no fragment for the {name} click")
            rerun.fragment_id = self.page.fragments[clicked]
        return bytes(message.SerializeToString())

    async def run(self, frame: bytes, until: Callable[[ForwardMsg], bool] | None = None) -> float:
        """Send one frame and read the run it starts to its end (through an ``st.rerun``);
        the seconds until a message met `until`, or until the run ended."""
        assert self.socket is not None
        start = time.perf_counter()
        await self.socket.send(frame)
        waited: float | None = None
        async with asyncio.timeout(TIMEOUT):
            while True:
                data = await self.socket.recv()
                message = ForwardMsg.FromString(_payload(data))
                self.page.absorb(message)
                if waited is None and until is not None and until(message):
                    waited = time.perf_counter() - start
                if message.WhichOneof("type") == "script_finished":
                    self.finished = message.script_finished
                    if self.finished == EARLY_FOR_RERUN:
                        continue  # st.rerun(): the next run follows on its own
                    break
        if until is None:
            return time.perf_counter() - start
        if waited is None:
            raise RuntimeError(f"{self.name}: the run ended without what was awaited")
        return waited

    async def sign_in(self) -> None:
        await self.connect()
        await self.run(self.frame("open"))
        await self.run(self.frame("sign_in"))
        await self.run(self.frame("open_drill"), puzzle_arrived)

    async def answer(self, rng: random.Random) -> None:
        self.chosen = rng.sample(self.page.options, rng.randint(1, len(self.page.options)))
        frame = self.frame("answer")
        self.sent += 1
        self.feedback.append(await self.run(frame, feedback_arrived))
        self.answered += 1
        self._check_fragment_run("answer")

    async def next_puzzle(self) -> None:
        self.following.append(await self.run(self.frame("next"), puzzle_arrived))
        self._check_fragment_run("next")

    def _check_fragment_run(self, name: str) -> None:
        """A board click must rerun only the board, as it does for chromium: a whole-page
        run would mean the fragment id was not taken (and cost the server more)."""
        if self.finished != FRAGMENT_RUN:
            status = ForwardMsg.ScriptFinishedStatus.Name(self.finished)
            raise RuntimeError(f"{self.name}: the {name} click ended as {status}")


# --- a crowd of learners ----------------------------------------------------------------------


@dataclass
class Result:
    """One step's measurements."""

    setup: str
    learners: int
    load: tuple[float, float, float]  # the machine's load average before the step
    signed_in: int = 0
    sign_in_seconds: float = 0.0
    sent: int = 0
    stored: int = 0
    mismatched: int = 0  # learners whose stored answers differ from the answers they sent
    feedback: list[float] = field(default_factory=list)
    following: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)  # this client's own event-loop delays
    seconds: float = 0.0  # the timed window
    client_cpu: float = 0.0  # this client's CPU seconds per second: the cores it took

    @property
    def ok(self) -> bool:
        return bool(self.feedback) and not self.errors and not self.mismatched


async def _crowd(base: str, recording: Recording, result: Result, seconds: float) -> list[Learner]:
    """Learners arrive over a few seconds and sign in; once all are in (or failed), each
    answers and moves on for `seconds`, thinking between clicks."""
    tag = next(_steps_run)  # a fresh name per step: the one-process steps share a database
    crowd = [Learner(f"WS {tag}.{n}", base, recording) for n in range(result.learners)]
    arrival = min(20.0, result.learners / 10)
    start = asyncio.Event()
    deadline = [0.0]
    measuring = [True]

    async def watch_lag() -> None:
        # How late this client's own loop wakes: if it is busy, latencies read too high.
        while measuring[0]:
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            result.lag.append(time.perf_counter() - before - 0.05)

    async def one(number: int, learner: Learner) -> None:
        think = random.Random(number)
        try:
            await asyncio.sleep(think.uniform(0, arrival))
            await learner.sign_in()
            result.signed_in += 1
            await start.wait()
            while time.monotonic() < deadline[0]:
                await asyncio.sleep(think.uniform(1.0, 3.0))  # reading the puzzle
                await learner.answer(think)
                await asyncio.sleep(think.uniform(0.5, 1.5))  # reading the feedback
                await learner.next_puzzle()
        except (OSError, RuntimeError, TimeoutError, ConnectionClosed, InvalidHandshake) as error:
            result.errors.append(f"{learner.name}: {type(error).__name__} {error}")
        finally:
            if learner.socket is not None:
                await learner.socket.close()

    watcher = asyncio.create_task(watch_lag())
    tasks = [asyncio.create_task(one(n, learner)) for n, learner in enumerate(crowd)]
    began = time.monotonic()
    limit = began + arrival + 4 * TIMEOUT  # sign-ins that take longer count as errors
    while result.signed_in + len(result.errors) < len(crowd) and time.monotonic() < limit:
        await asyncio.sleep(0.1)
    result.sign_in_seconds = time.monotonic() - began
    deadline[0] = time.monotonic() + seconds
    start.set()
    _, late = await asyncio.wait(tasks, timeout=seconds + 2 * TIMEOUT + 10)
    for task in late:
        task.cancel()
    if late:
        result.errors.append(f"{len(late)} learners still running at the end")
    measuring[0] = False
    await watcher
    return crowd


def load(target: Target, recording: Recording, learners: int, seconds: float,
         setup: str) -> Result:  # fmt: skip
    """One step: `learners` at once on `target`, every answer counted in its database."""
    result = Result(setup, learners, os.getloadavg(), seconds=seconds)
    cpu, wall = time.process_time(), time.monotonic()
    crowd = asyncio.run(_crowd(target.base, recording, result, seconds))
    result.client_cpu = (time.process_time() - cpu) / (time.monotonic() - wall)
    result.sent = sum(learner.sent for learner in crowd)
    result.feedback = [s for learner in crowd for s in learner.feedback]
    result.following = [s for learner in crowd for s in learner.following]
    engine = make_engine(target.database)
    store = ProgressStore(engine)
    for learner in crowd:
        if learner.sent:  # one who never answered may never have signed in either
            stored = store.answer_count(store.learner(learner.name).id)
            result.stored += stored
            result.mismatched += stored != learner.sent
    engine.dispose()
    print(f"  {setup}, {learners} learners: {result.sent} answers sent, {result.stored} stored "
          f"({result.mismatched} learners mismatched), {len(result.errors)} errors; "
          f"all signed in after {result.sign_in_seconds:.0f} s"
          f"{target.split()}", flush=True)  # fmt: skip
    return result


@dataclass(frozen=True)
class Target:
    """Where learners connect, the database their answers go to, and the processes behind."""

    base: str
    database: str
    backends: list[str]
    access_log: Path | None = None  # nginx's: which process served each websocket

    def split(self) -> str:
        """Websockets per process, as nginx routed them (its log has a line per closed one)."""
        if self.access_log is None or not self.access_log.exists():
            return ""
        lines = self.access_log.read_text(encoding="utf-8").splitlines()
        served = [line.split()[-3] for line in lines if line.endswith(" /_stcore/stream")]
        hosts = [b.removeprefix("http://") for b in self.backends]
        return ", websockets per process " + "/".join(str(served.count(h)) for h in hosts)


@contextmanager
def one_process(data: Path) -> Iterator[Target]:
    """The app as one process on SQLite."""
    with running_app(data, env={"PYTHONPATH": str(ROOT)}) as app:
        yield Target(app.url, f"sqlite:///{data / 'trainer.sqlite3'}", [app.url])


@contextmanager
def two_processes(server: str) -> Iterator[Target]:
    """The deploy recipe: two processes behind nginx on one fresh PostgreSQL database."""
    with ExitStack() as stack:
        database = stack.enter_context(fresh_database(server))
        env = {"KLAVERJAS_DATABASE_URL": database, "PYTHONPATH": str(ROOT),
               "STREAMLIT_SERVER_COOKIE_SECRET": "load-ws-" + "x" * 24}  # fmt: skip
        folder = Path(tempfile.mkdtemp(prefix="kj-ws-nginx-"))
        apps = [stack.enter_context(running_app(folder / f"data{n}", env=env)) for n in range(2)]
        front = stack.enter_context(
            nginx_in_front([a.url.removeprefix("http://") for a in apps], folder)
        )
        yield Target(front, database, [a.url for a in apps], folder / "access.log")


def warm_up(target: Target, recording: Recording) -> None:
    """One learner through the drill on each process first (straight, not through nginx):
    a fresh process imports and caches on its first runs, which is not what is measured."""

    async def once(base: str) -> None:
        learner = Learner(f"WS warm-up {next(_steps_run)}", base, recording)
        try:
            await learner.sign_in()
            await learner.answer(random.Random(0))
            await learner.next_puzzle()
        finally:
            if learner.socket is not None:
                await learner.socket.close()

    for base in target.backends:
        asyncio.run(once(base))


def _ms(values: list[float], share: float) -> str:
    return f"{percentile(values, share) * 1000:.0f}" if values else "-"


def table(results: list[Result]) -> None:
    print()
    print(f"{'setup':<32} {'learners':>8} {'load 1/5/15 min':>16} {'answers/s':>9} "
          f"{'sent':>6} {'stored':>6} {'feedback p50/p95 ms':>20} {'next p50/p95 ms':>16} "
          f"{'errors':>6} {'client lag p95, cpu':>20}")  # fmt: skip
    for r in results:
        load = "/".join(f"{x:.1f}" for x in r.load)
        feedback = f"{_ms(r.feedback, 0.5)} / {_ms(r.feedback, 0.95)}"
        following = f"{_ms(r.following, 0.5)} / {_ms(r.following, 0.95)}"
        client = f"{_ms(r.lag, 0.95)} ms, {r.client_cpu:.0%}"
        print(f"{r.setup:<32} {r.learners:>8} {load:>16} {r.sent / r.seconds:>9.1f} "
              f"{r.sent:>6} {r.stored:>6} {feedback:>20} {following:>16} {len(r.errors):>6} "
              f"{client:>20}")  # fmt: skip
    for r in results:
        for error in r.errors[:3]:
            print(f"  error ({r.setup}, {r.learners}): {error[:200]}")
    target = [r for r in results if r.setup.startswith("2") and r.learners >= 200]
    for r in target:
        met = r.ok and percentile(r.feedback, 0.95) < 0.3
        print(f"target (200 learners, 2 processes: feedback p95 < 300 ms, 0 lost): "
              f"{'met' if met else 'not met'}")  # fmt: skip
    print(f"(cores: {os.cpu_count()}; the machine may be shared: see the load averages)")


def recording_for(base: str, args: argparse.Namespace) -> Recording:
    if args.frames:
        return Recording.load(args.frames)
    started = time.perf_counter()
    recording = record(base)
    print(f"recorded chromium's frames in {time.perf_counter() - started:.0f} s: "
          f"{', '.join(recording.steps)}", flush=True)  # fmt: skip
    if args.save_frames:
        recording.save(FRAMES)
        print(f"kept in {FRAMES.relative_to(ROOT)}")
    return recording


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[50, 100, 200])
    parser.add_argument("--seconds", type=float, default=60, help="timed seconds per step")
    parser.add_argument("--scale-out", action="store_true", help="also 2 processes + nginx")
    parser.add_argument("--frames", type=Path, help=f"replay a kept recording (e.g. {FRAMES})")
    parser.add_argument("--save-frames", action="store_true", help=f"keep it in {FRAMES}")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 learners, 5 s")
    args = parser.parse_args(argv)
    if args.quick:
        args.learners, args.seconds, args.scale_out = [3], 5.0, False
    server = os.environ.get("KLAVERJAS_TEST_POSTGRES_URL", "")
    if args.scale_out and not server:
        print("--scale-out needs KLAVERJAS_TEST_POSTGRES_URL (see .ci/postgres.sh)")
        return 1
    results = []
    with one_process(Path(tempfile.mkdtemp(prefix="kj-ws-"))) as target:
        recording = recording_for(target.base, args)
        warm_up(target, recording)
        for learners in args.learners:  # one process and database for every step
            results.append(load(target, recording, learners, args.seconds, "1 process, SQLite"))
    if args.scale_out:
        for learners in args.learners:  # a fresh database and processes for each step
            with two_processes(server) as target:
                warm_up(target, recording)
                setup = "2 processes + nginx, PostgreSQL"
                results.append(load(target, recording, learners, args.seconds, setup))
    table(results)
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
