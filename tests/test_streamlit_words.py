"""Streamlit's own English: widgets that show it are not used, or its hint is hidden, and the
language holds where Streamlit runs code outside the page's top-level run."""

from __future__ import annotations

import ast
import threading
from datetime import date
from pathlib import Path

import pytest

import klaverjas_trainer.app
from klaverjas_trainer.app.own_words import HIDE_ENGLISH, due_date_choices
from klaverjas_trainer.app.services import session_language
from klaverjas_trainer.texts import language, t
from klaverjas_trainer.texts.catalogue import (
    LANGUAGES,
    current_code,
    date_text,
    use_language_source,
)

APP = Path(klaverjas_trainer.app.__file__).parent
#: Widgets whose own words are English: "Select all", "YYYY/MM/DD", "Press Enter to ...".
ENGLISH_WIDGETS = {"multiselect", "date_input", "time_input", "file_uploader", "chat_input"}


def widget_calls(path: Path) -> set[str]:
    return {
        node.func.attr
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }


@pytest.mark.parametrize("path", sorted(APP.rglob("*.py")), ids=lambda path: path.name)
def test_no_widget_that_speaks_english(path: Path) -> None:
    assert not widget_calls(path) & ENGLISH_WIDGETS


def test_the_english_hints_of_forms_and_the_running_indicator_are_hidden() -> None:
    assert '[data-testid="InputInstructions"]' in HIDE_ENGLISH
    assert '[data-testid="stStatusWidget"]' in HIDE_ENGLISH
    assert "display: none" in HIDE_ENGLISH


def test_due_dates_are_days_in_the_language_and_none_first() -> None:
    days = due_date_choices(date(2026, 12, 1))
    assert (
        days[0] is None and days[1] == date(2026, 12, 1) and len(days) == 2 + 42
    )  # none, today, 42 days
    words = {code: date_text(date(2026, 12, 8), code) for code in LANGUAGES}
    assert words["nl"] == "di 8 december 2026"
    assert words["ru"] == "вт 8 декабря 2026"
    assert all("yyyy" not in said.lower() and "2026" in said for said in words.values())
    with language("uk"):
        assert t("due-none") == "Без терміну"


def test_code_without_a_language_of_its_own_asks_the_session() -> None:
    """A fragment's rerun or a callback runs without the page's top-level code: the language
    comes from the registered source (the session's profile in the app), in any thread."""
    asked: list[str] = []
    use_language_source(lambda: "ru")
    try:

        def fragment_run() -> None:
            asked.append(current_code())
            with language("nl"):  # a block still wins
                asked.append(current_code())
            asked.append(t("due-none"))

        runner = threading.Thread(target=fragment_run)  # a fresh context, as a script thread
        runner.start()
        runner.join()
    finally:
        use_language_source(session_language)
    assert asked == ["ru", "nl", "Без срока"]
    assert current_code() in LANGUAGES
