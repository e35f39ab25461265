"""What a name, a PIN and a sign-in cookie may be (issue 34, item 24): a name is kept in one
form, so two names that look the same are the same name (Unicode NFC, no invisible format or
bidi characters, one space between words), and a control character is refused with a message
naming it; a PIN is four ASCII digits, so the member can type it again on any phone; a cookie
with characters no token has is simply no sign-in, never a traceback on the page."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import update

from klaverjas_trainer.storage import InputError, ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.passwords import hash_secret
from klaverjas_trainer.storage.schema import learners
from klaverjas_trainer.storage.tokens import Tokens

from .test_app_flows import DRILL, HOME, PROFILE, fresh_app
from .test_club_flows import PROJECTOR, TEACHER
from .test_sign_in import Browser

pytestmark = pytest.mark.security  # hostile input: the trust probes


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(make_engine(f"sqlite:///{tmp_path / 'trainer.sqlite3'}"))


def refused_with(key: str, call: object, *args: object) -> InputError:
    with pytest.raises(InputError) as refused:
        call(*args)  # type: ignore[operator]
    assert refused.value.key == key, refused.value
    return refused.value


# --- names ----------------------------------------------------------------------------------

LOOK_ALIKES = [
    "Anna\u200b",  # a zero-width space after it
    "\u200bAn\u200dna",  # zero-width space and joiner inside
    "\u202eAnna\u202c",  # a right-to-left override around it
    "\u2066Anna\u2069",  # a bidi isolate
    "An\u00adna",  # a soft hyphen (invisible unless the line breaks there)
    "\ufeffAnna",  # a byte-order mark
    "  Anna\u00a0 ",  # a non-breaking space, spaces around
]


@pytest.mark.parametrize("typed", LOOK_ALIKES)
def test_a_name_that_looks_like_anna_is_anna(store: ProgressStore, typed: str) -> None:
    anna = store.learner("Anna")
    found = store.learner(typed)
    assert found.id == anna.id and found.name == "Anna"


def test_a_name_is_kept_in_one_unicode_form_with_single_spaces(store: ProgressStore) -> None:
    composed = store.learner("Am\u00e9lie  van\u00a0der\tBerg")
    assert composed.name == "Am\u00e9lie van der Berg"
    assert store.learner("Ame\u0301lie van der Berg").id == composed.id  # e + combining acute


@pytest.mark.parametrize(
    ("typed", "shown"),
    [("Anna\x00", "U+0000"), ("An\x1bna", "U+001B"), ("Anna\x7f", "U+007F"), ("A\ud800", "U+D800")],
)
def test_a_control_character_in_a_name_is_refused_naming_it(
    store: ProgressStore, typed: str, shown: str
) -> None:
    error = refused_with("error-name-character", store.learner, typed)
    assert error.fields == {"character": shown} and shown in str(error)
    assert store.learners() == []  # nothing stored


def test_a_name_of_invisible_characters_only_is_empty(store: ProgressStore) -> None:
    refused_with("error-name-empty", store.learner, "\u200b\u200c\u202e")


def test_members_and_groups_have_the_same_names(store: ProgressStore) -> None:
    club = ClubStore(store)
    group = club.create_group("Tuesday\u200b  beginners", "amsterdam")
    assert group.name == "Tuesday beginners"
    anna = club.join(group.code, "Anna")
    assert club.join(group.code, "\u202eAnna\u200b").id == anna.id
    assert [member.name for member in club.members(group.id)] == ["Anna"]
    refused_with("error-name-character", club.join, group.code, "Anna\x00")
    refused_with("error-name-character", club.create_group, "Club\x00", "amsterdam")


# --- PINs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pin", ["\uff11\uff12\uff13\uff14", "\u0661\u0662\u0663\u0664", "12\u06f34"]
)
def test_a_pin_of_other_digits_is_refused_with_its_own_message(
    store: ProgressStore, pin: str
) -> None:
    refused_with("error-pin-other-digits", store.learner, "Anna", pin)
    club = ClubStore(store)
    group = club.create_group("Club", "amsterdam")
    refused_with("error-pin-other-digits", club.join, group.code, "Anna", pin)
    bert = store.learner("Bert")
    refused_with("error-pin-other-digits", store.set_pin, bert.id, pin)
    assert not store.learner("Bert").has_pin


@pytest.mark.parametrize("pin", ["123", "12345", "12a4", "\u00b2\u00b3\u00b9\u2074", "12 4"])
def test_a_pin_that_is_not_four_digits_is_refused(store: ProgressStore, pin: str) -> None:
    refused_with("error-pin-digits", store.learner, "Anna", pin)


def test_a_pin_set_before_this_check_still_opens_its_profile(store: ProgressStore) -> None:
    old = "\u0661\u0662\u0663\u0664"  # Arabic-Indic digits, allowed before
    anna = store.learner("Anna", "1234")
    with store.engine.begin() as connection:
        connection.execute(
            update(learners).where(learners.c.id == anna.id).values(pin_hash=hash_secret(old))
        )
    assert store.learner("Anna", old).id == anna.id  # the member is not locked out
    with pytest.raises(InputError, match="does not match"):
        store.learner("Anna", "1234")


# --- sign-in cookies ------------------------------------------------------------------------

ODD_COOKIES = [
    "learner.1.1.abc.\u00e9\u00e9\u00e9",  # a non-ASCII signature
    "learner.\u00b9.1.abc.def",  # a superscript one passes str.isdigit, not int()
    "learner.\u0661.1.abc.def",
    "learner.1.1.\u00e9.def",
    "teacher.0.1.abc.\u2603",
    "device.1.1.abc.\x00",
]


@pytest.mark.parametrize("token", ODD_COOKIES)
def test_a_token_with_odd_characters_is_no_sign_in(store: ProgressStore, token: str) -> None:
    tokens = Tokens(store.engine, lambda: datetime(2026, 12, 1, tzinfo=UTC))
    for kind in ("learner", "teacher", "device"):
        assert tokens.verify(token, kind) is None
        assert tokens.sign_in_of(token, kind) is None
    assert store.remembered(token) is None
    assert ClubStore(store).remembered(token) is None
    assert not ClubStore(store).teacher_token_valid(token)
    tokens.end(token)  # nothing to end, and no error


def test_odd_cookies_put_no_traceback_on_any_page(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    browser = Browser(monkeypatch)
    for name in ("kj_learner", "kj_teacher", "kj_device"):
        browser.cookies[name] = "learner.1.1.abc.\u00e9\u00e9"
    app = fresh_app()
    for page in (HOME, DRILL, PROFILE, TEACHER, PROJECTOR):
        app.switch_page(page).run()
        assert not app.exception, page
