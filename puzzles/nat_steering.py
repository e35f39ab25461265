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


@lru_cache(maxsize=8192)  # steering asks again and again about the same few tricks
def roem_of_mask(mask: int, trump: int, rules: RuleSet) -> int:
    """The roem the cards in `mask` (one trick's) hold."""
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
        self._roem_of: dict[int, int] = {}  # a trick's roem by its cards' mask, once looked up
        self.roem = [self._roem(number) for number in range(8)]  # to keep as it is
        # Stuk from hand counts for the seat that played both: there, those two cards stay put.
        stuk = {self.trump * 8 + Rank.QUEEN.value, self.trump * 8 + Rank.KING.value}
        fixed = stuk if deal.rules.stuk_from_hand else set()
        # By trick: the positions whose card may move, and the seat that plays each position.
        self.movable = [
            [p for p, card in enumerate(trick) if card not in fixed] for trick in self.tricks
        ]
        self.seats = [[(leader + p) % 4 for p in range(4)] for leader in self.leaders]

    def swaps(self, pair: int, gap: int, rng: random.Random) -> list[Swap]:
        """The exchanges between a trick of `pair` and one of the other pair that bring
        `pair`'s points nearer by `gap` (or overshoot by less than SLACK), nearest first."""
        reach = max(abs(gap), SLACK)
        points = self.points
        # Each trick's movable cards as (position, points), in trick order.
        movable = [
            [(p, points[trick[p]]) for p in positions]
            for positions, trick in zip(self.movable, self.tricks, strict=True)
        ]
        mine = [number for number in range(8) if self.owners[number] == pair]
        theirs = [number for number in range(8) if self.owners[number] != pair]
        # A swap of `lost` for `won` moves won - lost points: nearer than `reach` to the gap.
        found = [
            (a, pa, b, pb, won - lost)
            for a in mine
            for b in theirs
            for pa, lost in movable[a]
            for pb, won in movable[b]
            if lost + gap - reach < won < lost + gap + reach and won != lost
        ]
        rng.shuffle(found)
        found.sort(key=lambda swap: abs(gap - swap[4]))
        return found

    def try_swap(self, swap: Swap) -> bool:
        """Make the exchange if both tricks keep their winner and roem and every card stays
        legal. Two plain cards of one suit leave every hand's suits and trumps as they were,
        so only their two tricks need checking; any other exchange replays the deal."""
        a, pa, b, pb, _ = swap
        mine, theirs = self.tricks[a], self.tricks[b]
        x, y = mine[pa], theirs[pb]
        mine[pa], theirs[pb] = y, x
        if (  # every check reads the board only: the cheapest first
            self._same_winner(a)
            and self._same_winner(b)
            and self._roem(a) == self.roem[a]
            and self._roem(b) == self.roem[b]
            and self._legal(a, b)
            and (x >> 3 == y >> 3 != self.trump or self._illegal_play() is None)
        ):
            return True
        mine[pa], theirs[pb] = x, y
        return False

    def undo(self, swap: Swap) -> None:
        self._exchange(*swap[:4])

    def _exchange(self, a: int, pa: int, b: int, pb: int) -> None:
        self.tricks[a][pa], self.tricks[b][pb] = self.tricks[b][pb], self.tricks[a][pa]

    def _roem(self, number: int) -> int:
        a, b, c, d = self.tricks[number]
        mask = 1 << a | 1 << b | 1 << c | 1 << d
        roem = self._roem_of.get(mask)
        if roem is None:
            roem = self._roem_of[mask] = roem_of_mask(mask, self.trump, self.deal.rules)
        return roem

    def _same_winner(self, number: int) -> bool:
        """Trick `number` is won by the seat that won it in the deal."""
        won_by = (self.leaders[number] + winner_index(self.tricks[number], self.trump)) % 4
        return won_by == self.deal.winners[number]

    def _legal(self, first: int, second: int) -> bool:
        """Every card of tricks `first` and `second` legal from its player's hand."""
        exemption = self.deal.rules.partner_exemption
        held = [0, 0, 0, 0]  # by seat, the cards held when trick `number` begins
        for number in range(7, min(first, second) - 1, -1):
            seats, trick = self.seats[number], self.tricks[number]
            s0, s1, s2, s3 = seats
            c0, c1, c2, c3 = trick
            held[s0] |= 1 << c0
            held[s1] |= 1 << c1
            held[s2] |= 1 << c2
            held[s3] |= 1 << c3
            if number not in (first, second):
                continue
            for position in (1, 2, 3):
                legal = decide(held[seats[position]], trick[:position], self.trump, exemption)[1]
                if not legal >> trick[position] & 1:
                    return False
        return True

    def _dealt(self) -> list[int]:
        """Each seat's hand as dealt: the cards it plays."""
        held = [0, 0, 0, 0]
        for seats, trick in zip(self.seats, self.tricks, strict=True):
            for seat, card in zip(seats, trick, strict=True):
                held[seat] |= 1 << card
        return held

    def _illegal_play(self) -> str | None:
        """What is wrong when the tricks are replayed from the hands they imply (a card, a
        winner or roem that changed), if anything."""
        held = self._dealt()
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
        hands = self._dealt()
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
