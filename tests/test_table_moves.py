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
    TableNotDealtError,
    TablePausedError,
    TableSetup,
    call,
    call_revoke,
    game_of,
    make_move,
    open_table,
    play,
    setup_of,
    start,
    take_seat,
    turn_trick,
)
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.club_tables import (
    ClubTable,
    ClubTables,
    SeatTakenError,
    TableMovedError,
)


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


def test_a_table_waits_for_its_members_and_a_latecomer_takes_over_a_computer_seat(
    room: Room,
) -> None:
    """A table opened with its set-up deals nothing until a seated member starts it; a member
    who sits down later plays that seat from where the match stands, with its hand."""
    setup = TableSetup("amsterdam", "coach", "basic", 8, "never")
    table = open_table(room.tables, room.now().group_id, room.anna, setup, Seat.SOUTH)
    assert game_of(table) is None and setup_of(table) == setup
    with pytest.raises(TableNotDealtError):
        make_move(room.tables, table, room.anna, call("pass"), 1.0)
    assert take_seat(room.tables, table.id, room.bert, Seat.WEST) is Seat.WEST
    assert take_seat(room.tables, table.id, room.bert, Seat.NORTH) is Seat.WEST  # kept
    with pytest.raises(SeatTakenError):
        take_seat(room.tables, table.id, room.carla, Seat.SOUTH)
    with pytest.raises(NotSeatedError):
        start(room.tables, table.id, room.carla)
    dealt = start(room.tables, table.id, room.anna)
    with pytest.raises(TableMovedError):  # Bert's tap on "deal" came second
        start(room.tables, table.id, room.bert)
    game = game_of(dealt)
    assert game is not None and game.humans == (Seat.SOUTH, Seat.WEST)
    assert game.deal.hand(Seat.NORTH) == setup.game((Seat.SOUTH,)).deal.hand(Seat.NORTH)
    at = {Seat.SOUTH: room.anna, Seat.WEST: room.bert}
    for _ in range(6):  # a few decisions in, then Carla sits North
        now = room.tables.by_id(table.id)
        game = game_of(now)  # type: ignore[arg-type]
        assert now is not None and game is not None
        if game.phase == "trick":
            make_move(room.tables, now, room.anna, turn_trick(), 1.0)
            continue
        assert game.to_act in at
        move = call("♥" if game.must_name else "pass") if game.phase == "call" else None
        make_move(
            room.tables, now, at[game.to_act], move or play(next(iter(game.legal_cards()))), 1.0
        )
    before = game_of(room.tables.by_id(table.id))  # type: ignore[arg-type]
    take_seat(room.tables, table.id, room.carla, Seat.NORTH)
    game = game_of(room.tables.by_id(table.id))  # type: ignore[arg-type]
    assert before is not None and game is not None
    assert game.humans == (Seat.NORTH, Seat.SOUTH, Seat.WEST)
    assert game.deal.hand(Seat.NORTH) == before.deal.hand(Seat.NORTH)  # where the match stands
    assert game.deal.tricks == before.deal.tricks and game.deal.current == before.deal.current
