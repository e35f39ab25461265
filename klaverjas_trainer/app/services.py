"""Shared, immutable resources (cached once per server) and the per-session profile."""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import time
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from klaverjas_core import AMSTERDAM, CITIES, RuleSet, UnknownRuleSetError
from klaverjas_trainer.app.markup import md_escape
from klaverjas_trainer.app.worker_pool import CoachSearches, server_pool
from klaverjas_trainer.storage import Learner, ProgressStore, StorageError
from klaverjas_trainer.storage.club import ClubStore, Group
from klaverjas_trainer.texts import t
from klaverjas_trainer.texts.catalogue import LANGUAGES, SOURCE, use_language_source
from lessons import Course, load_course
from puzzles.discriminating import Found


@st.cache_resource(show_spinner=False)
def _course(language: str) -> Course:
    return load_course(language=language, strict=False)  # a broken file leaves the rest


def course() -> Course:
    """The course in the session's language (each language loaded once per server)."""
    return _course(current_language())


def course_notice() -> None:
    """If a lesson file could not be loaded: its error (file, line, field) for the teacher
    or operator, a short word for everyone else; the other lessons stay usable."""
    problems = course().problems
    if not problems:
        return
    if profile().teacher:
        for problem in problems:
            st.error(t("course-broken-operator", problem=problem), icon=":material/build:")
    else:
        st.warning(t("course-broken-learner"), icon=":material/construction:")


@st.cache_resource(show_spinner=False)
def checks_found() -> Found:
    """The positions the coach's checks have found, for every learner of this server: facts
    about the puzzle generators (which positions tell a misconception apart), so shared; a
    check takes one instead of searching dozens of puzzles again, and a new search runs in
    the server's worker pool, off the learners' clicks."""
    found = Found()
    found.later = CoachSearches(found, server_pool)
    return found


@st.cache_resource(show_spinner=False)
def _store() -> ProgressStore:
    return ProgressStore()


def store() -> ProgressStore:
    """The progress store; a database problem stops the page with a plain message."""
    try:
        return _store()
    except StorageError as error:
        st.error(t("storage-error", error=error), icon=":material/warning:")
        st.stop()
        raise  # st.stop() ends the script run; this line is never reached


def club() -> ClubStore:
    clubs = ClubStore(store())
    _announce_setup_code(clubs)
    return clubs


@st.cache_resource(show_spinner=False)
def _announce_setup_code(_clubs: ClubStore) -> None:
    """Once per server: while no teacher password is set, the set-up code goes to the
    server's log (only the operator reads it), never to the page. (The leading underscore
    keeps Streamlit from hashing the store.)"""
    code = _clubs.setup_code()
    if code:
        print(
            f"klaverjas trainer: no teacher password yet. Set-up code for the Club page: {code}"
            " (or run `python -m klaverjas_trainer.storage teacher-password`,"
            " or set KLAVERJAS_TEACHER_PASSWORD)",
            file=sys.stderr,
            flush=True,
        )


LIST_PROFILES_ENV = "KLAVERJAS_LIST_PROFILES"


def list_profiles() -> bool:
    """Whether the profile page lists everyone's names to pick from: only when the operator
    says so (one household's install); on a shared club server a stranger sees no names."""
    return os.environ.get(LIST_PROFILES_ENV, "").strip().lower() in ("1", "true", "yes")


TEACHER_IDLE_ENV = "KLAVERJAS_TEACHER_IDLE_MINUTES"
WEEK_MINUTES = 7 * 24 * 60  # the longest idle time: a teacher sign-in lasts 12 hours anyway


def client_address() -> str | None:
    """The address the browser connects from (None on localhost), to count wrong PINs per
    client as well; spoofable, so only one of three counts."""
    return st.context.ip_address


def teacher_idle_minutes() -> float:
    """How long the teacher pages stay signed in without use (a shared club laptop)."""
    try:
        minutes = float(os.environ.get(TEACHER_IDLE_ENV, "") or 60)
    except ValueError:
        return 60.0
    if not math.isfinite(minutes):  # "nan", "inf": the default
        return 60.0
    return min(max(0.0, minutes), WEEK_MINUTES)  # a "never" of 10**9 is a week


def teacher_signed_in() -> bool:
    """Whether this session may see the teacher pages: signed in here, or by a sign-in this
    browser keeps from earlier this evening. The sign-in is checked on the server on every
    run: after the idle time, or a sign-out on another device, a reload or a new tab brings
    nobody back."""
    current = profile()
    idle = timedelta(minutes=teacher_idle_minutes())
    if not current.teacher and not current.teacher_forgotten:
        kept = browser_cookie(TEACHER_COOKIE)
        if kept and club().teacher_token_valid(kept, idle):
            current.sign_in_teacher(kept)
            return True
        if kept:  # ended, expired, or an old password's: clear it rather than check it each run
            current.teacher_forgotten = True
    if not current.teacher:
        return False
    if not club().teacher_token_valid(current.teacher_token, idle):
        unused = time.monotonic() - current.teacher_seen >= idle.total_seconds()
        current.sign_out_teacher()
        if unused:
            st.info(t("teacher-idle", minutes=f"{idle.total_seconds() / 60:g}"),
                    icon=":material/lock_clock:")  # fmt: skip
        else:
            st.info(t("teacher-signed-out-elsewhere"), icon=":material/lock_clock:")
        return False
    current.teacher_seen = time.monotonic()
    return True


def learner_sign_in_holds() -> bool:
    """Whether this session's learner (if any) is still signed in on the server. Run by the
    frame on every page, and by the drill's board on every click (a fragment's rerun skips
    the frame; where the click stores something, the store's transaction checks it instead):
    a learner whose sign-in ended elsewhere (signed out on every device, a new PIN, the
    profile removed by the teacher) is signed out here too, and the next page run says so.
    While the database does not answer the sign-in is taken to hold: nothing can be stored
    then anyway, and each answer says so."""
    current = profile()
    if current.learner is None:
        return True
    if current.learner_token is not None:
        try:
            verified = store().tokens.verify(current.learner_token, "learner")
        except StorageError:
            return True
        if verified == current.learner.id:
            return True
    sign_in_ended_here()
    return False


def sign_in_ended_here() -> None:
    """The learner's sign-in ended elsewhere: signed out in this session too (the next page
    run says so)."""
    current = profile()
    current.learner, current.group, current.learner_token = None, None, None
    current.learner_forgotten = current.sign_in_ended = True
    for key in ("drill", "lesson", "play"):
        st.session_state.pop(key, None)


def say_sign_in_ended() -> None:
    """The frame says once that the learner's sign-in ended elsewhere."""
    current = profile()
    if current.sign_in_ended:
        current.sign_in_ended = False
        st.warning(t("signed-out-elsewhere"), icon=":material/logout:")


# --- sign-ins a browser keeps (cookies, set by a line of JavaScript) -----------------------

LEARNER_COOKIE, TEACHER_COOKIE, DEVICE_COOKIE = "kj_learner", "kj_teacher", "kj_device"
COOKIE_AGES = {
    LEARNER_COOKIE: 180 * 24 * 3600,
    TEACHER_COOKIE: 12 * 3600,
    DEVICE_COOKIE: 365 * 24 * 3600,  # this browser signed in before (see storage.devices)
}


def browser_cookie(name: str) -> str | None:
    """A cookie the browser sent when this session opened."""
    value = st.context.cookies.get(name)
    return value if isinstance(value, str) else None


def remembered() -> tuple[Learner, Group | None] | None:
    """The learner this browser keeps a sign-in for (with their group), if any."""
    current = profile()
    token = browser_cookie(LEARNER_COOKIE)
    if not token or current.learner_forgotten:
        return None
    try:
        return club().remembered(token)
    except StorageError:
        return None


def device_token() -> str | None:
    """The token that marks this browser as one that signed in before, if it has one."""
    return profile().device_token or browser_cookie(DEVICE_COOKIE)


def known_device(kind: str, subject: int) -> None:
    """After a right PIN or password: this browser is known for the learner or the teacher,
    so strangers' wrong tries never make it wait (a database problem leaves it unknown)."""
    current = profile()
    with contextlib.suppress(StorageError):
        current.device_token = store().devices.remember(device_token(), kind, subject)


def sign_in(learner: Learner, group: Group | None = None, token: str | None = None) -> None:
    """Sign this session in as `learner`, and have the browser keep it."""
    current = profile()
    kept = token or store().remember(learner)  # the server's sign-in first: none, no sign-in
    current.load(learner, group)
    current.learner_token = kept
    current.learner_forgotten = False
    for key in ("drill", "lesson", "play"):  # a new player starts afresh
        st.session_state.pop(key, None)


def sign_out(*, everywhere: bool = False) -> None:
    """Sign the learner out here (the sign-in ends on the server, so no copy of the browser's
    token brings them back), or on every device; the browser forgets them."""
    current = profile()
    try:  # signed out here whatever the database says
        if everywhere and current.learner is not None:
            store().sign_out_everywhere(current.learner.id)
        elif current.learner_token is not None:
            store().forget(current.learner_token)
    except StorageError as error:  # the other devices may still be signed in: say so
        st.error(t("storage-error", error=error), icon=":material/warning:")
    current.learner, current.group, current.learner_token = None, None, None
    current.learner_forgotten = True
    for key in ("drill", "lesson", "play"):
        st.session_state.pop(key, None)


@contextmanager
def storage_problems_said() -> Iterator[None]:
    """A database that fails mid-session is said on the page, and the page stays. Around the
    page (in the frame) and inside each fragment, whose reruns run outside the frame."""
    try:
        yield
    except StorageError as error:
        st.error(t("storage-error", error=error), icon=":material/warning:")


def keep_sign_ins() -> None:
    """Write (or clear) the sign-in cookies this session's state asks for; a no-op when the
    browser already holds them. Run by the frame on every page.

    A cookie is cleared only after a sign-out here (or a kept sign-in found invalid): a new
    session that has not yet taken up the kept sign-in ("Continue as ...") leaves it alone.
    `written` remembers what this session wrote, since the browser's cookies as the session
    saw them at its start go stale once it writes."""
    current = profile()
    kept = (
        (LEARNER_COOKIE, current.learner_token, current.learner_forgotten),
        (TEACHER_COOKIE, current.teacher_token, current.teacher_forgotten),
        (DEVICE_COOKIE, current.device_token, False),  # kept through sign-outs
    )
    lines = []
    for name, value, forgotten in kept:
        held = current.written.get(name, browser_cookie(name))
        if forgotten and held:
            lines.append(f"{name}=; Max-Age=0; Path=/; SameSite=Strict")
            current.written[name] = ""
        elif not forgotten and value is not None and value != held:
            lines.append(f"{name}={value}; Max-Age={COOKIE_AGES[name]}; Path=/; SameSite=Strict")
            current.written[name] = value
    if lines:
        # Served over HTTPS (the deploy recipe): the cookies travel only over HTTPS too.
        secure = '(location.protocol === "https:" ? "; Secure" : "")'
        script = "".join(f"document.cookie = {json.dumps(line)} + {secure};" for line in lines)
        st.html(f"<script>{script}</script>", unsafe_allow_javascript=True, width=1)


#: How fast the computer players' cards arrive at the table (Play page): the first is the default.
PACES = ("normal", "quick", "instant")


@dataclass
class Profile:
    """Who is playing in this browser session, and how they like it."""

    learner: Learner | None = None
    ruleset: RuleSet = AMSTERDAM  # a group member plays the group's house rules
    four_colour: bool = False
    large: bool = False
    group: Group | None = None  # set when the learner joined a club group
    teacher: bool = False  # signed in to the teacher pages in this session
    teacher_seen: float = 0.0  # time.monotonic() of the last teacher page run
    learner_token: str | None = None  # the sign-in this browser keeps for the learner
    teacher_token: str | None = None  # and for the teacher, for the evening
    learner_forgotten: bool = False  # signed out here: ignore the browser's kept sign-in
    teacher_forgotten: bool = False
    written: dict[str, str] = field(default_factory=dict)  # cookies written by this session
    device_token: str | None = None  # this browser signed in before (a right PIN or password)
    sign_in_ended: bool = False  # ended elsewhere: the next page run says so
    language: str | None = None  # chosen in this session, or the learner's saved choice
    best_streak: int = 0  # the longest run of right answers in streak mode, kept
    pace: str = PACES[0]  # one of PACES: the computers' cards at the table

    def sign_in_teacher(self, token: str | None = None) -> None:
        self.teacher, self.teacher_seen = True, time.monotonic()
        self.teacher_token = token or club().teacher_token()
        self.teacher_forgotten = False

    def sign_out_teacher(self, *, everywhere: bool = False) -> None:
        """A shared club laptop: the next person starts signed out, after a reload too (the
        sign-in ends on the server); `everywhere` ends every teacher sign-in."""
        with contextlib.suppress(StorageError):
            club().sign_out_teacher(self.teacher_token, everywhere=everywhere)
        self.teacher, self.teacher_token, self.teacher_forgotten = False, None, True

    def settings(self) -> dict[str, object]:
        return {
            "rules": self.ruleset.city,
            "variants": list(self.ruleset.variants),
            "four_colour": self.four_colour,
            "large": self.large,
            "language": self.language,
            "best_streak": self.best_streak,
            "pace": self.pace,
        }

    def load(self, learner: Learner, group: Group | None = None) -> None:
        self.learner = learner
        self.group = group
        saved = learner.settings
        self.ruleset = saved_rule_set(saved)
        self.four_colour = bool(saved.get("four_colour", False))
        self.large = bool(saved.get("large", False))
        best = saved.get("best_streak", 0)
        self.best_streak = best if isinstance(best, int) and not isinstance(best, bool) else 0
        pace = saved.get("pace")
        self.pace = pace if isinstance(pace, str) and pace in PACES else PACES[0]
        language = saved.get("language") or (group.language if group is not None else None)
        if isinstance(language, str) and language in LANGUAGES:
            self.language = language


def saved_rule_set(settings: Mapping[str, object]) -> RuleSet:
    """The rule set kept in a learner's settings (``rules`` and ``variants``); Amsterdam where
    they name none this trainer knows (an older or damaged profile still opens).

    >>> saved_rule_set({"rules": "rotterdam", "variants": ["four_low_100"]}).name
    'rotterdam+four_low_100'
    """
    city, variants = settings.get("rules", CITIES[0]), settings.get("variants", [])
    if not isinstance(variants, list):
        variants = []
    try:
        base = RuleSet.parse(str(city))
        return base.with_variants(**dict.fromkeys(map(str, variants), True))
    except UnknownRuleSetError:
        return AMSTERDAM


#: The profile per script run (keyed by the run's session state) for `session_language`: every
#: word on a page asks for the language, and a lookup in `st.session_state` (locked,
#: widget-aware) costs about as much as wording the text. Weak: a finished run's entry goes.
_PROFILES: weakref.WeakKeyDictionary[object, Profile] = weakref.WeakKeyDictionary()


def profile() -> Profile:
    """This session's profile (made on the first visit, or when the app's code was reloaded)."""
    context = get_script_run_ctx(suppress_warning=True)
    found = None if context is None else _PROFILES.get(context.session_state)
    if found is None:
        found = st.session_state.get("profile")
        if not isinstance(found, Profile):
            found = st.session_state["profile"] = Profile()
        if context is not None:
            _PROFILES[context.session_state] = found
    return found


def browser_language(locale: str | None) -> str:
    """The trainer's language closest to the browser's (``uk-UA`` -> ``uk``), else English."""
    code = (locale or "").replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


def session_language() -> str | None:
    """The language of the session whose script thread runs this: read from its state, so a
    fragment's own rerun and a callback (which skip the page's top-level code) speak it too."""
    context = get_script_run_ctx(suppress_warning=True)
    if context is None:
        return None  # a command-line run or a plain test: English unless a block says
    found = _PROFILES.get(context.session_state)
    if found is None and isinstance(st.session_state.get("profile"), Profile):
        found = profile()  # the first word of this run
    return None if found is None else found.language


# Registered on import, before any page draws a word: every page imports this module.
use_language_source(session_language)


def current_language() -> str:
    """This session's language: chosen, saved in the profile, or the browser's."""
    current = profile()
    if current.language is None:
        current.language = browser_language(st.context.locale)
    return current.language


def offer_continue() -> bool:
    """ "Continue as Anna · Tuesday beginners" for the learner this browser remembers; a tap
    signs them in again (no PIN needed: this device was signed in before)."""
    found = remembered()
    if found is None:
        return False
    learner, group = found
    name = md_escape(learner.name)
    label = (
        t("continue-as", name=name)
        if group is None
        else t("continue-as-member", name=name, group=md_escape(group.name))
    )
    if st.button(label, type="primary", key="continue_as", icon=":material/login:"):
        sign_in(learner, group, token=browser_cookie(LEARNER_COOKIE))
        st.rerun()
    return True


def require_learner() -> Learner:
    """The current learner, or a way to continue as the remembered one, or a pointer to the
    profile page; then a stop."""
    learner = profile().learner
    if learner is None:
        if not offer_continue():  # "Continue as Anna" is the way on; else the profile page
            st.info(t("need-profile"), icon=":material/person:")
        st.page_link("klaverjas_trainer/app/pages/profile_page.py", label=t("nav-settings"))
        st.stop()
        raise RuntimeError  # unreachable
    return learner
