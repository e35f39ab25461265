"""The flow of one deal: dealing 3-2-3, choosing trumps, eight tricks, and the score.

Randomness comes from a `random.Random` the caller passes in, so a seed replays a deal.

>>> import random
>>> deal = Deal.shuffled(random.Random(7), dealer=Seat.NORTH)
>>> deal.choice.to_speak                      # the first hand, left of the dealer
<Seat.EAST: 1>
>>> deal.pass_trumps(); deal.name_trumps("♥")   # East passes, South names hearts
>>> deal.choosers, deal.to_move               # N+S choose; East still leads
(0, <Seat.EAST: 1>)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Literal

from klaverjas_core.cards import DECK, Card, Suit, format_cards
from klaverjas_core.errors import (
    DuplicateCardError,
    GameFlowError,
    IllegalPlayError,
    ImpossiblePositionError,
)
from klaverjas_core.legality import Decision, LegalCards, Verdict, legal_cards
from klaverjas_core.records import DealRecord
from klaverjas_core.revokes import Revoke
from klaverjas_core.rule_ids import RuleId
from klaverjas_core.ruleset import AMSTERDAM, RuleSet, resolve_rules
from klaverjas_core.scoring import DealScore, score_record
from klaverjas_core.seats import Seat
from klaverjas_core.tricks import winner_index

__all__ = ["Deal", "Revoke", "TrumpChoice", "deal_hands", "next_dealer"]

PACKETS = (3, 2, 3)


def deal_hands(rng: random.Random, dealer: Seat) -> tuple[tuple[Card, ...], ...]:
    """Shuffle and deal clockwise in packets of 3, 2 and 3, starting left of the dealer.

    Returns the four hands indexed by seat.
    """
    deck = list(DECK)
    rng.shuffle(deck)
    hands: list[list[Card]] = [[], [], [], []]
    position = 0
    for size in PACKETS:
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            hands[seat].extend(deck[position : position + size])
            position += size
    return tuple(tuple(hand) for hand in hands)


def next_dealer(dealer: Seat) -> Seat:
    """The deal passes to the left."""
    return dealer.left


@dataclass
class TrumpChoice:
    """Choosing trumps: from the first hand clockwise, name a suit or pass; if all four
    pass, the first hand must name one. With `compulsory`, the first hand names at once."""

    dealer: Seat
    compulsory: bool = False
    passes: list[Seat] = field(default_factory=list)
    trump: Suit | None = None
    chooser: Seat | None = None

    @property
    def first_hand(self) -> Seat:
        return self.dealer.left

    @property
    def done(self) -> bool:
        return self.trump is not None

    @property
    def to_speak(self) -> Seat | None:
        if self.done:
            return None
        return Seat((self.first_hand + len(self.passes)) % 4)

    @property
    def must_name(self) -> bool:
        """True when the player to speak may not pass."""
        return not self.done and (self.compulsory or len(self.passes) == 4)

    @property
    def rule(self) -> RuleId:
        """The rule that governs the choice as it stands."""
        if self.compulsory:
            return RuleId.TRUMP_COMPULSORY
        if len(self.passes) == 4:
            return RuleId.TRUMP_FORCED_FIRST_HAND
        return RuleId.TRUMP_FREE_CHOICE

    def pass_(self) -> None:
        self._require_open()
        if self.must_name:
            raise GameFlowError(f"{self.to_speak} may not pass: {self.rule.value} applies")
        self.passes.append(self._speaker())

    def name(self, suit: Suit | str) -> None:
        self._require_open()
        self.chooser = self._speaker()
        self.trump = Suit.parse(suit)

    def _speaker(self) -> Seat:
        speaker = self.to_speak
        assert speaker is not None  # _require_open has checked
        return speaker

    def _require_open(self) -> None:
        if self.done:
            raise GameFlowError(f"trumps are already chosen ({self.trump})")


Phase = Literal["choosing", "playing", "finished"]


class Deal:
    """One deal from the hands to the score.

    A strict deal refuses an illegal card with `IllegalPlayError` carrying the verdict; a
    referee deal (``referee=True``) accepts it and records a `Revoke`.
    """

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        dealer: Seat,
        rules: RuleSet | str = AMSTERDAM,
        *,
        referee: bool = False,
    ) -> None:
        self.rules = resolve_rules(rules)
        self.dealer = Seat(dealer)
        self.referee = referee
        self.hands = _validated_hands(hands)
        self.choice = TrumpChoice(self.dealer, compulsory=self.rules.compulsory)
        self.tricks: list[tuple[Seat, tuple[Card, ...]]] = []
        self.leader = self.dealer.left  # the first hand leads, whoever chooses
        self.current: list[Card] = []
        self.revokes: list[Revoke] = []

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        dealer: Seat,
        rules: RuleSet | str = AMSTERDAM,
        *,
        referee: bool = False,
    ) -> Deal:
        return cls(deal_hands(rng, dealer), dealer, rules, referee=referee)

    # --- choosing trumps ---

    @property
    def phase(self) -> Phase:
        if not self.choice.done:
            return "choosing"
        return "finished" if len(self.tricks) == 8 else "playing"

    def pass_trumps(self) -> None:
        self.choice.pass_()

    def name_trumps(self, suit: Suit | str) -> None:
        self.choice.name(suit)

    @property
    def trump(self) -> Suit:
        if self.choice.trump is None:
            raise GameFlowError("trumps are not chosen yet")
        return self.choice.trump

    @property
    def choosers(self) -> int:
        if self.choice.chooser is None:
            raise GameFlowError("trumps are not chosen yet")
        return self.choice.chooser.pair

    # --- playing ---

    @property
    def to_move(self) -> Seat:
        return Seat((self.leader + len(self.current)) % 4)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat]

    def legal_cards(self) -> LegalCards:
        """The legal cards of the player to move."""
        self._require_play()
        return legal_cards(self.hands[self.to_move], tuple(self.current), self.trump, self.rules)

    def check(self, card: Card) -> Verdict:
        """Whether the player to move may play `card`, without playing it."""
        return self._decision().verdict(card)

    def play(self, card: Card) -> Verdict:
        """Play `card` for the player to move; returns the verdict (illegal only as referee)."""
        verdict = self.check(card)
        if not verdict.legal:
            if not self.referee:
                raise IllegalPlayError(verdict)
            self.revokes.append(Revoke(len(self.tricks), self.to_move, verdict))
        seat = self.to_move
        self.hands[seat] = tuple(c for c in self.hands[seat] if c is not card)
        self.current.append(card)
        if len(self.current) == 4:
            trick = tuple(self.current)
            self.tricks.append((self.leader, trick))
            winner = winner_index([c.index for c in trick], self.trump.value)
            self.leader = Seat((self.leader + winner) % 4)  # the winner leads next
            self.current = []
        return verdict

    def _require_play(self) -> None:
        if self.phase != "playing":
            raise GameFlowError(f"no card can be played while the deal is {self.phase}")

    def _decision(self) -> Decision:
        self._require_play()
        return Decision.of(self.hands[self.to_move], tuple(self.current), self.trump, self.rules)

    def record(
        self,
        declared: Collection[int] | None = None,
        *,
        stuk_announced: bool | None = None,
        called: Collection[tuple[Seat, int]] | None = None,
    ) -> DealRecord:
        """What happened in the deal, to score: `declared` and `stuk_announced` as in
        `DealRecord`; `called` are the "verzaakt!" calls made, as seat and trick (at a table
        only a revoke someone calls counts; default: every revoke is called)."""
        if self.phase != "finished":
            raise GameFlowError(f"the deal is not finished: {len(self.tricks)} of 8 tricks played")
        return DealRecord(
            [(int(leader), cards) for leader, cards in self.tricks],
            self.trump,
            self.choosers,
            declared,
            stuk_announced,
            tuple(self.revokes),
            called,
        )

    def score(
        self,
        declared: Collection[int] | None = None,
        *,
        stuk_announced: bool | None = None,
        called: Collection[tuple[Seat, int]] | None = None,
    ) -> DealScore:
        """The score of the deal's `record`; the first revoke called, if any, loses the deal
        for that pair."""
        record = self.record(declared, stuk_announced=stuk_announced, called=called)
        return score_record(record, self.rules)


def _validated_hands(hands: Sequence[Sequence[Card]]) -> list[tuple[Card, ...]]:
    if len(hands) != 4:
        raise ImpossiblePositionError(f"a deal has 4 hands, got {len(hands)}")
    seen = 0
    result = []
    for seat, hand in zip(Seat, hands, strict=True):
        if len(hand) != 8:
            raise ImpossiblePositionError(
                f"{seat} must hold 8 cards, got {len(hand)}: {format_cards(hand)}"
            )
        for card in hand:
            if seen & card.bit:
                raise DuplicateCardError(f"{card} is dealt twice")
            seen |= card.bit
        result.append(tuple(hand))
    return result
