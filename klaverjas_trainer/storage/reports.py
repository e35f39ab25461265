"""Problems learners report on a position (table ``problem_reports``, schema v12): the exact
position (question kind, content, rule set, generator version, the reply given, the language
it was read in) and a note, kept until the teacher marks the report resolved.

A learner may send `PER_HOUR` reports an hour and one open report per position, and one
client address `PER_CLIENT` an hour: a flood (or a script with many profiles) cannot bury the
teacher's list. A report is counted before it is checked, in one transaction the database
lines up, so sessions sending at once keep these limits as one does (`Reports.file`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta
from typing import Final

import pandas as pd
from sqlalchemy import ColumnElement, and_, func, select

from klaverjas_questions import KINDS, QuestionError, question_kind
from klaverjas_trainer.storage.db import InputError, reading, writing
from klaverjas_trainer.storage.limits import count_in_window
from klaverjas_trainer.storage.schema import groups, learners, problem_reports
from klaverjas_trainer.storage.store import ProgressStore

#: Reports one learner may send in an hour.
PER_HOUR: Final = 5
#: Reports one client address may send in an hour (from its first): a club hall shares one
#: address, and an evening's few reports stay well inside it.
PER_CLIENT: Final = 20
CLIENT_TARGET: Final = "report-client:"  # the address's count, beside the sign-in limits'
#: The longest note, in characters (the form stops typing there too).
NOTE_LIMIT: Final = 500
SOURCES: Final = ("puzzle", "lesson", "play")
#: The kind of a lesson step that asks nothing: its text and picture are the position.
STEP_KIND: Final = "lesson-step"
COLUMNS: Final = [
    "id", "created_at", "source", "item_id", "kind", "content", "rules", "generator_version",
    "given", "language", "note", "game", "resolved_at",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Report:
    """What a learner reports: the position as it was asked, and what they say about it."""

    source: str  # "puzzle", "lesson" or "play"
    item_id: str  # the puzzle's id, ``<lesson>/<step>``, or the table's place
    kind: str  # the question kind
    content: str  # the kind's content as JSON (`Record.to_dict`)
    rules: str  # the rule set's name
    generator_version: int | None = None
    given: str | None = None  # the reply as stored, if answered
    language: str = "en"
    note: str = ""
    game: str | None = None  # a table position: the game's JSON, to replay it exactly

    def problems(self) -> list[str]:
        """What makes the report unfit to keep (a bug of the page that sends it)."""
        found = []
        if self.source not in SOURCES:
            found.append(f"source `{self.source}` is not one of {', '.join(SOURCES)}")
        if self.kind == STEP_KIND:
            return found if self.source == "lesson" else [*found, "only a lesson has steps"]
        if self.kind not in KINDS:
            found.append(f"`{self.kind}` is not a question kind")
            return found
        try:
            question_kind(self.kind).read_content(json.loads(self.content))
        except (json.JSONDecodeError, QuestionError, TypeError, AttributeError) as error:
            found.append(f"the content is not a {self.kind} position: {error}")
        return found


class Reports:
    """Learners' problem reports, on top of the learner store (the same database)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.engine = store.engine

    def file(
        self, learner_id: int, group_id: int | None, report: Report, client: str | None = None
    ) -> int:
        """Keep `report` from the learner (sent from the `client` address, if known); its
        number. Raises `InputError` when the note is too long, the learner already reported
        this position and it is still open, or sent `PER_HOUR` reports in the last hour, or
        the address `PER_CLIENT` this hour; ValueError for a report the page built wrong."""
        problems = report.problems()
        if problems:
            raise ValueError("cannot keep this report: " + "; ".join(problems))
        note = report.note.strip()
        if len(note) > NOTE_LIMIT:
            raise InputError(
                "error-report-long", f"a note is at most {NOTE_LIMIT} characters", limit=NOTE_LIMIT
            )
        now = self.store.now()
        mine = problem_reports.c.learner_id == learner_id
        with writing(self.engine) as connection:
            # The writes come first: they take the learner's row lock (the write lock on
            # SQLite) and the address's, so sessions sending at once are lined up and each
            # counts what the others kept. A refusal below rolls them back.
            connection.execute(
                learners.update()
                .where(learners.c.id == learner_id)
                .values(settings=learners.c.settings)
            )
            if client:
                target = f"{CLIENT_TARGET}{client}"[:60]
                if count_in_window(connection, target, timedelta(hours=1), now) > PER_CLIENT:
                    busy = f"at most {PER_CLIENT} reports an hour from one address"
                    raise InputError("error-report-busy", busy)
            recent = connection.execute(
                select(func.count())
                .select_from(problem_reports)
                .where(mine, problem_reports.c.created_at > now - timedelta(hours=1))
            ).scalar_one()
            if recent >= PER_HOUR:
                raise InputError(
                    "error-report-wait", f"at most {PER_HOUR} reports an hour", count=PER_HOUR
                )
            again = connection.execute(
                select(problem_reports.c.id).where(
                    mine,
                    problem_reports.c.item_id == report.item_id,
                    problem_reports.c.resolved_at.is_(None),
                )
            ).first()
            if again is not None:
                raise InputError("error-report-twice", "this position is reported already")
            result = connection.execute(
                problem_reports.insert().values(
                    learner_id=learner_id,
                    group_id=group_id,
                    created_at=now,
                    source=report.source,
                    item_id=report.item_id,
                    kind=report.kind,
                    content=report.content,
                    rules=report.rules,
                    generator_version=report.generator_version,
                    given=report.given,
                    language=report.language,
                    note=note,
                    game=report.game,
                )
            )
            return int(result.inserted_primary_key[0])

    def open_reports(self, limit: int | None = None, offset: int = 0) -> pd.DataFrame:
        """The reports not yet resolved, newest first, with the learner's and the group's
        names (None once deleted, or for a personal profile's group): every one, or the
        `limit` after the first `offset` (a page of the teacher's list)."""
        return self._reports(problem_reports.c.resolved_at.is_(None), limit, offset)

    def open_count(self) -> int:
        """How many reports are not yet resolved."""
        return self._count(problem_reports.c.resolved_at.is_(None))

    def resolved_count(self) -> int:
        return self._count(problem_reports.c.resolved_at.is_not(None))

    def _count(self, condition: ColumnElement[bool]) -> int:
        query = select(func.count()).select_from(problem_reports).where(condition)
        with reading(self.engine) as connection:
            return int(connection.execute(query).scalar_one())

    def resolve(self, report_id: int) -> None:
        """Mark a report resolved (again: no change)."""
        with writing(self.engine) as connection:
            connection.execute(
                problem_reports.update()
                .where(
                    and_(problem_reports.c.id == report_id, problem_reports.c.resolved_at.is_(None))
                )
                .values(resolved_at=self.store.now())
            )

    def _reports(
        self, condition: ColumnElement[bool], limit: int | None, offset: int
    ) -> pd.DataFrame:
        query = (
            select(
                *[problem_reports.c[name] for name in COLUMNS],
                learners.c.name.label("learner"),
                groups.c.name.label("group"),
            )
            .outerjoin(learners, learners.c.id == problem_reports.c.learner_id)
            .outerjoin(groups, groups.c.id == problem_reports.c.group_id)
            .where(condition)
            # The id settles reports made in the same instant, so pages never overlap.
            .order_by(problem_reports.c.created_at.desc(), problem_reports.c.id.desc())
            .limit(limit)
            .offset(offset)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        frame = pd.DataFrame(rows, columns=[*COLUMNS, "learner", "group"])
        for name in ("created_at", "resolved_at"):
            frame[name] = pd.to_datetime(frame[name], utc=True)
        return frame
