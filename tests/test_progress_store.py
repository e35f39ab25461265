"""Learner storage on SQLite and, where a server is given (always in CI), PostgreSQL: data
survives a restart, concurrent writers lose nothing, learners are kept apart, and a broken
database gives a clear message."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from klaverjas_trainer.storage import (
    AnswerRecord,
    ProgressStore,
    StorageError,
    database_url,
    make_engine,
)
from klaverjas_trainer.storage.schema import LATEST, migrate

from .conftest import postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    else:
        engine = make_engine(postgres_url())
        with engine.begin() as connection:
            for table in ("answers", "lesson_progress", "learners", "schema_version"):
                connection.execute(text(f"DROP TABLE IF EXISTS {table} CASCADE"))
    yield engine
    engine.dispose()


def answer(rule: str = "play.follow-suit", correct: bool = True) -> AnswerRecord:
    return AnswerRecord(
        source="puzzle", item_id="wc-123", kind="which-cards", rule=rule,
        tags=(rule,), rules="amsterdam", level=1, given='{"cards":["7♣","A♣"]}', correct=correct,
        seconds=2.5,
    )  # fmt: skip


def test_answers_are_stored_per_learner_and_rule(engine: Engine) -> None:
    store = ProgressStore(engine)
    anna, bert = store.learner("Anna"), store.learner("Bert")
    store.record(anna.id, answer(correct=True))
    store.record(anna.id, answer("play.must-overtrump", correct=False))
    store.record(bert.id, answer())
    frame = store.answers(anna.id)
    assert list(frame["rule"]) == ["play.follow-suit", "play.must-overtrump"]
    assert list(frame["correct"]) == [True, False]
    assert frame["answered_at"].dt.tz is not None
    assert len(store.answers(bert.id)) == 1  # kept apart


def test_open_mistakes_are_the_puzzles_whose_latest_answer_is_wrong(engine: Engine) -> None:
    """Read by the database: oldest mistake first; a right answer later clears one; a wrong
    lesson answer or another learner's is no puzzle mistake of hers."""
    store = ProgressStore(engine)
    anna, bert = store.learner("Anna").id, store.learner("Bert").id
    for item, correct in [("p1", False), ("p2", False), ("p1", True), ("p3", True),
                          ("p3", False), ("p2", False)]:  # fmt: skip
        store.record(anna, replace(answer(correct=correct), item_id=item))
    store.record(anna, replace(answer(correct=False), source="lesson", item_id="roem/2"))
    store.record(bert, replace(answer(correct=False), item_id="p9"))
    mistakes = store.open_mistakes(anna)
    assert list(mistakes["item_id"]) == ["p3", "p2"]  # p1 cleared; p3's mistake is older
    assert not mistakes["correct"].any()


def test_a_restart_keeps_everything(engine: Engine) -> None:
    store = ProgressStore(engine)
    anna = store.learner("Anna")
    store.record(anna.id, answer())
    store.save_lesson_step(anna.id, "roem", 3, completed=False)
    store.save_settings(anna.id, {"rules": "rotterdam"})
    engine.dispose()  # the app stops...
    second = make_engine(engine.url.render_as_string(hide_password=False))
    try:  # ...and starts again
        reopened = ProgressStore(second)
        again = reopened.learner("Anna")
        assert again.id == anna.id and again.settings == {"rules": "rotterdam"}
        assert len(reopened.answers(anna.id)) == 1
        assert reopened.lesson_steps(anna.id) == {"roem": (3, False)}
    finally:
        second.dispose()


def test_a_completed_lesson_stays_completed(engine: Engine) -> None:
    store = ProgressStore(engine)
    anna = store.learner("Anna")
    store.save_lesson_step(anna.id, "roem", 5, completed=True)
    store.save_lesson_step(anna.id, "roem", 1, completed=False)  # revisiting the start
    assert store.lesson_steps(anna.id) == {"roem": (1, True)}


def test_concurrent_writers_lose_nothing(engine: Engine) -> None:
    store = ProgressStore(engine)
    learners = [store.learner(f"Learner {n}") for n in range(10)]
    errors: list[BaseException] = []

    def write(learner_id: int) -> None:
        try:
            for _ in range(30):
                store.record(learner_id, answer())
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=write, args=(learner.id,)) for learner in learners]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.answer_count() == 300
    assert all(store.answer_count(learner.id) == 30 for learner in learners)


def test_the_same_name_twice_at_once_gives_one_learner(engine: Engine) -> None:
    store = ProgressStore(engine)
    found: list[int] = []
    threads = [threading.Thread(target=lambda: found.append(store.learner("Cor").id))
               for _ in range(8)]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 1 and len(store.learners()) == 1


def test_names_are_cleaned_and_checked(engine: Engine) -> None:
    store = ProgressStore(engine)
    assert store.learner("  Anna   de  Vries ").name == "Anna de Vries"
    with pytest.raises(ValueError, match="please enter a name"):
        store.learner("   ")
    with pytest.raises(ValueError, match="at most 40 characters"):
        store.learner("x" * 41)
    tricky = store.learner("<b>Eve</b> & co")
    assert tricky.name == "<b>Eve</b> & co"  # stored as typed; the app escapes it


def test_the_clock_is_passed_in(engine: Engine) -> None:
    moment = datetime(2026, 3, 1, 12, tzinfo=UTC)
    store = ProgressStore(engine, now=lambda: moment)
    anna = store.learner("Anna")
    store.record(anna.id, answer())
    assert store.answers(anna.id)["answered_at"].iloc[0] == moment
    assert moment - timedelta(seconds=1) < moment


def test_migrations_run_once_and_record_the_version(engine: Engine) -> None:
    assert migrate(engine) == LATEST
    assert migrate(engine) == LATEST


def test_a_corrupt_database_gives_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StorageError, match="the progress database cannot be opened"):
        ProgressStore(make_engine(f"sqlite:///{path}"))


def test_an_unwritable_folder_gives_a_clear_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot create the data folder"):
        make_engine(f"sqlite:///{blocker / 'sub' / 'trainer.sqlite3'}")


def test_the_default_database_lives_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KLAVERJAS_DATABASE_URL", raising=False)
    monkeypatch.setenv("KLAVERJAS_DATA_DIR", str(tmp_path / "club"))
    assert database_url() == f"sqlite:///{tmp_path / 'club' / 'trainer.sqlite3'}"
    store = ProgressStore(make_engine())
    store.learner("Anna")
    assert (tmp_path / "club" / "trainer.sqlite3").exists()


def test_a_personal_profile_with_a_pin_opens_only_with_it(tmp_path: Path) -> None:
    store = ProgressStore(make_engine(f"sqlite:///{tmp_path / 'p.sqlite3'}"))
    anna = store.learner("Anna", "7391")
    assert anna.has_pin and store.learner("Anna", "7391").id == anna.id
    with pytest.raises(ValueError, match="PIN does not match"):
        store.learner("Anna")  # a stranger who only knows the name
    with pytest.raises(ValueError, match="four digits"):
        store.learner("Anna", "12")
    bert = store.learner("Bert")
    assert not bert.has_pin and store.learner("Bert", "1111").id == bert.id  # no PIN: open
    store.set_pin(bert.id, "2468")
    with pytest.raises(ValueError, match="PIN does not match"):
        store.learner("Bert", "1111")
    assert store.learner("Bert", "2468").has_pin
