"""Profile & settings: who is playing, which rules, how the cards look. The top says who is
playing and in which group (and, right after Join, that the learner joined)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import streamlit as st

from klaverjas_trainer.app.board import larger_text
from klaverjas_trainer.app.in_view import refuse, scroll_into_view
from klaverjas_trainer.app.markup import md_escape, problem_words
from klaverjas_trainer.app.own_words import pick_rule_set
from klaverjas_trainer.app.services import (
    known_device,
    offer_continue,
    profile,
    sign_out,
    store,
)
from klaverjas_trainer.app.welcome import JOINED, group_form, name_form
from klaverjas_trainer.texts import rule_set_words, t

current = profile()
larger_text()
progress_store = store()

HOME: Final = "klaverjas_trainer/app/pages/home_page.py"

st.header(t("who-are-you"))
if current.learner is None:
    offer_continue()
else:  # who is playing, and in which group, at the top
    with st.container(key="profile_top"):
        if st.session_state.pop(JOINED, False) and current.group is not None:
            st.success(
                t("joined-group", group=md_escape(current.group.name)),
                icon=":material/groups:",
            )
            st.page_link(HOME, label=t("nav-home"), icon=":material/home:")
            scroll_into_view("profile_top")  # Join sits far down the page on a phone
        st.markdown(t("signed-in", name=md_escape(current.learner.name)))
        if current.group is not None:
            st.markdown(
                t(
                    "in-group",
                    group=md_escape(current.group.name),
                    rules=rule_set_words(current.group.rules),
                )
            )
    st.subheader(t("sign-in-other"))
name_form(group_form_below=True)

st.subheader(t("join-group"))
group_form(announce=True)

if current.learner is not None:
    if current.group is None and not current.learner.has_pin:
        with st.form("add-pin", border=False):
            st.caption(t("pin-protect"))
            new_pin = st.text_input(t("pin"), key="add_pin", max_chars=4, type="password")
            if st.form_submit_button(t("pin-save"), key="add_pin_button"):
                try:
                    progress_store.set_pin(current.learner.id, new_pin)
                except ValueError as problem:
                    words = t("problem", problem=problem_words(problem))
                    refuse(words, "add-pin-refused", error=True)
                else:  # a new PIN ended every earlier sign-in: this device signs in again
                    current.learner = replace(current.learner, has_pin=True)
                    current.learner_token = progress_store.remember(current.learner)
                    known_device("learner", current.learner.id)
                    st.success(t("pin-saved"), icon=":material/lock:")
    left, middle, right = st.columns(3)
    left.page_link(
        "klaverjas_trainer/app/pages/learn_page.py", label=t("go-learn"), icon=":material/school:"
    )
    middle.page_link(
        "klaverjas_trainer/app/pages/drill_page.py", label=t("go-drill"), icon=":material/target:"
    )
    right.page_link(
        "klaverjas_trainer/app/pages/play_page.py",
        label=t("go-play"),
        icon=":material/playing_cards:",
    )
    st.header(t("settings"))
    with st.form("settings", border=False):
        chosen_rules = pick_rule_set(
            "set_rules",
            "set_variants",
            default=current.ruleset,
            disabled=current.group is not None,  # a group plays its house rules
        )
        four_colour = st.toggle(t("four-colour"), value=current.four_colour, key="set_four")
        large = st.toggle(t("large-cards"), value=current.large, key="set_large")
        if st.form_submit_button(t("save"), key="save_settings"):
            current.ruleset = chosen_rules
            current.four_colour, current.large = four_colour, large
            if current.group is None:
                progress_store.save_settings(current.learner.id, current.settings())
            st.success(t("saved"), icon=":material/check_circle:")
    # A phone lost, or a name used on a club laptop: no device stays signed in as this learner.
    st.button(
        t("sign-out-everywhere"),
        key="sign_out_everywhere",
        on_click=sign_out,
        kwargs={"everywhere": True},
    )
