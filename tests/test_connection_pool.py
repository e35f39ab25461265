"""A database server's pooled connection is tested before use only when it sat idle, so an
answer under load costs no `SELECT 1`, and a connection the server dropped while it sat in the
pool is replaced instead of failing the learner's answer. And a SQLite connection syncs every
commit."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text

from klaverjas_trainer.storage.db import make_engine, ping_when_idle

from .conftest import postgres_url


@pytest.fixture
def pings(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Engine, list[float]]]:
    """An engine on the test server that pings after 0.2 s idle, and the times it pinged."""
    engine = create_engine(postgres_url(), pool_size=1, max_overflow=0)
    ping_when_idle(engine, idle=0.2)
    seen: list[float] = []
    real = engine.dialect.do_ping

    def counted(connection: object) -> bool:
        seen.append(time.monotonic())
        return real(connection)  # type: ignore[arg-type]

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    yield engine, seen
    engine.dispose()


def backend_pid(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())


def test_a_connection_used_again_at_once_is_not_pinged(pings: tuple[Engine, list[float]]) -> None:
    engine, seen = pings
    first = backend_pid(engine)
    for _ in range(20):  # answers in quick succession, as under load
        assert backend_pid(engine) == first
    assert seen == []


def test_a_connection_the_server_dropped_while_idle_is_replaced(
    pings: tuple[Engine, list[float]],
) -> None:
    engine, seen = pings
    first = backend_pid(engine)
    killer = create_engine(postgres_url())
    with killer.connect() as connection:  # as a server restart does to an idle connection
        connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first})
    killer.dispose()
    time.sleep(0.3)
    assert backend_pid(engine) != first  # the next answer is stored on a fresh connection
    assert len(seen) == 1


def test_sqlite_connections_are_never_pinged(tmp_path: object) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/trainer.sqlite3")
    assert not engine.pool._pre_ping  # a file: nothing to test
    with engine.connect() as connection:
        assert connection.execute(text("SELECT 1")).scalar_one() == 1


def test_sqlite_syncs_every_commit_so_an_acknowledged_answer_survives_a_power_cut(
    tmp_path: Path,
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    engine.dispose()
