"""What happened in a deal, as its score needs it; `scoring` settles it under a rule set.

A `DealRecord` is the deal as played: the eight tricks, the roem declared, the revokes and the
"verzaakt!" calls. `DealTotals` is a deal as a score sheet shows it: per-pair totals. Neither
holds a rule: variants and misbeliefs come from the `RuleSet` the deal is scored under, so no
caller picks rules apart to pass them on.

>>> record = DealRecord([(0, "A♣ 7♣ 7♦ K♣")] * 8, "♥", choosers=0)
>>> record.revoke is None                   # no revoke was made
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from klaverjas_core.cards import Card, Suit
from klaverjas_core.revokes import Revoke, counted_revoke
from klaverjas_core.seats import Seat

__all__ = ["DealRecord", "DealTotals", "TrickRecord"]

#: One trick: the leader's seat (0-3) and the four cards in play order (or their notation).
TrickRecord = tuple[int, Sequence[Card] | str]


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as played. `declared` lists the tricks (0-7) whose roem was declared (None: all);
    `stuk_announced` is for `stuk_from_hand` (None: with its trick's roem). `revokes` are the
    revokes made, in play order, and `called` the calls made on them, as seat and trick (None:
    every revoke was called)."""

    tricks: Sequence[TrickRecord]
    trump: Suit | str
    choosers: int
    declared: Collection[int] | None = None
    stuk_announced: bool | None = None
    revokes: Sequence[Revoke] = ()
    called: Collection[tuple[Seat, int]] | None = None

    @property
    def revoke(self) -> Revoke | None:
        """The revoke that loses the deal (`counted_revoke`), if any."""
        return counted_revoke(self.revokes, self.called)


@dataclass(frozen=True, slots=True)
class DealTotals:
    """A finished deal as per-pair totals (pair 0 first): card points with the last trick's
    10, declared roem, roem shown but not declared, tricks won (if shown), the pair that took
    every trick (derived from `tricks_won` when given) and the pair whose called revoke
    counts, with what it took in that revoke's trick (card points, declared roem, tricks 0 or
    1) where that is shown."""

    card_points: tuple[int, int]
    roem: tuple[int, int]
    choosers: int
    undeclared_roem: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] | None = None
    pit: int | None = None
    revoked_by: int | None = None
    revoke_trick: tuple[int, int, int] | None = None
