"""Any number of processes may start on one database at once, and a name that joins twice at
the same moment gives one member (SQLite here; PostgreSQL too where one is given)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, select, text

from klaverjas_trainer.storage import InputError, ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.passwords import verify_secret
from klaverjas_trainer.storage.schema import LATEST, learners, schema_version

from .conftest import postgres_url

pytestmark = pytest.mark.security  # the trust probes (issue 15)


THREADS = 12


def at_once(work: Callable[[int], object]) -> list[BaseException]:
    """Run `work(i)` in THREADS threads released together; the errors they raised."""
    gate, errors = threading.Barrier(THREADS), []

    def run(number: int) -> None:
        gate.wait()
        try:
            work(number)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'start.sqlite3'}"
    url = postgres_url()
    engine = create_engine(url)
    with engine.begin() as connection:  # an empty database, as on a first start
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()
    return url


OPEN: list[Engine] = []


def engine_for(url: str) -> Engine:
    engine = make_engine(url) if url.startswith("sqlite") else create_engine(url)
    OPEN.append(engine)
    return engine


@pytest.fixture(autouse=True)
def dispose_engines() -> Iterator[None]:
    yield
    while OPEN:
        OPEN.pop().dispose()  # close every connection the threads opened


def test_many_first_starts_at_once_migrate_once(fresh_url: str) -> None:
    engines = [engine_for(fresh_url) for _ in range(THREADS)]
    assert at_once(lambda n: ProgressStore(engines[n])) == []
    with engines[0].connect() as connection:
        versions = connection.execute(select(schema_version.c.version)).scalars().all()
    assert versions == [LATEST]


def test_one_name_joining_many_times_at_once_is_one_member(fresh_url: str) -> None:
    club = ClubStore(ProgressStore(engine_for(fresh_url)))
    group = club.create_group("Dinsdag", "amsterdam")
    joined: list[int] = []
    errors = at_once(lambda n: joined.append(club.join(group.code, "Anna").id))
    assert errors == [] and len(set(joined)) == 1
    with club.engine.connect() as connection:
        count = connection.execute(select(learners).where(learners.c.name == "Anna")).all()
    assert len(count) == 1


def test_setting_the_teacher_password_at_once_keeps_one_and_says_so(fresh_url: str) -> None:
    club = ClubStore(ProgressStore(engine_for(fresh_url)))
    errors = at_once(lambda n: club.set_teacher_password(f"password-{n}"))
    assert len(errors) == THREADS - 1 and all(isinstance(e, InputError) for e in errors)
    stored = club._stored_password()  # read directly: wrong tries would be rate limited
    assert stored is not None
    assert sum(verify_secret(f"password-{n}", stored) for n in range(THREADS)) == 1
