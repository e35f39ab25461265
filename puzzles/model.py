"""What a puzzle is: a question kind, the target rule, the rule set, the level and the seed, the
content the learner sees and the answer the core gives.

Content and answer are the kind's dataclasses (`klaverjas_questions`); as JSON they use the
core's card notation (``10♥``) and seats 0-3, so a puzzle is one line of JSON. `puzzle_id`
hashes the content with the kind, rule set and level, never any display text, so equal puzzles
share an id in every language.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Final, NamedTuple

from klaverjas_core import RuleId, RuleSet
from klaverjas_questions import JSON, QuestionKind, Solution, canonical_json, question_kind

LEVELS: Final = (1, 2, 3)
#: Bump when a generator makes other positions for the same inputs, and keep the one it
#: replaces in its `PuzzleGenerator.earlier`: a club's puzzle set and a learner's mistakes are
#: kept as seeds, and must show the same puzzles again. Version 2 builds is-nat deals;
#: version 3 never leaves a stuk from hand's trick undeclared in them.
GENERATOR_VERSION: Final = 3
GENERATOR_VERSIONS: Final = tuple(range(1, GENERATOR_VERSION + 1))


class PuzzleError(ValueError):
    """A request for a puzzle that cannot exist (unknown kind, rule, level or combination)."""


class GenerationError(PuzzleError):
    """A generator found no puzzle within its attempts (tests guard against it)."""


@dataclass(frozen=True)
class Puzzle:
    """One generated puzzle. `content` is what the learner sees; `answer` is what the core says."""

    id: str
    kind: str  # the question kind's name
    rule: RuleId  # the target rule: the one the puzzle turns on
    tags: tuple[RuleId, ...]  # every rule that takes part in the answer, target first
    rules: RuleSet
    level: int
    seed: int
    content: Any  # the kind's content dataclass
    answer: Any  # the kind's answer dataclass
    generator_version: int = GENERATOR_VERSION

    @property
    def question(self) -> QuestionKind[Any, Any]:
        return question_kind(self.kind)

    @cached_property
    def solution(self) -> Solution[Any]:
        """The core's solution with its facts (for feedback and answer keys)."""
        return self.question.solve(self.content, self.rules)

    def to_dict(self) -> dict[str, JSON]:
        """The common fields, then the content fields, then the answer."""
        record: dict[str, JSON] = {
            "id": self.id,
            "kind": self.kind,
            "rule": self.rule.value,
            "tags": [tag.value for tag in self.tags],
            "rules": self.rules.name,
            "level": self.level,
            "seed": self.seed,
            "generator_version": self.generator_version,
        }
        record.update(self.content.to_dict())
        record["answer"] = self.answer.to_dict()
        return record

    def to_line(self) -> str:
        return canonical_json(self.to_dict())


class Solved(NamedTuple):
    """A generator's content, read by its question kind, with the core's solution that the
    generator checked it by (so the registry does not read and solve it a second time)."""

    content: Any  # the kind's content dataclass
    solution: Solution[Any]


def solved(question: QuestionKind[Any, Any], content: dict[str, JSON], rules: RuleSet) -> Solved:
    """`content` as JSON read by `question` and solved by the core under `rules`."""
    read = question.read_content(content)
    return Solved(read, question.solve(read, rules))


#: A generator: (target rule, rule set, level, random generator) -> the content, solved.
Generate = Callable[[RuleId, RuleSet, int, random.Random], Solved]


@dataclass(frozen=True, slots=True)
class PuzzleGenerator:
    """How one puzzle kind is generated: declared beside its generator, listed in the registry."""

    kind: str  # a question kind of klaverjas_questions
    code: str  # the short prefix of its puzzle ids
    targets: tuple[RuleId, ...]  # the rules it can aim at (where the rule set has them)
    generate: Generate
    #: What makes shown content unrealistic, judged from what it shows.
    realism: Callable[[Any, RuleSet], list[str]]
    #: Whether a target can be drilled under a rule set: by default, where the rule exists.
    available: Callable[[RuleId, RuleSet], bool] = lambda rule, rules: rules.has_rule(rule)
    #: Replaced generators, each with the last GENERATOR_VERSION it served, oldest first.
    earlier: tuple[tuple[int, Generate], ...] = ()

    def for_version(self, version: int) -> Generate:
        """The generator that made this kind's puzzles under generators `version`."""
        return next((old for last, old in self.earlier if version <= last), self.generate)

    def puzzle_id(self, rules: RuleSet, level: int, content: dict[str, JSON]) -> str:
        """Same content, same id: a short hash of the kind, rule set, level and content."""
        text = canonical_json([self.kind, rules.name, level, content])
        return f"{self.code}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]}"
