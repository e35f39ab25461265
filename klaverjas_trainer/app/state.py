"""Per-session state of the pages, defined once: page scripts re-run on every interaction, so
classes defined there would be new classes each run and stored objects would not match them."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TypeVar

import streamlit as st

from klaverjas_questions import Grade
from klaverjas_trainer.app.drill import AUTO, DrillState

__all__ = ["AUTO", "DrillState", "LessonState", "session_object"]


@dataclass
class LessonState:
    lesson_id: str | None = None
    step: int = 0
    grades: dict[int, Grade] = field(default_factory=dict)  # only answers that are stored
    given: dict[int, str] = field(default_factory=dict)  # the stored reply of each, as JSON
    revealed: set[int] = field(default_factory=set)  # steps whose answer the learner asked for
    first_try: dict[int, bool] = field(default_factory=dict)  # right at the first try, per step
    finished: tuple[str, int, int] | None = None  # the lesson just completed: id, right, checks
    shown_at: float = 0.0

    def open(self, lesson_id: str, step: int) -> None:
        """Show `lesson_id` from `step`, with nothing answered yet in this visit."""
        self.lesson_id, self.step = lesson_id, step
        self.grades, self.revealed, self.first_try, self.finished = {}, set(), {}, None
        self.given = {}
        self.shown_at = time.monotonic()


T = TypeVar("T")


def session_object(key: str, kind: type[T]) -> T:
    """The session's object under `key`, created when missing, or when the app's code was
    reloaded (a changed module makes a new class, which the stored object no longer is)."""
    found = st.session_state.get(key)
    if not isinstance(found, kind):
        found = st.session_state[key] = kind()
    return found
