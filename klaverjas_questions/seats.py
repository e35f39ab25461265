"""Questions whose answer is a seat: who leads next, who deals next, who leads the first
trick, who is whose partner, and who chose trumps."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Self, TypeVar

from klaverjas_core import (
    Card,
    GameFlowError,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    TrumpChoice,
    judge_trick,
)
from klaverjas_questions.codec import Reader, card_list
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


@dataclass(frozen=True, slots=True)
class SeatAnswer:
    seat: Seat | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("seat")
        return cls(read.optional_seat("seat"))

    def to_dict(self) -> dict[str, JSON]:
        return {"seat": None if self.seat is None else int(self.seat)}


def _grade_seat(solution: Solution[SeatAnswer], reply: SeatAnswer) -> Grade:
    expected = solution.answer.seat
    if reply.seat is expected:
        return Grade(True)
    given = None if reply.seat is None else int(reply.seat)
    assert expected is not None
    why = fact("mistake-answer", given=reply.seat, expected=expected, reason=solution.facts)
    return Grade(False, (Mistake("seat", int(expected), given, solution.tags[0], why),))


@dataclass(frozen=True, slots=True)
class DealerContent:
    """Who deals (the first hand sits left of the dealer)."""

    dealer: Seat

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "dealer")
        read.only("dealer")
        return cls(read.seat("dealer"))

    def to_dict(self) -> dict[str, JSON]:
        return {"dealer": int(self.dealer)}


def solve_next_dealer(content: DealerContent, rules: RuleSet) -> Solution[SeatAnswer]:
    dealer = content.dealer.left
    rule = R.DEAL_DEALER_ROTATES
    return Solution(SeatAnswer(dealer), (rule,), (fact(rule, dealer=dealer),), frozenset({rule}))


def solve_first_hand(content: DealerContent, rules: RuleSet) -> Solution[SeatAnswer]:
    """The first hand sits left of the dealer: it speaks first about trumps and leads."""
    first = content.dealer.left
    rules_used = (R.TRUMP_FIRST_HAND_LEADS, R.TRUMP_FREE_CHOICE)
    facts = (fact("first-hand", first_hand=first, dealer=content.dealer),)
    return Solution(SeatAnswer(first), rules_used, facts, frozenset(rules_used))


@dataclass(frozen=True, slots=True)
class SeatContent:
    seat: Seat

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "partner")
        read.only("seat")
        return cls(read.seat("seat"))

    def to_dict(self) -> dict[str, JSON]:
        return {"seat": int(self.seat)}


def solve_partner(content: SeatContent, rules: RuleSet) -> Solution[SeatAnswer]:
    partner = content.seat.partner
    rule = R.DEAL_PAIRS
    return Solution(
        SeatAnswer(partner),
        (rule,),
        (fact(rule, seat=content.seat, partner=partner),),
        frozenset({rule}),
    )


@dataclass(frozen=True, slots=True)
class LeaderContent:
    """A complete trick led from `leader`: its winner leads the next one."""

    trump: Suit
    leader: Seat
    trick: tuple[Card, ...]

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "next-leader")
        read.only("trump", "leader", "trick")
        return cls(read.suit("trump"), read.seat("leader"), read.cards("trick", low=4, high=4))

    def to_dict(self) -> dict[str, JSON]:
        return {
            "trump": self.trump.symbol,
            "leader": int(self.leader),
            "trick": card_list(self.trick),
        }


def solve_next_leader(content: LeaderContent, rules: RuleSet) -> Solution[SeatAnswer]:
    judged = judge_trick(content.trick, content.trump, rules)
    seat = Seat((content.leader + judged.winner) % 4)
    rule = R.TRICK_WINNER_LEADS
    return Solution(SeatAnswer(seat), (rule,), (fact(rule, leader=seat),), frozenset({rule}))


@dataclass(frozen=True, slots=True)
class CallsContent:
    """The calls from the first hand on: ``pass`` or a suit, until someone names trumps."""

    dealer: Seat
    calls: tuple[str, ...]

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "trump-chooser")
        read.only("dealer", "calls")
        calls = read.array("calls")
        if not calls or not all(isinstance(call, str) for call in calls):
            raise read.error("calls", f'must list calls like ["pass", "♥"], got {calls!r}')
        return cls(read.seat("dealer"), tuple(str(call) for call in calls))

    def to_dict(self) -> dict[str, JSON]:
        return {"dealer": int(self.dealer), "calls": list(self.calls)}


def solve_trump_chooser(content: CallsContent, rules: RuleSet) -> Solution[SeatAnswer]:
    choice = TrumpChoice(content.dealer, compulsory=rules.compulsory)
    rule = choice.rule
    try:
        for call in content.calls:
            rule = choice.rule  # the rule in force when this call is made
            if call == "pass":
                choice.pass_()
            else:
                choice.name(Suit.parse(call))
    except (GameFlowError, ValueError) as error:
        raise QuestionError(f"trump-chooser: {error}") from None
    if choice.chooser is None or choice.trump is None:
        raise QuestionError("trump-chooser: the calls must end with a player naming trumps")
    facts = (fact(rule, chooser=choice.chooser, trump=choice.trump),)
    return Solution(SeatAnswer(choice.chooser), (rule,), facts, frozenset({rule}))


# --- may I pass? --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpeakContent:
    """Choosing trumps: the dealer and how many players have passed so far (0-4); the next
    player clockwise from the first hand is to speak."""

    dealer: Seat
    passes: int

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "may-pass")
        read.only("dealer", "passes")
        return cls(read.seat("dealer"), read.number("passes", 0, 4))

    def to_dict(self) -> dict[str, JSON]:
        return {"dealer": int(self.dealer), "passes": self.passes}


@dataclass(frozen=True, slots=True)
class PassAnswer:
    may_pass: bool | None = None  # None in a reply: not answered

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("may_pass")
        return cls(read.optional_flag("may_pass"))

    def to_dict(self) -> dict[str, JSON]:
        return {"may_pass": self.may_pass}


def solve_may_pass(content: SpeakContent, rules: RuleSet) -> Solution[PassAnswer]:
    """Passing is allowed under free choice until all four have passed; with compulsory
    trumps the first hand names at once."""
    choice = TrumpChoice(content.dealer, compulsory=rules.compulsory)
    try:
        for _ in range(content.passes):
            choice.pass_()
    except GameFlowError:
        raise QuestionError(
            f"may-pass: nobody can have passed {content.passes} times under these rules"
        ) from None
    speaker = choice.to_speak
    rule = choice.rule
    key = "fact-may-pass" if not choice.must_name else f"fact-must-name-{rule.value}"
    facts = (fact(key, seat=speaker, dealer=content.dealer),)
    return Solution(PassAnswer(not choice.must_name), (rule,), facts, frozenset({rule}))


def grade_may_pass(content: SpeakContent, rules: RuleSet, reply: PassAnswer) -> Grade:
    solution = solve_may_pass(content, rules)
    expected = solution.answer.may_pass
    if reply.may_pass is expected:
        return Grade(True)
    rule = solution.tags[0]
    why = fact("mistake-answer", given=reply.may_pass, expected=expected, reason=solution.facts)
    return Grade(False, (Mistake("may_pass", expected, reply.may_pass, rule, why),))


MAY_PASS: QuestionKind[SpeakContent, PassAnswer] = QuestionKind(
    name="may-pass",
    read_content=SpeakContent.from_dict,
    read_answer=PassAnswer.from_dict,
    solve=solve_may_pass,
    grade=grade_may_pass,
    describe=lambda content, answer: answer.may_pass,
)


C = TypeVar("C", bound=Record)


def seat_kind(
    name: str,
    read_content: Callable[[Mapping[str, JSON]], C],
    solve: Callable[[C, RuleSet], Solution[SeatAnswer]],
    table_fields: frozenset[str] = frozenset(),
) -> QuestionKind[C, SeatAnswer]:
    """A kind whose answer is one seat, graded right or wrong."""

    def grade(content: C, rules: RuleSet, reply: SeatAnswer) -> Grade:
        return _grade_seat(solve(content, rules), reply)

    def describe(content: C, answer: SeatAnswer) -> FactValue:
        return answer.seat

    return QuestionKind(
        name, read_content, SeatAnswer.from_dict, solve, grade, describe, table_fields
    )


NEXT_DEALER = seat_kind("next-dealer", DealerContent.from_dict, solve_next_dealer)
FIRST_HAND = seat_kind("first-hand", DealerContent.from_dict, solve_first_hand)
PARTNER = seat_kind("partner", SeatContent.from_dict, solve_partner)
NEXT_LEADER = seat_kind(
    "next-leader",
    LeaderContent.from_dict,
    solve_next_leader,
    frozenset({"trump", "leader", "trick"}),
)
TRUMP_CHOOSER = seat_kind("trump-chooser", CallsContent.from_dict, solve_trump_chooser)
