"""What to practise next: a spaced-repetition schedule (FSRS) per learner and rule.

Each rule is one FSRS card; every stored answer on that rule is a review (right = Good, wrong =
Again), replayed in order, so the schedule is derived from the answers and never stored twice.
Rules that are due come first (the most forgotten first), then rules never practised (in course
order), then the rest by how soon they fall due.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

import pandas as pd
from fsrs import Card, Rating, Scheduler

from klaverjas_trainer.storage.stats import counted

_SCHEDULER = Scheduler(enable_fuzzing=False)  # no randomness: the same answers, the same plan


class Reason(Enum):
    DUE = "due"  # answered before and due for review now
    NEW = "new"  # never practised
    LATER = "later"  # practised and not due yet


@dataclass(frozen=True, slots=True)
class Suggestion:
    rule: str
    reason: Reason
    due: datetime | None
    retrievability: float | None  # FSRS's estimate of remembering it now (0-1)


class Schedule:
    """The FSRS cards of one learner, built once from the stored answers and then kept up to
    date answer by answer, so choosing the next rule does not replay the whole history."""

    def __init__(self, answers: pd.DataFrame | None = None) -> None:
        self.cards: dict[str, Card] = {}
        #: The answers it has seen, hinted ones too (they are stored, not reviewed): equal to
        #: the store's count while no answer was stored elsewhere.
        self.answers_seen = 0 if answers is None else len(answers)
        if answers is not None:
            answers = counted(answers)
        if answers is not None and not answers.empty:
            ordered = answers.sort_values("answered_at")
            times = ordered["answered_at"].dt.to_pydatetime()
            for rule, correct, when in zip(ordered["rule"], ordered["correct"], times, strict=True):
                self._review(str(rule), bool(correct), when)

    def review(self, rule: str, correct: bool, when: datetime) -> None:
        """One more answer on `rule`, as it is stored (call it for each answer stored)."""
        self._review(rule, correct, when)
        self.answers_seen += 1

    def _review(self, rule: str, correct: bool, when: datetime) -> None:
        rating = Rating.Good if correct else Rating.Again
        card = self.cards.get(rule) or Card(card_id=len(self.cards) + 1)  # an id: no sleep
        self.cards[rule], _ = _SCHEDULER.review_card(card, rating, review_datetime=when)

    def plan(self, candidates: Sequence[str], now: datetime) -> list[Suggestion]:
        """Every candidate rule, most needed first."""
        due: list[Suggestion] = []
        new: list[Suggestion] = []
        later: list[Suggestion] = []
        for rule in candidates:
            card = self.cards.get(rule)
            if card is None:
                new.append(Suggestion(rule, Reason.NEW, None, None))
                continue
            recall = _SCHEDULER.get_card_retrievability(card, current_datetime=now)
            is_due = card.due <= now
            (due if is_due else later).append(
                Suggestion(rule, Reason.DUE if is_due else Reason.LATER, card.due, recall)
            )
        due.sort(key=lambda s: (s.retrievability or 0.0, s.due))
        later.sort(key=lambda s: s.due or now)
        return [*due, *new, *later]


def plan(answers: pd.DataFrame, candidates: Sequence[str], now: datetime) -> list[Suggestion]:
    """Every candidate rule, most needed first."""
    return Schedule(answers).plan(candidates, now)
