"""Tables of members playing together (klaverjas_trainer/storage/club_tables.py), on SQLite and
PostgreSQL: a table is joined by its code, a member keeps their seat, a move is stored once
(checked against the version it was made on) with its decisions as the members' answers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest

from klaverjas_core import Seat
from klaverjas_table import TableGame
from klaverjas_trainer.app.answering import table_answer
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore, Group
from klaverjas_trainer.storage.club_tables import ClubTables, SeatTakenError, TableMovedError


@pytest.fixture
def setting(database: str) -> Iterator[tuple[ClubTables, ClubStore, Group]]:
    engine = make_engine(database)
    store = ProgressStore(engine)
    club = ClubStore(store)
    yield ClubTables(store), club, club.create_group("Thursday", "amsterdam")
    engine.dispose()


def members(club: ClubStore, group: Group, *names: str) -> list[int]:
    return [club.join(group.code, name).id for name in names]


def test_a_table_is_found_by_its_code_and_listed_with_its_group(
    setting: tuple[ClubTables, ClubStore, Group],
) -> None:
    tables, _, group = setting
    game = TableGame.new(seed=7, mode="club", humans=(Seat.SOUTH, Seat.WEST))
    table = tables.open(group.id, game.to_dict())
    assert tables.by_code(f" {table.code.lower()} ") == table  # as typed on a phone
    assert tables.by_code("ZZZZZZ") is None
    assert tables.of_group(group.id) == [table]
    assert tables.versions(group.id) == {table.id: table.version}
    assert TableGame.from_dict(table.state).to_dict() == game.to_dict()  # the match, kept


def test_a_member_keeps_their_seat_and_a_taken_seat_is_refused(
    setting: tuple[ClubTables, ClubStore, Group],
) -> None:
    tables, club, group = setting
    anna, bert = members(club, group, "Anna", "Bert")
    table = tables.open(group.id, TableGame.new(seed=1).to_dict())
    assert tables.sit(table.id, anna, int(Seat.SOUTH)) == int(Seat.SOUTH)
    with pytest.raises(SeatTakenError):
        tables.sit(table.id, bert, int(Seat.SOUTH))
    assert tables.sit(table.id, bert, int(Seat.WEST)) == int(Seat.WEST)
    assert tables.sit(table.id, anna, int(Seat.NORTH)) == int(Seat.SOUTH)  # back: her own seat
    assert tables.seats(table.id) == {int(Seat.SOUTH): anna, int(Seat.WEST): bert}
    assert tables.by_id(table.id).version > table.version  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="seat"):
        tables.sit(table.id, anna, 4)


def test_a_move_is_stored_once_with_its_decisions_as_the_members_answers(
    setting: tuple[ClubTables, ClubStore, Group],
) -> None:
    tables, club, group = setting
    anna, bert = members(club, group, "Anna", "Bert")
    who = {Seat.SOUTH: anna, Seat.WEST: bert}
    game = TableGame.new(seed=2, rules="rotterdam", humans=tuple(who))
    table = tables.open(group.id, game.to_dict())
    stored = 0
    while game.phase in ("call", "play", "trick"):  # the first deal, one move at a time
        before = len(game.steps())
        if game.phase == "call":
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            game.turn_trick()
        else:
            game.play(next(iter(game.legal_cards())))
        steps = game.steps()[before:]
        decisions = [(who[step.seat], table_answer(game, step, 3.0)) for step in steps]
        with pytest.raises(TableMovedError):  # a move made on an older version: nothing kept
            tables.save(replace(table, version=table.version - 1), game.to_dict(), decisions)
        table = tables.save(table, game.to_dict(), decisions)
        stored += len(decisions)
    store = club.store
    assert stored > 0
    assert len(store.answers(anna)) + len(store.answers(bert)) == stored
    for learner, seat in ((anna, Seat.SOUTH), (bert, Seat.WEST)):
        mine = [s for s in game.steps() if s.seat is seat]
        assert len(store.answers(learner)) == len(mine)
    again = TableGame.from_dict(tables.by_id(table.id).state)  # type: ignore[union-attr]
    assert again.to_dict() == game.to_dict()


def test_two_phones_playing_the_same_turn_store_one_move(
    setting: tuple[ClubTables, ClubStore, Group],
) -> None:
    tables, _, group = setting
    game = TableGame.new(seed=4, humans=tuple(Seat))
    seen = tables.open(group.id, game.to_dict())
    results: list[str] = []

    def move() -> None:
        try:
            tables.save(seen, game.to_dict())
            results.append("stored")
        except TableMovedError:
            results.append("moved")

    threads = [threading.Thread(target=move) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["moved", "moved", "moved", "stored"]
    assert tables.by_id(seen.id).version == seen.version + 1  # type: ignore[union-attr]
