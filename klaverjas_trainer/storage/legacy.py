"""Schema 2: answers as canonical facts. Before it, a reply was stored as display text (a
puzzle's ``"Q♦ K♦"`` or ``"nat=True, points=[0, 182]"``, a lesson's Python repr such as
``(Card(Suit.HEARTS, Rank.QUEEN),)``) under the lesson check kinds' old names. This converts
every such row into the question kind's name and its canonical JSON reply, keeping the old
text where it cannot be read (``{"legacy": ...}``) so no answer is lost.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Final

from klaverjas_core import Card, KlaverjasError, Rank, Seat, Suit, parse_card
from klaverjas_questions import JSON, QuestionError, canonical_json, question_kind

#: Lesson check kinds before the one registry, and the question kind each became.
OLD_KINDS: Final = {
    "legal-cards": "which-cards",
    "trick-winner": "count-trick",
    "trick-points": "count-trick",
    "trick-roem": "count-trick",
    "nat": "is-nat",
    "deal-score": "is-nat",
}
CARD_REPR: Final = re.compile(r"Card\(Suit\.([A-Z]+), Rank\.([A-Z]+)\)")
FIELD: Final = re.compile(r"(\w+)=(\[[^\]]*\]|[^,]*)(?:, |$)")
NAT_TEXT: Final = re.compile(r"^(nat|made), (\d+) to (\d+)$")

#: For a count-trick puzzle row: the card at a winner's place in the trick (None if unknown).
WinnerLookup = Callable[[int], str | None]


def convert(source: str, old_kind: str, given: str, winner_at: WinnerLookup) -> tuple[str, str]:
    """The row's question kind and canonical reply."""
    kind = OLD_KINDS.get(old_kind, old_kind)
    try:
        reply = (_puzzle if source == "puzzle" else _lesson)(old_kind, given, winner_at)
        canonical = question_kind(kind).encode(question_kind(kind).read_answer(reply))
    except (QuestionError, KlaverjasError, ValueError, KeyError, IndexError):
        canonical = canonical_json({"legacy": given})
    return kind, canonical


def _cards(text: str) -> list[JSON]:
    return [str(parse_card(part)) for part in text.split()]


def _fields(text: str) -> dict[str, str]:
    return {name: value.strip() for name, value in FIELD.findall(text)}


def _maybe(value: str) -> JSON:
    """A Python literal the old grader wrote: None, True, 15, [0, 182]."""
    if value in ("None", ""):
        return None
    if value in ("True", "False"):
        return value == "True"
    parsed: JSON = json.loads(value)
    return parsed


def _puzzle(kind: str, given: str, winner_at: WinnerLookup) -> dict[str, JSON]:
    if kind == "which-cards":
        return {"cards": _cards(given)}
    if kind == "card-legal":
        return {"legal": {"yes": True, "no": False}.get(given)}
    if kind == "amsterdam-or-rotterdam":
        match = re.fullmatch(r"A: (.*) / R: (.*)", given)
        if match is None:
            raise ValueError(given)
        return {"amsterdam": _cards(match.group(1)), "rotterdam": _cards(match.group(2))}
    if kind == "who-revoked":
        return {"card": _text_field(given, "card"), "rule": _text_field(given, "rule")}
    fields = {name: _maybe(value) for name, value in _fields(given).items()}
    if kind == "count-trick":
        winner = fields.get("winner")
        card = winner_at(winner) if isinstance(winner, int) else None
        if isinstance(winner, int) and card is None:
            raise ValueError("the puzzle cannot be regenerated to name the winning card")
        return {"winner": card, "points": fields.get("points"), "roem": fields.get("roem")}
    if kind == "is-nat":
        return {"nat": fields.get("nat"), "points": fields.get("points")}
    raise ValueError(kind)


def _text_field(given: str, name: str) -> str | None:
    value = _fields(given).get(name)
    return None if value in (None, "None", "") else value


def _repr_cards(text: str) -> list[JSON]:
    return [str(Card(Suit[suit], Rank[rank])) for suit, rank in CARD_REPR.findall(text)]


def _lesson(kind: str, given: str, winner_at: WinnerLookup) -> dict[str, JSON]:
    if kind in ("legal-cards", "card-order"):
        return {"cards": _repr_cards(given)}
    if kind == "card-legal":
        return {"legal": {"True": True, "False": False}[given]}
    if kind == "trick-winner":
        cards = _repr_cards(given)
        return {"winner": cards[0] if cards else str(parse_card(given))}
    if kind in ("trick-points", "trick-roem"):
        return {"points" if kind == "trick-points" else "roem": int(given)}
    if kind in ("cards-points", "match-deals"):
        return {"number": int(given)}
    if kind in ("nat", "deal-score"):
        match = NAT_TEXT.fullmatch(given)
        if match is None:
            raise ValueError(given)
        return {"nat": match.group(1) == "nat", "points": [int(match[2]), int(match[3])]}
    if kind in ("next-leader", "next-dealer", "first-hand", "partner", "trump-chooser"):
        return {"seat": int(Seat.parse(given))}
    if kind == "packets":
        return {"packets": [int(n) for n in re.findall(r"\d+", given)]}
    raise ValueError(kind)
