"""Every language complete: each message in each catalogue with English's placeholders, every
lesson step in every language, and the main flows of the app with no English left on the page
(card symbols and the Dutch club words excepted)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import parse_cards
from klaverjas_trainer.app.services import _store
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.texts import catalogue, language, rule_set_words
from klaverjas_trainer.texts.__main__ import problems
from klaverjas_trainer.texts.catalogue import LANGUAGES, SOURCE
from lessons import load_course

from .english import ENGLISH

TAG = re.compile(r"<[^>]+>")

APP = str(Path(__file__).resolve().parent.parent / "trainer_app.py")
PAGES = "klaverjas_trainer/app/pages"
TRANSLATED = [code for code in LANGUAGES if code != SOURCE]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    assert problems(code) == []
    words = catalogue(code)
    english = catalogue(SOURCE)
    assert set(words.messages) == set(english.messages)
    assert words.ranks != english.ranks  # its own letters for J Q K A


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_lesson_has_every_step_in_every_language(code: str) -> None:
    english, translated = load_course(), load_course(language=code)
    assert [item.id for item in translated.lessons] == [item.id for item in english.lessons]
    for ours, theirs in zip(translated.lessons, english.lessons, strict=True):
        assert len(ours.steps) == len(theirs.steps) and ours.title != theirs.title
        for mine, source in zip(ours.steps, theirs.steps, strict=True):
            assert (mine.check is None) == (source.check is None)
            assert mine.table == source.table  # the same cards, answers and rules
            if mine.check is not None and source.check is not None:
                assert mine.check.answer == source.check.answer
                assert mine.check.question != source.check.question
    assert set(translated.glossary) == set(english.glossary)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_problem_reads_as_one_sentence(code: str) -> None:
    """What is wrong with an input fills "That won't do: {problem}." and its kin: it ends
    without a full stop of its own (no ".." and no abbreviation's dot before the stop)."""
    with language(code):
        problem = catalogue(code).text("problem", problem="{x}")
        assert problem.endswith("{x}.")
        for key, text in catalogue(code).messages.items():
            if str(key).startswith("error-"):
                words = text if isinstance(text, str) else text[-1]
                assert not words.rstrip().endswith("."), (key, words)


def test_plural_forms_follow_each_language() -> None:
    for code in LANGUAGES:
        with language(code):
            words = catalogue(code)
            for count in (1, 2, 5, 21):
                assert "{" not in words.ntext("streak-over", count)


def page_words(app: AppTest) -> list[str]:
    """Everything a person reads on the page: texts, labels and the options offered."""
    found: list[str] = []
    for kind in ("markdown", "caption", "header", "subheader", "success", "error", "warning",
                 "info"):  # fmt: skip
        found.extend(str(element.value) for element in getattr(app, kind))
    for kind in ("button", "selectbox", "radio", "multiselect", "text_input", "number_input",
                 "pills", "segmented_control", "toggle"):  # fmt: skip
        for element in getattr(app, kind):
            found.append(str(element.label))
            found.extend(str(option) for option in getattr(element, "options", []))
    # the words people read, not the markup around cards (class names like kj-wrong)
    return [TAG.sub(" ", text) for text in found if not text.startswith("<style>")]


def english_left(app: AppTest) -> list[str]:
    return [text for text in page_words(app) if ENGLISH.search(text)]


@pytest.fixture
def data_dir(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The flows' data folder, with a teacher password set."""
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "club-secret")
    return data_dir


def app_in(code: str) -> AppTest:
    app = AppTest.from_file(APP, default_timeout=60)
    app.run()
    _store.clear()
    app.session_state["profile"].language = code
    return app.run()


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_main_flows_speak_the_language(data_dir: Path, code: str) -> None:
    app = app_in(code)
    app.switch_page(f"{PAGES}/profile_page.py").run()
    app.text_input(key="new_name").set_value("Anna")
    app.form_submit_button[0].click().run()
    assert not app.exception and english_left(app) == []
    # a lesson check, answered wrongly
    app.switch_page(f"{PAGES}/learn_page.py").run()
    assert english_left(app) == []
    app.button(key="open-void-trumping").click().run()
    app.pills[0].set_value(parse_cards("7♦"))
    app.form_submit_button[0].click().run()
    assert not app.exception and app.error and english_left(app) == []
    # a drill puzzle, wrong then right
    app.switch_page(f"{PAGES}/drill_page.py").run()
    puzzle = app.session_state["drill"].choice.puzzle
    app.pills(key=f"reply-{puzzle.id}").set_value(list(puzzle.content.hand))
    app.form_submit_button[0].click().run()
    assert not app.exception and english_left(app) == []
    app.button(key="next_button").click().run()
    puzzle = app.session_state["drill"].choice.puzzle
    app.pills(key=f"reply-{puzzle.id}").set_value(list(puzzle.answer.cards))
    app.form_submit_button[0].click().run()
    assert app.success and english_left(app) == []
    app.switch_page(f"{PAGES}/progress_page.py").run()
    assert not app.exception and english_left(app) == []
    # the teacher's dashboard
    app.switch_page(f"{PAGES}/teacher_page.py").run()
    app.text_input(key="teacher_password").set_value("club-secret")
    app.form_submit_button(key="teacher_sign_in").click().run()
    app.text_input(key="group_name").set_value("Dinsdag")
    app.form_submit_button(key="create_group").click().run()
    assert not app.exception and english_left(app) == []


def test_the_browser_language_is_the_first_choice() -> None:
    from klaverjas_trainer.app.services import browser_language  # noqa: PLC0415 - Streamlit

    for code in LANGUAGES:
        assert browser_language(f"{code}-XX") == code
    assert browser_language("fr-FR") == browser_language(None) == SOURCE


def test_a_chosen_language_is_kept_in_the_profile_and_changes_nothing_else(
    data_dir: Path,
) -> None:
    code = TRANSLATED[0]
    app = app_in(SOURCE)
    app.switch_page(f"{PAGES}/profile_page.py").run()
    app.text_input(key="new_name").set_value("Anna")
    app.form_submit_button[0].click().run()
    app.switch_page(f"{PAGES}/learn_page.py").run()
    app.button(key="open-partner-exemption").click().run()
    app.selectbox(key="language_choice").set_value(code).run()
    lesson = app.session_state["lesson"]
    assert lesson.lesson_id == "partner-exemption" and lesson.step == 0  # the same place
    title = load_course(language=code).lesson("partner-exemption").title
    assert app.header[0].value == f"7. {title}"
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    assert store.learner("Anna").settings["language"] == code  # and next visit, any device


def test_a_rule_set_is_named_in_words_not_by_its_id() -> None:
    assert rule_set_words("rotterdam+four_low_100") == (
        "Rotterdam rules · Four 9s, 8s or 7s score 100"
    )
    with language("nl"):
        words = rule_set_words("amsterdam+stuk_from_hand")
    assert "amsterdam" not in words and "stuk_from_hand" not in words and " · " in words


@pytest.mark.parametrize(
    ("code", "month"), [("nl", "december"), ("uk", "грудня"), ("ru", "декабря"), ("en", "December")]
)
def test_a_date_is_written_in_the_learners_language(code: str, month: str) -> None:
    """A due date reads "5 грудня 2026 р.", not the database's "2026-12-05" (issue 34, B11)."""
    said = catalogue(code).text("due", date=date(2026, 12, 5))
    assert "2026-12-05" not in said and f" 5 {month} 2026" in said, said
