"""In the app, a wrong answer says at once what was wrong and why, in the learner's language:
a lesson step before the answer is shown (the reason, not the allowed cards), and the drill
(every chosen card that is not allowed, with its reason)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import Seat, parse_cards
from klaverjas_trainer.app.services import _store
from klaverjas_trainer.texts import card_text, language, t
from lessons import load_course
from puzzles import Puzzle

APP = str(Path(__file__).resolve().parent.parent / "trainer_app.py")
PAGES = "klaverjas_trainer/app/pages"


def signed_in(code: str) -> AppTest:
    app = AppTest.from_file(APP, default_timeout=60)
    app.run()
    _store.clear()  # a new data folder needs a new store
    app.session_state["profile"].language = code
    app.run()
    app.switch_page(f"{PAGES}/profile_page.py").run()
    app.text_input(key="new_name").set_value("Anna")
    app.form_submit_button[0].click().run()
    assert not app.exception
    return app


def mistakes_said(app: AppTest) -> str:
    """The list of what was wrong (the element goes on with the rule and the explanation)."""
    (said,) = [m.value for m in app.markdown if m.value.startswith(t("your-mistakes"))]
    return said.split("\n\n")[0]


@pytest.mark.parametrize("code", ["nl", "uk", "ru", "en"])
def test_a_wrong_lesson_card_says_the_rule_at_once_and_no_allowed_card(
    data_dir: Path, code: str
) -> None:
    app = signed_in(code)
    app.switch_page(f"{PAGES}/learn_page.py").run()
    app.button(key="open-void-trumping").click().run()
    app.pills[0].set_value(parse_cards("7♦"))  # clubs led, A♣ winning: 7♥ and Q♥ allowed
    app.form_submit_button[0].click().run()
    assert not app.exception
    with language(code):
        assert app.error[0].value == t("wrong")  # the answer is not shown yet
        said = mistakes_said(app)
        assert card_text(parse_cards("7♦")[0]) in said  # the learner's own card
        assert t("mistake-hidden") not in said  # not "something is not right yet"
        reason = {
            "en": "an opponent is winning with A♣: you must play a trump.",
            "nl": "een tegenstander heeft de slag met A♣: je moet introeven.",
            "uk": "суперник картою Т♣: ви мусите зіграти козир.",
            "ru": "противник картой Т♣: вы обязаны сыграть козырь.",
        }[code]
        assert reason in said  # the rule and the fact that decides it
        for card in parse_cards("7♥ Q♥"):  # the allowed cards wait for "Show the answer"
            assert card_text(card) not in said
        app.button(key="check-void-trumping-0-show").click().run()
        assert app.error[0].value.startswith(t("wrong") + " ")
        shown = mistakes_said(app)
        assert all(card_text(card) in shown for card in parse_cards("7♥ Q♥"))


def test_a_wrong_seat_says_the_fact_that_decides_it_at_once(data_dir: Path) -> None:
    app = signed_in("nl")
    app.switch_page(f"{PAGES}/learn_page.py").run()
    app.button(key="open-the-table").click().run()
    check = load_course().lesson("the-table").steps[0].check
    assert check is not None and check.kind.name == "partner"
    app.segmented_control[0].set_value(Seat.EAST)
    app.form_submit_button[0].click().run()
    assert not app.exception
    with language("nl"):
        said = mistakes_said(app)
    assert "Oost" in said and "De maat van Noord is Zuid" in said, said


def test_the_drill_names_every_chosen_card_that_is_not_allowed(data_dir: Path) -> None:
    app = signed_in("en")
    app.switch_page(f"{PAGES}/drill_page.py").run()
    app.selectbox(key="drill_rule").set_value("play.follow-suit").run()
    puzzle: Puzzle = app.session_state["drill"].choice.puzzle
    wrong = [card for card in puzzle.content.hand if card not in puzzle.answer.cards]
    assert wrong
    app.pills[0].set_value(list(puzzle.content.hand))  # every card: each wrong one is named
    app.form_submit_button[0].click().run()
    assert not app.exception
    said = mistakes_said(app)
    assert all(str(card) in said for card in wrong), (said, wrong)
    lines = said.split("\n")[1:]
    assert len(lines) == len(set(lines))
