"""Puzzles as JSON lines: one puzzle per line, cards in the core's notation (``10♥``).

Import checks every line with the core (`registry.problems`) and reports each bad line by
number with the reason, so a file edited by hand cannot smuggle in a wrong answer. Lines carry
facts only (cards, seats, numbers, rule ids): explanations are worded by the trainer when shown.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO, Final, TypeVar

from klaverjas_core import KlaverjasError, RuleId, RuleSet
from klaverjas_questions import JSON, QuestionError, question_kind
from puzzles.model import LEVELS, Puzzle
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


@dataclass(frozen=True, slots=True)
class LongLine:
    """A line far too long to be a puzzle, as `read_lines` passes it on: only its size."""

    size: int  # in bytes, without the line's end


def dump_lines(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    for puzzle in puzzles:
        yield puzzle.to_line() + "\n"


def load_lines(lines: Iterable[str | bytes]) -> tuple[list[Puzzle], list[LineError]]:
    """Parse and check each non-blank line; good puzzles and the errors of the bad ones."""
    good: list[Puzzle] = []
    errors: list[LineError] = []
    for result in check_lines(lines):
        if isinstance(result, LineError):
            errors.append(result)
        else:
            good.append(result)
    return good, errors


def check_lines(lines: Iterable[str | bytes | LongLine]) -> Iterator[Puzzle | LineError]:
    """Each non-blank line's puzzle or error, one at a time (a big file streams through).

    Lines are counted at ``\n`` only, so a form feed or U+2028 inside a string cannot shift
    them; a line of bytes that is not UTF-8 is that line's error, not the whole file's.
    """
    for number, raw in enumerate(lines, start=1):
        if isinstance(raw, LongLine):
            yield LineError(number, f"the line is {raw.size:,} bytes; a puzzle has far fewer")
            continue
        try:
            line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError as error:
            yield LineError(number, f"not UTF-8 text (byte {error.start + 1} of the line)")
            continue
        if not line.strip():
            continue
        try:
            yield parse_line(line)
        except PuzzleFormatError as error:
            yield LineError(number, str(error))


#: A puzzle line is a few hundred bytes; anything far longer is not a puzzle.
MAX_LINE: Final = 20_000
#: The most a line of `MAX_LINE` characters can take in UTF-8: `read_lines` holds no more.
MAX_LINE_BYTES: Final = 4 * MAX_LINE
MAX_SEED: Final = 2**63
#: What `read_lines` reads at a time of a line it passes over.
SKIP_CHUNK: Final = 64 * 1024


def read_lines(source: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes | LongLine]:
    """Each line of a file opened in binary mode (split at ``\n`` only), for `check_lines`; a
    line over `limit` bytes is read through in pieces and passed on as a `LongLine`, so memory
    stays small however long a line is (one 100 MB line is not held, nor decoded)."""
    while line := source.readline(limit + 1):
        if len(line) <= limit or line.endswith(b"\n"):
            yield line
            continue
        size = len(line)
        while not line.endswith(b"\n") and (line := source.readline(SKIP_CHUNK)):
            size += len(line)
        yield LongLine(size - line.endswith(b"\n"))


def parse_line(line: str) -> Puzzle:
    """One checked puzzle from one JSON line; raises `PuzzleFormatError` naming the problem."""
    if len(line) > MAX_LINE:
        raise PuzzleFormatError(f"the line is {len(line):,} characters; a puzzle has far fewer")
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        raise PuzzleFormatError(f"not JSON ({error.msg} at column {error.colno})") from None
    except (ValueError, RecursionError) as error:  # a 5,000-digit number, nesting too deep
        raise PuzzleFormatError(f"not a puzzle line ({str(error)[:80]})") from None
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
    version = record.get("generator_version", 1)  # lines from before the field: version 1
    if type(level) is not int or level not in LEVELS:
        raise PuzzleFormatError(f"`level` must be one of {LEVELS}, got {level!r}")
    if seed is not None and (type(seed) is not int or not 0 <= seed < MAX_SEED):
        raise PuzzleFormatError(f"`seed` must be a whole number from 0, got {seed!r}")
    if type(version) is not int:
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
