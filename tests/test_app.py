"""The placeholder page, driven as a user would with Streamlit's AppTest."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parent.parent / "trainer_app.py")


def test_the_default_position_shows_the_seed_example() -> None:
    app = AppTest.from_file(APP).run()
    assert not app.exception
    assert app.success[0].value == "Legal: Q♥ 7♦"


def test_a_changed_trick_changes_the_answer_and_names_the_rule() -> None:
    app = AppTest.from_file(APP).run()
    app.text_input(key="trick").set_value("A♣ 8♥").run()
    assert app.success[0].value == "Legal: Q♥"
    texts = [element.value for element in app.markdown]
    assert any("you must overtrump it with Q♥" in text for text in texts)


def test_a_bad_card_gives_a_friendly_message_not_a_traceback() -> None:
    app = AppTest.from_file(APP).run()
    app.text_input(key="hand").set_value("Q♥ 1X").run()
    assert not app.exception
    assert "`1X` is not a card" in app.error[0].value
