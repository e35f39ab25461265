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

from .test_app_flows import APP, DRILL, data_dir, fresh_app, sign_in
from .test_club_flows import PROJECTOR, TEACHER

__all__ = ["data_dir"]  # the fixture, re-used
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
    kind, subject, issued, signature = token.split(".")
    store = ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))
    bert = store.learner("Bert")
    forged = [
        f"{kind}.{bert.id}.{issued}.{signature}",  # someone else's id under Anna's signature
        f"{kind}.{subject}.{int(issued) + 1}.{signature}",
        f"teacher.{subject}.{issued}.{signature}",
        "learner.1.1.x",
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
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "club-evening")
    browser = Browser(monkeypatch)
    app = fresh_app()
    app.switch_page(TEACHER).run()
    app.text_input(key="teacher_password").set_value("club-evening")
    app.form_submit_button(key="teacher_sign_in").click().run()
    browser.keep(app)
    assert "kj_teacher" in browser.cookies
    evening = fresh_app()  # the projector's browser reloads
    evening.switch_page(PROJECTOR).run()
    assert evening.session_state["profile"].teacher
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "a-new-password")
    next_week = fresh_app()
    next_week.switch_page(PROJECTOR).run()
    assert not next_week.session_state["profile"].teacher  # the old sign-in no longer holds
    clubs = ClubStore(ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")))
    assert not clubs.teacher_token_valid(browser.cookies["kj_teacher"])
