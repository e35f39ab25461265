"""Keeping a reaction in view: after a tap far down a page (Join, Finish, Answer, a card at the
table) the browser keeps its scroll position while the page is drawn again, so a confirmation
or a verdict drawn elsewhere could be out of sight on a phone. `scroll_into_view` brings a keyed
container to the top of the screen; `keep_in_view` scrolls only when a part of it is off screen.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

import streamlit as st
from streamlit.delta_generator import DeltaGenerator


def later(body: str, wait: int) -> str:
    """JavaScript that runs `body` (statements) `wait` ms from now, once the page is drawn.
    Until then `window.kjMoving` counts it: the page is still about to move (a scroll, a
    focus), which a browser test waits for as a person's eye does."""
    return (
        "window.kjMoving = (window.kjMoving || 0) + 1;\n"
        f"setTimeout(function () {{\n  try {{ {body} }} finally {{ window.kjMoving -= 1; }}\n"
        f"}}, {wait});"
    )


#: The script: the container's top just below the page's header bar (always, or when a part of
#: it is off screen; a box taller than the screen shows its top, others scroll the least).
SCROLL: Final = """
  var box = document.querySelector(%(selector)s);
  if (!box) { return; }
  var r = box.getBoundingClientRect(), top = 72, always = %(always)s;
  box.style.scrollMarginTop = top + "px";
  box.style.scrollMarginBottom = "16px";
  if (!always && r.top >= top && r.bottom <= window.innerHeight) { return; }
  var tall = r.height > window.innerHeight - top;
  box.scrollIntoView({block: always || tall ? "start" : "nearest", behavior: "instant"});
"""


def _scroll(
    key: str, *, always: bool, wait: int, where: DeltaGenerator | None, style: str = ""
) -> None:
    # Each call is a new script (a nonce), so the browser runs it again after every tap.
    body = SCROLL % {"selector": json.dumps(f".st-key-{key}"), "always": json.dumps(always)}
    script = f'<script data-nonce="{time.monotonic_ns()}">{later(body, wait)}</script>'
    (where or st).html(style + script, unsafe_allow_javascript=True, width=1)


def scroll_into_view(key: str) -> None:
    """Scroll the container made with ``st.container(key=key)`` to the top of the screen once
    it is drawn (a short wait: the elements after it may still be arriving)."""
    _scroll(key, always=True, wait=300, where=None)


def keep_in_view(key: str, where: DeltaGenerator | None = None, *, style: str = "") -> None:
    """After drawing the reaction in ``st.container(key=key)``: bring it into view if a part is
    off screen (a phone scrolled to its hand, or an answer under the cards). `where` is the
    script's place: the sidebar takes no room on the page (a fragment must use its own body).
    `style` (a ``<style>`` element) goes with the script: one element, not two."""
    _scroll(key, always=False, wait=150, where=where, style=style)


@contextmanager
def reaction_in_view(key: str) -> Iterator[DeltaGenerator]:
    """Draw a reaction (a confirmation, an error) in a keyed container and keep it in view,
    as ``with reaction_in_view("assign-said"): st.success(...)`` does below a long form."""
    box = st.container(key=key)
    with box:
        yield box
    keep_in_view(key)


def refuse(words: str, key: str, *, error: bool = False) -> None:
    """A refusal, drawn where the tap was and kept in view (a phone's screen may end at the
    button): a warning for an answer not complete, an `error` (an alert to a screen reader)
    for input that cannot be taken, as a group code not known."""
    with reaction_in_view(key):
        (st.error if error else st.warning)(words, icon=":material/back_hand:")
