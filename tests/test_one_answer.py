"""Every generated puzzle has exactly one right answer: every other reply a learner could give
through the app is graded wrong, and a who-revoked puzzle accepts exactly the rules its card
breaks (a discard when you had to overtrump breaks must-trump too)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from klaverjas_core import Card, RuleId, RuleSet, check_card
from klaverjas_questions.count_trick import TrickCount
from klaverjas_questions.is_nat import NatAnswer
from klaverjas_questions.positions import CardsAnswer, CityAnswer, LegalAnswer
from klaverjas_questions.who_revoked import RevokeAnswer
from klaverjas_trainer.app.questions import PLAY_RULES
from puzzles import Puzzle, generate, generator_keys

from .reference_rules import reference_broken

KEYS = generator_keys()
SEEDS = range(6)


def subsets(cards: tuple[Card, ...]) -> list[frozenset[Card]]:
    return [
        frozenset(chosen)
        for size in range(1, len(cards) + 1)
        for chosen in itertools.combinations(cards, size)
    ]


def replies(puzzle: Puzzle) -> list[Any]:
    """Every reply the app's widgets can give (numbers near the answer, for number fields)."""
    content, answer = puzzle.content, puzzle.answer
    if puzzle.kind == "which-cards":
        return [CardsAnswer(chosen) for chosen in subsets(content.hand)]
    if puzzle.kind == "card-legal":
        return [LegalAnswer(True), LegalAnswer(False)]
    if puzzle.kind == "amsterdam-or-rotterdam":
        options = subsets(content.hand)
        return [CityAnswer(a, r) for a in options for r in options]
    if puzzle.kind == "count-trick":
        nearby = range(max(0, answer.points - 12), answer.points + 13)
        roem = range(0, 400, 10)
        return [
            TrickCount(
                winner if "winner" in content.ask else None,
                points if "points" in content.ask else None,
                value if "roem" in content.ask else None,
            )
            for winner in content.trick
            for points in (nearby if "points" in content.ask else [None])
            for value in (roem if "roem" in content.ask else [None])
        ]
    if puzzle.kind == "is-nat":
        first, second = answer.points
        pairs = {(first, second), (second, first), (first + 10, second), (162, 0), (0, 162)}
        return [NatAnswer(nat, pair) for nat in (True, False) for pair in pairs]
    played = [card for _, cards in content.tricks for card in cards]
    return [RevokeAnswer(card, rule) for card in played for rule in PLAY_RULES]


@pytest.mark.parametrize(
    "key", KEYS, ids=[f"{kind}:{rule.value}:{rules.name}" for kind, rule, rules in KEYS]
)
def test_a_generated_puzzle_has_one_right_answer(key: tuple[str, RuleId, RuleSet]) -> None:
    kind, rule, rules = key
    for seed in SEEDS:
        puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
        question = puzzle.question
        right = [
            reply
            for reply in replies(puzzle)
            if question.grade(puzzle.content, puzzle.rules, reply).correct
        ]
        if kind == "who-revoked":
            (revoke,) = puzzle.content.replay(puzzle.rules).revokes
            verdict = revoke.verdict
            played = puzzle.content.tricks[revoke.trick][1]
            trick = played[: list(played).index(revoke.card)]
            broken = reference_broken(  # the slow reference, not the core's own list
                revoke.card, verdict.hand, trick, verdict.trump,
                rotterdam=not puzzle.rules.partner_exemption,
            )  # fmt: skip
            assert {reply.card for reply in right} == {revoke.card}
            assert {reply.rule.value for reply in right} == broken
        else:
            assert len(right) == 1, (puzzle.to_line(), right)
            if kind == "count-trick":  # the answer holds every field; a reply only those asked
                for part in puzzle.content.ask:
                    assert getattr(right[0], part) == getattr(puzzle.answer, part)
            else:
                assert question.encode(right[0]) == question.encode(puzzle.answer)


def test_a_discard_when_you_had_to_overtrump_breaks_must_trump_too() -> None:
    # Hearts trumps; East led A♣, South trumped with 8♥; West holds Q♥ and no clubs.
    verdict = check_card("7♦", "Q♥ 7♦", "A♣ 8♥", "♥")
    assert verdict.broken == (RuleId.PLAY_MUST_OVERTRUMP, RuleId.PLAY_MUST_TRUMP)
    undertrump = check_card("7♥", "Q♥ 7♥ 8♠", "A♣ 8♥", "♥")
    assert undertrump.broken == (RuleId.PLAY_MUST_OVERTRUMP, RuleId.PLAY_NO_UNDERTRUMP)
    rotterdam = check_card("7♥", "Q♥ 7♥ 8♠", "A♣ 8♥", "♥", rules="rotterdam")
    assert rotterdam.broken == (RuleId.PLAY_MUST_OVERTRUMP,)  # no undertrump rule there


def test_a_lower_trump_over_a_partners_trump_breaks_the_partner_rule_too() -> None:
    # Hearts trumps; West led A♣, North trumped with 9♥ and East played 7♣: South's partner
    # (North) is winning, so a trump South plays must beat the 9♥.
    verdict = check_card("7♥", "J♥ 7♥", "A♣ 9♥ 7♣", "♥")
    assert verdict.broken == (RuleId.PLAY_NO_UNDERTRUMP, RuleId.PLAY_PARTNER_WINNING)


def test_a_discard_on_a_trump_lead_breaks_following_and_the_trump_lead_rule() -> None:
    verdict = check_card("7♦", "7♥ 7♦", "A♥", "♥")
    assert verdict.broken == (RuleId.PLAY_FOLLOW_SUIT, RuleId.PLAY_TRUMP_LED_ANY_TRUMP)
