"""Shared, immutable resources (cached once per server) and the per-session profile."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field

import streamlit as st

from klaverjas_core import RuleSet
from klaverjas_trainer.storage import Learner, ProgressStore, StorageError
from klaverjas_trainer.storage.club import ClubStore, Group
from klaverjas_trainer.texts import t
from klaverjas_trainer.texts.catalogue import LANGUAGES, SOURCE
from lessons import Course, load_course


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


def client_address() -> str | None:
    """The address the browser connects from (None on localhost), to count wrong PINs per
    client as well; spoofable, so only one of three counts."""
    return st.context.ip_address


def teacher_idle_minutes() -> float:
    """How long the teacher pages stay signed in without use (a shared club laptop)."""
    try:
        return max(0.0, float(os.environ.get(TEACHER_IDLE_ENV, "") or 60))
    except ValueError:
        return 60.0


def teacher_signed_in() -> bool:
    """Whether this session may see the teacher pages; signs out after the idle time."""
    current = profile()
    if not current.teacher:
        return False
    now, minutes = time.monotonic(), teacher_idle_minutes()
    if now - current.teacher_seen > minutes * 60:
        current.teacher = False
        st.info(t("teacher-idle", minutes=f"{minutes:g}"), icon=":material/lock_clock:")
        return False
    current.teacher_seen = now
    return True


@dataclass
class Profile:
    """Who is playing in this browser session, and how they like it."""

    learner: Learner | None = None
    rules: str = "amsterdam"
    variants: list[str] = field(default_factory=list)
    four_colour: bool = False
    large: bool = False
    group: Group | None = None  # set when the learner joined a club group
    teacher: bool = False  # signed in to the teacher pages in this session
    teacher_seen: float = 0.0  # time.monotonic() of the last teacher page run
    language: str | None = None  # chosen in this session, or the learner's saved choice

    def sign_in_teacher(self) -> None:
        self.teacher, self.teacher_seen = True, time.monotonic()

    @property
    def ruleset(self) -> RuleSet:
        return RuleSet.parse("+".join([self.rules, *self.variants]))

    def settings(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "variants": self.variants,
            "four_colour": self.four_colour,
            "large": self.large,
            "language": self.language,
        }

    def load(self, learner: Learner, group: Group | None = None) -> None:
        self.learner = learner
        self.group = group
        saved = learner.settings
        self.rules = str(saved.get("rules", "amsterdam"))
        variants = saved.get("variants", [])
        self.variants = [str(v) for v in variants] if isinstance(variants, list) else []
        self.four_colour = bool(saved.get("four_colour", False))
        self.large = bool(saved.get("large", False))
        language = saved.get("language") or (group.language if group is not None else None)
        if isinstance(language, str) and language in LANGUAGES:
            self.language = language


def profile() -> Profile:
    found = st.session_state.get("profile")
    if not isinstance(found, Profile):  # first visit, or the app's code was reloaded
        found = st.session_state["profile"] = Profile()
    return found


def browser_language(locale: str | None) -> str:
    """The trainer's language closest to the browser's (``uk-UA`` -> ``uk``), else English."""
    code = (locale or "").replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


def current_language() -> str:
    """This session's language: chosen, saved in the profile, or the browser's."""
    current = profile()
    if current.language is None:
        current.language = browser_language(st.context.locale)
    return current.language


def require_learner() -> Learner:
    """The current learner, or a pointer to the profile page and a stop."""
    learner = profile().learner
    if learner is None:
        st.info(t("need-profile"), icon=":material/person:")
        st.page_link("klaverjas_trainer/app/pages/profile_page.py", label=t("nav-settings"))
        st.stop()
        raise RuntimeError  # unreachable
    return learner
