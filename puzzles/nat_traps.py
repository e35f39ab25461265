"""What makes an is-nat puzzle worth asking: the traps (an exact tie, 82 card points that still
lose, roem that flips the result, ...), judged on a played deal's facts, and for version 2 each
trap's window: where the choosers' card points must lie, given the roem, for the trap to hold.

>>> balance = Balance(choosers=0, counted=(20, 0), shown=(20, 0))
>>> balance.break_even(), _tie_window(balance), _fewer_cards_made_window(balance)
(71, (71, 71), (72, 81))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from klaverjas_core import DealScore, Rank, RuleId
from klaverjas_core.playout import PlayedDeal
from puzzles.nat_steering import roem_of_mask

R = RuleId
DEAL_TOTAL = 162
HALF = DEAL_TOTAL // 2
STUK = 20
ALL_TRICKS = frozenset(range(8))


@lru_cache(maxsize=512)
def _score(deal: PlayedDeal, choosers: int, declared: frozenset[int]) -> DealScore:
    return deal.score(choosers, declared)


class Outcome:
    """A deal's result as the traps read it, all from `score` (the deal scored with the given
    tricks' roem declared, or with the outcome's own)."""

    __slots__ = ()
    choosers: int

    def score(self, declared: frozenset[int] | None = None) -> DealScore:
        raise NotImplementedError

    def roem(self, declared: frozenset[int] | None = None) -> tuple[int, int]:
        return self.score(declared).roem

    def totals(self, declared: frozenset[int] | None = None) -> tuple[int, int]:
        return self.score(declared).totals

    def nat(self, declared: frozenset[int] | None = None) -> bool:
        return self.score(declared).nat

    @property
    def card_points(self) -> tuple[int, int]:
        return self.score().card_points

    @property
    def undeclared(self) -> int:
        return self.score().forgotten_roem

    def decides(self, target: RuleId) -> bool:
        if target is R.SCORE_NAT:
            return self.nat()
        if target is R.SCORE_MADE:
            return not self.nat()
        if target is R.SCORE_PIT:
            return self.score().pit is not None
        return self.undeclared > 0


@dataclass(frozen=True, slots=True)
class Facts(Outcome):
    """A played deal seen from one choice of choosers and declared roem."""

    deal: PlayedDeal
    choosers: int
    declared: frozenset[int]

    def score(self, declared: frozenset[int] | None = None) -> DealScore:
        return _score(self.deal, self.choosers, self.declared if declared is None else declared)


Trap = Callable[[Outcome], bool]


def _tie(f: Outcome) -> bool:
    totals = f.totals()
    return totals[0] == totals[1]


def _roem_flips(f: Outcome) -> bool:
    cards = f.card_points
    more_cards = cards[f.choosers] > cards[1 - f.choosers]
    return f.roem() != (0, 0) and more_cards == f.nat()


def _eighty_two_loses(f: Outcome) -> bool:
    return 82 <= f.card_points[f.choosers] <= 90 and f.nat()


def _defenders_roem(f: Outcome) -> bool:
    return f.roem()[1 - f.choosers] > 0 and f.nat()


def _narrow(f: Outcome) -> bool:
    totals = f.totals()
    return 0 < totals[f.choosers] - totals[1 - f.choosers] <= 10


def _undeclared_flips(f: Outcome) -> bool:
    return f.nat(ALL_TRICKS) != f.nat()


def _any(f: Outcome) -> bool:
    return True


#: Version 1: the traps each target is drawn from (one chosen at random per puzzle).
TRAPS: dict[RuleId, tuple[Trap, ...]] = {
    R.SCORE_NAT: (_tie, _roem_flips, _eighty_two_loses, _defenders_roem, _any),
    R.SCORE_MADE: (_roem_flips, _narrow, _any),
    R.SCORE_PIT: (_any,),
    R.ROEM_DECLARE: (_undeclared_flips, _any),
}


@dataclass(frozen=True, slots=True)
class Balance:
    """What decides a deal before its card points: the choosers and each pair's roem, counted
    (declared) and shown (declared or not)."""

    choosers: int
    counted: tuple[int, int]
    shown: tuple[int, int]

    def break_even(self, *, all_declared: bool = False) -> int:
        """The choosers' card points at which both pairs' totals are equal: at or below it the
        choosers are nat (roem counts in tens, so this is a whole number)."""
        roem = self.shown if all_declared else self.counted
        return (DEAL_TOTAL + roem[1 - self.choosers] - roem[self.choosers]) // 2


Window = tuple[int, int]  # the choosers' card points, lowest and highest


@dataclass(frozen=True, slots=True)
class Aim:
    """A trap, and where the choosers' card points must lie for it given the roem."""

    holds: Trap
    window: Callable[[Balance], Window | None]


def _tie_window(b: Balance) -> Window:
    return b.break_even(), b.break_even()


def _more_cards_nat_window(b: Balance) -> Window | None:
    return (HALF + 1, b.break_even()) if b.break_even() > HALF else None


def _fewer_cards_made_window(b: Balance) -> Window | None:
    return (b.break_even() + 1, HALF) if b.break_even() < HALF else None


def _eighty_two_window(b: Balance) -> Window | None:
    return (82, min(90, b.break_even())) if b.break_even() >= 82 else None


def _defenders_roem_window(b: Balance) -> Window | None:
    return (0, b.break_even()) if b.counted[1 - b.choosers] > 0 else None


def _narrow_window(b: Balance) -> Window:
    return b.break_even() + 1, b.break_even() + 5


def _nat_window(b: Balance) -> Window:
    return 0, b.break_even()


def _made_window(b: Balance) -> Window:
    return b.break_even() + 1, DEAL_TOTAL


def _undeclared_window(b: Balance) -> Window | None:
    counted, shown = b.break_even(), b.break_even(all_declared=True)
    return (min(counted, shown) + 1, max(counted, shown)) if counted != shown else None


def _any_window(b: Balance) -> Window:
    return 0, DEAL_TOTAL


#: Version 2: the traps of each target (one chosen at random per puzzle), with their windows.
AIMS: dict[RuleId, tuple[Aim, ...]] = {
    R.SCORE_NAT: (
        Aim(_tie, _tie_window),
        Aim(_roem_flips, _more_cards_nat_window),
        Aim(_eighty_two_loses, _eighty_two_window),
        Aim(_defenders_roem, _defenders_roem_window),
        Aim(_any, _nat_window),
    ),
    R.SCORE_MADE: (
        Aim(_roem_flips, _fewer_cards_made_window),
        Aim(_narrow, _narrow_window),
        Aim(_any, _made_window),
    ),
    R.ROEM_DECLARE: (Aim(_undeclared_flips, _undeclared_window), Aim(_any, _any_window)),
}


def trick_roem(deal: PlayedDeal) -> list[tuple[int, int]]:
    """The roem in each trick for each pair, declared or not, as the score's ledger lists it for
    any choosers: a trick's roem belongs to its winner, and stuk from hand to the player who
    played both cards, in the trick of the second (`stuk_trick`)."""
    found = []
    trump, rules = deal.trump, deal.rules
    for (_, (a, b, c, d)), winner in zip(deal.tricks, deal.winners, strict=True):
        points = roem_of_mask(1 << a | 1 << b | 1 << c | 1 << d, trump, rules)
        found.append((points, 0) if winner % 2 == 0 else (0, points))
    stuk = _stuk_from_hand(deal)
    if stuk is not None:
        number, pair = stuk
        pieces = found[number]
        found[number] = (
            (pieces[0] + STUK, pieces[1]) if pair == 0 else (pieces[0], pieces[1] + STUK)
        )
    return found


def stuk_trick(deal: PlayedDeal) -> frozenset[int]:
    """The trick of the second card of a stuk from hand (announced with that card), if any."""
    stuk = _stuk_from_hand(deal)
    return frozenset() if stuk is None else frozenset({stuk[0]})


def _stuk_from_hand(deal: PlayedDeal) -> tuple[int, int] | None:
    """Under `stuk_from_hand`, where the score places a stuk from hand: the trick of its second
    card and the pair of the player who played both trump K and Q; else None."""
    if not deal.rules.stuk_from_hand:
        return None
    stuk = (deal.trump * 8 + Rank.KING.value, deal.trump * 8 + Rank.QUEEN.value)
    played = []  # (trick, seat) of the king, then of the queen
    for card in stuk:
        for number, (leader, cards) in enumerate(deal.tricks):
            if card in cards:
                played.append((number, (leader + cards.index(card)) % 4))
                break
    (first, seat), (second, other) = played
    return (max(first, second), seat % 2) if seat == other else None
