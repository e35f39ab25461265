"""The live round on screen: the teacher's start and controls (Club page), the projector's
view (the puzzle, the count of answers, then how many chose what, the answer and its rule, at
the end the group's result per rule) and the member's phone (the puzzle, the answer stored,
then their own feedback and result), and the invitation on every other page.

Each view is a fragment with the round's listener (`live_listener.py`): it reruns when the
round changes (the projector also when an answer comes in) and costs nothing in between.
"""

from __future__ import annotations

import time
from typing import Any, Final

import streamlit as st

from klaverjas_core import RuleSet
from klaverjas_questions import question_kind
from klaverjas_trainer.app.answering import grade, puzzle_asked
from klaverjas_trainer.app.assignments import describe
from klaverjas_trainer.app.board import show_rule_set
from klaverjas_trainer.app.cards import card_label
from klaverjas_trainer.app.feedback import feedback, show_feedback
from klaverjas_trainer.app.in_view import refuse
from klaverjas_trainer.app.join_link import show_join_code
from klaverjas_trainer.app.live_feed import FEED
from klaverjas_trainer.app.live_listener import listen
from klaverjas_trainer.app.live_round import (
    DEFAULT_SIZE,
    ROUND_SIZES,
    Tally,
    keys_for_rule,
    keys_for_wrong_rule,
    keys_from_set,
    may_need_help,
    per_rule,
    round_puzzles,
    shown_most,
    tally,
)
from klaverjas_trainer.app.markup import md_escape
from klaverjas_trainer.app.questions import Missing, view_of
from klaverjas_trainer.app.services import (
    Profile,
    club,
    course,
    sign_in_ended_here,
    storage_problems_said,
    store,
)
from klaverjas_trainer.storage.club import Group
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.storage.live import (
    AlreadyAnsweredError,
    LiveRound,
    LiveRoundError,
    LiveRounds,
    Phase,
)
from klaverjas_trainer.storage.tokens import SignInEndedError
from klaverjas_trainer.texts import bound, describe_answer, explain, nt, rule_title, t
from puzzles import PUZZLE_KINDS, Puzzle, PuzzleError, targets

LIVE_PAGE: Final = "klaverjas_trainer/app/pages/live_page.py"
PROJECTOR_PAGE: Final = "klaverjas_trainer/app/pages/projector_page.py"


def rounds() -> LiveRounds:
    return LiveRounds(store())


def seen(live: LiveRound | None, *, answers: bool = False) -> str:
    """The news this run read, as the stream says it (`live_feed`)."""
    if live is None:
        return "0"
    return f"{live.version}.{live.answered}" if answers else str(live.version)


@st.cache_resource(show_spinner=False, max_entries=64)  # immutable: shared, not copied
def _puzzles(keys: tuple[tuple[tuple[str, Any], ...], ...]) -> list[Puzzle]:
    return round_puzzles(dict(key) for key in keys)


def puzzles_of(live: LiveRound) -> list[Puzzle]:
    """The round's puzzles, made once per server (every phone draws the same ones)."""
    return _puzzles(tuple(tuple(sorted(key.items())) for key in live.puzzles))


# --- the teacher: start, move on, and after it who may need help -------------------------------


def teacher_live(group: Group) -> None:
    """The Club page's live round tab for `group`."""
    st.caption(t("live-intro"))
    with st.popover(t("join-show"), icon=":material/qr_code_2:"):
        show_join_code(group.code)
    state = st.container()  # drawn after the form: a round started by a full run shows at once
    with st.expander(t("live-new"), icon=":material/play_circle:"):
        start_form(group)
    with state:
        live_state(group.id)


@st.fragment  # a start reruns this part only: the page keeps its tab (a full run shows the first)
def start_form(group: Group) -> None:
    """The round's puzzles and Start; the state above hears of the new round by its stream."""
    sets = [a for a in club().assignments(group.id) if a.is_set]
    shown = shown_most(Findings(store()).of_group(group.id), group.rules)
    source = st.radio(
        t("live-from"), ["rule", "set", *(["coach"] if shown else [])], horizontal=True,
        key="live_from", format_func=bound(lambda s: t(f"live-from-{s}")),
    )  # fmt: skip
    kind, rule, chosen, wrong = PUZZLE_KINDS[0], "", None, None
    if source == "coach" and shown is not None:
        wrong, members = shown
        title = t(f"misconception-title:{wrong.name}")
        st.caption(nt("live-coach-chosen", members, title=title))
    elif source == "set":
        if not sets:
            st.info(t("live-no-sets"), icon=":material/info:")
            return
        chosen = st.selectbox(
            t("pick-assignment"), sets, key="live_set",
            format_func=bound(lambda a: describe(a, course())),
        )  # fmt: skip
    else:
        kind = st.selectbox(
            t("kind"), PUZZLE_KINDS, key="live_kind", format_func=bound(lambda k: t(f"kind-{k}"))
        )
        rules = [r.value for r in targets(kind, RuleSet.parse(group.rules))]
        weakest = weakest_rule(group, rules)
        if weakest is not None:
            st.caption(t("live-suggested", title=rule_title(weakest)))
        rule = st.selectbox(
            t("rule"), rules, key=f"live_rule_{kind}",
            index=rules.index(weakest) if weakest is not None else 0,
            format_func=bound(rule_title),
        )  # fmt: skip
    count = st.select_slider(t("live-count"), list(ROUND_SIZES), DEFAULT_SIZE, key="live_count")
    if st.button(t("live-start"), type="primary", key="live_start", icon=":material/play_arrow:"):
        try:
            if chosen is not None:
                keys = keys_from_set(chosen, group.rules, count)
            elif wrong is not None:
                keys = keys_for_wrong_rule(wrong, group.rules, count=count, seed=time.time_ns())
            else:
                keys = keys_for_rule(kind, rule, group.rules, count=count, seed=time.time_ns())
            if not keys:
                raise PuzzleError(f"no {kind} puzzles for {rule}")
            rounds().start(group.id, keys)
        except PuzzleError:
            refuse(
                t("set-unavailable" if chosen else "live-no-puzzles"), "live-refused", error=True
            )
            return
        FEED.poke()
        st.session_state["projector_live"] = True  # this laptop's projector shows it


def weakest_rule(group: Group, rules: list[str]) -> str | None:
    """Of `rules`, the one the group's members get wrong most (by share, with ≥ 5 answers)."""
    totals = club().rule_totals(group.id)
    totals = totals[totals["rule"].isin(rules)].groupby("rule")[["answers", "right"]].sum()
    totals = totals[totals["answers"] >= 5]
    if totals.empty:
        return None
    return str((totals["right"] / totals["answers"]).idxmin())


@st.fragment
def live_state(group_id: int) -> None:
    """Where the round is, its controls and the count of answers; at its end, who may need
    help (by name: the teacher's page only)."""
    with storage_problems_said():
        live = rounds().current(group_id)
        listen(group_id, seen(live, answers=True), key="live_teacher_ear", answers=True)
        if live is None:
            st.caption(t("live-none-yet"))
            return
        members = len(club().members(group_id))
        if live.phase != "over":
            st.markdown(t(f"live-state-{live.phase}", n=live.at + 1, count=len(live.puzzles)))
            st.markdown(nt("live-answered", members, answered=_answered_now(live)))
            controls(live, "teacher")
            st.page_link(PROJECTOR_PAGE, label=t("live-open-projector"), icon=":material/tv:")
            return
        st.markdown(t("live-over"))
        answers = rounds().answers(live.id)
        names = rounds().names(live.id)
        st.subheader(t("live-help"))
        helped = may_need_help(answers)
        if not helped:
            st.caption(t("live-help-none"))
        for learner_id, right, given in helped:
            name = md_escape(names.get(learner_id, "?"))
            st.markdown("- " + t("live-help-row", name=name, right=right, answered=given))


def _answered_now(live: LiveRound) -> int:
    return len(rounds().answers(live.id, live.at))


def controls(live: LiveRound, where: str) -> None:
    """Show / Next / End: each moves the round on once (a second click, or the other
    screen's, is told the round moved on)."""
    with st.container(horizontal=True, key=f"live-controls-{where}"):
        if live.phase == "asking":
            st.button(
                t("live-show"), type="primary", key=f"live_show_{where}",
                on_click=_move, args=(live, "shown"), icon=":material/visibility:",
            )  # fmt: skip
        elif not live.last:
            st.button(t("live-next"), type="primary", key=f"live_next_{where}",
                      on_click=_move, args=(live, "asking", live.at + 1),
                      icon=":material/skip_next:")  # fmt: skip
        st.button(t("live-end"), key=f"live_end_{where}", on_click=_move, args=(live, "over"),
                  type="primary" if live.last and live.phase == "shown" else "secondary",
                  icon=":material/stop_circle:")  # fmt: skip


def _move(live: LiveRound, to: Phase, at: int | None = None) -> None:
    try:
        rounds().move(live, to, at)
    except LiveRoundError:
        st.toast(t("live-moved-on"), icon=":material/info:")
    FEED.poke()


# --- the projector ------------------------------------------------------------------------------


@st.fragment
def projector_live(group: Group, current: Profile) -> None:
    """The round on the wall: the puzzle and the count, after "show" the replies counted, the
    answer, its rule and the wrong rule behind the commonest wrong answer; at the end the
    group's result per rule. No names."""
    with storage_problems_said():
        live = rounds().current(group.id)
        listen(group.id, seen(live, answers=True), key="live_projector_ear", answers=True)
        if live is None:
            st.info(t("live-none-yet"), icon=":material/info:")
            return
        puzzles = puzzles_of(live)
        if live.phase == "over":
            st.header(t("live-class-result"))
            for result in per_rule(puzzles, rounds().answers(live.id)):
                st.markdown(
                    "## " + t("live-rule-row", title=rule_title(result.rule),
                              right=result.right, answered=result.answered)
                )  # fmt: skip
            return
        puzzle = puzzles[live.at]
        answers = rounds().answers(live.id, live.at)
        members = len(club().members(group.id))
        shown = live.phase == "shown"
        top, count, *join = st.columns([3, 4, 2] if shown else [4, 5], vertical_alignment="center")
        with top:
            controls(live, "projector")
        with count:
            st.markdown(
                f"**{t('live-title', n=live.at + 1, count=len(puzzles))}** · "
                + nt("live-answered", members, answered=len(answers))
            )
        if shown:  # the answer's words need the column: the code small, on top
            with join[0]:
                show_join_code(group.code, scale=2, wall="small")
        # after "show" the words are the point: they get half the wall
        board, words = st.columns([1, 1] if shown else [3, 2], gap="large")
        view = view_of(puzzle.kind)
        marks = None
        if shown:
            solved = view.kind.grade(puzzle.content, puzzle.rules, puzzle.answer)
            marks = view.checks(puzzle.content, puzzle.rules, solved)
        with board:
            view.board(puzzle.content, current, marks)
        with words:
            if shown:  # the question was on the wall; now the answer takes its place
                show_counts(puzzle, tally(puzzle, answers), four_colour=current.four_colour)
                return
            st.markdown(f"## {t(f'kind-{puzzle.kind}')}")
            if view.parts is not None:
                st.markdown("\n".join(f"- {part}" for part in view.parts(puzzle.content).values()))
            show_rule_set(puzzle.rules, puzzle.kind)
            show_join_code(group.code, wall="large")  # late arrivals scan it from their seat


def show_counts(puzzle: Puzzle, counted: Tally, *, four_colour: bool) -> None:
    """How many chose what, the answer and its rule, and the wrong rule behind the commonest
    wrong answer where exactly one wrong rule gives it."""
    st.markdown("## " + t("answer-was", answer=describe_answer(puzzle.kind, puzzle.content,
                                                               puzzle.answer)))  # fmt: skip
    st.markdown(t("rule-named", title=rule_title(puzzle.rule)))
    st.markdown(explain(puzzle.solution.facts))
    if not counted.answered:
        st.caption(t("live-no-answers"))
        return
    kind = question_kind(puzzle.kind)
    lines = []
    for reply in counted.replies[:5]:
        said = describe_answer(puzzle.kind, puzzle.content, kind.decode(reply.given))
        mark = "✔" if reply.correct else "✘"
        lines.append(f"- {mark} {t('live-reply-row', reply=said, count=reply.count)}")
    st.markdown(f"### {t('live-chose')}\n" + "\n".join(lines))
    if counted.cards:  # each card of the hand with how many chose it
        hand = getattr(puzzle.content, "hand", ())
        chosen = (
            f"{card_label(c, four_colour=four_colour)} ×{counted.cards.get(c, 0)}" for c in hand
        )
        st.markdown("### " + " · ".join(chosen))
    wrong = counted.commonest_wrong
    if wrong is not None and counted.wrong_rule is not None:
        said = describe_answer(puzzle.kind, puzzle.content, kind.decode(wrong.given))
        title = t(f"misconception-title:{counted.wrong_rule}")
        st.warning(
            t("live-wrong-rule", answer=said, count=wrong.count, title=title),
            icon=":material/psychology:",
        )


# --- the member's phone -------------------------------------------------------------------------


@st.fragment
def phone_live(current: Profile) -> None:
    """The member's side of the round: the puzzle and its answer (stored, then "in"), after
    "show" their own feedback, at the end their own result."""
    learner, group = current.learner, current.group
    if learner is None or group is None:
        st.info(t("live-member-only"), icon=":material/groups:")
        return
    with storage_problems_said():
        live = rounds().current(group.id)
        listen(group.id, seen(live), key="live_phone_ear")
        if live is None:
            st.info(t("live-none"), icon=":material/hourglass_empty:")
            return
        puzzles = puzzles_of(live)
        mine = {a.puzzle: a for a in rounds().answers(live.id, learner_id=learner.id)}
        if live.phase == "over":
            right = sum(a.correct for a in mine.values())
            st.success(t("live-over"), icon=":material/flag:")
            st.markdown("### " + t("live-your-result", right=right, answered=len(puzzles)))
            for result in per_rule(puzzles, mine.values()):
                st.markdown("- " + t("live-rule-row", title=rule_title(result.rule),
                                     right=result.right, answered=result.answered))  # fmt: skip
            return
        puzzle = puzzles[live.at]
        st.markdown("### " + t("live-title", n=live.at + 1, count=len(puzzles)))
        given = mine.get(live.at)
        view = view_of(puzzle.kind)
        if live.phase == "asking":
            slot = st.empty()  # the form, replaced in the same run by the answer stored
            stored = None if given is None else given.given
            if stored is None:
                with slot.container():
                    stored = ask(live, puzzle, current)
                if stored is None:
                    return
            with slot.container():
                view.board(puzzle.content, current, None)
                reply = describe_answer(puzzle.kind, puzzle.content, puzzle.question.decode(stored))
                st.success(t("live-sent", reply=reply), icon=":material/done:")
            return
        if given is None:
            st.info(t("live-missed"), icon=":material/schedule:")
        graded = None
        if given is not None:
            graded = puzzle.question.grade(
                puzzle.content, puzzle.rules, puzzle.question.decode(given.given)
            )
        solved = puzzle.question.grade(puzzle.content, puzzle.rules, puzzle.answer)
        view.board(puzzle.content, current, view.checks(puzzle.content, puzzle.rules,
                                                        graded or solved))  # fmt: skip
        if graded is not None:
            shown = feedback(puzzle.kind, puzzle.content, graded, puzzle.solution, puzzle.rule,
                             revealed=True)  # fmt: skip
            show_feedback(shown, key="live-feedback", scroll=False)
        else:
            answer = describe_answer(puzzle.kind, puzzle.content, puzzle.answer)
            st.markdown(t("answer-was", answer=answer))
        st.caption(t("live-wait"))


def ask(live: LiveRound, puzzle: Puzzle, current: Profile) -> str | None:
    """The puzzle in a form; Answer stores the reply with the round's check. The reply as
    stored, once it is."""
    learner = current.learner
    assert learner is not None
    view = view_of(puzzle.kind)
    asked_at = st.session_state.setdefault(f"live-asked-{live.id}-{live.at}", time.monotonic())
    with st.form(f"live-{live.id}-{live.at}"):
        show_rule_set(puzzle.rules, puzzle.kind)
        if not view.picks_from_hand:
            view.board(puzzle.content, current, None)
        reply = view.ask(puzzle.content, None, f"live-reply-{live.id}-{live.at}", current)
        sent = st.form_submit_button(t("submit"), type="primary", key="live_answer")
    if not sent:
        return None
    if isinstance(reply, Missing):
        refuse(reply.words(), "live-missing")
        return None
    graded = grade(puzzle_asked(puzzle), reply)
    try:
        rounds().answer(
            live.id, live.at, learner.id,
            graded.answer(seconds=time.monotonic() - asked_at),
            sign_in=current.learner_token,
        )  # fmt: skip
    except SignInEndedError:
        sign_in_ended_here()
        st.rerun(scope="app")
    except AlreadyAnsweredError:
        refuse(t("live-already"), "live-refused")
        return None
    except LiveRoundError:
        refuse(t("live-too-late"), "live-refused")
        return None
    FEED.poke()
    return graded.given


# --- every other page: the invitation -----------------------------------------------------------


@st.fragment
def live_invite(group_id: int) -> None:
    """On a member's other pages: a word and a way in while the group's round is on (a
    member who arrives late, or reloads, is asked again)."""
    with storage_problems_said():
        live = rounds().current(group_id)
        listen(group_id, seen(live), key="live_invite_ear")
        if live is None or live.phase == "over":
            return
        with st.container(border=True, key="live-invite"):
            st.markdown(f"**{t('live-invite')}**")
            st.page_link(LIVE_PAGE, label=t("live-join"), icon=":material/how_to_reg:")
