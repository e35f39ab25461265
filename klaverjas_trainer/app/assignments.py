"""A club learner's assignments: listed first on the Learn and Drill pages."""

from __future__ import annotations

from typing import Literal

import streamlit as st

from klaverjas_questions import question_kind
from klaverjas_trainer.app.drill import make, set_key
from klaverjas_trainer.app.play import PlayState
from klaverjas_trainer.app.state import DrillState, LessonState, session_object
from klaverjas_trainer.storage.club import Assignment, ClubStore
from klaverjas_trainer.storage.store import Learner
from klaverjas_trainer.texts import nt, rule_title, t
from lessons import Course, Lesson
from puzzles import Puzzle


def lesson_name(lesson: Lesson) -> str:
    """A lesson as Learn and the projector list it: "4. Following suit"."""
    return f"{lesson.number}. {lesson.title}"


def describe(
    assignment: Assignment, course: Course, *, for_learner: bool = False, numbered: bool = False
) -> str:
    """What an assignment is. The teacher's words start with its number ("#12 · ..."), so two
    alike (the same set again next week) are told apart; a learner's only where another of
    their list reads the same (`numbered`); a learner is not told the rule a who-revoked set
    asks for."""
    words = _what(assignment, course, for_learner=for_learner)
    return f"#{assignment.id} · {words}" if numbered or not for_learner else words


def _what(assignment: Assignment, course: Course, *, for_learner: bool) -> str:
    if assignment.lesson_id is not None:
        return t("assignment-lesson", title=lesson_name(course.lesson(assignment.lesson_id)))
    if assignment.is_deal:
        return t("assignment-deal", number=assignment.seed)
    kind = t(f"kind-{assignment.kind}")
    if for_learner and question_kind(str(assignment.kind)).answer_names_rule:
        return nt("assignment-set-unnamed", assignment.count, kind=kind, level=assignment.level)
    return nt(
        "assignment-set",
        assignment.count,
        kind=kind,
        rule=rule_title(str(assignment.rule)),
        level=assignment.level,
    )


def set_puzzle(assignment: Assignment, rules: str, number: int) -> Puzzle:
    """Puzzle `number` (0-based) of a puzzle set: the same for every learner of the group.
    Raises `PuzzleError` for a set this trainer cannot make (see `drill.set_key`)."""
    return make(set_key(assignment, rules, number))


def set_puzzles(assignment: Assignment, rules: str) -> list[Puzzle]:
    return [set_puzzle(assignment, rules, n) for n in range(assignment.count)]


def done_count(club: ClubStore, learner: Learner, assignment: Assignment) -> int:
    """Lessons and shared deals: 1 when completed; puzzle sets: the puzzles answered."""
    if assignment.lesson_id is not None:
        step = club.store.lesson_steps(learner.id).get(assignment.lesson_id)
        return int(step is not None and step[1])
    if assignment.is_deal:
        return int(assignment.id in club.store.deals_finished(learner.id))
    answers = club.store.assignment_answers_of(learner.id, assignment.id)
    # Counted by seed: a puzzle's id changed once when ids stopped hashing display text.
    return int(answers["seed"].nunique())


def start_words(assignment: Assignment, course: Course, done: int) -> str:
    """What an assignment's button starts, in its own words ("Open lesson 4", "Start the set:
    Who revoked?", "Play the shared deal"), so it is not taken for the next lesson's button."""
    if assignment.lesson_id is not None:
        return t("open-lesson-n", number=course.lesson(assignment.lesson_id).number)
    if assignment.is_deal:
        return t("start-shared-deal")
    kind = t(f"kind-{assignment.kind}")
    return t("continue-set", kind=kind) if done else t("start-set", kind=kind)


def show_assignments(
    club: ClubStore, learner: Learner, group_id: int, course: Course, *, lead: bool = False
) -> int:
    """The list with progress and a start button each, one under the other (so a phone shows
    the words whole); with `lead` the first unfinished one's button is the page's primary one.
    Returns how many are not finished."""
    st.subheader(t("assignments"))
    work = club.assignments(group_id)
    if not work:
        st.caption(t("no-assignments"))
        return 0
    pending = 0
    words = [describe(assignment, course, for_learner=True) for assignment in work]
    alike = {said for said in words if words.count(said) > 1}  # the same set twice: numbered
    for assignment, said in zip(work, words, strict=True):
        total = 1 if assignment.lesson_id is not None else assignment.count
        done = done_count(club, learner, assignment)
        status = (
            t("assignment-done")
            if done >= total
            else (t("assignment-progress", done=done, count=total))
        )
        due = f" · {t('due', date=assignment.due)}" if assignment.due else ""
        label = describe(assignment, course, for_learner=True, numbered=said in alike)
        st.markdown(f"**{label}**  \n{status}{due}")
        if done >= total:
            continue
        first: Literal["primary", "secondary"] = "primary" if lead and not pending else "secondary"
        pending += 1
        if st.button(
            start_words(assignment, course, done),
            type=first,
            key=f"assignment-{assignment.id}",
            icon=":material/assignment:",
        ):
            start(assignment, done, club, learner, course)
    return pending


def start(
    assignment: Assignment, done: int, club: ClubStore, learner: Learner, course: Course
) -> None:
    if assignment.lesson_id is not None:  # resumes where the learner left the lesson
        saved, _ = club.store.lesson_steps(learner.id).get(assignment.lesson_id, (0, False))
        steps = len(course.lesson(assignment.lesson_id).steps)
        session_object("lesson", LessonState).open(assignment.lesson_id, min(saved, steps - 1))
        st.switch_page("klaverjas_trainer/app/pages/learn_page.py")
    if assignment.is_deal:
        session_object("play", PlayState).pending = assignment.id
        st.switch_page("klaverjas_trainer/app/pages/play_page.py")
    drill = session_object("drill", DrillState)
    drill.assignment, drill.position, drill.choice, drill.fresh = assignment.id, done, None, True
    st.switch_page("klaverjas_trainer/app/pages/drill_page.py")
