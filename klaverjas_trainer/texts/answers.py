"""A question's answer in words, one describer per question kind (feedback and answer keys).

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

from klaverjas_core import Card, format_cards
from klaverjas_trainer.texts.catalogue import rule_title, seat_name, t


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(sorted(cards)) or t("answer-none")


def _yes_no(value: bool | None) -> str:
    return t("answer-none") if value is None else t("answer-yes" if value else "answer-no")


def _count_trick(content: Any, answer: Any) -> str:
    parts = {
        "winner": t("answer-winner", winner=answer.winner),
        "points": t("answer-points", points=answer.points),
        "roem": t("answer-roem", roem=answer.roem),
    }
    return " · ".join(parts[question] for question in content.ask)


def _nat(content: Any, answer: Any) -> str:
    first, second = answer.points
    return t("answer-is-nat", nat=_yes_no(answer.nat), first=first, second=second)


def _revoke(content: Any, answer: Any) -> str:
    trick = t("answer-none") if answer.trick is None else answer.trick + 1
    return t("answer-revoke", card=answer.card, trick=trick, rule=rule_title(answer.rule))


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
    "next-leader": lambda content, answer: seat_name(answer.seat),
    "next-dealer": lambda content, answer: seat_name(answer.seat),
    "first-hand": lambda content, answer: seat_name(answer.seat),
    "partner": lambda content, answer: seat_name(answer.seat),
    "trump-chooser": lambda content, answer: seat_name(answer.seat),
    "cards-points": lambda content, answer: str(answer.number),
    "match-deals": lambda content, answer: str(answer.number),
    "card-order": lambda content, answer: format_cards(answer.cards),
    "packets": lambda content, answer: "-".join(str(size) for size in answer.packets),
}


def describe_answer(kind: str, content: Any, answer: Any) -> str:
    """The answer of a question of `kind` in the learner's words."""
    return DESCRIBERS[kind](content, answer)
