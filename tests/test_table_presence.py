"""A member whose phone leaves the table (klaverjas_trainer/app/table_presence.py, `keep_tables`):
not seen for `QUIET`, the seat is marked gone and the table's version grows (the other phones say
so); after `WAIT` a computer plays the seat; when the phone is back (its stream open again, or
its page drawn), the member plays the same seat and hand where the match stands. A table whose
members all left is kept as it is. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from klaverjas_core import Seat
from klaverjas_table import TableGame
from klaverjas_trainer.app.table_moves import (
    TableSetup,
    call,
    come_back,
    game_of,
    keep_tables,
    make_move,
    open_table,
    play,
    start,
    take_seat,
    turn_trick,
)
from klaverjas_trainer.app.table_presence import QUIET, WAIT, people_at
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.club_tables import ClubTable, ClubTables, Seated


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 12, 5, 20, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def passes(self, span: timedelta) -> None:
        self.at += span


class Evening:
    """Anna (South) and Bert (West) at a dealt coach table; the test's clock."""

    def __init__(self, database: str) -> None:
        self.clock = Clock()
        self.engine = make_engine(database)
        self.club = ClubStore(ProgressStore(self.engine, now=self.clock))
        group = self.club.create_group("Friday", "amsterdam")
        self.anna, self.bert = (self.club.join(group.code, name).id for name in ("Anna", "Bert"))
        self.tables = ClubTables(self.club.store)
        setup = TableSetup("amsterdam", "coach", "basic", 8, "never")
        table = open_table(self.tables, group.id, self.anna, setup, Seat.SOUTH)
        take_seat(self.tables, table.id, self.bert, Seat.WEST)
        self.id = start(self.tables, table.id, self.anna).id
        self.at = {Seat.SOUTH: self.anna, Seat.WEST: self.bert}

    def now(self) -> ClubTable:
        table = self.tables.by_id(self.id)
        assert table is not None
        return table

    def game(self) -> TableGame:
        game = game_of(self.now())
        assert game is not None
        return game

    def phones(self, *seats: Seat) -> set[tuple[int, int]]:
        return {(self.id, int(seat)) for seat in seats}

    def play_until(self, seat: Seat) -> None:
        """The people play on (passes, first legal cards) until `seat` is to play a card."""
        while not ((game := self.game()).phase == "play" and game.to_act is seat):
            table = self.now()
            if game.phase == "trick":
                make_move(self.tables, table, self.anna, turn_trick(), 1.0)
                continue
            assert game.to_act in self.at
            move = call("♥" if game.must_name else "pass") if game.phase == "call" else None
            card = None if move else next(iter(game.legal_cards()))
            make_move(self.tables, table, self.at[game.to_act], move or play(card), 1.0)  # type: ignore[arg-type]


@pytest.fixture
def evening(database: str) -> Iterator[Evening]:
    made = Evening(database)
    yield made
    made.engine.dispose()


def test_a_phone_gone_is_waited_for_then_played_by_the_computer_until_it_is_back(
    evening: Evening,
) -> None:
    evening.play_until(Seat.WEST)
    hand = evening.game().deal.hand(Seat.WEST)
    version = evening.now().version
    keep_tables(evening.tables, evening.phones(Seat.SOUTH, Seat.WEST))  # both there
    assert evening.now().version == version  # nothing to tell

    evening.clock.passes(QUIET + timedelta(seconds=1))
    keep_tables(evening.tables, evening.phones(Seat.SOUTH))  # Bert's phone closed
    seated = evening.tables.seated(evening.id)
    assert seated[int(Seat.WEST)].gone_at == evening.clock.at  # told: the version grew
    assert seated[int(Seat.SOUTH)].gone_at is None and evening.now().version == version + 1
    assert evening.game().to_act is Seat.WEST  # waited for: nobody plays his card yet

    evening.clock.passes(WAIT)
    keep_tables(evening.tables, evening.phones(Seat.SOUTH))
    game = evening.game()
    assert game.humans == (Seat.SOUTH,)  # the computer played West's card and on
    assert Seat.WEST not in (game.to_act,) and len(game.deal.hand(Seat.WEST)) < len(hand)

    evening.clock.passes(timedelta(seconds=20))
    come_back(evening.tables, evening.id, Seat.WEST)  # his page drawn again
    game = evening.game()
    assert game.humans == (Seat.SOUTH, Seat.WEST)
    assert evening.tables.seated(evening.id)[int(Seat.WEST)].gone_at is None
    assert set(game.deal.hand(Seat.WEST)) <= set(hand)  # the same hand, where the match is


def test_a_phone_back_within_the_wait_plays_on_and_one_back_by_its_stream_too(
    evening: Evening,
) -> None:
    evening.play_until(Seat.SOUTH)
    evening.clock.passes(QUIET + timedelta(seconds=1))
    keep_tables(evening.tables, evening.phones(Seat.WEST))  # Anna's phone locked its screen
    assert evening.tables.seated(evening.id)[int(Seat.SOUTH)].gone_at is not None
    evening.clock.passes(WAIT / 2)
    keep_tables(evening.tables, evening.phones(Seat.SOUTH, Seat.WEST))  # her stream is back
    assert evening.tables.seated(evening.id)[int(Seat.SOUTH)].gone_at is None
    assert evening.game().humans == (Seat.SOUTH, Seat.WEST)
    assert evening.game().to_act is Seat.SOUTH  # nothing was played for her


def test_a_table_whose_members_all_left_is_kept_as_it_is(evening: Evening) -> None:
    evening.play_until(Seat.WEST)
    before = evening.now().state
    evening.clock.passes(QUIET + WAIT + timedelta(seconds=1))
    keep_tables(evening.tables, set())  # another table's phones: nobody here
    evening.clock.passes(WAIT)
    keep_tables(evening.tables, set())
    assert evening.now().state == before
    come_back(evening.tables, evening.id, Seat.WEST)  # Bert first: he plays on
    assert evening.game().to_act is Seat.WEST and evening.game().humans == (Seat.WEST,)


def test_the_people_are_the_seated_but_those_gone_for_the_wait() -> None:
    now = datetime(2026, 12, 5, 21, tzinfo=UTC)
    seated = {
        0: Seated(1, now, None),
        1: Seated(2, now, now - WAIT + timedelta(seconds=1)),  # gone, still waited for
        3: Seated(3, now, now - WAIT),
    }
    assert people_at(seated, now) == (Seat.NORTH, Seat.EAST)
