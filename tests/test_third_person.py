"""A reason said about another player speaks of that player in the third person ("West holds no
♥ and must ..."), never to the learner as "you": the who-revoked puzzles' explanations, their
feedback and hints, the table's revoke calls and the projector's revokes, in every language. The
learner's own cards (and the learner's own revoke) stay "you"."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Final

import pytest

from klaverjas_core import (
    AMSTERDAM,
    ROTTERDAM,
    Card,
    Revoke,
    RuleId,
    RuleSet,
    Seat,
    Verdict,
    check_card,
)
from klaverjas_questions import Fact
from klaverjas_questions.facts import reason, revoke_fact, situation, verdict_fact
from klaverjas_questions.who_revoked import RevokeAnswer, RevokeContent
from klaverjas_table import LEARNER
from klaverjas_table.table import OPPONENTS
from klaverjas_trainer.app.feedback import hint_lines, hint_text, mistake_lines
from klaverjas_trainer.app.play_views import revoke_call_said, revoke_said
from klaverjas_trainer.texts import LANGUAGES, catalogue, explain, language, say, seat_name
from puzzles import documented_rule_sets, generate, generator_keys, play_kinds
from puzzles.scenarios import DrawError, build_position

from .test_explanations import CLAIMS
from .test_table_revokes import club_game_with_a_revoke

#: Words that speak to the reader, per language (whole words, any case).
SECOND_PERSON: Final = {
    "en": "you your yours yourself",
    "nl": "je jij jou jouw jezelf u uw jullie",
    "uk": "ти тебе тобі тобою твій твоя твоє твої твого твоєї твоїх ви вас вам вами ваш ваша "
    "ваше ваші вашого вашої вашим ваших вашій маєш маєте мусиш мусите можеш можете скиньте "
    "зіграйте кладете кладеш граєте починаєте",
    "ru": "ты тебя тебе тобой твой твоя твоё твои твоего твоей вы вас вам вами ваш ваша ваше "
    "ваши вашего вашей вашим ваших имеешь имеете должен обязаны можешь можете сбросьте "
    "сыграйте кладёте отвечайте",
}
PATTERNS: Final = {
    code: re.compile(r"\b(" + "|".join(words.split()) + r")\b", re.IGNORECASE)
    for code, words in SECOND_PERSON.items()
}


def second_person(code: str, text: str) -> list[str]:
    return PATTERNS[code].findall(text)


def test_the_word_lists_catch_the_words_said_to_the_learner() -> None:
    """The check itself can fail: today's wordings to "you" are caught in every language."""
    for code in LANGUAGES:
        words = catalogue(code).messages
        for key in ("rule:play.follow-suit:explain", "rule:play.partner-winning:explain"):
            text = words[key]
            assert isinstance(text, str) and second_person(code, text), (code, key)


# --- every rule and wording, about every seat -------------------------------------------------


def verdicts_of_every_wording() -> Iterator[Verdict]:
    """Verdicts of positions built on purpose, until every wording of every play rule has been
    reached under both rule sets."""
    wanted = set(CLAIMS)
    lead = check_card("7♦", "Q♥ 7♦", [], "♥")  # leading: any card
    wanted.discard((lead.rule, situation(lead)))
    yield lead
    for rules in (AMSTERDAM, ROTTERDAM):
        rng = random.Random(f"third-person-{rules.name}")
        scenarios = [s for group in play_kinds.SCENARIOS.values() for s in group]
        for _ in range(3_000):
            try:
                position = build_position(rng, rng.choice(scenarios), rules, rng.choice((1, 2, 3)))
            except DrawError:
                continue
            result = position.legal_cards()
            for card in position.hand:
                verdict = result.verdict(card)
                key = (verdict.rule, situation(verdict))
                if key in wanted:
                    wanted.discard(key)
                    yield verdict
    assert wanted == set(), f"wordings never reached: {sorted(wanted)}"


@cache
def every_wording() -> tuple[Verdict, ...]:
    return tuple(verdicts_of_every_wording())


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_play_rule_is_said_of_another_seat_in_the_third_person(code: str) -> None:
    with language(code):
        for verdict in every_wording():
            for seat in Seat:
                name = seat_name(seat)
                why = reason(verdict, player=seat)
                for text in (say(why), hint_text(why), say(verdict_fact(verdict, player=seat))):
                    assert second_person(code, text) == [], (code, verdict.rule.value, text)
                    assert name in text, (code, verdict.rule.value, name, text)
            # the learner's own card: still "you"
            own = say(reason(verdict))
            assert verdict.rule is RuleId.PLAY_LEAD_ANY or second_person(code, own), own


# --- who revoked? -------------------------------------------------------------------------------


def who_revoked_puzzles() -> list:  # type: ignore[type-arg]
    return [
        generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
        for kind, rule, rules in generator_keys(documented_rule_sets())
        if kind == "who-revoked"
        for seed in range(3)
    ]


PUZZLES: Final = who_revoked_puzzles()


def played_cards(content: RevokeContent) -> list[Card]:
    return [card for _, cards in content.tricks for card in cards]


@pytest.mark.parametrize("code", LANGUAGES)
def test_who_revoked_explanations_name_the_revoker_and_speak_of_the_seat(code: str) -> None:
    with language(code):
        for puzzle in PUZZLES:
            (revoke,) = puzzle.solution.facts
            player = revoke.values["player"]
            assert isinstance(player, Seat)
            text = explain(puzzle.solution.facts)
            assert second_person(code, text) == [], (code, puzzle.to_line(), text)
            why = revoke.values["reason"]
            assert isinstance(why, Fact)
            assert seat_name(player) in say(why), (code, text)


@pytest.mark.parametrize("code", LANGUAGES)
def test_who_revoked_feedback_and_hints_speak_of_the_player_of_the_card_named(code: str) -> None:
    """A card named as the revoke that was allowed: whose it was and why, in the lines shown
    before the answer (hints) and after it."""
    checked = 0
    with language(code):
        for puzzle in PUZZLES[::2]:
            answer = puzzle.answer
            wrong = next(c for c in reversed(played_cards(puzzle.content)) if c != answer.card)
            # the right rule, a wrong card ("the rule you chose" is rightly said to "you")
            reply = RevokeAnswer(wrong, answer.rule)
            grade = puzzle.question.grade(puzzle.content, puzzle.rules, reply)
            (card_mistake,) = grade.mistakes
            assert card_mistake.why is not None
            player = card_mistake.why.values["player"]
            assert isinstance(player, Seat)
            for line in (*mistake_lines(grade), *hint_lines(grade)):
                assert second_person(code, line) == [], (code, puzzle.to_line(), line)
            said = " ".join(mistake_lines(grade))
            assert seat_name(player) in said, (code, said)
            checked += 1
    assert checked > 10


# --- the table and the projector ---------------------------------------------------------------


def revokes_of_puzzles() -> list[tuple[Revoke, RuleSet]]:
    found = []
    for puzzle in PUZZLES[::3]:
        (revoke,) = puzzle.content.replay(puzzle.rules).revokes
        found.append((revoke, puzzle.rules))
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_called_revoke_speaks_of_the_revoker_and_to_the_learner_only_of_their_own(
    code: str,
) -> None:
    with language(code):
        for revoke, _ in revokes_of_puzzles():
            name = seat_name(revoke.seat)
            for learner in (None, *(seat for seat in Seat if seat != revoke.seat)):
                said = revoke_said("", revoke, learner=learner)
                assert second_person(code, said) == [], (code, said)
                assert name in say(verdict_fact(revoke.verdict, player=revoke.seat))
            own = say(revoke_fact(revoke, learner=revoke.seat))
            assert second_person(code, own), (code, own)  # the learner's own revoke: "you"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_tables_revoke_calls_speak_of_the_seat_called(code: str) -> None:
    game = club_game_with_a_revoke()
    (revoke,) = game.deal.revokes
    seat, trick = next(
        (seat, trick)
        for trick in range(revoke.trick + 1)
        for seat in (*OPPONENTS, LEARNER.partner)
        if game.revoke_call_problem(seat, trick) is None
        and (seat, trick) != (revoke.seat, revoke.trick)
    )
    wrong = game.call_revoke(seat, trick)
    right = game.call_revoke(revoke.seat, revoke.trick)
    assert not wrong.right and right.right
    with language(code):
        for called in (wrong, right):
            said = revoke_call_said(called)
            assert second_person(code, said) == [], (code, said)
            # who played the card, and why it was (not) allowed: the seat named in the reason
            assert said.count(seat_name(called.seat)) >= 2, (code, said)
