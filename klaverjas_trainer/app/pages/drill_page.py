"""Drill: endless puzzles aimed at one rule (or at what the learner needs most). The page draws
and dispatches; `klaverjas_trainer.app.drill` decides what comes next and stores answers."""

from __future__ import annotations

import contextlib
import random
import time

import streamlit as st

from klaverjas_questions import Grade
from klaverjas_questions.misconceptions import believed_answer
from klaverjas_trainer.app import drill
from klaverjas_trainer.app.assignments import show_assignments
from klaverjas_trainer.app.board import (
    answered_style,
    focus_first_answer,
    picked_marks,
    show_rule_set,
    style,
)
from klaverjas_trainer.app.feedback import feedback
from klaverjas_trainer.app.feedback import show_feedback as show_answer_feedback
from klaverjas_trainer.app.in_view import refuse
from klaverjas_trainer.app.questions import Missing, board_before_picking, view_of
from klaverjas_trainer.app.report import puzzle_report, report_problem
from klaverjas_trainer.app.services import (
    checks_found,
    club,
    course,
    learner_sign_in_holds,
    profile,
    require_learner,
    sign_in_ended_here,
    storage_problems_said,
    store,
)
from klaverjas_trainer.app.state import AUTO, DrillState, session_object
from klaverjas_trainer.storage import DamagedRowError, StorageError
from klaverjas_trainer.storage.drill_places import DrillPlaces
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.storage.store import utc_now
from klaverjas_trainer.storage.tokens import SignInEndedError
from klaverjas_trainer.texts import bound, describe_answer, explain, nt, rule_title, t
from puzzles import PUZZLE_KINDS, Puzzle, targets

current = profile()
learner = require_learner()
progress_store = store()
places = DrillPlaces(progress_store)
findings = Findings(progress_store)
state = session_object("drill", DrillState)
#: The settings' widgets: a resumed drill draws them from its own settings.
SETTINGS_KEYS = ("drill_kind", "drill_rule", "drill_level", "drill_mode")


def resume_place() -> DrillState:
    """The learner's drill where they left it (another session, a reload, last week): the
    same settings and puzzle, answered as it was; a fresh drill if it cannot be read."""
    damaged = False
    try:
        kept = places.load(learner.id)
    except StorageError:
        kept = None  # the database is not answering: a fresh drill (answers still say so)
    except DamagedRowError:
        kept, damaged = None, True  # a fresh drill, and the page says why
    resumed = st.session_state["drill"] = drill.resume(learner.id, kept)
    resumed.damaged = resumed.damaged or damaged
    resumed.started = time.monotonic()
    for key in SETTINGS_KEYS:
        st.session_state.pop(key, None)
    choice = resumed.choice
    if choice is not None and resumed.grade is not None and kept is not None:
        show_reply_as_given(choice.puzzle, kept["puzzle"]["given"])
    return resumed


def show_reply_as_given(puzzle: Puzzle, given: str) -> None:
    """An answered puzzle's cards to tap show the stored reply again (they are locked)."""
    reply = puzzle.question.decode(given)
    st.session_state.update(view_of(puzzle.kind).given(puzzle.content, reply, f"reply-{puzzle.id}"))


if state.learner_id is None and drill.asked_for(state):  # Home's or an assignment's drill
    state.learner_id = learner.id  # what was asked for, not the place kept
elif state.learner_id != learner.id:  # a new session (a reload), or another learner
    state = resume_place()
style()
st.header(t("drill"))


def new_puzzle() -> None:
    """A changed setting takes effect at once, with a fresh puzzle."""
    state.fresh = True


with st.expander(t("settings")):  # folded: the puzzle comes first, on a phone too
    state.kind = st.selectbox(
        t("kind"),
        PUZZLE_KINDS,
        index=PUZZLE_KINDS.index(state.kind),
        format_func=bound(lambda k: t(f"kind-{k}")),
        key="drill_kind",
        on_change=new_puzzle,
    )
    options = [AUTO, *(rule.value for rule in targets(state.kind, current.ruleset))]
    state.rule = st.selectbox(
        t("rule"),
        options,
        index=options.index(state.rule) if state.rule in options else 0,
        format_func=bound(lambda r: t("need-most") if r == AUTO else rule_title(r)),
        key="drill_rule",
        on_change=new_puzzle,
    )
    state.level = (
        st.segmented_control(
            t("level"), [1, 2, 3], default=state.level, key="drill_level", on_change=new_puzzle
        )
        or 1
    )
    state.mode = st.radio(
        t("mode"),
        drill.MODES,
        horizontal=True,
        index=drill.MODES.index(state.mode),
        format_func=bound(lambda m: t(f"mode-{m}")),
        key="drill_mode",
        on_change=new_puzzle,
    )

if state.set_finished:
    state.set_finished = False
    finished = state.finished_set
    done = progress_store.assignment_answers_of(learner.id, finished) if finished else None
    right, count = (0, 0) if done is None else drill.set_score(done)
    key = "set-finished-all" if right == count else "set-finished-score"
    st.success(nt(key, count, right=right), icon=":material/emoji_events:")
if state.set_unavailable:
    state.set_unavailable = False
    st.warning(t("set-unavailable"), icon=":material/warning:")
if state.damaged:
    state.damaged = False
    st.warning(t("drill-place-damaged"), icon=":material/warning:")
if current.group is not None and state.assignment is None:
    with st.expander(t("assignments"), expanded=True):
        show_assignments(club(), learner, current.group.id, course())


def choose_puzzle() -> bool:
    """A new puzzle once the learner moved on (or a setting changed); True when keeping its
    place checked that the learner's sign-in holds."""
    group = current.group
    assignment = None
    if state.assignment is not None and group is not None:
        assignment = next(
            (a for a in club().assignments(group.id, closed=True) if a.id == state.assignment),
            None,
        )
    shown = len(state.shown)
    state.choice = drill.choose_next(
        state,
        rules=current.ruleset,
        store=progress_store,
        learner_id=learner.id,
        assignment=assignment,
        group_rules=None if group is None else group.rules,
        now=utc_now(),
        rng=random.Random(),
        course=course(),
        findings=findings,
        found=checks_found(),
    )
    state.fresh, state.grade, state.given = False, None, None
    state.started = time.monotonic()
    if state.choice is not None and len(state.shown) == shown:
        # drawn again in this session (a replayed mistake): nothing chosen yet
        answered = f"reply-{state.choice.puzzle.id}"
        for name in [name for name in st.session_state if str(name).startswith(answered)]:
            # set, not deleted: only a value set here makes the browser clear the widget
            st.session_state[name] = [] if isinstance(st.session_state[name], list) else None
    state.focus = True  # a new puzzle: the keyboard starts on it, not at the top of the page
    # Kept, so a reload shows this puzzle again, while the sign-in holds (checked in the same
    # transaction); if the database fails the puzzle is still shown, and its answer keeps the
    # place (or says what failed).
    checked = False
    with contextlib.suppress(StorageError):
        places.save(learner.id, drill.place_of(state), sign_in=current.learner_token)
        checked = current.learner_token is not None
    if state.set_finished or state.set_unavailable:
        st.rerun(scope="app")  # the notice sits above the puzzle, outside the fragment
    return checked


def show_why(choice: drill.Choice) -> None:
    """Why this puzzle now, and the streak or the mistakes left."""
    reason = choice.reason
    asked = choice.puzzle.question.answer_names_rule
    if reason is not None and reason.key == "suggested" and asked:
        reason = None  # naming the suggested rule would give the answer away
    if reason is not None and reason.key == "suggested":
        title = rule_title(reason.fields["rule"])
        st.markdown(t("suggested", title=title, reason=t(f"reason-{reason.fields['why']}")))
    elif reason is not None:
        st.markdown(t(reason.key, **reason.fields))
    if state.mode == "streak":
        state.best_streak = max(state.best_streak, current.best_streak)
        now_column, best_column = st.columns(2)
        now_column.metric(t("streak-now"), state.streak)
        best_column.metric(t("streak-best"), state.best_streak)
    elif state.mode == "mistakes":
        left = len(progress_store.open_mistakes(learner.id))
        st.caption(nt("mistakes-left", left))


def ask_and_grade(puzzle: Puzzle) -> tuple[bool, str]:
    """The board and the question in one form; Answer stores the reply (while the sign-in
    holds: checked in the same transaction), then grades it. Whether the sign-in was checked
    so, and once answered the style that locks the form and marks its cards (sent with the
    feedback: one element fewer)."""
    checked, answered = False, ""
    renderer = view_of(puzzle.kind)
    with st.form(f"puzzle-{puzzle.id}-{puzzle.seed}"):
        show_rule_set(puzzle.rules, puzzle.kind)
        board = None
        if renderer.picks_from_hand:  # the hand is the cards to tap: the board shows no marks
            board_before_picking(puzzle.content, current)
        else:
            board = st.container()  # drawn below, once it is known whether the answer is checked
        reply_key = f"reply-{puzzle.id}"
        locked = state.grade is not None
        reply = renderer.ask(puzzle.content, None, reply_key, current, locked=locked)
        submitted = st.form_submit_button(
            t("submit"),
            type="primary",
            disabled=locked,
            key="answer_button",
            shortcut="Enter",  # the keyboard: Tab and Space pick, Enter answers, N goes on
        )
    if state.focus:
        state.focus = False
        focus_first_answer()
    if submitted and state.grade is None:
        if isinstance(reply, Missing):
            refuse(reply.words(), "answer-missing")
        else:
            drill.answer(
                state,
                reply,
                store=progress_store,
                learner_id=learner.id,
                seconds=time.monotonic() - state.started,
                now=utc_now(),
                places=places,  # the answer, the place now answered and a new best streak:
                settings=current.settings(),  # in one transaction
                findings=findings,
                sign_in=current.learner_token,
            )
            checked = current.learner_token is not None
            current.best_streak = max(current.best_streak, state.best_streak)
    grade = state.grade
    checks = None if grade is None else renderer.checks(puzzle.content, puzzle.rules, grade)
    if grade is not None:  # the reply is stored: it stays as given, its cards marked
        marks = ""
        if checks and renderer.picks_from_hand:
            marks = picked_marks(reply_key, puzzle.content.hand, checks)
        answered = answered_style("answer_button", marks)
    if board is not None:
        with board:
            renderer.board(puzzle.content, current, checks)
    return checked, answered


def show_feedback(puzzle: Puzzle, grade: Grade, answered: str, *, scroll: bool) -> None:
    """Right or wrong, why, the rule and the answer (the one feedback view), then Next;
    `answered`: the style of the answered form; `scroll`: bring it into view."""
    view = feedback(puzzle.kind, puzzle.content, grade, puzzle.solution, puzzle.rule, revealed=True)
    show_answer_feedback(
        view, more=lambda: show_coach(puzzle, grade), style=answered, scroll=scroll
    )
    if grade.correct and state.cleared:
        st.caption(t("mistake-cleared"))
    if state.streak_over:
        st.warning(nt("streak-over", state.streak), icon=":material/flag:")
    st.button(
        t("next-puzzle"), type="primary", key="next_button", shortcut="N",
        on_click=drill.next_puzzle, args=(state,),  # one run: the next puzzle is drawn at once
    )  # fmt: skip


def show_coach(puzzle: Puzzle, grade: Grade) -> None:
    """The coach's word on the answer: a wrong rule it shows (in one sentence, with what that
    rule would have answered here, and a practice of it), one that is gone, a mistake that
    keeps coming back and no wrong rule explains (the right count, plainly), and at a
    practice's end whether its wrong rule still shows."""
    noticed = state.noticed
    if noticed is None:
        return
    over = state.practice_over  # the practice's last answer: does the wrong rule still show?
    if over is not None and state.coach is not None:
        title = t(f"misconception-title:{over}")
        if over in state.coach.named:
            st.info(t("practice-still", pattern=title), icon=":material/replay:")
        elif over not in {entry.name for entry in noticed.gone}:
            st.success(t("practice-gone", pattern=title), icon=":material/verified:")
    for entry in noticed.gone:
        title = t(f"misconception-title:{entry.name}")
        st.success(t("coach-gone", pattern=title), icon=":material/verified:")
    if not grade.correct and noticed.plain:  # a repeated mistake no wrong rule explains
        with st.container(border=True, key="coach_plain"):
            st.markdown(f"**{t('coach-pattern')}** {explain(noticed.plain)}")
    if grade.correct or not noticed.behind:
        return
    entry = noticed.behind[0]
    with st.container(border=True, key="coach_noticed"):
        st.markdown(f"**{t('coach-noticed')}** {t(f'misconception:{entry.name}')}")
        believed = believed_answer(puzzle.kind, puzzle.content, puzzle.rules, entry.flag)
        if believed is not None:
            answer = describe_answer(puzzle.kind, puzzle.content, believed)
            st.markdown(t("coach-believed", answer=answer))
        if state.practice != entry.name:
            st.button(
                nt("coach-practise", drill.PRACTICE_COUNT),
                key="coach_practise",
                on_click=drill.practise,
                args=(state, entry.name),
            )


@st.fragment
def puzzle_view() -> None:
    """The puzzle, its answer and feedback, and Next: a click here reruns only this part of
    the page (the settings and assignments above stay as they are)."""
    with storage_problems_said():
        # Ended on another device: the whole page says so. A run that stored something has
        # checked the sign-in in that transaction; any other run checks it here (no answer is
        # stored without a check, and nothing is shown that was not shown before).
        try:
            holds = show_puzzle() or learner_sign_in_holds()
        except SignInEndedError:  # refused by the answer's or the place's transaction
            sign_in_ended_here()
            holds = False
        if not holds:
            st.rerun(scope="app")


def show_puzzle() -> bool:
    """The puzzle on screen (a new one if the learner moved on), its answer and feedback;
    True when something was stored, in a transaction that checked the sign-in."""
    checked = False
    if state.fresh or state.choice is None:
        checked = choose_puzzle()
    if state.choice is None:
        message = "no-mistakes" if state.mode == "mistakes" else "no-puzzle"
        st.info(t(message), icon=":material/celebration:")
        return checked
    show_why(state.choice)
    puzzle = state.choice.puzzle
    before = state.grade
    stored, answered = ask_and_grade(puzzle)
    checked = stored or checked
    if state.grade is not None:  # brought into view in the run that stored the answer only
        show_feedback(puzzle, state.grade, answered, scroll=before is None)
    report_problem(puzzle_report(puzzle, state.given), key=f"drill-{puzzle.id}", lazy=True)
    return checked


puzzle_view()
