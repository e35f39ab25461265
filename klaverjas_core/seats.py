"""The four seats, clockwise; seats 0 and 2 (N+S) are pair 0, seats 1 and 3 (E+W) pair 1.

>>> Seat.NORTH.left, Seat.WEST.left, Seat.EAST.partner, Seat.SOUTH.pair
(<Seat.EAST: 1>, <Seat.NORTH: 0>, <Seat.WEST: 3>, 0)
"""

from __future__ import annotations

from enum import IntEnum

from klaverjas_core.errors import NotationError


class Seat(IntEnum):
    """A seat at the table; the int value is the seat number used by `score_deal`."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise: where the deal and the turn pass to."""
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def pair(self) -> int:
        return self % 2

    @property
    def letter(self) -> str:
        """The seat in notation: N, E, S or W (learners see the catalogue's seat names)."""
        return self.name[0]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``N``/``E``/``S``/``W`` or the full name, any case.

        >>> Seat.parse("w"), Seat.parse("North")
        (<Seat.WEST: 3>, <Seat.NORTH: 0>)
        """
        found = _BY_NAME.get(text.strip().upper()) if isinstance(text, str) else None
        if found is None:
            raise NotationError(f"`{text}` is not a seat (write N, E, S or W)")
        return found

    def __str__(self) -> str:
        return self.letter


_BY_NAME = {seat.name[0]: seat for seat in Seat} | {seat.name: seat for seat in Seat}
