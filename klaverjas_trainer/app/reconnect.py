"""A page whose server process went away is drawn again as soon as its browser reconnects.

Behind nginx a phone's connection moves to another process when its own stops (a restart, a
crash); that process has no session for it. Streamlit's page asks for a script run after a
reconnect only when its last run was a fragment's or when a fragment reruns by itself
(``run_every``); otherwise it keeps showing the old page, whose next tap goes to a new, empty
session and is lost (a live-round phone also stays on a puzzle the round has left). One
fragment with a day's interval makes every page ask: the new process draws it at once, with
"Continue as …" for the member it remembers. It costs no run while the page waits.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Final

import streamlit as st

#: Long enough never to matter, short enough for the browser's timer (at most 24.8 days).
INTERVAL: Final = timedelta(days=1)


@st.fragment(run_every=INTERVAL)
def rerun_after_a_reconnect() -> None:
    """Draws nothing: its interval is what makes a reconnected page ask for a run."""
