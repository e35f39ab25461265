"""A question's answer in words (feedback, answer keys and the learners' stored replies on the
teacher's dashboard, which may leave parts out): each kind says what its answer is as a fact
(`QuestionKind.describe`), and the catalogue words it.

>>> from klaverjas_core import AMSTERDAM
>>> from klaverjas_questions import question_kind
>>> kind = question_kind("is-nat")
>>> content = kind.read_content({"choosers": 0, "summary": {"card_points": [82, 80]}})
>>> describe_answer("is-nat", content, kind.solve(content, AMSTERDAM).answer)
'nat: No · N+S 82, E+W 80'
"""

from __future__ import annotations

from typing import Any

from klaverjas_questions import question_kind
from klaverjas_trainer.texts.catalogue import current, t


def pair_name(pair: int) -> str:
    """N+S or E+W, as the language writes them."""
    return t(f"pair-{pair}")


def table_roem(winner: int, roem: tuple[int, int]) -> str:
    """A trick-table cell: the winner's roem, and the other pair's (stuk from hand) if any."""
    other = 1 - winner
    if not roem[other]:
        return str(roem[winner])
    return t("table-other-roem", roem=roem[winner], other=roem[other], pair=pair_name(other))


def describe_answer(kind: str, content: Any, answer: Any) -> str:
    """The answer (or a reply) of a question of `kind` in the learner's words."""
    return current().word(question_kind(kind).describe(content, answer))
