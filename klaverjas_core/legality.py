"""Which card may I play? One decision cascade serves `legal_cards` and `check_card` alike.

The cascade follows RULES.md step by step; each branch names the rule ids that decide it.

>>> hand = parse_cards("Q♥ 7♦")                      # seed 000, hearts trump
>>> [str(c) for c in legal_cards(hand, parse_cards("A♣ 7♣"), "♥")]
['Q♥', '7♦']
>>> legal_cards(hand, parse_cards("A♣ 8♥"), "♥").rule   # had B trumped with 8♥
<RuleId.PLAY_MUST_OVERTRUMP: 'play.must-overtrump'>
>>> verdict = check_card("7♦", hand, parse_cards("A♣ 8♥"), "♥")
>>> verdict.legal, str(verdict.highest_trump), format_cards(verdict.beaters)
(False, '8♥', 'Q♥')

A verdict is facts (the rule and the cards involved), not prose: the trainer's text catalogue
words them for the learner in their language.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple, Protocol

from klaverjas_core._tables import (
    BEATS_TRUMP,
    BEATS_TRUMP_ACE_HIGH,
    SUIT_MASKS,
    TRUMP_POWER,
    TRUMP_POWER_ACE_HIGH,
)
from klaverjas_core.cards import (
    Card,
    Suit,
    cards_of,
    format_cards,
    parse_cards,  # noqa: F401 - the doctests read cards with it
)
from klaverjas_core.errors import DuplicateCardError, ImpossiblePositionError
from klaverjas_core.misbeliefs import Misbelief
from klaverjas_core.rule_ids import RuleId
from klaverjas_core.ruleset import RuleSet, resolve_rules
from klaverjas_core.tricks import winner_index

__all__ = ["Branch", "LegalCards", "Verdict", "check_card", "decide", "legal_cards"]

#: Anything the public functions accept as a list of cards: Card objects or notation text.
CardsLike = Sequence[Card] | str
#: `decide`'s arguments for one position: hand mask, trick indices, trump, partner exemption
#: and misbelief flags.
DecideArgs = tuple[int, tuple[int, ...], int, bool, int]


class Branch(IntEnum):
    """Where the cascade ended; each branch maps to the rules that decide it."""

    LEAD = 0
    FOLLOW_SUIT = 1
    TRUMP_LED_OVERTRUMP = 2
    TRUMP_LED_ANY_TRUMP = 3
    VOID_NO_TRUMPS = 4
    MUST_TRUMP = 5
    MUST_OVERTRUMP = 6
    NO_UNDERTRUMP = 7
    ONLY_LOWER_TRUMPS = 8
    PARTNER_PLAIN = 9
    PARTNER_TRUMPED = 10
    MUST_UNDERTRUMP = 11


# The misbelief flags as plain ints: an IntFlag operation costs a Python call on the hot path.
_ALWAYS_OVERTRUMP: Final = int(Misbelief.ALWAYS_OVERTRUMP)
_NO_OVERTRUMP_ON_TRUMP_LEAD: Final = int(Misbelief.NO_OVERTRUMP_ON_TRUMP_LEAD)
_DISCARD_WHEN_VOID: Final = int(Misbelief.DISCARD_WHEN_VOID)
_UNDERTRUMP_FREELY: Final = int(Misbelief.UNDERTRUMP_FREELY)
_MUST_UNDERTRUMP: Final = int(Misbelief.MUST_UNDERTRUMP)
_ACE_ABOVE_NINE: Final = int(Misbelief.ACE_ABOVE_NINE)


def decide(
    hand: int, trick: Sequence[int], trump: int, partner_exemption: bool, misbeliefs: int = 0
) -> tuple[int, int]:
    """The cascade on integers: ``(branch, legal mask)`` for a hand mask and a trick of indices.

    This is the hot path (benchmarked at over a million calls a second), so it works on
    bitmasks and returns early; `Decision` turns its answer into cards and rule ids.
    `misbeliefs` (`Misbelief` flags) plays the cascade as a learner holding them would.
    """
    if not trick:
        return Branch.LEAD, hand
    led = trick[0] >> 3
    following = hand & SUIT_MASKS[led]
    ace_high = misbeliefs & _ACE_ABOVE_NINE
    if led == trump:
        if not following:
            return Branch.VOID_NO_TRUMPS, hand
        if misbeliefs & _NO_OVERTRUMP_ON_TRUMP_LEAD:
            return Branch.TRUMP_LED_ANY_TRUMP, following
        power = TRUMP_POWER_ACE_HIGH if ace_high else TRUMP_POWER
        best = trick[0]
        for card in trick:
            if card >> 3 == trump and power[card & 7] > power[best & 7]:
                best = card
        higher = following & (BEATS_TRUMP_ACE_HIGH if ace_high else BEATS_TRUMP)[best]
        if higher:
            return Branch.TRUMP_LED_OVERTRUMP, higher
        return Branch.TRUMP_LED_ANY_TRUMP, following
    if following:
        return Branch.FOLLOW_SUIT, following
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return Branch.VOID_NO_TRUMPS, hand
    if misbeliefs & _DISCARD_WHEN_VOID:
        return Branch.VOID_NO_TRUMPS, hand
    winner, best_trump = _winner_and_best_trump(trick, trump, misbeliefs)
    exempt = partner_exemption and not misbeliefs & _ALWAYS_OVERTRUMP
    partner_winning = exempt and winner == len(trick) - 2
    if best_trump < 0:
        if partner_winning:
            return Branch.PARTNER_PLAIN, hand
        return Branch.MUST_TRUMP, trumps
    higher = trumps & (BEATS_TRUMP_ACE_HIGH if ace_high else BEATS_TRUMP)[best_trump]
    freely = misbeliefs & _UNDERTRUMP_FREELY
    if partner_winning:
        allowed = hand if freely else (hand ^ trumps) | higher
        if allowed:
            return Branch.PARTNER_TRUMPED, allowed
        return Branch.ONLY_LOWER_TRUMPS, hand
    if higher:
        return Branch.MUST_OVERTRUMP, trumps if freely else higher
    if not partner_exemption or misbeliefs & _MUST_UNDERTRUMP:
        return Branch.MUST_UNDERTRUMP, trumps
    if hand ^ trumps:
        return Branch.NO_UNDERTRUMP, hand if freely else hand ^ trumps
    return Branch.ONLY_LOWER_TRUMPS, hand


def _winner_and_best_trump(trick: Sequence[int], trump: int, misbeliefs: int) -> tuple[int, int]:
    """Position of the winning card, and the highest trump's index (-1 if none): a trick that
    holds a trump is always won by its highest trump."""
    winner = winner_index(trick, trump, misbeliefs)
    return winner, trick[winner] if trick[winner] >> 3 == trump else -1


# Per branch: the rule that permits a legal card, and the rules that forbid an illegal one
# (a lower trump, and any other card). A branch where every card is legal has no forbid rules.
_PERMIT: Final[dict[Branch, RuleId]] = {
    Branch.LEAD: RuleId.PLAY_LEAD_ANY,
    Branch.FOLLOW_SUIT: RuleId.PLAY_FOLLOW_SUIT,
    Branch.TRUMP_LED_OVERTRUMP: RuleId.PLAY_TRUMP_LED_OVERTRUMP,
    Branch.TRUMP_LED_ANY_TRUMP: RuleId.PLAY_TRUMP_LED_ANY_TRUMP,
    Branch.VOID_NO_TRUMPS: RuleId.PLAY_VOID_NO_TRUMPS,
    Branch.MUST_TRUMP: RuleId.PLAY_MUST_TRUMP,
    Branch.MUST_OVERTRUMP: RuleId.PLAY_MUST_OVERTRUMP,
    Branch.NO_UNDERTRUMP: RuleId.PLAY_NO_UNDERTRUMP,
    Branch.ONLY_LOWER_TRUMPS: RuleId.PLAY_ONLY_LOWER_TRUMPS,
    Branch.PARTNER_PLAIN: RuleId.PLAY_PARTNER_WINNING,
    Branch.PARTNER_TRUMPED: RuleId.PLAY_PARTNER_WINNING,
    Branch.MUST_UNDERTRUMP: RuleId.PLAY_MUST_UNDERTRUMP,
}


def _forbid_rule(branch: Branch, card: int, trump: int) -> RuleId:
    """Why `card` is illegal in this branch."""
    is_trump = card >> 3 == trump
    if branch is Branch.TRUMP_LED_OVERTRUMP:
        return RuleId.PLAY_TRUMP_LED_OVERTRUMP if is_trump else RuleId.PLAY_FOLLOW_SUIT
    if branch is Branch.TRUMP_LED_ANY_TRUMP:
        return RuleId.PLAY_FOLLOW_SUIT
    if branch is Branch.PARTNER_TRUMPED:
        return RuleId.PLAY_NO_UNDERTRUMP
    return _PERMIT[branch]


def rule_for_index(branch: Branch, legal: int, card: int, trump: int) -> RuleId:
    """`Decision.rule_for` on integers: the rule that permits or forbids card index `card` of
    a hand for which `decide` answered ``(branch, legal)``."""
    if legal >> card & 1:
        return _PERMIT[branch]
    return _forbid_rule(branch, card, trump)


def _broken_rules(branch: Branch, card: int, trump: int, exemption: bool) -> tuple[RuleId, ...]:
    """Every rule an illegal `card` breaks, the deciding one first; a who-revoked puzzle
    accepts any of them. Each rule listed is one whose statement the card goes against:

    - a discard when you had to overtrump or (Rotterdam) undertrump is also not trumping;
    - in Amsterdam, a lower trump when you could overtrump is also an undertrump that was not
      forced;
    - over a partner's winning trump (Amsterdam) a lower trump also goes against the partner
      rule, which lets you trump only with a higher one;
    - a discard on a trump lead is also not overtrumping, or not playing any trump.
    """
    primary = _forbid_rule(branch, card, trump)
    is_trump = card >> 3 == trump
    also: tuple[RuleId, ...] = ()
    if branch is Branch.MUST_OVERTRUMP:
        if not is_trump:
            also = (RuleId.PLAY_MUST_TRUMP,)
        elif exemption:
            also = (RuleId.PLAY_NO_UNDERTRUMP,)
    elif branch is Branch.MUST_UNDERTRUMP:
        also = (RuleId.PLAY_MUST_TRUMP,)
    elif branch is Branch.PARTNER_TRUMPED:
        also = (RuleId.PLAY_PARTNER_WINNING,)
    elif branch is Branch.TRUMP_LED_OVERTRUMP and not is_trump:
        also = (RuleId.PLAY_TRUMP_LED_OVERTRUMP,)
    elif branch is Branch.TRUMP_LED_ANY_TRUMP:
        also = (RuleId.PLAY_TRUMP_LED_ANY_TRUMP,)
    return (primary, *also)


@dataclass(frozen=True, slots=True)
class Decision:
    """The cascade's answer for one position, with everything an explanation names."""

    branch: Branch
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    rules: RuleSet
    legal_mask: int

    @classmethod
    def of(
        cls, hand: CardsLike, trick: CardsLike, trump: Suit | str, rules: RuleSet | str
    ) -> Decision:
        position = validate(hand, trick, trump, rules)
        branch, legal = decide(*position.args)
        return cls(
            Branch(branch), position.hand, position.trick, position.trump, position.rules, legal
        )

    @property
    def legal(self) -> tuple[Card, ...]:
        return tuple(card for card in self.hand if self.legal_mask & card.bit)

    @property
    def illegal(self) -> tuple[Card, ...]:
        return tuple(card for card in self.hand if not self.legal_mask & card.bit)

    def rule_for(self, card: Card) -> RuleId:
        """The rule that permits (legal) or forbids (illegal) this card of the hand."""
        return rule_for_index(self.branch, self.legal_mask, card.index, self.trump.value)

    @property
    def rule_ids(self) -> tuple[RuleId, ...]:
        """The deciding rules: the permitting rule first, then any that forbid cards."""
        found = [_PERMIT[self.branch]]
        for card in self.illegal:
            rule = self.rule_for(card)
            if rule not in found:
                found.append(rule)
        return tuple(found)

    @property
    def winning_position(self) -> int | None:
        if not self.trick:
            return None
        return winner_index([c.index for c in self.trick], self.trump.value, self.rules.misbeliefs)

    @property
    def highest_trump(self) -> Card | None:
        trumps = [card for card in self.trick if card.suit is self.trump]
        return max(trumps, key=lambda card: TRUMP_POWER[card.rank.value], default=None)

    def verdict(self, card: Card) -> Verdict:
        if card not in self.hand:
            raise ImpossiblePositionError(f"{card} is not in the hand {format_cards(self.hand)}")
        winning = self.winning_position
        highest = self.highest_trump
        beaters: tuple[Card, ...] = ()
        if highest is not None:
            beaters = tuple(c for c in self.hand if c.bit & BEATS_TRUMP[highest.index])
        legal = bool(self.legal_mask & card.bit)
        broken = (
            ()
            if legal
            else _broken_rules(
                self.branch, card.index, self.trump.value, self.rules.partner_exemption
            )
        )
        return Verdict(
            card=card,
            legal=legal,
            rule=self.rule_for(card),
            trump=self.trump,
            led=self.trick[0] if self.trick else None,
            winning=None if winning is None else self.trick[winning],
            partner_winning=winning is not None and winning == len(self.trick) - 2,
            highest_trump=highest,
            beaters=beaters,
            allowed=self.legal,
            hand=self.hand,
            branch=self.branch,
            broken=broken,
        )


class Judged(Protocol):
    """A validated position, as `LegalCards` and `Decision` read it (a `Position`)."""

    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def trump(self) -> Suit: ...
    @property
    def rules(self) -> RuleSet: ...


class Validated(NamedTuple):
    """A position `validate` accepted, with `decide`'s arguments for it."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    rules: RuleSet
    args: DecideArgs


def validate(
    hand: CardsLike, trick: CardsLike, trump: Suit | str, rules: RuleSet | str
) -> Validated:
    """Read a position once, refusing one that cannot occur with a typed error; the first
    fault found wins: the cards, their counts, a duplicate, the trumps, the rules."""
    hand_cards, hand_mask = _cards_and_mask(hand, "hand")
    trick_cards, trick_mask = _cards_and_mask(trick, "trick")
    if not hand_cards:
        raise ImpossiblePositionError("the hand is empty: there is no card to play")
    if len(hand_cards) > 8:
        raise ImpossiblePositionError(f"a hand holds at most 8 cards, got {len(hand_cards)}")
    if len(trick_cards) > 3:
        raise ImpossiblePositionError(
            f"the trick {format_cards(trick_cards)} is complete: nobody is left to play to it"
        )
    if (
        hand_mask & trick_mask
        or hand_mask.bit_count() != len(hand_cards)
        or trick_mask.bit_count() != len(trick_cards)
    ):
        _refuse_duplicate(hand_cards, trick_cards)
    suit = trump if type(trump) is Suit else Suit.parse(trump)
    ruleset = rules if type(rules) is RuleSet else resolve_rules(rules)
    indices = tuple([card.index for card in trick_cards])
    args = (hand_mask, indices, suit.value, ruleset.partner_exemption, int(ruleset.misbeliefs))
    return Validated(hand_cards, trick_cards, suit, ruleset, args)


def _cards_and_mask(value: CardsLike, what: str) -> tuple[tuple[Card, ...], int]:
    """The cards as `cards_of` reads them, as a tuple, and their mask (a duplicate shows as a
    mask with fewer bits than cards). A list or tuple of cards, the common case, is read in
    one pass."""
    mask = 0
    if type(value) is tuple or type(value) is list:
        for card in value:
            if type(card) is not Card:
                break
            mask |= card.bit
        else:
            return (value if type(value) is tuple else tuple(value)), mask
        mask = 0
    cards = tuple(cards_of(value, what))
    for card in cards:
        mask |= card.bit
    return cards, mask


def _refuse_duplicate(hand: tuple[Card, ...], trick: tuple[Card, ...]) -> None:
    seen = 0
    for card in (*hand, *trick):
        if seen & card.bit:
            where = "hand and trick" if card in hand and card in trick else "cards"
            raise DuplicateCardError(f"{card} appears twice in the {where}")
        seen |= card.bit


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether one card may be played, the rule that decides it, and the cards involved."""

    card: Card
    legal: bool
    rule: RuleId
    trump: Suit
    led: Card | None
    winning: Card | None
    partner_winning: bool
    highest_trump: Card | None
    beaters: tuple[Card, ...]  # the cards in hand that beat `highest_trump`
    allowed: tuple[Card, ...]  # every legal card of the hand
    hand: tuple[Card, ...] = ()
    branch: Branch = Branch.LEAD  # where the decision cascade ended
    broken: tuple[RuleId, ...] = ()  # for an illegal card: every rule it breaks, `rule` first

    def __str__(self) -> str:
        """A plain summary for logs and error messages (learners see catalogue text)."""
        return f"{self.card} {'allowed' if self.legal else 'not allowed'} ({self.rule.value})"


class LegalCards:
    """The legal cards of a hand, in hand order, with the rule ids that decided them.

    Iterating gives the legal `Card`s; ``card in result`` tests one; `rules` names the reasons.
    Made from a validated position and `decide`'s answer for it; everything that explains the
    answer (`decision`, `rules`, `verdict`) is worked out when asked for.
    """

    __slots__ = ("_answer", "_position")

    def __init__(self, position: Judged, answer: tuple[int, int]) -> None:
        self._position = position
        self._answer = answer  # (branch, legal mask), as `decide` gives them for `position`

    @property
    def decision(self) -> Decision:
        branch, mask = self._answer
        position = self._position
        return Decision(
            Branch(branch), position.hand, position.trick, position.trump, position.rules, mask
        )

    @property
    def cards(self) -> tuple[Card, ...]:
        mask = self._answer[1]
        return tuple(card for card in self._position.hand if mask & card.bit)

    @property
    def rules(self) -> tuple[RuleId, ...]:
        """All deciding rule ids; the first is the primary one (`rule`)."""
        return self.decision.rule_ids

    @property
    def rule(self) -> RuleId:
        return _PERMIT[Branch(self._answer[0])]

    @property
    def mask(self) -> int:
        return self._answer[1]

    def verdict(self, card: Card | str) -> Verdict:
        return self.decision.verdict(Card.parse(card) if isinstance(card, str) else card)

    def example(self, rule: RuleId) -> Verdict:
        """The verdict of the first card in hand that `rule` decides (one of `rules`)."""
        decision = self.decision
        card = next((c for c in decision.hand if decision.rule_for(c) is rule), None)
        if card is None:
            raise KeyError(f"{rule.value} decides no card of this hand")
        return decision.verdict(card)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return self._answer[1].bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._answer[1] & card.bit)

    def __repr__(self) -> str:
        rules = ", ".join(rule.value for rule in self.rules)
        return f"<LegalCards {format_cards(self.cards)} ({rules})>"


def legal_cards(
    hand: CardsLike, trick: CardsLike, trump: Suit | str, rules: RuleSet | str = "amsterdam"
) -> LegalCards:
    """The cards of `hand` that may be played to `trick` (play order, leader first).

    >>> result = legal_cards("K♠ 7♥ 9♦", "A♥ J♥", "♥")    # trumps led, J♥ cannot be beaten
    >>> format_cards(result), [str(rule) for rule in result.rules]
    ('7♥', ['play.trump-led-any-trump', 'play.follow-suit'])
    """
    position = validate(hand, trick, trump, rules)
    return LegalCards(position, decide(*position.args))


def check_card(
    card: Card | str,
    hand: CardsLike,
    trick: CardsLike,
    trump: Suit | str,
    rules: RuleSet | str = "amsterdam",
) -> Verdict:
    """Whether `card` (from `hand`) may be played, with the deciding rule and cards involved.

    >>> v = check_card("7♦", "Q♥ 7♦", "A♣ 7♣", "♥")      # partner A♣ is winning
    >>> v.legal, str(v.rule)
    (True, 'play.partner-winning')
    """
    chosen = Card.parse(card) if isinstance(card, str) else card
    return Decision.of(hand, trick, trump, rules).verdict(chosen)
