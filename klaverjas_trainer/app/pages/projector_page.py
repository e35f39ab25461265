"""Projector: a shared puzzle, a lesson step or a shared deal in large type, across the whole
width of the wall, with the presenter's bar (Previous / Next / Show the answer) on top."""

from __future__ import annotations

from typing import Final

import streamlit as st

from klaverjas_trainer.app.assignments import describe, lesson_name, set_puzzle
from klaverjas_trainer.app.board import show_rule_set, style
from klaverjas_trainer.app.club_deals import pick_deal, projector_deal
from klaverjas_trainer.app.club_table_views import TABLE_PARAMETER, projector_table
from klaverjas_trainer.app.lesson_board import show_step_picture
from klaverjas_trainer.app.live_views import projector_live
from klaverjas_trainer.app.presenter import presenter_bar
from klaverjas_trainer.app.questions import view_of
from klaverjas_trainer.app.services import club, course, profile, store, teacher_signed_in
from klaverjas_trainer.storage.club import Group
from klaverjas_trainer.storage.club_tables import ClubTables
from klaverjas_trainer.storage.live import LiveRounds
from klaverjas_trainer.texts import bound, describe_answer, explain, t
from puzzles import PuzzleError

#: The wall, seen from the back of a clubroom: cards and words sized by the screen's height
#: (a 1280 x 720 projector shows what a 1920 x 1080 one does, the table and the hand above the
#: fold), the page's margins narrow.
WALL_CSS: Final = """<style>
[data-testid='stMainBlockContainer'] { padding: 1rem 2rem .5rem; }
.stMarkdown p, .stMarkdown li { font-size: max(1.3rem, 2.6vh); }
/* a called revoke as large as the rest (the larger-text style fixes an alert's type) */
[data-testid='stAlert'] p { font-size: max(1.3rem, 2.6vh) !important; }
.kj-card, .kj-large .kj-card, .kj-felt .kj-card, .kj-hand .kj-card {
  width: 6.7vh; height: 9.2vh; font-size: 3.6vh; border-radius: .9vh; }
.kj-table { max-width: none; gap: .6vh; margin: 0 auto .6vh; }
.kj-felt { min-height: 22vh; }
.kj-table .kj-seat, .kj-table .kj-seat b { font-size: 2.6vh; }
.kj-table .kj-role, .kj-table .kj-chip, .kj-felt .kj-c, .kj-slot { font-size: 2vh; }
.kj-trump-badge { font-size: 2.8vh; }
/* The hands as dealt: each hand on one row, its seat's name, role and chips on one line
   above it, so the four hands fit on one screen. */
.kj-table.kj-deal { width: 100%; grid-template-columns: 1fr 1fr;
  grid-template-areas: "top top" "left right" "bottom bottom"; }
.kj-table.kj-deal .kj-seat { flex-direction: row; flex-wrap: wrap; justify-content: center;
  align-items: baseline; gap: 0 1vh; }
.kj-table.kj-deal .kj-hand { flex-basis: 100%; flex-wrap: nowrap; gap: .4vh; }
/* A members' table with its hands shown: the trick in the middle, between West and East. */
.kj-table.kj-deal.kj-trick { grid-template-columns: 1fr auto 1fr;
  grid-template-areas: ". top ." "left felt right" ". bottom ."; }
</style>"""


def _table_asked(groups: list[Group]) -> bool:
    """The page opened for a table (``?table=<id>``): its group and the table chosen, hands
    hidden until the teacher shows them. Whether it was."""
    asked = st.query_params.get(TABLE_PARAMETER, "")
    if not asked:
        return False
    del st.query_params[TABLE_PARAMETER]  # once: the teacher's later choices stand
    table = ClubTables(store()).by_id(int(asked)) if asked.isdigit() else None
    group = next((g for g in groups if table is not None and g.id == table.group_id), None)
    if table is None or group is None:
        return False
    st.session_state.update(
        projector_group=group, projector_live_of=group.id, projector_live=False,
        projector_source="table", projector_table=table.id, projector_hands=False,
    )  # fmt: skip
    return True


current = profile()
if not teacher_signed_in():
    st.info(t("teacher-only"), icon=":material/lock:")
    st.stop()
current.large = True  # the wall is far away
style()
st.markdown(WALL_CSS, unsafe_allow_html=True)
clubs = club()
groups = clubs.groups()
if not groups:
    st.header(t("projector"))
    st.info(t("no-groups"), icon=":material/group_add:")
    st.stop()
_table_asked(groups)  # "Show on the projector" on the Tables tab
with st.popover(t("presenter-choose"), icon=":material/tune:"):  # chosen once: one line
    group = st.selectbox(
        t("pick-group"),
        groups,
        key="projector_group",
        format_func=bound(lambda g: f"{g.name} ({g.code})"),
    )
    work = clubs.assignments(group.id)
    sets = [a for a in work if a.is_set]
    deals = [a for a in work if a.is_deal]
    if st.session_state.get("projector_live_of") != group.id:  # a group's round on: shown
        st.session_state["projector_live_of"] = group.id
        running = LiveRounds(store()).current(group.id)
        st.session_state["projector_live"] = running is not None and running.phase != "over"
    live = st.toggle(t("projector-live"), key="projector_live")
    source = None  # the live round: nothing else to choose
    if not live:
        source = st.radio(
            t("show-what"),
            ["set", "lesson", "deal", "table"],  # one under the other: the popover stays narrow,
            # clear of the presenter's bar beside it
            key="projector_source",
            format_func=bound(
                lambda w: t("projector-table-choice") if w == "table" else t(f"assign-{w}")
            ),
        )
    chosen = lesson = deal = shown_table = None
    with_revoke = with_hands = False
    if source == "table":
        evening = ClubTables(store()).of_group(group.id)
        shown_table = st.selectbox(
            t("projector-table-choice"),
            [table.id for table in evening],
            key="projector_table",
            format_func=bound(
                lambda i: t("together-code", code=next(x.code for x in evening if x.id == i))
            ),
        )
        with_hands = st.toggle(t("projector-hands"), key="projector_hands")
    if source == "set" and sets:
        chosen = st.selectbox(
            t("pick-assignment"),
            sets,
            key="projector_set",
            format_func=bound(lambda a: describe(a, course())),
        )
    elif source == "deal" and deals:
        deal = pick_deal(deals, "projector_deal")
        with_revoke = st.toggle(
            t("projector-revoke"), key="projector_revoke", help=t("projector-revoke-help")
        )
    elif source == "lesson":
        lessons = list(course().lessons)
        assigned = {a.lesson_id for a in work if a.lesson_id is not None}
        lesson = st.selectbox(
            t("lesson"),
            lessons,
            index=next((i for i, item in enumerate(lessons) if item.id in assigned), 0),
            key="projector_lesson",
            format_func=bound(lesson_name),
        )

if live:
    projector_live(group, current)
elif source == "table":
    if shown_table is None:
        st.info(t("together-none"), icon=":material/table_restaurant:")
    else:
        names = {member.id: member.name for member in clubs.members(group.id)}
        projector_table(shown_table, names, current, hands=with_hands)
elif chosen is not None:
    count = chosen.count
    at, reveal = presenter_bar(
        f"set-{chosen.id}", count, lambda i: t("puzzle-of", n=i + 1, count=count)
    )
    try:
        puzzle = set_puzzle(chosen, group.rules, at)
    except PuzzleError:
        st.warning(t("set-unavailable"), icon=":material/warning:")
        st.stop()
    board, answer = st.columns([3, 2], gap="large")  # the answer beside the board, on one wall
    view = view_of(puzzle.kind)
    marks = None
    if reveal:  # every card of the hand marked allowed or not, as the answer says
        solved = view.kind.grade(puzzle.content, puzzle.rules, puzzle.answer)
        marks = view.checks(puzzle.content, puzzle.rules, solved)
    with board:
        view.board(puzzle.content, current, marks)
    with answer:
        st.markdown(f"**{t(f'kind-{puzzle.kind}')}**")
        if view.parts is not None:  # which parts the class works out
            st.markdown("\n".join(f"- {part}" for part in view.parts(puzzle.content).values()))
        show_rule_set(puzzle.rules, puzzle.kind)
        if reveal:
            st.markdown(f"## {describe_answer(puzzle.kind, puzzle.content, puzzle.answer)}")
            st.markdown(explain(puzzle.solution.facts))
elif deal is not None:
    at, reveal = presenter_bar(
        f"deal-{deal.id}", 9, lambda i: t("trick-n", n=i) if i else t("hands-dealt")
    )
    projector_deal(deal, group, current, at, reveal, revoke=with_revoke)
elif lesson is not None:
    steps = len(lesson.steps)
    at, reveal = presenter_bar(
        f"lesson-{lesson.id}", steps, lambda i: t("step-of", step=i + 1, steps=steps)
    )
    step = lesson.steps[at]
    words, table = st.columns([2, 3], gap="large")
    with words:
        st.subheader(lesson_name(lesson))
        st.markdown(step.text.replace("[[", "**").replace("]]", "**"))
        if step.check is not None:
            check = step.check
            st.markdown(f"**{check.question}**")
            if reveal:
                solution = check.solve()
                said = describe_answer(check.kind.name, check.content, solution.answer)
                st.markdown(f"## {said}")
                st.markdown(explain(solution.facts))
    with table:
        show_step_picture(step, current)
else:
    st.caption(t("no-assignments"))
