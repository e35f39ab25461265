"""What a club learner and the teacher see first, with AppTest: the heat-map gives every member
a cell (few answers marked) with who needs help first and its headers in the page's language;
Home puts a club learner's assignments first with buttons that say what they start; Join says
so at the top of the profile page; a finished lesson shows its score and the next lesson above
the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_trainer.texts import language, nt, t
from lessons import load_course
from tests.test_club import answer
from tests.test_club_flows import PROFILE, TEACHER, club_of, data_dir, new_session

__all__ = ["data_dir"]  # a fixture, used by name

HOME, LEARN = (
    "klaverjas_trainer/app/pages/home_page.py",
    "klaverjas_trainer/app/pages/learn_page.py",
)


def join(app: AppTest, code: str, name: str) -> AppTest:
    app.switch_page(PROFILE).run()
    app.text_input(key="join_code").set_value(code)
    app.text_input(key="join_name").set_value(name)
    app.form_submit_button(key="join_button").click().run()
    assert not app.exception and not app.error
    return app


@pytest.mark.parametrize("code", ["en", "nl"])
def test_the_heat_map_shows_every_member_who_needs_help_first(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "club-secret")
    club = club_of(data_dir)
    group = club.create_group("Dinsdag", "amsterdam", language=code)
    anna, petro = club.join(group.code, "Anna"), club.join(group.code, "Пётр")
    club.join(group.code, "Bert")  # no answers yet
    for n in range(6):
        club.store.record(anna.id, answer("play.follow-suit", n > 0, f"a{n}"))
    for n in range(4):
        club.store.record(petro.id, answer("play.follow-suit", False, f"p{n}"))
    app = new_session()
    app.session_state["profile"].language = code
    app.switch_page(TEACHER).run()
    app.text_input(key="teacher_password").set_value("club-secret")
    app.form_submit_button(key="teacher_sign_in").click().run()
    assert not app.exception
    heat = app.dataframe[0].value
    with language(code):
        learner, rule = t("chart-learner"), t("rule:play.follow-suit:title")
        caption = nt("heatmap-few", 5)
    # Пётр: 4 answers, none right, gets a cell marked as few, and comes before Anna (5 of 6);
    # Bert, with no answers, is listed last with nothing to show.
    assert list(heat.index) == ["Пётр", "Anna", "Bert"]
    assert heat.index.name == learner and list(heat.columns) == [rule]
    assert list(heat[rule]) == ["0/4", "83%", ""]
    assert any(c.value == caption for c in app.caption)
    assert "learner" not in [str(frame.value.index.name) for frame in app.dataframe]


def test_home_puts_the_assignments_first_with_their_own_button_words(data_dir: Path) -> None:
    club = club_of(data_dir)
    group = club.create_group("Dinsdag", "amsterdam")
    work = club.assign(group.id, kind="who-revoked", rule="play.follow-suit", count=2, seed=5)
    lesson = club.assign(group.id, lesson_id="following-suit")
    deal = club.assign_deal(group.id, 77)
    app = join(new_session(), group.code, "Joke").switch_page(HOME).run()
    assert not app.exception
    keys = [button.key for button in app.button]
    assert keys.index(f"assignment-{work.id}") < keys.index("home_lesson")
    labels = {button.key: button.label for button in app.button}
    assert labels[f"assignment-{work.id}"] == "Start the set: Who revoked?"
    assert labels[f"assignment-{lesson.id}"] == "Open lesson 4"
    assert labels[f"assignment-{deal.id}"] == "Play the shared deal"
    assert app.button(key=f"assignment-{work.id}").proto.type == "primary"
    assert app.button(key="home_lesson").proto.type == "secondary"  # not the one to tap first
    assert any("In group **Dinsdag**" in m.value for m in app.markdown)
    app.button(key=f"assignment-{lesson.id}").click().run()
    assert not app.exception
    assert app.header[0].value == "4. Following suit"  # it opened what it said


def test_joining_says_so_at_the_top_and_the_name_fields_differ(data_dir: Path) -> None:
    group = club_of(data_dir).create_group("Dinsdag", "amsterdam")
    app = new_session().switch_page(PROFILE).run()
    assert app.text_input(key="new_name").label != app.text_input(key="join_name").label
    join(app, group.code, "Joke")
    assert app.success[0].value == "You joined **Dinsdag**. Your assignments are on Home."
    assert any("st-key-profile_top" in str(element.proto) for element in app.get("html"))
    top = [m.value for m in app.markdown][:3]
    assert any("Joke" in line for line in top) and any("Dinsdag" in line for line in top)
    assert app.subheader[0].value == "Someone else playing?"  # the name form, after the top


def test_a_wrong_pin_does_not_blame_the_name(data_dir: Path) -> None:
    club_of(data_dir).store.learner("Joke", "1234")
    app = new_session().switch_page(PROFILE).run()
    app.text_input(key="new_name").set_value("Joke")
    app.text_input(key="own_pin").set_value("9999")
    app.form_submit_button(key="start_button").click().run()
    (error,) = app.error
    assert error.value.startswith("Cannot sign in: ") and "name won't do" not in error.value


def test_a_finished_lesson_shows_its_score_and_the_next_lesson_first(data_dir: Path) -> None:
    app = join(new_session(), club_of(data_dir).create_group("D", "amsterdam").code, "Joke")
    app.switch_page(LEARN).run()
    app.button(key="open-the-table").click().run()
    state = app.session_state["lesson"]
    for _ in range(20):  # every step: answered right where there is a check, then Next
        lesson = load_course().lesson(state.lesson_id)
        step = lesson.steps[state.step]
        if step.check is not None:
            state.grades[state.step] = step.check.grade(step.check.solve().answer)
            state.first_try[state.step] = True
            app.run()  # drawn as answered: Next is enabled
        app.button(key="step_next").click().run()
        assert not app.exception
        if state.lesson_id is None:
            break
    assert state.finished is not None
    assert app.success[0].value.startswith("Lesson completed: ")
    keys = [button.key for button in app.button]
    assert keys[0] == "next_lesson" and app.button[0].label.startswith("Next lesson: 2.")
    # and the page scrolls up to them (Finish was tapped at the bottom of the lesson) once
    scripts = [str(element.proto) for element in app.get("html")]
    assert sum("st-key-lesson_end" in script for script in scripts) == 1
    app.run()
    assert not any("st-key-lesson_end" in str(element.proto) for element in app.get("html"))
