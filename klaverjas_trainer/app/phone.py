"""On a phone the page list covers the page: after a tap on a page it folds away, as a phone's
menus do (Streamlit leaves it open)."""

from __future__ import annotations

from typing import Final

import streamlit as st

#: Below this width Streamlit lays the sidebar over the page instead of beside it.
PHONE_WIDTH: Final = 768

FOLD_SCRIPT: Final = f"""<script>
if (!window.kjFoldsSidebar) {{
  window.kjFoldsSidebar = true;
  document.addEventListener("click", function (event) {{
    var link = event.target.closest && event.target.closest("[data-testid='stSidebarNavLink']");
    if (!link || window.innerWidth >= {PHONE_WIDTH}) {{ return; }}
    setTimeout(function () {{
      var fold = document.querySelector("[data-testid='stSidebarCollapseButton'] button");
      if (fold) {{ fold.click(); }}
    }}, 150);
  }}, true);
}}
</script>"""


def fold_sidebar_after_a_tap() -> None:
    """Once per browser session: the listener stays with the page, the element need not."""
    if not st.session_state.get("sidebar_folds"):
        st.session_state["sidebar_folds"] = True
        st.sidebar.html(FOLD_SCRIPT, unsafe_allow_javascript=True, width=1)
