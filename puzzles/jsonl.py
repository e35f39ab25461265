"""Puzzles as JSON lines: one puzzle per line, cards in the core's notation (``10♥``).

Import checks every line with the core (`registry.problems`) and reports each bad line by
number with the reason, so a file edited by hand cannot smuggle in a wrong answer. Lines carry
facts only (cards, seats, numbers, rule ids): explanations are worded by the trainer when shown.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TypeVar

from klaverjas_core import KlaverjasError, RuleId, RuleSet
from klaverjas_questions import JSON, QuestionError, question_kind
from puzzles.model import GENERATOR_VERSION, LEVELS, Puzzle
from puzzles.registry import PUZZLE_KINDS, problems

#: Fields every line has; everything else in a line is the puzzle's content.
COMMON_FIELDS = (
    "id", "kind", "rule", "tags", "rules", "level", "seed", "generator_version", "answer",
)  # fmt: skip


class PuzzleFormatError(ValueError):
    """A line that is not a valid puzzle; the message says which field and why."""


@dataclass(frozen=True, slots=True)
class LineError:
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


def dump_lines(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    for puzzle in puzzles:
        yield puzzle.to_line() + "\n"


def load_lines(lines: Iterable[str]) -> tuple[list[Puzzle], list[LineError]]:
    """Parse and check each non-blank line; good puzzles and the errors of the bad ones."""
    good: list[Puzzle] = []
    errors: list[LineError] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            good.append(parse_line(line))
        except PuzzleFormatError as error:
            errors.append(LineError(number, str(error)))
    return good, errors


def parse_line(line: str) -> Puzzle:
    """One checked puzzle from one JSON line; raises `PuzzleFormatError` naming the problem."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        raise PuzzleFormatError(f"not JSON ({error.msg} at column {error.colno})") from None
    if not isinstance(record, dict):
        raise PuzzleFormatError("a puzzle line must be a JSON object")
    puzzle = _puzzle(record)
    found = problems(puzzle)
    if found:
        raise PuzzleFormatError("; ".join(found))
    return puzzle


def _puzzle(record: dict[str, JSON]) -> Puzzle:
    missing = [name for name in ("id", "kind", "rule", "rules", "answer") if name not in record]
    if missing:
        raise PuzzleFormatError(f"missing field(s): {', '.join(missing)}")
    kind = record["kind"]
    if not isinstance(kind, str) or kind not in PUZZLE_KINDS:
        raise PuzzleFormatError(f"`kind`: `{kind}` is not known")
    question = question_kind(kind)
    rule = _enum(RuleId, record["rule"], "rule")
    try:
        rules = RuleSet.parse(str(record["rules"]))
    except KlaverjasError as error:
        raise PuzzleFormatError(f"`rules`: {error}") from None
    level, seed = record.get("level", 1), record.get("seed")
    version = record.get("generator_version", GENERATOR_VERSION)
    if level not in LEVELS or isinstance(level, bool):
        raise PuzzleFormatError(f"`level` must be one of {LEVELS}, got {level!r}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise PuzzleFormatError(f"`seed` must be a whole number, got {seed!r}")
    if not isinstance(version, int) or isinstance(version, bool):
        raise PuzzleFormatError(f"`generator_version` must be a whole number, got {version!r}")
    identifier = record["id"]
    if not isinstance(identifier, str):
        raise PuzzleFormatError(f"`id` must be text, got {identifier!r}")
    answer = record["answer"]
    if not isinstance(answer, dict):
        raise PuzzleFormatError(f"`answer` must be an object, got {answer!r}")
    content = {key: value for key, value in record.items() if key not in COMMON_FIELDS}
    try:
        parsed_content = question.read_content(content)
        parsed_answer = question.read_answer(answer)
    except QuestionError as error:
        raise PuzzleFormatError(str(error)) from None
    tags = record.get("tags", [])
    if not isinstance(tags, list):
        raise PuzzleFormatError(f"`tags` must be a list of rule ids, got {tags!r}")
    assert isinstance(level, int)
    return Puzzle(
        id=identifier,
        kind=kind,
        rule=rule,
        tags=tuple(_enum(RuleId, tag, "tags") for tag in tags),
        rules=rules,
        level=level,
        seed=seed if isinstance(seed, int) else -1,
        content=parsed_content,
        answer=parsed_answer,
        generator_version=version,
    )


E = TypeVar("E", bound=RuleId)


def _enum(enum: type[E], value: JSON, field: str) -> E:
    try:
        return enum(value)
    except ValueError:
        raise PuzzleFormatError(f"`{field}`: `{value}` is not known") from None
