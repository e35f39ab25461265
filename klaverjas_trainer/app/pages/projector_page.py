"""Projector: a shared puzzle or a lesson step in large type; the answer on demand."""

from __future__ import annotations

import streamlit as st

from klaverjas_trainer.app.assignments import describe, set_puzzle
from klaverjas_trainer.app.board import show_cards, show_rule_set, show_trump, style
from klaverjas_trainer.app.club_deals import pick_deal, projector_deal
from klaverjas_trainer.app.questions import RENDERERS
from klaverjas_trainer.app.services import club, course, profile, teacher_signed_in
from klaverjas_trainer.texts import bound, describe_answer, explain, t
from puzzles import PuzzleError

current = profile()
if not teacher_signed_in():
    st.info(t("teacher-only"), icon=":material/lock:")
    st.stop()
current.large = True  # the wall is far away
st.set_page_config(layout="wide")  # the whole width of a 1920 x 1080 projector
style()
st.markdown(
    "<style>.stMarkdown p, .stMarkdown li { font-size: 1.6rem; }</style>", unsafe_allow_html=True
)
st.header(t("projector"))
clubs = club()
groups = clubs.groups()
if not groups:
    st.info(t("no-groups"), icon=":material/group_add:")
    st.stop()
group = st.selectbox(
    t("pick-group"),
    groups,
    key="projector_group",
    format_func=bound(lambda g: f"{g.name} ({g.code})"),
)
work = clubs.assignments(group.id)
sets = [a for a in work if a.is_set]
deals = [a for a in work if a.is_deal]
source = st.radio(
    t("show-what"),
    ["set", "lesson", "deal"],
    horizontal=True,
    key="projector_source",
    format_func=bound(lambda w: t(f"assign-{w}")),
)


def reveal_for(item: object) -> bool:
    """The Reveal switch, off again for every new puzzle, step or trick shown."""
    if st.session_state.get("projector_shown") != item:
        st.session_state["projector_shown"] = item
        st.session_state["projector_reveal"] = False
    return st.toggle(t("reveal"), key="projector_reveal")


if source == "set" and sets:
    chosen = st.selectbox(
        t("pick-assignment"),
        sets,
        key="projector_set",
        format_func=bound(lambda a: describe(a, course())),
    )
    number = st.number_input(t("puzzle-n", n=""), 1, chosen.count, 1, key="projector_number")
    reveal = reveal_for(("set", chosen.id, int(number)))
    try:
        puzzle = set_puzzle(chosen, group.rules, int(number) - 1)
    except PuzzleError:
        st.warning(t("set-unavailable"), icon=":material/warning:")
        st.stop()
    st.header(t("puzzle-n", n=int(number)))
    show_rule_set(puzzle.rules)
    RENDERERS[puzzle.kind].board(puzzle.content, current, None)
    st.markdown(f"**{t(f'kind-{puzzle.kind}')}**")
    if reveal:
        st.markdown(f"## {describe_answer(puzzle.kind, puzzle.content, puzzle.answer)}")
        st.markdown(explain(puzzle.solution.facts))
elif source == "deal" and deals:
    projector_deal(pick_deal(deals, "projector_deal"), group, current, reveal_for)
elif source == "lesson":
    lesson = st.selectbox(
        t("lesson"),
        list(course().lessons),
        key="projector_lesson",
        format_func=bound(lambda item: f"{item.number}. {item.title}"),
    )
    index = st.number_input(t("step-n", n=""), 1, len(lesson.steps), 1, key="projector_step")
    reveal = reveal_for(("lesson", lesson.id, int(index)))
    step = lesson.steps[int(index) - 1]
    st.header(f"{lesson.number}. {lesson.title} · {t('step-n', n=int(index))}")
    st.markdown(step.text.replace("[[", "**").replace("]]", "**"))
    table = step.table
    if table is not None and table.trump is not None:
        show_trump(table.trump, current)
        if table.trick:
            show_cards(table.trick, table.trump, current)
        if table.hand:
            show_cards(table.hand, table.trump, current)
    if step.check is not None:
        check = step.check
        st.markdown(f"**{check.question}**")
        if reveal:
            solution = check.solve()
            st.markdown(f"## {describe_answer(check.kind.name, check.content, solution.answer)}")
            st.markdown(explain(solution.facts))
else:
    st.caption(t("no-assignments"))
