"""Problem reports: kept with the exact position, limited per learner, resolved by the teacher,
who reads them a page at a time; and the pages' reports carry the position they were sent
from (many sessions at once: `test_reports_race.py`)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from klaverjas_core import AMSTERDAM
from klaverjas_questions import question_kind
from klaverjas_table import LEARNER, TableGame
from klaverjas_trainer.app import report as report_view
from klaverjas_trainer.app.report import PAGE_SIZE, fold_key, table_report
from klaverjas_trainer.storage import InputError, ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.reports import (
    NOTE_LIMIT,
    PER_CLIENT,
    PER_HOUR,
    STEP_KIND,
    Report,
    Reports,
)
from klaverjas_trainer.texts import language, t

from .test_app_flows import fresh_app
from .test_club_flows import DRILL, PROFILE, TEACHER
from .test_limits import Clock, clock

__all__ = ["clock"]  # the fixture: one test clock for the guessing limits and the reports

CONTENT = '{"hand":["7♦","Q♥"],"trick":["A♣"],"trump":"♥"}'


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> ProgressStore:
    return ProgressStore(make_engine(f"sqlite:///{tmp_path / 'reports.sqlite3'}"), now=clock)


def report(item: str = "wc-1", note: str = "") -> Report:
    return Report("puzzle", item, "which-cards", CONTENT, "amsterdam", 3, '{"cards":["Q♥"]}',
                  "uk", note)  # fmt: skip


def test_a_report_keeps_the_exact_position_and_the_note(store: ProgressStore) -> None:
    clubs = ClubStore(store)
    group = clubs.create_group("Dinsdag", "amsterdam")
    anna = clubs.join(group.code, "Anna").id
    reports = Reports(store)
    number = reports.file(anna, group.id, report(note="  7♦ mag toch ook? <b>  "))
    (row,) = reports.open_reports().to_dict("records")
    assert row["id"] == number and (row["learner"], row["group"]) == ("Anna", "Dinsdag")
    assert (row["kind"], row["content"], row["rules"]) == ("which-cards", CONTENT, "amsterdam")
    assert (row["generator_version"], row["given"], row["language"]) == (
        3,
        '{"cards":["Q♥"]}',
        "uk",
    )
    assert row["note"] == "7♦ mag toch ook? <b>"  # as typed (the page escapes it), trimmed
    position = question_kind("which-cards").read_content(json.loads(row["content"]))
    assert [str(card) for card in position.hand] == ["7♦", "Q♥"]


def test_a_learner_sends_at_most_a_few_reports_an_hour(store: ProgressStore, clock: Clock) -> None:
    reports = Reports(store)
    anna, bram = store.learner("Anna").id, store.learner("Bram").id
    for number in range(PER_HOUR):
        reports.file(anna, None, report(item=f"wc-{number}"))
    with pytest.raises(InputError) as refused:
        reports.file(anna, None, report(item="wc-more"))
    assert refused.value.key == "error-report-wait" and refused.value.fields == {"count": PER_HOUR}
    reports.file(bram, None, report(item="wc-more"))  # another learner is not held up
    clock.now += timedelta(hours=1, seconds=1)
    reports.file(anna, None, report(item="wc-more"))  # an hour on: again
    assert len(reports.open_reports()) == PER_HOUR + 2


def test_one_open_report_per_position_until_it_is_resolved(store: ProgressStore) -> None:
    reports = Reports(store)
    anna = store.learner("Anna").id
    first = reports.file(anna, None, report())
    with pytest.raises(InputError) as refused:
        reports.file(anna, None, report(note="again"))
    assert refused.value.key == "error-report-twice"
    reports.resolve(first)
    reports.resolve(first)  # twice: no change
    assert reports.open_reports().empty and reports.resolved_count() == 1
    reports.file(anna, None, report(note="still wrong"))
    assert list(reports.open_reports()["note"]) == ["still wrong"]


def test_a_long_note_is_refused_and_a_malformed_report_is_a_bug(store: ProgressStore) -> None:
    reports = Reports(store)
    anna = store.learner("Anna").id
    with pytest.raises(InputError) as refused:
        reports.file(anna, None, report(note="x" * (NOTE_LIMIT + 1)))
    assert refused.value.key == "error-report-long"
    reports.file(anna, None, report(item="wc-2", note="x" * NOTE_LIMIT))
    for bad, why in [
        (Report("puzzle", "x", "no-such-kind", "{}", "amsterdam"), "not a question kind"),
        (Report("puzzle", "x", "which-cards", '{"hand": []}', "amsterdam"), "not a which-cards"),
        (Report("puzzle", "x", "which-cards", "not json", "amsterdam"), "not a which-cards"),
        (Report("elsewhere", "x", "which-cards", CONTENT, "amsterdam"), "source"),
        (Report("puzzle", "x", STEP_KIND, "{}", "amsterdam"), "only a lesson has steps"),
    ]:
        with pytest.raises(ValueError, match=why):
            reports.file(anna, None, bad)
    assert len(reports.open_reports()) == 1


def test_a_report_outlives_its_learner(store: ProgressStore) -> None:
    clubs = ClubStore(store)
    group = clubs.create_group("Dinsdag", "amsterdam")
    anna = clubs.join(group.code, "Anna").id
    Reports(store).file(anna, group.id, report())
    clubs.delete_learner(group.id, anna)
    (row,) = Reports(store).open_reports().to_dict("records")
    assert row["learner"] is None and row["group"] == "Dinsdag"


def test_the_table_reports_the_card_to_play_with_the_whole_game() -> None:
    game = TableGame.new(seed=3, rules=AMSTERDAM)
    while game.phase == "call":
        game.call("pass" if not game.must_name else "♥")
    assert game.phase == "play"
    sent = table_report(game, LEARNER)
    assert sent.problems() == [] and sent.kind == "which-cards" and sent.source == "play"
    position = question_kind("which-cards").read_content(json.loads(sent.content))
    assert position.hand == game.deal.hand(LEARNER)
    assert tuple(position.trick) == tuple(game.deal.current)
    assert sent.game is not None
    again = TableGame.from_dict(json.loads(sent.game))
    assert again.deal.hand(LEARNER) == game.deal.hand(LEARNER)


def test_the_table_reports_the_trick_waiting_to_be_turned() -> None:
    game = TableGame.new(seed=3, rules=AMSTERDAM)
    while game.phase != "trick":
        if game.phase == "call":
            game.call("pass" if not game.must_name else "♥")
        else:
            game.play(next(iter(game.legal_cards())))
    sent = table_report(game, LEARNER)
    assert sent.problems() == [] and sent.kind == "count-trick"
    trick = question_kind("count-trick").read_content(json.loads(sent.content))
    assert tuple(trick.trick) == game.deal.tricks[0][1] and sent.item_id.endswith("/1/1")


def test_the_open_reports_come_a_page_at_a_time(store: ProgressStore, clock: Clock) -> None:
    reports = Reports(store)
    for n in range(9):  # 45 reports, within each learner's five an hour
        learner = store.learner(f"Learner {n}").id
        for k in range(PER_HOUR):
            reports.file(learner, None, report(item=f"wc-{n}-{k}"))
            clock.now += timedelta(seconds=k % 2)  # some at the same instant: the id decides
    everything = list(reports.open_reports()["id"])
    pages = [list(reports.open_reports(20, offset)["id"]) for offset in (0, 20, 40)]
    assert [len(page) for page in pages] == [20, 20, 5] and reports.open_count() == 45
    assert [n for page in pages for n in page] == everything  # newest first, each once


def test_the_teachers_list_draws_a_page_of_reports_at_a_time(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "club-evening")
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    reports = Reports(store)
    for n in range(9):
        learner = store.learner(f"Learner {n}").id
        for k in range(PER_HOUR):
            reports.file(learner, None, report(item=f"wc-{n}-{k}", note=f"note {n} {k}"))
    app = fresh_app()
    app.switch_page(TEACHER).run()
    app.text_input(key="teacher_password").set_value("club-evening")
    app.form_submit_button(key="teacher_sign_in").click().run()

    def shown() -> tuple[list[str], list[str]]:
        assert not app.exception
        notes = [m.value for m in app.markdown if m.value.startswith("Their note:")]
        return notes, [c.value for c in app.caption if c.value.startswith("Reports ")]

    notes, where = shown()
    assert len(notes) == PAGE_SIZE and where == ["Reports 1–20 of 45"] * 2
    assert notes[0] == "Their note: note 8 4"  # the newest first
    assert app.button(key="reports-newer-top").disabled
    app.button(key="reports-older-bottom").click().run()
    app.button(key="reports-older-top").click().run()
    notes, where = shown()
    assert len(notes) == 5 and where == ["Reports 41–45 of 45"] * 2
    assert app.button(key="reports-older-bottom").disabled
    for number in reports.open_reports(5, 40)["id"]:  # the last page resolved: the one before
        app.button(key=f"resolve-{number}").click().run()
    notes, where = shown()
    assert len(notes) == PAGE_SIZE and where == ["Reports 21–40 of 40"] * 2


def test_a_refused_report_keeps_the_note_and_says_why_in_the_learners_language(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = "203.0.113.7"
    monkeypatch.setattr(report_view, "client_address", lambda: here)
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    reports = Reports(store)
    for n in range(PER_CLIENT):  # this network's hour is full (a flood, many profiles)
        flood = store.learner(f"Flood {n // PER_HOUR}").id
        reports.file(flood, None, report(item=f"wc-{n}"), client=here)
    app = fresh_app()
    app.session_state["profile"].language = "uk"
    app.switch_page(PROFILE).run()
    app.text_input(key="new_name").set_value("Anna")
    app.form_submit_button[0].click().run()
    app.switch_page(DRILL).run()
    puzzle = app.session_state["drill"].choice.puzzle
    note, send = f"report-note-drill-{puzzle.id}", f"report-send-drill-{puzzle.id}"
    app.session_state[fold_key(f"drill-{puzzle.id}")] = True  # unfolded: the form is drawn
    app.run()
    assert app.text_area(key=note).value == ""
    app.text_area(key=note).set_value("7♦ тут теж можна?")
    app.button(key=send).click().run()
    assert not app.exception and reports.open_count() == PER_CLIENT
    with language("uk"):
        busy, thanks = t("problem", problem=t("error-report-busy")), t("report-thanks")
    assert [w.value for w in app.warning][-1] == busy
    assert app.text_area(key=note).value == "7♦ тут теж можна?"  # kept, to send later
    monkeypatch.setattr(report_view, "client_address", lambda: "198.51.100.2")  # elsewhere
    app.button(key=send).click().run()
    assert not app.exception and [s.value for s in app.success][-1] == thanks
    assert app.text_area(key=note).value == ""  # sent: the form is empty again
    assert list(reports.open_reports(1)["note"]) == ["7♦ тут теж можна?"]
