"""A device mark is no extra day of guesses. A browser that signed in before keeps trying while
strangers' wrong tries make everyone else wait (`test_lock_out.py`), but its own tries are
counted on the person, the group and the address like anyone's: a copied mark, or a shared
laptop known for ten members, gets at most `DEVICE_TRIES` a day more than a new browser.

Measured as an attacker would, `SESSIONS` sessions at once for a simulated day
(`guesses_in_a_day`; that 40 at once get no more than one is `test_guessing_race.py`'s),
on SQLite and on PostgreSQL, beside the same guessing without marks; the figures are printed
(``-s``). docs/guide.md promises about 33 a day per person and about 68 per group or
address."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.limits import DEVICE_TRIES

from .test_guessing_race import guesses_in_a_day, kind
from .test_limits import Clock, clock

__all__ = ["clock"]  # the fixture, re-used
pytestmark = pytest.mark.security

HALL = "192.168.1.1"
#: Sessions guessing at once: enough that several tries race past each wait.
SESSIONS = 10


@pytest.fixture
def club(database: str, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClubStore]:
    monkeypatch.delenv("KLAVERJAS_TEACHER_PASSWORD", raising=False)
    engine = make_engine(database)
    yield ClubStore(ProgressStore(engine, now=clock))
    engine.dispose()


def test_a_copied_mark_adds_no_day_of_guesses_on_its_person(
    club: ClubStore, clock: Clock, database: str
) -> None:
    group = club.create_group("Club", "amsterdam")
    anna = club.join(group.code, "Anna", pin="7391")
    club.join(group.code, "Bert", pin="2468")
    copied = club.store.devices.remember(None, "learner", anna.id)  # Anna's phone's mark

    def guess(n: int) -> object:  # half the sessions with the copy, half as new phones
        return club.join(group.code, "Anna", "0000", None, copied if n % 2 else None)

    marked = guesses_in_a_day(guess, clock, SESSIONS)
    clock.now += timedelta(days=2)
    alone = guesses_in_a_day(lambda n: club.join(group.code, "Bert", "0000"), clock, SESSIONS)
    print(f"\n{kind(database)}: PIN guesses a day on one member, with a copied mark {marked}, "
          f"without {alone}")  # fmt: skip
    assert alone <= 33 and marked <= alone + DEVICE_TRIES


def test_a_copied_teacher_mark_adds_no_day_of_guesses(
    club: ClubStore, clock: Clock, database: str
) -> None:
    club.set_teacher_password("klaverjas")
    copied = club.store.devices.remember(None, "teacher", 0)  # the club laptop's mark

    def guess(n: int) -> object:
        return club.check_teacher_password(f"x{n}", None, copied if n % 2 else None)

    marked = guesses_in_a_day(guess, clock, SESSIONS)
    club.set_teacher_password("klaverjas", replace=True)  # the operator's reset clears the count
    alone = guesses_in_a_day(lambda n: club.check_teacher_password(f"y{n}"), clock, SESSIONS)
    print(f"\n{kind(database)}: teacher guesses a day, with a copied mark {marked}, "
          f"without {alone}")  # fmt: skip
    assert alone <= 33 and marked <= alone + DEVICE_TRIES


def test_a_shared_laptops_mark_keeps_its_groups_day_of_guesses(
    club: ClubStore, clock: Clock, database: str
) -> None:
    marked_group = club.create_group("Laptop", "amsterdam")
    plain_group = club.create_group("Phones", "amsterdam")
    laptop = None
    for n in range(10):  # ten members signed in on the club laptop once
        member = club.join(marked_group.code, f"Member {n}", pin="7391")
        laptop = club.store.devices.remember(laptop, "learner", member.id)
        club.join(plain_group.code, f"Member {n}", pin="7391")

    def guess(code: str, mark: str | None) -> Callable[[int], object]:
        return lambda n: club.join(code, f"Member {n % 10}", f"{n % 7000:04d}", None, mark)

    marked = guesses_in_a_day(guess(marked_group.code, laptop), clock, SESSIONS)
    alone = guesses_in_a_day(guess(plain_group.code, None), clock, SESSIONS)
    print(f"\n{kind(database)}: PIN guesses a day at one group of 10, with the laptop's mark "
          f"{marked}, without {alone}")  # fmt: skip
    assert alone <= 68 and marked <= alone + DEVICE_TRIES


def test_a_laptop_known_in_many_groups_keeps_its_addresss_day_of_guesses(
    club: ClubStore, clock: Clock, database: str
) -> None:
    groups = [club.create_group(f"Club {n}", "amsterdam") for n in range(20)]
    laptop = None
    for group in groups[:10]:  # one member of each of ten groups signed in on it once
        member = club.join(group.code, "Anna", pin="7391")
        laptop = club.store.devices.remember(laptop, "learner", member.id)
    for group in groups[10:]:
        club.join(group.code, "Anna", pin="7391")

    def guess(first: int, mark: str | None) -> Callable[[int], object]:
        return lambda n: club.join(groups[first + n % 10].code, "Anna", f"{n:04d}", HALL, mark)

    marked = guesses_in_a_day(guess(0, laptop), clock, SESSIONS)
    clock.now += timedelta(days=2)  # the hall's count starts again
    alone = guesses_in_a_day(guess(10, None), clock, SESSIONS)
    print(f"\n{kind(database)}: PIN guesses a day from one address over 10 groups, with the "
          f"laptop's mark {marked}, without {alone}")  # fmt: skip
    assert alone <= 68 and marked <= alone + DEVICE_TRIES
