"""One drill script run's server CPU against Streamlit's floor, through the websocket.

The floor is the least a script run costs: an app that draws one button in an ``st.fragment``,
its button tapped by the same client, on the same machine, in the same run. Against it, the
drill's two runs per puzzle (tapping cards sends nothing: the form keeps them): *Answer* (the
answer stored, graded and its feedback drawn) and *Next* (the next puzzle chosen and drawn).
Each tree (this working tree, each ``--before REV`` in a git worktree, each ``--tree
NAME=PATH``) runs as its own ``streamlit run`` on a fresh SQLite database. Its learners are
`load_ws`'s (chromium's kept frames): each signs in and answers ``--cycles`` puzzles with a
random choice of the cards (mostly wrong, so the coach keeps checking); the trees and the floor
take turns, one learner each (``--rounds`` turns), so the machine's moods fall on all of them.

Measured per run: the server process's CPU time (all its threads, from the kernel's CPU clock
of the process: from sending the frame until the process is idle again after the run's end)
and the elements the run sent (each a message the browser renders; SQL statements per click:
``bench_answer.py``). Reported, with the load average before and after (the machine may be
shared): medians (and means) in ms, each run as a multiple of the floor's run, the answer cycle
(Answer + Next of one puzzle), Next apart when its puzzle is the coach's check (its search for
a telling position is the coach's cost), and the last tree against each other, same run.

Run: ``python benchmarks/bench_runs.py --before 0c0230a HEAD`` (``--quick``: a smoke run of
seconds, this tree and the floor only).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from load_ws import FRAGMENT_RUN, FRAMES, Learner, Recording, Step, _payload
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from worktree import ROOT, checkout

from klaverjas_core import AMSTERDAM
from klaverjas_trainer.texts import t
from puzzles import GENERATOR_VERSIONS, PuzzleError, generate, targets
from tests.streamlit_server import running_app

#: The floor: one button in a fragment, nothing else.
FLOOR_SCRIPT = """import streamlit as st


@st.fragment
def board() -> None:
    st.button("Tap", key="tap")


board()
"""
#: The wide floor: the same button and as many more elements as a drill run sends (one
#: sentence each): what Streamlit alone costs for a run of that many elements.
WIDE_FLOOR_ELEMENTS = 14


def floor_script(elements: int) -> str:
    """The floor's script, with `elements` sentences drawn after its button."""
    lines = "".join(
        f'    st.markdown("Sentence {number} of a puzzle\'s words, with a card: **J♣**.")\n'
        for number in range(elements)
    )
    return FLOOR_SCRIPT.replace('    st.button("Tap", key="tap")\n',
                                f'    st.button("Tap", key="tap")\n{lines}')  # fmt: skip


#: Why a puzzle is shown, when it is the coach's check of a wrong rule (the run that chose it
#: searched positions that tell the suspects apart: the coach's cost, apart from the drill's).
CHECK_SAID = t("follow-up")
RIGHT_SAID = t("right")
#: How long the server must use no CPU before a run counts as done (its last messages sent).
QUIET_NS = 3_000_000
QUIET_LIMIT_S = 0.5


def cpu_clock(pid: int) -> int:
    """The kernel's CPU clock of process `pid` (every thread, living or ended): Linux's
    ``clock_getcpuclockid`` for another process, ``(~pid << 3) | 2`` (CPUCLOCK_SCHED)."""
    return ((~pid) << 3) | 2


def cpu_ns(pid: int) -> int:
    return time.clock_gettime_ns(cpu_clock(pid))


def descendants_cpu_ns(pid: int) -> int:
    """The CPU time of `pid`'s living descendants (the worker pool's processes, where the
    coach's searches and the analyses run): counted apart from the server's own runs, and
    reported per answered puzzle, so that work moved there is not work gone."""
    parents: dict[int, int] = {}
    times: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = int(fields[11]) + int(fields[12])  # utime + stime, in ticks
    family, grown = {pid}, True
    while grown:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grown = bool(more)
    ticks = sum(times[member] for member in family - {pid})
    return ticks * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


async def settled(pid: int) -> int:
    """The process's CPU time once it has been idle for a moment (a run's last messages and
    its clean-up happen after its ``script_finished`` is sent)."""
    last, deadline = cpu_ns(pid), time.monotonic() + QUIET_LIMIT_S
    while time.monotonic() < deadline:
        await asyncio.sleep(QUIET_NS / 1e9)
        now = cpu_ns(pid)
        if now - last < QUIET_NS // 20:  # under 5 % busy: idle
            return now
        last = now
    return last


@dataclass
class Runs:
    """One app's measured runs, by name: CPU ms and elements sent per run."""

    name: str
    pid: int
    cpu: dict[str, list[float]] = field(default_factory=dict)
    elements: dict[str, list[int]] = field(default_factory=dict)
    forms: dict[str, str] = field(default_factory=dict)  # each learner's puzzle form, by name
    right: int = 0  # answers graded right
    workers_ns: int = 0  # the worker processes' CPU over the measured rounds

    def median(self, run: str) -> float:
        return statistics.median(self.cpu[run])


async def timed(learner: Learner, frame: bytes, pid: int, runs: Runs, run: str) -> None:
    """Send `frame`, read the run to its end, and keep its CPU time and elements."""
    assert learner.socket is not None
    await settled(pid)
    began = cpu_ns(pid)
    await learner.socket.send(frame)
    elements, checks = 0, False
    while True:
        message = ForwardMsg.FromString(_payload(await learner.socket.recv()))
        learner.page.absorb(message)
        if message.WhichOneof("type") == "delta":
            elements += 1
            checks = checks or message.delta.new_element.markdown.body == CHECK_SAID
            if message.delta.new_element.alert.body.startswith(RIGHT_SAID):
                runs.right += 1
            form = message.delta.add_block.form.form_id
            if form.startswith("puzzle-"):  # puzzle-<id>-<seed>: the puzzle on the page
                runs.forms[learner.name] = form
        if message.WhichOneof("type") == "script_finished":
            learner.finished = message.script_finished
            break
    if learner.finished != FRAGMENT_RUN:
        raise RuntimeError(f"{runs.name}: the {run} run ended as {learner.finished}")
    ended = await settled(pid)
    runs.cpu.setdefault(run, []).append((ended - began) / 1e6)
    runs.elements.setdefault(run, []).append(elements)
    if run == "next":  # the coach's check chosen as the next puzzle, or the plain drill's
        kind = "next (coach's check)" if checks else "next (plain)"
        runs.cpu.setdefault(kind, []).append((ended - began) / 1e6)


def floor_recording(recording: Recording) -> Recording:
    """The floor's frames: its page opened, and its button tapped (chromium's Next frame with
    the tap in place of the page's widgets)."""
    opened = BackMsg()
    opened.CopyFrom(recording.steps["open"].message)
    opened.rerun_script.page_name = ""
    opened.rerun_script.context_info.url = "http://127.0.0.1/"
    tap = BackMsg()
    tap.CopyFrom(recording.steps["next"].message)
    rerun = tap.rerun_script
    rerun.page_script_hash = ""
    rerun.context_info.url = "http://127.0.0.1/"
    del rerun.widget_states.widgets[:]
    widget = rerun.widget_states.widgets.add()
    widget.id, widget.trigger_value = "$$ID-0-tap", True
    steps = {"open": Step("open", opened), "tap": Step("tap", tap)}
    return Recording(steps, recording.subprotocols)


@dataclass
class App:
    """A running app: the drill's, whose learners come and go, or the floor's one tab."""

    runs: Runs
    url: str
    recording: Recording
    floor: bool = False
    right: float = 0.0  # the share of puzzles its learners answer right
    tab: Learner | None = None  # the floor's
    learners: int = 0

    async def learner(self) -> Learner:
        """A new learner signed in on the drill (as load_ws's do), or the floor's tab."""
        if self.floor:
            if self.tab is None:
                self.tab = Learner("floor", self.url, self.recording)
                await self.tab.connect()
                await self.tab.run(self.tab.frame("open"))
            return self.tab
        self.learners += 1
        learner = Learner(f"Runs {self.runs.name} {self.learners}", self.url, self.recording)
        await learner.sign_in()
        return learner


def right_answer(form: str, options: list[str]) -> list[str] | None:
    """The options that answer the drill's puzzle right: the puzzle made again from its form's
    id and seed (which-cards under Amsterdam rules, as the recorded drill asks; its rule and
    level found by its id); None when this tree's generators do not make it."""
    puzzle_id, _, seed = form.removeprefix("puzzle-").rpartition("-")
    for rule, level, version in itertools.product(
        targets("which-cards", AMSTERDAM), (1, 2, 3), reversed(GENERATOR_VERSIONS)
    ):
        try:
            puzzle = generate("which-cards", rule, seed=int(seed), level=level, version=version)
        except PuzzleError:
            continue
        if puzzle.id == puzzle_id:
            cards = {str(card) for card in puzzle.answer.cards}
            return [option for option in options if option_card(option) in cards]
    return None


def option_card(option: str) -> str:
    """The card an option of the cards to tap names (" :red[Q♥]" or "Q♥": ``Q♥``)."""
    text = option.strip()
    return text[text.index("[") + 1 : -1] if text.startswith(":") and "[" in text else text


async def cycle(app: App, learner: Learner, rng: random.Random) -> None:
    """One puzzle: Answer and Next; the floor: two taps. The learner answers right `app.right`
    of the time, else with a random choice of the cards (as load_ws's learners do: mostly
    wrong, so the coach keeps checking)."""
    runs = app.runs
    if app.floor:
        for _ in range(2):
            await timed(learner, learner.frame("tap"), runs.pid, runs, "tap")
        return
    form = runs.forms.get(learner.name, "")
    right = rng.random() < app.right and form
    answer = right_answer(form, learner.page.options) if right else None
    if answer is None:
        answer = rng.sample(learner.page.options, rng.randint(1, len(learner.page.options)))
    learner.chosen = answer
    await timed(learner, learner.frame("answer"), runs.pid, runs, "answer")
    await timed(learner, learner.frame("next"), runs.pid, runs, "next")


async def session(app: App, cycles: int, rng: random.Random) -> None:
    """One learner's `cycles` puzzles from signing in (the floor: `cycles` pairs of taps)."""
    learner = await app.learner()
    for _ in range(cycles):
        await cycle(app, learner, rng)
    if not app.floor and learner.socket is not None:
        await learner.socket.close()


async def measure(apps: list[App], rounds: int, cycles: int, warm: int) -> None:
    """A warm-up learner per app (the first runs import and cache: not measured), then
    `rounds` rounds in which each app in turn has a new learner do `cycles` puzzles."""
    rngs = {app.runs.name: random.Random(5) for app in apps}  # the same choices for each tree
    for app in apps:
        await session(app, warm, rngs[app.runs.name])
        app.runs.cpu.clear()
        app.runs.elements.clear()
        app.runs.right = 0
    workers = {app.runs.name: descendants_cpu_ns(app.runs.pid) for app in apps}
    for number in range(rounds):
        order = apps[number % len(apps) :] + apps[: number % len(apps)]  # each goes first in turn
        for app in order:
            await session(app, cycles, rngs[app.runs.name])
    for app in apps:
        await asyncio.sleep(1)  # a search the last click started ends in its worker
        app.runs.workers_ns = descendants_cpu_ns(app.runs.pid) - workers[app.runs.name]
    for app in apps:
        if app.tab is not None and app.tab.socket is not None:
            await app.tab.socket.close()


@contextmanager
def floor_app(elements: int = 0) -> Iterator[Path]:
    """The floor's script (with `elements` more) in a folder of its own, with the trainer's
    Streamlit settings."""
    folder = Path(tempfile.mkdtemp(prefix="kj-floor-"))
    (folder / ".streamlit").mkdir()
    shutil.copy(ROOT / ".streamlit" / "config.toml", folder / ".streamlit" / "config.toml")
    (folder / "trainer_app.py").write_text(floor_script(elements), encoding="utf-8")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def cycles_of(runs: Runs) -> list[float]:
    """Answer + Next of each puzzle: the CPU one answered puzzle costs."""
    return [a + n for a, n in zip(runs.cpu["answer"], runs.cpu["next"], strict=True)]


def report(apps: list[App], loads: tuple[str, str]) -> None:
    floor, *wide = [app.runs for app in apps if app.floor]
    trees = [app.runs for app in apps if not app.floor]
    tap = floor.median("tap")
    print(f"load average 1/5/15 min: {loads[0]} before, {loads[1]} after; {os.cpu_count()} cores")
    print(
        f"floor (one button in a fragment): {tap:.2f} ms CPU per run "
        f"(median of {len(floor.cpu['tap'])}; mean {statistics.mean(floor.cpu['tap']):.2f})"
    )
    for runs in wide:
        print(f"{runs.name}: {runs.median('tap'):.2f} ms CPU per run = "
              f"{runs.median('tap') / tap:.2f}x the floor (Streamlit's own cost of that many "
              f"elements)")  # fmt: skip
    print("server CPU ms per run, medians (x: multiple of the floor's run); means after the /")
    print(
        f"{'tree':>22} {'Answer':>7} {'x':>5} {'Next':>7} {'x':>5} {'cycle':>7}"
        f" {'Answer/mean':>11} {'Next/mean':>9} {'cycle/mean':>10} {'elements A/N':>12}"
    )
    for runs in trees:
        answer, following, cycle = runs.cpu["answer"], runs.cpu["next"], cycles_of(runs)
        a, n = statistics.median(answer), statistics.median(following)
        elements = "/".join(
            f"{statistics.median(runs.elements[r]):.0f}" for r in ("answer", "next")
        )
        print(f"{runs.name:>22} {a:>7.2f} {a / tap:>5.2f} {n:>7.2f} {n / tap:>5.2f} "
              f"{statistics.median(cycle):>7.2f} {statistics.mean(answer):>11.2f} "
              f"{statistics.mean(following):>9.2f} {statistics.mean(cycle):>10.2f} "
              f"{elements:>12}")  # fmt: skip
    for runs in trees:
        print(f"{runs.name:>22} answers graded right: {runs.right} of {len(runs.cpu['answer'])}")
    for runs in trees:
        puzzles = len(runs.cpu["answer"])
        print(f"{runs.name:>22} worker processes: {runs.workers_ns / 1e6 / puzzles:.2f} ms CPU "
              f"per answered puzzle (mean; the server's own: "
              f"{statistics.mean(cycles_of(runs)):.2f})")  # fmt: skip
    for runs in trees:
        plain, checks = runs.cpu.get("next (plain)", []), runs.cpu.get("next (coach's check)", [])
        if checks and plain:  # a short run may have only one of them: nothing to compare
            print(f"{runs.name:>22} Next without the coach's check {statistics.median(plain):.2f} "
                  f"ms ({statistics.median(plain) / tap:.2f}x); with it "
                  f"{statistics.median(checks):.2f} ms ({len(checks)} of "
                  f"{len(plain) + len(checks)} runs)")  # fmt: skip
    now = trees[-1]
    for runs in trees[:-1]:
        print(f"{runs.name} -> {now.name}, same run:")
        for run in ("answer", "next"):
            before, after = runs.median(run), now.median(run)
            print(f"  {run:>6} run: {before:6.2f} -> {after:6.2f} ms = {before / tap:.2f}x -> "
                  f"{after / tap:.2f}x the floor")  # fmt: skip
        before, after = statistics.median(cycles_of(runs)), statistics.median(cycles_of(now))
        print(f"  answer cycle (Answer + Next): {before:6.2f} -> {after:6.2f} ms, "
              f"ratio {after / before:.2f} (means {statistics.mean(cycles_of(runs)):.1f} -> "
              f"{statistics.mean(cycles_of(now)):.1f})")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", nargs="+", default=[], metavar="REV",
                        help="older revisions measured in the same run")  # fmt: skip
    parser.add_argument("--tree", nargs="+", default=[], metavar="NAME=PATH",
                        help="other checkouts, measured last (e.g. a change alone)")  # fmt: skip
    parser.add_argument("--without-now", action="store_true", help="not this working tree")
    parser.add_argument("--right", type=float, default=0.0,
                        help="the share of puzzles answered right (else at random)")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=8, help="learners per tree, in turns")
    parser.add_argument("--cycles", type=int, default=12, help="puzzles per learner")
    parser.add_argument("--warm", type=int, default=3, help="a first learner's, not measured")
    parser.add_argument("--quick", action="store_true", help="a smoke run: a few seconds")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.cycles, args.warm = 1, 3, 1
    recording = Recording.load(FRAMES)
    apps: list[App] = []
    loads = [load()]
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="kj-runs-")))
        trees = [(f"before {rev}", stack.enter_context(checkout(rev))) for rev in args.before]
        if not args.without_now:
            trees.append(("now (working tree)", ROOT))
        trees += [(name, Path(path)) for name, _, path in (t.partition("=") for t in args.tree)]
        floor_frames = floor_recording(recording)
        floors = [("floor", 0), (f"wide floor (1 + {WIDE_FLOOR_ELEMENTS} elements)",
                                 WIDE_FLOOR_ELEMENTS)]  # fmt: skip
        for name, elements in floors:
            floor = stack.enter_context(floor_app(elements))
            started = stack.enter_context(running_app(folder / name.split()[0], root=floor))
            apps.append(App(Runs(name, started.pid), started.url, floor_frames, floor=True))
        for number, (name, tree) in enumerate(trees):
            env = {"PYTHONPATH": str(tree)}
            started = stack.enter_context(running_app(folder / f"t{number}", root=tree, env=env))
            apps.append(App(Runs(name, started.pid), started.url, recording, right=args.right))
        asyncio.run(measure(apps, args.rounds, args.cycles, args.warm))
    loads.append(load())
    report(apps, (loads[0], loads[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
