"""The frame around every page: the session's language, page set-up, navigation, the sign-in
line and the language choice; then the page itself (``klaverjas_trainer/app/pages``)."""

from __future__ import annotations

import streamlit as st

from klaverjas_trainer.app.language import choose_language
from klaverjas_trainer.app.live_views import live_invite
from klaverjas_trainer.app.markup import md_escape
from klaverjas_trainer.app.own_words import speak_own_words
from klaverjas_trainer.app.page_scripts import install_page_scripts
from klaverjas_trainer.app.reconnect import rerun_after_a_reconnect
from klaverjas_trainer.app.services import (
    current_language,
    keep_sign_ins,
    learner_sign_in_holds,
    profile,
    say_sign_in_ended,
    sign_out,
    storage_problems_said,
)
from klaverjas_trainer.texts import t


def draw_page() -> None:
    """One run of the app: the frame, then the page the browser is on."""
    current_language()  # the session's language, read by every run: page, fragment and callback
    st.set_page_config(page_title=t("app-title"), page_icon="♣")  # the layout: below, per page

    pages = [
        st.Page(
            "klaverjas_trainer/app/pages/home_page.py",
            title=t("nav-home"),
            icon=":material/home:",
            url_path="home",
            default=True,
        ),
        st.Page(
            "klaverjas_trainer/app/pages/learn_page.py",
            title=t("nav-learn"),
            icon=":material/school:",
            url_path="learn",
        ),
        st.Page(
            "klaverjas_trainer/app/pages/drill_page.py",
            title=t("nav-drill"),
            icon=":material/target:",
            url_path="drill",
        ),
        st.Page(
            "klaverjas_trainer/app/pages/play_page.py",
            title=t("nav-play"),
            icon=":material/playing_cards:",
            url_path="play",
        ),
        st.Page(
            "klaverjas_trainer/app/pages/live_page.py",
            title=t("nav-live"),
            icon=":material/cell_tower:",
            url_path="live",
            visibility="visible" if profile().group is not None else "hidden",
        ),
        st.Page(
            "klaverjas_trainer/app/pages/table_page.py",
            title=t("nav-table"),
            icon=":material/table_restaurant:",
            url_path="table",
            visibility="visible" if profile().group is not None else "hidden",
        ),
        st.Page(
            "klaverjas_trainer/app/pages/progress_page.py",
            title=t("nav-progress"),
            icon=":material/trending_up:",
            url_path="progress",
        ),
        st.Page(
            "klaverjas_trainer/app/pages/profile_page.py",
            title=t("nav-settings"),
            icon=":material/person:",
            url_path="profile",
        ),
    ]
    pages += [
        st.Page(
            "klaverjas_trainer/app/pages/teacher_page.py",
            title=t("nav-teacher"),
            icon=":material/groups:",
            url_path="teacher",
        ),
        # The projector view is reached from the teacher page; it checks the sign-in itself.
        st.Page(
            "klaverjas_trainer/app/pages/projector_page.py",
            title=t("nav-projector"),
            icon=":material/present_to_all:",
            url_path="projector",
            visibility="visible" if profile().teacher else "hidden",
        ),
    ]
    navigation = st.navigation(pages)
    # The projector fills a 1920 x 1080 wall; set here, before anything is drawn, so it also holds
    # when the teacher arrives from another page (a page's own call came too late for that).
    wide = navigation.url_path == "projector"
    st.set_page_config(  # the wall: the whole width, the page list folded away
        layout="wide" if wide else "centered",
        initial_sidebar_state="collapsed" if wide else "auto",
    )
    speak_own_words()  # first: whatever fails below, the page's controls speak its language
    with storage_problems_said():
        learner_sign_in_holds()  # signed out on another device: signed out here too
    say_sign_in_ended()
    learner = profile().learner
    if learner is not None:
        st.sidebar.markdown(t("signed-in", name=md_escape(learner.name)))
        st.sidebar.button(t("sign-out"), key="learner_sign_out", on_click=sign_out)
    choose_language()
    keep_sign_ins()
    install_page_scripts()
    rerun_after_a_reconnect()  # a page moved to another process: drawn there at once
    group = profile().group
    if group is not None and learner is not None and navigation.url_path != "live":
        live_invite(group.id)  # the club's live round, on whatever page the member is
    with storage_problems_said():  # a database that fails mid-session: said, the page kept
        navigation.run()
