"""A bad number in a number field (the match number, a set's size and number, a shared deal's
number, an answer's points) is a friendly message or is left out, never a traceback: not NaN,
an infinity or a fraction, which a hand-made message to the server can send as well as
AppTest can (Streamlit's own conversion of an int field failed on NaN and infinity)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_trainer.app import services
from klaverjas_trainer.app.numbers import MATCH_NUMBER, SET_NUMBER, SET_SIZE, WholeNumber, whole
from klaverjas_trainer.storage import InputError
from klaverjas_trainer.texts import language, t
from tests.test_app_flows import LEARN, answers_of, fresh_app, sign_in
from tests.test_club_flows import (
    club_of,
    data_dir,
    new_session,
    teacher_creates_a_group_with_a_set,
)
from tests.test_play_flows import PLAY, no_pause

__all__ = ["data_dir", "no_pause"]  # fixtures, re-used

pytestmark = pytest.mark.security  # the trust probes (issue 15)

NOT_NUMBERS: list[object] = [
    "nan", "NaN", "inf", "-1", "1e309", "12abc", "1.5", "0x10", "٣", "9" * 5_000,
    float("nan"), float("inf"), float("-inf"), 1e309, 1.5, True,
]  # fmt: skip
UNSENDABLE = [float("nan"), float("inf"), float("-inf"), 1e309]  # what an int field choked on


# --- reading a field -------------------------------------------------------------------------


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=repr)
@pytest.mark.parametrize("field", [MATCH_NUMBER, SET_SIZE, SET_NUMBER], ids=lambda f: f.key)
def test_what_is_not_a_whole_number_is_an_input_error_naming_the_range(
    field: WholeNumber, value: object
) -> None:
    with pytest.raises(InputError) as raised:
        field.read(value)
    assert raised.value.key == field.key
    for code in ("en", "nl", "uk", "ru"):
        with language(code):
            assert t(field.key) != field.key  # each language has the words


@pytest.mark.parametrize(
    ("field", "outside"),
    [(MATCH_NUMBER, [-1, 0, 10**9 + 1]), (SET_SIZE, [0, 51, -1]), (SET_NUMBER, [-1, 10**9 + 1])],
    ids=lambda f: f.key if isinstance(f, WholeNumber) else "",
)
def test_a_number_out_of_the_field_s_range_is_an_input_error(
    field: WholeNumber, outside: list[int]
) -> None:
    for value in [*outside, *map(str, outside), *map(float, outside)]:
        with pytest.raises(InputError):
            field.read(value)


def test_an_empty_field_is_no_number_and_a_whole_number_is_read() -> None:
    assert [MATCH_NUMBER.read(v) for v in (None, "", "  ")] == [None, None, None]
    assert [MATCH_NUMBER.read(v) for v in (7, 7.0, " 7 ", "+7")] == [7, 7, 7, 7]
    with pytest.raises(InputError):
        MATCH_NUMBER.require("")
    assert [whole(v) for v in (float("nan"), 2.5, "", None)] == [None, None, None, None]


# --- the pages -------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", UNSENDABLE, ids=["nan", "inf", "-inf", "1e309"])
def test_a_nan_or_infinite_match_number_starts_no_traceback(data_dir: Path, bad: float) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(PLAY).run()
    app.number_input(key="play_seed").set_value(bad)
    app.button(key="play_start").click().run()
    assert not app.exception, app.exception
    game = app.session_state["play"].game  # the field left out: a new match, as when empty
    assert game is not None and game.seed >= 1


def test_a_fractional_match_number_is_refused_with_the_range(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(PLAY).run()
    app.number_input(key="play_seed").set_value(1.5)
    app.button(key="play_start").click().run()
    assert not app.exception
    assert [e.value for e in app.error] == ["That won't do: a deal number is 1 to 1,000,000,000."]
    assert app.session_state["play"].game is None  # not match 1 on the quiet


def test_a_nan_or_fraction_in_an_answer_s_number_field_is_no_answer(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-roem").click().run()  # its first check asks for the roem
    fields = list(app.number_input)
    assert fields
    for bad in (float("nan"), 2.5):
        for field in fields:
            field.set_value(bad)
        app.form_submit_button[0].click().run()
        assert not app.exception, app.exception
    assert answers_of(data_dir, "Anna").empty  # nothing stored as an answer


def test_bad_numbers_on_the_teacher_pages_are_refused_or_left_out(data_dir: Path) -> None:
    teacher: AppTest = new_session()
    teacher_creates_a_group_with_a_set(teacher)  # the set of 2 puzzles, number 11
    clubs = club_of(data_dir)
    (group,) = clubs.groups()
    made = len(clubs.assignments(group.id))

    def assign(count: float, seed: float) -> list[str]:
        teacher.number_input(key="assign_count").set_value(count)
        teacher.number_input(key="assign_seed").set_value(seed)
        teacher.form_submit_button(key="assign_button").click().run()
        assert not teacher.exception, teacher.exception
        return [e.value for e in teacher.error]

    assert assign(2.5, 11) == ["That won't do: a puzzle set needs a rule and 1 to 50 puzzles."]
    assert assign(2, 0.5) == ["That won't do: a set number is 0 to 1,000,000,000."]
    assert len(clubs.assignments(group.id)) == made  # neither was assigned
    assert assign(float("nan"), float("inf")) == []  # left out: the fields' defaults
    teacher.number_input(key="deal_number").set_value(4242.5)
    teacher.form_submit_button(key="assign_deal").click().run()
    assert not teacher.exception
    assert "That won't do: a deal number is 1 to 1,000,000,000." in [e.value for e in teacher.error]
    teacher.number_input(key="deal_number").set_value(float("nan"))
    teacher.form_submit_button(key="assign_deal").click().run()
    assert not teacher.exception, teacher.exception
    deals = [a for a in clubs.assignments(group.id) if a.is_deal]
    assert len(deals) == 1 and 1 <= deals[0].seed <= 10**9


IDLE_FROM_ENVIRONMENT = [("nan", 60.0), ("inf", 60.0), ("-5", 0.0), ("abc", 60.0), ("", 60.0),
                         ("2000000000", 10080.0),
                         ("15", 15.0)]  # fmt: skip


@pytest.mark.parametrize(("given", "minutes"), IDLE_FROM_ENVIRONMENT)
def test_the_teachers_idle_time_from_the_environment_is_a_finite_number(
    monkeypatch: pytest.MonkeyPatch, given: str, minutes: float
) -> None:
    monkeypatch.setenv(services.TEACHER_IDLE_ENV, given)
    assert services.teacher_idle_minutes() == minutes
