"""Learn: the lessons, step by step, resuming where the learner left off."""

from __future__ import annotations

import time

import streamlit as st

from klaverjas_core import Card, Seat
from klaverjas_trainer.app.assignments import show_assignments
from klaverjas_trainer.app.board import pick_cards, show_cards, show_trump, style, yes_no
from klaverjas_trainer.app.cards import card_label
from klaverjas_trainer.app.services import club, course, profile, require_learner, store
from klaverjas_trainer.app.state import LessonState, session_object
from klaverjas_trainer.app.texts import t
from klaverjas_trainer.storage import AnswerRecord
from lessons import Check, CheckKind, Lesson, NatAnswer, Step
from lessons.loader import GLOSSARY_LINK

SEAT_ANSWERS = {
    CheckKind.NEXT_LEADER,
    CheckKind.NEXT_DEALER,
    CheckKind.FIRST_HAND,
    CheckKind.PARTNER,
    CheckKind.TRUMP_CHOOSER,
}
NUMBER_ANSWERS = {
    CheckKind.TRICK_POINTS,
    CheckKind.TRICK_ROEM,
    CheckKind.CARDS_POINTS,
    CheckKind.MATCH_DEALS,
}


current = profile()
learner = require_learner()
progress_store = store()
the_course = course()
state = session_object("lesson", LessonState)
style()


def lesson_list() -> None:
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
            state.lesson_id = lesson.id
            state.step = 0 if done else min(step, len(lesson.steps) - 1)
            state.feedback = {}
            st.rerun()


def linked(text: str) -> str:
    """Glossary links [[word]] become bold words (the glossary is listed below the step)."""
    return GLOSSARY_LINK.sub(lambda match: f"**{match.group(1)}**", text)


def show_table(step: Step, index: int) -> None:
    table = step.table
    if table is None:
        return
    if table.trump is not None:
        show_trump(table.trump, current)
    trick = table.trick
    if trick:
        key = f"reveal-{state.lesson_id}-{index}"
        shown = st.session_state.setdefault(key, 1) if table.reveal else len(trick)
        leader = table.leader
        captions = [str(Seat((leader + i) % 4)) for i in range(shown)] if leader is not None else []
        show_cards(trick[:shown], table.trump, current, captions=captions)
        if shown < len(trick) and st.button(t("play-next-card"), key=f"{key}-more"):
            st.session_state[key] = shown + 1
            st.rerun()
    if table.cards:
        show_cards(table.cards, table.trump, current)
    if table.hand:
        mover = table.to_move
        st.caption(f"{t('your-hand')}{f' ({mover})' if mover is not None else ''}")
        show_cards(table.hand, table.trump, current)
    for number, (leader, cards) in enumerate(table.tricks):
        st.caption(t("trick-n", n=number + 1))
        show_cards(
            cards, table.trump, current, captions=[str(Seat((leader + i) % 4)) for i in range(4)]
        )


def label(card: Card) -> str:
    return card_label(card, four_colour=current.four_colour)


def reply_widgets(check: Check, key: str) -> object:
    """The widgets for one check; the reply in the shape `Check.grade` takes."""
    kind, table = check.kind, check.table
    if kind is CheckKind.LEGAL_CARDS:
        return tuple(pick_cards(check.question, table.hand, current, key))
    if kind is CheckKind.CARD_LEGAL:
        return yes_no(check.question, key)
    if kind is CheckKind.TRICK_WINNER:
        return st.pills(check.question, list(table.trick), format_func=label, key=key)
    if kind is CheckKind.CARD_ORDER:
        return tuple(st.multiselect(check.question, list(table.cards), format_func=str, key=key))
    if kind in SEAT_ANSWERS:
        return st.segmented_control(check.question, list(Seat), format_func=str, key=key)
    if kind in NUMBER_ANSWERS:
        return int(st.number_input(check.question, 0, 1000, step=1, key=key))
    if kind is CheckKind.PACKETS:
        st.markdown(check.question)
        columns = st.columns(3)
        return tuple(
            int(column.number_input(f"{n + 1}", 0, 8, step=1, key=f"{key}-{n}"))
            for n, column in enumerate(columns)
        )
    nat = yes_no(check.question, key)
    left, right = st.columns(2)
    points = (
        int(left.number_input(t("written", pair="N+S"), 0, 1000, key=f"{key}-0")),
        int(right.number_input(t("written", pair="E+W"), 0, 1000, key=f"{key}-1")),
    )
    return None if nat is None else NatAnswer(bool(nat), points)


def ask(lesson: Lesson, index: int, check: Check) -> None:
    key = f"check-{lesson.id}-{index}"
    with st.form(key):
        reply = reply_widgets(check, f"{key}-reply")
        answered = index in state.feedback
        if st.form_submit_button(
            t("check-answer"), type="primary", disabled=answered, key=f"{key}-submit"
        ):
            if reply is None:
                st.warning(t("answer-first"), icon=":material/back_hand:")
            else:
                feedback = check.grade(reply)  # type: ignore[arg-type]
                state.feedback[index] = feedback
                progress_store.record(
                    learner.id,
                    AnswerRecord(
                        source="lesson",
                        item_id=f"{lesson.id}/{index}",
                        kind=check.kind.value,
                        rule=check.rule.value,
                        tags=(check.rule.value,),
                        rules=check.table.rules.name,
                        level=1,
                        given=str(reply),
                        correct=feedback.correct,
                        seconds=time.monotonic() - state.shown_at,
                    ),
                )
    shown = state.feedback.get(index)
    if shown is not None:
        if shown.correct:
            st.success(f"{t('right')} {shown.explanation}", icon=":material/check_circle:")
        else:
            st.error(
                f"{t('wrong')} {t('answer-was', answer=shown.expected)}",
                icon=":material/cancel:",
            )
            st.write(shown.explanation)


def lesson_view(lesson: Lesson) -> None:
    if st.button("← " + t("all-lessons"), key="all_lessons"):
        state.lesson_id = None
        st.rerun()
    st.header(f"{lesson.number}. {lesson.title}")
    index = state.step
    step = lesson.steps[index]
    st.progress(
        (index + 1) / len(lesson.steps), text=t("step-of", step=index + 1, steps=len(lesson.steps))
    )
    if index == 0 and lesson.intro:
        st.markdown(linked(lesson.intro))
    st.markdown(linked(step.text))
    show_table(step, index)
    if step.check is not None:
        ask(lesson, index, step.check)
    terms = GLOSSARY_LINK.findall(step.text + (lesson.intro if index == 0 else ""))
    if terms:
        with st.expander(t("glossary")):
            for term in dict.fromkeys(terms):
                entry = the_course.glossary[term]
                st.markdown(f"**{entry.dutch}** — {entry.english}. {entry.explain}")
    back, forward = st.columns(2)
    if back.button(t("back"), disabled=index == 0, key="step_back"):
        state.step -= 1
        st.rerun()
    ready = step.check is None or index in state.feedback
    last = index == len(lesson.steps) - 1
    if forward.button(
        t("finish") if last else t("next"), type="primary", disabled=not ready, key="step_next"
    ):
        progress_store.save_lesson_step(
            learner.id, lesson.id, index if last else index + 1, completed=last
        )
        if last:
            state.lesson_id = None
            st.session_state["lesson_finished"] = lesson.title
        else:
            state.step += 1
            state.shown_at = time.monotonic()
        st.rerun()


if st.session_state.pop("lesson_finished", None):
    st.balloons()
    st.success(t("finished"), icon=":material/emoji_events:")
if state.lesson_id is None:
    lesson_list()
else:
    lesson_view(the_course.lesson(state.lesson_id))
