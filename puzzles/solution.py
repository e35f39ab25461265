"""The core's answer to a puzzle, with the rules that decide it and an explanation."""

from __future__ import annotations

from dataclasses import dataclass

from klaverjas_core import RuleId
from puzzles.model import JSON


@dataclass(frozen=True, slots=True)
class Solution:
    answer: JSON
    tags: tuple[RuleId, ...]  # the deciding rules, most important first
    explanation: str
    #: The rules the answer turns on: a puzzle may target only one of these.
    decisive: frozenset[RuleId]
    #: Why the puzzle is not worth asking, if it is not (every card legal, one card, ...).
    trivial: str | None = None

    def tags_for(self, target: RuleId) -> tuple[RuleId, ...]:
        """The puzzle's tags: its target rule first, then the other deciding rules."""
        return (target, *(tag for tag in self.tags if tag is not target))
