"""Projector: a shared puzzle or a lesson step in large type; the answer on demand."""

from __future__ import annotations

import streamlit as st

from klaverjas_core import Suit, parse_cards
from klaverjas_trainer.app.assignments import describe, set_puzzle
from klaverjas_trainer.app.board import show_cards, show_position, show_trump, style
from klaverjas_trainer.app.services import club, course, profile
from klaverjas_trainer.app.texts import t
from lessons import describe as describe_lesson_answer
from puzzles import Kind, describe_answer
from puzzles.content import cards_at

current = profile()
if not current.teacher:
    st.info(t("teacher-only"), icon=":material/lock:")
    st.stop()
current.large = True  # the wall is far away
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
    t("pick-group"), groups, key="projector_group", format_func=lambda g: f"{g.name} ({g.code})"
)
sets = [a for a in clubs.assignments(group.id) if not a.is_lesson]
source = st.radio(
    t("show-what"),
    ["set", "lesson"],
    horizontal=True,
    key="projector_source",
    format_func=lambda w: t(f"assign-{w}"),
)
reveal = st.toggle(t("reveal"), key="projector_reveal")

if source == "set" and sets:
    chosen = st.selectbox(
        t("pick-assignment"), sets, key="projector_set", format_func=lambda a: describe(a, course())
    )
    number = st.number_input(t("puzzle-n", n=""), 1, chosen.count, 1, key="projector_number")
    puzzle = set_puzzle(chosen, group.rules, int(number) - 1)
    st.header(t("puzzle-n", n=int(number)))
    content = puzzle.content
    trump = Suit.parse(str(content["trump"])) if "trump" in content else None
    if puzzle.kind in (Kind.WHICH_CARDS, Kind.CARD_LEGAL, Kind.AMSTERDAM_OR_ROTTERDAM):
        assert trump is not None
        trick, hand = cards_at(content, "trick"), cards_at(content, "hand")
        players = [
            str(name)
            for name in content["players"]  # type: ignore[union-attr]
        ]
        marked = parse_cards(str(content["card"]))[0] if puzzle.kind is Kind.CARD_LEGAL else None
        show_position(trump, trick, players, hand, current, marked=marked)
    elif puzzle.kind is Kind.COUNT_TRICK and trump is not None:
        show_trump(trump, current)
        show_cards(cards_at(content, "trick"), trump, current)
    st.markdown(f"**{t(f'kind-{puzzle.kind.value}')}**")
    if reveal:
        st.markdown(f"## {describe_answer(puzzle)}")
        st.markdown(puzzle.explanation)
elif source == "lesson":
    lesson = st.selectbox(
        t("lesson"),
        list(course().lessons),
        key="projector_lesson",
        format_func=lambda item: f"{item.number}. {item.title}",
    )
    index = st.number_input(t("step-n", n=""), 1, len(lesson.steps), 1, key="projector_step")
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
        st.markdown(f"**{step.check.question}**")
        if reveal:
            expected, _, explanation = step.check.solve()
            st.markdown(f"## {describe_lesson_answer(expected)}")
            st.markdown(explanation)
else:
    st.caption(t("no-assignments"))
