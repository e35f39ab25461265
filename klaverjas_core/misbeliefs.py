"""Wrong rules newcomers follow, as flags the core can play and score by.

A `Misbelief` is not a house rule: no table plays by it. The trainer switches one on in a
`RuleSet` (``AMSTERDAM.believing(Misbelief.ALWAYS_OVERTRUMP)``) to ask what a learner who holds
it would answer, and compares that with the learner's own answers. Every flag is a branch of
the one decision cascade, trick order or scorer, never a copy of it.

>>> from klaverjas_core import AMSTERDAM, legal_cards
>>> hand, trick = "Q♥ 7♦", "A♣ 7♣"                  # seed 000: partner A♣ is winning
>>> str(legal_cards(hand, trick, "♥", AMSTERDAM))
'<LegalCards Q♥ 7♦ (play.partner-winning)>'
>>> believed = AMSTERDAM.believing(Misbelief.ALWAYS_OVERTRUMP)
>>> str(legal_cards(hand, trick, "♥", believed))
'<LegalCards Q♥ (play.must-trump)>'
"""

from __future__ import annotations

from enum import IntFlag
from typing import Final

__all__ = ["MISBELIEF_NAMES", "NO_MISBELIEF", "Misbelief"]


class Misbelief(IntFlag):
    """One wrong rule; the names (in `MISBELIEF_NAMES`) are stored with a learner's diagnosis."""

    #: Void in a plain suit: trump and overtrump whoever wins, your partner too (Amsterdam).
    ALWAYS_OVERTRUMP = 1
    #: Trumps led: any trump will do, a higher one is not required.
    NO_OVERTRUMP_ON_TRUMP_LEAD = 2
    #: Void in a plain suit: any card, although a trump is held.
    DISCARD_WHEN_VOID = 4
    #: Void in a plain suit: any trump may be played, a lower one too.
    UNDERTRUMP_FREELY = 8
    #: Void, unable to overtrump: a lower trump must be played (Rotterdam, in Amsterdam).
    MUST_UNDERTRUMP = 16
    #: Plain suits ranked A K 10 Q J 9 8 7: the 10 below the king (and tricks of a deal
    #: credited by that order).
    TEN_BELOW_KING = 32
    #: Trumps ranked J A 9 10 K Q 8 7: the ace above the nine (and tricks of a deal credited
    #: by that order).
    ACE_ABOVE_NINE = 64
    #: Equal totals: the choosers are not nat.
    TIE_NOT_NAT = 128
    #: All eight tricks earn no 100 for the pit.
    PIT_FORGOTTEN = 256
    #: Roem counts whether or not it was declared.
    ROEM_WITHOUT_DECLARING = 512
    #: The last trick earns no 10: a deal is worth 152 (nat gives the other pair 152 + roem).
    LAST_TRICK_FORGOTTEN = 1024
    #: Each roem goes to the pair that played more of the cards that make it (a run's, a
    #: stuk's), not to the trick's taker (who keeps it when both pairs played as many).
    ROEM_TO_HOLDER = 2048
    #: A called revoke costs the revoking pair only the trick it was made in (its points and
    #: roem go to the other pair); the deal is then scored as if nobody had revoked.
    REVOKE_COSTS_TRICK = 4096


#: No misbelief at all: the rules as they are.
NO_MISBELIEF: Final = Misbelief(0)

#: Each flag's stored name, e.g. ``always-overtrump``.
MISBELIEF_NAMES: Final[dict[Misbelief, str]] = {
    flag: str(flag.name).lower().replace("_", "-") for flag in Misbelief
}
