"""Faults while answering: an answer the database refused (disk full, database down) is never
shown as graded, not even after the database is back; the learner's reply stays on the page
and one more tap stores and grades it. Counts: acknowledged answers equal stored answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import parse_cards
from klaverjas_trainer.storage import ProgressStore, StorageError
from klaverjas_trainer.storage.drill_places import DrillPlaces

from .test_app_flows import DRILL, LEARN, drill_puzzle, fresh_app, sign_in, stored

pytestmark = pytest.mark.security  # the trust probes (issue 15)


class DiskFull:
    """While on, every stored answer fails as a full disk or a stopped database does."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.on = False
        real = ProgressStore.record

        def record(store: ProgressStore, *args: object, **kwargs: object) -> object:
            if self.on:
                raise StorageError("the answer could not be stored: database or disk is full")
            return real(store, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(ProgressStore, "record", record)
        kept = DrillPlaces.save  # a drill answer is stored with the drill's place

        def save(places: DrillPlaces, *args: object, **kwargs: object) -> None:
            if self.on and (len(args) > 2 or kwargs.get("answer") is not None):
                raise StorageError("the answer could not be stored: database or disk is full")
            kept(places, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(DrillPlaces, "save", save)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[DiskFull]:
    yield DiskFull(monkeypatch)


def acknowledged(app: AppTest) -> int:
    """Answers the page shows as graded."""
    return sum(1 for e in app.success if e.value.startswith("Right!")) + sum(
        1 for e in app.error if e.value.startswith("Not quite.")
    )


def test_a_drill_answer_refused_by_the_database_is_not_shown_as_graded(
    data_dir: Path, disk: DiskFull
) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    puzzle = drill_puzzle(app)
    app.pills[0].set_value(list(puzzle.answer.cards))
    disk.on = True
    app.form_submit_button[0].click().run()
    assert not app.exception and acknowledged(app) == 0
    assert "cannot be saved right now" in app.error[0].value
    disk.on = False  # space is back
    app.run()
    assert acknowledged(app) == 0  # still not graded: it was never stored
    anna = stored(data_dir, "Anna")
    assert anna.answer_count(anna.learner("Anna").id) == 0
    assert drill_puzzle(app).id == puzzle.id and app.pills[0].value == list(puzzle.answer.cards)
    app.form_submit_button[0].click().run()  # one more tap
    assert acknowledged(app) == 1 and anna.answer_count(anna.learner("Anna").id) == 1


def test_a_lesson_answer_refused_by_the_database_is_not_shown_as_graded(
    data_dir: Path, disk: DiskFull
) -> None:

    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-void-trumping").click().run()
    app.pills[0].set_value(parse_cards("7♥ Q♥"))
    disk.on = True
    app.form_submit_button[0].click().run()
    assert not app.exception and acknowledged(app) == 0
    assert "cannot be saved right now" in app.error[0].value
    disk.on = False
    app.run()
    anna = stored(data_dir, "Anna")
    assert acknowledged(app) == 0 and anna.answer_count(anna.learner("Anna").id) == 0
    app.form_submit_button[0].click().run()
    assert acknowledged(app) == 1 and anna.answer_count(anna.learner("Anna").id) == 1
