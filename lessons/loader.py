"""Load the course: one TOML file per lesson in ``lessons/course/``, plus the glossary.

Every field is validated, and every check is solved by the core at load time: a file that
disagrees with the core, or has a typo in a card, a seat or a field name, fails to load with an
error that names the file and the field.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar

from klaverjas_core import DECK, Card, KlaverjasError, RuleId, RuleSet, Seat, Suit, parse_cards
from klaverjas_questions import JSON, QuestionError, question_kind
from lessons.checks import Check, Table

COURSE_DIR: Final = Path(__file__).parent / "course"
GLOSSARY_FILE: Final = "glossary.toml"
GLOSSARY_LINK: Final = re.compile(r"\[\[([^\]]+)\]\]")


class LessonError(ValueError):
    """A lesson file that cannot be used; the message starts with the file and the field."""


@dataclass(frozen=True, slots=True)
class Step:
    text: str  # Markdown; [[term]] links to the glossary
    table: Table | None
    check: Check | None


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    number: int
    title: str
    rules: tuple[RuleId, ...]
    intro: str
    steps: tuple[Step, ...]

    @property
    def checks(self) -> tuple[Check, ...]:
        return tuple(step.check for step in self.steps if step.check is not None)


@dataclass(frozen=True, slots=True)
class Term:
    dutch: str  # the club word, the same key in every language
    word: str  # the word in the course's language
    explain: str


#: The glossary the lessons' [[links]] are checked against; None when it could not be loaded.
Glossary = Mapping[str, Term] | None


@dataclass(frozen=True, slots=True)
class Course:
    lessons: tuple[Lesson, ...]
    glossary: Mapping[str, Term]
    #: With ``strict=False``: what kept each lesson that is missing from loading (file, field),
    #: and what kept the glossary from loading (its links then show as plain words).
    problems: tuple[str, ...] = ()

    def lesson(self, lesson_id: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)


def load_course(folder: Path = COURSE_DIR, language: str = "en", *, strict: bool = True) -> Course:
    """Every lesson in `folder`, in order, with the glossary; raises `LessonError`.

    With ``strict=False`` (the app), a broken lesson file is left out and its error kept in
    `Course.problems`, so one bad file does not take the other lessons away; a broken glossary
    leaves the glossary empty (links are then not checked) and its error in `problems` too.

    The files in `folder` hold each lesson's tables and checks with its English text; another
    `language` takes the words from ``folder/<language>/`` (the same file names, one entry per
    step: its `text`, and the `question` of a step with a check), so every language has the
    same steps, tables and answers.
    """
    words = None if language == "en" else folder / language
    if words is not None and not words.is_dir():
        missing = LessonError(f"{folder}: no lessons in the language `{language}`")
        if strict:
            raise missing
        return Course((), {}, (str(missing),))
    problems: list[str] = []
    glossary: dict[str, Term] | None
    try:
        glossary = _load_glossary(folder / GLOSSARY_FILE, words)
    except LessonError as error:
        if strict:
            raise
        problems.append(f"{error} (the lessons are shown without the glossary)")
        glossary = None  # nothing to check the links against: they show as plain words
    lessons: list[Lesson] = []
    for path in sorted(folder.glob("*.toml")):
        if path.name == GLOSSARY_FILE:
            continue
        try:
            lesson = _load_lesson(path, glossary, None if words is None else words / path.name)
            _check_unique_id(lesson, path, lessons)
        except LessonError as error:
            if strict:
                raise
            problems.append(str(error))
        else:
            lessons.append(lesson)
    numbers = [lesson.number for lesson in lessons]
    if strict and numbers != list(range(1, len(lessons) + 1)):
        raise LessonError(
            f"{folder}: lesson numbers must run 1, 2, 3, ... in file order: {numbers}"
        )
    return Course(tuple(lessons), glossary or {}, tuple(problems))


def _check_unique_id(lesson: Lesson, path: Path, before: Sequence[Lesson]) -> None:
    if any(other.id == lesson.id for other in before):
        raise LessonError(f"{path.name}.id: `{lesson.id}` is already another lesson's id")


# --- reading fields with errors that say where ------------------------------------------------

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Fields:
    """A TOML table being read; `where` is ``file: path.to.table`` for error messages."""

    data: Mapping[str, object]
    where: str

    def error(self, name: str, problem: str) -> LessonError:
        return LessonError(
            f"{self.where}.{name}: {problem}" if name else f"{self.where}: {problem}"
        )

    def only(self, *allowed: str) -> None:
        unknown = sorted(set(self.data) - set(allowed))
        if unknown:
            raise self.error(unknown[0], f"unknown field (allowed: {', '.join(allowed)})")

    def get(self, name: str, kind: type[T], default: T | None = None) -> T:
        value = self.data.get(name, default)
        if value is None:
            raise self.error(name, "is missing")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(name, f"must be {kind.__name__}, got {value!r}")
        return value

    def table(self, name: str) -> Fields | None:
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.error(name, "must be a table")
        return Fields(value, f"{self.where}.{name}")

    def parsed(self, name: str, parse: Callable[[object], T]) -> T:
        try:
            return parse(self.data.get(name))
        except (KlaverjasError, ValueError, TypeError, KeyError) as error:
            raise self.error(name, str(error)) from None


def _cards(value: object) -> tuple[Card, ...]:
    if value == "deck":
        return DECK
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f'must be a list of cards like ["10♥", "J♣"], got {value!r}')
    return tuple(parse_cards(" ".join(value)))


def _seat(value: object) -> Seat:
    if not isinstance(value, str):
        raise ValueError(f"must be a seat N, E, S or W, got {value!r}")
    try:
        return Seat.parse(value)
    except KlaverjasError:
        raise ValueError(f"must be a seat N, E, S or W, got {value!r}") from None


def _rule(value: object) -> RuleId:
    try:
        return RuleId(value)
    except ValueError:
        raise ValueError(f"`{value}` is not a rule id") from None


# --- lessons ---------------------------------------------------------------------------------


def _read_toml(path: Path, where: str) -> dict[str, object]:
    """The file's TOML; anything that keeps it from being read is a `LessonError` that starts
    with `where` (the file's name, with its language folder)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except RecursionError:  # tomllib recurses once per level: ``a = [[[[...]]]]``
        raise LessonError(f"{where}: cannot be read: nested too deeply") from None
    except (OSError, ValueError) as error:  # not UTF-8, not TOML, a 5,000-digit number
        raise LessonError(f"{where}: cannot be read: {str(error)[:200]}") from None


def _load_glossary(path: Path, words: Path | None) -> dict[str, Term]:
    """The Dutch club words; `words` (a language folder) gives each in that language."""
    source = path if words is None else words / path.name
    fields = Fields(_read_toml(source, _where(source, words)), _where(source, words))
    fields.only("terms")
    terms = fields.table("terms")
    if terms is None:
        raise fields.error("terms", "is missing")
    glossary = {}
    for dutch in terms.data:
        term = terms.table(dutch)
        assert term is not None
        term.only("word", "explain")
        glossary[dutch] = Term(dutch, term.get("word", str), term.get("explain", str))
    if words is not None:
        english = _load_glossary(path, None)
        if set(glossary) != set(english):
            missing = sorted(set(english) ^ set(glossary))
            raise fields.error(
                "terms", f"must hold the same words as the English glossary: {missing}"
            )
    return glossary


def _where(path: Path, words: Path | None) -> str:
    """A file's name in errors: ``07-partner-exemption.toml`` or ``nl/07-...``."""
    return path.name if words is None else f"{words.name}/{path.name}"


def _load_lesson(path: Path, glossary: Glossary, words: Path | None) -> Lesson:
    lesson = _load_structure(path, glossary)
    return lesson if words is None else _translated(lesson, words, glossary)


def _translated(lesson: Lesson, path: Path, glossary: Glossary) -> Lesson:
    """The lesson with the title, intro, step texts and check questions of `path`."""
    fields = Fields(_read_toml(path, _where(path, path.parent)), _where(path, path.parent))
    fields.only("title", "intro", "steps")
    raw_steps = fields.get("steps", list)
    if len(raw_steps) != len(lesson.steps):
        raise fields.error(
            "steps", f"has {len(raw_steps)} steps, the lesson has {len(lesson.steps)}"
        )
    steps = []
    for index, (raw, step) in enumerate(zip(raw_steps, lesson.steps, strict=True)):
        where = f"{fields.where}: steps[{index}]"
        words = Fields(_dict(raw, where), where)
        words.only("text", "question")
        text = words.get("text", str)
        _check_glossary_links(text, words, "text", glossary)
        check = step.check
        if check is None:
            if "question" in words.data:
                raise words.error("question", "is given, but this step has no check")
        else:
            check = dataclasses.replace(check, question=words.get("question", str))
        steps.append(dataclasses.replace(step, text=text, check=check))
    intro = fields.get("intro", str, "")
    if bool(intro) != bool(lesson.intro):
        raise fields.error("intro", "must be given exactly when the lesson has an intro")
    _check_glossary_links(intro, fields, "intro", glossary)
    return dataclasses.replace(
        lesson, title=fields.get("title", str), intro=intro, steps=tuple(steps)
    )


def _load_structure(path: Path, glossary: Glossary) -> Lesson:
    fields = Fields(_read_toml(path, path.name), path.name)
    fields.only("id", "number", "title", "rules", "ruleset", "intro", "steps")
    rules = fields.parsed("rules", lambda v: tuple(_rule(r) for r in _list(v)))
    default_rules = fields.parsed("ruleset", lambda v: RuleSet.parse(str(v or "amsterdam")))
    raw_steps = fields.get("steps", list)
    steps = tuple(
        _load_step(
            Fields(_dict(raw, f"{path.name}: steps[{i}]"), f"{path.name}: steps[{i}]"),
            default_rules,
            glossary,
        )
        for i, raw in enumerate(raw_steps)
    )
    lesson = Lesson(
        id=fields.get("id", str),
        number=fields.get("number", int),
        title=fields.get("title", str),
        rules=rules,
        intro=fields.get("intro", str, ""),
        steps=steps,
    )
    _check_glossary_links(lesson.intro, fields, "intro", glossary)
    for number, step in enumerate(steps):
        if step.check is not None and step.check.rule not in rules:
            raise fields.error(f"steps[{number}].check.rule", f"{step.check.rule.value} is not in "
                               "the lesson's `rules`")  # fmt: skip
    exercised = {check.rule for check in lesson.checks}
    for rule in rules:
        if rule not in exercised:
            raise fields.error("rules", f"{rule.value} is taught but no check exercises it")
    return lesson


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise ValueError(f"must be a list, got {value!r}")
    return value


def _dict(value: object, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise LessonError(f"{where}: must be a table")
    return value


def _load_step(fields: Fields, default_rules: RuleSet, glossary: Glossary) -> Step:
    fields.only("text", "table", "check")
    text = fields.get("text", str)
    _check_glossary_links(text, fields, "text", glossary)
    table_fields = fields.table("table")
    table = _load_table(table_fields, default_rules) if table_fields else Table(rules=default_rules)
    check_fields = fields.table("check")
    check = _load_check(check_fields, table) if check_fields else None
    return Step(text, table if table_fields else None, check)


def _check_glossary_links(text: str, fields: Fields, name: str, glossary: Glossary) -> None:
    if glossary is None:  # the glossary could not be loaded: the links show as plain words
        return
    for term in GLOSSARY_LINK.findall(text):
        if term not in glossary:
            raise fields.error(name, f"links to [[{term}]], which the glossary does not have")


def _load_table(fields: Fields, default_rules: RuleSet) -> Table:
    fields.only("trump", "leader", "trick", "hand", "cards", "tricks", "last_trick", "reveal",
                "rules")  # fmt: skip
    return Table(
        trump=fields.parsed("trump", lambda v: None if v is None else Suit.parse(str(v))),
        leader=fields.parsed("leader", lambda v: None if v is None else _seat(v)),
        trick=fields.parsed("trick", lambda v: _cards(v or [])),
        hand=fields.parsed("hand", lambda v: _cards(v or [])),
        cards=fields.parsed("cards", lambda v: _cards(v or [])),
        tricks=fields.parsed("tricks", _tricks),
        last_trick=fields.get("last_trick", bool, False),
        reveal=fields.get("reveal", bool, False),
        rules=fields.parsed("rules", lambda v: RuleSet.parse(str(v)) if v else default_rules),
    )


def _tricks(value: object) -> tuple[tuple[Seat, tuple[Card, ...]], ...]:
    if value is None:
        return ()
    tricks = []
    for entry in _list(value):
        if not (isinstance(entry, list) and len(entry) == 2):
            raise ValueError(f"each trick is [leader_seat, [cards]], got {entry!r}")
        tricks.append((_seat(entry[0]), _cards(entry[1])))
    return tuple(tricks)


#: Check fields that name a seat: lesson files write N, E, S or W; content stores 0-3.
SEAT_FIELDS: Final = frozenset({"leader", "dealer", "seat", "first_leader"})
CHECK_FIELDS: Final = ("kind", "rule", "question", "answer")


def _json_seats(value: object) -> JSON:
    """A TOML value as content JSON: seat letters become seat numbers."""
    if isinstance(value, str):
        return int(_seat(value))
    if isinstance(value, Seat):
        return int(value)
    raise ValueError(f"must be a seat N, E, S or W, got {value!r}")


def _table_content(table: Table, fields: frozenset[str]) -> dict[str, JSON]:
    """The content fields a kind takes from the step's table, as JSON."""
    found: dict[str, JSON] = {}
    if "trump" in fields and table.trump is not None:
        found["trump"] = table.trump.symbol
    if "leader" in fields and table.leader is not None:
        found["leader"] = int(table.leader)
    for name, cards in (("trick", table.trick), ("hand", table.hand), ("cards", table.cards)):
        if name in fields and cards:
            found[name] = [str(card) for card in cards]
    if "tricks" in fields and table.tricks:
        found["tricks"] = [[int(seat), [str(c) for c in cards]] for seat, cards in table.tricks]
    if "trick_number" in fields and table.last_trick:
        found["trick_number"] = 8
    return found


def _check_content(fields: Fields) -> dict[str, JSON]:
    """The check's own content fields (everything but kind, rule, question and answer)."""
    content: dict[str, JSON] = {}
    for name in fields.data:
        if name in CHECK_FIELDS:
            continue
        content[name] = fields.parsed(name, _json_seats if name in SEAT_FIELDS else _json)
    return content


def _json(value: object) -> JSON:
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json(v) for v in value]
    if isinstance(value, str | int | bool) or value is None:
        return value
    raise ValueError(f"unexpected value {value!r}")


def _load_check(fields: Fields, table: Table) -> Check:
    kind = fields.parsed("kind", lambda v: question_kind(str(v)))
    content_data = {**_table_content(table, kind.table_fields), **_check_content(fields)}
    try:
        content = kind.read_content(content_data)
    except QuestionError as error:
        raise fields.error("", f"the check's content does not fit {kind.name}: {error}") from None
    raw_answer = fields.get("answer", dict)
    answer = fields.parsed(
        "answer",
        lambda _: kind.read_answer(
            {
                name: _json_seats(value) if name == "seat" else _json(value)
                for name, value in raw_answer.items()
            }
        ),
    )
    check = Check(
        kind=kind,
        rule=fields.parsed("rule", _rule),
        question=fields.get("question", str),
        content=content,
        answer=answer,
        table=table,
    )
    try:
        solution = check.solve()
        grade = check.grade(answer)
    except (KlaverjasError, QuestionError) as error:
        raise fields.error("", f"the core cannot solve this check: {error}") from None
    if not grade.correct:
        expected = kind.encode(solution.answer)
        raise fields.error("answer", f"is {kind.encode(answer)} but the core says {expected}")
    if check.rule not in solution.decisive:
        names = ", ".join(sorted(rule.value for rule in solution.decisive))
        raise fields.error("rule", f"{check.rule.value} does not decide this check ({names} do)")
    return check


def glossary_terms_used(lessons: Sequence[Lesson]) -> set[str]:
    """Every glossary term some lesson links to."""
    used = set()
    for lesson in lessons:
        used.update(GLOSSARY_LINK.findall(lesson.intro))
        for step in lesson.steps:
            used.update(GLOSSARY_LINK.findall(step.text))
    return used
