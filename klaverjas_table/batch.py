"""Many play-outs at once: the sampling player's greedy play-out (`players._play_out`) on numpy
arrays, one lane per (sampled deal, candidate card), every lane a card further per step.

The kernel plays exactly the cards `_play_out` plays: the same legality cascade (the core's
`decide`, here on arrays), the same greedy policy (feed a winning partner the most points, else
win as cheaply as possible, else throw the cheapest card; a lead at random) and the same random
leads: each lane reads 32-bit words from its deal's row of `Draws` as ``random.Random.randrange``
reads them from its generator (`Draws.from_seeds` gives a row the words of
``random.Random(seed)``, so a lane plays what `_play_out` plays with that generator). A
differential test holds the two together.

Besides the written-score margin it returns where the margin comes from (`Outcome`): this
trick's card points, the later tricks', the last trick's 10, roem, the pit bonus and what nat or
a revoke changed, each signed for the deciding seat's pair, so an analysis can say why one card
is better than another and test that what it says adds up.

>>> import random
>>> from klaverjas_core import AMSTERDAM
>>> start = Start(seat=0, leader=0, trick=(), tricks_done=0, trump=2, rules=AMSTERDAM,
...               choosers=0)
>>> deck = list(range(32))
>>> random.Random(1).shuffle(deck)
>>> hands = np.array([[sum(1 << c for c in deck[8 * s: 8 * s + 8]) for s in range(4)]],
...                  dtype=np.uint32)
>>> out = play_outs(start, hands, np.array([deck[0]]), Draws.from_seeds([7]), np.array([0]))
>>> int(out.margin[0]) == int(out.parts().sum(axis=0)[0])
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from klaverjas_core import RuleSet
from klaverjas_core._tables import (
    BEATS_TRUMP,
    FOUR_OF_A_KIND,
    LOW_RANKS,
    PLAIN_POWER,
    POINTS,
    RUN_ROEM,
    STUK,
    SUIT_MASKS,
    TRUMP_POWER,
    WIN_KEY,
)

__all__ = ["Draws", "Outcome", "Start", "play_outs"]

Mask = NDArray[np.uint32]
Ints = NDArray[np.int64]

LAST_TRICK_BONUS: Final = 10
PIT_BONUS: Final = 100
DEAL_POINTS: Final = 162
WORDS: Final = 24  # random words per deal at first (a lead takes one, now and then two)

_SUIT: Final = np.array(SUIT_MASKS, dtype=np.uint32)
_BEATS_TRUMP: Final = np.array(BEATS_TRUMP, dtype=np.uint32)
_BEATS_PLAIN: Final = np.array(
    [
        sum(1 << (i & ~7 | r) for r in range(8) if PLAIN_POWER[r] > PLAIN_POWER[i & 7])
        for i in range(32)
    ],
    dtype=np.uint32,
)
_POINTS: Final = np.array(POINTS, dtype=np.int64).reshape(4, 32)  # [trump, card]
_WIN_KEY: Final = np.array(WIN_KEY, dtype=np.int64).reshape(4, 4, 32)  # [trump, led, card]
_RUN: Final = np.array(RUN_ROEM, dtype=np.int64)
_BIT: Final = np.array([1 << i for i in range(32)], dtype=np.uint32)
_SHIFTS: Final = np.array([0, 8, 16, 24], dtype=np.uint32)
_SUITS: Final = np.arange(4)
_BIT_LENGTH: Final = np.array([n.bit_length() for n in range(33)], dtype=np.uint32)
_TRUMP_POINTS: Final = tuple(POINTS[r] for r in range(8))  # trump 0, suit 0
_PLAIN_POINTS: Final = tuple(POINTS[8 + r] for r in range(8))  # trump 0, suit 1


def _byte_table(pick: Callable[[list[int]], int]) -> NDArray[np.int64]:
    """Per 8-bit rank pattern of one suit, the rank `pick(ranks)` chooses (-1 for none)."""
    return np.array(
        [pick([r for r in range(8) if b >> r & 1]) if b else -1 for b in range(256)],
        dtype=np.int64,
    )


_LOW_PLAIN: Final = _byte_table(lambda rs: min(rs, key=lambda r: PLAIN_POWER[r]))
_LOW_TRUMP: Final = _byte_table(lambda rs: min(rs, key=lambda r: TRUMP_POWER[r]))


@dataclass(frozen=True, slots=True)
class Start:
    """The position every lane starts from: the deciding `seat` is to play to `trick` (led by
    `leader`) after `tricks_done` finished tricks; `past` is what each pair took in them (card
    points, roem, tricks)."""

    seat: int
    leader: int
    trick: tuple[int, ...]
    tricks_done: int
    trump: int
    rules: RuleSet
    choosers: int
    past: tuple[tuple[int, int], tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0), (0, 0))


class Draws:
    """The random words of each sampled deal, read by its lanes from the start: a lead takes a
    word (more if `randrange` would reject it); rows grow when a lane reads past the end."""

    def __init__(self, words: NDArray[np.uint32], more: object) -> None:
        self.words = words
        self._more = more  # (rows, count) -> the next `count` words of each row

    @classmethod
    def from_seeds(cls, seeds: Sequence[int]) -> Draws:
        """The words ``random.Random(seed)`` gives, per deal: lanes lead as `_play_out` does."""
        generators = [random.Random(seed) for seed in seeds]

        def more(count: int) -> NDArray[np.uint32]:
            rows = [
                np.frombuffer(g.getrandbits(32 * count).to_bytes(4 * count, "little"), "<u4")
                for g in generators
            ]
            return np.array(rows, dtype=np.uint32).reshape(len(seeds), count)

        return cls(more(WORDS), more)

    @classmethod
    def from_generator(cls, generator: np.random.Generator, deals: int) -> Draws:
        """Words from one numpy generator (an analysis's own)."""

        def more(count: int) -> NDArray[np.uint32]:
            return generator.integers(0, 2**32, size=(deals, count), dtype=np.uint32)

        return cls(more(WORDS), more)

    def grow(self) -> None:
        more = self._more
        assert callable(more)
        self.words = np.concatenate([self.words, more(WORDS)], axis=1)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Per lane, the deal's written-score margin for the deciding seat's pair (its pair minus
    the other) and its parts, each signed the same way: they add up to the margin."""

    margin: Ints
    this_trick: Ints  # the card points of the trick being played
    later: Ints  # card points of the later tricks (and of the finished ones), without the 10
    last_trick: Ints  # the last trick's 10
    roem: Ints
    pit: Ints  # the 100 for all eight tricks
    nat: Ints  # what nat changed (the written score less the points taken)
    revoke: Ints  # what a counted revoke changed instead
    won_this: NDArray[np.bool_]  # the pair took the trick being played
    won_last: NDArray[np.bool_]
    nat_made: NDArray[np.bool_]  # the choosers went nat
    pit_ours: NDArray[np.bool_]
    pit_theirs: NDArray[np.bool_]

    PARTS = ("this_trick", "later", "last_trick", "roem", "pit", "nat", "revoke")

    def parts(self) -> Ints:
        """The parts as rows, in `PARTS` order."""
        return np.stack([getattr(self, name) for name in self.PARTS])


def _lowest(mask: Mask) -> Ints:
    """The index of each mask's lowest card (32 for an empty mask)."""
    return np.bitwise_count((mask & (~mask + np.uint32(1))) - np.uint32(1)).astype(np.int64)


def _policy_keys(
    pick: Callable[[list[int]], int], trump_pick: Callable[[list[int]], int], most: bool
) -> NDArray[np.int64]:
    """Per trump suit, per suit and 8-bit rank pattern, the key of the card a per-suit policy
    picks: points * 32 and the card (its complement when the most points win), so the best
    key over the four suits is the players' choice (ties to the lowest index), and the card
    is read back from the key's low five bits. An empty pattern never wins."""
    keys = np.full((4, 4, 256), -1 if most else 1 << 20, dtype=np.int64)
    for trump in range(4):
        for suit in range(4):
            chooser = trump_pick if suit == trump else pick
            for pattern in range(1, 256):
                card = suit * 8 + chooser([r for r in range(8) if pattern >> r & 1])
                points = POINTS[trump * 32 + card]
                keys[trump, suit, pattern] = points * 32 + (31 - card if most else card)
    return keys.reshape(4, 4 * 256)


# The players' `max`/`min` over cards in index order: ties go to the lowest rank.
_FEED_KEYS: Final = _policy_keys(
    lambda rs: max(rs, key=lambda r: (_PLAIN_POINTS[r], -r)),
    lambda rs: max(rs, key=lambda r: (_TRUMP_POINTS[r], -r)),
    most=True,
)
_CHEAP_KEYS: Final = _policy_keys(
    lambda rs: min(rs, key=lambda r: (_PLAIN_POINTS[r], r)),
    lambda rs: min(rs, key=lambda r: (_TRUMP_POINTS[r], r)),
    most=False,
)
_OFFSETS: Final = np.arange(4, dtype=np.int64) * 256


def _patterns(mask: Mask) -> list[Ints]:
    """Each lane's four 8-bit rank patterns, one per suit, as indices into a per-suit table."""
    return [((mask >> np.uint32(8 * suit)) & np.uint32(0xFF)).astype(np.intp) + 256 * suit
            for suit in range(4)]  # fmt: skip


def _feed(patterns: list[Ints], trump: int) -> Ints:
    """The card with the most points (the lowest of those) of the patterns' mask."""
    keys = _FEED_KEYS[trump]
    best: Ints = np.maximum(
        np.maximum(keys[patterns[0]], keys[patterns[1]]),
        np.maximum(keys[patterns[2]], keys[patterns[3]]),
    )
    return 31 - (best & 31)


def _cheapest(patterns: list[Ints], trump: int) -> Ints:
    """The card with the fewest points (the lowest of those) of the patterns' mask."""
    keys = _CHEAP_KEYS[trump]
    best: Ints = np.minimum(
        np.minimum(keys[patterns[0]], keys[patterns[1]]),
        np.minimum(keys[patterns[2]], keys[patterns[3]]),
    )
    return best & 31


def _legal(
    hand: Mask, led: Ints, win_position: Ints, win_card: Ints, position: int, trump: int,
    exemption: bool,
) -> Mask:  # fmt: skip
    """`klaverjas_core.legality.decide` for every lane: the legal cards of `hand` as the card
    at `position` (1-3) of a trick led in `led`, won so far by `win_card` at `win_position`."""
    following = hand & _SUIT[led]
    trumps = hand & _SUIT[trump]
    higher = trumps & _BEATS_TRUMP[win_card]
    win_is_trump = (win_card >> 3) == trump
    if position >= 2 and exemption:
        partner = win_position == position - 2
    else:
        partner = np.zeros(len(hand), dtype=np.bool_)
    others = hand ^ trumps
    if exemption:  # cannot overtrump an opponent: a non-trump if there is one
        over_opponent = np.where(higher != 0, higher, np.where(others != 0, others, hand))
    else:  # Rotterdam: any trump is a must
        over_opponent = np.where(higher != 0, higher, trumps)
    allowed = others | higher
    over_partner = np.where(allowed != 0, allowed, hand)
    trumped = np.where(partner, over_partner, over_opponent)
    untrumped = np.where(partner, hand, trumps)
    void = np.where(trumps == 0, hand, np.where(win_is_trump, trumped, untrumped))
    plain = np.where(following != 0, following, void)
    trump_led = np.where(following == 0, hand, np.where(higher != 0, higher, following))
    return np.where(led == trump, trump_led, plain)


def _lead(legal: Mask, lanes: Ints, draws: Draws, read: Ints) -> Ints:
    """A lead at random as ``random.Random.randrange(len(cards))`` picks it from the cards in
    index order; `read` counts the words each lane has read."""
    count = np.bitwise_count(legal).astype(np.int64)
    chosen = _lowest(legal)
    todo = np.flatnonzero(count >= 2)
    if not len(todo):
        return chosen
    shift = np.uint32(32) - _BIT_LENGTH[count[todo]]
    drawn = np.zeros(len(todo), dtype=np.int64)
    waiting = np.arange(len(todo))
    while len(waiting):
        at = todo[waiting]
        while int(read[at].max()) >= draws.words.shape[1]:
            draws.grow()
        word = draws.words[lanes[at], read[at]]
        read[at] += 1
        value = (word >> shift[waiting]).astype(np.int64)
        fits = value < count[at]
        drawn[waiting[fits]] = value[fits]
        waiting = waiting[~fits]
    mask = legal[todo]
    for step in range(7):  # drop the lowest cards until the drawn one is lowest
        mask = np.where(drawn > step, mask & (mask - np.uint32(1)), mask)
    chosen[todo] = _lowest(mask)
    return chosen


def _roem(mask: Mask, trump: int, rules: RuleSet) -> Ints:
    """`klaverjas_core.tricks.roem_of_mask` of each lane's four cards."""
    patterns = [
        ((mask >> np.uint32(8 * suit)) & np.uint32(0xFF)).astype(np.intp) for suit in range(4)
    ]
    roem = _RUN[patterns[0]] + _RUN[patterns[1]] + _RUN[patterns[2]] + _RUN[patterns[3]]
    if not rules.stuk_from_hand:
        stuk = np.uint32(STUK[trump])
        roem += np.where(mask & stuk == stuk, 20, 0)
    same = patterns[0] & patterns[1] & patterns[2] & patterns[3]
    if same.any():
        roem += _four_table(rules.four_low_100)[same]
    return roem


@functools.cache
def _four_table(four_low_100: bool) -> Ints:
    """Roem for four of a kind, by the rank pattern the four suits share (one bit)."""
    four = np.zeros(256, dtype=np.int64)
    for rank in range(8):
        low = rank in LOW_RANKS
        four[1 << rank] = (100 if four_low_100 else 0) if low else FOUR_OF_A_KIND[rank]
    return four


def play_outs(
    start: Start,
    hands: Mask,
    cards: Ints,
    draws: Draws,
    deals: Ints,
    revoked_by: Ints | None = None,
) -> Outcome:
    """Each lane plays its card from `start` (`hands`: the four hands of its sampled deal, the
    deciding seat's still holding the card; `deals`: its row of `draws`), then every remaining
    card by the greedy policy. `revoked_by` (per lane, -1 for none) is a pair whose revoke
    counts: it writes 0 and the other pair 162 and all roem (and its pit bonus)."""
    lanes = len(cards)
    every = np.arange(lanes)
    trump, rules = start.trump, start.rules
    exemption = rules.partner_exemption
    keys = _WIN_KEY[trump]
    hands = hands.copy()
    hands[every, start.seat] &= ~_BIT[cards]
    trick, led, win_position, win_card, win_key = _first_trick(start, cards, keys)
    played = len(start.trick) + 1
    leader = np.full(lanes, start.leader, dtype=np.int64)
    tally = _Taken(start, lanes)
    read = np.zeros(lanes, dtype=np.int64)
    for number in range(start.tricks_done, 8):
        for position in range(played, 4):
            seat = (leader + position) % 4
            hand = hands[every, seat]
            if position == 0:
                chosen = _lead(hand, deals, draws, read)
                led = chosen >> 3
                win_position = np.zeros(lanes, dtype=np.int64)
                win_card = chosen
                win_key = keys[led, chosen]
            else:
                legal = _legal(hand, led, win_position, win_card, position, trump, exemption)
                chosen = _follow(legal, led, win_position, win_card, position, trump)
                key = keys[led, chosen]
                better = key > win_key
                win_position = np.where(better, position, win_position)
                win_card = np.where(better, chosen, win_card)
                win_key = np.where(better, key, win_key)
            hands[every, seat] = hand & ~_BIT[chosen]
            trick[position] = chosen
        played = 0
        leader = (leader + win_position) % 4
        tally.take(number, trick, leader % 2 == 0)
    return tally.outcome(revoked_by)


def _first_trick(
    start: Start, cards: Ints, keys: NDArray[np.int64]
) -> tuple[list[Ints], Ints, Ints, Ints, Ints]:
    """The trick being played, with each lane's card in it: its cards (places still to fill
    hold anything), the suit led, and the winning card so far (position, card, key)."""
    lanes = len(cards)
    trick = [np.full(lanes, card, dtype=np.int64) for card in start.trick] + [cards]
    played = len(trick)
    trick += [cards] * (4 - played)
    led = trick[0] >> 3
    win_position = np.zeros(lanes, dtype=np.int64)
    win_card = trick[0]
    win_key = keys[led, win_card]
    for position in range(1, played):
        key = keys[led, trick[position]]
        better = key > win_key
        win_position = np.where(better, position, win_position)
        win_card = np.where(better, trick[position], win_card)
        win_key = np.where(better, key, win_key)
    return trick, led, win_position, win_card, win_key


class _Taken:
    """What each pair has taken so far, per lane: card points, roem, tricks; and the facts
    of the trick being played and of the last trick."""

    def __init__(self, start: Start, lanes: int) -> None:
        self.start = start
        self.points = [np.full(lanes, start.past[0][pair], dtype=np.int64) for pair in (0, 1)]
        self.roem = [np.full(lanes, start.past[1][pair], dtype=np.int64) for pair in (0, 1)]
        self.won = [np.full(lanes, start.past[2][pair], dtype=np.int64) for pair in (0, 1)]
        self.this_points = np.zeros(lanes, dtype=np.int64)
        self.won_this = np.zeros(lanes, dtype=np.bool_)
        self.won_last = np.zeros(lanes, dtype=np.bool_)

    def take(self, number: int, trick: list[Ints], first_pair: NDArray[np.bool_]) -> None:
        """Trick `number` (its four cards) to pair 0 where `first_pair`, else to pair 1."""
        start, table = self.start, _POINTS[self.start.trump]
        points = table[trick[0]] + table[trick[1]] + table[trick[2]] + table[trick[3]]
        mask = _BIT[trick[0]] | _BIT[trick[1]] | _BIT[trick[2]] | _BIT[trick[3]]
        roem = _roem(mask, start.trump, start.rules)
        counted = points + LAST_TRICK_BONUS if number == 7 else points
        self.points[0] += np.where(first_pair, counted, 0)
        self.points[1] += np.where(first_pair, 0, counted)
        self.roem[0] += np.where(first_pair, roem, 0)
        self.roem[1] += np.where(first_pair, 0, roem)
        self.won[0] += first_pair
        self.won[1] += ~first_pair
        ours = first_pair if start.seat % 2 == 0 else ~first_pair
        if number == start.tricks_done:
            self.this_points, self.won_this = points, ours
        if number == 7:
            self.won_last = ours

    def outcome(self, revoked_by: Ints | None) -> Outcome:
        return _score(
            self.start, np.stack(self.points, axis=1), np.stack(self.roem, axis=1),
            np.stack(self.won, axis=1), self.this_points, self.won_this, self.won_last,
            revoked_by,
        )  # fmt: skip


def _follow(legal: Mask, led: Ints, win_position: Ints, win_card: Ints, position: int,
            trump: int) -> Ints:  # fmt: skip
    """`players._greedy` after the lead: feed a winning partner the most points; else the
    cheapest winner (a card of the suit led before a trump); else the cheapest card."""
    single = (legal & (legal - np.uint32(1))) == 0
    patterns = _patterns(legal)
    feed = _feed(patterns, trump)
    cheap = _cheapest(patterns, trump)
    trumps = legal & _SUIT[trump]
    win_is_trump = (win_card >> 3) == trump
    over_led = legal & _BEATS_PLAIN[win_card]  # a card of the suit led beating a plain winner
    over_trump = np.where(win_is_trump, trumps & _BEATS_TRUMP[win_card], trumps)
    led_pattern = ((over_led >> (led * 8).astype(np.uint32)) & np.uint32(0xFF)).astype(np.int64)
    trump_pattern = ((over_trump >> np.uint32(trump * 8)) & np.uint32(0xFF)).astype(np.int64)
    by_led = led * 8 + _LOW_PLAIN[led_pattern]
    by_trump = trump * 8 + _LOW_TRUMP[trump_pattern]
    use_led = (over_led != 0) & ~win_is_trump
    winner = np.where(use_led, by_led, np.where(over_trump != 0, by_trump, -1))
    partner = (position - win_position) == 2
    chosen = np.where(partner, feed, np.where(winner >= 0, winner, cheap))
    return np.where(single, _lowest(legal), chosen)


def _score(
    start: Start,
    points: Ints,
    roem: Ints,
    won: Ints,
    this_points: Ints,
    won_this: NDArray[np.bool_],
    won_last: NDArray[np.bool_],
    revoked_by: Ints | None,
) -> Outcome:
    """The written scores as RULES.md settles them (all roem declared), as parts of a margin."""
    lanes = len(points)
    every = np.arange(lanes)
    mine = start.seat % 2
    choosers = start.choosers
    pit = np.where(won == 8, PIT_BONUS, 0)
    totals = points + roem + pit
    all_roem = roem[:, 0] + roem[:, 1]
    nat_made = totals[:, choosers] <= totals[:, 1 - choosers]
    if revoked_by is None:
        revoked_by = np.full(lanes, -1, dtype=np.int64)
    revoked = revoked_by >= 0
    loser = np.where(revoked, revoked_by, np.where(nat_made, choosers, -1))
    lost = loser >= 0
    taker = 1 - np.where(lost, loser, 0)
    written = totals.copy()
    written[lost, :] = 0
    written[every[lost], taker[lost]] = (DEAL_POINTS + all_roem + pit[every, taker])[lost]
    margin = written[:, mine] - written[:, 1 - mine]
    raw = totals[:, mine] - totals[:, 1 - mine]
    change = margin - raw
    signed_this = np.where(won_this, this_points, -this_points)
    last = np.where(won_last, LAST_TRICK_BONUS, -LAST_TRICK_BONUS)
    card_points = points[:, mine] - points[:, 1 - mine]
    return Outcome(
        margin=margin,
        this_trick=signed_this,
        later=card_points - signed_this - last,
        last_trick=last,
        roem=roem[:, mine] - roem[:, 1 - mine],
        pit=pit[:, mine] - pit[:, 1 - mine],
        nat=np.where(revoked, 0, change),
        revoke=np.where(revoked, change, 0),
        won_this=won_this,
        won_last=won_last,
        nat_made=nat_made & ~revoked,
        pit_ours=won[:, mine] == 8,
        pit_theirs=won[:, 1 - mine] == 8,
    )
