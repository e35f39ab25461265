"""Every question kind is drawn and asked by the app (drill, lessons, projector), described in
words, and every puzzle kind printed on a worksheet: a new kind without its renderers fails."""

from __future__ import annotations

from klaverjas_core import AMSTERDAM, CITIES, ROTTERDAM
from klaverjas_questions import KINDS, Grade
from klaverjas_questions.count_trick import TrickContent, TrickCount
from klaverjas_trainer.app.questions import RENDERERS, card_checks
from klaverjas_trainer.texts import DESCRIBERS, describe_answer
from klaverjas_trainer.worksheets import RENDERERS as SHEET_RENDERERS
from puzzles import PUZZLE_KINDS, generate, targets


def test_every_question_kind_has_an_app_renderer_and_words_for_its_answer() -> None:
    assert set(RENDERERS) == set(KINDS)
    assert set(DESCRIBERS) == set(KINDS)


def test_every_puzzle_kind_prints_on_a_worksheet() -> None:
    assert set(PUZZLE_KINDS) <= set(KINDS)
    assert set(SHEET_RENDERERS) == set(PUZZLE_KINDS)


def test_a_yes_no_card_is_marked_allowed_or_not_never_chosen_or_left_out() -> None:
    puzzle = generate("card-legal", "play.must-overtrump", seed=2)
    ((card, (state, words)),) = card_checks(puzzle.content, puzzle.rules, Grade(False)).items()
    assert card == puzzle.content.card and state.endswith(" wrong")
    # the true fact first, then what the learner said: nothing true looks crossed out
    said = "allowed · you said no" if puzzle.answer.legal else "not allowed · you said yes"
    assert words == said and "✗" not in words
    ((_, (state, words)),) = card_checks(puzzle.content, puzzle.rules, Grade(True)).items()
    assert state in ("legal", "illegal") and not words.startswith("✗")


def test_points_of_a_last_trick_are_not_called_card_points() -> None:
    """4 card points and the last trick's 10 make 14 points, not "14 card points"."""
    content = TrickContent.from_dict(
        {"trump": "♥", "trick": ["7♣", "8♦", "9♣", "K♣"], "leader": 1, "trick_number": 8,
         "ask": ["points"]}
    )  # fmt: skip
    said = describe_answer("count-trick", content, TrickCount(points=14))
    assert said == "14 points with the last trick's 10"
    content = TrickContent.from_dict({**content.to_dict(), "trick_number": 3})
    assert describe_answer("count-trick", content, TrickCount(points=4)) == "4 card points"


def test_each_kind_s_flags_follow_from_its_answer() -> None:
    """A kind says itself whether its answer names a rule (then the drill hides the target
    rule) and whether it asks under both cities' rules (then no rule set is named); checked
    against a generated answer of every puzzle kind, so a new kind cannot forget them."""
    for kind in PUZZLE_KINDS:
        rules = next(r for r in (ROTTERDAM, AMSTERDAM) if targets(kind, r))
        puzzle = generate(kind, targets(kind, rules)[0].value, seed=1, rules=rules)
        fields = set(puzzle.answer.to_dict())
        question = KINDS[kind]
        assert question.answer_names_rule == ("rule" in fields), kind
        assert question.both_rule_sets == (set(CITIES) <= fields), kind
        picks = RENDERERS[kind].picks_from_hand
        assert picks == ("hand" in puzzle.content.to_dict() and fields <= {"cards", *CITIES})
