"""Where progress is kept: a SQLAlchemy engine for SQLite (default) or any URL, e.g. PostgreSQL.

``KLAVERJAS_DATABASE_URL`` names a database; otherwise ``trainer.sqlite3`` lives in
``KLAVERJAS_DATA_DIR`` (default: the ``data`` folder beside the app), created on first start.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError

DATABASE_URL_ENV: Final = "KLAVERJAS_DATABASE_URL"
DATA_DIR_ENV: Final = "KLAVERJAS_DATA_DIR"
DEFAULT_DATA_DIR: Final = Path(__file__).resolve().parents[2] / "data"  # beside trainer_app.py
SQLITE_FILE: Final = "trainer.sqlite3"
#: A database server's connection that sat unused in the pool this long is tested before use.
IDLE_BEFORE_PING: Final = 1.0  # seconds


class StorageError(RuntimeError):
    """The progress database cannot be used; the message says why in plain words."""


class InputError(ValueError):
    """Input a person typed that cannot be used: `key` names the catalogue message that says
    why, `fields` fill it (the English text is kept for logs and tests)."""

    def __init__(self, key: str, english: str, **fields: object) -> None:
        super().__init__(english)
        self.key, self.fields = key, fields


class DamagedRowError(ValueError):
    """A stored row the trainer cannot read (damaged, or written by something else); the
    message names the row and why. The caller refuses the row and carries on without it."""


def read_json(text: str, what: str) -> Any:
    """Stored JSON text as its value; a `DamagedRowError` naming `what` when it is not JSON,
    or is nested too deeply to read (Python's parser recurses once per level)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise DamagedRowError(f"the {what} cannot be read: it is nested too deeply") from None
    except ValueError as error:  # JSONDecodeError, or a number too long to convert
        raise DamagedRowError(f"the {what} cannot be read: {error}") from None


def database_url() -> str:
    """The configured URL, or an absolute SQLite path in the data folder."""
    url = os.environ.get(DATABASE_URL_ENV, "").strip()
    if url:
        return url
    folder = Path(os.environ.get(DATA_DIR_ENV, "") or DEFAULT_DATA_DIR).resolve()
    return f"sqlite:///{folder / SQLITE_FILE}"


def make_engine(url: str | None = None) -> Engine:
    """An engine ready for several threads; for SQLite, WAL mode and a generous busy wait."""
    url = url or database_url()
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"cannot create the data folder {path.parent}: {error}") from None
        # A file: nothing can drop the connection, so nothing to test before use.
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    try:
        engine = create_engine(url, pool_size=10, max_overflow=20)
    except (SQLAlchemyError, ImportError, ValueError) as error:
        raise StorageError(f"cannot use the database {_safe(url)}: {error}") from None
    ping_when_idle(engine)
    return engine


def ping_when_idle(engine: Engine, idle: float = IDLE_BEFORE_PING) -> None:
    """Test a pooled connection before use only when it has sat unused for `idle` seconds.

    SQLAlchemy's `pool_pre_ping` tests every checkout: a round trip per answer under load.
    A server restart cuts connections while they sit in the pool; one in use that fails makes
    SQLAlchemy recycle the whole pool, so only a connection idle since before the restart
    needs the test. A failed test raises `DisconnectionError`, on which the pool opens a
    fresh connection (and, if the server is down, the error reaches the caller).
    """

    def checked_in(dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    def checkout(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        since = record.info.pop("idle_since", None)
        if since is None or time.monotonic() - since < idle:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # whatever the driver raises for a dead connection
            raise DisconnectionError(f"the pooled connection is gone: {error}") from error

    event.listen(engine, "checkin", checked_in)
    event.listen(engine, "checkout", checkout)


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    cursor = connection.cursor()
    # WAL lets readers and one writer work at once; the busy timeout makes writers queue
    # instead of failing when several Streamlit sessions answer at the same moment.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    # FULL: in WAL mode NORMAL may lose the last commits on a power cut (the WAL is synced only
    # at checkpoints); an acknowledged answer must survive one.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://…@{rest.split('@', 1)[1]}"
    return url


def reading(engine: Engine) -> Any:
    """A connection whose database errors become StorageError."""
    return _Guard(engine, write=False)


def writing(engine: Engine, *, durable: bool = True) -> Any:
    """A transaction whose database errors become StorageError. Not `durable`: on SQLite its
    commit does not wait for the disk (what a power cut may lose: a drill's place, never an
    answer; the next durable commit makes it safe too)."""
    return _Guard(engine, write=True, durable=durable)


class _Guard:
    """A connection (a transaction when writing) whose database errors become StorageError."""

    def __init__(self, engine: Engine, *, write: bool, durable: bool = True) -> None:
        self._engine, self._write, self._durable = engine, write, durable
        self._context: Any = None

    def __enter__(self) -> Any:
        try:
            if self._write and not self._durable and self._engine.dialect.name == "sqlite":
                self._context = _Undurable(self._engine)
            else:
                self._context = self._engine.begin() if self._write else self._engine.connect()
            return self._context.__enter__()
        except SQLAlchemyError as error:
            why = short_error(error)
            raise StorageError(f"the progress database cannot be used: {why}") from error

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        try:
            self._context.__exit__(kind, error, trace)
        except SQLAlchemyError as failure:
            raise StorageError(f"saving failed: {short_error(failure)}") from failure
        if isinstance(error, SQLAlchemyError):
            raise StorageError(f"the progress database failed: {short_error(error)}") from error


def short_error(error: BaseException) -> str:
    """The first line of a database error, short enough for a page."""
    return str(error).split("\n", 1)[0][:200]


class _Undurable:
    """A SQLite transaction committed without waiting for the disk (``synchronous=NORMAL``:
    in WAL mode the commit is not synced; the next synced commit, or a checkpoint, syncs it
    too). The connection's own setting is put back before it returns to the pool. A synced
    commit costs ~0.3 ms of CPU and ~3 ms of waiting here: a drill's place, written for every
    new puzzle, needs neither."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._connection: Any = None
        self._transaction: Any = None
        self._raw: Any = None
        self._was: Any = None

    def __enter__(self) -> Any:
        self._connection = self._engine.connect()
        try:
            self._raw = self._connection.connection.dbapi_connection
            self._was = self._raw.execute("PRAGMA synchronous").fetchone()[0]
            self._raw.execute("PRAGMA synchronous=NORMAL")  # outside a transaction: allowed
            self._transaction = self._connection.begin()
        except BaseException:
            self._connection.close()
            raise
        return self._connection

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        try:
            if kind is None:
                self._transaction.commit()
            else:
                self._transaction.rollback()
        finally:
            try:
                if self._raw is not None and self._was is not None:
                    self._raw.execute(f"PRAGMA synchronous={int(self._was)}")
            finally:
                self._connection.close()
