"""The questions a lesson step can ask. The core computes every answer, grades the learner's
reply and explains it; the lesson file only states the answer it expects, and loading fails
if the core disagrees (a lesson can never teach what the core does not)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from klaverjas_core import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Card,
    DealScore,
    Match,
    Position,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    TrumpChoice,
    format_cards,
    judge_trick,
    render,
    score_deal,
    score_summary,
    trick_points,
)
from klaverjas_core.game import PACKETS
from klaverjas_core.texts import message

R = RuleId


@dataclass(frozen=True, slots=True)
class NatAnswer:
    nat: bool
    points: tuple[int, int]

    def __str__(self) -> str:
        key = "verdict-nat" if self.nat else "verdict-made"
        return message(key, first=self.points[0], second=self.points[1])


#: A lesson's expected answer: cards, a card, a seat, a number, yes/no, or a nat verdict.
Answer = tuple[Card, ...] | Card | Seat | int | bool | tuple[int, ...] | NatAnswer


class CheckKind(Enum):
    """What a step asks; the value is the `kind` written in lesson files."""

    LEGAL_CARDS = "legal-cards"
    CARD_LEGAL = "card-legal"
    TRICK_WINNER = "trick-winner"
    NEXT_LEADER = "next-leader"
    TRICK_POINTS = "trick-points"
    TRICK_ROEM = "trick-roem"
    CARDS_POINTS = "cards-points"
    CARD_ORDER = "card-order"
    NAT = "nat"
    DEAL_SCORE = "deal-score"
    NEXT_DEALER = "next-dealer"
    FIRST_HAND = "first-hand"
    PARTNER = "partner"
    TRUMP_CHOOSER = "trump-chooser"
    MATCH_DEALS = "match-deals"
    PACKETS = "packets"


@dataclass(frozen=True, slots=True)
class Table:
    """What a step shows: trumps, a trick (leader first, from seat `leader`), the hand of the
    player to move, other cards, the tricks of a whole deal, and the rule set."""

    trump: Suit | None = None
    leader: Seat | None = None
    trick: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()
    tricks: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()
    last_trick: bool = False
    reveal: bool = False  # show the trick card by card
    rules: RuleSet = field(default_factory=RuleSet)

    @property
    def to_move(self) -> Seat | None:
        """The seat after the last card of the trick."""
        if self.leader is None:
            return None
        return Seat((self.leader + len(self.trick)) % 4)


@dataclass(frozen=True, slots=True)
class Feedback:
    correct: bool
    expected: str
    explanation: str
    rule: RuleId


@dataclass(frozen=True, slots=True)
class Check:
    """One question: its kind, the rule it exercises, the wording, and the core's answer."""

    kind: CheckKind
    rule: RuleId
    question: str
    answer: Answer
    table: Table
    params: Mapping[str, object] = field(default_factory=dict)

    def solve(self) -> tuple[Answer, frozenset[RuleId], str]:
        """The core's answer, the rules it turns on, and its explanation."""
        return _SOLVERS[self.kind](self)

    def grade(self, reply: Answer | list[Card]) -> Feedback:
        """Compare a learner's reply with the core's answer (card sets in any order)."""
        expected, _, explanation = self.solve()
        return Feedback(
            correct=_same(self.kind, reply, expected),
            expected=describe(expected),
            explanation=explanation,
            rule=self.rule,
        )


def describe(answer: Answer) -> str:
    if isinstance(answer, tuple) and all(isinstance(a, Card) for a in answer):
        return format_cards(answer) or message("none")  # type: ignore[arg-type]
    if isinstance(answer, Seat):
        return str(answer)
    if isinstance(answer, bool):
        return message("yes" if answer else "no")
    if isinstance(answer, tuple):
        return "-".join(str(a) for a in answer)
    return str(answer)


def _same(kind: CheckKind, reply: Answer | list[Card], expected: Answer) -> bool:
    if isinstance(reply, list):
        reply = tuple(reply)
    if kind is CheckKind.LEGAL_CARDS and isinstance(reply, tuple) and isinstance(expected, tuple):
        return set(reply) == set(expected)
    return reply == expected


# --- solvers: every answer comes from the core ----------------------------------------------


def _trump(check: Check) -> Suit:
    if check.table.trump is None:
        raise ValueError("this check needs `table.trump`")
    return check.table.trump


def _legal_cards(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    table = check.table
    result = Position(_trump(check), table.trick, table.hand, table.rules).legal_cards()
    return tuple(result), frozenset(result.rules), result.explain()


def _card_legal(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    table = check.table
    card = check.params["card"]
    assert isinstance(card, Card)
    verdict = Position(_trump(check), table.trick, table.hand, table.rules).check(card)
    return verdict.legal, frozenset({verdict.rule}), verdict.explain()


def _judged_trick(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    table = check.table
    judged = judge_trick(table.trick, _trump(check), table.rules)
    rules = {judged.rule}
    for order, only_trumps in ((TRUMP_ORDER, True), (PLAIN_ORDER, False)):
        if _order_decides(table.trick, _trump(check), order, only_trumps=only_trumps):
            rules.add(R.ORDER_TRUMP if only_trumps else R.ORDER_PLAIN)
    explanation = judged.explain(last_trick=table.last_trick)
    if check.kind is CheckKind.NEXT_LEADER:
        if table.leader is None:
            raise ValueError("a next-leader check needs `table.leader`")
        seat = Seat((table.leader + judged.winner) % 4)
        return seat, frozenset({R.TRICK_WINNER_LEADS}), render(R.TRICK_WINNER_LEADS, leader=seat)
    if check.kind is CheckKind.TRICK_WINNER:
        return judged.winning_card, frozenset(rules), explanation
    if check.kind is CheckKind.TRICK_POINTS:
        rules = {R.POINTS_CARDS} | ({R.POINTS_LAST_TRICK} if table.last_trick else set())
        return judged.points + (10 if table.last_trick else 0), frozenset(rules), explanation
    roem_rules = {item.rule for item in judged.roem} or _ROEM_RULES  # "no roem" teaches them all
    return judged.roem_points, frozenset(roem_rules), explanation


_ROEM_RULES: Final = frozenset(
    {R.ROEM_RUN_OF_THREE, R.ROEM_RUN_OF_FOUR, R.ROEM_STUK, R.ROEM_FOUR_OF_A_KIND}
)


def _order_decides(
    cards: Sequence[Card], trump: Suit, order: tuple[object, ...], *, only_trumps: bool
) -> bool:
    suit = trump if only_trumps else (cards[0].suit if cards else trump)
    if not only_trumps and any(card.suit is trump for card in cards):
        return False
    contenders = [card for card in cards if card.suit is suit]
    if len(contenders) < 2:
        return False
    by_order = min(contenders, key=lambda card: order.index(card.rank))
    by_nature = max(contenders, key=lambda card: card.rank.value)
    return by_order is not by_nature


def _cards_points(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    cards, trump = check.table.cards, _trump(check)
    points = sum(trick_points([card], trump) for card in cards)
    text = render(R.POINTS_CARDS, cards=format_cards(cards), points=points)
    return points, frozenset({R.POINTS_CARDS}), text


def _card_order(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    cards, trump = check.table.cards, _trump(check)
    suits = {card.suit for card in cards}
    if len(suits) != 1:
        raise ValueError("a card-order check ranks cards of one suit")
    in_trumps = cards[0].suit is trump
    order = TRUMP_ORDER if in_trumps else PLAIN_ORDER
    ranked = tuple(sorted(cards, key=lambda card: order.index(card.rank)))
    rule = R.ORDER_TRUMP if in_trumps else R.ORDER_PLAIN
    return ranked, frozenset({rule}), render(rule, cards=format_cards(ranked))


def _nat(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    p = check.params
    score = score_summary(
        _pair(p["card_points"]), _pair(p.get("roem", (0, 0))), _int(p["choosers"]),
        tricks_won=_pair(p["tricks_won"]) if "tricks_won" in p else None,
        revoked_by=_int(p["revoked_by"]) if "revoked_by" in p else None,
    )  # fmt: skip
    return _nat_result(score)


def _deal_score(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    table = check.table
    tricks = [(int(leader), cards) for leader, cards in table.tricks]
    declared = check.params.get("declared")
    assert declared is None or isinstance(declared, tuple)
    score = score_deal(
        tricks, _trump(check), _int(check.params["choosers"]), table.rules,
        declared=None if declared is None else frozenset(_int(n) for n in declared),
    )  # fmt: skip
    return _nat_result(score)


def _nat_result(score: DealScore) -> tuple[Answer, frozenset[RuleId], str]:
    rules = {R.SCORE_NAT if score.nat else R.SCORE_MADE, R.POINTS_LAST_TRICK, R.POINTS_CARDS}
    if score.revoked_by is not None:
        rules = {R.SCORE_REVOKE}
    if score.tricks_won is not None and 8 in score.tricks_won:
        rules.add(R.SCORE_PIT)
    if any(not item.counted for item in score.ledger):
        rules.add(R.ROEM_DECLARE)
    rules.update(item.rule for item in score.ledger if item.rule.topic == "roem")
    return NatAnswer(score.nat, score.points), frozenset(rules), score.explain()


def _seat_param(check: Check, name: str) -> Seat:
    seat = check.params[name]
    assert isinstance(seat, Seat)
    return seat


def _next_dealer(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    dealer = _seat_param(check, "dealer").left
    return dealer, frozenset({R.DEAL_DEALER_ROTATES}), render(R.DEAL_DEALER_ROTATES, dealer=dealer)


def _first_hand(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    leader = _seat_param(check, "dealer").left
    rules = frozenset({R.TRUMP_FIRST_HAND_LEADS, R.TRUMP_FREE_CHOICE})
    return leader, rules, render(R.TRUMP_FIRST_HAND_LEADS, leader=leader)


def _partner(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    seat = _seat_param(check, "seat")
    return (
        seat.partner,
        frozenset({R.DEAL_PAIRS}),
        render(R.DEAL_PAIRS, seat=seat, partner=seat.partner),
    )


def _trump_chooser(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    choice = TrumpChoice(_seat_param(check, "dealer"), compulsory=check.table.rules.compulsory)
    calls = check.params["calls"]
    assert isinstance(calls, tuple)
    for call in calls:
        rule = choice.rule  # the rule in force when this call is made
        if call == "pass":
            choice.pass_()
        else:
            choice.name(str(call))
    if choice.chooser is None or choice.trump is None:
        raise ValueError("the calls must end with a player naming trumps")
    text = render(rule, chooser=choice.chooser, trump=choice.trump)
    return choice.chooser, frozenset({rule}), text


def _match_deals(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    deals = Match.for_rules(check.table.rules).deals
    return deals, frozenset({R.SCORE_MATCH}), render(R.SCORE_MATCH, deals=deals)


def _packets(check: Check) -> tuple[Answer, frozenset[RuleId], str]:
    return tuple(PACKETS), frozenset({R.DEAL_PACKETS}), render(R.DEAL_PACKETS)


def _pair(value: object) -> tuple[int, int]:
    if not (isinstance(value, tuple | list) and len(value) == 2):
        raise ValueError(f"expected two whole numbers, got {value!r}")
    return _int(value[0]), _int(value[1])


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


_SOLVERS: Final = {
    CheckKind.LEGAL_CARDS: _legal_cards,
    CheckKind.CARD_LEGAL: _card_legal,
    CheckKind.TRICK_WINNER: _judged_trick,
    CheckKind.NEXT_LEADER: _judged_trick,
    CheckKind.TRICK_POINTS: _judged_trick,
    CheckKind.TRICK_ROEM: _judged_trick,
    CheckKind.CARDS_POINTS: _cards_points,
    CheckKind.CARD_ORDER: _card_order,
    CheckKind.NAT: _nat,
    CheckKind.DEAL_SCORE: _deal_score,
    CheckKind.NEXT_DEALER: _next_dealer,
    CheckKind.FIRST_HAND: _first_hand,
    CheckKind.PARTNER: _partner,
    CheckKind.TRUMP_CHOOSER: _trump_chooser,
    CheckKind.MATCH_DEALS: _match_deals,
    CheckKind.PACKETS: _packets,
}
