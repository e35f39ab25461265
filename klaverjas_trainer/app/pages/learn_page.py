"""Learn: the lessons, step by step, resuming where the learner left off."""

from __future__ import annotations

import time

import streamlit as st

from klaverjas_trainer.app import answering
from klaverjas_trainer.app.assignments import lesson_name, show_assignments
from klaverjas_trainer.app.board import lock_answered, picked_marks, style
from klaverjas_trainer.app.feedback import feedback, show_feedback
from klaverjas_trainer.app.in_view import refuse, scroll_into_view
from klaverjas_trainer.app.lesson_board import show_step_picture
from klaverjas_trainer.app.questions import Checks, Missing, chosen_wrong_only, view_of
from klaverjas_trainer.app.report import report_problem, step_report
from klaverjas_trainer.app.services import (
    club,
    course,
    course_notice,
    profile,
    require_learner,
    store,
)
from klaverjas_trainer.app.state import LessonState, session_object
from klaverjas_trainer.texts import t
from lessons import Check, Lesson, Step
from lessons.loader import GLOSSARY_LINK

current = profile()
learner = require_learner()
progress_store = store()
the_course = course()
state = session_object("lesson", LessonState)
style()


def lesson_list() -> None:
    course_notice()
    if current.group is not None:
        show_assignments(club(), learner, current.group.id, the_course)
    st.header(t("lessons"))
    saved = progress_store.lesson_steps(learner.id)
    for lesson in the_course.lessons:
        step, done = saved.get(lesson.id, (0, False))
        status = (
            t("lesson-done")
            if done
            else t("lesson-at", step=step + 1, steps=len(lesson.steps))
            if lesson.id in saved
            else t("lesson-new")
        )
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.markdown(f"**{lesson.number}. {lesson.title}**  \n{('✅ ' if done else '')}{status}")
        if right.button(t("open-lesson"), key=f"open-{lesson.id}"):
            open_lesson(lesson.id)
            st.rerun()


def linked(text: str) -> str:
    """Glossary links [[word]] become bold words (the glossary is listed below the step)."""
    return GLOSSARY_LINK.sub(lambda match: f"**{match.group(1)}**", text)


def show_table(step: Step, index: int, checks: Checks | None = None) -> None:
    """The step's picture; a trick to reveal comes card by card, with a button for the next."""
    table, check = step.table, step.check
    key = f"reveal-{state.lesson_id}-{index}"
    reveal = table is not None and table.reveal and bool(table.trick)
    shown = st.session_state.setdefault(key, 1) if reveal else None
    picking = check is not None and view_of(check.kind.name).picks_from_hand
    show_step_picture(step, current, shown=shown, checks=checks, hand_in_question=picking)
    more = table is not None and shown is not None and shown < len(table.trick)
    if more and st.button(t("play-next-card"), key=f"{key}-more"):
        st.session_state[key] = (shown or 0) + 1
        st.rerun()


def ask(lesson: Lesson, index: int, check: Check) -> None:
    key = f"check-{lesson.id}-{index}"
    renderer = view_of(check.kind.name)
    with st.form(key):
        answered = index in state.grades
        reply = renderer.ask(
            check.content, check.question, f"{key}-reply", current, locked=answered
        )
        if st.form_submit_button(
            t("check-answer"),
            type="primary",
            disabled=answered,
            key=f"{key}-submit",
            shortcut="Enter",
        ):
            if isinstance(reply, Missing):
                refuse(reply.words(), f"{key}-missing")
            else:
                graded = answering.grade(answering.lesson_asked(lesson.id, index, check), reply)
                seconds = time.monotonic() - state.shown_at
                progress_store.record(learner.id, graded.answer(seconds=seconds))
                state.grades[index] = graded.grade  # shown as graded only once it is stored
                state.given[index] = graded.given
                state.first_try.setdefault(index, graded.correct)
    shown = state.grades.get(index)
    if shown is None:
        return
    revealed = index in state.revealed  # before: what is wrong and why, not the answer
    show_feedback(
        feedback(
            check.kind.name, check.content, shown, check.solve(), check.rule, revealed=revealed
        ),
        key=f"{key}-feedback",
    )
    if not shown.correct and not revealed:  # the learner may try again
        again, show = st.columns(2)
        if again.button(t("try-again"), key=f"{key}-again"):
            del state.grades[index]  # the wrong answer stays stored; the learner tries again
            st.rerun()
        if show.button(t("show-answer"), key=f"{key}-show"):
            state.revealed.add(index)
            st.rerun()


def show_glossary(text: str) -> None:
    """The glossary entries the step's text links to, folded."""
    terms = GLOSSARY_LINK.findall(text)
    # a glossary that could not be loaded is empty: its links stay bold words, unexplained
    entries = [the_course.glossary.get(term) for term in dict.fromkeys(terms)]
    if any(entries):
        with st.expander(t("glossary")):
            for entry in filter(None, entries):
                st.markdown(f"**{entry.dutch}** — {entry.word}. {entry.explain}")


def lesson_view(lesson: Lesson) -> None:
    if st.button("← " + t("all-lessons"), key="all_lessons"):
        state.lesson_id = None
        st.rerun()
    index = state.step
    step = lesson.steps[index]
    with st.container(key="lesson_top"):
        st.header(lesson_name(lesson))
        st.progress(
            (index + 1) / len(lesson.steps),
            text=t("step-of", step=index + 1, steps=len(lesson.steps)),
        )
    if st.session_state.pop(STEP_CHANGED, False):
        scroll_into_view("lesson_top")  # Next and Back sit at the foot of a long step
    if index == 0 and lesson.intro:
        st.markdown(linked(lesson.intro))
    st.markdown(linked(step.text))
    table_slot = st.container()  # drawn after the check, so an answer marks the cards at once
    check = step.check
    if check is not None:
        ask(lesson, index, check)
    grade = state.grades.get(index)
    checks = None
    if check is not None and grade is not None:
        checks = view_of(check.kind.name).checks(check.content, check.rules, grade)
        if not grade.correct and index not in state.revealed:
            checks = chosen_wrong_only(checks)
    with table_slot:
        show_table(step, index, checks)
    if grade is not None:  # until "Try again", the reply stays as given
        marks = ""
        if checks and check is not None and view_of(check.kind.name).picks_from_hand:
            marks = picked_marks(f"check-{lesson.id}-{index}-reply", check.content.hand, checks)
        lock_answered(f"check-{lesson.id}-{index}-submit", marks)
    show_glossary(step.text + (lesson.intro if index == 0 else ""))
    report_problem(step_report(lesson, index, state.given.get(index)), key=f"{lesson.id}-{index}")
    step_buttons(lesson, index)


def step_buttons(lesson: Lesson, index: int) -> None:
    """Back and Next (Finish on the last step; Next once the step's check is answered)."""
    step = lesson.steps[index]
    back, forward = st.columns(2)
    if back.button(t("back"), disabled=index == 0, key="step_back"):
        state.step -= 1
        st.session_state[STEP_CHANGED] = True
        st.rerun()
    ready = step.check is None or index in state.grades
    last = index == len(lesson.steps) - 1
    if forward.button(
        t("finish") if last else t("next"),
        type="primary",
        disabled=not ready,
        key="step_next",
        shortcut="N",
    ):
        progress_store.save_lesson_step(
            learner.id, lesson.id, index if last else index + 1, completed=last
        )
        if last:
            state.lesson_id = None
            asked = [i for i, each in enumerate(lesson.steps) if each.check is not None]
            right = sum(1 for i in asked if state.first_try.get(i))
            state.finished = (lesson.id, right, len(asked))
            st.session_state[JUST_FINISHED] = True
        else:
            state.step += 1
            state.shown_at = time.monotonic()
            st.session_state[STEP_CHANGED] = True
        st.rerun()


#: Set by Next and Back for the next run, which starts the step at its top.
STEP_CHANGED = "lesson_step_changed"
#: Set by Finish for the next run, which brings the lesson's end into view.
JUST_FINISHED = "lesson_just_finished"


def lesson_finished(lesson_id: str, right: int, checks: int) -> None:
    """The lesson's score (checks right at the first try) and the way on, the next lesson, at
    the top of the list; right after Finish (tapped at the bottom of a long lesson, where the
    browser keeps the page scrolled) the page scrolls up to them."""
    with st.container(key="lesson_end"):
        if checks and right == checks:
            words = t("finished-all-right", right=right, checks=checks)
        elif checks:
            words = t("finished-score", right=right, checks=checks)
        else:
            words = t("finished-plain")
        st.success(words, icon=":material/emoji_events:")
        lessons = list(the_course.lessons)
        number = next(i for i, lesson in enumerate(lessons) if lesson.id == lesson_id)
        if number + 1 < len(lessons):
            following = lessons[number + 1]
            label = t("next-lesson", number=following.number, title=following.title)
            st.button(
                label,
                type="primary",
                key="next_lesson",
                icon=":material/arrow_forward:",
                on_click=open_lesson,
                args=(following.id,),
            )
    if st.session_state.pop(JUST_FINISHED, False):
        if checks and right == checks:
            st.balloons()
        scroll_into_view("lesson_end")


def open_lesson(lesson_id: str) -> None:
    """Open a lesson where the learner left it (from the start once completed)."""
    step, done = progress_store.lesson_steps(learner.id).get(lesson_id, (0, False))
    steps = len(the_course.lesson(lesson_id).steps)
    state.open(lesson_id, 0 if done else min(step, steps - 1))


if state.finished is not None and state.lesson_id is None:
    lesson_finished(*state.finished)
if state.lesson_id is None:
    lesson_list()
else:
    lesson_view(the_course.lesson(state.lesson_id))
