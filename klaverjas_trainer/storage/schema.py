"""The tables, and the migrations that bring any older database up to date.

Each migration runs once, in order, inside one transaction with the version bump, so a database
is never left half-migrated. Add a migration to change the schema; never edit an old one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Date,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    inspect,
    select,
    text,
)
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from klaverjas_core import Card
from klaverjas_trainer.storage.legacy import WinnerLookup, convert
from puzzles import PuzzleError, generate

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

groups = Table(
    "groups",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(80), nullable=False),
    Column("code", String(12), nullable=False, unique=True),  # what learners type to join
    Column("rules", String(80), nullable=False),  # the group's house rules
    Column("language", String(8), nullable=True),  # the club evening's language (v3)
    Column("created_at", DateTime(timezone=True), nullable=False),
)

learners = Table(
    "learners",
    metadata,
    Column("id", Integer, primary_key=True),
    # A name is unique within its space: "" for a personal profile, else a group's code.
    Column("space", String(12), nullable=False, default=""),
    Column("name", String(80), nullable=False),
    Column("group_id", Integer, ForeignKey("groups.id", ondelete="CASCADE"), nullable=True),
    Column("pin_hash", String(200), nullable=True),  # an optional PIN, hashed
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("settings", Text, nullable=False, default="{}"),
    UniqueConstraint("space", "name", name="learner_name_in_space"),
)

assignments = Table(
    "assignments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "group_id", Integer, ForeignKey("groups.id", ondelete="CASCADE"), nullable=False, index=True
    ),
    Column("lesson_id", String(60), nullable=True),  # a lesson, or else a puzzle set:
    Column("kind", String(40), nullable=True),
    Column("rule", String(60), nullable=True),
    Column("level", Integer, nullable=False, default=1),
    Column("count", Integer, nullable=False, default=0),
    Column("seed", Integer, nullable=False, default=0),  # the same puzzles for everyone
    # The puzzle generators' version when the set was made: a set from another version would
    # show other positions for the same seeds.
    Column("generator_version", Integer, nullable=False, default=1),
    Column("due", Date, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # Closed by the teacher: gone from the lists, its answers kept (it can be opened again).
    Column("closed_at", DateTime(timezone=True), nullable=True),
)

app_settings = Table(
    "app_settings",
    metadata,
    Column("key", String(60), primary_key=True),
    Column("value", Text, nullable=False),
)

# Wrong PINs and teacher passwords, per target ("pin:<learner id>", "teacher"): kept in the
# database so a restart does not reset them (v4).
attempts = Table(
    "attempts",
    metadata,
    Column("target", String(60), primary_key=True),
    Column("failures", Integer, nullable=False),
    Column("locked_until", DateTime(timezone=True), nullable=True),
    # For counts over a day (a whole group's or one client's wrong PINs, v7): when it began.
    Column("window_start", DateTime(timezone=True), nullable=True),
)

answers = Table(
    "answers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "learner_id",
        Integer,
        ForeignKey("learners.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("answered_at", DateTime(timezone=True), nullable=False),
    Column("source", String(10), nullable=False),  # "lesson", "puzzle" or "play"
    Column("item_id", String(120), nullable=False),  # puzzle id, or lesson-id/step
    Column("kind", String(40), nullable=False),
    Column("rule", String(60), nullable=False, index=True),
    Column("tags", Text, nullable=False, default=""),  # space-separated rule ids
    Column("rules", String(80), nullable=False),
    Column("level", Integer, nullable=False, default=1),
    Column("seed", Integer, nullable=True),  # a puzzle's generator seed, to replay mistakes
    Column(
        "assignment_id",
        Integer,
        ForeignKey("assignments.id", ondelete="SET NULL"),
        nullable=True,
        index=True,
    ),
    Column("given", Text, nullable=False),  # the reply: the question kind's canonical JSON
    Column("correct", Boolean, nullable=False),
    Column("seconds", Float, nullable=False),
    # Answered after asking for a hint (v5): kept, but not counted for accuracy.
    Column("hinted", Boolean, nullable=False, default=False),
)

games = Table(
    "games",
    metadata,
    # The match a learner is playing at the table (v5): its seed, settings and every call and
    # card, as JSON, so it resumes at the same card after a reload or a restart.
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("state", Text, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # The shared deal of a club evening this game plays, if any (v6).
    Column(
        "assignment_id",
        Integer,
        ForeignKey("assignments.id", ondelete="SET NULL"),
        nullable=True,
    ),
)

deal_results = Table(
    "deal_results",
    metadata,
    # A shared deal a club learner has played to the end (v6): the assignment is done.
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column(
        "assignment_id",
        Integer,
        ForeignKey("assignments.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("finished_at", DateTime(timezone=True), nullable=False),
)

drill_places = Table(
    "drill_places",
    metadata,
    # Where a learner is in the drill (v8): the settings and the puzzle on screen (by the key
    # that regenerates it), answered or not, as JSON, so a reload or a new session goes on at
    # the same puzzle.
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("place", Text, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

lesson_progress = Table(
    "lesson_progress",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("lesson_id", String(60), primary_key=True),
    Column("step", Integer, nullable=False),
    Column("completed", Boolean, nullable=False, default=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)


# Sign-ins kept on the server (v9): a browser's token names one, and signing out (here, or
# everywhere) or a teacher's idle time ends it, so no copy of the token brings anyone back.
sign_ins = Table(
    "sign_ins",
    metadata,
    Column("id", String(32), primary_key=True),  # random, inside the signed token
    Column("kind", String(10), nullable=False),  # "learner" or "teacher"
    Column("subject", Integer, nullable=False),  # the learner's id; 0 for the teacher
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("seen_at", DateTime(timezone=True), nullable=False),  # a teacher's last page run
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Index("sign_ins_of_subject", "kind", "subject"),
)


# Which learner or teacher signed in from which browser (v10), by the browser's device sign-in
# (a `sign_ins` row of kind "device"): a right PIN or password from a known device gets past
# the waits that strangers' wrong tries put on the learner, the group or the teacher.
known_devices = Table(
    "known_devices",
    metadata,
    Column("device", String(32), primary_key=True),  # the device's sign_ins id
    Column("kind", String(10), primary_key=True),  # "learner" or "teacher"
    Column("subject", Integer, primary_key=True),  # the learner's id; 0 for the teacher
    Column("created_at", DateTime(timezone=True), nullable=False),
)


# The misconceptions the coach named from a learner's answers (v11), per rule set: named when
# the evidence became clear, gone once the learner answered its discriminating positions right.
# Derived from the answers (the coach rebuilds it from them), kept so the teacher's dashboard
# reads it without weighing every member's answers again.
misconceptions = Table(
    "misconceptions",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("rules", String(80), primary_key=True),
    Column("name", String(40), primary_key=True),  # a catalogue entry, e.g. always-overtrump
    Column("named_at", DateTime(timezone=True), nullable=False),
    Column("gone_at", DateTime(timezone=True), nullable=True),  # None while it still shows
)


# What a learner reported as wrong (v12): the exact position (question kind, content, rule set,
# generator version, the reply given, the language it was read in) and their note, until the
# teacher marks it resolved. Kept when the learner or group is deleted: the position is the
# report, not who sent it.
problem_reports = Table(
    "problem_reports",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "learner_id",
        Integer,
        ForeignKey("learners.id", ondelete="SET NULL"),
        nullable=True,
        index=True,
    ),
    Column("group_id", Integer, ForeignKey("groups.id", ondelete="SET NULL"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("source", String(10), nullable=False),  # "puzzle", "lesson" or "play"
    Column("item_id", String(120), nullable=False),
    Column("kind", String(40), nullable=False),
    Column("content", Text, nullable=False),  # the kind's content as canonical JSON
    Column("rules", String(80), nullable=False),
    Column("generator_version", Integer, nullable=True),  # a puzzle's generators
    Column("given", Text, nullable=True),  # the reply, if the question was answered
    Column("language", String(8), nullable=False),
    Column("note", Text, nullable=False, default=""),
    Column("game", Text, nullable=True),  # a table position: the whole game, as JSON
    Column("resolved_at", DateTime(timezone=True), nullable=True),
)


# A deal the learner played, weighed by a stronger player (v13): how many card choices it had,
# how many were as good as the stronger player's, and the margin the others gave away (the
# luck-free figure); each choice as JSON for the Play page.
deal_analyses = Table(
    "deal_analyses",
    metadata,
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("game_seed", Integer, primary_key=True),  # the match number
    Column("deal", Integer, primary_key=True),  # 0-based deal of the match
    Column("rules", String(80), nullable=False),
    Column("analysed_at", DateTime(timezone=True), nullable=False),
    Column("choices", Integer, nullable=False),
    Column("best_found", Integer, nullable=False),
    Column("given_away", Float, nullable=False),
    Column("detail", Text, nullable=False),
)

# A live round (v15): the teacher puts a few puzzles to a group at a club evening, one at a
# time; every member's phone shows the puzzle at `at` while `phase` is "asking", its answers
# counted on the projector, then "shown", and at the end "over". `version` grows with each
# change a phone must draw, `answered` with each answer (the projector's count): the two
# numbers each process reads once a tick for all the phones it holds (app/live_feed.py).
live_rounds = Table(
    "live_rounds",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("puzzles", Text, nullable=False),  # JSON: one key per puzzle, to make it again
    Column("at", Integer, nullable=False, default=0),  # the puzzle on the phones (0-based)
    Column("phase", String(10), nullable=False, default="asking"),  # asking, shown, over
    Column("version", Integer, nullable=False, default=1),
    Column("answered", Integer, nullable=False, default=0),
    Index("live_round_of_group", "group_id", "id"),
)

# Each member's answer to each puzzle of a live round: the answer itself is in `answers` (so
# Progress, the dashboard and the coach count it); this row ties it to the round, once.
live_answers = Table(
    "live_answers",
    metadata,
    Column("round_id", Integer, ForeignKey("live_rounds.id", ondelete="CASCADE"), primary_key=True),
    Column("puzzle", Integer, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True),
    Column("given", Text, nullable=False),  # the reply: the question kind's canonical JSON
    Column("correct", Boolean, nullable=False),
)


# A table of members playing together (v16): two to four members of a group at one match, each
# on their own phone; the computers play the empty seats. `state` is the match as the table
# core saves it (`TableGame.to_dict`); every move writes it with `version` + 1, checked against
# the version the move was made on (two phones cannot both play the fourth card).
club_tables = Table(
    "club_tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id", ondelete="CASCADE"), nullable=False),
    Column("code", String(8), nullable=False, unique=True),  # to join it, as a group's code
    Column("opened_at", DateTime(timezone=True), nullable=False),
    Column("state", Text, nullable=False),
    Column("version", Integer, nullable=False, default=1),
    Column("paused", Boolean, nullable=False, default=False),  # the teacher holds it
    Index("club_table_of_group", "group_id", "id"),
)

# Who sits where at a table: a member keeps their seat (and hand) when they come back.
club_table_seats = Table(
    "club_table_seats",
    metadata,
    Column("table_id", Integer, ForeignKey("club_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # klaverjas_core.Seat
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    # The member's phone was last seen at the table (its event stream open: v17), and since when
    # it has not been (a dropped connection: the others are told, then a computer plays on).
    Column("seen_at", DateTime(timezone=True)),
    Column("gone_at", DateTime(timezone=True)),
    UniqueConstraint("table_id", "learner_id", name="one_seat_each"),
)


def _create_v1(connection: Connection) -> None:
    for table in (groups, learners, assignments, app_settings, answers, lesson_progress):
        table.create(connection, checkfirst=True)


def _canonical_replies_v2(connection: Connection) -> None:
    """Replies become canonical JSON under the question kinds' names; puzzle sets record
    the generator version (1 for every set made so far)."""
    _add_column(connection, "assignments", "generator_version", "INTEGER NOT NULL DEFAULT 1")
    rows = connection.execute(
        select(
            answers.c.id, answers.c.source, answers.c.kind, answers.c.rule, answers.c.rules,
            answers.c.level, answers.c.seed, answers.c.given,
        )
    ).all()  # fmt: skip
    for row in rows:
        kind, given = convert(row.source, row.kind, row.given, _winner_lookup(row))
        if (kind, given) != (row.kind, row.given):
            connection.execute(
                answers.update().where(answers.c.id == row.id).values(kind=kind, given=given)
            )


def _winner_lookup(row: Any) -> WinnerLookup:
    """Old count-trick replies named the winner by its place in the trick: regenerate the
    puzzle from its seed, with the generators of version 1 that a version-1 database was
    answered on, to name the card."""

    def card_at(index: int) -> str | None:
        if row.seed is None:
            return None
        trick = _old_trick(row.kind, row.rule, row.seed, row.rules, row.level)
        return str(trick[index]) if trick is not None and 0 <= index < len(trick) else None

    return card_at


@lru_cache(maxsize=4096)  # replies to one club set share their puzzles
def _old_trick(kind: str, rule: str, seed: int, rules: str, level: int) -> tuple[Card, ...] | None:
    try:
        trick: tuple[Card, ...] = generate(
            kind, rule, seed=seed, rules=rules, level=level, version=1
        ).content.trick
    except PuzzleError:
        return None
    return trick


def _group_language_v3(connection: Connection) -> None:
    """A group can set the language of its club evenings."""
    _add_column(connection, "groups", "language", "VARCHAR(8)")


def _attempts_v4(connection: Connection) -> None:
    """Wrong PIN and password tries are counted, so guessing is slowed down."""
    attempts.create(connection, checkfirst=True)


def _table_play_v5(connection: Connection) -> None:
    """Whole deals at the table: the game in progress, and answers marked as hinted."""
    _add_column(connection, "answers", "hinted", "BOOLEAN NOT NULL DEFAULT FALSE")
    games.create(connection, checkfirst=True)


def _shared_deals_v6(connection: Connection) -> None:
    """A teacher deals the same cards to a whole group: which game plays which shared deal,
    and who has finished it."""
    _add_column(connection, "games", "assignment_id", "INTEGER REFERENCES assignments(id)")
    deal_results.create(connection, checkfirst=True)


def _pin_windows_v7(connection: Connection) -> None:
    """Wrong PINs are also counted per group and per client, over a day."""
    _add_column(connection, "attempts", "window_start", "TIMESTAMP WITH TIME ZONE")


def _drill_places_v8(connection: Connection) -> None:
    """The drill's place is kept per learner, as the table's game is."""
    drill_places.create(connection, checkfirst=True)


def _sign_ins_v9(connection: Connection) -> None:
    """Sign-ins are kept on the server; tokens made before name none and sign in no more."""
    sign_ins.create(connection, checkfirst=True)


def _known_devices_v10(connection: Connection) -> None:
    """Browsers that signed in before are remembered, so strangers cannot lock them out."""
    known_devices.create(connection, checkfirst=True)


def _misconceptions_v11(connection: Connection) -> None:
    """The misconceptions named from each learner's answers are kept for the dashboard."""
    misconceptions.create(connection, checkfirst=True)


def _problem_reports_v12(connection: Connection) -> None:
    """Learners can report a position they think is wrong; the teacher resolves reports."""
    problem_reports.create(connection, checkfirst=True)


def _deal_analyses_v13(connection: Connection) -> None:
    """A played deal's analysis by a stronger player is kept for the Play and Progress pages."""
    deal_analyses.create(connection, checkfirst=True)


def _closed_assignments_v14(connection: Connection) -> None:
    """A teacher can close an assignment (a set made twice, last week's work)."""
    _add_column(connection, "assignments", "closed_at", "TIMESTAMP WITH TIME ZONE")


def _live_rounds_v15(connection: Connection) -> None:
    """A teacher can run a live round at a club evening: puzzles on every member's phone."""
    live_rounds.create(connection, checkfirst=True)
    live_answers.create(connection, checkfirst=True)


def _club_tables_v16(connection: Connection) -> None:
    """Members can play together at a table, each on their own phone."""
    club_tables.create(connection, checkfirst=True)
    club_table_seats.create(connection, checkfirst=True)


def _table_presence_v17(connection: Connection) -> None:
    """A seat knows when its member's phone was last at the table, and since when it is not."""
    _add_column(connection, "club_table_seats", "seen_at", "TIMESTAMP WITH TIME ZONE")
    _add_column(connection, "club_table_seats", "gone_at", "TIMESTAMP WITH TIME ZONE")


def _add_column(connection: Connection, table: str, name: str, kind: str) -> None:
    """Add a column unless the table already has it (a new database is made with every
    column of `metadata`, then runs each migration)."""
    if name not in {column["name"] for column in inspect(connection).get_columns(table)}:
        connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))


#: (version, migration) in order; the database records the highest version applied.
MIGRATIONS: Final[list[tuple[int, Callable[[Connection], None]]]] = [
    (1, _create_v1),
    (2, _canonical_replies_v2),
    (3, _group_language_v3),
    (4, _attempts_v4),
    (5, _table_play_v5),
    (6, _shared_deals_v6),
    (7, _pin_windows_v7),
    (8, _drill_places_v8),
    (9, _sign_ins_v9),
    (10, _known_devices_v10),
    (11, _misconceptions_v11),
    (12, _problem_reports_v12),
    (13, _deal_analyses_v13),
    (14, _closed_assignments_v14),
    (15, _live_rounds_v15),
    (16, _club_tables_v16),
    (17, _table_presence_v17),
]
LATEST: Final = MIGRATIONS[-1][0]


#: The PostgreSQL advisory lock that serialises start-ups ("KJ" in ASCII).
MIGRATION_LOCK: Final = 0x4B4A
#: SQLite has no advisory lock: a start-up that loses a race retries (see `migrate`).
SQLITE_TRIES: Final = 20


def migrate(engine: Engine) -> int:
    """Bring the database to the latest version; returns the version it is at.

    Any number of processes may start at once: on PostgreSQL they queue on an advisory lock
    taken before anything is created; on SQLite the one that finds the schema being created
    by another waits and tries again.
    """
    for attempt in range(SQLITE_TRIES):
        try:
            return _migrate(engine)
        except OperationalError as error:
            if engine.dialect.name != "sqlite" or attempt == SQLITE_TRIES - 1:
                raise
            if "locked" not in str(error) and "already exists" not in str(error):
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")  # the loop returns or raises


def _migrate(engine: Engine) -> int:
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # Released when this transaction ends; every other start-up waits for it.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        else:
            # SQLite: a first write takes the database's write lock for this transaction, so
            # every other start-up waits (busy timeout) and then finds the schema made.
            connection.execute(text("CREATE TABLE IF NOT EXISTS migration_lock (held INTEGER)"))
            connection.execute(text("DELETE FROM migration_lock"))
        schema_version.create(connection, checkfirst=True)
        current = connection.execute(select(schema_version.c.version)).scalar()
        if current is None:
            connection.execute(schema_version.insert().values(version=0))
            current = 0
        if current > LATEST:
            raise SQLAlchemyError(
                f"the database is at schema version {current}, newer than this app ({LATEST})"
            )
        for version, step in MIGRATIONS:
            if version > current:
                step(connection)
                connection.execute(schema_version.update().values(version=version))
                current = version
    return current
