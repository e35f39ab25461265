"""The coach: which wrong rule a learner's answers point to, under the rule set they drill.

A `Coach` holds the diagnosis (`klaverjas_questions.misconceptions.Diagnosis`) of one learner
under one rule set. A new session rebuilds it from the latest stored answers (`rebuild`); then
it moves on answer by answer (`Coach.observe`). What it names is kept by the page
(`klaverjas_trainer.storage.findings`) for Progress and the teacher's dashboard. Pure: no
Streamlit, no database.

>>> from klaverjas_core import AMSTERDAM
>>> from klaverjas_questions import question_kind
>>> kind = question_kind("which-cards")
>>> content = kind.read_content({"trump": "♥", "trick": ["A♣", "7♣"], "hand": ["Q♥", "7♦"]})
>>> coach = Coach(AMSTERDAM)
>>> for _ in range(4):  # four times Q♥ only, where 7♦ was allowed too
...     _ = coach.observe("which-cards", content, kind.read_answer({"cards": ["Q♥"]}))
>>> [entry.name for entry in coach.diagnosis.named]
['always-overtrump']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import pandas as pd

from klaverjas_core import RuleSet
from klaverjas_questions import Fact, question_kind
from klaverjas_questions.misconceptions import (
    CATALOGUE,
    Diagnosis,
    Misconception,
    plainly,
    predicting,
)

#: The latest answers a new session weighs: the learner's habits now, not a month ago's.
WINDOW: Final = 60
#: The question kinds whose answers can show a misconception.
COACHED_KINDS: Final = frozenset(kind for entry in CATALOGUE for kind in entry.kinds)

#: Where a stored answer was given: (kind, content) made again from the row, or None.
PositionOf = Callable[[Mapping[Hashable, Any]], tuple[str, Any] | None]


@dataclass(frozen=True, slots=True)
class Noticed:
    """What one answer showed: misconceptions named by it (or seen again in it), and gone."""

    named: tuple[Misconception, ...] = ()  # named now, not before
    gone: tuple[Misconception, ...] = ()  # shown before, answered right since
    #: Named misconceptions whose holder gives exactly this (wrong) reply: the sentence to say.
    behind: tuple[Misconception, ...] = ()
    #: Where this wrong reply repeats a pattern no misconception explains: the right count and
    #: how the reply differs from it, to say plainly (`misconceptions.plainly`).
    plain: tuple[Fact, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.named or self.gone)


@dataclass
class Coach:
    """One learner's diagnosis under one rule set, and how many stored answers it has seen."""

    rules: RuleSet
    diagnosis: Diagnosis = field(init=False)
    answers_seen: int = 0

    def __post_init__(self) -> None:
        self.diagnosis = Diagnosis(self.rules)

    def observe(self, kind: str, content: Any, reply: Any) -> Noticed:
        """Weigh one answer of the learner under these rules."""
        if kind not in COACHED_KINDS:
            return Noticed()
        before = set(self.diagnosis.shown)
        self.diagnosis.observe(kind, content, reply)
        after = self.diagnosis.shown
        named = tuple(entry for entry in self.diagnosis.named if entry.name not in before)
        gone = tuple(entry for entry in CATALOGUE if entry.name in before - after)
        shown = {entry.name for entry in self.diagnosis.named}
        behind: tuple[Misconception, ...] = ()  # only where a named one could be behind it
        if shown:
            predicted = predicting(kind, content, self.rules, reply)
            behind = tuple(entry for entry in predicted if entry.name in shown)
        plain: tuple[Fact, ...] = ()
        if self.diagnosis.repeating:
            plain = plainly(kind, content, self.rules, reply)
        return Noticed(named, gone, behind, plain)

    @property
    def named(self) -> list[str]:
        return [entry.name for entry in self.diagnosis.named]


def rebuild(rules: RuleSet, answers: pd.DataFrame, position_of: PositionOf, *, seen: int) -> Coach:
    """The coach from the learner's stored `answers` (oldest first): the latest `WINDOW` given
    under `rules` on a position that can show a misconception and that can be made again,
    without a hint. `seen` is how many answers the store holds (the page's check whether
    answers came from elsewhere since)."""
    coach = Coach(rules, answers_seen=seen)
    if answers.empty:
        return coach
    mine = answers[
        (answers["rules"] == rules.name)
        & answers["kind"].isin(COACHED_KINDS)
        & ~answers["hinted"].astype(bool)
    ]
    for row in mine.tail(WINDOW).to_dict("records"):
        position = position_of(row)
        if position is None:
            continue
        kind, content = position
        question = question_kind(kind)
        try:
            reply = question.decode(str(row["given"]))
        except ValueError:
            continue  # a reply this trainer cannot read: no evidence either way
        coach.diagnosis.observe(kind, content, reply)
    return coach
