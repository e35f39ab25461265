"""Keeping a reaction in view: after a tap far down a page (Join, Finish) the browser keeps its
scroll position while the page is drawn again, so a confirmation drawn at the top would be out
of sight on a phone. `scroll_into_view` brings a keyed container to the top of the screen;
`keep_in_view` scrolls only when a reaction (feedback, a refusal) is partly off screen."""

from __future__ import annotations

import json
import time

import streamlit as st
from streamlit.delta_generator import DeltaGenerator


def scroll_into_view(key: str) -> None:
    """Scroll the container made with ``st.container(key=key)`` to the top of the screen once
    it is drawn (a short wait: the elements after it may still be arriving), below the page's
    header bar. Each call is a new script (a nonce), so the browser runs it again."""
    selector = json.dumps(f".st-key-{key}")
    script = f"""<script data-nonce="{time.monotonic_ns()}">
setTimeout(function () {{
  var target = document.querySelector({selector});
  if (!target) {{ return; }}
  target.style.scrollMarginTop = "4.5rem";
  target.scrollIntoView({{block: "start", behavior: "instant"}});
}}, 300);
</script>"""
    st.html(script, unsafe_allow_javascript=True, width=1)


#: Scrolls `selector`'s element into view when a part of it is off screen: its top just below
#: the header bar when it is taller than the screen, else the least scrolling that shows it.
KEEP_IN_VIEW = """<script data-nonce="%(nonce)s">
setTimeout(function () {
  var box = document.querySelector(%(selector)s);
  if (!box) { return; }
  var r = box.getBoundingClientRect(), top = 72;
  box.style.scrollMarginTop = top + "px";
  box.style.scrollMarginBottom = "16px";
  if (r.top >= top && r.bottom <= window.innerHeight) { return; }
  var tall = r.height > window.innerHeight - top;
  box.scrollIntoView({block: tall ? "start" : "nearest", behavior: "instant"});
}, 150);
</script>"""


def keep_in_view(key: str, where: DeltaGenerator | None = None) -> None:
    """After drawing the reaction in ``st.container(key=key)``: bring it into view if a part is
    off screen (a phone scrolled to its hand, or an answer under the cards). `where` is the
    script's place: the sidebar takes no room on the page (a fragment must use its own body)."""
    script = KEEP_IN_VIEW % {"nonce": time.monotonic_ns(), "selector": json.dumps(f".st-key-{key}")}
    (where or st).html(script, unsafe_allow_javascript=True, width=1)
