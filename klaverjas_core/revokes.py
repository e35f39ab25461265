"""Revokes (verzakingen) and the one that decides a deal.

RULES.md: the revoking pair loses the deal, and only the first revoke of a deal counts. At a
table a revoke counts only when someone calls it ("verzaakt!"), so of the revokes called the
first played decides, even when a later one was called first.

>>> from klaverjas_core import check_card
>>> west = Revoke(0, Seat.WEST, check_card("7♣", "7♣ 8♥", "10♥", "♠"))    # holds a heart
>>> south = Revoke(0, Seat.SOUTH, check_card("8♦", "8♦ K♥", "10♥ 7♣", "♠"))
>>> counted_revoke([west, south]).seat.name            # both called: the first counts
'WEST'
>>> counted_revoke([west, south], called=[(Seat.SOUTH, 0)]).seat.name
'SOUTH'
>>> counted_revoke([west, south], called=[]) is None   # nobody called: none counts
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from klaverjas_core.cards import Card
from klaverjas_core.legality import Verdict
from klaverjas_core.seats import Seat

__all__ = ["Revoke", "counted_revoke"]


@dataclass(frozen=True, slots=True)
class Revoke:
    """A card a referee accepted although the rules forbid it (verzaking)."""

    trick: int  # 0-7
    seat: Seat
    verdict: Verdict

    @property
    def card(self) -> Card:
        return self.verdict.card


def counted_revoke(
    revokes: Sequence[Revoke], called: Collection[tuple[Seat, int]] | None = None
) -> Revoke | None:
    """The revoke that loses the deal: the first in play order of those `called` (each as
    seat and trick, 0-7); with `called` None every revoke is called. None when none counts."""
    for revoke in revokes:
        if called is None or (revoke.seat, revoke.trick) in called:
            return revoke
    return None
