"""Table: members of a club group at one table together, each on their own phone; the
computers play the empty seats (`club_table_views.py`)."""

from __future__ import annotations

import streamlit as st

from klaverjas_trainer.app.board import style
from klaverjas_trainer.app.club_table_views import phone_tables
from klaverjas_trainer.app.services import profile, require_learner
from klaverjas_trainer.texts import t

current = profile()
require_learner()
style()
st.header(t("nav-table"))
phone_tables(current)
