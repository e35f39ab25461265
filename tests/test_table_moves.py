"""Members playing together, refereed (klaverjas_trainer/app/table_moves.py): each member moves
from their own phone in their own turn, the core checks every card, and each decision is stored
as the answer of the member who made it; a stale phone, a member not seated and a held table
are refused with nothing stored."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from klaverjas_core import Seat
from klaverjas_table import TableGame
from klaverjas_trainer.app.table_moves import (
    NotSeatedError,
    NotYourTurnError,
    TablePausedError,
    call,
    call_revoke,
    make_move,
    play,
    turn_trick,
)
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.club_tables import ClubTable, ClubTables, TableMovedError


class Room:
    """A group with a table where Anna sits South and Bert West; Carla is a member who does
    not sit at it."""

    def __init__(self, database: str, mode: str = "coach") -> None:
        self.engine = make_engine(database)
        self.club = ClubStore(ProgressStore(self.engine))
        group = self.club.create_group("Thursday", "amsterdam")
        self.anna, self.bert, self.carla = (
            self.club.join(group.code, name).id for name in ("Anna", "Bert", "Carla")
        )
        self.tables = ClubTables(self.club.store)
        game = TableGame.new(seed=8, mode=mode, humans=(Seat.SOUTH, Seat.WEST), revokes="never")
        self.table = self.tables.open(group.id, game.to_dict())
        self.tables.sit(self.table.id, self.anna, int(Seat.SOUTH))
        self.tables.sit(self.table.id, self.bert, int(Seat.WEST))
        self.at = {Seat.SOUTH: self.anna, Seat.WEST: self.bert}

    def now(self) -> ClubTable:
        table = self.tables.by_id(self.table.id)
        assert table is not None
        return table

    def game(self) -> TableGame:
        return TableGame.from_dict(self.now().state)

    def answers(self, learner: int) -> int:
        return len(self.club.store.answers(learner))


@pytest.fixture
def room(database: str) -> Iterator[Room]:
    made = Room(database)
    yield made
    made.engine.dispose()


def test_each_member_plays_in_their_own_turn_and_owns_their_decisions(room: Room) -> None:
    while (game := room.game()).phase in ("call", "play", "trick"):
        table = room.now()
        if game.phase == "trick":
            make_move(room.tables, table, room.bert, turn_trick(), 1.0)
            continue
        seat = game.to_act
        assert seat in room.at
        other = room.bert if seat is Seat.SOUTH else room.anna
        move = call("♥" if game.must_name else "pass") if game.phase == "call" else None
        if move is None:
            move = play(next(iter(game.legal_cards())))
        with pytest.raises(NotYourTurnError):
            make_move(room.tables, table, other, move, 2.0)
        with pytest.raises(NotSeatedError):
            make_move(room.tables, table, room.carla, move, 2.0)
        make_move(room.tables, table, room.at[seat], move, 2.0)
        with pytest.raises(TableMovedError):  # the same tap again, from the screen before
            make_move(room.tables, table, room.at[seat], move, 2.0)
    game = room.game()
    assert game.phase == "score" and sum(game.score().points) >= 162
    for seat, learner in room.at.items():
        assert room.answers(learner) == len([s for s in game.steps() if s.seat is seat])
    assert room.answers(room.carla) == 0


def test_a_held_table_takes_no_move(room: Room) -> None:
    room.tables.hold(room.table.id, paused=True)
    game = room.game()
    move = call("pass") if game.phase == "call" else play(next(iter(game.legal_cards())))
    seat = game.to_act
    assert seat is not None
    with pytest.raises(TablePausedError):
        make_move(room.tables, room.now(), room.at[seat], move, 1.0)
    room.tables.hold(room.table.id, paused=False)
    make_move(room.tables, room.now(), room.at[seat], move, 1.0)


def test_at_a_club_table_a_member_calls_the_other_members_revoke(database: str) -> None:
    room = Room(database, mode="club")
    try:
        while (game := room.game()).phase in ("call", "play", "trick"):
            table = room.now()
            if game.phase == "trick":
                make_move(room.tables, table, room.anna, turn_trick(), 1.0)
                continue
            seat = game.to_act
            assert seat is not None
            if game.phase == "call":
                make_move(
                    room.tables, table, room.at[seat], call("♥" if game.must_name else "pass"), 1.0
                )
                continue
            legal = game.legal_cards()
            illegal = [c for c in game.deal.hand(seat) if c not in legal]
            revoked = seat is Seat.SOUTH and illegal and not game.deal.revokes
            card = illegal[0] if revoked else next(iter(legal))
            make_move(room.tables, table, room.at[seat], play(card), 1.0)
            if revoked:
                (revoke,) = room.game().deal.revokes  # what the table saw: Anna's card
                assert revoke.seat is Seat.SOUTH
                _, outcome = make_move(
                    room.tables, room.now(), room.bert, call_revoke(Seat.SOUTH, revoke.trick), 3.0
                )
                assert outcome is not None and outcome.right  # type: ignore[union-attr]
                break
        else:
            pytest.fail("Anna never could revoke")
        game = room.game()
        calls = [s for s in game.steps() if s.question == "who-revoked"]
        assert [(s.seat, s.correct) for s in calls] == [(Seat.WEST, True)]
        assert room.answers(room.bert) == len([s for s in game.steps() if s.seat is Seat.WEST])
    finally:
        room.engine.dispose()
