"""Every question kind is complete: one view declares how the app draws and asks it (drill,
lessons, projector) and how a worksheet prints it, and the kind says its answer in words; a new
kind without a part fails here (or in mypy, for a part its declaration leaves out)."""

from __future__ import annotations

from streamlit.string_util import extract_leading_icon

from klaverjas_core import AMSTERDAM, CITIES, ROTTERDAM, parse_cards
from klaverjas_questions import KINDS, Grade
from klaverjas_questions.count_trick import TrickContent, TrickCount
from klaverjas_trainer.app.board import card_pill
from klaverjas_trainer.app.cards import card_label
from klaverjas_trainer.app.questions import VIEWS, card_checks, view_of
from klaverjas_trainer.texts import describe_answer
from klaverjas_trainer.texts.catalogue import LANGUAGES, language
from puzzles import PUZZLE_KINDS, generate, targets


def test_every_question_kind_has_one_view_of_that_very_kind() -> None:
    assert sorted(view.name for view in VIEWS) == sorted(KINDS)
    for view in VIEWS:
        assert view.kind is KINDS[view.name] and view_of(view.name) is view


def test_every_puzzle_kind_prints_on_a_worksheet_and_no_lesson_kind_claims_to() -> None:
    assert set(PUZZLE_KINDS) <= set(KINDS)
    assert {view.name for view in VIEWS if view.printed is not None} == set(PUZZLE_KINDS)


def test_every_puzzle_kind_words_its_answer_in_every_language() -> None:
    """The answer a kind describes is worded by every catalogue: no message id missing, no
    placeholder left."""
    for kind in PUZZLE_KINDS:
        rules = next(r for r in (ROTTERDAM, AMSTERDAM) if targets(kind, r))
        puzzle = generate(kind, targets(kind, rules)[0].value, seed=1, rules=rules)
        for code in LANGUAGES:
            with language(code):
                said = describe_answer(kind, puzzle.content, puzzle.answer)
            assert said and "{" not in said, (kind, code, said)


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


def test_an_answer_of_several_parts_names_each_part_once() -> None:
    content = TrickContent.from_dict(
        {"trump": "♥", "trick": ["7♣", "8♦", "9♣", "K♣"], "leader": 1, "trick_number": 3,
         "ask": ["winner", "points", "roem"]}
    )  # fmt: skip
    answer = KINDS["count-trick"].solve(content, AMSTERDAM).answer
    said = describe_answer("count-trick", content, answer)
    assert said == "K♣ wins · 4 card points · 0 roem"
    # a learner's reply that leaves parts out (as the dashboard shows it) says so per part
    assert (
        describe_answer("count-trick", content, TrickCount()) == "- wins · - card points · - roem"
    )


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
        picks = view_of(kind).picks_from_hand
        assert picks == ("hand" in puzzle.content.to_dict() and fields <= {"cards", *CITIES})


def test_a_card_pill_reads_as_its_card_and_gives_streamlit_no_icon_to_look_for() -> None:
    # Streamlit searches a pill label's first word for an emoji (~80 µs on a non-ASCII word):
    # the label's first word is empty, and the rest is the card's coloured label.
    for code in LANGUAGES:
        with language(code):
            for card in parse_cards("Q♥ 10♠ 7♦ A♣"):
                for four in (False, True):
                    label = card_pill(card, four_colour=four)
                    first, _, rest = label.partition(" ")
                    assert first == "" and rest == card_label(card, four_colour=four)
                    assert extract_leading_icon(first) == ("", "")
