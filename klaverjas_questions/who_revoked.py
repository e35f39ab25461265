"""Who revoked? The four hands as dealt and the tricks played; exactly one card broke the rules
(a verzaking). The learner finds the card and names the rule it broke."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self

from klaverjas_core import (
    Card,
    Deal,
    KlaverjasError,
    Revoke,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    Verdict,
    check_card,
)
from klaverjas_questions.codec import Reader, card_list, read_cards
from klaverjas_questions.facts import revoke_fact, verdict_fact
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

R = RuleId


@dataclass(frozen=True, slots=True)
class RevokeContent:
    trump: Suit
    first_leader: Seat
    hands: tuple[tuple[Card, ...], ...]  # as dealt, by seat 0-3
    tricks: tuple[tuple[Seat, tuple[Card, ...]], ...]  # 1-8 tricks: (leader, four cards)

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "who-revoked")
        read.only("trump", "first_leader", "hands", "tricks")
        hands = read.array("hands")
        if len(hands) != 4:
            raise read.error("hands", f"must be the four hands as dealt, got {len(hands)}")
        tricks = read.array("tricks")
        if not 1 <= len(tricks) <= 8:
            raise read.error("tricks", f"must list 1 to 8 tricks, got {len(tricks)}")
        played = []
        for number, entry in enumerate(tricks):
            where = f"who-revoked: tricks[{number}]"
            if not (isinstance(entry, list) and len(entry) == 2):
                raise QuestionError(f"{where} must be [leader_seat, [four cards]], got {entry!r}")
            leader, cards = entry
            if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader <= 3:
                raise QuestionError(f"{where}: the leader must be a seat 0-3, got {leader!r}")
            played.append((Seat(leader), read_cards(cards, where)))
        return cls(
            trump=read.suit("trump"),
            first_leader=read.seat("first_leader"),
            hands=tuple(read_cards(h, f"who-revoked: hands[{n}]") for n, h in enumerate(hands)),
            tricks=tuple(played),
        )

    def to_dict(self) -> dict[str, JSON]:
        return {
            "trump": self.trump.symbol,
            "first_leader": int(self.first_leader),
            "hands": [card_list(hand) for hand in self.hands],
            "tricks": [[int(leader), card_list(cards)] for leader, cards in self.tricks],
        }

    def replay(self, rules: RuleSet) -> Deal:
        """The shown tricks played through a referee deal, which records every revoke."""
        try:
            deal = Deal(
                [list(hand) for hand in self.hands],
                Seat((self.first_leader - 1) % 4),
                rules.with_variants(compulsory=False),
                referee=True,
            )
            deal.name_trumps(self.trump)
            for number, (leader, cards) in enumerate(self.tricks):
                if leader != deal.to_move:
                    raise QuestionError(
                        f"who-revoked: trick {number} is led by seat {int(leader)}, but seat "
                        f"{int(deal.to_move)} won the trick before (or leads first)"
                    )
                if len(cards) != 4:
                    raise QuestionError(f"who-revoked: trick {number} must have 4 cards")
                for card in cards:
                    deal.play(card)
        except KlaverjasError as error:
            raise QuestionError(f"who-revoked: the tricks are not a deal: {error}") from None
        return deal


@dataclass(frozen=True, slots=True)
class RevokeAnswer:
    """The revoked card and the rule it broke; the answer also names the trick (0-based) and
    the seat, which the card implies."""

    card: Card | None = None
    rule: RuleId | None = None
    trick: int | None = None
    seat: Seat | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("card", "rule", "trick", "seat")
        return cls(
            read.optional_card("card"),
            read.rule("rule") if read.has("rule") else None,
            read.optional_number("trick", 0, 7),
            read.optional_seat("seat"),
        )

    def to_dict(self) -> dict[str, JSON]:
        return {
            "card": None if self.card is None else str(self.card),
            "rule": None if self.rule is None else self.rule.value,
            "trick": self.trick,
            "seat": None if self.seat is None else int(self.seat),
        }


def _the_revoke(content: RevokeContent, rules: RuleSet) -> Revoke:
    """The deal's one revoke; `QuestionError` when it has none or several."""
    revokes = content.replay(rules).revokes
    if len(revokes) != 1:
        raise QuestionError(f"who-revoked: a puzzle needs exactly one revoke, found {len(revokes)}")
    return revokes[0]


def solve(content: RevokeContent, rules: RuleSet) -> Solution[RevokeAnswer]:
    revoke = _the_revoke(content, rules)
    rule = revoke.verdict.rule
    return Solution(
        answer=RevokeAnswer(revoke.card, rule, revoke.trick, revoke.seat),
        tags=(rule, R.PLAY_REVOKE),
        facts=(revoke_fact(revoke),),
        decisive=frozenset({rule}),
    )


def grade(content: RevokeContent, rules: RuleSet, reply: RevokeAnswer) -> Grade:
    """Right when the reply names the revoked card and any rule that card breaks: a discard
    when the player had to overtrump breaks must-overtrump and must-trump alike. Raises
    `QuestionError` for a deal without exactly one revoke."""
    revoke = _the_revoke(content, rules)
    mistakes = []
    if reply.card != revoke.card:
        played = None if reply.card is None else _judged(content, rules, reply.card)
        why = fact(
            "mistake-revoke-card",
            given=reply.card,
            expected=revoke.card,
            # why the card the learner named was no revoke: who played it, and the rule
            # that allowed it there (said of that player, not to the learner)
            player=None if played is None else played[1],
            reason=None if played is None else verdict_fact(played[0], played[1]),
        )
        mistakes.append(Mistake("card", str(revoke.card), _text(reply.card), R.PLAY_REVOKE, why))
    if reply.rule not in revoke.verdict.broken:
        rule = revoke.verdict.rule
        why = fact("mistake-revoke-rule", card=revoke.card, given=reply.rule, expected=rule)
        mistakes.append(Mistake("rule", rule.value, _text(reply.rule), rule, why))
    return Grade(not mistakes, tuple(mistakes))


def _judged(content: RevokeContent, rules: RuleSet, card: Card) -> tuple[Verdict, Seat] | None:
    """The core's verdict on `card` where it was played (its player's hand at that moment
    and the trick before it) and who played it; None for a card the tricks do not hold."""
    hands = [list(hand) for hand in content.hands]
    for _, cards in content.tricks:
        for index, played in enumerate(cards):
            seat = next((n for n, hand in enumerate(hands) if played in hand), None)
            if seat is None:
                return None
            if played == card:
                verdict = check_card(card, hands[seat], cards[:index], content.trump, rules)
                return verdict, Seat(seat)
            hands[seat].remove(played)
    return None


def _text(value: Card | RuleId | None) -> str | None:
    return None if value is None else str(value)


def describe(content: RevokeContent, answer: RevokeAnswer) -> FactValue:
    trick = None if answer.trick is None else answer.trick + 1  # as the table numbers them
    return fact("answer-revoke", card=answer.card, trick=trick, rule=answer.rule)


WHO_REVOKED: QuestionKind[RevokeContent, RevokeAnswer] = QuestionKind(
    name="who-revoked",
    read_content=RevokeContent.from_dict,
    read_answer=RevokeAnswer.from_dict,
    solve=solve,
    grade=grade,
    describe=describe,
    answer_names_rule=True,
)
