"""Steering a played deal's card points into a wanted range, by exchanging cards between tricks.

Random play-outs rarely land on an exact tie or on "82 points and still nat", so instead of
sampling deals until one does, one real deal is changed until it does: two cards change places
between a trick one pair won and a trick the other pair won. An exchange is kept only when both
tricks keep their winner and their roem and every card of the deal is still legal. Two plain
cards of one suit leave every hand's suits and trumps as they were, and `decide` looks at a hand
only through its suits and trumps, so only their two tricks need checking (who is winning
mid-trick decides the partner exemption); any other exchange replays the whole deal. So the deal
stays a real, legal deal with the same tricks won and the same roem, and only the card points
move: up to 11 a swap, and by one point at a time (Q for J, A for 10) when needed.

>>> import random
>>> from klaverjas_core.playout import random_playout
>>> played = random_playout(random.Random(2))
>>> card_points(played, 0), played.score().card_points
(93, (93, 69))
>>> tied = steer(played, 0, 81, 81, random.Random(2))
>>> tied.score().card_points, tied.winners == played.winners
((81, 81), True)
>>> tied.score().roem == played.score().roem
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from klaverjas_core import Rank, RuleSet
from klaverjas_core.legality import decide
from klaverjas_core.playout import PlayedDeal
from klaverjas_core.tricks import roem_items_of_mask, winner_index

MAX_SWAPS = 6  # exchanges in a row
BRANCHES = 3  # sound exchanges explored at each step
MAX_TRIES = 100  # exchanges tried in all before giving up on a deal
SLACK = 4  # an exchange may overshoot the aim by less than this (a gap of 1 needs +3 -2)
LAST_TRICK = 7
LAST_TRICK_POINTS = 10
#: How far past the nearest wanted value a steered deal may aim, for variety in wide ranges.
SPREAD = 10

Swap = tuple[int, int, int, int, int]  # (trick a, position, trick b, position, points moved)


class SteeringError(RuntimeError):
    """A steered deal failed its final replay: a bug here, never bad luck."""


def roem_points(cards: Sequence[int], trump: int, rules: RuleSet) -> int:
    """The roem one trick's cards hold (stuk from hand is not trick roem)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return sum(item.points for item in roem_items_of_mask(mask, trump, rules))


def card_points(deal: PlayedDeal, pair: int) -> int:
    """`pair`'s card points, with the last trick's 10."""
    points = _points_table(deal.trump)
    total = sum(
        sum(points[card] for card in cards)
        for (_, cards), winner in zip(deal.tricks, deal.winners, strict=True)
        if winner % 2 == pair
    )
    return total + (LAST_TRICK_POINTS if deal.winners[LAST_TRICK] % 2 == pair else 0)


def steer(
    deal: PlayedDeal, pair: int, low: int, high: int, rng: random.Random
) -> PlayedDeal | None:
    """`deal` with `pair`'s card points in [low, high], or None if no swaps reach it."""
    current = card_points(deal, pair)
    if low <= current <= high:
        return deal
    target = _aim(current, low, high, rng)
    board = _Board(deal)
    tries = MAX_TRIES

    def reach(points: int, depth: int) -> bool:
        """Depth-first: up to BRANCHES sound exchanges at each step, MAX_TRIES in all."""
        nonlocal tries
        if low <= points <= high:
            return True
        if depth == 0:
            return False
        explored = 0
        for swap in board.swaps(pair, target - points, rng):
            if tries <= 0 or explored >= BRANCHES:
                return False
            tries -= 1
            if board.try_swap(swap):
                explored += 1
                if reach(points + swap[4], depth - 1):
                    return True
                board.undo(swap)
        return False

    return board.replayed() if reach(current, MAX_SWAPS) else None


def _aim(current: int, low: int, high: int, rng: random.Random) -> int:
    """A value in [low, high]: anywhere in a narrow range, else not far past the near end."""
    if high - low <= SPREAD:
        return rng.randint(low, high)
    if current < low:
        return low + rng.randint(0, SPREAD)
    return high - rng.randint(0, SPREAD)


@lru_cache(maxsize=4)
def _points_table(trump: int) -> tuple[int, ...]:
    return tuple(
        Rank(card & 7).trump_points if card >> 3 == trump else Rank(card & 7).plain_points
        for card in range(32)
    )


class _Board:
    """The deal's tricks as lists, changed in place swap by swap."""

    def __init__(self, deal: PlayedDeal) -> None:
        self.deal = deal
        self.trump = deal.trump
        self.points = _points_table(deal.trump)
        self.leaders = [leader for leader, _ in deal.tricks]
        self.tricks = [list(cards) for _, cards in deal.tricks]
        self.owners = [winner % 2 for winner in deal.winners]
        self.roem = [self._roem(number) for number in range(8)]  # to keep as it is
        # Stuk from hand counts for the seat that played both: there, those two cards stay put.
        stuk = {self.trump * 8 + Rank.QUEEN.value, self.trump * 8 + Rank.KING.value}
        fixed = stuk if deal.rules.stuk_from_hand else set()
        self.movable = [[card not in fixed for card in trick] for trick in self.tricks]

    def swaps(self, pair: int, gap: int, rng: random.Random) -> list[Swap]:
        """The exchanges between a trick of `pair` and one of the other pair that bring
        `pair`'s points nearer by `gap` (or overshoot by less than SLACK), nearest first."""
        found: list[Swap] = []
        reach = max(abs(gap), SLACK)
        for a, mine in enumerate(self.tricks):
            if self.owners[a] != pair:
                continue
            for b, theirs in enumerate(self.tricks):
                if self.owners[b] == pair:
                    continue
                for pa, x in enumerate(mine):
                    if not self.movable[a][pa]:
                        continue
                    for pb, y in enumerate(theirs):
                        moved = self.points[y] - self.points[x]
                        if moved and abs(gap - moved) < reach and self.movable[b][pb]:
                            found.append((a, pa, b, pb, moved))
        rng.shuffle(found)
        found.sort(key=lambda swap: abs(gap - swap[4]))
        return found

    def try_swap(self, swap: Swap) -> bool:
        """Make the exchange if both tricks keep their winner and roem and every card stays
        legal. Two plain cards of one suit leave every hand's suits and trumps as they were,
        so only their two tricks need checking; any other exchange replays the deal."""
        a, pa, b, pb, _ = swap
        x, y = self.tricks[a][pa], self.tricks[b][pb]
        same_plain_suit = x >> 3 == y >> 3 != self.trump
        self._exchange(a, pa, b, pb)
        if (
            self._roem(a) == self.roem[a]
            and self._roem(b) == self.roem[b]
            and self._sound(a)
            and self._sound(b)
            and (same_plain_suit or self._illegal_play() is None)
        ):
            return True
        self._exchange(a, pa, b, pb)
        return False

    def undo(self, swap: Swap) -> None:
        self._exchange(*swap[:4])

    def _exchange(self, a: int, pa: int, b: int, pb: int) -> None:
        self.tricks[a][pa], self.tricks[b][pb] = self.tricks[b][pb], self.tricks[a][pa]

    def _roem(self, number: int) -> int:
        return roem_points(self.tricks[number], self.trump, self.deal.rules)

    def _sound(self, number: int) -> bool:
        """Every card of trick `number` legal from its player's hand, and the same winner."""
        trick, leader = self.tricks[number], self.leaders[number]
        exemption = self.deal.rules.partner_exemption
        for position in range(1, 4):
            hand = self._hand((leader + position) % 4, number)
            if not decide(hand, trick[:position], self.trump, exemption)[1] >> trick[position] & 1:
                return False
        won_by = (leader + winner_index(trick, self.trump)) % 4
        return won_by == self.deal.winners[number]

    def _hand(self, seat: int, number: int) -> int:
        """The cards `seat` holds when trick `number` begins."""
        return sum(
            1 << self.tricks[later][(seat - self.leaders[later]) % 4] for later in range(number, 8)
        )

    def _illegal_play(self) -> str | None:
        """What is wrong when the tricks are replayed from the hands they imply (a card, a
        winner or roem that changed), if anything."""
        held = [self._hand(seat, 0) for seat in range(4)]
        exemption = self.deal.rules.partner_exemption
        for number, (leader, trick) in enumerate(zip(self.leaders, self.tricks, strict=True)):
            for position, card in enumerate(trick):
                seat = (leader + position) % 4
                if not decide(held[seat], trick[:position], self.trump, exemption)[1] >> card & 1:
                    return f"card {card} of trick {number + 1} is not legal"
                held[seat] ^= 1 << card
            if (leader + winner_index(trick, self.trump)) % 4 != self.deal.winners[number]:
                return f"trick {number + 1} has another winner"
            if self._roem(number) != self.roem[number]:
                return f"trick {number + 1} has other roem"
        return None

    def replayed(self) -> PlayedDeal:
        """The changed deal, once a full replay confirms it."""
        problem = self._illegal_play()
        if problem is not None:
            raise SteeringError(f"steering broke the deal: {problem}")
        hands = [self._hand(seat, 0) for seat in range(4)]
        return PlayedDeal(
            (hands[0], hands[1], hands[2], hands[3]),
            self.trump,
            self.deal.choosers,
            self.deal.first_leader,
            tuple((self.leaders[n], _four(self.tricks[n])) for n in range(8)),
            self.deal.winners,
            self.deal.rules,
        )


def _four(cards: Sequence[int]) -> tuple[int, int, int, int]:
    return (cards[0], cards[1], cards[2], cards[3])
