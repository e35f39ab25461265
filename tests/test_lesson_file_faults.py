"""A broken course file costs the app only what is in it: a broken glossary leaves every lesson
(its links then plain words), a broken lesson file leaves the other lessons, and each becomes a
problem notice, never a traceback; in strict mode (the tests, the content checks) each is a
`LessonError` naming the file. One test per way a file can be broken."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_trainer.app import services
from lessons import LessonError, load_course
from lessons.loader import COURSE_DIR
from tests.test_app_flows import HOME, LEARN, PROGRESS, fresh_app, sign_in

pytestmark = pytest.mark.security  # the trust probes (issue 15)

WHOLE = load_course(COURSE_DIR)
DEEP = "a = " + "[" * 5_000 + "]" * 5_000 + "\n"


@pytest.fixture
def course_copy(tmp_path: Path) -> Path:
    target = tmp_path / "course"
    shutil.copytree(COURSE_DIR, target)
    return target


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- the glossary ----------------------------------------------------------------------------

GLOSSARY_FAULTS: dict[str, bytes] = {
    "bad-syntax": b"[terms.maat\nword = ",
    "terms-not-a-table": b'terms = "maat"\n',
    "term-not-a-table": b"[terms]\nmaat = 3\n",
    "word-not-text": b'[terms.maat]\nword = 3\nexplain = "The partner."\n',
    "explain-missing": b'[terms.maat]\nword = "partner"\n',
    "terms-missing": b"# nothing here\n",
    "deep-list": DEEP.encode(),
    "deep-inline-table": ("a = " + "{b = " * 3_000 + "1" + "}" * 3_000 + "\n").encode(),
    "huge-number": b"a = " + b"9" * 5_000 + b"\n",
    "not-utf-8": b'[terms.maat]\nword = "\xff\xfe"\nexplain = "x"\n',
}


def assert_only_the_glossary_is_lost(folder: Path, language: str = "en") -> None:
    course = load_course(folder, language, strict=False)
    whole = load_course(COURSE_DIR, language)
    assert [lesson.id for lesson in course.lessons] == [lesson.id for lesson in whole.lessons]
    assert course.glossary == {}
    assert len(course.problems) == 1
    where = "glossary.toml" if language == "en" else f"{language}/glossary.toml"
    assert course.problems[0].startswith((f"{where}: ", f"{where}.terms"))  # file, field
    assert "without the glossary" in course.problems[0]
    with pytest.raises(LessonError, match=r"glossary\.toml"):
        load_course(folder, language)


@pytest.mark.parametrize("content", GLOSSARY_FAULTS.values(), ids=GLOSSARY_FAULTS.keys())
def test_a_broken_glossary_leaves_every_lesson_and_is_a_problem(
    course_copy: Path, content: bytes
) -> None:
    (course_copy / "glossary.toml").write_bytes(content)
    assert_only_the_glossary_is_lost(course_copy)


def test_a_missing_glossary_leaves_every_lesson_and_is_a_problem(course_copy: Path) -> None:
    (course_copy / "glossary.toml").unlink()
    assert_only_the_glossary_is_lost(course_copy)


def test_a_broken_translated_glossary_leaves_that_language_s_lessons(course_copy: Path) -> None:
    (course_copy / "nl" / "glossary.toml").write_bytes(GLOSSARY_FAULTS["deep-list"])
    assert_only_the_glossary_is_lost(course_copy, "nl")
    assert load_course(course_copy, "uk", strict=False).problems == ()  # the others are whole


# --- a lesson file ---------------------------------------------------------------------------


def assert_only_that_lesson_is_lost(folder: Path, name: str, message: str) -> None:
    lost = next(lesson for lesson in WHOLE.lessons if f"{lesson.number:02}-" in name)
    course = load_course(folder, strict=False)
    assert [lesson.id for lesson in course.lessons] == [
        lesson.id for lesson in WHOLE.lessons if lesson is not lost
    ]
    assert course.glossary == WHOLE.glossary
    assert len(course.problems) == 1 and course.problems[0].startswith((f"{name}:", f"{name}."))
    assert message in course.problems[0]
    with pytest.raises(LessonError, match=rf"^{re.escape(name)}[:.]"):
        load_course(folder)


def test_a_lesson_nested_too_deeply_is_a_problem_not_a_recursion_error(course_copy: Path) -> None:
    (course_copy / "05-trumps-led.toml").write_text(DEEP, encoding="utf-8")
    assert_only_that_lesson_is_lost(course_copy, "05-trumps-led.toml", "nested too deeply")


def test_a_lesson_with_a_deep_value_inside_a_step_is_a_problem(course_copy: Path) -> None:
    deep = "[" * 3_000 + '"J♥"' + "]" * 3_000
    path = course_copy / "05-trumps-led.toml"
    replace_in(path, 'answer = { cards = ["J♥", "9♥", "A♥"] }', f"answer = {{ cards = {deep} }}")
    assert_only_that_lesson_is_lost(course_copy, "05-trumps-led.toml", "nested too deeply")


def test_a_lesson_with_a_5000_digit_number_is_a_problem(course_copy: Path) -> None:
    replace_in(course_copy / "05-trumps-led.toml", "number = 5", "number = " + "5" * 5_000)
    assert_only_that_lesson_is_lost(course_copy, "05-trumps-led.toml", "cannot be read")


def test_a_lesson_with_a_date_for_an_answer_is_a_problem(course_copy: Path) -> None:
    replace_in(course_copy / "05-trumps-led.toml", 'answer = { cards = ["J♥", "9♥", "A♥"] }',
               "answer = { cards = 1979-05-27 }")  # fmt: skip
    assert_only_that_lesson_is_lost(course_copy, "05-trumps-led.toml", "steps[0].check.answer")


def test_a_second_lesson_with_the_same_id_is_a_problem(course_copy: Path) -> None:
    replace_in(course_copy / "05-trumps-led.toml", 'id = "trumps-led"', 'id = "the-table"')
    assert_only_that_lesson_is_lost(course_copy, "05-trumps-led.toml", "`the-table` is already")


def test_a_translated_lesson_nested_too_deeply_is_a_problem(course_copy: Path) -> None:
    (course_copy / "nl" / "05-trumps-led.toml").write_text(DEEP, encoding="utf-8")
    course = load_course(course_copy, "nl", strict=False)
    assert len(course.lessons) == len(WHOLE.lessons) - 1
    assert course.problems == ("nl/05-trumps-led.toml: cannot be read: nested too deeply",)


def test_a_missing_language_folder_is_a_problem(course_copy: Path) -> None:
    shutil.rmtree(course_copy / "uk")
    course = load_course(course_copy, "uk", strict=False)
    assert course.lessons == () and len(course.problems) == 1
    assert "no lessons in the language `uk`" in course.problems[0]
    with pytest.raises(LessonError, match="no lessons in the language"):
        load_course(course_copy, "uk")


# --- the app ---------------------------------------------------------------------------------


@pytest.fixture
def broken_glossary(course_copy: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app's course comes from a copy whose glossary is broken (then the real one again)."""
    (course_copy / "glossary.toml").write_bytes(GLOSSARY_FAULTS["deep-list"])
    monkeypatch.setattr(services, "load_course", partial(load_course, course_copy))
    services._course.clear()
    yield course_copy
    services._course.clear()


def test_home_learn_and_progress_work_with_a_broken_glossary(
    data_dir: Path, broken_glossary: Path
) -> None:
    app: AppTest = sign_in(fresh_app(), "Anna")
    for page in (HOME, LEARN, PROGRESS):
        app.switch_page(page).run()
        assert not app.exception, (page, app.exception)
    app.switch_page(LEARN).run()
    assert "Some lessons cannot be shown right now" in app.warning[0].value
    app.button(key="open-the-table").click().run()  # its first step links to [[maat]]
    assert not app.exception
    assert any("**maat**" in markdown.value for markdown in app.markdown)
    assert [e.label for e in app.expander] == ["Report a problem"]  # no glossary to list
