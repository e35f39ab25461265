"""One vocabulary: every rule id has learner-facing text and is exercised somewhere a learner
meets it, by a lesson check or by a puzzle (as its target or one of its tags)."""

from __future__ import annotations

from klaverjas_core import RuleId
from klaverjas_trainer.texts import rule_statement
from lessons import load_course
from puzzles import generate, generator_keys


def test_every_rule_id_is_exercised_by_a_lesson_check_or_a_puzzle() -> None:
    exercised = {check.rule for lesson in load_course().lessons for check in lesson.checks}
    for kind, rule, rules in generator_keys():
        exercised.update(generate(kind, rule, seed=0, rules=rules).tags)
    missing = [rule.value for rule in RuleId if rule not in exercised]
    assert missing == []
    assert all(rule_statement(rule) for rule in RuleId)
