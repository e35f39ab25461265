"""Club mode data: groups with join codes, members (optionally with a PIN), assignments,
the teacher password, and each group's answers. A group's data is only ever read by group."""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, Final

import pandas as pd
from sqlalchemy import case, delete, func, select
from sqlalchemy.exc import IntegrityError

from klaverjas_core import RuleId, RuleSet
from klaverjas_questions import KINDS
from klaverjas_trainer.storage.db import InputError, StorageError, reading, writing
from klaverjas_trainer.storage.passwords import hash_secret, verify_secret
from klaverjas_trainer.storage.schema import (
    answers,
    app_settings,
    assignments,
    attempts,
    deal_results,
    groups,
    known_devices,
    learners,
    lesson_progress,
    sign_ins,
)
from klaverjas_trainer.storage.store import (
    ANSWER_COLUMNS,
    MAX_NAME,
    Learner,
    ProgressStore,
    answers_frame,
    check_pin_format,
    clean_name,
)
from klaverjas_trainer.storage.tokens import fingerprint
from puzzles import GENERATOR_VERSION

RULE_IDS: Final = frozenset(rule.value for rule in RuleId)

TEACHER_PASSWORD_ENV: Final = "KLAVERJAS_TEACHER_PASSWORD"
#: Wrong teacher passwords per client address are counted under this prefix.
TEACHER_CLIENT: Final = "teacher-client:"
TEACHER_TARGET: Final = "teacher"  # wrong teacher passwords are counted under this
SETUP_CODE_KEY: Final = "setup_code"  # the one-time code that lets the first teacher in
CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH: Final = 6
MIN_PASSWORD: Final = 6


@dataclass(frozen=True, slots=True)
class Group:
    id: int
    name: str
    code: str
    rules: str
    language: str | None = None  # the club evening's language, for members who chose none


#: The assignment "kind" of a shared deal (no question kind has this name).
DEAL: Final = "deal"


@dataclass(frozen=True, slots=True)
class Assignment:
    id: int
    group_id: int
    lesson_id: str | None
    kind: str | None
    rule: str | None
    level: int
    count: int
    seed: int
    due: date | None
    generator_version: int = 1
    closed_at: datetime | None = None

    @property
    def is_lesson(self) -> bool:
        return self.lesson_id is not None

    @property
    def is_deal(self) -> bool:
        """A deal to play at the table, the same cards for everyone (`seed` is its number)."""
        return self.kind == DEAL

    @property
    def is_set(self) -> bool:
        """A puzzle set."""
        return self.kind is not None and not self.is_deal


class ClubStore:
    """Club data on top of the learner store (the same database)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.engine = store.engine
        self.limits = store.limits  # wrong PINs and teacher passwords, counted in the database

    # --- the teacher password ---

    def teacher_password_set(self) -> bool:
        return bool(os.environ.get(TEACHER_PASSWORD_ENV)) or self._stored_password() is not None

    def set_teacher_password(self, password: str, *, replace: bool = False) -> None:
        """Store the teacher password (hashed). Only the operator may `replace` one (the
        command line); the web page sets it once, with the set-up code (`claim_teacher`)."""
        if len(password) < MIN_PASSWORD:
            raise InputError(
                "error-password-short",
                f"the password needs at least {MIN_PASSWORD} characters",
                minimum=MIN_PASSWORD,
            )
        if not replace and self.teacher_password_set():
            raise InputError("error-password-set", "a teacher password is already set")
        try:
            with writing(self.engine) as connection:
                connection.execute(
                    app_settings.delete().where(
                        app_settings.c.key.in_(
                            [SETUP_CODE_KEY, *(["teacher_password"] if replace else [])]
                        )
                    )
                )
                connection.execute(
                    app_settings.insert().values(
                        key="teacher_password", value=hash_secret(password)
                    )
                )
                if replace:  # the operator's new password opens at once, and ends the old
                    connection.execute(attempts.delete().where(attempts.c.target == TEACHER_TARGET))
                    connection.execute(
                        sign_ins.update()
                        .where(sign_ins.c.kind == "teacher", sign_ins.c.ended_at.is_(None))
                        .values(ended_at=self.store.now())
                    )
                    connection.execute(
                        known_devices.delete().where(known_devices.c.kind == "teacher")
                    )
        except StorageError as error:
            if not isinstance(error.__cause__, IntegrityError):
                raise
            # Someone set it a moment before: theirs stands.
            raise InputError("error-password-set", "a teacher password is already set") from None

    def setup_code(self) -> str | None:
        """While no teacher password is set, the one-time code the first teacher types on the
        Club page to choose it (the server prints it in its log), so a learner who opens
        the page first cannot take the club; None once a password is set.

        Every process of a scaled-out server prints the same code: the first one stores it.
        """
        if self.teacher_password_set():
            return None
        stored = self._setting(SETUP_CODE_KEY)
        if stored is not None:
            return stored
        code = "-".join(
            "".join(secrets.choice(CODE_ALPHABET) for _ in range(4)) for _ in range(3)
        )  # 60 bits: not guessable, easy to read from a log and type
        try:
            with writing(self.engine) as connection:
                connection.execute(app_settings.insert().values(key=SETUP_CODE_KEY, value=code))
        except StorageError as error:
            if not isinstance(error.__cause__, IntegrityError):
                raise
        return self._setting(SETUP_CODE_KEY)

    def claim_teacher(self, code: str, password: str) -> None:
        """Set the first teacher password with the set-up code from the server log."""
        expected = self._setting(SETUP_CODE_KEY)
        given = "".join(code.split()).replace("-", "").upper()  # with or without dashes
        if expected is None or not secrets.compare_digest(
            given.encode(), expected.replace("-", "").encode()
        ):
            raise InputError(
                "error-setup-code", "that set-up code is not right (it is in the server's log)"
            )
        self.set_teacher_password(password)

    def check_teacher_password(
        self, password: str, client: str | None = None, device: str | None = None
    ) -> bool:
        """Whether `password` is the teacher's; raises `TooManyTriesError` after many wrong
        ones, counted for the teacher and per client; a `device` the teacher signed in on
        before may try a few times a day past those waits (strangers never lock it out)."""
        targets = [(TEACHER_TARGET, False)]
        if client:  # apart from the learners' PINs: their typos never lock it
            targets.append((f"{TEACHER_CLIENT}{client}"[:60], True))
        known = self.store.devices.target(device, "teacher", 0)
        claim = self.limits.claim(*targets, device=known)  # counted before it is checked
        from_env = os.environ.get(TEACHER_PASSWORD_ENV)
        if from_env:
            right = secrets.compare_digest(password.encode(), from_env.encode())
        else:
            stored = self._stored_password()
            right = stored is not None and verify_secret(password, stored)
        if right:
            self.limits.right(claim)
        return right

    def _stored_password(self) -> str | None:
        return self._setting("teacher_password")

    def _setting(self, key: str) -> str | None:
        query = select(app_settings.c.value).where(app_settings.c.key == key)
        with reading(self.engine) as connection:
            value = connection.execute(query).scalar()
        return None if value is None else str(value)

    # --- groups and members ---

    def create_group(self, name: str, rules: RuleSet | str, language: str | None = None) -> Group:
        """A new group playing `rules`; a rule-set name this trainer does not know raises
        `UnknownRuleSetError` (a ValueError) before anything is written."""
        house_rules = (RuleSet.parse(rules) if isinstance(rules, str) else rules).name
        try:
            clean = clean_name(name, longest=None)  # a long group name is cut, not refused
        except InputError as error:
            if error.key != "error-name-empty":
                raise
            raise InputError("error-group-name", "please give the group a name") from None
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if self.group_by_code(code) is None:
                break
        with writing(self.engine) as connection:
            connection.execute(
                groups.insert().values(
                    name=clean[:MAX_NAME],
                    code=code,
                    rules=house_rules,
                    language=language,
                    created_at=self.store.now(),
                )
            )
        found = self.group_by_code(code)
        assert found is not None
        return found

    def groups(self) -> list[Group]:
        with reading(self.engine) as connection:
            rows = connection.execute(select(groups).order_by(groups.c.created_at)).all()
        return [_group(row) for row in rows]

    def group_by_code(self, code: str) -> Group | None:
        query = select(groups).where(groups.c.code == code.strip().upper())
        with reading(self.engine) as connection:
            row = connection.execute(query).first()
        return None if row is None else _group(row)

    def join(
        self,
        code: str,
        name: str,
        pin: str = "",
        client: str | None = None,
        device: str | None = None,
    ) -> Learner:
        """The member `name` of the group with `code`, created on first join; a PIN set at the
        first join is required from then on."""
        group = self.group_by_code(code)
        if group is None:
            shown = code.strip().upper()
            raise InputError(
                "error-no-group", f"there is no group with the code {shown!r}", code=shown
            )
        clean = clean_name(name)
        check_pin_format(pin, signing_in=True)  # a new member's PIN is checked when made
        row = self.store.open_name(group.code, clean, pin, group.id, client, device)
        return _as_member(row, group)

    def remembered(self, token: object) -> tuple[Learner, Group | None] | None:
        """The learner (with their group, for a member) a device's sign-in token names."""
        learner_id = self.store.tokens.verify(token, "learner")
        if learner_id is None:
            return None
        with reading(self.engine) as connection:
            row = connection.execute(select(learners).where(learners.c.id == learner_id)).first()
            group_row = None
            if row is not None and row.group_id is not None:
                query = select(groups).where(groups.c.id == row.group_id)
                group_row = connection.execute(query).first()
        if row is None:
            return None
        if group_row is None:
            return Learner(row.id, row.name, json.loads(row.settings), bool(row.pin_hash)), None
        group = _group(group_row)
        return _as_member(row, group), group

    def teacher_token(self) -> str:
        """A sign-in the projector's browser keeps for the evening."""
        return self.store.tokens.issue("teacher", 0, self._teacher_fingerprint())

    def teacher_token_valid(self, token: object, idle: timedelta | None = None) -> bool:
        """Whether a teacher sign-in still holds: unexpired, not signed out, made with today's
        teacher password, and (given `idle`) used within that time; a use counts as one."""
        fingerprint = self._teacher_fingerprint()
        return self.store.tokens.verify(token, "teacher", fingerprint, idle=idle) == 0

    def sign_out_teacher(self, token: object, *, everywhere: bool = False) -> None:
        """End this teacher sign-in on the server (`everywhere`: every teacher sign-in)."""
        if everywhere:
            self.store.tokens.end_all("teacher", 0)
            self.store.devices.forget("teacher", 0)
        else:
            self.store.tokens.end(token)

    def _teacher_fingerprint(self) -> str:
        return fingerprint(os.environ.get(TEACHER_PASSWORD_ENV) or self._stored_password() or "")

    def clear_wait(self, group_id: int, learner_id: int) -> None:
        """The teacher lets a member try their PIN again at once: the member's, the group's
        and every address's counts of wrong PINs start again (the member's phone shares the
        hall's address with whoever made it wait)."""
        self.limits.clear(f"pin:{learner_id}", f"group:{group_id}", prefixes=("client:",))

    def clear_teacher_wait(self) -> None:
        """The operator ends the teacher password's wait (the command line), from every
        address too."""
        self.limits.clear(TEACHER_TARGET, prefixes=(TEACHER_CLIENT,))

    def members(self, group_id: int) -> list[Learner]:
        query = select(learners).where(learners.c.group_id == group_id).order_by(learners.c.name)
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return [Learner(row.id, row.name) for row in rows]

    def delete_learner(self, group_id: int, learner_id: int) -> None:
        """A member and every answer and lesson step of theirs (answers go by cascade); their
        devices and open tabs are signed out."""
        with writing(self.engine) as connection:
            connection.execute(answers.delete().where(answers.c.learner_id == learner_id))
            gone = connection.execute(
                delete(learners).where(learners.c.id == learner_id, learners.c.group_id == group_id)
            )
            if gone.rowcount:
                connection.execute(
                    sign_ins.update()
                    .where(sign_ins.c.kind == "learner", sign_ins.c.subject == learner_id)
                    .values(ended_at=self.store.now())
                )

    # --- assignments ---

    def assign(
        self,
        group_id: int,
        *,
        lesson_id: str | None = None,
        kind: str | None = None,
        rule: str | None = None,
        level: int = 1,
        count: int = 0,
        seed: int = 0,
        due: date | None = None,
    ) -> Assignment:
        if (lesson_id is None) == (kind is None):
            raise InputError("error-assign-either", "assign either a lesson or a puzzle set")
        if kind is not None and (rule is None or not 1 <= count <= 50):
            raise InputError("error-set-size", "a puzzle set needs a rule and 1 to 50 puzzles")
        if kind is not None and (kind not in KINDS or rule not in RULE_IDS):
            raise InputError(
                "error-set-what",
                f"a puzzle set needs a kind of puzzle and a rule that the trainer knows, "
                f"not {kind!r} and {rule!r}",
            )
        return self._insert_assignment(
            group_id, lesson_id=lesson_id, kind=kind, rule=rule, level=level, count=count,
            seed=seed, due=due,
        )  # fmt: skip

    def assign_deal(self, group_id: int, number: int, due: date | None = None) -> Assignment:
        """The same deal (by its number) for every member, to play at the table."""
        if not 1 <= number <= 10**9:
            raise InputError("error-deal-number", "a deal number is 1 to 1,000,000,000")
        return self._insert_assignment(group_id, kind=DEAL, count=1, seed=number, due=due)

    def _insert_assignment(self, group_id: int, **values: Any) -> Assignment:
        with writing(self.engine) as connection:
            connection.execute(
                assignments.insert().values(
                    group_id=group_id,
                    generator_version=GENERATOR_VERSION,
                    created_at=self.store.now(),
                    **values,
                )
            )
        return self.assignments(group_id)[-1]

    def deals_finished(self, group_id: int) -> pd.DataFrame:
        """(learner, assignment_id) for every shared deal a member has played to the end."""
        query = (
            select(learners.c.name.label("learner"), deal_results.c.assignment_id)
            .join(learners, learners.c.id == deal_results.c.learner_id)
            .where(learners.c.group_id == group_id)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return pd.DataFrame(rows, columns=["learner", "assignment_id"])

    def deal_answers(self, group_id: int, assignment_id: int) -> pd.DataFrame:
        """Each member's decisions in one shared deal: rule, right or wrong, hinted."""
        query = (
            select(
                learners.c.name.label("learner"),
                answers.c.rule,
                answers.c.correct,
                answers.c.hinted,
            )
            .join(learners, learners.c.id == answers.c.learner_id)
            .where(learners.c.group_id == group_id, answers.c.assignment_id == assignment_id)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return answers_frame(rows, ["learner", "rule", "correct", "hinted"])

    def assignments(self, group_id: int, *, closed: bool = False) -> list[Assignment]:
        """The group's open assignments, oldest first; with `closed`, the closed ones too."""
        query = (
            select(assignments).where(assignments.c.group_id == group_id).order_by(assignments.c.id)
        )
        if not closed:
            query = query.where(assignments.c.closed_at.is_(None))
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return [
            Assignment(
                row.id,
                row.group_id,
                row.lesson_id,
                row.kind,
                row.rule,
                row.level,
                row.count,
                row.seed,
                row.due,
                row.generator_version,
                row.closed_at,
            )
            for row in rows
        ]

    def close_assignment(self, group_id: int, assignment_id: int, *, closed: bool = True) -> None:
        """Close an assignment of the group (or open it again): the learners' lists and the
        dashboard leave it out; every answer to it stays stored."""
        with writing(self.engine) as connection:
            connection.execute(
                assignments.update()
                .where(assignments.c.id == assignment_id, assignments.c.group_id == group_id)
                .values(closed_at=self.store.now() if closed else None)
            )

    # --- the group's answers ---

    def lessons_completed(self, group_id: int) -> pd.DataFrame:
        """(learner, lesson_id) for every lesson a member has completed."""
        query = (
            select(learners.c.name.label("learner"), lesson_progress.c.lesson_id)
            .join(learners, learners.c.id == lesson_progress.c.learner_id)
            .where(learners.c.group_id == group_id, lesson_progress.c.completed.is_(True))
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return pd.DataFrame(rows, columns=["learner", "lesson_id"])

    def rule_totals(self, group_id: int) -> pd.DataFrame:
        """Per member and rule: answers and right answers, summed by the database, so the
        dashboard costs the same for 100 answers or 100,000. Hinted answers do not count."""
        right = func.sum(case((answers.c.correct, 1), else_=0))
        query = (
            select(
                learners.c.name.label("learner"),
                answers.c.rule,
                func.count().label("answers"),
                right.label("right"),
            )
            .join(learners, learners.c.id == answers.c.learner_id)
            .where(learners.c.group_id == group_id, answers.c.hinted.is_(False))
            .group_by(learners.c.name, answers.c.rule)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        frame = pd.DataFrame(rows, columns=["learner", "rule", "answers", "right"])
        return frame.astype({"answers": int, "right": int})

    def assignment_answers(self, group_id: int) -> pd.DataFrame:
        """The answers given to the group's puzzle sets and shared deals (a small share of all
        answers)."""
        query = (
            select(
                learners.c.name.label("learner"),
                answers.c.assignment_id,
                answers.c.item_id,
                answers.c.seed,
                answers.c.given,
                answers.c.correct,
            )
            .join(learners, learners.c.id == answers.c.learner_id)
            .where(learners.c.group_id == group_id, answers.c.assignment_id.is_not(None))
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        columns = ["learner", "assignment_id", "item_id", "seed", "given", "correct"]
        return answers_frame(rows, columns)

    def group_answers(self, group_id: int) -> pd.DataFrame:
        """Every answer of the group's members, with the member's name, oldest first."""
        query = (
            select(learners.c.name.label("learner"), *[answers.c[c] for c in ANSWER_COLUMNS])
            .join(learners, learners.c.id == answers.c.learner_id)
            .where(learners.c.group_id == group_id)
            .order_by(answers.c.answered_at, answers.c.id)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return answers_frame(rows, ["learner", *ANSWER_COLUMNS])


def _as_member(row: Any, group: Group) -> Learner:
    """A member as the app loads them: their own choices (their language) stay, the group
    decides the rules."""
    rules = RuleSet.parse(group.rules)
    stored = json.loads(row.settings or "{}")
    settings = stored | {"rules": rules.city, "variants": list(rules.variants), "group": group.id}
    return Learner(row.id, row.name, settings, bool(row.pin_hash))


def _group(row: Any) -> Group:
    return Group(row.id, row.name, row.code, row.rules, row.language)
