"""Questions about one position: which cards may I play, may I play this card, and what
changes between Amsterdam and Rotterdam. All three are answered by the core's `legal_cards`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from klaverjas_core import CITIES, Card, KlaverjasError, LegalCards, Position, RuleSet, Seat, Suit
from klaverjas_questions.codec import Reader, card_list, card_set
from klaverjas_questions.facts import legal_facts, reason, verdict_fact
from klaverjas_questions.model import (
    JSON,
    FactValue,
    Grade,
    Mistake,
    QuestionError,
    QuestionKind,
    Solution,
    fact,
)

POSITION_FIELDS = ("trump", "leader", "trick", "hand")


@dataclass(frozen=True, slots=True)
class PositionContent:
    """Trumps, the trick so far (led from `leader`, if shown) and the hand of the player to move.

    >>> content = PositionContent.from_dict({"trump": "♥", "trick": ["A♣"], "hand": ["Q♥"]})
    >>> content.to_dict()
    {'trump': '♥', 'trick': ['A♣'], 'hand': ['Q♥']}
    """

    trump: Suit
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    leader: Seat | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "position")
        read.only(*POSITION_FIELDS)
        return cls(
            trump=read.suit("trump"),
            trick=read.cards("trick", high=3),
            hand=read.cards("hand", low=1, high=8),
            leader=read.optional_seat("leader"),
        )

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"trump": self.trump.symbol}
        if self.leader is not None:
            data["leader"] = int(self.leader)
        data["trick"] = card_list(self.trick)
        data["hand"] = card_list(self.hand)
        return data

    @property
    def to_move(self) -> Seat | None:
        return None if self.leader is None else Seat((self.leader + len(self.trick)) % 4)

    def legal_cards(self, rules: RuleSet) -> LegalCards:
        try:
            return Position(self.trump, self.trick, self.hand, rules).legal_cards()
        except KlaverjasError as error:
            raise QuestionError(f"position: {error}") from None


@dataclass(frozen=True, slots=True)
class CardsAnswer:
    """A set of cards (order does not matter)."""

    cards: frozenset[Card]

    @classmethod
    def of(cls, cards: object) -> Self:
        return cls(frozenset(card for card in _iterable(cards) if isinstance(card, Card)))

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("cards")
        return cls(frozenset(read.cards("cards")))

    def to_dict(self) -> dict[str, JSON]:
        return {"cards": card_set(self.cards)}


def _iterable(value: object) -> tuple[object, ...]:
    return tuple(value) if isinstance(value, tuple | list | set | frozenset) else ()


def _card_mistakes(
    hand: tuple[Card, ...], result: LegalCards, chosen: frozenset[Card]
) -> tuple[Mistake, ...]:
    """One mistake per card chosen wrongly or missed, with the rule that decides that card
    and why: "You chose 7♦, which is not allowed. <reason>"."""
    mistakes = []
    for card in hand:
        if (card in result) == (card in chosen):
            continue
        verdict = result.verdict(card)
        key = "mistake-missed" if verdict.legal else "mistake-chose"
        why = fact(key, card=card, reason=reason(verdict))
        mistakes.append(Mistake(str(card), verdict.legal, card in chosen, verdict.rule, why))
    return tuple(mistakes)


# --- which cards may I play? ------------------------------------------------------------


def solve_which_cards(content: PositionContent, rules: RuleSet) -> Solution[CardsAnswer]:
    result = content.legal_cards(rules)
    trivial = None
    if len(content.hand) < 2:
        trivial = "only one card in hand"
    elif len(result) == len(content.hand):
        trivial = "every card is legal"
    return Solution(
        answer=CardsAnswer(frozenset(result)),
        tags=result.rules,
        facts=legal_facts(result),
        decisive=frozenset(result.rules),
        trivial=trivial,
    )


def grade_which_cards(content: PositionContent, rules: RuleSet, reply: CardsAnswer) -> Grade:
    result = content.legal_cards(rules)
    _refuse_stray(content, reply)
    mistakes = _card_mistakes(content.hand, result, reply.cards)
    return Grade(not mistakes, mistakes)


def answer_which_cards(content: PositionContent, rules: RuleSet) -> CardsAnswer:
    """The legal cards, without their reasons."""
    return CardsAnswer(frozenset(content.legal_cards(rules)))


def right_which_cards(content: PositionContent, rules: RuleSet, reply: CardsAnswer) -> bool:
    """Whether the reply chose exactly the legal cards (the legal cards are of the hand)."""
    _refuse_stray(content, reply)
    return reply == answer_which_cards(content, rules)


def _refuse_stray(content: PositionContent, reply: CardsAnswer) -> None:
    stray = reply.cards - set(content.hand)
    if stray:
        raise QuestionError(f"the reply names cards that are not in the hand: {sorted(stray)}")


def describe_cards(content: PositionContent, answer: CardsAnswer) -> FactValue:
    return tuple(sorted(answer.cards))


WHICH_CARDS: QuestionKind[PositionContent, CardsAnswer] = QuestionKind(
    name="which-cards",
    read_content=PositionContent.from_dict,
    read_answer=CardsAnswer.from_dict,
    solve=solve_which_cards,
    grade=grade_which_cards,
    describe=describe_cards,
    table_fields=frozenset(POSITION_FIELDS),
    right=right_which_cards,
    answer=answer_which_cards,
)


# --- may I play this card? ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardQuestion:
    """A position and one card of the hand to judge."""

    position: PositionContent
    card: Card

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "card-legal")
        read.only(*POSITION_FIELDS, "card")
        position = PositionContent.from_dict({k: v for k, v in data.items() if k != "card"})
        card = read.card("card")
        if card not in position.hand:
            raise read.error("card", f"{card} is not in the hand")
        return cls(position, card)

    def to_dict(self) -> dict[str, JSON]:
        return {**self.position.to_dict(), "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class LegalAnswer:
    legal: bool | None  # None in a reply: not answered

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("legal")
        return cls(read.optional_flag("legal"))

    def to_dict(self) -> dict[str, JSON]:
        return {"legal": self.legal}


def solve_card_legal(content: CardQuestion, rules: RuleSet) -> Solution[LegalAnswer]:
    result = content.position.legal_cards(rules)
    verdict = result.verdict(content.card)
    return Solution(
        answer=LegalAnswer(verdict.legal),
        tags=(verdict.rule, *(rule for rule in result.rules if rule is not verdict.rule)),
        facts=(verdict_fact(verdict),),
        decisive=frozenset({verdict.rule}),
        trivial="only one card in hand" if len(content.position.hand) < 2 else None,
    )


def grade_card_legal(content: CardQuestion, rules: RuleSet, reply: LegalAnswer) -> Grade:
    verdict = content.position.legal_cards(rules).verdict(content.card)
    if reply.legal is verdict.legal:
        return Grade(True)
    why = verdict_fact(verdict)
    mistake = Mistake(str(content.card), verdict.legal, reply.legal, verdict.rule, why)
    return Grade(False, (mistake,))


CARD_LEGAL: QuestionKind[CardQuestion, LegalAnswer] = QuestionKind(
    name="card-legal",
    read_content=CardQuestion.from_dict,
    read_answer=LegalAnswer.from_dict,
    solve=solve_card_legal,
    grade=grade_card_legal,
    describe=lambda content, answer: answer.legal,
    table_fields=frozenset(POSITION_FIELDS),
)


# --- Amsterdam or Rotterdam? --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CityAnswer:
    """The legal cards under each rule set."""

    amsterdam: frozenset[Card]
    rotterdam: frozenset[Card]

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only(*CITIES)
        return cls(frozenset(read.cards("amsterdam")), frozenset(read.cards("rotterdam")))

    def to_dict(self) -> dict[str, JSON]:
        return {"amsterdam": card_set(self.amsterdam), "rotterdam": card_set(self.rotterdam)}


def _both(content: PositionContent, rules: RuleSet) -> tuple[LegalCards, LegalCards]:
    return (
        content.legal_cards(dataclasses.replace(rules, partner_exemption=True)),
        content.legal_cards(dataclasses.replace(rules, partner_exemption=False)),
    )


def solve_city(content: PositionContent, rules: RuleSet) -> Solution[CityAnswer]:
    amsterdam, rotterdam = _both(content, rules)
    changed = tuple(c for c in content.hand if (c in amsterdam) != (c in rotterdam))
    tags = tuple(dict.fromkeys((*amsterdam.rules, *rotterdam.rules)))
    comparison = fact(
        "rule-set-comparison",
        amsterdam=legal_facts(amsterdam),
        rotterdam=legal_facts(rotterdam),
        changed=changed,
    )
    return Solution(
        answer=CityAnswer(frozenset(amsterdam), frozenset(rotterdam)),
        tags=tags,
        facts=(comparison,),
        decisive=frozenset(tags) if changed else frozenset(),
        trivial=None if changed else "both rule sets give the same cards",
    )


def grade_city(content: PositionContent, rules: RuleSet, reply: CityAnswer) -> Grade:
    mistakes: list[Mistake] = []
    for city, result, chosen in zip(
        CITIES, _both(content, rules), (reply.amsterdam, reply.rotterdam), strict=True
    ):
        for mistake in _card_mistakes(content.hand, result, chosen):
            under = fact(f"under-rules-{city}")
            why = fact("mistake-in-rule-set", rules=under, mistake=mistake.why)
            mistakes.append(dataclasses.replace(mistake, part=f"{city}:{mistake.part}", why=why))
    return Grade(not mistakes, tuple(mistakes))


AMSTERDAM_OR_ROTTERDAM: QuestionKind[PositionContent, CityAnswer] = QuestionKind(
    name="amsterdam-or-rotterdam",
    read_content=PositionContent.from_dict,
    read_answer=CityAnswer.from_dict,
    solve=solve_city,
    grade=grade_city,
    describe=lambda content, answer: fact(
        "answer-amsterdam-rotterdam",
        amsterdam=tuple(sorted(answer.amsterdam)),
        rotterdam=tuple(sorted(answer.rotterdam)),
    ),
    table_fields=frozenset(POSITION_FIELDS),
    both_rule_sets=True,
)

__all__ = [
    "AMSTERDAM_OR_ROTTERDAM",
    "CARD_LEGAL",
    "WHICH_CARDS",
    "CardQuestion",
    "CardsAnswer",
    "CityAnswer",
    "LegalAnswer",
    "PositionContent",
]
