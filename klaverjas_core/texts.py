"""Learner-facing text for each `RuleId`, read from the package's ``rule_texts.toml``.

The text lives in a data file (not in code) so it can be translated; reading the package's own
data file is the only file access in the core.

>>> rule_text(RuleId.ROEM_STUK).title
'Stuk: trump K and Q'
>>> render(RuleId.POINTS_CARDS, cards="A♣ 7♣", points=11)
'A♣ 7♣ are worth 11 card points.'
"""

from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from klaverjas_core.rule_ids import RuleId

__all__ = ["RuleText", "all_rule_texts", "message", "render", "rule_text"]

_TEXT_FILE: Final = "rule_texts.toml"


@dataclass(frozen=True, slots=True)
class RuleText:
    rule: RuleId
    title: str
    statement: str
    explain: str

    @property
    def placeholders(self) -> frozenset[str]:
        """The ``{fields}`` that `explain` needs."""
        return frozenset(name for _, name, _, _ in string.Formatter().parse(self.explain) if name)


@cache
def _raw_texts() -> dict[str, Any]:
    return tomllib.loads(resources.files("klaverjas_core").joinpath(_TEXT_FILE).read_text("utf-8"))


@cache
def all_rule_texts() -> dict[RuleId, RuleText]:
    """Every rule's text; raises `KeyError` naming a rule id that has no text."""
    raw = _raw_texts()
    texts = {}
    for rule in RuleId:
        entry = raw.get(rule.value)
        if entry is None:
            raise KeyError(f"{_TEXT_FILE} has no text for rule id {rule.value}")
        texts[rule] = RuleText(rule, entry["title"], entry["statement"], entry["explain"])
    return texts


def rule_text(rule: RuleId) -> RuleText:
    return all_rule_texts()[rule]


def message(key: str, **fields: object) -> str:
    """A joining phrase from the ``[messages]`` table: ``message("legal-cards", cards=...)``."""
    messages: dict[str, str] = _raw_texts()["messages"]
    return messages[key].format(**fields)


def render(rule: RuleId, **fields: object) -> str:
    """The rule's one-line explanation with the named fields filled in."""
    return rule_text(rule).explain.format(**fields)
