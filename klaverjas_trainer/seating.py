"""Who sits where in a picture of the table: the learner's seat at the bottom, the next seat
(where the turn passes) on the left, the partner at the top, the previous seat on the right.

Pure: the app's table and the printed worksheets place seats with the same functions.

>>> from klaverjas_core import parse_cards
>>> place(Seat.WEST, viewer=Seat.SOUTH), place(Seat.NORTH, viewer=Seat.EAST)
('left', 'right')
>>> led = trick_by_seat(Seat.WEST, parse_cards("A♣ 7♣"))
>>> [(seat.name, str(card)) for seat, card in led.items()]
[('WEST', 'A♣'), ('NORTH', '7♣')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from klaverjas_core import Card, Seat

#: Places around the table, clockwise from the bottom: the turn passes to the left.
PLACES: Final = ("bottom", "left", "top", "right")

#: Catalogue keys of each place's role, seen from the bottom seat.
ROLE_KEYS: Final = {
    "bottom": "role-you",
    "left": "player-3",  # left opponent
    "top": "player-2",  # partner
    "right": "player-1",  # right opponent
}


def place(seat: Seat, viewer: Seat | None) -> str:
    """Where `seat` is drawn when `viewer` sits at the bottom (South when nobody is "you")."""
    bottom = Seat.SOUTH if viewer is None else viewer
    return PLACES[(seat - bottom) % 4]


def role_key(seat: Seat, viewer: Seat | None) -> str | None:
    """The catalogue key of `seat` seen from `viewer` ("you", partner, left or right
    opponent); None when the picture has no "you" (a deal judged from outside)."""
    return None if viewer is None else ROLE_KEYS[place(seat, viewer)]


def trick_by_seat(leader: Seat, cards: Sequence[Card]) -> dict[Seat, Card]:
    """A trick's cards by the seat that played them, led from `leader`."""
    return {Seat((leader + i) % 4): card for i, card in enumerate(cards)}


def leader_of(mover: Seat, played: int) -> Seat:
    """Who led a trick in which `played` cards lie before `mover`'s turn."""
    return Seat((mover - played) % 4)
