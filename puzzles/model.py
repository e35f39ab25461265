"""What a puzzle is: kind, target rule, rule set, level, seed, content, answer, explanation.

The content and answer are plain JSON values in the core's card notation (``10♥``), so a
puzzle is one line of JSON; `puzzle_id` hashes the content, so equal puzzles share an id.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from klaverjas_core import RuleId, RuleSet

#: A JSON value as stored in a puzzle line.
JSON = str | int | bool | None | list["JSON"] | dict[str, "JSON"]

LEVELS: Final = (1, 2, 3)


class Kind(Enum):
    """The six puzzle kinds; the value is the name used in files and on the command line."""

    WHICH_CARDS = "which-cards"
    CARD_LEGAL = "card-legal"
    IS_NAT = "is-nat"
    COUNT_TRICK = "count-trick"
    AMSTERDAM_OR_ROTTERDAM = "amsterdam-or-rotterdam"
    WHO_REVOKED = "who-revoked"

    @property
    def code(self) -> str:
        """A short prefix for ids."""
        return _KIND_CODES[self]


_KIND_CODES: Final = {
    Kind.WHICH_CARDS: "wc",
    Kind.CARD_LEGAL: "cl",
    Kind.IS_NAT: "nat",
    Kind.COUNT_TRICK: "ct",
    Kind.AMSTERDAM_OR_ROTTERDAM: "ar",
    Kind.WHO_REVOKED: "rv",
}


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One generated puzzle. `content` is what the learner sees; `answer` is what the core says."""

    id: str
    kind: Kind
    rule: RuleId  # the target rule: the one the puzzle turns on
    tags: tuple[RuleId, ...]  # every rule that takes part in the answer, target first
    rules: RuleSet
    level: int
    seed: int
    content: Mapping[str, JSON]
    answer: JSON
    explanation: str

    def to_line(self) -> str:
        """One JSON line: the common fields, then the content fields, then the answer."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    def to_dict(self) -> dict[str, JSON]:
        record: dict[str, JSON] = {
            "id": self.id,
            "kind": self.kind.value,
            "rule": self.rule.value,
            "tags": [tag.value for tag in self.tags],
            "rules": self.rules.name,
            "level": self.level,
            "seed": self.seed,
        }
        record.update(self.content)
        record["answer"] = self.answer
        record["explanation"] = self.explanation
        return record


def puzzle_id(kind: Kind, rules: RuleSet, content: Mapping[str, JSON]) -> str:
    """Same content, same id: a short hash of the kind, the rule set and the content."""
    canonical = json.dumps(
        [kind.value, rules.name, content], ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )
    return f"{kind.code}-{hashlib.sha256(canonical.encode('utf-8')).hexdigest()[:12]}"
