"""Per-session state of the pages, defined once: page scripts re-run on every interaction, so
classes defined there would be new classes each run and stored objects would not match them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

import streamlit as st

from klaverjas_trainer.app.grading import Grade
from klaverjas_trainer.storage.schedule import Schedule
from lessons import Feedback

#: The drill's "what I need most" choice instead of a fixed rule.
AUTO = "auto"


@dataclass
class LessonState:
    lesson_id: str | None = None
    step: int = 0
    feedback: dict[int, Feedback] = field(default_factory=dict)
    shown_at: float = 0.0


@dataclass
class DrillState:
    kind: str = "which-cards"
    rule: str = AUTO
    level: int = 1
    mode: str = "normal"
    key: tuple[str, str, str, int, int] | None = None  # kind, rule, rules, level, seed
    started: float = 0.0
    result: Grade | None = None
    streak: int = 0
    streak_over: bool = False
    reason: str = ""
    replayed: set[str] = field(default_factory=set)
    schedule: Schedule | None = None  # built once per session, then updated answer by answer
    assignment: int | None = None  # a club puzzle set being worked through
    position: int = 0  # the next puzzle of that set


T = TypeVar("T")


def session_object(key: str, kind: type[T]) -> T:
    """The session's object under `key`, created when missing, or when the app's code was
    reloaded (a changed module makes a new class, which the stored object no longer is)."""
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = st.session_state[key] = kind()
    return found
