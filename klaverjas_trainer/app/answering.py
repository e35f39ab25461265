"""One way from a learner's reply to a graded answer ready to store, for the drill and the
lessons alike: the question as asked (`Asked`, made from a puzzle or a lesson check), its
solution worked out once, the grade, and the answer record with every rule that decides it;
and the answer record of a decision the table graded (`table_answer`).

Pure (no Streamlit, no database): the page stores `Graded.answer(...)` in the transaction it
needs (the drill with its kept place and the learner's best streak, a lesson on its own) and
shows the grade only once that store has it.

>>> from puzzles import generate
>>> asked = puzzle_asked(generate("which-cards", "play.follow-suit", seed=3))
>>> graded = grade(asked, asked.solution.answer)
>>> graded.correct, graded.answer(seconds=4.0).tags[0]
(True, 'play.follow-suit')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from klaverjas_core import RuleId, RuleSet
from klaverjas_questions import Grade, QuestionKind, Solution, question_kind
from klaverjas_table import TableGame, TableStep
from klaverjas_trainer.storage import AnswerRecord
from lessons import Check
from puzzles import Puzzle


@dataclass(frozen=True, slots=True)
class Asked:
    """A question as it was put to the learner: what grading, storing and feedback need."""

    source: Literal["puzzle", "lesson"]
    item_id: str  # the puzzle's id, or ``<lesson>/<step>``
    kind: QuestionKind[Any, Any]
    content: Any
    rules: RuleSet
    rule: RuleId  # the rule it exercises
    solution: Solution[Any]  # the core's answer and why: worked out once per question
    level: int = 1
    seed: int | None = None  # a puzzle's seed: the replay of a mistake makes it again


def puzzle_asked(puzzle: Puzzle) -> Asked:
    return Asked(
        "puzzle",
        puzzle.id,
        puzzle.question,
        puzzle.content,
        puzzle.rules,
        puzzle.rule,
        puzzle.solution,
        puzzle.level,
        puzzle.seed,
    )


def lesson_asked(lesson_id: str, step: int, check: Check) -> Asked:
    return Asked(
        "lesson",
        f"{lesson_id}/{step}",
        check.kind,
        check.content,
        check.rules,
        check.rule,
        check.solve(),
    )


@dataclass(frozen=True, slots=True)
class Graded:
    """A reply graded against the core's answer, not yet stored."""

    asked: Asked
    grade: Grade
    given: str  # the reply as stored: the kind's canonical JSON

    @property
    def correct(self) -> bool:
        return self.grade.correct

    def answer(self, *, seconds: float, assignment_id: int | None = None) -> AnswerRecord:
        """The answer to store: tagged with every rule that decides it, the target first (so
        Progress counts a lesson's answer under the same rules as a puzzle's)."""
        asked = self.asked
        return AnswerRecord(
            source=asked.source,
            item_id=asked.item_id,
            kind=asked.kind.name,
            rule=asked.rule.value,
            tags=tuple(tag.value for tag in asked.solution.tags_for(asked.rule)),
            rules=asked.rules.name,
            level=asked.level,
            given=self.given,
            correct=self.correct,
            seconds=seconds,
            seed=asked.seed,
            assignment_id=assignment_id,
        )


def grade(asked: Asked, reply: Any) -> Graded:
    """`reply` (of the kind's answer type) graded part by part."""
    return Graded(
        asked, asked.kind.grade(asked.content, asked.rules, reply), asked.kind.encode(reply)
    )


def table_answer(
    game: TableGame, step: TableStep, seconds: float, assignment_id: int | None = None
) -> AnswerRecord:
    """A decision at the table as a stored answer, marked as coming from play (and counted
    for a shared deal's assignment while that deal is in play). Where it is a card, the item
    names it: ``play/<deal number>/<deal>/<trick>/<card>`` (the reply says only allowed or not)."""
    kind = question_kind(step.question)
    where = f"play/{game.seed}/{step.deal + 1}/{step.trick + 1}"
    return AnswerRecord(
        source="play",
        item_id=where if step.card is None else f"{where}/{step.card}",
        kind=step.question,
        rule=step.rule.value,
        tags=tuple(tag.value for tag in step.tags),
        rules=game.rules.name,
        level=1,
        given=kind.encode(kind.read_answer(step.reply)),
        correct=step.correct,
        seconds=seconds,
        hinted=step.hinted,
        assignment_id=assignment_id,
    )
