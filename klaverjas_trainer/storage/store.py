"""Reading and writing learners, answers and lesson progress (SQLAlchemy Core, any dialect).

The clock is passed in, so tests control time; names are stored in one clean form (`clean_name`:
what looks the same is the same name), and the app escapes them wherever they are shown.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import pandas as pd
from sqlalchemy import ColumnElement, Connection, Engine, and_, bindparam, func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from klaverjas_core import RuleId
from klaverjas_questions import KINDS, canonical_json
from klaverjas_trainer.storage.db import (
    DamagedRowError,
    InputError,
    StorageError,
    make_engine,
    read_json,
    reading,
    short_error,
    writing,
)
from klaverjas_trainer.storage.devices import Devices
from klaverjas_trainer.storage.limits import Limiter
from klaverjas_trainer.storage.passwords import hash_secret, verify_secret
from klaverjas_trainer.storage.schema import (
    answers,
    app_settings,
    deal_results,
    games,
    learners,
    lesson_progress,
    migrate,
)
from klaverjas_trainer.storage.tokens import Tokens

MAX_NAME: Final = 40
SOURCES: Final = ("puzzle", "lesson", "play")
RULE_IDS: Final = frozenset(rule.value for rule in RuleId)
ANSWER_COLUMNS: Final = [
    "answered_at", "source", "item_id", "kind", "rule", "tags", "rules", "level", "seed",
    "assignment_id", "given", "correct", "seconds", "hinted",
]  # fmt: skip


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Learner:
    id: int
    name: str
    settings: dict[str, Any] = field(default_factory=dict)
    has_pin: bool = False  # a PIN guards the name: nobody else can sign in as them


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    """One answer: a puzzle, a lesson check or a decision at the table, the rule it exercised,
    right or wrong; `hinted` when the learner had asked for a hint (not counted for accuracy).

    `given` is the reply as its question kind's canonical JSON (`QuestionKind.encode`); `kind`,
    `rule` and `tags` must name a question kind and rule ids, or `record` refuses the answer.
    """

    source: str  # "puzzle", "lesson" or "play"
    item_id: str
    kind: str
    rule: str
    tags: tuple[str, ...]
    rules: str
    level: int
    given: str
    correct: bool
    seconds: float
    seed: int | None = None
    hinted: bool = False
    assignment_id: int | None = None  # a club assignment this answer belongs to

    def problems(self) -> list[str]:
        """What makes this answer unfit to store (empty when it is fine)."""
        found = []
        if self.source not in SOURCES:
            found.append(f"source `{self.source}` is not one of {', '.join(SOURCES)}")
        if self.kind not in KINDS:
            found.append(f"`{self.kind}` is not a question kind")
        for rule in (self.rule, *self.tags):
            if rule not in RULE_IDS:
                found.append(f"`{rule}` is not a rule id")
        try:
            reply = json.loads(self.given)
        except json.JSONDecodeError:
            reply = None
        if not isinstance(reply, dict) or canonical_json(reply) != self.given:
            found.append(f"the reply {self.given!r} is not canonical JSON")
        return found


#: Counting answers, built once (the drill counts before each new puzzle).
_COUNT_ALL = select(func.count()).select_from(answers)
_COUNT_OF = _COUNT_ALL.where(answers.c.learner_id == bindparam("learner"))


class ProgressStore:
    """All learner data behind one object; every method is one short transaction."""

    def __init__(self, engine: Engine | None = None, now: Callable[[], datetime] = utc_now):
        try:
            self.engine = engine or make_engine()
            migrate(self.engine)
        except SQLAlchemyError as error:
            why = short_error(error)
            raise StorageError(f"the progress database cannot be opened: {why}") from None
        self._now = now
        self.limits = Limiter(self.engine, self.now)  # slows down PIN and password guessing
        self.tokens = Tokens(self.engine, self.now)  # sign-ins a browser remembers
        self.devices = Devices(self.engine, self.tokens)  # browsers that signed in before

    def now(self) -> datetime:
        """The store's clock (tests pass in their own)."""
        return self._now()

    # --- learners ---

    def learner(
        self, name: str, pin: str = "", client: str | None = None, device: str | None = None
    ) -> Learner:
        """The personal profile with this name, created on first use (guarded by `pin` when
        one is given); a profile with a PIN opens only with it (wrong tries are counted, but
        from a `device` that signed in as it before only against that device)."""
        clean = clean_name(name)
        check_pin_format(pin, signing_in=True)
        return self._learner(self.open_name("", clean, pin, client=client, device=device))

    def only_a_member(self, name: str) -> bool:
        """Whether `name` is a club member's and no personal profile's: typed on Home on another
        phone it would start a second, empty profile (the app offers the group's sign-in)."""
        query = select(learners.c.space).where(learners.c.name == clean_name(name))
        with self._read() as connection:
            spaces = set(connection.execute(query).scalars())
        return bool(spaces) and "" not in spaces

    def open_name(
        self,
        space: str,
        name: str,
        pin: str,
        group_id: int | None = None,
        client: str | None = None,
        device: str | None = None,
    ) -> Any:
        """The learners row of `name` in `space` ("" personal, else a group's code), made on
        first use with `pin` (if any) guarding it; an existing row with a PIN opens only with
        it. `name` is clean and `pin` checked for signing in (a new PIN is checked here)."""
        query = select(learners).where(learners.c.space == space, learners.c.name == name)
        with self._read() as connection:
            row = connection.execute(query).first()
        if row is None:
            check_pin_format(pin)  # a new PIN: one the member can type again anywhere
            try:
                with self._write() as connection:
                    connection.execute(
                        learners.insert().values(
                            space=space,
                            name=name,
                            group_id=group_id,
                            pin_hash=hash_secret(pin) if pin else None,
                            created_at=self._now(),
                            settings="{}",
                            **new_learner_id(connection),
                        )
                    )
                fresh = True
            except StorageError as error:
                if not isinstance(error.__cause__, IntegrityError):
                    raise
                fresh = False  # the same name was made a moment ago (two taps, two devices)
            with self._read() as connection:
                row = connection.execute(query).first()
            if row is None:
                raise StorageError("the new learner could not be stored")
            if fresh:
                return row
        if row.pin_hash:
            self.check_pin(
                row.id, pin, row.pin_hash, group_id=row.group_id, client=client, device=device
            )
        return row

    def check_pin(
        self,
        learner_id: int,
        pin: str,
        pin_hash: str,
        *,
        group_id: int | None = None,
        client: str | None = None,
        device: str | None = None,
    ) -> None:
        """A PIN against its hash, with wrong tries counted per learner, and over a day per
        group and per client (`TooManyTriesError` while any of them must wait); a `device`
        that signed in as this learner before may try a few times a day past those waits."""
        targets = [(f"pin:{learner_id}", False)]
        if group_id is not None:
            targets.append((f"group:{group_id}", True))
        if client:
            targets.append((f"client:{client}"[:60], True))
        known = self.devices.target(device, "learner", learner_id)
        # Counted before it is checked: no race past it.
        claim = self.limits.claim(*targets, device=known)
        if not verify_secret(pin, pin_hash):
            raise InputError("error-pin-mismatch", "that PIN does not match this name")
        self.limits.right(claim)

    def set_pin(self, learner_id: int, pin: str) -> None:
        """Guard a signed-in learner's name with a PIN from now on; every sign-in made before
        it ends (the caller signs this device in again with `remember`)."""
        if not pin:
            raise InputError("error-pin-digits", "a PIN is four digits")
        check_pin_format(pin)
        with self._write() as connection:
            connection.execute(
                learners.update()
                .where(learners.c.id == learner_id)
                .values(pin_hash=hash_secret(pin))
            )
        self.sign_out_everywhere(learner_id)

    @staticmethod
    def _learner(row: Any) -> Learner:
        return Learner(row.id, row.name, json.loads(row.settings), bool(row.pin_hash))

    def learner_by_id(self, learner_id: int) -> Learner | None:
        """The learner with this id (a remembered sign-in), or None if there is none."""
        query = select(learners).where(learners.c.id == learner_id)
        with self._read() as connection:
            row = connection.execute(query).first()
        return None if row is None else self._learner(row)

    def remember(self, learner: Learner) -> str:
        """A token that brings this learner back on this device (kept in a cookie)."""
        return self.tokens.issue("learner", learner.id)

    def remembered(self, token: object) -> Learner | None:
        """The learner a device's token names, while its sign-in holds and the learner exists."""
        learner_id = self.tokens.verify(token, "learner")
        return None if learner_id is None else self.learner_by_id(learner_id)

    def forget(self, token: object) -> None:
        """Sign out with this device's token: no copy of it signs in again."""
        self.tokens.end(token)

    def sign_out_everywhere(self, learner_id: int) -> None:
        """End every sign-in of the learner, on every device; no browser stays known."""
        self.tokens.end_all("learner", learner_id)
        self.devices.forget("learner", learner_id)

    def learners(self) -> list[Learner]:
        """Personal profiles (club members are listed only to their teacher)."""
        query = select(learners).where(learners.c.space == "").order_by(learners.c.name)
        with self._read() as connection:
            rows = connection.execute(query).all()
        return [Learner(row.id, row.name, json.loads(row.settings)) for row in rows]

    def save_settings(self, learner_id: int, settings: Mapping[str, object]) -> None:
        with self._write() as connection:
            self.write_settings(connection, learner_id, settings)

    @staticmethod
    def write_settings(
        connection: Connection, learner_id: int, settings: Mapping[str, object]
    ) -> None:
        """The learner's settings, in a transaction of the caller's (with an answer)."""
        connection.execute(
            learners.update()
            .where(learners.c.id == learner_id)
            .values(settings=json.dumps(dict(settings), sort_keys=True))
        )

    # --- answers ---

    def record(
        self, learner_id: int, answer: AnswerRecord, *, assignment_id: int | None = None
    ) -> None:
        """Store one answer; an answer that names no known kind or rule raises ValueError."""
        row = self._answer_row(learner_id, answer, assignment_id)
        with self._write() as connection:
            connection.execute(answers.insert(), row)

    def _answer_row(
        self, learner_id: int, answer: AnswerRecord, assignment_id: int | None = None
    ) -> dict[str, Any]:
        problems = answer.problems()
        if problems:
            raise ValueError("cannot store this answer: " + "; ".join(problems))
        return {
            "learner_id": learner_id,
            "answered_at": self._now(),
            "source": answer.source,
            "item_id": answer.item_id,
            "kind": answer.kind,
            "rule": answer.rule,
            "tags": " ".join(answer.tags),
            "rules": answer.rules,
            "level": answer.level,
            "seed": answer.seed,
            "assignment_id": answer.assignment_id if assignment_id is None else assignment_id,
            "given": answer.given,
            "correct": answer.correct,
            "seconds": round(answer.seconds, 3),
            "hinted": answer.hinted,
        }

    def answers(self, learner_id: int) -> pd.DataFrame:
        """Every answer of one learner, oldest first, as a DataFrame (UTC times)."""
        return self._answers_where(answers.c.learner_id == learner_id)

    def assignment_answers_of(self, learner_id: int, assignment_id: int) -> pd.DataFrame:
        """One learner's answers for one club assignment, oldest first."""
        mine = answers.c.learner_id == learner_id
        return self._answers_where(and_(mine, answers.c.assignment_id == assignment_id))

    def open_mistakes(self, learner_id: int) -> pd.DataFrame:
        """The puzzles whose latest answer is wrong, oldest mistake first (answering one right
        clears it): read by the database, not from the whole history."""
        latest = (
            select(func.max(answers.c.id))
            .where(answers.c.learner_id == learner_id, answers.c.source == "puzzle")
            .group_by(answers.c.item_id)
        )
        return self._answers_where(and_(answers.c.id.in_(latest), answers.c.correct.is_(False)))

    def _answers_where(self, condition: ColumnElement[bool]) -> pd.DataFrame:
        query = (
            select(*[answers.c[name] for name in ANSWER_COLUMNS])
            .where(condition)
            .order_by(answers.c.answered_at, answers.c.id)
        )
        with self._read() as connection:
            rows = connection.execute(query).all()
        return answers_frame(rows, ANSWER_COLUMNS)

    def answer_count(self, learner_id: int | None = None) -> int:
        """How many answers are stored (of one learner): the drill asks before each puzzle."""
        with self._read() as connection:
            if learner_id is None:
                return int(connection.execute(_COUNT_ALL).scalar_one())
            return int(connection.execute(_COUNT_OF, {"learner": learner_id}).scalar_one())

    # --- the game at the table ---

    def save_game(
        self,
        learner_id: int,
        state: dict[str, Any] | None,
        decisions: Sequence[AnswerRecord] = (),
        *,
        assignment_id: int | None = None,
        finished: bool = False,
    ) -> None:
        """Keep the learner's game (None: drop it) together with the answers its last move
        made, in one transaction: a decision is stored exactly when the game that shows it is.
        `assignment_id` names the shared deal the game plays, and `finished` records that the
        learner has played that deal to the end."""
        rows = [self._answer_row(learner_id, answer) for answer in decisions]
        key = games.c.learner_id == learner_id
        with self._write() as connection:
            if rows:
                connection.execute(answers.insert(), rows)
            connection.execute(games.delete().where(key))
            if state is not None:
                connection.execute(
                    games.insert().values(
                        learner_id=learner_id,
                        state=json.dumps(state, ensure_ascii=False, sort_keys=True),
                        updated_at=self._now(),
                        assignment_id=assignment_id,
                    )
                )
            if finished and assignment_id is not None:
                done = and_(
                    deal_results.c.learner_id == learner_id,
                    deal_results.c.assignment_id == assignment_id,
                )
                if connection.execute(select(func.count()).where(done)).scalar_one() == 0:
                    connection.execute(
                        deal_results.insert().values(
                            learner_id=learner_id,
                            assignment_id=assignment_id,
                            finished_at=self._now(),
                        )
                    )

    def load_game(self, learner_id: int) -> tuple[dict[str, Any], int | None] | None:
        """The saved game and the shared deal it plays (if any), or None; a row that is not a
        JSON object raises `DamagedRowError` (the caller puts it away and says so)."""
        query = select(games.c.state, games.c.assignment_id).where(games.c.learner_id == learner_id)
        with self._read() as connection:
            row = connection.execute(query).first()
        if row is None:
            return None
        state = read_json(row.state, "saved game")
        if not isinstance(state, dict):
            raise DamagedRowError(f"the saved game is not a record: {row.state!r:.40}")
        return state, row.assignment_id

    def deals_finished(self, learner_id: int) -> set[int]:
        """The shared deals (assignment ids) this learner has played to the end."""
        query = select(deal_results.c.assignment_id).where(deal_results.c.learner_id == learner_id)
        with self._read() as connection:
            return set(connection.execute(query).scalars())

    # --- lessons ---

    def save_lesson_step(self, learner_id: int, lesson_id: str, step: int, completed: bool) -> None:
        """Remember where the learner is in a lesson; a completed lesson stays completed."""
        key = and_(
            lesson_progress.c.learner_id == learner_id, lesson_progress.c.lesson_id == lesson_id
        )
        with self._write() as connection:
            row = connection.execute(select(lesson_progress.c.completed).where(key)).first()
            if row is None:
                connection.execute(
                    lesson_progress.insert().values(
                        learner_id=learner_id,
                        lesson_id=lesson_id,
                        step=step,
                        completed=completed,
                        updated_at=self._now(),
                    )
                )
            else:
                connection.execute(
                    lesson_progress.update()
                    .where(key)
                    .values(
                        step=step,
                        completed=completed or bool(row.completed),
                        updated_at=self._now(),
                    )
                )

    def lesson_steps(self, learner_id: int) -> dict[str, tuple[int, bool]]:
        """lesson id -> (step the learner is at, completed)."""
        query = select(lesson_progress).where(lesson_progress.c.learner_id == learner_id)
        with self._read() as connection:
            rows = connection.execute(query).all()
        return {row.lesson_id: (row.step, bool(row.completed)) for row in rows}

    # --- transactions with plain-word errors ---

    def _read(self) -> Any:
        return reading(self.engine)

    def _write(self) -> Any:
        return writing(self.engine)


#: The highest learner id ever handed out (SQLite), kept so that no id is handed out twice.
LEARNER_IDS_KEY: Final = "learner_ids_given"


def new_learner_id(connection: Connection) -> dict[str, int]:
    """The id for a new learner, as a column value, in the caller's write transaction: never
    one handed out before. PostgreSQL's sequence never gives an id twice; SQLite gives the next
    row the highest id in use plus one, so after the newest member is deleted a newcomer would
    get their id (and with it the deleted member's open tabs and remembered devices)."""
    if connection.dialect.name != "sqlite":
        return {}
    key = app_settings.c.key == LEARNER_IDS_KEY
    # A write first: it takes SQLite's write lock before anything is read.
    connection.execute(app_settings.update().where(key).values(value=app_settings.c.value))
    given = connection.execute(select(app_settings.c.value).where(key)).scalar()
    highest = connection.execute(select(func.max(learners.c.id))).scalar() or 0
    new = max(highest, int(given or 0)) + 1
    if given is None:
        connection.execute(app_settings.insert().values(key=LEARNER_IDS_KEY, value=str(new)))
    else:
        connection.execute(app_settings.update().where(key).values(value=str(new)))
    return {"id": new}


def check_pin_format(pin: str, *, signing_in: bool = False) -> None:
    """A PIN is empty (none) or four ASCII digits 0-9: other digits (１２３４, ١٢٣٤) are
    refused with a message of their own, since another phone's keyboard may not type them.
    `signing_in` still lets in the other digits a PIN set before this check could have, so
    nobody is locked out of their profile."""
    if not pin:
        return
    if len(pin) != 4 or not pin.isdecimal():  # isdecimal: no superscripts (²), unlike isdigit
        raise InputError("error-pin-digits", "a PIN is four digits")
    if not pin.isascii() and not signing_in:
        raise InputError("error-pin-other-digits", "a PIN is four of the digits 0 to 9")


def clean_name(name: str, *, longest: int | None = MAX_NAME) -> str:
    """A name as it is stored and compared, so two names that look the same are the same name:
    invisible format characters (zero-width spaces and joiners, bidi overrides and isolates,
    soft hyphens) left out, Unicode NFC, one space between words. A control character (NUL,
    escape) or a lone surrogate is refused naming it: no keyboard types one into a name; so
    is an empty name, or one longer than `longest` characters."""
    kept = []
    for character in name:
        category = unicodedata.category(character)
        if category == "Cf":
            continue
        if category in ("Cc", "Cs") and not character.isspace():  # tabs, newlines: spaces
            shown = f"U+{ord(character):04X}"
            raise InputError(
                "error-name-character",
                f"a name cannot contain the control character {shown}",
                character=shown,
            )
        kept.append(character)
    clean = " ".join(unicodedata.normalize("NFC", "".join(kept)).split())
    if not clean:
        raise InputError("error-name-empty", "please enter a name")
    if longest is not None and len(clean) > longest:
        raise InputError(
            "error-name-long", f"a name can be at most {longest} characters", maximum=longest
        )
    return clean


def answers_frame(rows: Sequence[Any], columns: Sequence[str]) -> pd.DataFrame:
    """Answer rows as a DataFrame with UTC times and real booleans, whatever the database."""
    frame = pd.DataFrame(rows, columns=list(columns))
    if "answered_at" in frame:
        frame["answered_at"] = pd.to_datetime(frame["answered_at"], utc=True)
    frame["correct"] = frame["correct"].astype(bool)
    if "hinted" in frame:
        frame["hinted"] = frame["hinted"].fillna(False).astype(bool)
    return frame
