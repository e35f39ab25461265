"""Question kinds: one registry for lesson checks and puzzles alike.

Each kind reads its content and answer from JSON, asks the core for the answer with the facts
that explain it, and grades a reply part by part; replies are stored as canonical JSON.

>>> from klaverjas_core import AMSTERDAM
>>> kind = question_kind("which-cards")
>>> content = kind.read_content({"trump": "♥", "trick": ["A♣", "7♣"], "hand": ["Q♥", "7♦"]})
>>> solution = kind.solve(content, AMSTERDAM)
>>> kind.encode(solution.answer), [rule.value for rule in solution.tags]
('{"cards":["7♦","Q♥"]}', ['play.partner-winning'])
>>> grade = kind.grade(content, AMSTERDAM, kind.decode('{"cards":["Q♥"]}'))
>>> grade.correct, [(m.part, m.expected, m.given, m.rule.value) for m in grade.mistakes]
(False, [('7♦', True, False, 'play.partner-winning')])
"""

from klaverjas_questions.model import (
    JSON,
    Fact,
    FactValue,
    Grade,
    Mistake,
    Pair,
    QuestionError,
    QuestionKind,
    Solution,
    canonical_json,
    fact,
)
from klaverjas_questions.registry import KINDS, question_kind

__all__ = [
    "JSON",
    "KINDS",
    "Fact",
    "FactValue",
    "Grade",
    "Mistake",
    "Pair",
    "QuestionError",
    "QuestionKind",
    "Solution",
    "canonical_json",
    "fact",
    "question_kind",
]
