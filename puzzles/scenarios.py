"""Realistic positions built on purpose: a biased deal, then legal play up to the learner.

Random play rarely reaches the positions a drill needs (a partner who has trumped, a hand of only
lower trumps), so the deal is biased toward them: the leader holds the suit led, chosen players
are void in it, the learner's hand has the wanted mix. Every card before the learner's is then a
legal play from a real hand, so the position is realistic by construction.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import islice

from klaverjas_core import DECK, TRUMP_ORDER, Position, RuleSet, Suit
from klaverjas_core.legality import decide
from klaverjas_core.tricks import winner_index

#: Hand sizes by level: level 1 short hands, level 3 nearly full ones.
HAND_SIZES = {1: (3, 4), 2: (5, 6), 3: (7, 8)}


@dataclass(frozen=True, slots=True)
class Scenario:
    """The shape of position a target rule needs; each field narrows the random deal."""

    trick_lengths: tuple[int, ...] = (1, 2, 3)
    led_is_trump: bool = False
    learner_holds_led: bool = False
    #: How many trumps the learner holds (min, max) when void in a plain suit led.
    learner_trumps: tuple[int, int] = (0, 3)
    #: The learner also holds cards that are neither the suit led nor trumps.
    learner_has_side_cards: bool = True
    #: Chance that each player between leader and learner is void in the suit led.
    others_void: float = 0.5
    #: Players who may trump or discard prefer to trump.
    prefer_trump: bool = True
    #: Cap on the hand size (a hand of only lower trumps cannot hold 8 cards).
    max_hand: int = 8
    #: A void player whose wanted card is not a trump holds no trumps (so may discard it).
    discarders_hold_no_trumps: bool = False
    #: The learner's partner takes the lead in the trick and the opponents after him leave it
    #: to him (a deal where they cannot is drawn again). Needs trick lengths of 2 or more.
    partner_keeps_trick: bool = False
    #: The opponent just before the learner trumps above every trump the learner holds.
    opponent_trumps_above_learner: bool = False
    #: The partner trumps (trick length 3) above at least one of the learner's trumps.
    partner_trumps_above_learner: bool = False


class DrawError(Exception):
    """The random draw cannot satisfy the scenario; the caller tries again."""


@dataclass
class Table:
    """A trick in progress: trumps, the suit led, hands (card indices) and the cards played."""

    trump: int
    led: int
    hand_size: int
    hands: list[list[int]]  # hands[i] is the hand of the player at trick position i
    trick: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)

    def take(self, count: int, accept: Callable[[int], bool]) -> list[int]:
        """The first `count` cards of the pool that `accept` takes, out of the pool."""
        chosen = list(islice(filter(accept, self.pool), count))
        if len(chosen) < count:
            raise DrawError
        for card in chosen:
            self.pool.remove(card)
        return chosen


def deal_trick(
    rng: random.Random,
    scenario: Scenario,
    rules: RuleSet,
    level: int,
    *,
    trick_length: int | None = None,
    hand_size: int | None = None,
    trump: int | None = None,
    led: int | None = None,
    wanted: Mapping[int, int] | None = None,
) -> tuple[Table, list[int]]:
    """Deal the players of a trick and play `trick_length` cards legally.

    `wanted` maps a trick position to a card that player holds and must play (a `DrawError` if
    the rules forbid it). Returns the table and the hand of the next player (the learner).
    """
    if hand_size is None:
        hand_size = min(rng.choice(HAND_SIZES[level]), scenario.max_hand)
    trump = rng.randrange(4) if trump is None else trump
    if led is None:
        led = trump if scenario.led_is_trump else rng.choice([s for s in range(4) if s != trump])
    length = rng.choice(scenario.trick_lengths) if trick_length is None else trick_length
    wanted = dict(wanted or {})
    top = None
    if scenario.opponent_trumps_above_learner or scenario.partner_trumps_above_learner:
        every_trump = scenario.opponent_trumps_above_learner
        trumper = length - 1 if every_trump else length - 2
        if scenario.partner_trumps_above_learner == every_trump or trumper in wanted:
            raise ValueError("one player trumps above the learner, and only the scenario says who")
        top = wanted[trumper] = _trump_above(rng, trump, hand_size if every_trump else 1)
    pool = [card for card in range(32) if card not in wanted.values()]
    rng.shuffle(pool)
    table = Table(trump, led, hand_size, [], pool=pool)
    learner = _learner_hand(rng, scenario, table, below=top) if length < 4 else []
    for position in range(length):
        own = [wanted[position]] if position in wanted else []
        need = hand_size - len(own)
        if position == 0:
            hand = own + (table.take(1, lambda c: c >> 3 == led) if not own else [])
            hand += table.take(hand_size - len(hand), lambda c: True)
        elif (top is not None and own == [top]) or rng.random() < scenario.others_void:
            no_trumps = bool(scenario.discarders_hold_no_trumps and own and own[0] >> 3 != trump)
            # Whoever must not take the trick from the one built to win it holds no trumps.
            no_trumps |= scenario.partner_keeps_trick and position == length - 1
            no_trumps |= scenario.opponent_trumps_above_learner and position == length - 2
            avoid = {led, trump} if no_trumps else {led}
            hand = own + table.take(need, _not_of(avoid))
        else:
            hand = own + table.take(need, lambda c: True)
        table.hands.append(hand)
    for position, hand in enumerate(table.hands):
        table.trick.append(_choose(rng, scenario, rules, table, hand, wanted.get(position)))
    return table, learner


def _not_of(suits: set[int]) -> Callable[[int], bool]:
    return lambda card: card >> 3 not in suits


def _choose(
    rng: random.Random,
    scenario: Scenario,
    rules: RuleSet,
    table: Table,
    hand: list[int],
    wanted: int | None,
) -> int:
    if not table.trick:
        legal = [card for card in hand if card >> 3 == table.led]
    else:
        mask = sum(1 << card for card in hand)
        legal_mask = decide(mask, table.trick, table.trump, rules.partner_exemption)[1]
        legal = [card for card in hand if legal_mask >> card & 1]
    if wanted is not None:
        if wanted not in legal:
            raise DrawError
        return wanted
    if scenario.partner_keeps_trick:
        legal = _keeping_partner_ahead(table, legal)
    trumps = [card for card in legal if card >> 3 == table.trump]
    if scenario.prefer_trump and trumps and len(trumps) < len(legal) and rng.random() < 0.75:
        legal = trumps
    return rng.choice(legal)


def _keeping_partner_ahead(table: Table, legal: list[int]) -> list[int]:
    """The legal cards after which the learner's partner (two places before the learner) is
    winning the trick, from his card on; before his card, any legal card."""
    partner = len(table.hands) - 2
    if len(table.trick) < partner:
        return legal
    keeping = [c for c in legal if winner_index([*table.trick, c], table.trump) == partner]
    if not keeping:
        raise DrawError
    return keeping


def _trump_above(rng: random.Random, trump: int, hand_size: int) -> int:
    """A trump with at least `hand_size` trumps below it."""
    ranks = [
        rank for number, rank in enumerate(TRUMP_ORDER) if len(TRUMP_ORDER) - number > hand_size
    ]
    return trump * 8 + rng.choice(ranks).value


def _below(trump: int, top: int) -> Callable[[int], bool]:
    order = [trump * 8 + rank.value for rank in TRUMP_ORDER]
    lower = set(order[order.index(top) + 1 :])
    return lambda card: card in lower


def _learner_hand(
    rng: random.Random, scenario: Scenario, table: Table, *, below: int | None = None
) -> list[int]:
    """The learner's hand. With `below`, a trump played before the learner's turn: every
    trump the learner holds is lower (`opponent_trumps_above_learner`) or the first one is."""
    size, led, trump = table.hand_size, table.led, table.trump
    if scenario.learner_holds_led:
        followers = rng.randint(1, max(1, size - 1))
        hand = table.take(followers, lambda c: c >> 3 == led)
        hand += table.take(size - followers, lambda c: c >> 3 != led)
    else:
        low, high = scenario.learner_trumps
        trumps = size if not scenario.learner_has_side_cards else rng.randint(low, min(high, size))
        hand = []
        if below is not None:
            lower = trumps if scenario.opponent_trumps_above_learner else 1
            hand = table.take(lower, _below(trump, below))
        hand += table.take(trumps - len(hand), lambda c: c >> 3 == trump)
        hand += table.take(size - trumps, lambda c: c >> 3 not in (led, trump))
    return hand


def build_position(rng: random.Random, scenario: Scenario, rules: RuleSet, level: int) -> Position:
    """A position for the learner to judge, reached by legal play."""
    table, learner = deal_trick(rng, scenario, rules, level)
    return Position(
        Suit(table.trump),
        tuple(DECK[card] for card in table.trick),
        tuple(DECK[card] for card in learner),
        rules,
    )
