"""What every question kind is made of.

A kind declares its content and its answer as frozen dataclasses that read and write plain JSON
(`from_dict` / `to_dict`), a `solve` that asks the core for the answer, the deciding rules and
the facts that explain it, and a `grade` that compares a reply with the answer part by part.
Facts are data (a message or rule id and the cards, seats and numbers involved); the trainer's
catalogue words them, in the learner's language.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeAlias, TypeVar, Union

from klaverjas_core import Card, RuleId, RuleSet, Seat, Suit

#: A JSON value, as content, answers and replies are stored and exported.
JSON: TypeAlias = str | int | float | bool | list["JSON"] | dict[str, "JSON"] | None


class QuestionError(ValueError):
    """Content, an answer or a reply that does not fit its kind; the message names the field."""


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair of the table in a fact: 0 is N+S, 1 is E+W."""

    index: int


#: What a fact may name: cards, seats, suits, pairs, rules, numbers and other facts.
# Union, not |: the forward references to Fact must work at run time.
FactValue: TypeAlias = Union[
    str,
    int,
    bool,
    Card,
    Suit,
    Seat,
    Pair,
    RuleId,
    tuple[Card, ...],
    "Fact",
    tuple["Fact", ...],
    None,
]


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing that holds in a position, e.g. ``Fact("legal-cards", {"cards": (Q♥,)})``.

    `key` is a rule id (its explanation) or a message id of the catalogue.
    """

    key: str
    values: Mapping[str, FactValue] = field(default_factory=dict)


def fact(key: str | RuleId, **values: FactValue) -> Fact:
    """``fact(RuleId.POINTS_CARDS, cards=..., points=15)``."""
    return Fact(key.value if isinstance(key, RuleId) else key, values)


def parts(*said: Fact) -> Fact:
    """An answer of several parts, worded one after the other (``A · B · C``).

    >>> said = parts(fact("winner"), fact("points"), fact("roem"))
    >>> said.key, said.values["first"].key, said.values["rest"].values["rest"].key
    ('answer-and', 'winner', 'roem')
    """
    if not said:
        raise ValueError("an answer has at least one part")
    first, *rest = said
    return first if not rest else fact("answer-and", first=first, rest=parts(*rest))


A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Solution(Generic[A]):
    """The core's answer to a question, and why."""

    answer: A
    tags: tuple[RuleId, ...]  # the deciding rules, most important first
    facts: tuple[Fact, ...]  # the explanation, in order
    #: The rules the answer turns on: a question may target only one of these.
    decisive: frozenset[RuleId]
    #: Why the question is not worth asking, if it is not (every card legal, one card, ...).
    trivial: str | None = None

    def tags_for(self, target: RuleId) -> tuple[RuleId, ...]:
        """The target rule first, then the other deciding rules."""
        return (target, *(tag for tag in self.tags if tag is not target))


@dataclass(frozen=True, slots=True)
class Mistake:
    """One part of a reply that differs from the answer: a card, or a field like ``points``."""

    part: str
    expected: JSON
    given: JSON
    rule: RuleId | None = None  # the rule that decides this part, where one does
    why: Fact | None = None  # what the learner should know about this part, as a fact


@dataclass(frozen=True, slots=True)
class Grade:
    correct: bool
    mistakes: tuple[Mistake, ...] = ()


class Record(Protocol):
    """Content, answers and replies: frozen dataclasses that write plain JSON."""

    def to_dict(self) -> dict[str, JSON]: ...


C = TypeVar("C", bound=Record)
R = TypeVar("R", bound=Record)


@dataclass(frozen=True, slots=True)
class QuestionKind(Generic[C, R]):
    """A kind of question, declared once for lessons, puzzles, the app and the worksheets.

    A reply has the answer's type; fields a question does not ask are None in both.
    """

    name: str
    read_content: Callable[[Mapping[str, JSON]], C]
    read_answer: Callable[[Mapping[str, JSON]], R]
    solve: Callable[[C, RuleSet], Solution[R]]
    grade: Callable[[C, RuleSet, R], Grade]
    #: The answer (or a reply, which may leave parts None) as the catalogue words it: a fact,
    #: or a value such as cards, a seat or a yes/no (None is a part not given).
    describe: Callable[[C, R], FactValue]
    #: The content fields a lesson table can supply (the rest come from the check itself).
    table_fields: frozenset[str] = frozenset()
    #: The answer names a rule (who revoked, and which rule): nothing shown before the answer
    #: may name the rule a puzzle targets.
    answer_names_rule: bool = False
    #: Asked under both cities' rules at once: no single rule set is named with it.
    both_rule_sets: bool = False
    #: Whether a reply is right, without the mistakes' words (`grade` builds a sentence per
    #: wrong part): where a kind has one, the coach weighs each belief with it. None: `grade`.
    right: Callable[[C, RuleSet, R], bool] | None = None
    #: The answer alone, without the explanation's facts (`solve` words every card's reason):
    #: where a kind has one, the coach asks it what a belief would answer. None: `solve`.
    answer: Callable[[C, RuleSet], R] | None = None

    def answer_of(self, content: C, rules: RuleSet) -> R:
        """``solve(content, rules).answer``, as cheaply as the kind allows."""
        if self.answer is not None:
            return self.answer(content, rules)
        return self.solve(content, rules).answer

    def is_right(self, content: C, rules: RuleSet, reply: R) -> bool:
        """``grade(content, rules, reply).correct``, as cheaply as the kind allows."""
        if self.right is not None:
            return self.right(content, rules, reply)
        return self.grade(content, rules, reply).correct

    def encode(self, reply: R) -> str:
        """The canonical JSON text of a reply (or answer): what is stored."""
        return canonical_json(reply.to_dict())

    def decode(self, text: str) -> R:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            raise QuestionError(f"a {self.name} reply is not JSON: {error.msg}") from None
        if not isinstance(value, dict):
            raise QuestionError(f"a {self.name} reply must be a JSON object, got {text!r}")
        return self.read_answer(value)


def canonical_json(value: JSON) -> str:
    """Sorted keys, no spaces, cards as ``10♥``: equal values give equal text."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
