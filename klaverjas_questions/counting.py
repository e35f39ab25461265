"""Small counting questions from the lessons: the points of some cards, the order of a suit,
the deals in a match and the packets of the deal."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Self, TypeVar

from klaverjas_core import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Card,
    Match,
    RuleId,
    RuleSet,
    Suit,
    trick_points,
)
from klaverjas_core.game import PACKETS
from klaverjas_questions.codec import Reader, card_list
from klaverjas_questions.facts import added
from klaverjas_questions.model import (
    JSON,
    FactValue,
    Grade,
    Mistake,
    QuestionError,
    QuestionKind,
    Record,
    Solution,
    fact,
)

R = RuleId
C = TypeVar("C", bound=Record)


@dataclass(frozen=True, slots=True)
class NumberAnswer:
    number: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("number")
        return cls(read.optional_number("number", 0, 1_000))

    def to_dict(self) -> dict[str, JSON]:
        return {"number": self.number}


def number_kind(
    name: str,
    read_content: Callable[[Mapping[str, JSON]], C],
    solve: Callable[[C, RuleSet], Solution[NumberAnswer]],
    table_fields: frozenset[str] = frozenset(),
) -> QuestionKind[C, NumberAnswer]:
    """A kind whose answer is one whole number, graded right or wrong."""

    def grade(content: C, rules: RuleSet, reply: NumberAnswer) -> Grade:
        solution = solve(content, rules)
        expected = solution.answer.number
        if reply.number == expected:
            return Grade(True)
        why = fact("mistake-answer", given=reply.number, expected=expected, reason=solution.facts)
        return Grade(False, (Mistake("number", expected, reply.number, solution.tags[0], why),))

    def describe(content: C, answer: NumberAnswer) -> FactValue:
        return answer.number

    return QuestionKind(
        name, read_content, NumberAnswer.from_dict, solve, grade, describe, table_fields
    )


@dataclass(frozen=True, slots=True)
class CardsContent:
    """Some cards (the whole deck, or a few) and trumps."""

    trump: Suit
    cards: tuple[Card, ...]

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "cards")
        read.only("trump", "cards")
        return cls(read.suit("trump"), read.cards("cards", low=1))

    def to_dict(self) -> dict[str, JSON]:
        return {"trump": self.trump.symbol, "cards": card_list(self.cards)}


def solve_cards_points(content: CardsContent, rules: RuleSet) -> Solution[NumberAnswer]:
    each = [trick_points([card], content.trump) for card in content.cards]
    points = sum(each)
    rule = R.POINTS_CARDS
    facts = (fact(rule, cards=content.cards, points=added(each, points)),)  # 20 + 14 + ... = 62
    return Solution(NumberAnswer(points), (rule,), facts, frozenset({rule}))


@dataclass(frozen=True, slots=True)
class OrderAnswer:
    """Cards from high to low (order matters)."""

    cards: tuple[Card, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("cards")
        return cls(read.cards("cards"))

    def to_dict(self) -> dict[str, JSON]:
        return {"cards": card_list(self.cards)}


def solve_card_order(content: CardsContent, rules: RuleSet) -> Solution[OrderAnswer]:
    if len({card.suit for card in content.cards}) != 1:
        raise QuestionError("card-order: the cards to rank must be of one suit")
    in_trumps = content.cards[0].suit is content.trump
    order = TRUMP_ORDER if in_trumps else PLAIN_ORDER
    ranked = tuple(sorted(content.cards, key=lambda card: order.index(card.rank)))
    rule = R.ORDER_TRUMP if in_trumps else R.ORDER_PLAIN
    return Solution(OrderAnswer(ranked), (rule,), (fact(rule, cards=ranked),), frozenset({rule}))


def grade_card_order(content: CardsContent, rules: RuleSet, reply: OrderAnswer) -> Grade:
    solution = solve_card_order(content, rules)
    expected = solution.answer.cards
    if reply.cards == expected:
        return Grade(True)
    mistakes = tuple(
        Mistake(
            f"place {number}",
            str(want),
            None if got is None else str(got),
            solution.tags[0],
            fact("mistake-place", place=number, given=got, expected=want),
        )
        for number, (want, got) in enumerate(_padded(expected, reply.cards), start=1)
        if want != got
    )
    return Grade(False, mistakes)


def _padded(expected: tuple[Card, ...], given: tuple[Card, ...]) -> list[tuple[Card, Card | None]]:
    return [(card, given[i] if i < len(given) else None) for i, card in enumerate(expected)]


@dataclass(frozen=True, slots=True)
class NoContent:
    """A question about the rule set alone."""

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        Reader(data, "content").only()
        return cls()

    def to_dict(self) -> dict[str, JSON]:
        return {}


def solve_match_deals(content: NoContent, rules: RuleSet) -> Solution[NumberAnswer]:
    deals = Match.for_rules(rules).deals
    rule = R.SCORE_MATCH
    return Solution(NumberAnswer(deals), (rule,), (fact(rule, deals=deals),), frozenset({rule}))


@dataclass(frozen=True, slots=True)
class PacketsAnswer:
    packets: tuple[int, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("packets")
        return cls(read.ints("packets", len(PACKETS), 0, 8))

    def to_dict(self) -> dict[str, JSON]:
        return {"packets": list(self.packets)}


def solve_packets(content: NoContent, rules: RuleSet) -> Solution[PacketsAnswer]:
    rule = R.DEAL_PACKETS
    return Solution(PacketsAnswer(PACKETS), (rule,), (fact(rule),), frozenset({rule}))


def grade_packets(content: NoContent, rules: RuleSet, reply: PacketsAnswer) -> Grade:
    if reply.packets == PACKETS:
        return Grade(True)
    why = fact(
        "mistake-answer",
        given="-".join(map(str, reply.packets)),
        expected="-".join(map(str, PACKETS)),
        reason=solve_packets(content, rules).facts,
    )
    mistake = Mistake("packets", list(PACKETS), list(reply.packets), R.DEAL_PACKETS, why)
    return Grade(False, (mistake,))


CARDS_POINTS = number_kind(
    "cards-points", CardsContent.from_dict, solve_cards_points, frozenset({"trump", "cards"})
)
CARD_ORDER: QuestionKind[CardsContent, OrderAnswer] = QuestionKind(
    "card-order",
    CardsContent.from_dict,
    OrderAnswer.from_dict,
    solve_card_order,
    grade_card_order,
    lambda content, answer: answer.cards,  # strongest first, as asked
    frozenset({"trump", "cards"}),
)
MATCH_DEALS = number_kind("match-deals", NoContent.from_dict, solve_match_deals)
PACKETS_KIND: QuestionKind[NoContent, PacketsAnswer] = QuestionKind(
    "packets",
    NoContent.from_dict,
    PacketsAnswer.from_dict,
    solve_packets,
    grade_packets,
    lambda content, answer: "-".join(str(size) for size in answer.packets),  # 3-2-3
)
