"""Random legal play-outs on integers: fast enough to record thousands of deals for tests,
benchmarks and puzzle generation. The score of a play-out comes from `score_deal`, the one
implementation of scoring.

>>> import random
>>> record = random_playout(random.Random(1))
>>> len(record.tricks), sum(len(cards) for _, cards in record.tricks)
(8, 32)
>>> sum(record.score().card_points) == 162
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from klaverjas_core.cards import DECK, Card, Suit
from klaverjas_core.errors import ImpossiblePositionError
from klaverjas_core.legality import decide
from klaverjas_core.ruleset import AMSTERDAM, RuleSet
from klaverjas_core.scoring import DealScore, score_deal
from klaverjas_core.tricks import winner_index

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
    winners: tuple[int, ...]  # the seat that won each trick
    rules: RuleSet = AMSTERDAM

    def card_tricks(self) -> list[tuple[int, tuple[Card, ...]]]:
        """The tricks as `Card`s, in the form `score_deal` takes."""
        return [(leader, tuple(DECK[card] for card in cards)) for leader, cards in self.tricks]

    def score(
        self, choosers: int | None = None, declared: Collection[int] | None = None
    ) -> DealScore:
        """The deal's score by `score_deal` (choosers default to the play-out's own)."""
        return score_deal(
            self.card_tricks(),
            Suit(self.trump),
            self.choosers if choosers is None else choosers,
            self.rules,
            declared=declared,
        )


#: A playing policy: (rng, seat, legal mask, trick so far, trump) -> the chosen card index.
Policy = Callable[[random.Random, int, int, Sequence[int], int], int]


def random_card(rng: random.Random, seat: int, legal: int, trick: Sequence[int], trump: int) -> int:
    """The default policy: a uniformly random legal card."""
    del seat, trick, trump
    return _random_bit(rng, legal)


def random_playout(
    rng: random.Random,
    rules: RuleSet = AMSTERDAM,
    *,
    dealer: int = 0,
    positions: list[PositionRecord] | None = None,
    hands: Sequence[int] | None = None,
    trump: int | None = None,
    policy: Policy = random_card,
) -> PlayedDeal:
    """Deal at random (or take `hands`, four masks), pick trumps (unless given) and choosers at
    random, and play every card legally, chosen by `policy`; with `positions`, append each
    decision to it. Any policy gives a legal deal: it only ever sees the legal cards."""
    if hands is None:
        deck = list(range(32))
        rng.shuffle(deck)
        masks = [0, 0, 0, 0]
        for seat in range(4):
            for card in deck[seat * 8 : seat * 8 + 8]:
                masks[seat] |= 1 << card
    else:
        masks = list(hands)
        if (
            len(masks) != 4
            or any(m.bit_count() != 8 for m in masks)
            or (masks[0] | masks[1] | masks[2] | masks[3]) != 0xFFFFFFFF
        ):
            raise ImpossiblePositionError("hands must be four masks of 8 cards covering the deck")
    hands = masks
    dealt = (hands[0], hands[1], hands[2], hands[3])
    trump = rng.randrange(4) if trump is None else trump
    choosers = rng.randrange(2)
    leader = first_leader = (dealer + 1) % 4
    exemption = rules.partner_exemption
    tricks = []
    winners = []
    for _ in range(8):
        trick: list[int] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            if positions is not None:
                positions.append(PositionRecord(hands[seat], tuple(trick), trump, seat))
            legal = decide(hands[seat], trick, trump, exemption)[1]
            card = policy(rng, seat, legal, trick, trump)
            if not legal >> card & 1:
                raise ValueError(f"the policy chose card index {card}, which is not legal")
            hands[seat] ^= 1 << card
            trick.append(card)
        tricks.append((leader, (trick[0], trick[1], trick[2], trick[3])))
        leader = (leader + winner_index(trick, trump)) % 4
        winners.append(leader)
    return PlayedDeal(dealt, trump, choosers, first_leader, tuple(tricks), tuple(winners), rules)


def _random_bit(rng: random.Random, mask: int) -> int:
    """A uniformly chosen set bit of `mask`, as its index."""
    choice = rng.randrange(mask.bit_count())
    for _ in range(choice):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
