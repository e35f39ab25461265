"""A move at a table of members playing together, refereed: the member's seat is looked up, the
move is made on the match by the table core (which checks every call and card as at the Play
table), and the new match is saved with the decisions as the members' answers, against the
version the move was made on (`ClubTables.save`).

A table is opened with its set-up (`TableSetup`: the rules, coach or club, the computers'
level, the deal number) and no cards dealt, so the members can sit down first; the first deal
is dealt when one of them starts it, and a member who sits down later takes over a computer's
seat where the match stands. Who plays is kept in step with whose phones are at the table
(`keep_tables`, with the times of `table_presence.py`); the teacher may take back a card
(`take_back`).

>>> _ = play  # e.g. make_move(tables, table, learner_id, play(card), seconds=4.0)
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final, TypeAlias

from klaverjas_core import Card, Seat
from klaverjas_table import TableGame
from klaverjas_table.table import Outcome
from klaverjas_trainer.app.answering import table_answer
from klaverjas_trainer.app.table_presence import QUIET, people_at
from klaverjas_trainer.storage.club_tables import ClubTable, ClubTables, TableMovedError
from klaverjas_trainer.storage.store import AnswerRecord

#: Where the table's state keeps what the teacher took back, for the phones to say until the
#: table's next move (the table core does not read it; the next move's save leaves it out).
NOTICE: Final = "taken_back"
#: A reason longer than this is cut: it is a line on a phone.
REASON_LENGTH: Final = 200
#: How often a seating change is tried again when a move came in between (each try reads the
#: table anew; a table where more than this many moves land at once is not a club's).
SEATING_TRIES: Final = 5

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


class TableNotDealtError(TableMoveError):
    """The table waits for its members: nothing is dealt yet."""


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What a table will deal: its rules, coach or club, the computers' level and how often
    they revoke, and the deal number (the same number: the same cards at every table)."""

    rules: str
    mode: str
    level: str
    seed: int
    revokes: str

    def game(self, humans: tuple[Seat, ...]) -> TableGame:
        """The first deal, dealt with people at `humans` (the core checks the set-up)."""
        return TableGame.new(
            self.seed, self.rules, self.mode, self.level, self.revokes, humans=humans
        )


def setup_of(table: ClubTable) -> TableSetup | None:
    """The set-up of a table not dealt yet, else None."""
    saved = table.state.get("setup")
    return None if saved is None else TableSetup(**saved)


def game_of(table: ClubTable) -> TableGame | None:
    """The table's match, None before its first deal."""
    return None if "setup" in table.state else TableGame.from_dict(table.state)


def open_table(
    tables: ClubTables, group_id: int, learner_id: int, setup: TableSetup, seat: Seat
) -> ClubTable:
    """A new table of the group, not dealt yet, with the member who opened it at `seat`."""
    setup.game((seat,))  # a set-up the core refuses is refused before a table exists
    table = tables.open(group_id, {"setup": dataclasses.asdict(setup)})
    tables.sit(table.id, learner_id, int(seat))
    return _read(tables, table.id)


def take_seat(tables: ClubTables, table_id: int, learner_id: int, seat: Seat) -> Seat:
    """The member sits at `seat` (one seated already keeps their seat, which is returned);
    in a match under way they take over that seat from the computer where the match stands.
    `SeatTakenError` when another member sits there."""
    taken = Seat(tables.sit(table_id, learner_id, int(seat)))
    _seat_people(tables, table_id)
    return taken


def start(tables: ClubTables, table_id: int, learner_id: int) -> ClubTable:
    """Deal the first hand with the members seated now (only one of them may; a phone that
    has not drawn the latest seating yet deals to it too); `TableMovedError` when the table
    is dealt already, or changed while it was dealt."""
    table = _read(tables, table_id)
    setup = setup_of(table)
    seats = tables.seats(table.id)
    if learner_id not in seats.values():
        raise NotSeatedError("you do not sit at this table")
    if setup is None:
        raise TableMovedError("the table is dealt already")
    game = setup.game(tuple(Seat(seat) for seat in seats))
    return tables.save(table, game.to_dict(), _decisions(game, 0, seats, 0.0))


@dataclass(frozen=True, slots=True)
class TakenBack:
    """A card the teacher took back, and why (as the teacher put it)."""

    seat: Seat
    card: Card
    reason: str


def take_back(tables: ClubTables, table_id: int, reason: str) -> TakenBack:
    """The teacher takes back the last card a person played at the table, and the computers'
    cards after it (`TableGame.take_back`); the phones say so, with `reason`, until the
    table's next move. `TableError` when there is nothing to take back, `TableNotDealtError`
    before the deal, `TableMovedError` when a phone moved meanwhile (nothing changed)."""
    table = _read(tables, table_id)
    game = game_of(table)
    if game is None:
        raise TableNotDealtError("the cards are not dealt yet")
    seat, card = game.take_back()
    taken = TakenBack(seat, card, " ".join(reason.split())[:REASON_LENGTH])
    notice = {"seat": int(seat), "card": str(card), "reason": taken.reason}
    tables.save(table, {**game.to_dict(), NOTICE: notice})
    return taken


def taken_back(table: ClubTable) -> TakenBack | None:
    """What the teacher took back since the table's last move, if anything."""
    notice = table.state.get(NOTICE)
    if not isinstance(notice, dict):
        return None
    return TakenBack(Seat(notice["seat"]), Card.parse(notice["card"]), str(notice["reason"]))


def keep_tables(tables: ClubTables, phones: Iterable[tuple[int, int]]) -> None:
    """A process's look at its tables (`live_feed.py`, every few seconds while phones listen):
    the (table, seat)s whose phones it holds are seen now; seats unseen for `QUIET` are marked
    gone; at every table with a gone seat, or a seat just back, the people are made those
    present (a computer plays a seat gone for `WAIT`, a member back plays it again)."""
    phones = set(phones)
    changed = tables.seen(phones) | tables.gone_quiet(QUIET) | tables.with_gone_seats()
    for table_id in changed | {table for table, _ in phones}:
        with contextlib.suppress(TableMovedError, LookupError):  # tried again next time
            _seat_people(tables, table_id)


def come_back(tables: ClubTables, table_id: int, seat: Seat) -> None:
    """The member's phone is at the table again (it draws it): the seat is theirs to play."""
    if tables.seen([(table_id, int(seat))]):
        _seat_people(tables, table_id)


def _seat_people(tables: ClubTables, table_id: int) -> None:
    """The match's people made the ones present now (`people_at`), tried again if a move came
    in between."""
    for _ in range(SEATING_TRIES):
        table = _read(tables, table_id)
        game = game_of(table)
        seated = tables.seated(table_id)
        seats = {seat: member.learner_id for seat, member in seated.items()}
        people = people_at(seated, tables.store.now())
        if game is None or game.humans == people or not people:
            return
        before = len(game.steps())
        game.seat_people(people)
        try:
            tables.save(table, game.to_dict(), _decisions(game, before, seats, 0.0))
        except TableMovedError:
            continue
        return
    raise TableMovedError("the table kept moving while the seats changed")


def _read(tables: ClubTables, table_id: int) -> ClubTable:
    table = tables.by_id(table_id)
    if table is None:
        raise LookupError(f"no table {table_id}")
    return table


def _decisions(
    game: TableGame, before: int, seats: Mapping[int, int], seconds: float
) -> list[tuple[int, AnswerRecord]]:
    """The decisions made since step `before`, each as the answer of the member at its seat
    (a seat nobody holds now decides nothing)."""
    return [
        (seats[int(step.seat)], table_answer(game, step, seconds))
        for step in game.steps()[before:]
        if int(step.seat) in seats
    ]


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
    game = game_of(table)
    if game is None:
        raise TableNotDealtError("the cards are not dealt yet")
    before = len(game.steps())
    outcome = move(game, mine[0])
    return tables.save(table, game.to_dict(), _decisions(game, before, seats, seconds)), outcome


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
