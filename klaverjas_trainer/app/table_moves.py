"""A move at a table of members playing together, refereed: the member's seat is looked up, the
move is made on the match by the table core (which checks every call and card as at the Play
table), and the new match is saved with the decisions as the members' answers, against the
version the move was made on (`ClubTables.save`).

>>> _ = play  # e.g. make_move(tables, table, learner_id, play(card), seconds=4.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from klaverjas_core import Card, Seat
from klaverjas_table import TableGame
from klaverjas_table.table import Outcome
from klaverjas_trainer.app.answering import table_answer
from klaverjas_trainer.storage.club_tables import ClubTable, ClubTables

#: A move of the member at a seat: it changes the match and says what happened.
TableMove: TypeAlias = Callable[[TableGame, Seat], "Outcome | None"]


class TableMoveError(Exception):
    """A move the table refuses before the rules are asked (the page says why)."""


class NotSeatedError(TableMoveError):
    """The member does not sit at this table."""


class NotYourTurnError(TableMoveError):
    """Another seat is to call or play."""


class TablePausedError(TableMoveError):
    """The teacher holds the table."""


def make_move(
    tables: ClubTables, table: ClubTable, learner_id: int, move: TableMove, seconds: float
) -> tuple[ClubTable, Outcome | None]:
    """The member's `move` on `table` as the phone saw it: the table after it (saved) and the
    move's outcome. A refused card (coach mode) is saved too: the try is a decision. Raises a
    `TableMoveError`, the core's `TableError` for a move the match does not allow, or
    `TableMovedError` when another phone moved first (nothing saved)."""
    seats = tables.seats(table.id)
    mine = [Seat(seat) for seat, learner in seats.items() if learner == learner_id]
    if not mine:
        raise NotSeatedError("you do not sit at this table")
    if table.paused:
        raise TablePausedError("the teacher holds this table")
    game = TableGame.from_dict(table.state)
    before = len(game.steps())
    outcome = move(game, mine[0])
    decisions = [
        (seats[int(step.seat)], table_answer(game, step, seconds))
        for step in game.steps()[before:]
        if int(step.seat) in seats  # a seat nobody holds now decides nothing
    ]
    return tables.save(table, game.to_dict(), decisions), outcome


def _in_turn(game: TableGame, seat: Seat) -> None:
    if game.to_act != seat:
        raise NotYourTurnError(f"it is {game.to_act.name if game.to_act else 'nobody'}'s turn")


def call(choice: str) -> TableMove:
    """Pass (``"pass"``) or name trumps, in the member's turn."""

    def move(game: TableGame, seat: Seat) -> Outcome:
        _in_turn(game, seat)
        return game.call(choice)

    return move


def play(card: Card) -> TableMove:
    """Play a card from the member's hand, in their turn."""

    def move(game: TableGame, seat: Seat) -> Outcome:
        _in_turn(game, seat)
        return game.play(card)

    return move


def declare(amount: int) -> TableMove:
    """Declare roem on the trick the member's pair takes."""
    return lambda game, seat: game.declare_roem(amount, seat)


def turn_trick() -> TableMove:
    """Turn the trick on the table (anyone at it may)."""
    return lambda game, seat: game.turn_trick()


def call_revoke(revoker: Seat, trick: int) -> TableMove:
    """ "Verzaakt!" on `revoker`'s card in `trick` (0-based), called by the member."""
    return lambda game, seat: game.call_revoke(revoker, trick, by=seat)


def next_deal() -> TableMove:
    """Deal the next hand once the score is seen (anyone at the table may)."""

    def move(game: TableGame, seat: Seat) -> None:
        game.next_deal()

    return move
