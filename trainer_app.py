"""Klaverjas trainer: the Streamlit entry point.

Lessons, drills and progress arrive with their own issues; until then the page offers the one
thing the rules core can already do for a person: judge a position card by card.
"""

from __future__ import annotations

import streamlit as st

from klaverjas_core import KlaverjasError, Position, RuleSet, Suit, format_cards, parse_cards

st.set_page_config(page_title="Klaverjas trainer", page_icon="♣")
st.title("Klaverjas trainer")
st.caption("Lessons, drills and progress are being built. The rules checker below works today.")

st.subheader("Which cards may I play?")
trump = st.segmented_control("Trumps", ["♣", "♦", "♥", "♠"], default="♥", key="trump")
trick = st.text_input("Trick so far, leader first", value="A♣ 7♣", key="trick")
hand = st.text_input("Your hand", value="Q♥ 7♦", key="hand")
rules = st.radio("Rules", ["amsterdam", "rotterdam"], horizontal=True, key="rules")

try:
    position = Position(
        Suit.parse(trump or "♥"),
        tuple(parse_cards(trick)),
        tuple(parse_cards(hand)),
        RuleSet.parse(rules),
    )
except KlaverjasError as error:
    st.error(f"That position cannot be judged: {error}", icon="⚠️")
else:
    result = position.legal_cards()
    st.success(f"Legal: {format_cards(result)}", icon="✅")
    for card in position.hand:
        st.write(result.verdict(card).explain())
