"""Winning a trick, its card points, and the roem inside it.

The trick is a sequence of cards in play order, leader first.

>>> trick = parse_cards("J♠ 7♠ 8♠ 9♠")           # seed 001: spades trump
>>> trick_winner(trick, "♠"), trick_points(trick, "♠"), trick_roem(trick, "♠")
(0, 34, 20)
>>> [(str(item.rule), item.points, format_cards(item.cards)) for item in roem_items(trick, "♠")]
[('roem.run-of-three', 20, '7♠ 8♠ 9♠')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from klaverjas_core._tables import (
    FOUR_OF_A_KIND,
    LOW_RANKS,
    POINTS,
    RUN_ROEM,
    STUK,
    WIN_KEY,
    WIN_KEYS,
)
from klaverjas_core.cards import (
    DECK,
    Card,
    Suit,
    cards_of,
    format_cards,
    parse_cards,  # noqa: F401 - the doctests read cards with it
)
from klaverjas_core.errors import DuplicateCardError, ImpossiblePositionError
from klaverjas_core.rule_ids import RuleId
from klaverjas_core.ruleset import AMSTERDAM, RuleSet, resolve_rules

__all__ = [
    "RoemItem",
    "TrickJudgement",
    "judge_trick",
    "roem_items",
    "trick_points",
    "trick_roem",
    "trick_winner",
]


# --- integer fast paths (card indices, trump as 0-3) -------------------------------------------


def winner_index(trick: Sequence[int], trump: int, misbeliefs: int = 0) -> int:
    """Position in the trick of the winning card; `misbeliefs` may swap the card order
    (`Misbelief.TEN_BELOW_KING`, `Misbelief.ACE_ABOVE_NINE`)."""
    keys = WIN_KEYS[misbeliefs >> 5 & 3] if misbeliefs else WIN_KEY
    base = (trump * 4 + (trick[0] >> 3)) * 32
    best = 0
    best_key = keys[base + trick[0]]
    for position in range(1, len(trick)):
        key = keys[base + trick[position]]
        if key > best_key:
            best, best_key = position, key
    return best


def points_of(trick: Sequence[int], trump: int) -> int:
    base = trump * 32
    return sum(POINTS[base + card] for card in trick)


def roem_of_mask(mask: int, trump: int, rules: RuleSet = AMSTERDAM) -> int:
    """All roem formed by the cards in `mask` (at most one trick's worth): the sum of
    `roem_items_of_mask`, so there is one implementation of what roem is."""
    return sum(item.points for item in roem_items_of_mask(mask, trump, rules))


def _four_of_a_kind_points(rank: int, rules: RuleSet) -> int:
    if rank in LOW_RANKS:
        return 100 if rules.four_low_100 else 0
    return FOUR_OF_A_KIND[rank]


# --- itemised roem --------------------------------------------------------------------------------


class RoemItem(NamedTuple):
    """One piece of roem: which rule, how many points, and the cards that form it."""

    rule: RuleId
    points: int
    cards: tuple[Card, ...]


def roem_items_of_mask(mask: int, trump: int, rules: RuleSet) -> list[RoemItem]:
    """Each run, stuk and four of a kind that the cards in `mask` form (one trick's worth)."""
    items: list[RoemItem] = []
    for suit in range(4):
        pattern = mask >> (8 * suit) & 0xFF
        if pattern and RUN_ROEM[pattern]:
            items.append(_run_item(suit, pattern, RUN_ROEM[pattern]))
    if not rules.stuk_from_hand and mask & STUK[trump] == STUK[trump]:
        items.append(RoemItem(RuleId.ROEM_STUK, 20, _cards_of(STUK[trump])))
    same_rank = mask & mask >> 8 & mask >> 16 & mask >> 24 & 0xFF
    if same_rank:
        rank = same_rank.bit_length() - 1
        four = tuple(DECK[suit * 8 + rank] for suit in range(4))
        items.append(
            RoemItem(RuleId.ROEM_FOUR_OF_A_KIND, _four_of_a_kind_points(rank, rules), four)
        )
    return items


def _run_item(suit: int, pattern: int, points: int) -> RoemItem:
    length = 4 if points == 50 else 3
    for start in range(9 - length):
        window = ((1 << length) - 1) << start
        if pattern & window == window:
            cards = tuple(DECK[suit * 8 + start + k] for k in range(length))
            rule = RuleId.ROEM_RUN_OF_FOUR if length == 4 else RuleId.ROEM_RUN_OF_THREE
            return RoemItem(rule, points, cards)
    raise AssertionError(f"no run in pattern {pattern:#010b}")  # RUN_ROEM said there was one


def _cards_of(mask: int) -> tuple[Card, ...]:
    return tuple(card for card in DECK if mask & card.bit)


# --- public API on Card objects ---------------------------------------------------------------


def trick_indices(trick: Sequence[Card] | str, *, max_cards: int = 4) -> list[int]:
    """Validate a trick (1 to `max_cards` distinct cards) and return its card indices."""
    trick = cards_of(trick, "trick")
    if not trick:
        raise ImpossiblePositionError("a trick needs at least one card")
    if len(trick) > max_cards:
        raise ImpossiblePositionError(
            f"a trick holds at most {max_cards} cards, got {len(trick)}: {format_cards(trick)}"
        )
    seen = 0
    indices = []
    for card in trick:
        if seen & card.bit:
            raise DuplicateCardError(f"{card} appears twice in the trick {format_cards(trick)}")
        seen |= card.bit
        indices.append(card.index)
    return indices


def trick_winner(trick: Sequence[Card] | str, trump: Suit | str) -> int:
    """Index in `trick` of the card that wins it (so far).

    >>> trick_winner(parse_cards("A♣ 7♣ 7♦ K♣"), "♥")   # seed 000: A♣ wins
    0
    >>> trick_winner(parse_cards("A♣ 8♥ Q♥"), "♥")      # Q♥ overtrumps 8♥
    2
    """
    return winner_index(trick_indices(trick), Suit.parse(trump).value)


def trick_points(trick: Sequence[Card] | str, trump: Suit | str) -> int:
    """Card points in the trick (the last-trick 10 is not included).

    >>> trick_points(parse_cards("A♣ 7♣ 7♦ K♣"), "H")   # 11 + 0 + 0 + 4
    15
    """
    return points_of(trick_indices(trick), Suit.parse(trump).value)


def trick_roem(
    trick: Sequence[Card] | str, trump: Suit | str, rules: RuleSet | str = "amsterdam"
) -> int:
    """All roem present in the trick (declared or not).

    With the `stuk_from_hand` variant, stuk is not trick roem and is not counted here.

    >>> trick_roem(parse_cards("Q♥ K♥ J♥ 7♣"), "♥")     # run J-Q-K plus stuk
    40
    """
    cards = trick_indices(trick)
    return roem_of_mask(_mask(cards), Suit.parse(trump).value, resolve_rules(rules))


def roem_items(
    trick: Sequence[Card] | str, trump: Suit | str, rules: RuleSet | str = "amsterdam"
) -> list[RoemItem]:
    """The roem in the trick, one item per run, stuk or four of a kind."""
    cards = trick_indices(trick)
    return roem_items_of_mask(_mask(cards), Suit.parse(trump).value, resolve_rules(rules))


def _mask(indices: Sequence[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


class TrickJudgement(NamedTuple):
    """Who wins a trick and why, its card points and its roem, item by item."""

    cards: tuple[Card, ...]
    trump: Suit
    winner: int  # position in the trick
    rule: RuleId  # trick.trump-wins or trick.suit-led-wins
    points: int
    roem: tuple[RoemItem, ...]

    @property
    def winning_card(self) -> Card:
        return self.cards[self.winner]

    @property
    def roem_points(self) -> int:
        return sum(item.points for item in self.roem)


def judge_trick(
    trick: Sequence[Card] | str, trump: Suit | str, rules: RuleSet | str = "amsterdam"
) -> TrickJudgement:
    """Everything a learner counts in one trick.

    >>> judged = judge_trick("A♦ 7♦ 10♣ K♦", "♠")   # seed 001
    >>> judged.winning_card, judged.points, judged.rule
    (Card(Suit.DIAMONDS, Rank.ACE), 25, <RuleId.TRICK_SUIT_LED_WINS: 'trick.suit-led-wins'>)
    """
    indices = trick_indices(trick)
    suit = Suit.parse(trump)
    ruleset = resolve_rules(rules)
    winner = winner_index(indices, suit.value, ruleset.misbeliefs)
    has_trump = any(index >> 3 == suit.value for index in indices)
    return TrickJudgement(
        cards=tuple(DECK[index] for index in indices),
        trump=suit,
        winner=winner,
        rule=RuleId.TRICK_TRUMP_WINS if has_trump else RuleId.TRICK_SUIT_LED_WINS,
        points=points_of(indices, suit.value),
        roem=tuple(roem_items_of_mask(_mask(indices), suit.value, ruleset)),
    )
