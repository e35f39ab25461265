"""How fast and how surely the diagnosis names a learner's misconception.

Simulated learners answer the trainer's own puzzles as its "what I need most" drill gives them:
a random kind and target rule, and the trainer's checks (`puzzles.discriminating.follow_up`, the
drill's own policy): a follow-up once the answers point to a misconception, and a share of
probes of those not yet ruled out. A learner holds zero, one or two misconceptions
of the catalogue and slips (gives another answer than their rules say) at a random rate of
5-15 %; rule-perfect learners slip 10 % of the time.

Reported: the share of held misconceptions named within 12 answers of the kinds that can
show them, the answers that took (median, p90), and false diagnoses (a misconception named
that the learner does not hold). Targets: >= 95 % within 12; < 1 % of rule-perfect learners
falsely diagnosed.

With `--second-hand`, the learners are those of `tests/second_hand_learners.py`, written from
RULES.md and each misconception's one-line description without the catalogue's models (which
the learners above share, so they cannot show a belief modelled too narrowly): per
misconception, `--holders` learners holding it alone, named within 12 answers of the kinds
their belief shows in and within all `--answers`; then `--runs` rule-perfect ones. As the
drill does, the checks leave out a kind whose answers repeat a mistake no misconception
explains (`Diagnosis.checkable`). With `--third-hand`, the same with the learners of
`tests/third_hand_learners.py`, written by a helper that saw neither the catalogue nor the
second-hand learners (only RULES.md, the descriptions and the question kinds' records).

    python benchmarks/bench_misconceptions.py [--runs 1000] [--answers 40] [--workers 2] [--level 1]
    python benchmarks/bench_misconceptions.py --second-hand [--holders 100] [--runs 200]
    python benchmarks/bench_misconceptions.py --third-hand [--holders 100] [--runs 200]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_core import AMSTERDAM, ROTTERDAM, Misbelief, RuleSet
from klaverjas_questions.misconceptions import (
    CATALOGUE,
    Diagnosis,
    Misconception,
    believed_answer,
)
from puzzles.discriminating import discriminating_puzzle, follow_up
from puzzles.model import Puzzle, PuzzleError
from puzzles.registry import generate, targets
from tests import second_hand_learners, third_hand_learners

HANDS: Final = {"second": second_hand_learners, "third": third_hand_learners}

DRILL_KINDS = ("which-cards", "card-legal", "count-trick", "is-nat")
WITHIN = 12


def drill_puzzle(rules: RuleSet, rng: random.Random, level: int) -> Puzzle:
    while True:
        kind = rng.choice(DRILL_KINDS)
        try:
            return generate(
                kind, rng.choice(targets(kind, rules)), seed=rng.randrange(1 << 30), rules=rules,
                level=level,
            )  # fmt: skip
        except PuzzleError:
            continue


def slip(kind: str, content: Any, meant: Any, rng: random.Random) -> Any:
    """Another answer than `meant`: one card more or fewer, the other yes/no, a count off."""
    if kind == "which-cards":
        hand = list(content.hand)
        cards = set(meant.cards)
        while True:
            card = rng.choice(hand)
            changed = cards ^ {card}
            if changed:
                return dataclasses.replace(meant, cards=frozenset(changed))
    if kind == "card-legal":
        return dataclasses.replace(meant, legal=not meant.legal)
    if kind == "count-trick":
        asked = [name for name in ("winner", "points", "roem") if getattr(meant, name) is not None]
        name = rng.choice(asked)
        if name == "winner":
            others = [card for card in content.trick if card != meant.winner]
            return dataclasses.replace(meant, winner=rng.choice(others))
        value = getattr(meant, name)
        step = rng.choice((10, 20)) if name == "roem" else rng.randint(1, 14)
        return dataclasses.replace(meant, **{name: max(0, value + rng.choice((-step, step)))})
    if kind == "is-nat":
        if meant.points is None or rng.random() < 0.5:
            return dataclasses.replace(meant, nat=not meant.nat)
        pair = rng.randrange(2)
        points = list(meant.points)
        points[pair] = max(0, points[pair] + rng.choice((-10, 10)))
        return dataclasses.replace(meant, points=(points[0], points[1]))
    raise ValueError(kind)


@dataclasses.dataclass
class Run:
    held: list[str]
    #: Per held misconception: answers of kinds that can show it until named (None: never).
    needed: dict[str, int | None]
    false_names: list[str]
    #: Held misconceptions that the others held hide from every position.
    hidden: list[str] = dataclasses.field(default_factory=list)
    #: Per answer: whether its puzzle was the trainer's check (not the plain drill).
    checks: list[bool] = dataclasses.field(default_factory=list)


#: A learner: the reply they mean to give to a puzzle (before any slip).
Answering = Callable[[Puzzle], Any]


def simulate(held: tuple[Misconception, ...], slip_rate: float, rules: RuleSet, seed: int,
             answers: int, level: int = 1) -> Run:  # fmt: skip
    """A learner answering with the catalogue's own model of `held` (its `Misbelief` flags)."""
    flags = Misbelief(0)
    for entry in held:
        flags |= entry.flag

    def meant(puzzle: Puzzle) -> Any:
        believed = believed_answer(puzzle.kind, puzzle.content, rules, flags)
        return puzzle.answer if believed is None else believed

    shows = {entry.name: frozenset(k for k in entry.kinds if entry.shows_in(k, level))
             for entry in held}  # fmt: skip
    return drill(meant, shows, slip_rate, rules, seed, answers, level)


def drill(meant: Answering, shows: dict[str, frozenset[str]], slip_rate: float, rules: RuleSet,
          seed: int, answers: int, level: int) -> Run:  # fmt: skip
    """`answers` puzzles of the drill answered by `meant` (slipping at `slip_rate`); `shows`
    names the misconceptions held, each with the kinds whose answers can show it."""
    rng = random.Random(seed)
    diagnosis = Diagnosis(rules)
    shown_by = dict.fromkeys(shows, 0)
    needed: dict[str, int | None] = dict.fromkeys(shows)
    false_names: set[str] = set()
    checks: list[bool] = []
    for _ in range(answers):
        kinds = diagnosis.checkable(DRILL_KINDS)  # as the drill asks its checks
        puzzle = follow_up(
            diagnosis, seed=rng.randrange(1 << 30), kinds=kinds, probing=True, level=level
        )
        checks.append(puzzle is not None)
        if puzzle is None:
            puzzle = drill_puzzle(rules, rng, level)
        meaning = meant(puzzle)
        reply = (
            slip(puzzle.kind, puzzle.content, meaning, rng) if rng.random() < slip_rate else meaning
        )
        diagnosis.observe(puzzle.kind, puzzle.content, reply)
        for name, kinds in shows.items():
            shown_by[name] += puzzle.kind in kinds
        named = {entry.name for entry in diagnosis.named}
        for name in shows:
            if name in named and needed[name] is None:
                needed[name] = shown_by[name]
        false_names |= named - set(needed)
    return Run(list(shows), needed, sorted(false_names), checks=checks)


def _task(args: tuple[int, int, str, int, int]) -> Run:
    how_many, seed, rules_name, answers, level = args
    rng = random.Random(seed)
    rules = RuleSet.parse(rules_name)
    pool = [e for e in CATALOGUE if e.holds_under(rules) and e.from_level <= level]
    held = tuple(rng.sample(pool, how_many))
    hidden = [entry.name for entry in held if _hidden_by_others(entry, held, rules)]
    slip_rate = 0.10 if how_many == 0 else rng.uniform(0.05, 0.15)
    run = simulate(held, slip_rate, rules, seed, answers, level)
    run.hidden = hidden
    return run


@functools.cache
def _hidden_by_others(
    entry: Misconception, held: tuple[Misconception, ...], rules: RuleSet
) -> bool:
    """Whether the other misconceptions held hide `entry` from every position (a learner who
    discards whenever void never shows how they would trump)."""
    others = Misbelief(0)
    for other in held:
        if other is not entry:
            others |= other.flag
    if not others:
        return False
    try:
        discriminating_puzzle(entry, rules, seed=0, given=others, kinds=DRILL_KINDS)
    except PuzzleError:
        return True
    return False


def _other_hand_task(args: tuple[str, str, int, str, int, int]) -> Run:
    """One learner of another hand's set (`HANDS`) holding the belief called `name` ("":
    none)."""
    hand, name, seed, rules_name, answers, level = args
    rng = random.Random(seed)
    rules = RuleSet.parse(rules_name)
    learners = HANDS[hand]
    learner = learners.Learner(rules.city, *([name] if name else []))
    slip_rate = rng.uniform(0.05, 0.15) if name else 0.10
    shows = {name: learners.shown_in(name, level)} if name else {}
    return drill(
        lambda puzzle: learner.answer(puzzle.kind, puzzle.content),
        shows, slip_rate, rules, seed, answers, level,
    )  # fmt: skip


def other_hand(options: argparse.Namespace, hand: str) -> None:
    """Per misconception: learners written from RULES.md and its one-line description by
    another hand (`HANDS[hand]`), named within `WITHIN` answers of the kinds their belief shows
    in, and within all their answers; then rule-perfect ones, falsely diagnosed."""
    tasks = []
    for entry in CATALOGUE:
        cities = [c for c in (AMSTERDAM, ROTTERDAM) if entry.holds_under(c)]
        level = max(options.level, entry.from_level)
        tasks += [
            (hand, entry.name, 7 * 10**6 + n, cities[n % len(cities)].name, options.answers, level)
            for n in range(options.holders)
        ]
    names = (AMSTERDAM.name, ROTTERDAM.name)
    tasks += [(hand, "", 8 * 10**6 + n, names[n % 2], options.answers, options.level)
              for n in range(options.runs)]  # fmt: skip
    started = time.perf_counter()
    with ProcessPoolExecutor(options.workers) as pool:
        runs = list(pool.map(_other_hand_task, tasks, chunksize=4))
    rows = {}
    print(f"{hand + '-hand learners':28} {'n':>4} {'<=' + str(WITHIN):>7} "
          f"{'<=' + str(options.answers):>7} {'median':>6} {'false':>6}")  # fmt: skip
    for entry in CATALOGUE:
        mine = [run for task, run in zip(tasks, runs, strict=True) if task[1] == entry.name]
        needs = [run.needed[entry.name] for run in mine]
        within = sum(need is not None and need <= WITHIN for need in needs) / len(needs)
        named = sum(need is not None for need in needs) / len(needs)
        found = sorted(need for need in needs if need is not None)
        median = statistics.median(found) if found else None
        false = sum(bool(run.false_names) for run in mine) / len(mine)
        rows[entry.name] = {"n": len(mine), "within": within, "named": named,
                            "median": median, "false": false}  # fmt: skip
        print(f"{entry.name:28} {len(mine):4} {within:7.0%} {named:7.0%} "
              f"{median if median is not None else '-':>6} {false:6.0%}")  # fmt: skip
    perfect = [run for task, run in zip(tasks, runs, strict=True) if not task[1]]
    false = sum(bool(run.false_names) for run in perfect)
    print(f"rule-perfect: {len(perfect)}, falsely diagnosed {false} ({false / len(perfect):.1%})")
    print(f"wall {time.perf_counter() - started:.0f} s")
    if options.json:
        Path(options.json).write_text(json.dumps({"rows": rows, "perfect_false": false,
                                                  "perfect": len(perfect)}, indent=1))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000, help="rule-perfect learners")
    parser.add_argument("--holders", type=int, default=500, help="learners per 1 and 2 held")
    parser.add_argument("--answers", type=int, default=40, help="answers per learner")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--level", type=int, default=1, choices=(1, 2, 3),
        help="the learners' puzzle level (roem-to-holder shows only from level 3)",
    )  # fmt: skip
    parser.add_argument(
        "--second-hand", action="store_true",
        help="learners written from RULES.md alone (second_hand_learners), per misconception",
    )  # fmt: skip
    parser.add_argument(
        "--third-hand", action="store_true",
        help="learners a helper wrote from RULES.md alone (third_hand_learners), per misconception",
    )  # fmt: skip
    parser.add_argument("--json", help="with --second-hand/--third-hand: the table here too")
    options = parser.parse_args()
    if options.second_hand or options.third_hand:
        other_hand(options, "second" if options.second_hand else "third")
        return
    cities = (AMSTERDAM.name, ROTTERDAM.name)
    started = time.process_time(), time.perf_counter()
    level = options.level
    groups = {
        held: [(held, held * 10**6 + s, cities[s % 2], options.answers, level) for s in range(n)]
        for held, n in ((0, options.runs), (1, options.holders), (2, options.holders))
    }
    with ProcessPoolExecutor(options.workers) as pool:
        results = {
            held: list(pool.map(_task, tasks, chunksize=8)) for held, tasks in groups.items()
        }
    for held in (1, 2):
        runs = results[held]
        needs = [
            need for run in runs for name, need in run.needed.items() if name not in run.hidden
        ]
        hidden = sum(len(run.hidden) for run in runs)
        within = sum(need is not None and need <= WITHIN for need in needs)
        named = sorted(need for need in needs if need is not None)
        wrongly = sum(bool(run.false_names) for run in runs)
        print(f"learners holding {held}: {len(runs)}; misconceptions that can show {len(needs)}"
              f" (and {hidden} hidden by the other held)")  # fmt: skip
        print(f"  named within {WITHIN} answers of kinds that show it: {within / len(needs):.1%}")
        print(f"  named within {options.answers} answers: {len(named) / len(needs):.1%}")
        if named:
            p90 = named[int(0.9 * (len(named) - 1))]
            print(f"  answers until named: median {statistics.median(named)}, p90 {p90}")
        print(f"  learners with a false diagnosis: {wrongly} ({wrongly / len(runs):.1%})")
        by_entry: dict[str, list[int | None]] = {}
        for run in runs:
            for name, need in run.needed.items():
                if name in run.hidden:
                    continue
                by_entry.setdefault(name, []).append(need)
        for name, found in sorted(by_entry.items()):
            share = sum(n is not None and n <= WITHIN for n in found) / len(found)
            print(f"    {name:28} {share:6.1%} of {len(found)}")
    perfect = results[0]
    false = [run for run in perfect if run.false_names]
    print(f"rule-perfect learners (10 % slips, {options.answers} answers): {len(perfect)}")
    print(f"  falsely diagnosed: {len(false)} ({len(false) / len(perfect):.2%})")
    half = options.answers // 2
    early = statistics.mean(sum(run.checks[:half]) / half for run in perfect)
    late = statistics.mean(sum(run.checks[half:]) / (options.answers - half) for run in perfect)
    print(f"  the trainer's checks among their puzzles: {early:.0%} of answers 1-{half}, "
          f"{late:.0%} of answers {half + 1}-{options.answers}")  # fmt: skip
    for run in false[:10]:
        print(f"    named {', '.join(run.false_names)}")
    print(f"CPU {time.process_time() - started[0]:.0f} s (main), wall "
          f"{time.perf_counter() - started[1]:.0f} s")  # fmt: skip


if __name__ == "__main__":
    main()
