"""Guessing at once from many sessions gets no more guesses than guessing from one: a try is
counted before its PIN or password is checked, in one transaction the database lines up, so
no session slips past the limit while another's check (scrypt, ~0.1 s) is still running.

Measured as an attacker would: 40 sessions try together the moment the wait is over, for a
simulated day, on SQLite and on PostgreSQL. The figures are printed (``-s``) for the closing
note; docs/guide.md promises about 33 guesses a day for one member or the teacher, about 68 for a
whole group."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.limits import FREE_TRIES, TooManyTriesError

from .test_limits import Clock, clock

__all__ = ["clock"]  # the fixture, re-used
pytestmark = pytest.mark.security

SESSIONS = 40


@pytest.fixture
def club(database: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClubStore]:
    monkeypatch.delenv("KLAVERJAS_TEACHER_PASSWORD", raising=False)
    engine = make_engine(database)
    yield ClubStore(ProgressStore(engine, now=clock))
    engine.dispose()


def burst(attempt: Callable[[int], object], sessions: int = SESSIONS) -> tuple[int, list[int]]:
    """`sessions` threads try at the same moment; how many tries were checked, and the waits
    (minutes) the others were told."""
    start = threading.Barrier(sessions)
    checked: list[int] = []
    waits: list[int] = []

    def one(n: int) -> None:
        start.wait()
        try:
            attempt(n)
        except TooManyTriesError as error:
            waits.append(error.minutes)
            return
        except ValueError:
            pass  # a wrong guess: it was checked
        checked.append(n)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(sessions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return len(checked), waits


def guesses_in_a_day(attempt: Callable[[int], object], clock: Clock, sessions: int) -> int:
    """Guesses checked in 24 hours when `sessions` sessions try together each time the wait
    is over (told by the refused ones)."""
    end, count, tries = clock.now + timedelta(days=1), 0, 0
    while clock.now < end:
        checked, waits = burst(lambda n, first=tries: attempt(first + n), sessions)
        count, tries = count + checked, tries + sessions
        clock.now += timedelta(minutes=min(waits) if waits else 1)
    return count


def kind(database: str) -> str:
    return database.split(":", 1)[0]


def test_forty_sessions_at_once_get_the_free_tries_of_one(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam")
    club.join(group.code, "Anna", pin="7391")
    checked, waits = burst(lambda n: club.join(group.code, "Anna", pin=f"{n:04d}"))
    assert checked == FREE_TRIES and len(waits) == SESSIONS - FREE_TRIES
    club.set_teacher_password("klaverjas")
    checked, _ = burst(lambda n: club.check_teacher_password(f"guess-{n}"))
    assert checked == FREE_TRIES


def test_a_member_pin_gets_as_many_guesses_a_day_from_forty_sessions_as_from_one(
    club: ClubStore, clock: Clock, database: str
) -> None:
    group = club.create_group("Club", "amsterdam")
    club.join(group.code, "Anna", pin="7391")
    club.join(group.code, "Bert", pin="7391")
    parallel = guesses_in_a_day(lambda n: club.join(group.code, "Anna", pin="0000"), clock, 40)
    clock.now += timedelta(days=2)
    alone = guesses_in_a_day(lambda n: club.join(group.code, "Bert", pin="0000"), clock, 1)
    print(f"\n{kind(database)}: member PIN guesses a day, 40 sessions {parallel}, one {alone}")
    assert parallel == alone and alone <= 34


def test_the_teacher_password_gets_as_many_guesses_a_day_from_forty_sessions_as_from_one(
    club: ClubStore, clock: Clock, database: str
) -> None:
    club.set_teacher_password("klaverjas")
    parallel = guesses_in_a_day(lambda n: club.check_teacher_password(f"x{n}"), clock, 40)
    club.set_teacher_password("klaverjas", replace=True)  # the operator's reset clears the count
    alone = guesses_in_a_day(lambda n: club.check_teacher_password(f"y{n}"), clock, 1)
    print(f"\n{kind(database)}: teacher guesses a day, 40 sessions {parallel}, one {alone}")
    assert parallel == alone and alone <= 34


def test_a_group_gets_its_daily_guesses_once_however_many_sessions_guess_its_members(
    club: ClubStore, clock: Clock, database: str
) -> None:
    group = club.create_group("Club", "amsterdam")
    members = [f"Member {n}" for n in range(60)]
    for name in members:
        club.join(group.code, name, pin="7391")

    def guess(n: int) -> object:  # each session a member of its own, so no member's count binds
        return club.join(group.code, members[n % len(members)], pin=f"{n % 7000:04d}")

    guesses = guesses_in_a_day(guess, clock, 40)
    print(f"\n{kind(database)}: PIN guesses a day at one group, 40 sessions: {guesses}")
    assert guesses <= 70  # docs/guide.md: about 68 (40 free, then the growing waits)
