"""Random legal play-outs on integers: fast enough to record thousands of deals for tests,
benchmarks and puzzle generation.

>>> import random
>>> record = random_playout(random.Random(1))
>>> len(record.tricks), sum(len(cards) for _, cards in record.tricks)
(8, 32)
>>> sum(record.card_points) == 162
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from klaverjas_core.legality import decide
from klaverjas_core.ruleset import AMSTERDAM, RuleSet
from klaverjas_core.scoring import LAST_TRICK_BONUS
from klaverjas_core.tricks import points_of, roem_of_mask, winner_index

__all__ = ["PlayedDeal", "PositionRecord", "random_playout"]


@dataclass(frozen=True, slots=True)
class PositionRecord:
    """One decision of a play-out: the mover's hand mask and the trick so far (indices)."""

    hand: int
    trick: tuple[int, ...]
    trump: int
    seat: int


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A dealt and legally played deal, as integers (card indices, seats 0-3)."""

    hands: tuple[int, int, int, int]  # the masks as dealt
    trump: int
    choosers: int
    first_leader: int
    tricks: tuple[tuple[int, tuple[int, int, int, int]], ...]  # (leader seat, cards)
    card_points: tuple[int, int]  # with the last trick
    roem: tuple[int, int]
    tricks_won: tuple[int, int]


def random_playout(
    rng: random.Random,
    rules: RuleSet = AMSTERDAM,
    *,
    dealer: int = 0,
    positions: list[PositionRecord] | None = None,
) -> PlayedDeal:
    """Deal at random, pick trumps and choosers at random, and play every card at random from
    the legal ones; with `positions`, append each decision to it."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for card in deck[seat * 8 : seat * 8 + 8]:
            hands[seat] |= 1 << card
    dealt = (hands[0], hands[1], hands[2], hands[3])
    trump = rng.randrange(4)
    choosers = rng.randrange(2)
    leader = first_leader = (dealer + 1) % 4
    exemption = rules.partner_exemption
    tricks = []
    card_points = [0, 0]
    roem = [0, 0]
    won = [0, 0]
    for _ in range(8):
        trick: list[int] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            if positions is not None:
                positions.append(PositionRecord(hands[seat], tuple(trick), trump, seat))
            legal = decide(hands[seat], trick, trump, exemption)[1]
            card = _random_bit(rng, legal)
            hands[seat] ^= 1 << card
            trick.append(card)
        winner = (leader + winner_index(trick, trump)) % 4
        pair = winner % 2
        won[pair] += 1
        card_points[pair] += points_of(trick, trump)
        roem[pair] += roem_of_mask(
            (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3]), trump, rules
        )
        tricks.append((leader, (trick[0], trick[1], trick[2], trick[3])))
        leader = winner
    card_points[leader % 2] += LAST_TRICK_BONUS
    return PlayedDeal(
        dealt,
        trump,
        choosers,
        first_leader,
        tuple(tricks),
        (card_points[0], card_points[1]),
        (roem[0], roem[1]),
        (won[0], won[1]),
    )


def _random_bit(rng: random.Random, mask: int) -> int:
    """A uniformly chosen set bit of `mask`, as its index."""
    choice = rng.randrange(mask.bit_count())
    for _ in range(choice):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
