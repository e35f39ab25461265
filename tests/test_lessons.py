"""The course: twelve lessons in order, every check solved by the core, the seeds' numbers,
and a loader that names the file and the field of every mistake."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from klaverjas_core import RuleId, parse_cards
from klaverjas_questions import KINDS
from klaverjas_questions.count_trick import TrickCount
from klaverjas_questions.is_nat import NatAnswer
from klaverjas_questions.positions import CardsAnswer
from klaverjas_trainer.texts import explain
from lessons import LessonError, load_course
from lessons.loader import COURSE_DIR, glossary_terms_used

COURSE = load_course()

REQUIRED_ORDER = [
    "the-table", "choosing-trumps", "card-order-and-points", "following-suit", "trumps-led",
    "void-trumping", "partner-exemption", "rotterdam", "winning-tricks", "roem",
    "scoring-and-nat", "a-whole-deal",
]  # fmt: skip


def test_the_twelve_lessons_come_in_the_required_order() -> None:
    assert [lesson.id for lesson in COURSE.lessons] == REQUIRED_ORDER


def test_every_lesson_has_at_least_three_steps_with_checks() -> None:
    for lesson in COURSE.lessons:
        assert len(lesson.checks) >= 3, lesson.id
        assert all(step.text.strip() for step in lesson.steps)


def test_every_check_is_answered_by_the_core_and_tagged_with_a_deciding_rule() -> None:
    for lesson in COURSE.lessons:
        for check in lesson.checks:
            solution = check.solve()
            assert check.grade(check.answer).correct, (lesson.id, check.question)
            assert check.rule in solution.decisive and check.rule in lesson.rules
            text = explain(solution.facts)
            assert text and "{" not in text


def test_a_wrong_reply_is_graded_wrong_with_the_answer_and_the_reason() -> None:
    check = COURSE.lesson("void-trumping").checks[2]  # no undertrumping
    grade = check.grade(CardsAnswer.of(parse_cards("Q♥")))
    assert not grade.correct
    assert {(m.part, m.expected, m.given) for m in grade.mistakes} == {
        ("7♦", True, False), ("Q♥", False, True), ("8♠", True, False),
    }  # fmt: skip
    assert {m.rule for m in grade.mistakes} == {RuleId.PLAY_NO_UNDERTRUMP}
    assert check.kind.encode(check.solve().answer) == '{"cards":["7♦","8♠"]}'
    assert "a lower trump is not allowed" in explain(check.solve().facts)
    assert check.grade(CardsAnswer.of(parse_cards("8♠ 7♦"))).correct


def answers_of(lesson_id: str) -> list[object]:
    return [check.answer for check in COURSE.lesson(lesson_id).checks]


def test_seed_000_examples_with_their_exact_numbers() -> None:
    partner = COURSE.lesson("partner-exemption")
    assert partner.checks[0].answer == CardsAnswer.of(parse_cards("Q♥ 7♦"))  # may discard 7♦
    assert TrickCount(points=15) in answers_of("partner-exemption")  # 11 + 0 + 0 + 4
    assert partner.checks[2].answer == CardsAnswer.of(parse_cards("Q♥"))  # had B trumped: 8♥
    assert NatAnswer(True, (0, 182)) in answers_of("scoring-and-nat")  # 82 v 80 + 20


def test_seed_001_examples_with_their_exact_numbers() -> None:
    assert TrickCount(points=25) in answers_of("partner-exemption")
    assert TrickCount(points=25) in answers_of("winning-tricks")
    assert TrickCount(points=34) in answers_of("winning-tricks")
    assert TrickCount(roem=20) in answers_of("roem")  # 7-8-9♠
    assert CardsAnswer.of(parse_cards("9♠")) in answers_of("trumps-led")  # his only trump


def test_rotterdam_lesson_is_judged_under_rotterdam_rules() -> None:
    for check in COURSE.lesson("rotterdam").checks:
        assert not check.table.rules.partner_exemption


def test_lessons_reveal_some_tricks_card_by_card() -> None:
    revealed = [step for lesson in COURSE.lessons for step in lesson.steps
                if step.table and step.table.reveal]  # fmt: skip
    assert len(revealed) >= 5


def test_glossary_holds_the_dutch_words_and_lessons_link_to_them() -> None:
    for word in ("troef", "bekennen", "introeven", "overtroeven", "ondertroeven", "maat", "slag",
                 "roem", "stuk", "nat", "pit", "verzaken", "spelende partij", "tegenpartij",
                 "voorhand", "gever"):  # fmt: skip
        assert word in COURSE.glossary
    assert len(glossary_terms_used(COURSE.lessons)) >= 15


def test_checks_per_rule_cover_the_playing_rules() -> None:
    per_rule = Counter(check.rule for lesson in COURSE.lessons for check in lesson.checks)
    for rule in RuleId:
        if rule.topic == "play" and rule is not RuleId.PLAY_REVOKE:
            assert per_rule[rule] >= 1, rule
    used = {check.kind.name for lesson in COURSE.lessons for check in lesson.checks}
    assert used == set(KINDS) - {"amsterdam-or-rotterdam", "who-revoked"}


# --- the loader's errors ---------------------------------------------------------------------


@pytest.fixture
def course_copy(tmp_path: Path) -> Path:
    target = tmp_path / "course"
    shutil.copytree(COURSE_DIR, target)
    return target


def break_file(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('answer = { cards = ["Q♥", "7♦"] }', 'answer = { cards = ["Q♥"] }',
         r'steps\[0\]\.check\.answer: is \{"cards":\["Q♥"\]\} but the core says '
         r'\{"cards":\["7♦","Q♥"\]\}'),
        ('hand = ["Q♥", "7♦"]', 'hand = ["Q♥", "1X"]',
         r"steps\[0\]\.table\.hand: `1X` is not a card"),
        ('leader = "N"', 'leader = "Z"', r"steps\[0\]\.table\.leader: must be a seat"),
        ('rule = "play.partner-winning"', 'rule = "play.follow-suit"', r"steps\[0\]\.check\.rule"),
        ('kind = "which-cards"', 'kind = "guess"', r"steps\[0\]\.check\.kind"),
        ("reveal = true", "revealed = true", r"steps\[0\]\.table\.revealed: unknown field"),
        ("[[maat]]", "[[mate]]", r"links to \[\[mate\]\]"),
    ],
)  # fmt: skip
def test_loader_names_the_file_and_field_of_a_mistake(
    course_copy: Path, old: str, new: str, message: str
) -> None:
    name = "07-partner-exemption.toml" if "[[m" not in old else "01-the-table.toml"
    break_file(course_copy, name, old, new)
    with pytest.raises(LessonError, match=rf"^{name}: .*{message}"):
        load_course(course_copy)


def test_loader_refuses_a_rule_that_is_taught_but_never_checked(course_copy: Path) -> None:
    break_file(course_copy, "09-winning-tricks.toml", 'rules = ["trick.suit-led-wins"',
               'rules = ["score.pit", "trick.suit-led-wins"')  # fmt: skip
    with pytest.raises(LessonError, match=r"score\.pit is taught but no check exercises it"):
        load_course(course_copy)


def test_loader_refuses_broken_toml(course_copy: Path) -> None:
    (course_copy / "05-trumps-led.toml").write_text("id = ", encoding="utf-8")
    with pytest.raises(LessonError, match=r"05-trumps-led\.toml: cannot be read"):
        load_course(course_copy)


def test_the_app_keeps_the_other_lessons_when_one_file_is_broken(course_copy: Path) -> None:
    (course_copy / "05-trumps-led.toml").write_text("id = ", encoding="utf-8")
    whole = load_course(COURSE_DIR)
    course = load_course(course_copy, strict=False)
    assert [lesson.id for lesson in course.lessons] == [
        lesson.id for lesson in whole.lessons if lesson.number != 5
    ]
    assert len(course.problems) == 1
    assert course.problems[0].startswith("05-trumps-led.toml: cannot be read")
    assert load_course(COURSE_DIR, strict=False).problems == ()
