"""Count the trick: a complete trick; who wins it, its card points (with 10 more for the last
trick) and its roem. A question asks some of the three (`ask`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Self

from klaverjas_core import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Card,
    KlaverjasError,
    Rank,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    TrickJudgement,
    judge_trick,
    trick_points,
)
from klaverjas_core.misbeliefs import Misbelief
from klaverjas_core.scoring import LAST_TRICK_BONUS
from klaverjas_questions.codec import Reader, card_list
from klaverjas_questions.facts import added, trick_facts
from klaverjas_questions.model import (
    JSON,
    FactValue,
    Grade,
    Mistake,
    QuestionError,
    QuestionKind,
    Solution,
    fact,
    parts,
)

R = RuleId
QUESTIONS: Final = ("winner", "points", "roem")
LAST_TRICK: Final = 8
ROEM_RULES: Final = frozenset(
    {R.ROEM_RUN_OF_THREE, R.ROEM_RUN_OF_FOUR, R.ROEM_STUK, R.ROEM_FOUR_OF_A_KIND}
)
_TAG_ORDER: Final = (
    R.TRICK_TRUMP_WINS, R.TRICK_SUIT_LED_WINS, R.ORDER_TRUMP, R.ORDER_PLAIN,
    R.ROEM_RUN_OF_THREE, R.ROEM_RUN_OF_FOUR, R.ROEM_STUK, R.ROEM_FOUR_OF_A_KIND,
    R.POINTS_LAST_TRICK, R.POINTS_CARDS,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TrickContent:
    """A trick in play order (complete in puzzles), led from `leader`; `trick_number` 8 is the
    last trick."""

    trump: Suit
    trick: tuple[Card, ...]
    ask: tuple[str, ...] = QUESTIONS
    leader: Seat | None = None
    trick_number: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "count-trick")
        read.only("trump", "trick", "ask", "leader", "trick_number")
        ask = data.get("ask", list(QUESTIONS))
        if not isinstance(ask, list) or not ask or any(q not in QUESTIONS for q in ask):
            raise read.error("ask", f"must list some of {', '.join(QUESTIONS)}, got {ask!r}")
        return cls(
            trump=read.suit("trump"),
            trick=read.cards("trick", low=1, high=4),  # a lesson may ask "who wins so far?"
            ask=tuple(q for q in QUESTIONS if q in ask),
            leader=read.optional_seat("leader"),
            trick_number=read.optional_number("trick_number", 1, LAST_TRICK),
        )

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"trump": self.trump.symbol, "trick": card_list(self.trick)}
        if self.leader is not None:
            data["leader"] = int(self.leader)
        if self.trick_number is not None:
            data["trick_number"] = self.trick_number
        data["ask"] = list(self.ask)
        return data

    @property
    def last_trick(self) -> bool:
        return self.trick_number == LAST_TRICK

    def judged(self, rules: RuleSet) -> TrickJudgement:
        try:
            return judge_trick(self.trick, self.trump, rules)
        except KlaverjasError as error:
            raise QuestionError(f"count-trick: {error}") from None


@dataclass(frozen=True, slots=True)
class TrickCount:
    """The winning card, the points (with the last trick's 10) and the roem; None where a
    reply leaves a field out or a question does not ask it."""

    winner: Card | None = None
    points: int | None = None
    roem: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only(*QUESTIONS)
        return cls(
            read.optional_card("winner"),
            read.optional_number("points", 0, 200),
            read.optional_number("roem", 0, 500),
        )

    def to_dict(self) -> dict[str, JSON]:
        return {
            "winner": None if self.winner is None else str(self.winner),
            "points": self.points,
            "roem": self.roem,
        }


def order_decides(cards: Sequence[Card], trump: Suit, *, in_trumps: bool) -> bool:
    """True when ranking the contending cards in natural order (7 low, A high) would pick
    another winner than the trump or plain order does."""
    suit = trump if in_trumps else cards[0].suit
    if not in_trumps and any(card.suit is trump for card in cards):
        return False
    contenders = [card for card in cards if card.suit is suit]
    if len(contenders) < 2:
        return False
    order: tuple[Rank, ...] = TRUMP_ORDER if in_trumps else PLAIN_ORDER
    by_order = min(contenders, key=lambda card: order.index(card.rank))
    by_nature = max(contenders, key=lambda card: card.rank.value)
    return by_order is not by_nature


def solve(content: TrickContent, rules: RuleSet) -> Solution[TrickCount]:
    judged = content.judged(rules)
    forgot_last = rules.misbeliefs & Misbelief.LAST_TRICK_FORGOTTEN  # a learner's belief
    points = judged.points + (LAST_TRICK_BONUS if content.last_trick and not forgot_last else 0)
    tagged = {judged.rule}
    if order_decides(content.trick, content.trump, in_trumps=True):
        tagged.add(R.ORDER_TRUMP)
    if order_decides(content.trick, content.trump, in_trumps=False):
        tagged.add(R.ORDER_PLAIN)
    decisive = set()
    if "points" in content.ask:
        tagged.add(R.POINTS_CARDS)
        if content.last_trick:
            tagged.add(R.POINTS_LAST_TRICK)
    if "roem" in content.ask:
        tagged.update(item.rule for item in judged.roem)  # four 7s score 0: still the rule
        if not judged.roem:
            decisive = set(ROEM_RULES)  # "no roem here" is a question about every kind
    return Solution(
        answer=TrickCount(judged.winning_card, points, judged.roem_points),
        tags=tuple(rule for rule in _TAG_ORDER if rule in tagged),
        facts=trick_facts(judged, last_trick=content.last_trick),
        decisive=frozenset(tagged | decisive),
    )


def grade(content: TrickContent, rules: RuleSet, reply: TrickCount) -> Grade:
    solution = solve(content, rules)
    answer = solution.answer
    judged = content.judged(rules)
    winner_fact = solution.facts[0]
    each = [trick_points([card], content.trump) for card in content.trick]
    # the card points as the sum they are: 10 + 2 + 20 + 14 = 46
    points_fact = fact(R.POINTS_CARDS, cards=judged.cards, points=added(each, judged.points))
    roem_facts = solution.facts[3 if content.last_trick else 2 :]
    deciding = {
        "winner": judged.rule,
        "points": R.POINTS_LAST_TRICK if content.last_trick else R.POINTS_CARDS,
        "roem": judged.roem[0].rule if judged.roem else None,
    }
    why = {
        "winner": fact("mistake-winner", given=reply.winner, reason=winner_fact),
        "points": fact(
            "mistake-points-last" if content.last_trick else "mistake-points",
            given=reply.points,
            expected=answer.points,
            reason=points_fact,
        ),
        "roem": fact(
            "mistake-roem", given=reply.roem, expected=answer.roem, reason=roem_facts or ""
        ),
    }
    mistakes = []
    for question in content.ask:
        expected, given = answer.to_dict()[question], reply.to_dict()[question]
        if expected != given:
            mistakes.append(Mistake(question, expected, given, deciding[question], why[question]))
    return Grade(not mistakes, tuple(mistakes))


def describe(content: TrickContent, answer: TrickCount) -> FactValue:
    points = "answer-points"
    if content.last_trick:  # "with the last trick's 10" only where the number holds it
        cards_only = len(content.trick) == 4 and answer.points == trick_points(
            content.trick, content.trump
        )
        points = "answer-points-without-last" if cards_only else "answer-points-last"
    said = {
        "winner": fact("answer-winner", winner=answer.winner),
        "points": fact(points, points=answer.points),
        "roem": fact("answer-roem", roem=answer.roem),
    }
    return parts(*(said[question] for question in content.ask))


COUNT_TRICK: QuestionKind[TrickContent, TrickCount] = QuestionKind(
    name="count-trick",
    read_content=TrickContent.from_dict,
    read_answer=TrickCount.from_dict,
    solve=solve,
    grade=grade,
    describe=describe,
    table_fields=frozenset({"trump", "trick", "leader", "trick_number"}),
)
