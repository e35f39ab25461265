"""Loading a language's catalogue and rendering facts with it.

A catalogue is the union of the files of one language folder: ``rules.toml`` (a title,
statement and explanation per rule id), ``facts.toml`` (message ids that facts name),
``app.toml`` (page words) and ``worksheet.toml`` (read with the prefix ``sheet-``). A key that
two files define, or a rule id without text, is an error at load time.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Final

from klaverjas_core import Card, RuleId, Seat, Suit, format_cards
from klaverjas_questions import Fact, FactValue, Pair

FOLDER: Final = Path(__file__).parent
LANGUAGES: Final = ("en",)
#: Files of a language folder, and the prefix their keys get in the catalogue.
FILES: Final = {"facts.toml": "", "app.toml": "", "worksheet.toml": "sheet-"}


class CatalogueError(RuntimeError):
    """A catalogue file that is missing, unreadable or inconsistent (a packaging bug)."""


@dataclass(frozen=True, slots=True)
class RuleWords:
    title: str
    statement: str
    explain: str
    #: Other wordings of `explain`, each true in one kind of position (``explain-partner``).
    situations: Mapping[str, str] = field(default_factory=dict)

    def explanation(self, situation: str = "") -> str:
        if not situation:
            return self.explain
        found = self.situations.get(situation)
        if found is None:
            raise CatalogueError(f"`{self.title}` has no wording for the situation `{situation}`")
        return found


@dataclass(frozen=True, slots=True)
class Catalogue:
    language: str
    messages: Mapping[str, str]
    rules: Mapping[RuleId, RuleWords]

    def text(self, key: str, **fields: object) -> str:
        template = self.messages.get(key)
        if template is None:
            raise CatalogueError(f"the {self.language} catalogue has no message `{key}`")
        return template.format(**fields)

    def say(self, item: Fact) -> str:
        """One fact as a sentence (a rule's explanation or a message)."""
        fields = {name: self._word(value) for name, value in item.values.items()}
        try:
            rule = RuleId(item.key)
        except ValueError:
            return self.text(item.key, **fields)
        situation = item.values.get("situation")
        template = self.rules[rule].explanation(situation if isinstance(situation, str) else "")
        needed = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        return template.format(**{name: fields.get(name, "-") for name in needed})

    def _word(self, value: FactValue) -> str:
        if isinstance(value, Fact):
            return self.say(value)
        if isinstance(value, bool):
            return self.text("answer-yes" if value else "answer-no")
        if isinstance(value, Card):
            return str(value)
        if isinstance(value, Seat):
            return self.text(f"seat-{value.letter}")
        if isinstance(value, Pair):
            return self.text(f"pair-{value.index}")
        if isinstance(value, Suit):
            return value.symbol
        if isinstance(value, RuleId):
            return self.rules[value].title
        if isinstance(value, tuple):
            if all(isinstance(part, Fact) for part in value):
                return " ".join(self.say(part) for part in value if isinstance(part, Fact))
            cards = [part for part in value if isinstance(part, Card)]
            return format_cards(cards) or self.text("none")
        if value is None:
            return self.text("no-card")
        return str(value)


@cache
def catalogue(language: str = "en") -> Catalogue:
    """The catalogue of `language`, read once per process."""
    if language not in LANGUAGES:
        raise CatalogueError(f"no catalogue for language `{language}` (have: {LANGUAGES})")
    folder = FOLDER / language
    messages: dict[str, str] = {}
    for name, prefix in FILES.items():
        for key, value in _read(folder / name).items():
            if not isinstance(value, str):
                raise CatalogueError(f"{language}/{name}: `{key}` must be text")
            if prefix + key in messages:
                raise CatalogueError(f"{language}/{name}: `{prefix + key}` is defined twice")
            messages[prefix + key] = value
    raw_rules = _read(folder / "rules.toml")
    rules = {}
    for rule in RuleId:
        entry = raw_rules.get(rule.value)
        if not isinstance(entry, dict):
            raise CatalogueError(f"{language}/rules.toml has no text for rule id {rule.value}")
        situations = {
            key.removeprefix("explain-"): str(text)
            for key, text in entry.items()
            if key.startswith("explain-")
        }
        rules[rule] = RuleWords(entry["title"], entry["statement"], entry["explain"], situations)
    return Catalogue(language, messages, rules)


def _read(path: Path) -> dict[str, object]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise CatalogueError(f"cannot read {path}: {error}") from None


def t(key: str, **fields: object) -> str:
    """A message with its fields filled in; a missing key is a bug, so it raises."""
    return catalogue().text(key, **fields)


def say(item: Fact) -> str:
    return catalogue().say(item)


def explain(facts: Iterable[Fact]) -> str:
    """Facts as one paragraph."""
    return " ".join(say(item) for item in facts)


def rule_title(rule: RuleId | str) -> str:
    return catalogue().rules[RuleId(rule)].title


def rule_statement(rule: RuleId | str) -> str:
    return catalogue().rules[RuleId(rule)].statement


def seat_name(seat: Seat) -> str:
    return catalogue().text(f"seat-{seat.letter}")
