"""The false or misleading explanations found by trying the trainer as a new user would, each
kept as a test (issue: feedback that is always true)."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from klaverjas_core import check_card, legal_cards, parse_cards, score_summary
from klaverjas_questions.facts import legal_facts, score_facts, verdict_fact
from klaverjas_questions.positions import LegalAnswer
from klaverjas_trainer.app.feedback import mistake_lines
from klaverjas_trainer.app.questions import printed_worksheet
from klaverjas_trainer.texts import describe_answer, explain, rule_statement, say
from lessons import load_course
from puzzles import generate

COURSE = load_course()


def test_no_undertrump_over_a_partner_does_not_say_nothing_beats_it() -> None:
    # card-legal play.no-undertrump, amsterdam, seed 0, level 1: J♣ A♠ A♥, trumps ♠, 7♥ J♠ K♠.
    puzzle = generate("card-legal", "play.no-undertrump", seed=0, level=1)
    assert [str(card) for card in puzzle.content.position.hand] == ["7♥", "J♠", "K♠"]
    text = explain(puzzle.solution.facts)
    assert "Nothing in your hand beats" not in text
    assert "Your partner is winning with A♠" in text and "You may play 7♥ J♠." in text
    # lesson 7, last step, answered wrongly: the same situation in the course
    check = COURSE.lesson("partner-exemption").steps[5].check
    assert check is not None
    (line,) = mistake_lines(check.grade(LegalAnswer(True)))
    assert "Your partner is winning with 9♥" in line and "Nothing in your hand" not in line


def test_rotterdam_must_trump_over_a_winning_partner_says_so() -> None:
    puzzle = generate("amsterdam-or-rotterdam", "play.partner-winning", seed=0, level=1)
    text = explain(puzzle.solution.facts)
    rotterdam = text.split("Rotterdam —", 1)[1]
    assert "for the other side" not in rotterdam and "an opponent" not in rotterdam
    assert "even though your partner is winning with A♦" in rotterdam
    lesson = COURSE.lesson("rotterdam")
    assert "only one thing" not in lesson.intro and "two things" in lesson.intro


def test_partner_winning_names_only_the_kinds_of_card_that_are_allowed() -> None:
    # Partner trumped with J♥; West holds lower trumps and a side card: only a discard is legal.
    only_discard = legal_cards("8♥ 7♥ K♣", "A♦ J♥ 7♦", "♥")
    text = explain(legal_facts(only_discard))
    assert "discard or trump" not in text and "so discard: K♣" in text
    only_trumps = legal_cards("8♥ 7♥", "A♦ K♦", "♥")  # partner's A♦ wins, hand all trumps
    assert "you hold only trumps" in explain(legal_facts(only_trumps))


def test_no_sentence_runs_on_after_a_colon_or_doubles_one() -> None:
    for hand, trick, trump, rules in (
        ("Q♥ 7♦", "A♣ 8♥", "♥", "amsterdam"),  # must overtrump
        ("7♥ 8♠", "A♣ J♥", "♥", "rotterdam"),  # must undertrump
        ("K♦ 8♠", "J♠", "♠", "amsterdam"),  # trumps led
    ):
        verdicts = [check_card(card, hand, trick, trump, rules) for card in parse_cards(hand)]
        assert {verdict.legal for verdict in verdicts} == {True, False}  # both wordings said
        for verdict in verdicts:
            text = say(verdict_fact(verdict))
            assert not re.search(r"allowed: [A-Z]", text) and "rules: you" not in text


def test_rule_statements_state_their_conditions() -> None:
    assert "Amsterdam" in rule_statement("play.no-undertrump")
    assert "trumps are led" in rule_statement("play.no-undertrump")
    assert "partner" in rule_statement("play.must-overtrump")
    assert "unless your hand is nothing but trumps lower" in rule_statement("play.partner-winning")
    assert "every trick" in rule_statement("score.nat")
    assert "undertrumping when not forced" in rule_statement("play.revoke")
    assert "undertrumping when not forced" in COURSE.glossary["verzaken"].explain


def test_nat_results_say_which_pair_writes_what() -> None:
    puzzle = generate("is-nat", "score.made", seed=3, level=1)
    words = describe_answer(puzzle.kind, puzzle.content, puzzle.answer)
    assert "N+S" in words and "E+W" in words
    revoke = COURSE.lesson("scoring-and-nat").steps[-1]
    assert "nat" in revoke.text  # the step says why its answer is nat


def test_the_last_trick_ten_is_named_where_points_include_it() -> None:
    puzzle = generate("count-trick", "points.last-trick", seed=5, level=2)
    assert "10 more" in explain(puzzle.solution.facts)
    table = generate("is-nat", "score.nat", seed=4, level=2)
    assert table.content.trick_table is not None
    sheet = printed_worksheet([table])
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(sheet)).pages)
    assert "include the 10 for the last trick" in text
    facts = score_facts(score_summary((82, 80), (0, 20), 0))
    assert "82 card points" in explain(facts)


def test_lesson_examples_agree_with_the_seeds() -> None:
    # seed 001: player 3 holds the 7♠, player 4 plays the 8♠: lesson 7 gives player 4 no 7♠
    step = COURSE.lesson("partner-exemption").steps[3]
    assert step.table is not None and "7♠" not in [str(c) for c in step.table.hand]
    speaks_first = COURSE.lesson("choosing-trumps").checks[0]
    assert speaks_first.rule.value == "trump.free-choice"
    assert "speaks first" in explain(speaks_first.solve().facts)
