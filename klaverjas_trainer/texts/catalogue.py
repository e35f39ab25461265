"""Loading a language's catalogue (a gettext ``.po`` file read with Babel) and rendering facts
with it.

Message ids are keys: ``nav-learn`` for page words, message ids that facts name
(``legal-cards``), ``sheet-...`` for worksheets and ``rule:<id>:title|statement|explain`` (and
``explain-<situation>``) for the rules; a play rule's reason about another player than the
learner has its own third-person wording, ``explain-seat`` or ``explain-<situation>-seat``
("West holds no ♥ ...", `klaverjas_questions.facts.wording`). A few messages have plural forms
(``ntext``). Text is chosen per session, never per process: `set_language` sets the language of
the running script (a context variable, so every Streamlit session keeps its own) and `language`
of a block.

A Streamlit fragment's own rerun and a widget's callback run without the page's top-level code,
so a context variable set there is not set in them: the app registers `use_language_source`, a
function that reads the session's language wherever the script thread runs, and `current` asks
it whenever no block or script run has set one.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any, Final

from babel.dates import format_date
from babel.lists import format_list
from babel.messages.pofile import read_po

from klaverjas_core import VARIANTS, Card, RuleId, RuleSet, Seat, Suit
from klaverjas_questions import Fact, FactValue, Pair

FOLDER: Final = Path(__file__).parent / "locales"
#: The languages offered, the source (English) last: each has a complete catalogue (tests
#: prove it) that translates the English one.
LANGUAGES: Final = ("nl", "uk", "ru", "en")
SOURCE: Final = "en"
#: The English pages are British English (a club in the Netherlands): "5 December 2026".
DATE_LOCALES: Final = {"en": "en_GB"}
_CURRENT: ContextVar[str | None] = ContextVar("language", default=None)
_SOURCES: list[Callable[[], str | None]] = []  # at most one: the app's session language


class CatalogueError(RuntimeError):
    """A catalogue file that is missing, unreadable or inconsistent (a packaging bug)."""


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@dataclass(frozen=True, slots=True)
class Catalogue:
    language: str
    messages: Mapping[str, str | tuple[str, ...]]
    plural: Callable[[int], int]
    #: Rank letters on cards and in text (boer vrouw heer aas: B V H A in Dutch).
    ranks: Mapping[str, str]

    def text(self, key: str, **fields: object) -> str:
        template = self.messages.get(key)
        if not isinstance(template, str) or not template:
            raise CatalogueError(f"the {self.language} catalogue has no message `{key}`")
        return template.format(**self._dates(fields))

    def ntext(self, key: str, count: int, **fields: object) -> str:
        """A message with plural forms, chosen by `count` (which is also a field)."""
        forms = self.messages.get(key)
        if not isinstance(forms, tuple):
            raise CatalogueError(f"the {self.language} catalogue has no plural message `{key}`")
        chosen = forms[min(self.plural(count), len(forms) - 1)]
        return chosen.format(count=count, **self._dates(fields))

    def _dates(self, fields: Mapping[str, object]) -> dict[str, object]:
        """Dates in `fields` as this language writes them (`date_text`)."""
        return {
            name: date_text(value, self.language) if isinstance(value, date) else value
            for name, value in fields.items()
        }

    def rule(self, rule: RuleId, part: str) -> str:
        """A rule's title, statement or explanation template (``explain-<situation>``)."""
        template = self.messages.get(f"rule:{rule.value}:{part}")
        if not isinstance(template, str) or not template:
            raise CatalogueError(f"the {self.language} catalogue has no {part} for {rule.value}")
        return template

    def card(self, card: Card) -> str:
        """``10♥``, with the rank letter of this language (``B♥`` for the jack in Dutch)."""
        return self.ranks.get(card.rank.symbol, card.rank.symbol) + card.suit.symbol

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(card) for card in cards)

    def say(self, item: Fact) -> str:
        """One fact as a sentence (a rule's explanation or a message)."""
        fields = {name: self.word(value) for name, value in item.values.items()}
        try:
            rule = RuleId(item.key)
        except ValueError:
            if item.key in self.messages and isinstance(self.messages[item.key], tuple):
                cards = item.values.get("cards")
                count = len(cards) if isinstance(cards, tuple) else 1
                return self.ntext(item.key, count, **fields)
            return self.text(item.key, **fields)
        situation = item.values.get("situation")
        part = f"explain-{situation}" if isinstance(situation, str) and situation else "explain"
        template = self.rule(rule, part)
        return template.format(**{name: fields.get(name, "-") for name in placeholders(template)})

    def word(self, value: FactValue) -> str:
        """One value of a fact in words: a card, a seat, yes or no, ``-`` for nothing given."""
        if isinstance(value, Fact):
            return self.say(value)
        if isinstance(value, bool):
            return self.text("answer-yes" if value else "answer-no")
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, Seat):
            return self.text(f"seat-{value.letter}")
        if isinstance(value, Pair):
            return self.text(f"pair-{value.index}")
        if isinstance(value, Suit):
            return value.symbol
        if isinstance(value, RuleId):
            return self.rule(value, "title")
        if isinstance(value, tuple):
            if not value:
                return self.text("none")
            if all(isinstance(part, Fact) for part in value):
                return " ".join(self.say(part) for part in value if isinstance(part, Fact))
            cards = [part for part in value if isinstance(part, Card)]
            return self.cards(cards) or self.text("none")
        if value is None:
            return self.text("no-card")
        return str(value)


@cache
def catalogue(language: str = SOURCE) -> Catalogue:
    """The catalogue of `language`, read once per process (its text never changes)."""
    path = FOLDER / f"{language}.po"
    if not path.is_file():
        raise CatalogueError(f"no catalogue for language `{language}` (have: {LANGUAGES})")
    try:
        with path.open("rb") as source:
            po = read_po(source, locale=language)
    except (OSError, ValueError) as error:
        raise CatalogueError(f"cannot read {path}: {error}") from None
    messages: dict[str, str | tuple[str, ...]] = {}
    for message in po:
        if not message.id:
            continue  # the header
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        text = message.string
        messages[str(key)] = tuple(text) if isinstance(text, tuple | list) else str(text)
    plural = gettext.c2py(po.plural_expr)
    ranks = {rank: str(messages.get(f"rank-{rank}", "") or rank) for rank in RANKS}
    return Catalogue(language, messages, plural, ranks)


#: Rank symbols as the core writes them; `rank-<symbol>` messages give each language's letter.
RANKS: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")


def use_language_source(source: Callable[[], str | None]) -> None:
    """Where the running code finds its language when no `language` block or `set_language`
    has set one: the app's session state (None outside a session: English)."""
    _SOURCES[:] = [source]


def current_code() -> str:
    """The language of the running code: a `language` block's, else the registered source's,
    else English.

    >>> with language("nl"):
    ...     current_code()
    'nl'
    """
    code = _CURRENT.get()
    if code is None and _SOURCES:
        code = _SOURCES[0]()
    return code if code in LANGUAGES else SOURCE


def current() -> Catalogue:
    """The catalogue of the running session's language."""
    return catalogue(current_code())


def set_language(language: str) -> None:
    """The language for the rest of this context (a command-line run or a test); the app
    reads its sessions' language through `use_language_source` instead."""
    _CURRENT.set(language if language in LANGUAGES else SOURCE)


@contextmanager
def language(code: str) -> Iterator[None]:
    """Words in `code` inside the block: ``with language("nl"): t("nav-learn")``."""
    token = _CURRENT.set(code if code in LANGUAGES else SOURCE)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def bound(func: Callable[[Any], str]) -> Callable[[Any], str]:
    """`func`, always in the language of the run that made it: a widget's `format_func` may
    be called after the run (Streamlit's test harness does), when another language is set."""
    code = current_code()

    def in_language(value: Any) -> str:
        with language(code):
            return func(value)

    return in_language


def date_text(day: date, code: str) -> str:
    """A day as a club says it, in language `code` (never the database's 2026-12-08).

    >>> date_text(date(2026, 12, 8), "nl"), date_text(date(2026, 12, 8), "uk")
    ('di 8 december 2026', 'вт 8 грудня 2026')
    """
    return format_date(day, "EEE d MMMM y", locale=DATE_LOCALES.get(code, code))


def either_text(words: Sequence[str]) -> str:
    """Words joined as alternatives, as the running language says it.

    >>> with language("uk"):
    ...     either_text(["В♣", "9♠"])
    'В♣ або 9♠'
    """
    code = current_code()
    return format_list(list(words), style="or", locale=DATE_LOCALES.get(code, code))


def t(key: str, **fields: object) -> str:
    """A message with its fields filled in; a missing key is a bug, so it raises."""
    return current().text(key, **fields)


def nt(key: str, count: int, **fields: object) -> str:
    """A message with plural forms: ``nt("streak-over", 3)``."""
    return current().ntext(key, count, **fields)


def say(item: Fact) -> str:
    return current().say(item)


def explain(facts: Iterable[Fact]) -> str:
    """Facts as one paragraph."""
    return " ".join(say(item) for item in facts)


def rule_title(rule: RuleId | str) -> str:
    return current().rule(RuleId(rule), "title")


def rule_statement(rule: RuleId | str) -> str:
    return current().rule(RuleId(rule), "statement")


def rule_set_words(rules: RuleSet | str) -> str:
    """A rule set as a player says it: ``Rotterdam rules · Four 9s, 8s or 7s score 100``
    (not its id, ``rotterdam+four_low_100``)."""
    ruleset = rules if isinstance(rules, RuleSet) else RuleSet.parse(rules)
    variants = [t(f"variant-{name}") for name in VARIANTS if getattr(ruleset, name)]
    return " · ".join([t(f"rules-badge-{ruleset.city}"), *variants])


def seat_name(seat: Seat) -> str:
    return current().text(f"seat-{seat.letter}")


def card_text(card: Card) -> str:
    return current().card(card)
