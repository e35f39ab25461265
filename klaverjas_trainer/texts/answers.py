"""A question's answer in words, one describer per question kind (feedback, answer keys and
the learners' stored replies on the teacher's dashboard, which may leave parts out).

>>> from klaverjas_core import AMSTERDAM
>>> from klaverjas_questions import question_kind
>>> kind = question_kind("is-nat")
>>> content = kind.read_content({"choosers": 0, "summary": {"card_points": [82, 80]}})
>>> describe_answer("is-nat", content, kind.solve(content, AMSTERDAM).answer)
'nat: No · N+S 82, E+W 80'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from klaverjas_core import Card, RuleId, Seat
from klaverjas_trainer.texts.catalogue import current, rule_title, seat_name, t


def _cards(cards: Iterable[Card]) -> str:
    return current().cards(sorted(cards)) or t("answer-none")


def _card(card: Card | None) -> str:
    return t("answer-none") if card is None else current().card(card)


def _seat(seat: Seat | None) -> str:
    return t("answer-none") if seat is None else seat_name(seat)


def pair_name(pair: int) -> str:
    """N+S or E+W, as the language writes them."""
    return t(f"pair-{pair}")


def table_roem(winner: int, roem: tuple[int, int]) -> str:
    """A trick-table cell: the winner's roem, and the other pair's (stuk from hand) if any."""
    other = 1 - winner
    if not roem[other]:
        return str(roem[winner])
    return t("table-other-roem", roem=roem[winner], other=roem[other], pair=pair_name(other))


def _number(value: int | None) -> str:
    return t("answer-none") if value is None else str(value)


def _yes_no(value: bool | None) -> str:
    return t("answer-none") if value is None else t("answer-yes" if value else "answer-no")


def _count_trick(content: Any, answer: Any) -> str:
    parts = {
        "winner": t("answer-winner", winner=_card(answer.winner)),
        "points": t(
            "answer-points-last" if content.last_trick else "answer-points",
            points=_number(answer.points),
        ),
        "roem": t("answer-roem", roem=_number(answer.roem)),
    }
    return " · ".join(parts[question] for question in content.ask)


def _nat(content: Any, answer: Any) -> str:
    first, second = answer.points if answer.points is not None else (None, None)
    return t("answer-is-nat", nat=_yes_no(answer.nat), first=_number(first), second=_number(second))


def _revoke(content: Any, answer: Any) -> str:
    trick = t("answer-none") if answer.trick is None else answer.trick + 1
    rule = t("answer-none") if not isinstance(answer.rule, RuleId) else rule_title(answer.rule)
    return t("answer-revoke", card=_card(answer.card), trick=trick, rule=rule)


DESCRIBERS: Final[dict[str, Callable[[Any, Any], str]]] = {
    "which-cards": lambda content, answer: _cards(answer.cards),
    "card-legal": lambda content, answer: _yes_no(answer.legal),
    "amsterdam-or-rotterdam": lambda content, answer: t(
        "answer-amsterdam-rotterdam",
        amsterdam=_cards(answer.amsterdam),
        rotterdam=_cards(answer.rotterdam),
    ),
    "count-trick": _count_trick,
    "is-nat": _nat,
    "who-revoked": _revoke,
    "next-leader": lambda content, answer: _seat(answer.seat),
    "next-dealer": lambda content, answer: _seat(answer.seat),
    "first-hand": lambda content, answer: _seat(answer.seat),
    "partner": lambda content, answer: _seat(answer.seat),
    "trump-chooser": lambda content, answer: _seat(answer.seat),
    "may-pass": lambda content, answer: _yes_no(answer.may_pass),
    "cards-points": lambda content, answer: _number(answer.number),
    "match-deals": lambda content, answer: _number(answer.number),
    "card-order": lambda content, answer: current().cards(answer.cards),
    "packets": lambda content, answer: "-".join(str(size) for size in answer.packets),
}


def describe_answer(kind: str, content: Any, answer: Any) -> str:
    """The answer of a question of `kind` in the learner's words."""
    return DESCRIBERS[kind](content, answer)
