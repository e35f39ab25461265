"""Klaverjas trainer: the Streamlit entry point (``streamlit run trainer_app.py``).

Imported by `streamlit run` to serve (no script run yet), it is the server: Streamlit's own
routes and the live round's event streams beside them (`st.App`). Run by Streamlit for a page,
it draws the page (`klaverjas_trainer/app/frame.py`).
"""

from __future__ import annotations

from streamlit.runtime.scriptrunner import get_script_run_ctx

if get_script_run_ctx() is None:  # serving: one process, its routes
    from streamlit.starlette import App

    from klaverjas_trainer.app.live_feed import FEED, TABLE_FEED

    app = App(__file__, routes=[FEED.route(), TABLE_FEED.route()])
else:  # a run of the page
    from klaverjas_trainer.app.frame import draw_page

    draw_page()
