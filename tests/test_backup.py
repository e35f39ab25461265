"""Backups that keep every answer (issue 34, item 23): a plain copy of the SQLite file while
learners answer held 153 answers where 158 had been graded. `python -m
klaverjas_trainer.storage backup FILE` uses SQLite's online backup instead: one consistent
snapshot holding every answer committed before it began, taken while another thread keeps
answering. `restore FILE` brings one back, and refuses to replace a database that is there
unless told to (`--replace`), keeping the replaced one beside it."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from klaverjas_trainer.storage import AnswerRecord, ProgressStore, make_engine
from klaverjas_trainer.storage.__main__ import main
from klaverjas_trainer.storage.schema import LATEST


def answer(number: int) -> AnswerRecord:
    return AnswerRecord(
        "puzzle", f"answer-{number}", "which-cards", "play.follow-suit",
        ("play.follow-suit",), "amsterdam", 1, '{"cards":["7♦"]}', number % 2 == 0, 2.0,
    )  # fmt: skip


def item_ids(database: Path) -> list[str]:
    """The answers in a database file, in the order they were stored."""
    with closing(sqlite3.connect(database)) as connection:
        return [row[0] for row in connection.execute("SELECT item_id FROM answers ORDER BY id")]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_backup_taken_while_learners_answer_holds_every_committed_answer(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    anna = store.learner("Anna").id
    committed: list[str] = []  # appended to only once `record` has returned: committed
    stop = threading.Event()

    def keep_answering() -> None:
        number = 0
        while not stop.is_set():
            store.record(anna, answer(number))
            committed.append(f"answer-{number}")
            number += 1

    writer = threading.Thread(target=keep_answering)
    writer.start()
    try:
        while len(committed) < 20:
            time.sleep(0.01)
        for copy in range(5):
            before = list(committed)
            target = data_dir / f"backup-{copy}.sqlite3"
            code, out, err = run(["backup", str(target)], capsys)
            after = list(committed)
            assert code == 0, err
            kept = item_ids(target)
            assert kept == after[: len(kept)]  # committed answers, in order, none torn
            assert len(kept) >= len(before)  # every answer graded before the backup began
            assert f"{len(kept)} answers" in out
            with closing(sqlite3.connect(target)) as connection:
                assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
                assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
            time.sleep(0.05)
    finally:
        stop.set()
        writer.join()
    assert len(committed) > len(before)  # answers went on while the backups were taken


def test_a_backup_never_overwrites_a_file(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")).learner("Anna")
    target = data_dir / "old-backup.sqlite3"
    target.write_bytes(b"last week's backup")
    code, _, err = run(["backup", str(target)], capsys)
    assert code == 2 and "exists" in err
    assert target.read_bytes() == b"last week's backup"


def test_restore_refuses_to_replace_a_database_unless_told(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = data_dir / "trainer.sqlite3"
    store = ProgressStore(make_engine(f"sqlite:///{live}"))
    anna = store.learner("Anna").id
    store.record(anna, answer(1))
    backup = data_dir / "backup.sqlite3"
    assert run(["backup", str(backup)], capsys)[0] == 0
    store.record(anna, answer(2))  # after the backup
    store.engine.dispose()

    code, _, err = run(["restore", str(backup)], capsys)
    assert code == 2 and "--replace" in err
    assert item_ids(live) == ["answer-1", "answer-2"]  # untouched

    code, out, err = run(["restore", str(backup), "--replace"], capsys)
    assert code == 0, err
    assert item_ids(live) == ["answer-1"]
    (kept,) = data_dir.glob("trainer.sqlite3.replaced-*")  # the replaced one, kept beside it
    assert item_ids(kept) == ["answer-1", "answer-2"] and kept.name in out
    again = ProgressStore(make_engine(f"sqlite:///{live}"))  # the app opens it as before
    assert again.answer_count(anna) == 1


def test_restore_needs_no_replace_where_there_is_no_database(
    data_dir: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")).learner("Anna")
    backup = tmp_path_factory.mktemp("safe") / "backup.sqlite3"
    assert run(["backup", str(backup)], capsys)[0] == 0
    (data_dir / "trainer.sqlite3").unlink()
    for left in data_dir.glob("trainer.sqlite3-*"):  # its WAL files
        left.unlink()
    assert run(["restore", str(backup)], capsys)[0] == 0
    assert ProgressStore(make_engine()).learner("Anna").id == 1


@pytest.mark.parametrize(
    "content", [b"", b"not a database at all", b"SQLite format 3\x00" + bytes(90)]
)
def test_restore_refuses_a_file_that_is_no_trainer_backup(
    data_dir: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")).learner("Anna")
    bad = data_dir / "bad.sqlite3"
    bad.write_bytes(content)
    code, _, err = run(["restore", str(bad), "--replace"], capsys)
    assert code == 2 and "not a trainer backup" in err
    assert run(["restore", str(data_dir / "missing.sqlite3"), "--replace"], capsys)[0] == 2
    assert ProgressStore(make_engine()).learner("Anna").id == 1  # still there


def test_a_newer_trainers_backup_is_refused(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")).learner("Anna")
    backup = data_dir / "backup.sqlite3"
    assert run(["backup", str(backup)], capsys)[0] == 0
    with closing(sqlite3.connect(backup)) as connection, connection:
        connection.execute("UPDATE schema_version SET version = ?", (LATEST + 1,))
    code, _, err = run(["restore", str(backup), "--replace"], capsys)
    assert code == 2 and "newer" in err


def test_postgresql_is_backed_up_with_pg_dump(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KLAVERJAS_DATABASE_URL", "postgresql+psycopg://trainer@db/trainer")
    for argv in (["backup", str(data_dir / "b.sqlite3")], ["restore", str(data_dir / "b")]):
        code, _, err = run(argv, capsys)
        assert code == 2 and "pg_dump" in err
