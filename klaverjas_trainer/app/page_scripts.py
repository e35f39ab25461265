"""Small scripts the page keeps for the whole browser session, installed once by the frame:
- on a phone the page list covers the page: after a tap on a page it folds away, as a phone's
  menus do (Streamlit leaves it open);
- Enter on a card or choice of a question answers it, as the Answer button's shortcut says
  (the browser would press the focused card instead, picking or dropping it).
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from klaverjas_trainer.app.in_view import later

#: Below this width Streamlit lays the sidebar over the page instead of beside it.
PHONE_WIDTH: Final = 768

#: Fold the page list away, once the tap on a page has been taken.
FOLD: Final = later(
    """var fold = document.querySelector("[data-testid='stSidebarCollapseButton'] button");
  if (fold) { fold.click(); }""",
    150,
)
SCRIPTS: Final = f"""<script>
if (!window.kjPageScripts) {{
  window.kjPageScripts = true;
  document.addEventListener("click", function (event) {{
    var link = event.target.closest && event.target.closest("[data-testid='stSidebarNavLink']");
    if (!link || window.innerWidth >= {PHONE_WIDTH}) {{ return; }}
    {FOLD}
  }}, true);
  document.addEventListener("keydown", function (event) {{
    if (event.key !== "Enter" || event.shiftKey || event.ctrlKey || event.altKey
        || event.metaKey || !event.target.closest) {{ return; }}
    var form = event.target.closest("[data-testid='stForm']");
    if (!form || !event.target.closest("[data-testid='stButtonGroup']")) {{ return; }}
    event.preventDefault();
    event.stopPropagation();
    var answer = form.querySelector("button[data-testid$='FormSubmit']");
    if (answer && !answer.disabled) {{ answer.click(); }}
  }}, true);
}}
</script>"""


def install_page_scripts() -> None:
    """Once per browser session: the listeners stay with the page, the element need not."""
    if not st.session_state.get("page_scripts"):
        st.session_state["page_scripts"] = True
        st.sidebar.html(SCRIPTS, unsafe_allow_javascript=True, width=1)
