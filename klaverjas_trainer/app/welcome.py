"""Signing in by name, as the home page and the profile page both offer it."""

from __future__ import annotations

import streamlit as st

from klaverjas_trainer.app.markup import problem_words
from klaverjas_trainer.app.services import (
    client_address,
    device_token,
    known_device,
    list_profiles,
    sign_in,
    store,
)
from klaverjas_trainer.texts import t


def name_form() -> None:
    """Name (picked from a list on a household's install) and an optional PIN; Start signs in
    and runs the page again, so the frame keeps the sign-in in the browser."""
    progress_store = store()
    with st.form("pick-learner", border=False):
        picked = ""
        if list_profiles():  # a household's own install: pick from the names
            names = [learner.name for learner in progress_store.learners()]
            picked = st.selectbox(t("pick-name"), ["", *names], key="pick_name") or ""
        typed = st.text_input(
            t("new-name") if list_profiles() else t("your-name"), key="new_name", max_chars=40
        )
        own_pin = st.text_input(t("pin"), key="own_pin", max_chars=4, type="password")
        if st.form_submit_button(t("start"), type="primary", key="start_button"):
            try:
                found = progress_store.learner(
                    typed.strip() or picked, own_pin, client_address(), device_token()
                )
            except ValueError as problem:
                words = t("name-problem", problem=problem_words(problem))
                st.error(words, icon=":material/back_hand:")
            else:
                if found.has_pin:  # the right PIN: this browser is known for the learner
                    known_device("learner", found.id)
                sign_in(found)
                st.rerun()
