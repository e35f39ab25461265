"""Signing in by name and by a club group's code, as the home page and the profile page offer
them."""

from __future__ import annotations

from typing import Final

import streamlit as st

from klaverjas_trainer.app.in_view import keep_in_view, refuse
from klaverjas_trainer.app.join_link import prefill_join_code
from klaverjas_trainer.app.markup import md_escape, problem_words
from klaverjas_trainer.app.services import (
    client_address,
    club,
    device_token,
    known_device,
    list_profiles,
    sign_in,
    store,
)
from klaverjas_trainer.texts import t

#: The name typed on a new device that only a group member has: the next runs offer that
#: member the group's sign-in instead of a second, empty profile.
MEMBER_NAME: Final = "welcome_member_name"
#: Set by Join for the next run of the profile page, which says so at its top.
JOINED: Final = "profile_joined"


def name_form(*, group_form_below: bool = False) -> None:
    """Name (picked from a list on a household's install) and an optional PIN; Start signs in
    and runs the page again, so the frame keeps the sign-in in the browser. A new name that is
    a club member's is not made a second profile: the member is offered the group's sign-in
    (here, or in the form below it with `group_form_below`), or a new profile all the same."""
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
            st.session_state.pop(MEMBER_NAME, None)
            try:
                if typed.strip() and progress_store.only_a_member(typed):
                    st.session_state[MEMBER_NAME] = typed
                else:
                    start(typed.strip() or picked, own_pin)
            except ValueError as problem:
                words = t("name-problem", problem=problem_words(problem))
                refuse(words, "name-refused", error=True)
    member = st.session_state.get(MEMBER_NAME)
    if member is not None:
        offer_group_sign_in(member, group_form_below=group_form_below)


def start(name: str, pin: str) -> None:
    """Sign in as the personal profile `name` (made on first use) and run the page again."""
    found = store().learner(name, pin, client_address(), device_token())
    if found.has_pin:  # the right PIN: this browser is known for the learner
        known_device("learner", found.id)
    st.session_state.pop(MEMBER_NAME, None)
    sign_in(found)
    st.rerun()


def offer_group_sign_in(name: str, *, group_form_below: bool) -> None:
    """`name` belongs to a member of a club group: sign in with the group's code and PIN, or
    start a personal profile of that name all the same."""
    shown = md_escape(" ".join(name.split()))
    with st.container(key="member-name"):
        st.warning(t("name-is-member", name=shown), icon=":material/groups:")
        if not group_form_below:
            st.session_state.setdefault("join_name", name)
            group_form()
        if st.button(t("name-new-anyway", name=shown), key="name_new_anyway"):
            try:
                start(name, "")
            except ValueError as problem:
                refuse(
                    t("name-problem", problem=problem_words(problem)), "name-refused", error=True
                )
    keep_in_view("member-name")


def group_form(*, announce: bool = False) -> None:
    """Join a group, or sign in as its member, with the group's code, the name and the PIN;
    with `announce`, the next run of the page says so at its top."""
    prefill_join_code()  # came by the projector's QR code: the code is filled in
    with st.form("join-group", border=False):
        code = st.text_input(t("group-code"), key="join_code", max_chars=12)
        member = st.text_input(t("join-name"), key="join_name", max_chars=40)
        pin = st.text_input(t("pin"), key="join_pin", max_chars=4, type="password")
        if st.form_submit_button(t("join"), key="join_button"):
            clubs = club()
            try:
                joined = clubs.join(code, member, pin, client_address(), device_token())
            except ValueError as problem:
                refuse(t("problem", problem=problem_words(problem)), "join-refused", error=True)
            else:
                if joined.has_pin:  # the right PIN (or a new one): this browser is known
                    known_device("learner", joined.id)
                st.session_state.pop(MEMBER_NAME, None)
                sign_in(joined, clubs.group_by_code(code))
                st.session_state[JOINED] = announce
                st.rerun()
