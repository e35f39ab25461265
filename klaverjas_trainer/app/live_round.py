"""A live round's puzzles and its answers counted: what the projector draws after "show" and
at the end, and what the teacher's page lists. No Streamlit and no words here: the views
(`live_views.py`) say it in the learner's language.

>>> keys = keys_for_rule("which-cards", "play.follow-suit", "amsterdam", count=2, seed=5)
>>> [generated.kind for generated in round_puzzles(keys)]
['which-cards', 'which-cards']
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import pandas as pd

from klaverjas_core import Card, RuleId, RuleSet
from klaverjas_questions.misconceptions import BY_NAME, CATALOGUE, Misconception, predicting
from klaverjas_questions.positions import CardsAnswer
from klaverjas_trainer.app.drill import PuzzleKey, make, set_key
from klaverjas_trainer.storage.club import Assignment
from klaverjas_trainer.storage.live import LiveAnswer
from puzzles import GenerationError, Puzzle
from puzzles.discriminating import discriminating_puzzle

#: How many puzzles a teacher may put in one round, and the first choice.
ROUND_SIZES: Final = range(1, 11)
DEFAULT_SIZE: Final = 5
#: A member with fewer right than this share of their answers in a round may need help.
HELP_BELOW: Final = 0.5


def keys_for_rule(
    kind: str, rule: str, rules: str, *, count: int, seed: int, level: int = 1
) -> list[dict[str, Any]]:
    """`count` puzzles of `kind` on `rule` (each one that the generators can make), from
    `seed` on; `PuzzleError` when the kind cannot make the rule at all."""
    keys: list[dict[str, Any]] = []
    trying = random.Random(seed)
    for _ in range(count * 20):
        key = PuzzleKey(kind, rule, rules, level, trying.randrange(10**9))
        try:
            make(key)
        except GenerationError:  # none near this seed: the next one
            continue
        keys.append(dataclasses.asdict(key))
        if len(keys) == count:
            break
    return keys


def keys_for_wrong_rule(
    entry: Misconception, rules: str, *, count: int, seed: int
) -> list[dict[str, Any]]:
    """`count` puzzles whose right answer differs from the answer under the wrong rule
    `entry` (the coach's own checks of it), from `seed` on; `PuzzleError` when none can be
    found under `rules`."""
    keys: list[dict[str, Any]] = []
    ruleset = RuleSet.parse(rules)
    for n in range(count * 3):  # a search may find a position twice: the next seed
        puzzle = discriminating_puzzle(entry, ruleset, seed=seed + n)
        key = dataclasses.asdict(
            PuzzleKey(puzzle.kind, puzzle.rule.value, rules, puzzle.level, puzzle.seed)
        )
        if key not in keys:
            keys.append(key)
        if len(keys) == count:
            break
    return keys


def shown_most(findings: pd.DataFrame, rules: str) -> tuple[Misconception, int] | None:
    """Of the coach's findings of a group's members (`Findings.of_group`), the wrong rule that
    most members show now under the group's `rules` and how many show it (a tie: the
    catalogue's order); None when nobody shows one."""
    now = findings[
        (findings["rules"] == rules) & findings["gone_at"].isna() & findings["name"].isin(BY_NAME)
    ]
    members = now.groupby("name")["learner"].nunique()
    if members.empty:
        return None
    most = max(CATALOGUE, key=lambda entry: int(members.get(entry.name, 0)))
    return most, int(members[most.name])


def keys_from_set(assignment: Assignment, rules: str, count: int) -> list[dict[str, Any]]:
    """The first `count` puzzles of a club's puzzle set (the same the members practise)."""
    return [
        dataclasses.asdict(set_key(assignment, rules, n))
        for n in range(min(count, assignment.count))
    ]


def round_puzzles(keys: Iterable[dict[str, Any]]) -> list[Puzzle]:
    """The round's puzzles, made again from their keys (`PuzzleError` for a key this trainer
    cannot make, e.g. a round started by a newer version)."""
    return [make(PuzzleKey(**key)) for key in keys]


@dataclass(frozen=True, slots=True)
class Reply:
    """One distinct reply and how many gave it."""

    given: str  # the kind's canonical JSON
    count: int
    correct: bool


@dataclass(frozen=True, slots=True)
class Tally:
    """The answers to one puzzle, counted without names."""

    answered: int
    right: int
    replies: tuple[Reply, ...]  # the most given first
    cards: dict[Card, int]  # which-cards: how many chose each card of the hand
    commonest_wrong: Reply | None
    wrong_rule: str | None  # the catalogue's name of a wrong rule that gives it, if one does


def tally(puzzle: Puzzle, answers: Sequence[LiveAnswer]) -> Tally:
    kind = puzzle.question
    counted = Counter(answer.given for answer in answers)
    right = {answer.given for answer in answers if answer.correct}
    replies = tuple(
        Reply(given, count, given in right)
        for given, count in sorted(counted.items(), key=lambda item: (-item[1], item[0]))
    )
    cards: Counter[Card] = Counter()
    for answer in answers:
        reply = kind.decode(answer.given)
        if isinstance(reply, CardsAnswer):
            cards.update(reply.cards)
    wrong = next((reply for reply in replies if not reply.correct), None)
    rule = None
    if wrong is not None:
        behind = predicting(puzzle.kind, puzzle.content, puzzle.rules, kind.decode(wrong.given))
        rule = behind[0].name if len(behind) == 1 else None  # two fit: the room cannot tell
    return Tally(len(answers), sum(a.correct for a in answers), replies, dict(cards), wrong, rule)


@dataclass(frozen=True, slots=True)
class RuleResult:
    rule: RuleId
    right: int
    answered: int


def per_rule(puzzles: Sequence[Puzzle], answers: Iterable[LiveAnswer]) -> list[RuleResult]:
    """Right and given answers per rule the round's puzzles exercise, in the round's order."""
    right: Counter[RuleId] = Counter()
    given: Counter[RuleId] = Counter()
    for answer in answers:
        rule = puzzles[answer.puzzle].rule
        given[rule] += 1
        right[rule] += answer.correct
    order = dict.fromkeys(puzzle.rule for puzzle in puzzles)
    return [RuleResult(rule, right[rule], given[rule]) for rule in order if given[rule]]


def may_need_help(answers: Iterable[LiveAnswer]) -> list[tuple[int, int, int]]:
    """(learner id, right, answered) of each member with under `HELP_BELOW` of their answers
    right, the fewest right first."""
    right: Counter[int] = Counter()
    given: Counter[int] = Counter()
    for answer in answers:
        given[answer.learner_id] += 1
        right[answer.learner_id] += answer.correct
    return sorted(
        ((who, right[who], given[who]) for who in given if right[who] < HELP_BELOW * given[who]),
        key=lambda row: (row[1] / row[2], row[0]),
    )
