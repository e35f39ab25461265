"""Live round: a member's phone at the club evening, following the teacher's round (the puzzle,
the answer stored, then their own feedback and at the end their own result)."""

from __future__ import annotations

import streamlit as st

from klaverjas_trainer.app.board import style
from klaverjas_trainer.app.live_views import phone_live
from klaverjas_trainer.app.services import profile, require_learner
from klaverjas_trainer.texts import t

current = profile()
require_learner()
style()
st.header(t("nav-live"))
phone_live(current)
