"""Reports sent at once from many sessions keep the limits of one: a report is counted before
it is checked, in one transaction the database lines up (the learner's row, the address's
count), so no session slips past while another's check is still running.

Measured as a flood would send them: 40 sessions at the same moment, on SQLite and on
PostgreSQL. The figures are printed (``-s``) for the closing note; docs/guide.md promises five an
hour per learner, one open report per position and `PER_CLIENT` an hour from one address."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest

from klaverjas_trainer.storage import InputError, ProgressStore, make_engine
from klaverjas_trainer.storage.reports import PER_CLIENT, PER_HOUR, Reports

from .test_limits import Clock, clock
from .test_reports import report

__all__ = ["clock"]  # the fixture, re-used
pytestmark = pytest.mark.security

SESSIONS = 40


@pytest.fixture
def store(database: str, clock: Clock) -> Iterator[ProgressStore]:
    engine = make_engine(database)
    yield ProgressStore(engine, now=clock)
    engine.dispose()


def burst(send: Callable[[int], object], sessions: int = SESSIONS) -> tuple[int, set[str]]:
    """`sessions` threads send at the same moment: how many reports were kept, and the
    messages the others were refused with (catalogue keys)."""
    start = threading.Barrier(sessions)
    kept: list[int] = []
    refused: set[str] = set()

    def one(n: int) -> None:
        start.wait()
        try:
            send(n)
        except InputError as error:
            refused.add(error.key)
            return
        kept.append(n)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return len(kept), refused


def kind(database: str) -> str:
    return database.split(":", 1)[0]


def test_forty_sessions_of_one_learner_keep_five_reports_an_hour(
    store: ProgressStore, database: str
) -> None:
    reports = Reports(store)
    anna = store.learner("Anna").id
    kept, refused = burst(lambda n: reports.file(anna, None, report(item=f"wc-{n}")))
    print(f"\n{kind(database)}: reports kept in an hour, {SESSIONS} sessions: {kept}")
    assert kept == PER_HOUR and refused == {"error-report-wait"}
    assert len(reports.open_reports()) == PER_HOUR


def test_forty_sessions_on_one_position_keep_one_open_report(
    store: ProgressStore, database: str
) -> None:
    reports = Reports(store)
    anna = store.learner("Anna").id
    kept, refused = burst(lambda n: reports.file(anna, None, report(note=f"take {n}")))
    print(f"\n{kind(database)}: open reports on one position, {SESSIONS} sessions: {kept}")
    assert kept == 1 and refused == {"error-report-twice"}


def test_one_address_with_many_profiles_keeps_its_reports_an_hour(
    store: ProgressStore, database: str
) -> None:
    reports = Reports(store)
    profiles = [store.learner(f"Flood {n}").id for n in range(10)]
    here = "203.0.113.7"

    def send(n: int) -> object:  # each profile within its own five, so only the address binds
        return reports.file(profiles[n % 10], None, report(item=f"wc-{n}"), client=here)

    kept, refused = burst(send, sessions=50)
    print(f"\n{kind(database)}: reports kept from one address, 10 profiles, 50 sent: {kept}")
    assert kept == PER_CLIENT and refused == {"error-report-busy"}
    someone = store.learner("Anna").id  # elsewhere: not held up by that address
    reports.file(someone, None, report(item="wc-other"), client="198.51.100.2")
