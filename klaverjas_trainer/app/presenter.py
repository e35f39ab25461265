"""The projector's slim control bar: big Previous and Next buttons (also the arrow keys), where
the class is ("Puzzle 3 of 10"), and Show / Hide the answer (key A), off again for every new
puzzle, step or trick. Kept at the top of the screen while the teacher scrolls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import streamlit as st

from klaverjas_trainer.texts import t

BAR_CSS: Final = """
<style>
.st-key-presenter-bar { position: sticky; top: 2.9rem; z-index: 50; background: #fff;
  padding: .4rem 0; border-bottom: 2px solid #ddd; gap: 1rem; align-items: center; }
.st-key-presenter-bar button { min-height: 3.6rem; min-width: 9rem; }
.st-key-presenter-bar button p { font-size: 1.6rem; font-weight: 700; }
.st-key-presenter-bar .stMarkdown p { font-size: 1.8rem; font-weight: 700; margin: 0; }
</style>
"""

SHOWN: Final = "projector_shown"
REVEAL: Final = "projector_reveal"


def at_key(name: str) -> str:
    return f"presenter_at_{name}"


def presenter_bar(name: str, count: int, where: Callable[[int], str]) -> tuple[int, bool]:
    """The bar for the sequence `name` of `count` items; `where(index)` names the item shown
    ("Puzzle 3 of 10"). Returns the item's index from 0 and whether its answer is shown."""
    key = at_key(name)
    at = min(max(int(st.session_state.get(key, 0)), 0), count - 1)
    st.session_state[key] = at
    if st.session_state.get(SHOWN) != (name, at):  # a new item: its answer hidden at first
        st.session_state[SHOWN] = (name, at)
        st.session_state[REVEAL] = False
    st.markdown(BAR_CSS, unsafe_allow_html=True)
    with st.container(horizontal=True, key="presenter-bar"):
        st.button(
            t("presenter-previous"), key="presenter_previous", disabled=at == 0,
            on_click=_go, args=(key, -1), shortcut="left",
        )  # fmt: skip
        st.markdown(where(at))
        st.button(
            t("presenter-next"), key="presenter_next", type="primary",
            disabled=at == count - 1, on_click=_go, args=(key, 1), shortcut="right",
        )  # fmt: skip
        revealed = bool(st.session_state.get(REVEAL))
        st.button(
            t("presenter-hide" if revealed else "presenter-reveal"), key="presenter_reveal",
            icon=":material/visibility_off:" if revealed else ":material/visibility:",
            on_click=_toggle_reveal, shortcut="A",
        )  # fmt: skip
    return at, revealed


def _go(key: str, step: int) -> None:
    st.session_state[key] = int(st.session_state.get(key, 0)) + step


def _toggle_reveal() -> None:
    st.session_state[REVEAL] = not st.session_state.get(REVEAL, False)
