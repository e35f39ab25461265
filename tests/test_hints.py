"""Before a learner asks for the answer, the lesson's hints say what is wrong without giving
the answer away: no card of the hand is named but the ones the learner chose (the reason may
name the cards on the table: the led card, the winning card, the highest trump)."""

from __future__ import annotations

import random

import pytest

from klaverjas_core import DECK, Card, RuleId, RuleSet
from klaverjas_questions.positions import CardQuestion, CardsAnswer, CityAnswer, PositionContent
from klaverjas_questions.who_revoked import RevokeAnswer
from klaverjas_trainer.app.feedback import hint_lines
from puzzles import Puzzle, generate, generator_keys

from .test_one_answer import replies

KEYS = generator_keys()


def chosen_cards(reply: object) -> set[Card]:
    if isinstance(reply, CardsAnswer):
        return set(reply.cards)
    if isinstance(reply, CityAnswer):
        return set(reply.amsterdam) | set(reply.rotterdam)
    if isinstance(reply, RevokeAnswer) and reply.card is not None:
        return {reply.card}
    return set()


def hidden(puzzle: Puzzle) -> set[Card]:
    """The cards a hint must not name unless the learner chose them: the hand (the cards
    on the table, led, winning or highest trump, are in view), or the revoked card."""
    content = puzzle.content
    if isinstance(content, PositionContent):
        return set(content.hand)
    if isinstance(content, CardQuestion):
        return set(content.position.hand) - {content.card}
    if puzzle.kind == "who-revoked":
        return {puzzle.answer.card}
    return set()


@pytest.mark.parametrize(
    "key", KEYS, ids=[f"{kind}:{rule.value}:{rules.name}" for kind, rule, rules in KEYS]
)
def test_hints_name_only_the_learners_own_cards(key: tuple[str, RuleId, RuleSet]) -> None:
    kind, rule, rules = key
    rng = random.Random(f"{kind}{rule}{rules.name}")
    for seed in range(3):
        puzzle = generate(kind, rule, seed=seed, rules=rules)
        wrong = [
            reply
            for reply in replies(puzzle)
            if not puzzle.question.grade(puzzle.content, puzzle.rules, reply).correct
        ]
        for reply in rng.sample(wrong, min(len(wrong), 20)):
            grade = puzzle.question.grade(puzzle.content, puzzle.rules, reply)
            lines = hint_lines(grade)
            assert lines, (puzzle.to_line(), reply)  # something is always said
            text = " ".join(lines)
            named = {card for card in DECK if str(card) in text}
            assert not (named & hidden(puzzle)) - chosen_cards(reply), (puzzle.to_line(), text)


def test_hints_under_two_rule_sets_say_which_rule_set() -> None:
    puzzle = generate("amsterdam-or-rotterdam", "play.partner-winning", seed=1)
    answer = puzzle.answer
    reply = CityAnswer(answer.amsterdam, answer.amsterdam)  # Rotterdam answered as Amsterdam
    lines = hint_lines(puzzle.question.grade(puzzle.content, puzzle.rules, reply))
    assert lines and all(line.startswith("Under Rotterdam rules: ") for line in lines)
