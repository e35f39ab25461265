"""The trainer's words: one gettext catalogue per language (``texts/locales/<lang>.po``), and the
one place where facts from the core and the question kinds become sentences.

>>> from klaverjas_core import RuleId, parse_cards
>>> from klaverjas_questions import fact
>>> say(fact(RuleId.POINTS_CARDS, cards=tuple(parse_cards("A♣ 7♣")), points=11))
'A♣ 7♣: 11 card points.'
>>> rule_title(RuleId.ROEM_STUK)
'Stuk: trump K and Q'
"""

from __future__ import annotations

from klaverjas_trainer.texts.answers import describe_answer
from klaverjas_trainer.texts.catalogue import (
    LANGUAGES,
    Catalogue,
    CatalogueError,
    bound,
    card_text,
    catalogue,
    current,
    either_text,
    explain,
    language,
    nt,
    rule_set_words,
    rule_statement,
    rule_title,
    say,
    seat_name,
    set_language,
    t,
)

__all__ = [
    "LANGUAGES",
    "Catalogue",
    "CatalogueError",
    "bound",
    "card_text",
    "catalogue",
    "current",
    "describe_answer",
    "either_text",
    "explain",
    "language",
    "nt",
    "rule_set_words",
    "rule_statement",
    "rule_title",
    "say",
    "seat_name",
    "set_language",
    "t",
]
