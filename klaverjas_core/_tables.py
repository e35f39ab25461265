"""Precomputed integer tables for the hot paths (card index = suit * 8 + natural rank).

Everything here is derived from the enums and point tables in `cards`, so the two cannot drift.
"""

from __future__ import annotations

from typing import Final

from klaverjas_core.cards import PLAIN_ORDER, PLAIN_POINTS, TRUMP_ORDER, TRUMP_POINTS, Rank, Suit

SUIT_MASKS: Final = tuple(suit.mask for suit in Suit)


def _power(order: tuple[Rank, ...]) -> tuple[int, ...]:
    """Strength of each natural rank (0 = weakest, 7 = strongest) in a high-to-low order."""
    return tuple(7 - order.index(rank) for rank in Rank)


def _swapped(order: tuple[Rank, ...], one: Rank, other: Rank) -> tuple[Rank, ...]:
    """`order` with two ranks trading places: a misbelief's card order."""
    swap = {one: other, other: one}
    return tuple(swap.get(rank, rank) for rank in order)


#: Strength of each natural rank (0 = weakest, 7 = strongest) in trumps / in a plain suit.
TRUMP_POWER: Final = _power(TRUMP_ORDER)
PLAIN_POWER: Final = _power(PLAIN_ORDER)
#: The orders of the misbeliefs ACE_ABOVE_NINE (J A 9 10 ...) and TEN_BELOW_KING (A K 10 ...).
TRUMP_POWER_ACE_HIGH: Final = _power(_swapped(TRUMP_ORDER, Rank.ACE, Rank.NINE))
PLAIN_POWER_TEN_LOW: Final = _power(_swapped(PLAIN_ORDER, Rank.TEN, Rank.KING))


def _beating_trumps(index: int, power: tuple[int, ...] = TRUMP_POWER) -> int:
    suit, rank = divmod(index, 8)
    mask = 0
    for other in range(8):
        if power[other] > power[rank]:
            mask |= 1 << (suit * 8 + other)
    return mask


#: BEATS_TRUMP[i]: the cards of i's suit that beat card i when that suit is trumps.
BEATS_TRUMP: Final = tuple(_beating_trumps(i, TRUMP_POWER) for i in range(32))
BEATS_TRUMP_ACE_HIGH: Final = tuple(_beating_trumps(i, TRUMP_POWER_ACE_HIGH) for i in range(32))

#: POINTS[trump * 32 + i]: card points of card i when `trump` (0-3) is trumps.
POINTS: Final = tuple(
    (TRUMP_POINTS if i >> 3 == trump else PLAIN_POINTS)[Rank(i & 7)]
    for trump in range(4)
    for i in range(32)
)


def _key(
    trump: int,
    led: int,
    index: int,
    trumps: tuple[int, ...] = TRUMP_POWER,
    plain: tuple[int, ...] = PLAIN_POWER,
) -> int:
    suit, rank = divmod(index, 8)
    if suit == trump:
        return 16 + trumps[rank]
    if suit == led:
        return 8 + plain[rank]
    return 0  # another plain suit never wins


def _win_keys(trumps: tuple[int, ...], plain: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(
        _key(trump, led, i, trumps, plain)
        for trump in range(4)
        for led in range(4)
        for i in range(32)
    )


#: WIN_KEY[(trump * 4 + led) * 32 + i]: how strongly card i competes for the trick.
WIN_KEY: Final = _win_keys(TRUMP_POWER, PLAIN_POWER)
#: WIN_KEYS[k]: WIN_KEY under the order misbeliefs, k = 1 ten below king, 2 ace above nine.
WIN_KEYS: Final = (
    WIN_KEY,
    _win_keys(TRUMP_POWER, PLAIN_POWER_TEN_LOW),
    _win_keys(TRUMP_POWER_ACE_HIGH, PLAIN_POWER),
    _win_keys(TRUMP_POWER_ACE_HIGH, PLAIN_POWER_TEN_LOW),
)


def _run_roem(pattern: int) -> int:
    best = 0
    for start in range(8):
        length = 0
        while start + length < 8 and pattern >> (start + length) & 1:
            length += 1
        best = max(best, length)
    return 50 if best >= 4 else 20 if best == 3 else 0


#: RUN_ROEM[p]: roem for the ranks p (8 bits, natural order) of one suit in one trick.
RUN_ROEM: Final = tuple(_run_roem(p) for p in range(256))

#: STUK[trump]: the mask of the trump king and queen.
STUK: Final = tuple(
    (1 << (t * 8 + Rank.KING.value)) | (1 << (t * 8 + Rank.QUEEN.value)) for t in range(4)
)
#: RANK_MASKS[r]: the four cards of natural rank r.
RANK_MASKS: Final = tuple(sum(1 << (s * 8 + r) for s in range(4)) for r in range(8))
FOUR_OF_A_KIND: Final = {
    Rank.JACK.value: 200, Rank.ACE.value: 100, Rank.KING.value: 100,
    Rank.QUEEN.value: 100, Rank.TEN.value: 100,
}  # fmt: skip
LOW_RANKS: Final = (Rank.SEVEN.value, Rank.EIGHT.value, Rank.NINE.value)

assert sum(POINTS[i] for i in range(32)) == 152
assert SUIT_MASKS[Suit.HEARTS.value] == 0xFF << 16
