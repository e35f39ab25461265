"""Backing up the SQLite database while learners answer, and restoring a backup.

A plain copy of ``trainer.sqlite3`` while the app writes misses the answers still in its
write-ahead log (one such copy held 153 answers where 158 had been graded), and may catch a
page half written. `backup` uses SQLite's online backup instead: every page copied in one read
transaction, so the copy is one consistent moment holding every answer committed before it
began, while the app keeps writing. A PostgreSQL server is backed up with its own
``pg_dump`` (see docs/running.md, "Backups").
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import datetime
from pathlib import Path

from klaverjas_trainer.storage.db import StorageError
from klaverjas_trainer.storage.schema import LATEST
from klaverjas_trainer.storage.store import utc_now

SQLITE_PREFIX = "sqlite:///"


def sqlite_path(url: str) -> Path:
    """The file of a SQLite database URL; any other database is refused with what to use."""
    if not url.startswith(SQLITE_PREFIX) or url == SQLITE_PREFIX:
        raise StorageError(
            "this command backs up the SQLite file; a PostgreSQL database is backed up with "
            "pg_dump and restored with pg_restore (see docs/running.md, Backups)"
        )
    return Path(url.removeprefix(SQLITE_PREFIX))


def backup(url: str, target: Path) -> int:
    """Copy the database at `url` into the new file `target` while the app may be writing;
    returns the number of answers the copy holds. An existing `target` is never overwritten."""
    source_path = sqlite_path(url)
    if not source_path.is_file():
        raise StorageError(f"there is no database at {source_path}")
    if target.exists():
        raise StorageError(f"{target} exists: give the backup a new name")
    partial = target.with_name(target.name + ".partial")  # never a half backup under its name
    partial.unlink(missing_ok=True)
    try:
        with (
            closing(sqlite3.connect(source_path, timeout=30)) as source,
            closing(sqlite3.connect(partial)) as copy,
        ):
            source.backup(copy)  # every page in one step: one read transaction, one moment
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no WAL
            answers = _answers_in(copy, partial)
        partial.replace(target)
    except (sqlite3.Error, OSError) as error:
        partial.unlink(missing_ok=True)
        raise StorageError(f"the backup failed: {error}") from None
    return answers


def restore(
    source: Path, url: str, *, replace: bool = False, now: Callable[[], datetime] = utc_now
) -> tuple[int, Path | None]:
    """Put the backup `source` in place of the database at `url`; returns the number of
    answers restored and where the replaced database was kept (None when there was none).
    A database that is there is replaced only with `replace` (the answers stored since the
    backup would be gone), and is first backed up beside itself."""
    path = sqlite_path(url)
    answers = _checked_backup(source)
    kept = None
    if path.exists():
        if not replace:
            raise StorageError(
                f"{path} holds a database: restoring replaces it, and every answer stored since "
                "the backup is gone from it. Stop the app first; then give --replace (the "
                "replaced database is kept beside it)"
            )
        kept = path.with_name(f"{path.name}.replaced-{now():%Y%m%dT%H%M%SZ}")
        backup(url, kept)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with (
            closing(sqlite3.connect(source)) as backed_up,
            closing(sqlite3.connect(path, timeout=30)) as live,
        ):
            backed_up.backup(live)
    except sqlite3.Error as error:
        raise StorageError(f"the restore failed: {error}") from None
    return answers, kept


def _checked_backup(source: Path) -> int:
    """The number of answers in `source` once it proves to be an intact trainer database this
    trainer can open (not one from a newer version)."""
    if not source.is_file():
        raise StorageError(f"{source} is not a file")
    try:
        with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as connection:
            (checked,) = connection.execute("PRAGMA quick_check").fetchone()
            if checked != "ok":
                raise StorageError(f"{source} is not a trainer backup: {checked}")
            (version,) = connection.execute("SELECT max(version) FROM schema_version").fetchone()
            answers = _answers_in(connection, source)
    except sqlite3.Error as error:
        raise StorageError(f"{source} is not a trainer backup: {error}") from None
    if not isinstance(version, int):
        raise StorageError(f"{source} is not a trainer backup: it has no schema version")
    if version > LATEST:
        raise StorageError(
            f"{source} is from a newer trainer (schema {version}; this one knows {LATEST})"
        )
    return answers


def _answers_in(connection: sqlite3.Connection, where: Path) -> int:
    (count,) = connection.execute("SELECT count(*) FROM answers").fetchone()
    if not isinstance(count, int):
        raise StorageError(f"{where} holds no answers table")
    return count
