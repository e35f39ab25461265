"""Reading content and answers from JSON, strictly: every error names the field and what it
should be; writing them back in the one canonical form (cards as ``10♥``, seats as 0-3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from klaverjas_core import Card, KlaverjasError, RuleId, Seat, Suit, parse_card
from klaverjas_questions.model import JSON, QuestionError

T = TypeVar("T")


class Reader:
    """Typed access to one JSON object; `where` prefixes every error (``is-nat: summary``)."""

    def __init__(self, data: Mapping[str, JSON], where: str) -> None:
        if not isinstance(data, Mapping):
            raise QuestionError(f"{where}: must be an object, got {data!r}")
        self.data, self.where = data, where

    def error(self, key: str, problem: str) -> QuestionError:
        return QuestionError(f"{self.where}: `{key}` {problem}")

    def only(self, *allowed: str) -> None:
        unknown = sorted(set(self.data) - set(allowed))
        if unknown:
            raise self.error(unknown[0], f"is not a field here (allowed: {', '.join(allowed)})")

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def value(self, key: str) -> JSON:
        if key not in self.data or self.data[key] is None:
            raise self.error(key, "is missing")
        return self.data[key]

    def number(self, key: str, low: int = 0, high: int = 10_000) -> int:
        value = self.value(key)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.error(key, f"must be a whole number {low}-{high}, got {value!r}")
        return value

    def optional_number(self, key: str, low: int = 0, high: int = 10_000) -> int | None:
        return self.number(key, low, high) if self.has(key) else None

    def flag(self, key: str) -> bool:
        value = self.value(key)
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, got {value!r}")
        return value

    def optional_flag(self, key: str) -> bool | None:
        return self.flag(key) if self.has(key) else None

    def text(self, key: str) -> str:
        value = self.value(key)
        if not isinstance(value, str):
            raise self.error(key, f"must be text, got {value!r}")
        return value

    def suit(self, key: str) -> Suit:
        return self._parsed(key, Suit.parse)

    def card(self, key: str) -> Card:
        return self._parsed(key, parse_card)

    def optional_card(self, key: str) -> Card | None:
        return self.card(key) if self.has(key) else None

    def seat(self, key: str) -> Seat:
        return Seat(self.number(key, 0, 3))

    def optional_seat(self, key: str) -> Seat | None:
        return self.seat(key) if self.has(key) else None

    def rule(self, key: str) -> RuleId:
        return self._parsed(key, RuleId)

    def cards(self, key: str, *, low: int = 0, high: int = 32) -> tuple[Card, ...]:
        value = self.data.get(key, [])
        cards = read_cards(value, f"{self.where}: `{key}`")
        if not low <= len(cards) <= high:
            raise self.error(key, f"must hold {low}-{high} cards, got {len(cards)}")
        return cards

    def ints(self, key: str, count: int, low: int = 0, high: int = 10_000) -> tuple[int, ...]:
        value = self.value(key)
        if not (isinstance(value, list) and len(value) == count):
            raise self.error(key, f"must be {count} whole numbers, got {value!r}")
        for item in value:
            if not isinstance(item, int) or isinstance(item, bool) or not low <= item <= high:
                raise self.error(key, f"must be {count} whole numbers {low}-{high}, got {value!r}")
        return tuple(int(str(item)) for item in value)

    def pair(self, key: str, high: int = 10_000) -> tuple[int, int]:
        first, second = self.ints(key, 2, 0, high)
        return first, second

    def array(self, key: str) -> list[JSON]:
        value = self.value(key)
        if not isinstance(value, list):
            raise self.error(key, f"must be a list, got {value!r}")
        return value

    def object(self, key: str) -> Reader:
        value = self.value(key)
        if not isinstance(value, dict):
            raise self.error(key, f"must be an object, got {value!r}")
        return Reader(value, f"{self.where}.{key}")

    def _parsed(self, key: str, parse: Callable[[str], T]) -> T:
        value = self.value(key)
        if not isinstance(value, str):
            raise self.error(key, f"must be text, got {value!r}")
        try:
            return parse(value)
        except (KlaverjasError, ValueError) as error:
            raise self.error(key, f"is not valid: {error}") from None


def read_cards(value: JSON, where: str) -> tuple[Card, ...]:
    """``["10♥", "J♣"]`` as cards; no card twice."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise QuestionError(f'{where} must be a list of cards like ["10♥", "J♣"], got {value!r}')
    try:
        cards = tuple(parse_card(str(item)) for item in value)
    except KlaverjasError as error:
        raise QuestionError(f"{where}: {error}") from None
    if len(set(cards)) != len(cards):
        raise QuestionError(f"{where}: a card appears twice in {value!r}")
    return cards


def card_list(cards: Iterable[Card]) -> list[JSON]:
    """Cards in the given order (a trick, a hand as shown)."""
    return [str(card) for card in cards]


def card_set(cards: Iterable[Card]) -> list[JSON]:
    """A set of cards in the deck's order, so equal sets write equal JSON."""
    return [str(card) for card in sorted(cards)]


def pair_list(values: Sequence[int]) -> list[JSON]:
    return [values[0], values[1]]
