"""Strangers cannot lock a club out. Wrong PINs and teacher passwords are slowed down per
learner, per group and per client (`test_limits.py`, `test_guessing_race.py`); a browser that
signed in before with the right PIN or password may try past those waits a few times a day
(its device token), so an attacker who knows a group's join code cannot stop its evening, nor
keep the teacher out (and a copied token is no day of guesses: `test_device_marks.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.limits import (
    DEVICE_TRIES,
    FREE_SHARED_TRIES,
    FREE_TRIES,
    TooManyTriesError,
)

from .test_app_flows import fresh_app
from .test_club_flows import TEACHER
from .test_limits import Clock
from .test_sign_in import Browser

pytestmark = pytest.mark.security


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClubStore]:
    monkeypatch.delenv("KLAVERJAS_TEACHER_PASSWORD", raising=False)
    engine = make_engine(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    yield ClubStore(ProgressStore(engine, now=Clock()))
    engine.dispose()


def refused(attempt: object) -> bool:
    assert callable(attempt)
    try:
        attempt()
    except TooManyTriesError:
        return True
    except ValueError:
        return False  # tried, and wrong
    return False


def test_strangers_guessing_the_teacher_password_never_keep_the_teachers_laptop_out(
    club: ClubStore,
) -> None:
    club.set_teacher_password("klaverjas")
    laptop = club.store.devices.remember(None, "teacher", 0)  # signed in there last week
    stranger = club.store.devices.remember(None, "learner", 99)  # a device, not the teacher's
    for n in range(200):  # from many addresses, some with a device token of their own
        refused(lambda n=n: club.check_teacher_password(f"guess-{n}", f"10.0.{n}.1", stranger))
    assert refused(lambda: club.check_teacher_password("klaverjas", "10.9.9.9"))  # a new device
    assert club.check_teacher_password("klaverjas", "10.0.0.1", laptop)  # the laptop: in
    # The laptop's own wrong tries count like anyone's (its right one started the count
    # again), and go past the wait only its few times a day.
    for _ in range(FREE_TRIES + DEVICE_TRIES):
        assert not club.check_teacher_password("typo", None, laptop)
    assert refused(lambda: club.check_teacher_password("klaverjas", None, laptop))
    club.clear_teacher_wait()  # the operator's command: a new device may try again at once
    assert club.check_teacher_password("klaverjas", "10.9.9.9")


def test_an_attacker_with_the_join_code_cannot_stop_the_groups_evening(club: ClubStore) -> None:
    group = club.create_group("Tuesday", "amsterdam")
    pins = {f"Member {n}": f"{1000 + n:04d}" for n in range(30)}
    phones = {}
    for name, pin in pins.items():  # each member joined on their own phone, with a PIN
        member = club.join(group.code, name, pin=pin)
        phones[name] = club.store.devices.remember(None, "learner", member.id)
    for n in range(10):  # invented names with PINs of the attacker's own...
        club.join(group.code, f"Fake {n}", pin="4321")
    tries = 0
    for _ in range(6):  # ...and wrong PINs for everyone, from a hall's shared address
        for name in [*pins, *(f"Fake {n}" for n in range(10))]:
            tries += 1
            refused(lambda name=name: club.join(group.code, name, "0000", "192.168.1.1"))
    assert tries > FREE_SHARED_TRIES
    first = next(iter(pins))
    assert refused(lambda: club.join(group.code, first, pins[first], "192.168.1.1"))
    for name, pin in pins.items():  # the evening goes on: every member's own phone gets in
        assert club.join(group.code, name, pin, "192.168.1.1", phones[name]).name == name
    borrowed = "Member 7"  # one member on a borrowed phone waits, until the teacher says so
    member = next(m for m in club.members(group.id) if m.name == borrowed)
    assert refused(lambda: club.join(group.code, borrowed, pins[borrowed], "192.168.1.2"))
    club.clear_wait(group.id, member.id)
    assert club.join(group.code, borrowed, pins[borrowed], "192.168.1.2").name == borrowed


def test_a_device_known_for_one_learner_is_a_stranger_for_another(club: ClubStore) -> None:
    group = club.create_group("Tuesday", "amsterdam")
    anna = club.join(group.code, "Anna", pin="7391")
    club.join(group.code, "Bert", pin="2468")
    annas_phone = club.store.devices.remember(None, "learner", anna.id)
    for _ in range(FREE_TRIES):
        assert not refused(lambda: club.join(group.code, "Bert", "0000", None, annas_phone))
    assert refused(lambda: club.join(group.code, "Bert", "2468", None, annas_phone))
    club.store.sign_out_everywhere(anna.id)  # "Sign out on every device": no phone stays known
    assert club.store.devices.target(annas_phone, "learner", anna.id) is None


def test_the_teacher_signs_in_on_a_known_browser_while_strangers_made_the_password_wait(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "club-evening")
    laptop = Browser(monkeypatch)

    def sign_in_on_teacher_page(password: str) -> object:
        app = fresh_app()
        app.switch_page(TEACHER).run()
        app.text_input(key="teacher_password").set_value(password)
        app.form_submit_button(key="teacher_sign_in").click().run()
        return app

    first = sign_in_on_teacher_page("club-evening")  # last week, on the club laptop
    laptop.keep(first)
    assert "kj_device" in laptop.cookies
    kept_device = laptop.cookies["kj_device"]
    laptop.cookies.clear()  # the teacher signed out; the laptop keeps only its device mark
    strangers = ClubStore(ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")))
    for n in range(FREE_TRIES + 3):
        refused(lambda n=n: strangers.check_teacher_password(f"guess-{n}", f"10.0.0.{n}"))
    stranger = sign_in_on_teacher_page("club-evening")  # a browser never signed in: waits
    assert not stranger.session_state["profile"].teacher
    assert any("clear-waits" in caption.value for caption in stranger.caption)
    laptop.cookies["kj_device"] = kept_device
    evening = sign_in_on_teacher_page("club-evening")
    assert evening.session_state["profile"].teacher and not evening.exception
    strangers.store.engine.dispose()


def test_a_shared_laptop_counts_each_persons_tries_apart(club: ClubStore) -> None:
    # A member who also signed in on the club laptop cannot guess another member's PIN there
    # without limit by signing in rightly as themself between guesses.
    group = club.create_group("Tuesday", "amsterdam")
    anna = club.join(group.code, "Anna", pin="7391")
    bert = club.join(group.code, "Bert", pin="2468")
    laptop = club.store.devices.remember(None, "learner", anna.id)
    laptop = club.store.devices.remember(laptop, "learner", bert.id)  # both signed in there
    guessed = 0
    for n in range(30):
        if refused(lambda n=n: club.join(group.code, "Bert", f"{n:04d}", None, laptop)):
            break
        guessed += 1
        assert club.join(group.code, "Anna", "7391", None, laptop).name == "Anna"
    # Bert's count makes the guesser wait, past the laptop's own tries for the day: Anna's
    # right PIN resets neither.
    assert guessed == FREE_TRIES + DEVICE_TRIES
    assert club.join(group.code, "Anna", "7391", None, laptop).name == "Anna"  # Anna: not


def test_the_teacher_and_the_operator_clear_waits_that_a_halls_address_shares(
    club: ClubStore,
) -> None:
    group = club.create_group("Tuesday", "amsterdam")
    club.join(group.code, "Anna", pin="7391")
    for n in range(FREE_SHARED_TRIES + 5):  # invented names, wrong PINs, from the hall
        club.join(group.code, f"Fake {n}", pin="4321")
        refused(lambda n=n: club.join(group.code, f"Fake {n}", "0000", "192.168.1.1"))
    assert refused(lambda: club.join(group.code, "Anna", "7391", "192.168.1.1"))
    club.set_teacher_password("klaverjas")
    assert club.check_teacher_password("klaverjas", "192.168.1.1")  # PIN typos: not the teacher's
    anna = next(m for m in club.members(group.id) if m.name == "Anna")
    club.clear_wait(group.id, anna.id)
    assert club.join(group.code, "Anna", "7391", "192.168.1.1").name == "Anna"
    for n in range(FREE_SHARED_TRIES + 5):  # wrong teacher passwords from the hall
        refused(lambda n=n: club.check_teacher_password(f"guess-{n}", "192.168.1.1"))
    assert refused(lambda: club.check_teacher_password("klaverjas", "192.168.1.1"))
    club.clear_teacher_wait()  # the operator's command ends the address's wait as well
    assert club.check_teacher_password("klaverjas", "192.168.1.1")
