"""Sign-in that lasts: a signed token the browser keeps in a cookie brings the learner back
("Continue as Anna") after a reload or a restart, and keeps the teacher signed in on the
projector for the evening; a forged, expired or signed-out token brings nobody back."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_trainer.app import services
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.tokens import Tokens

from .test_app_flows import APP, DRILL, PROFILE, fresh_app, sign_in
from .test_club_flows import PROJECTOR, TEACHER

pytestmark = pytest.mark.security


class Browser:
    """The cookies a browser holds: what the page's script wrote, sent with the next visit."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.cookies: dict[str, str] = {}
        monkeypatch.setattr(services, "browser_cookie", self.cookies.get)

    def keep(self, app: AppTest) -> None:
        """Apply the `document.cookie = ...` lines the last run sent."""
        for element in app.get("html"):
            for name, value, age in re.findall(
                r"(kj_\w+)=([^;]*); Max-Age=(\d+)", str(element.proto.body)
            ):
                if int(age) == 0:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = value


def test_a_learner_is_remembered_and_continues_after_a_reload(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    app = sign_in(fresh_app(), "Anna")
    browser.keep(app)
    assert "kj_learner" in browser.cookies
    reloaded = AppTest.from_file(APP, default_timeout=60).run()
    reloaded.switch_page(DRILL).run()
    assert reloaded.session_state["profile"].learner is None  # a new session...
    (button,) = [b for b in reloaded.button if b.key == "continue_as"]
    assert button.label == "Continue as Anna"  # ...that offers to continue
    button.click().run()
    assert not reloaded.exception
    assert reloaded.session_state["profile"].learner.name == "Anna"
    assert reloaded.session_state["drill"].choice is not None  # straight on with the drill


def test_signing_out_forgets_the_learner_on_this_device(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    app = sign_in(fresh_app(), "Anna")
    browser.keep(app)
    app.button(key="learner_sign_out").click().run()
    browser.keep(app)
    assert "kj_learner" not in browser.cookies
    assert not [b for b in app.button if b.key == "continue_as"]


def test_a_forged_or_expired_token_brings_nobody_back(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    app = sign_in(fresh_app(), "Anna")
    browser.keep(app)
    token = browser.cookies["kj_learner"]
    kind, subject, issued, sign_in_id, signature = token.split(".")
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    bert = store.learner("Bert")
    berts = store.remember(bert).split(".")[3]  # a real sign-in, of someone else
    forged = [
        f"{kind}.{bert.id}.{issued}.{sign_in_id}.{signature}",  # Bert's id, Anna's signature
        f"{kind}.{bert.id}.{issued}.{berts}.{signature}",
        f"{kind}.{subject}.{int(issued) + 1}.{sign_in_id}.{signature}",
        f"teacher.{subject}.{issued}.{sign_in_id}.{signature}",
        f"{kind}.{subject}.{issued}.{signature}",  # a token of the old form names no sign-in
        "learner.1.1.x.y",
        "",
    ]
    for bad in forged:
        assert store.remembered(bad) is None, bad
    later = Tokens(store.engine, lambda: datetime.now(UTC) + timedelta(days=181))
    assert later.verify(token, "learner") is None  # half a year on: sign in again
    assert store.remembered(token) is not None and store.remembered(token).name == "Anna"
    store.engine.dispose()


def test_a_token_from_one_server_process_is_good_in_another(data_dir: Path) -> None:
    url = f"sqlite:///{data_dir / 'trainer.sqlite3'}"
    first, second = ProgressStore(make_engine(url)), ProgressStore(make_engine(url))
    anna = first.learner("Anna")
    assert second.remembered(first.remember(anna)) == second.learner_by_id(anna.id)


def test_the_teacher_stays_signed_in_on_the_projector_until_the_password_changes(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser, _ = teacher_signs_in(monkeypatch)
    evening = fresh_app()  # the projector's browser reloads
    evening.switch_page(PROJECTOR).run()
    assert evening.session_state["profile"].teacher
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "a-new-password")
    next_week = fresh_app()
    next_week.switch_page(PROJECTOR).run()
    assert not next_week.session_state["profile"].teacher  # the old sign-in no longer holds
    clubs = ClubStore(ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")))
    assert not clubs.teacher_token_valid(browser.cookies["kj_teacher"])


# --- sign-ins kept on the server (issue 23, finding 3) --------------------------------------


def teacher_signs_in(monkeypatch: pytest.MonkeyPatch) -> tuple[Browser, AppTest]:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "club-evening")
    browser = Browser(monkeypatch)
    app = fresh_app()
    app.switch_page(TEACHER).run()
    app.text_input(key="teacher_password").set_value("club-evening")
    app.form_submit_button(key="teacher_sign_in").click().run()
    browser.keep(app)
    assert app.session_state["profile"].teacher and "kj_teacher" in browser.cookies
    return browser, app


def test_the_teachers_idle_sign_out_holds_after_a_reload_and_in_a_new_tab(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moment = [datetime.now(UTC)]
    monkeypatch.setattr(ProgressStore, "now", lambda _store: moment[0])  # the server's clock
    monkeypatch.setenv(services.TEACHER_IDLE_ENV, "30")
    _, app = teacher_signs_in(monkeypatch)
    moment[0] += timedelta(minutes=20)
    reloaded = fresh_app()  # used within the idle time: still signed in, and that counts
    reloaded.switch_page(TEACHER).run()
    assert reloaded.session_state["profile"].teacher
    moment[0] += timedelta(minutes=31)  # the shared club laptop, left alone
    for later in (fresh_app(), fresh_app()):  # a reload, and a new tab, with the cookie
        later.switch_page(TEACHER).run()
        assert not later.session_state["profile"].teacher
        assert later.text_input(key="teacher_password")  # asked for the password again
    moment[0] += timedelta(seconds=1)
    app.switch_page(TEACHER).run()  # the first tab, open all along, is signed out as well
    assert not app.session_state["profile"].teacher


def test_a_copied_cookie_brings_nobody_back_after_sign_out(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    app = sign_in(fresh_app(), "Anna")
    browser.keep(app)
    copied = browser.cookies["kj_learner"]  # a copy of the cookie, on another machine
    app.button(key="learner_sign_out").click().run()
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    assert store.remembered(copied) is None
    teacher_browser, teacher = teacher_signs_in(monkeypatch)
    kept = teacher_browser.cookies["kj_teacher"]
    teacher.button(key="teacher_sign_out").click().run()
    clubs = ClubStore(store)
    assert not clubs.teacher_token_valid(kept)
    store.engine.dispose()


def test_sign_out_everywhere_ends_the_other_devices_open_sessions(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    phone = sign_in(fresh_app(), "Anna")
    browser.keep(phone)
    laptop = fresh_app()  # the same learner on a second device, signed in by the kept token
    laptop.switch_page(DRILL).run()
    next(b for b in laptop.button if b.key == "continue_as").click().run()
    assert laptop.session_state["profile"].learner.name == "Anna"
    bert = sign_in(fresh_app(), "Bert")
    phone.switch_page(PROFILE).run()
    phone.button(key="sign_out_everywhere").click().run()
    assert phone.session_state["profile"].learner is None
    laptop.switch_page(DRILL).run()  # the laptop's next run: signed out, and told why
    assert laptop.session_state["profile"].learner is None
    assert any("signed out" in w.value for w in laptop.warning)
    bert.switch_page(DRILL).run()
    assert bert.session_state["profile"].learner.name == "Bert"  # nobody else is


def test_a_new_pin_or_teacher_password_ends_the_sign_ins_made_before(data_dir: Path) -> None:
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    anna = store.learner("Anna")
    before = store.remember(anna)
    store.set_pin(anna.id, "7391")
    assert store.remembered(before) is None
    after = store.remember(anna)
    assert store.remembered(after) == store.learner_by_id(anna.id)
    clubs = ClubStore(store)
    clubs.set_teacher_password("first-one")
    evening = clubs.teacher_token()
    clubs.set_teacher_password("first-one", replace=True)  # the operator resets it, to the same
    assert not clubs.teacher_token_valid(evening)
    store.engine.dispose()
