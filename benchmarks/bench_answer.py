"""What one drill answer costs the server, without Streamlit: for a learner with a long
history (5,000 answers, one of them made after a hint at the table), each click is what the
Drill page does for it: grade and store the answer with the drill's place, then choose the
next puzzle by "what I need most". Measured per click: CPU milliseconds (process time, so
other load on the machine counts less), the time in all (CPU plus waiting: the database, a
sleep) and SQL statements sent to the database.

``--before REV`` measures an older commit too (a git worktree), in turns with this one, in
one run: the figures to compare are the medians of the same run and their ratio.

Run: ``python benchmarks/bench_answer.py --before HEAD~1`` (``--quick`` for a smoke run).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event
from worktree import ROOT, checkout

from klaverjas_core import AMSTERDAM
from klaverjas_trainer.app import drill
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, make_engine
from klaverjas_trainer.storage.drill_places import DrillPlaces
from klaverjas_trainer.storage.schema import answers

HISTORY = 5_000
RULES = ("play.follow-suit", "play.must-trump", "play.must-overtrump", "play.partner-winning")


def measure(tree: Path, clicks: int, history: int) -> dict[str, float]:
    """One round in a fresh process on `tree`'s code: medians per click."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, __file__, "--child", str(clicks), str(history)]
    done = subprocess.run(command, env=env, cwd=tree, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def child(clicks: int, history: int) -> None:
    """The round itself, on the code that PYTHONPATH names (printed as one JSON line)."""
    folder = Path(tempfile.mkdtemp(prefix="kj-bench-answer-"))
    engine = make_engine(f"sqlite:///{folder / 'trainer.sqlite3'}")
    start = datetime(2026, 1, 1, tzinfo=UTC)
    clock = [start]  # the history a minute apart, then the clicks now
    store = ProgressStore(engine, now=lambda: clock[0])
    learner = store.learner("Bench").id
    rng = random.Random(7)
    rows = []
    for number in range(history):
        rule = RULES[number % len(RULES)]
        answer = AnswerRecord(
            source="puzzle",
            item_id=f"old-{number}",
            kind="which-cards",
            rule=rule,
            tags=(rule,),
            rules="amsterdam",
            level=1,
            given='{"cards":["7♣"]}',
            correct=rng.random() < 0.8,
            seconds=3.0,
            hinted=number == history // 2,  # one decision at the table after a hint
        )
        clock[0] = start + timedelta(minutes=number)
        rows.append(store._answer_row(learner, answer))  # the store's own rows, in bulk
    with engine.begin() as connection:
        connection.execute(answers.insert(), rows)
    clock[0] = datetime.now(UTC)
    statements = [0]

    @event.listens_for(engine, "before_cursor_execute")
    def count(*_: Any) -> None:
        statements[0] += 1

    places = DrillPlaces(store)
    state = drill.DrillState(kind="which-cards", rule=drill.AUTO)
    # The positions the coach's checks found, kept as the app keeps them for its learners (a
    # tree from before they were kept is measured without).
    kept: dict[str, Any] = {}
    if "found" in inspect.signature(drill.choose_next).parameters:
        from puzzles.discriminating import Found  # noqa: PLC0415 - only in newer trees

        kept["found"] = Found()
    cpu: list[float] = []
    wall: list[float] = []
    queries: list[int] = []
    picker = random.Random(1)

    def next_choice() -> None:
        state.choice = drill.choose_next(
            state, rules=AMSTERDAM, store=store, learner_id=learner,
            assignment=None, group_rules=None, now=datetime.now(UTC), rng=picker, **kept,
        )  # fmt: skip

    next_choice()  # the first puzzle of the session: the schedule is built once
    for _ in range(clicks):
        assert state.choice is not None
        puzzle = state.choice.puzzle
        statements[0] = 0
        began, began_wall = time.process_time(), time.perf_counter()
        drill.answer(
            state, puzzle.answer, store=store, learner_id=learner, seconds=2.0,
            now=datetime.now(UTC), places=places,
        )  # fmt: skip
        drill.next_puzzle(state)
        clock[0] = datetime.now(UTC)
        next_choice()
        cpu.append((time.process_time() - began) * 1000)
        wall.append((time.perf_counter() - began_wall) * 1000)
        queries.append(statements[0])
    engine.dispose()
    medians = {"cpu_ms": cpu, "wall_ms": wall, "queries": queries}
    print(json.dumps({name: statistics.median(values) for name, values in medians.items()}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", help="an older revision to measure in the same run")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--quick", action="store_true", help="a smoke run: tiny and fast")
    parser.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    rounds, clicks, history = (1, 3, 200) if args.quick else (args.rounds, args.clicks, HISTORY)
    trees = {"now": ROOT}
    with checkout(args.before) if args.before else nullcontext() as before:
        if before is not None:
            trees = {"before": before, "now": ROOT}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for _ in range(rounds):  # in turns, so the machine's moods fall on both
            for name, tree in trees.items():
                runs[name].append(measure(tree, clicks, history))
    print(f"{history:,} answers in the history, {clicks} clicks a round, {rounds} rounds")
    medians = {}
    for name, results in runs.items():
        cpu, wall, queries = (
            statistics.median(r[part] for r in results) for part in ("cpu_ms", "wall_ms", "queries")
        )
        medians[name] = (cpu, wall)
        print(
            f"{name:>7}: {cpu:8.2f} ms CPU and {wall:8.2f} ms in all per click (medians; the rest"
            f" is waiting, e.g. sleeping), {queries:.0f} SQL statements"
        )
    if "before" in medians:
        (cpu_now, wall_now), (cpu_before, wall_before) = medians["now"], medians["before"]
        print(
            f"  ratio now / before, same run: CPU {cpu_now / cpu_before:.3f}, "
            f"in all {wall_now / wall_before:.3f}"
        )


if __name__ == "__main__":
    main()
