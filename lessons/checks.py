"""A lesson step's question: a question kind from `klaverjas_questions`, its content (taken from
the step's table and the check's own fields), and the answer the lesson file states. The core
solves it; loading fails if the lesson's answer disagrees (a lesson cannot teach what the core
does not)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from klaverjas_core import Card, RuleId, RuleSet, Seat, Suit
from klaverjas_questions import Grade, QuestionKind, Solution


@dataclass(frozen=True, slots=True)
class Table:
    """What a step shows: trumps, a trick (leader first, from seat `leader`), the hand of the
    player to move, other cards, the tricks of a whole deal, and the rule set."""

    trump: Suit | None = None
    leader: Seat | None = None
    trick: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()
    tricks: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()
    last_trick: bool = False
    reveal: bool = False  # show the trick card by card
    rules: RuleSet = field(default_factory=RuleSet)

    @property
    def to_move(self) -> Seat | None:
        """The seat after the last card of the trick."""
        if self.leader is None:
            return None
        return Seat((self.leader + len(self.trick)) % 4)


@dataclass(frozen=True, slots=True)
class Check:
    """One question: its kind, the rule it exercises, the wording, the content and the answer
    the lesson states (only the fields the question asks)."""

    kind: QuestionKind[Any, Any]
    rule: RuleId
    question: str
    content: Any
    answer: Any
    table: Table

    @property
    def rules(self) -> RuleSet:
        return self.table.rules

    def solve(self) -> Solution[Any]:
        """The core's answer, the rules it turns on, and the facts that explain it."""
        return self.kind.solve(self.content, self.rules)

    def grade(self, reply: Any) -> Grade:
        """A learner's reply (the answer's type) against the core's answer, part by part."""
        return self.kind.grade(self.content, self.rules, reply)

    def encode(self, reply: Any) -> str:
        """The reply as stored: the kind's canonical JSON."""
        return self.kind.encode(reply)
