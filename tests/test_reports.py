"""Problem reports: kept with the exact position, limited per learner, resolved by the teacher;
and the pages' reports carry the position they were sent from."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from klaverjas_core import AMSTERDAM
from klaverjas_questions import question_kind
from klaverjas_table import LEARNER, TableGame
from klaverjas_trainer.app.report import table_report
from klaverjas_trainer.storage import InputError, ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.reports import NOTE_LIMIT, PER_HOUR, STEP_KIND, Report, Reports

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
