"""A slow, obvious second implementation of the rules, written straight from RULES.md.

It shares nothing with the fast core but the `Card`, `Suit` and `Rank` types: no masks, no
tables, no cascade. Legality is judged card by card ("may this card be played?") rather than
as a set, so a slip in one formulation is unlikely to be repeated in the other.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from klaverjas_core.cards import Card, Rank, Suit

TRUMP_ORDER = "J 9 A 10 K Q 8 7".split()  # high to low
PLAIN_ORDER = "A 10 K Q J 9 8 7".split()
NATURAL_ORDER = "7 8 9 10 J Q K A".split()
TRUMP_VALUES = dict(zip(TRUMP_ORDER, [20, 14, 11, 10, 4, 3, 0, 0], strict=True))
PLAIN_VALUES = dict(zip(PLAIN_ORDER, [11, 10, 4, 3, 2, 0, 0, 0], strict=True))


def trump_strength(card: Card) -> int:
    return len(TRUMP_ORDER) - TRUMP_ORDER.index(card.rank.symbol)


def plain_strength(card: Card) -> int:
    return len(PLAIN_ORDER) - PLAIN_ORDER.index(card.rank.symbol)


def reference_winner(trick: Sequence[Card], trump: Suit) -> int:
    """The highest trump wins; without trumps, the highest card of the suit led."""
    trumps = [i for i, card in enumerate(trick) if card.suit == trump]
    if trumps:
        return max(trumps, key=lambda i: trump_strength(trick[i]))
    led = trick[0].suit
    followers = [i for i, card in enumerate(trick) if card.suit == led]
    return max(followers, key=lambda i: plain_strength(trick[i]))


def reference_points(trick: Sequence[Card], trump: Suit) -> int:
    return sum(
        TRUMP_VALUES[c.rank.symbol] if c.suit == trump else PLAIN_VALUES[c.rank.symbol]
        for c in trick
    )


def reference_roem(
    trick: Sequence[Card], trump: Suit, *, stuk: bool = True, four_low_100: bool = False
) -> int:
    total = 0
    for suit in Suit:
        positions = sorted(NATURAL_ORDER.index(c.rank.symbol) for c in trick if c.suit == suit)
        longest = run = 1 if positions else 0
        for a, b in itertools.pairwise(positions):
            run = run + 1 if b == a + 1 else 1
            longest = max(longest, run)
        if longest >= 4:
            total += 50
        elif longest == 3:
            total += 20
    ranks = {c.rank for c in trick}
    if stuk and Card(trump, Rank.KING) in trick and Card(trump, Rank.QUEEN) in trick:
        total += 20
    if len(trick) == 4 and len(ranks) == 1:
        rank = next(iter(ranks))
        if rank == Rank.JACK:
            total += 200
        elif rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN) or four_low_100:
            total += 100
    return total


def highest_trump(trick: Sequence[Card], trump: Suit) -> Card | None:
    trumps = [c for c in trick if c.suit == trump]
    return max(trumps, key=trump_strength) if trumps else None


def beats(card: Card, highest: Card | None, trump: Suit) -> bool:
    """A trump higher than the highest trump in the trick (any trump, if it holds none)."""
    if card.suit != trump:
        return False
    return highest is None or trump_strength(card) > trump_strength(highest)


def partner_is_winning(trick: Sequence[Card], trump: Suit) -> bool:
    return len(trick) >= 2 and reference_winner(trick, trump) == len(trick) - 2


def may_play(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit, *, rotterdam: bool
) -> bool:
    """Judge one card by the rules' own wording."""
    if not trick:
        return True  # 1. leading: any card
    led = trick[0].suit
    highest = highest_trump(trick, trump)

    def beats_highest(c: Card) -> bool:
        return beats(c, highest, trump)

    holds_led = any(c.suit == led for c in hand)
    if holds_led:
        if card.suit != led:
            return False  # 2. follow suit
        if led != trump:
            return True
        # 3. trumps led: beat the highest trump if you can, else any trump
        return beats_highest(card) or not any(beats_highest(c) for c in hand)
    holds_trump = any(c.suit == trump for c in hand)
    if not holds_trump:
        return True  # void, no trumps: any card
    can_overtrump = any(beats_highest(c) for c in hand)
    only_lower_trumps = all(c.suit == trump and not beats_highest(c) for c in hand)
    if rotterdam:
        # must trump, overtrumping if able, whoever wins; else still a (lower) trump
        return card.suit == trump and (beats_highest(card) or not can_overtrump)
    partner_winning = partner_is_winning(trick, trump)
    if partner_winning:
        # may discard or trump, but a trump must beat the highest trump in the trick
        return card.suit != trump or beats_highest(card) or only_lower_trumps
    # an opponent is winning: must trump, must overtrump; if unable, discard a non-trump
    if card.suit == trump:
        return beats_highest(card) or only_lower_trumps
    return highest is not None and not can_overtrump


def reference_legal(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit, *, rotterdam: bool
) -> list[Card]:
    return [c for c in hand if may_play(c, hand, trick, trump, rotterdam=rotterdam)]


def reference_broken(
    card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit, *, rotterdam: bool
) -> set[str]:
    """The rules whose statement an illegal `card` goes against, asked rule by rule in the
    words of each statement (the fast core lists them per branch instead)."""
    if not trick:
        return set()
    led = trick[0].suit
    highest = highest_trump(trick, trump)

    def beats_highest(c: Card) -> bool:
        return beats(c, highest, trump)

    holds_led = any(c.suit == led for c in hand)
    holds_trump = any(c.suit == trump for c in hand)
    can_beat = any(beats_highest(c) for c in hand)
    lower_trump = card.suit == trump and not beats_highest(card)
    broken = set()
    if holds_led and card.suit != led:
        broken.add("play.follow-suit")
    if led == trump and holds_trump:
        if can_beat and not beats_highest(card):
            broken.add("play.trump-led-overtrump")
        if not can_beat and card.suit != trump:
            broken.add("play.trump-led-any-trump")
    if led == trump or holds_led or not holds_trump:
        return broken
    partner = partner_is_winning(trick, trump)
    obliged = rotterdam or not partner  # Amsterdam frees you over a winning partner
    only_lower_trumps = all(c.suit == trump and not beats_highest(c) for c in hand)
    # must-trump: a trump when obliged; over a trump, Amsterdam asks it only if you can beat it
    if obliged and card.suit != trump and (rotterdam or highest is None or can_beat):
        broken.add("play.must-trump")
    if obliged and highest is not None and can_beat and not beats_highest(card):
        broken.add("play.must-overtrump")
    if rotterdam and highest is not None and not can_beat and card.suit != trump:
        broken.add("play.must-undertrump")
    if not rotterdam and highest is not None and lower_trump and not only_lower_trumps:
        broken.add("play.no-undertrump")
    if not rotterdam and partner and lower_trump and not only_lower_trumps:
        broken.add("play.partner-winning")
    return broken


def reference_score(
    tricks: Sequence[tuple[int, Sequence[Card]]], trump: Suit, choosers: int
) -> tuple[int, int]:
    """The written scores of a deal, all roem declared (default rules)."""
    cards = [0, 0]
    roem = [0, 0]
    taken = [0, 0]
    last_pair = 0
    for leader, trick in tricks:
        pair = (leader + reference_winner(trick, trump)) % 2
        cards[pair] += reference_points(trick, trump)
        roem[pair] += reference_roem(trick, trump)
        taken[pair] += 1
        last_pair = pair
    cards[last_pair] += 10
    totals = [cards[p] + roem[p] + (100 if taken[p] == 8 else 0) for p in (0, 1)]
    defenders = 1 - choosers
    if totals[choosers] > totals[defenders]:
        return totals[0], totals[1]
    written = [0, 0]
    written[defenders] = 162 + roem[0] + roem[1] + (100 if taken[defenders] == 8 else 0)
    return written[0], written[1]
