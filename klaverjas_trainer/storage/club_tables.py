"""Tables of members playing together at a club evening (tables ``club_tables`` and
``club_table_seats``, schema v16): two to four members of a group at one match, each on their
own phone; the computers play the empty seats.

A table keeps the match as the table core saves it (JSON) and who sits where. Every move is one
short transaction that checks the version it was made on, so two phones can never both play
the same turn, and that stores the decisions it made as answers of the members who made them
(Progress, the dashboard and the coach count them like any other). What the match is, and
whether a move is allowed, is the table core's business (`klaverjas_table`): the app makes the
move there and hands the new state here.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from sqlalchemy import and_, or_, select, tuple_
from sqlalchemy.exc import IntegrityError

from klaverjas_trainer.storage.club import CODE_ALPHABET, CODE_LENGTH
from klaverjas_trainer.storage.db import DamagedRowError, read_json, reading, writing
from klaverjas_trainer.storage.live import EVENING  # a table belongs to its evening, as a round
from klaverjas_trainer.storage.schema import answers, club_table_seats, club_tables
from klaverjas_trainer.storage.store import AnswerRecord, ProgressStore

SEATS: Final = range(4)  # klaverjas_core.Seat's values


class TableMovedError(Exception):
    """A move on a table that changed meanwhile (another phone played first): nothing stored."""


class SeatTakenError(Exception):
    """The seat has someone in it already."""


@dataclass(frozen=True, slots=True)
class ClubTable:
    id: int
    group_id: int
    code: str
    state: dict[str, Any]  # the match, as `TableGame.to_dict` saves it
    version: int  # grows with every change a phone at the table must draw
    paused: bool


@dataclass(frozen=True, slots=True)
class Seated:
    """A member at a seat, when their phone was last at the table and since when it is gone
    (None: it is there)."""

    learner_id: int
    seen_at: datetime | None
    gone_at: datetime | None


class ClubTables:
    """The groups' tables, on top of the learner store (the same database)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.engine = store.engine

    def open(self, group_id: int, state: Mapping[str, Any]) -> ClubTable:
        """A new table for the group with the match `state`, and a code of its own to join it."""
        text = _json(state)
        for _ in range(20):  # a code already taken is drawn again
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with writing(self.engine) as connection:
                    new_id = connection.execute(
                        club_tables.insert().values(
                            group_id=group_id,
                            code=code,
                            opened_at=self.store.now(),
                            state=text,
                            version=1,
                            paused=False,
                        )
                    ).inserted_primary_key[0]
            except IntegrityError:
                continue
            found = self.by_id(int(new_id))
            assert found is not None
            return found
        raise RuntimeError("no free table code in 20 draws")

    def by_id(self, table_id: int) -> ClubTable | None:
        with reading(self.engine) as connection:
            row = connection.execute(
                select(club_tables).where(club_tables.c.id == table_id)
            ).first()
        return None if row is None else _table(row)

    def by_code(self, code: str) -> ClubTable | None:
        """The table of this evening with `code` (typed by a person: any case, spaces)."""
        wanted = "".join(code.split()).upper()
        query = select(club_tables).where(
            club_tables.c.code == wanted, club_tables.c.opened_at > self.store.now() - EVENING
        )
        with reading(self.engine) as connection:
            row = connection.execute(query).first()
        return None if row is None else _table(row)

    def of_group(self, group_id: int) -> list[ClubTable]:
        """The group's tables of this evening, the first opened first."""
        query = (
            select(club_tables)
            .where(
                club_tables.c.group_id == group_id,
                club_tables.c.opened_at > self.store.now() - EVENING,
            )
            .order_by(club_tables.c.id)
        )
        with reading(self.engine) as connection:
            return [_table(row) for row in connection.execute(query)]

    def seats(self, table_id: int) -> dict[int, int]:
        """Who sits where: seat -> learner id."""
        query = select(club_table_seats).where(club_table_seats.c.table_id == table_id)
        with reading(self.engine) as connection:
            return {row.seat: row.learner_id for row in connection.execute(query)}

    def seated(self, table_id: int) -> dict[int, Seated]:
        """Who sits where, with their phones' presence: seat -> `Seated`."""
        query = select(club_table_seats).where(club_table_seats.c.table_id == table_id)
        with reading(self.engine) as connection:
            return {
                row.seat: Seated(row.learner_id, _aware(row.seen_at), _aware(row.gone_at))
                for row in connection.execute(query)
            }

    def seen(self, seats: Iterable[tuple[int, int]]) -> set[int]:
        """The phones at these (table, seat)s are at their tables now. A seat that was gone is
        back: its table's version grows (the others' phones stop waiting). The tables whose
        seats came back."""
        wanted = sorted(set(seats))
        if not wanted:
            return set()
        now = self.store.now()
        here = tuple_(club_table_seats.c.table_id, club_table_seats.c.seat).in_(wanted)
        with writing(self.engine) as connection:
            back = {
                row.table_id
                for row in connection.execute(
                    select(club_table_seats.c.table_id).where(
                        here, club_table_seats.c.gone_at.is_not(None)
                    )
                )
            }
            connection.execute(
                club_table_seats.update().where(here).values(seen_at=now, gone_at=None)
            )
            self._grow(connection, back)
        return back

    def gone_quiet(self, after: timedelta) -> set[int]:
        """Seats of this evening's tables whose phones have not been seen for `after` are
        marked gone (now); their tables' versions grow, so the other phones say it. The tables
        with a seat newly gone."""
        now = self.store.now()
        quiet = and_(
            club_table_seats.c.gone_at.is_(None),
            or_(club_table_seats.c.seen_at.is_(None), club_table_seats.c.seen_at < now - after),
            club_table_seats.c.table_id.in_(
                select(club_tables.c.id).where(club_tables.c.opened_at > now - EVENING)
            ),
        )
        with writing(self.engine) as connection:
            found = {
                row.table_id
                for row in connection.execute(select(club_table_seats.c.table_id).where(quiet))
            }
            if found:
                connection.execute(club_table_seats.update().where(quiet).values(gone_at=now))
                self._grow(connection, found)
        return found

    def with_gone_seats(self) -> set[int]:
        """This evening's tables where a member's phone is gone."""
        query = (
            select(club_table_seats.c.table_id)
            .join(club_tables, club_tables.c.id == club_table_seats.c.table_id)
            .where(
                club_table_seats.c.gone_at.is_not(None),
                club_tables.c.opened_at > self.store.now() - EVENING,
            )
        )
        with reading(self.engine) as connection:
            return {row.table_id for row in connection.execute(query)}

    @staticmethod
    def _grow(connection: Any, table_ids: Iterable[int]) -> None:
        ids = sorted(set(table_ids))
        if ids:
            connection.execute(
                club_tables.update()
                .where(club_tables.c.id.in_(ids))
                .values(version=club_tables.c.version + 1)
            )

    def sit(self, table_id: int, learner_id: int, seat: int) -> int:
        """Seat the member at `seat`; one who sits at the table already keeps their own seat
        (coming back: the same hand), which is returned. `SeatTakenError` when someone else
        sits there. The table's version grows: every phone draws the new seating."""
        if seat not in SEATS:
            raise ValueError(f"a seat is 0 to 3, not {seat!r}")
        with writing(self.engine) as connection:
            # The table's row first: two members taking the last seat at once queue here.
            connection.execute(
                club_tables.update()
                .where(club_tables.c.id == table_id)
                .values(version=club_tables.c.version + 1)
            )
            taken = {
                row.seat: row.learner_id
                for row in connection.execute(
                    select(club_table_seats).where(club_table_seats.c.table_id == table_id)
                )
            }
            own = [s for s, learner in taken.items() if learner == learner_id]
            if own:
                return int(own[0])
            if seat in taken:
                raise SeatTakenError(f"seat {seat} is taken")
            connection.execute(
                club_table_seats.insert().values(
                    table_id=table_id, seat=seat, learner_id=learner_id, seen_at=self.store.now()
                )
            )
        return seat

    def save(
        self,
        seen: ClubTable,
        state: Mapping[str, Any],
        decisions: Sequence[tuple[int, AnswerRecord]] = (),
    ) -> ClubTable:
        """The table's match after a move made on `seen`, with the move's decisions (learner
        id, answer) stored as those members' answers, in one transaction. `TableMovedError`
        when the table is no longer at `seen`'s version (another phone moved first): nothing
        is stored, the phone draws the table as it is now."""
        rows = [self.store._answer_row(learner_id, answer) for learner_id, answer in decisions]
        with writing(self.engine) as connection:
            changed = connection.execute(
                club_tables.update()
                .where(club_tables.c.id == seen.id, club_tables.c.version == seen.version)
                .values(state=_json(state), version=club_tables.c.version + 1)
            ).rowcount
            if changed != 1:
                raise TableMovedError("the table has moved on meanwhile")
            if rows:
                connection.execute(answers.insert(), rows)
        found = self.by_id(seen.id)
        assert found is not None
        return found

    def hold(self, table_id: int, *, paused: bool) -> None:
        """The teacher pauses the table (no move is taken) or lets it go on."""
        with writing(self.engine) as connection:
            connection.execute(
                club_tables.update()
                .where(club_tables.c.id == table_id)
                .values(paused=paused, version=club_tables.c.version + 1)
            )

    def versions(self, group_id: int) -> dict[int, int]:
        """The versions of the group's tables of this evening: one query for the teacher's
        view of every table (and a process's feed for the phones at them)."""
        query = select(club_tables.c.id, club_tables.c.version).where(
            club_tables.c.group_id == group_id,
            club_tables.c.opened_at > self.store.now() - EVENING,
        )
        with reading(self.engine) as connection:
            return {row.id: row.version for row in connection.execute(query)}

    def live_versions(self) -> dict[int, tuple[int, int]]:
        """Every table of this evening: (version, 0), as a process's feed reads it once a tick
        for all the phones it holds (`app/live_feed.py`)."""
        query = select(club_tables.c.id, club_tables.c.version).where(
            club_tables.c.opened_at > self.store.now() - EVENING
        )
        with reading(self.engine) as connection:
            return {row.id: (row.version, 0) for row in connection.execute(query)}


def _aware(moment: datetime | None) -> datetime | None:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=UTC)


def _json(state: Mapping[str, Any]) -> str:
    return json.dumps(dict(state), ensure_ascii=False, sort_keys=True)


def _table(row: Any) -> ClubTable:
    state = read_json(row.state, "club table")
    if not isinstance(state, dict):
        raise DamagedRowError(f"the club table's match is not a record: {row.state!r:.40}")
    return ClubTable(row.id, row.group_id, row.code, state, row.version, bool(row.paused))
