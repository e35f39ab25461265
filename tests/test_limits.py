"""Guessing is slowed down: wrong PINs and teacher passwords are counted in the database, each
try after the first few waits longer, and neither a restart nor a second browser resets it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.limits import (
    FREE_SHARED_TRIES,
    FREE_TRIES,
    TooManyTriesError,
    wait_after,
)

pytestmark = pytest.mark.security  # the trust probes (issue 15)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def club_at(path: Path, clock: Clock) -> ClubStore:
    """A fresh ClubStore on the same database file: what a restarted server would make."""
    return ClubStore(ProgressStore(make_engine(f"sqlite:///{path}"), now=clock))


def tries_in_a_day(attempt: object, clock: Clock) -> int:
    """How many guesses an attacker who waits exactly as long as told gets in 24 hours."""
    assert callable(attempt)
    end, count = clock.now + timedelta(days=1), 0
    while clock.now < end:
        try:
            attempt(count)
        except TooManyTriesError as wait:
            clock.now += timedelta(minutes=wait.minutes)
            continue
        except ValueError:
            pass  # a wrong guess
        count += 1
    return count


def test_a_four_digit_pin_cannot_be_found_by_trying_in_a_day(tmp_path: Path, clock: Clock) -> None:
    club = club_at(tmp_path / "club.sqlite3", clock)
    group = club.create_group("Club", "amsterdam")
    club.join(group.code, "Anna", pin="7391")
    guesses = tries_in_a_day(lambda n: club.join(group.code, "Anna", pin=f"{n:04d}"), clock)
    assert guesses < 60  # 10,000 PINs would take over five months
    print(f"PIN guesses possible in a day: {guesses}")


def test_the_wait_grows_then_stays_at_an_hour() -> None:
    waits = [wait_after(n) for n in range(FREE_TRIES + 8)]
    assert waits[:FREE_TRIES] == [timedelta(0)] * FREE_TRIES
    assert waits[FREE_TRIES : FREE_TRIES + 3] == [timedelta(minutes=m) for m in (1, 2, 4)]
    assert waits[-1] == timedelta(hours=1) and wait_after(10_000) == timedelta(hours=1)


def test_a_restart_does_not_reset_the_count_and_the_right_pin_then_works(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "club.sqlite3"
    club = club_at(path, clock)
    group = club.create_group("Club", "amsterdam")
    club.join(group.code, "Anna", pin="7391")
    for _ in range(FREE_TRIES):
        with pytest.raises(ValueError, match="PIN does not match"):
            club.join(group.code, "Anna", pin="0000")
    restarted = club_at(path, clock)
    with pytest.raises(TooManyTriesError) as waiting:
        restarted.join(group.code, "Anna", pin="7391")  # even the right PIN waits
    assert waiting.value.minutes == 1 and waiting.value.key == "error-wait"
    clock.now += timedelta(minutes=1)
    assert restarted.join(group.code, "Anna", pin="7391").name == "Anna"
    for _ in range(FREE_TRIES):  # the count started again
        with pytest.raises(ValueError, match="PIN does not match"):
            restarted.join(group.code, "Anna", pin="0000")


def test_one_members_wrong_pins_do_not_lock_another(tmp_path: Path, clock: Clock) -> None:
    club = club_at(tmp_path / "club.sqlite3", clock)
    group = club.create_group("Club", "amsterdam")
    club.join(group.code, "Anna", pin="7391")
    club.join(group.code, "Bert", pin="1234")
    for _ in range(FREE_TRIES + 1):
        with pytest.raises(ValueError):
            club.join(group.code, "Anna", pin="0000")
    assert club.join(group.code, "Bert", pin="1234").name == "Bert"


def test_many_wrong_teacher_passwords_then_the_right_one_is_not_let_in(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:

    monkeypatch.delenv("KLAVERJAS_TEACHER_PASSWORD", raising=False)
    club = club_at(tmp_path / "club.sqlite3", clock)
    club.set_teacher_password("klaverjas")
    answered = 0
    for n in range(150):
        try:
            assert not club.check_teacher_password(f"guess-{n}")
            answered += 1
        except TooManyTriesError:
            pass
    assert answered == FREE_TRIES  # the other 145 were not even tried
    with pytest.raises(TooManyTriesError):
        club.check_teacher_password("klaverjas")
    guesses = tries_in_a_day(lambda n: club.check_teacher_password(f"x{n}"), clock)
    assert guesses < 60
    club.set_teacher_password("new-password", replace=True)  # the operator's reset opens it
    assert club.check_teacher_password("new-password")


def test_guessing_one_pin_for_each_member_is_slowed_down_per_group(
    tmp_path: Path, clock: Clock
) -> None:
    """Few guesses for each of many members stay under each member's count; the group's
    count over the day still slows them down, and a right PIN does not reset it."""
    club = club_at(tmp_path / "club.sqlite3", clock)
    group = club.create_group("Club", "amsterdam")
    members = [f"M{n}" for n in range(60)]
    for name in members:
        club.join(group.code, name, pin="7391")

    def guess(n: int) -> None:
        if n % 10 == 0:
            club.join(group.code, "M0", pin="7391")  # the attacker's own, right PIN
        club.join(group.code, members[n % len(members)], pin=f"{n % 7000:04d}")

    guesses = tries_in_a_day(guess, clock)
    assert guesses < FREE_SHARED_TRIES + 40  # about 68; not 60 members x 33 a day
    print(f"PIN guesses across a group in a day: {guesses}")


def test_a_client_guessing_across_groups_is_slowed_down_and_others_are_not(
    tmp_path: Path, clock: Clock
) -> None:
    club = club_at(tmp_path / "club.sqlite3", clock)
    groups = [club.create_group(f"Club {n}", "amsterdam") for n in range(30)]
    for group in groups:
        club.join(group.code, "Anna", pin="7391")

    def guess(n: int) -> None:
        club.join(groups[n % 29].code, "Anna", pin=f"{n:04d}", client="203.0.113.7")

    assert tries_in_a_day(guess, clock) < FREE_SHARED_TRIES + 40
    # Someone else, elsewhere, in the last group: not slowed down by that client.
    assert club.join(groups[29].code, "Anna", pin="7391", client="198.51.100.2").name == "Anna"


def test_a_groups_count_starts_again_the_next_day(tmp_path: Path, clock: Clock) -> None:
    club = club_at(tmp_path / "club.sqlite3", clock)
    group = club.create_group("Club", "amsterdam")
    for n in range(FREE_SHARED_TRIES):
        club.join(group.code, f"M{n}", pin="7391")
    for n in range(FREE_SHARED_TRIES):  # a club evening of mistyped PINs, one each
        with pytest.raises(ValueError, match="PIN does not match"):
            club.join(group.code, f"M{n}", pin="0000")
    with pytest.raises(TooManyTriesError):
        club.join(group.code, "M1", pin="7391")
    clock.now += timedelta(days=1, hours=1)
    assert club.join(group.code, "M1", pin="7391").name == "M1"
    with pytest.raises(ValueError, match="PIN does not match"):
        club.join(group.code, "M2", pin="0000")  # counted from one again: no wait yet
