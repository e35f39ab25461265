"""Profile & settings: who is playing, which rules, how the cards look."""

from __future__ import annotations

import streamlit as st

from klaverjas_core import VARIANTS
from trainer.markup import md_escape
from trainer.services import profile, store
from trainer.texts import t

current = profile()
progress_store = store()

st.header(t("who-are-you"))
names = [learner.name for learner in progress_store.learners()]
with st.form("pick-learner", border=False):
    picked = st.selectbox(t("pick-name"), ["", *names], key="pick_name")
    typed = st.text_input(t("new-name"), key="new_name", max_chars=40)
    if st.form_submit_button(t("start"), type="primary", key="start_button"):
        try:
            current.load(progress_store.learner(typed.strip() or picked or ""))
        except ValueError as problem:
            st.error(t("name-problem", problem=problem), icon=":material/back_hand:")
        else:
            for key in ("drill", "lesson"):  # a new player starts afresh
                st.session_state.pop(key, None)

if current.learner is not None:
    st.markdown(t("signed-in", name=md_escape(current.learner.name)))
    left, right = st.columns(2)
    left.page_link("trainer/pages/learn_page.py", label=t("go-learn"), icon=":material/school:")
    right.page_link("trainer/pages/drill_page.py", label=t("go-drill"), icon=":material/target:")
    st.header(t("settings"))
    with st.form("settings", border=False):
        rules = st.radio(
            t("rule-set"),
            ["amsterdam", "rotterdam"],
            index=0 if current.rules == "amsterdam" else 1,
            format_func=lambda name: t(f"rules-{name}"),
            horizontal=True,
            key="set_rules",
        )
        variants = st.multiselect(
            t("variants"),
            list(VARIANTS),
            default=current.variants,
            format_func=lambda name: t(f"variant-{name}"),
            key="set_variants",
        )
        four_colour = st.toggle(t("four-colour"), value=current.four_colour, key="set_four")
        large = st.toggle(t("large-cards"), value=current.large, key="set_large")
        if st.form_submit_button(t("save"), key="save_settings"):
            current.rules, current.variants = str(rules), list(variants)
            current.four_colour, current.large = four_colour, large
            progress_store.save_settings(current.learner.id, current.settings())
            st.success(t("saved"), icon=":material/check_circle:")
