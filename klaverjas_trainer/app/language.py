"""The language choice in the sidebar of every page: the browser's language on a first visit,
then whatever the learner picks, kept in their profile (answers are facts, so nothing else
changes: the page, the lesson step and the history stay as they were)."""

from __future__ import annotations

import streamlit as st
from babel import Locale

from klaverjas_trainer.app.services import profile, store
from klaverjas_trainer.texts import bound, t
from klaverjas_trainer.texts.catalogue import LANGUAGES


def language_name(code: str) -> str:
    """The language's own name: Nederlands, українська, русский, English."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def choose_language() -> None:
    current = profile()
    if len(LANGUAGES) < 2:
        return
    # The widget follows the profile (a sign-in or the group may have set the language), so
    # the key is set before the widget is drawn rather than given an index it would ignore.
    if current.language in LANGUAGES and st.session_state.get("language_choice") != (
        current.language
    ):
        st.session_state["language_choice"] = current.language
    st.sidebar.selectbox(
        t("language"),
        LANGUAGES,
        format_func=bound(language_name),
        key="language_choice",
        on_change=_changed,
    )


def _changed() -> None:
    current = profile()
    chosen = st.session_state.get("language_choice")
    if chosen not in LANGUAGES or chosen == current.language:
        return
    current.language = chosen  # read by every run from now on (services.session_language)
    if current.learner is not None:  # remembered for the next visit, on any device
        store().save_settings(current.learner.id, current.settings())
