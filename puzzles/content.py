"""Reading a puzzle's content (JSON) back into cards and text, with errors naming the field."""

from __future__ import annotations

from collections.abc import Mapping

from klaverjas_core import Card, parse_cards
from puzzles.model import JSON


class GenerationError(RuntimeError):
    """A generator found no puzzle within its attempts (a bug: tests guard against it)."""


def text_at(content: Mapping[str, JSON], key: str) -> str:
    value = content.get(key)
    if not isinstance(value, str):
        raise ValueError(f"`{key}` must be text, got {value!r}")
    return value


def cards_at(content: Mapping[str, JSON], key: str) -> list[Card]:
    value = content.get(key)
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f'`{key}` must be a list of cards like ["10♥"], got {value!r}')
    return parse_cards(" ".join(str(item) for item in value))
