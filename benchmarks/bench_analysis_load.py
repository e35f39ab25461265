"""Another learner's drill clicks while learners have their deals analysed ("Show the
analysis"), as a browser waits for them, over Streamlit's websocket (`load_ws`).

One server on 127.0.0.1 with a fresh SQLite database. A victim learner answers puzzles and
asks for the next one (the recorded drill frames of `load_ws`), thinking 0.2-0.5 s between
clicks; each click is timed until what it waits for arrives (the feedback, the next puzzle).
First the victim alone (the baseline), then `--rounds` rounds in which `--analysts` other
learners, each at a finished deal of their own (saved in the database before they open the
Play page), press "Show the analysis" at once and wait for their rows (polling, were the page
to follow them with a fragment's reruns). The victim's clicks while any analysis is under way
are the loaded sample.

Reported per server: the victim's click p50/p95 alone and while the analyses run, their ratio
(target p95 within 1.5x), how long the analysts waited for their rows, and the load average
(the machine may be shared). ``--before REV`` first runs the same on an older commit (a git
archive of it, read-only), so before and after are measured in one run.

    python benchmarks/bench_analysis_load.py [--analysts 10] [--rounds 3] [--before HEAD]
    python benchmarks/bench_analysis_load.py --quick      # a smoke run: 2 analysts, 1 round
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_analysis import learner_deal
from bench_app import percentile
from load_ws import (
    EARLY_FOR_RERUN,
    FRAMES,
    TIMEOUT,
    Learner,
    Recording,
    Step,
    _payload,
    feedback_arrived,
    puzzle_arrived,
)
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.texts import t
from tests.streamlit_server import running_app

HERE = Path(__file__).resolve().parent
POLL = 0.5  # seconds between the fragment's reruns while an analysis is under way (the page's)
#: The analysis's first words (its figure, above the rows), as the English page says them.
SUMMARY = t("analysis-summary", best="", count="", given="").split("**")[0]


def with_play_page(recording: Recording) -> Recording:
    """The recording plus a frame that opens the Play page (the drill's, another page)."""
    opening = BackMsg()
    opening.CopyFrom(recording.steps["open_drill"].message)
    return Recording({**recording.steps, "open_play": Step("open_play", opening, "play")},
                     recording.subprotocols)  # fmt: skip


@dataclass
class Analyst(Learner):
    """A learner at a finished deal who asks for its analysis and waits for the rows."""

    fragment: str = ""  # the fragment the progress is drawn in (the page that polls)
    rows_seen: bool = False
    waited: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)  # the fragment's reruns, each timed

    async def run_watching(self, frame: bytes) -> None:
        """Send a frame; read its run (and an ``st.rerun``) to the end, noting a fragment's
        id and whether the analysis rows arrived."""
        assert self.socket is not None
        await self.socket.send(frame)
        async with asyncio.timeout(10 * TIMEOUT):
            while True:
                message = ForwardMsg.FromString(_payload(await self.socket.recv()))
                self.page.absorb(message)
                if message.WhichOneof("type") == "delta":
                    if message.delta.fragment_id:
                        self.fragment = message.delta.fragment_id
                    element = message.delta.new_element
                    if message.delta.WhichOneof("type") == "new_element" and (
                        element.WhichOneof("type") == "markdown"
                        and element.markdown.body.startswith(SUMMARY)
                    ):
                        self.rows_seen = True  # the figure above the rows
                if message.WhichOneof("type") == "script_finished":
                    if message.script_finished == EARLY_FOR_RERUN:
                        continue
                    return

    def click(self, key: str) -> bytes:
        """The Play page's frame with the button `key` pressed."""
        message = BackMsg.FromString(self.frame("open_play"))
        rerun = message.rerun_script
        rerun.widget_states.ClearField("widgets")
        widget = rerun.widget_states.widgets.add()
        widget.id = self.page.widgets[key]
        widget.trigger_value = True
        return bytes(message.SerializeToString())

    def poll(self) -> bytes:
        """The fragment's own rerun, as its timer sends it."""
        message = BackMsg.FromString(self.frame("open_play"))
        rerun = message.rerun_script
        rerun.widget_states.ClearField("widgets")
        rerun.fragment_id = self.fragment
        rerun.is_auto_rerun = True
        return bytes(message.SerializeToString())

    async def analyse(self) -> None:
        """Press the button and wait for the rows: in the same run (today's page, and this
        one's run that waits asleep for the pool), or by the fragment's reruns where a page
        polls with one."""
        key = next(k for k in self.page.widgets if k.startswith("analysis-") and "retry" not in k)
        started = time.perf_counter()
        await self.run_watching(self.click(key))
        for _ in range(int(10 * TIMEOUT / POLL)):
            if self.rows_seen:
                break
            if not self.fragment:
                raise RuntimeError(f"{self.name}: the run ended without the rows")
            await asyncio.sleep(POLL)
            polled = time.perf_counter()
            await self.run_watching(self.poll())
            self.polls.append(time.perf_counter() - polled)
        self.waited.append(time.perf_counter() - started)


@dataclass
class Result:
    name: str
    load: tuple[float, float, float]
    alone: list[float] = field(default_factory=list)
    loaded: list[float] = field(default_factory=list)
    waited: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def victim_clicks(victim: Learner, until: asyncio.Event, sample: list[float],
                        rng: random.Random) -> None:  # fmt: skip
    """The victim answers and moves on until `until` is set, each click timed."""
    while not until.is_set():
        await asyncio.sleep(rng.uniform(0.2, 0.5))
        victim.chosen = rng.sample(victim.page.options, rng.randint(1, len(victim.page.options)))
        sample.append(await victim.run(victim.frame("answer"), feedback_arrived))
        await asyncio.sleep(rng.uniform(0.2, 0.5))
        sample.append(await victim.run(victim.frame("next"), puzzle_arrived))


async def session(base: str, database: str, recording: Recording, options: argparse.Namespace,
                  result: Result) -> None:  # fmt: skip
    rng = random.Random(7)
    victim = Learner("Victim", base, recording)
    await victim.sign_in()
    store = ProgressStore(make_engine(database))
    crowds: list[list[Analyst]] = []
    for round_number in range(options.rounds):  # every analyst ready before any clock runs
        crowd = []
        for number in range(options.analysts):
            analyst = Analyst(f"Analyst {round_number}.{number}", base, recording)
            await analyst.connect()
            await analyst.run(analyst.frame("open"))
            await analyst.run(analyst.frame("sign_in"))
            game = learner_deal(100_000 + 97 * round_number + number, "amsterdam")
            store.save_game(store.learner(analyst.name).id, game.to_dict(), finished=True)
            await analyst.run(analyst.frame("open_play"))
            crowd.append(analyst)
        crowds.append(crowd)
    await victim_clicks(victim, stopped(options.baseline), result.alone, rng)
    for crowd in crowds:
        done = asyncio.Event()
        clicks = asyncio.create_task(victim_clicks(victim, done, result.loaded, rng))
        outcomes = await asyncio.gather(*(a.analyse() for a in crowd), return_exceptions=True)
        done.set()
        await clicks
        result.errors += [f"{type(o).__name__}: {o}" for o in outcomes if isinstance(o, Exception)]
        result.waited += [s for a in crowd for s in a.waited]
        result.polls += [s for a in crowd for s in a.polls]
        await asyncio.sleep(1.0)
    for learner in [victim, *(a for crowd in crowds for a in crowd)]:
        if learner.socket is not None:
            await learner.socket.close()


def stopped(seconds: float) -> asyncio.Event:
    event = asyncio.Event()
    asyncio.get_running_loop().call_later(seconds, event.set)
    return event


def measure(name: str, root: Path, recording: Recording, options: argparse.Namespace) -> Result:
    data = Path(tempfile.mkdtemp(prefix="kj-analysis-load-"))
    env = {"PYTHONPATH": str(root)}
    with running_app(data, env=env, root=root) as app:
        result = Result(name, os.getloadavg())
        warm = Learner("Warm-up", app.url, recording)  # a fresh process imports on first runs
        asyncio.run(_warm(warm))
        asyncio.run(session(app.url, f"sqlite:///{data / 'trainer.sqlite3'}", recording, options,
                            result))  # fmt: skip
    return result


async def _warm(learner: Learner) -> None:
    await learner.sign_in()
    await learner.answer(random.Random(0))
    await learner.next_puzzle()
    if learner.socket is not None:
        await learner.socket.close()


def archive(revision: str) -> Path:
    """An older commit's files (git archive: nothing in this checkout changes)."""
    folder = Path(tempfile.mkdtemp(prefix="kj-analysis-load-before-"))
    packed = subprocess.run(["git", "archive", revision], cwd=HERE.parent, check=True,
                            capture_output=True).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(folder)], input=packed, check=True)
    return folder


def report(results: list[Result], options: argparse.Namespace) -> bool:
    def ms(values: list[float], share: float) -> str:
        return f"{percentile(values, share) * 1000:.0f}" if values else "-"

    print()
    print(f"{'server':<22} {'load 1/5/15':>14} {'alone p50/p95 ms':>18} "
          f"{'with analyses p50/p95 ms':>26} {'p95 ratio':>9} {'clicks':>12} "
          f"{'analysis wait p50/max s':>24} {'errors':>6}")  # fmt: skip
    met = True
    for r in results:
        ratio = (
            percentile(r.loaded, 0.95) / percentile(r.alone, 0.95) if r.loaded and r.alone else 0
        )
        waited = f"{statistics.median(r.waited):.1f} / {max(r.waited):.1f}" if r.waited else "-"
        clicks = f"{len(r.alone)}+{len(r.loaded)}"
        print(f"{r.name:<22} {'/'.join(f'{x:.1f}' for x in r.load):>14} "
              f"{ms(r.alone, 0.5) + ' / ' + ms(r.alone, 0.95):>18} "
              f"{ms(r.loaded, 0.5) + ' / ' + ms(r.loaded, 0.95):>26} {ratio:>9.2f} "
              f"{clicks:>12} {waited:>24} {len(r.errors):>6}")  # fmt: skip
        if r.polls:
            print(f"  {len(r.polls)} polls by the waiting pages (the last one with the rows): "
                  f"p50 {ms(r.polls, 0.5)} ms, p95 {ms(r.polls, 0.95)} ms")  # fmt: skip
        for error in r.errors[:3]:
            print(f"  error: {error[:200]}")
        met = met and not r.errors
    now = results[-1]
    if now.loaded and now.alone:
        ratio = percentile(now.loaded, 0.95) / percentile(now.alone, 0.95)
        print(f"target (the victim's click p95 with {options.analysts} analyses within 1.5x "
              f"alone): {'met' if ratio <= 1.5 else 'not met'} ({ratio:.2f}x)")  # fmt: skip
    print(f"(cores: {os.cpu_count()}; load average now {os.getloadavg()[0]:.1f})")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--analysts", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--baseline", type=float, default=20.0, help="seconds of the victim alone")
    parser.add_argument("--before", help="first measure this older commit (e.g. HEAD)")
    parser.add_argument("--frames", type=Path, default=FRAMES, help="the recorded drill frames")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 analysts, 1 round")
    options = parser.parse_args()
    if options.quick:
        options.analysts, options.rounds, options.baseline, options.before = 2, 1, 3.0, None
    recording = with_play_page(Recording.load(options.frames))
    results = []
    if options.before:
        results.append(measure(f"before ({options.before})", archive(options.before),
                               recording, options))  # fmt: skip
    results.append(measure("now", HERE.parent, recording, options))
    return 0 if report(results, options) else 1


if __name__ == "__main__":
    sys.exit(main())
