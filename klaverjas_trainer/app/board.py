"""Drawing a position, a trick or a deal on the page, in the learner's card style."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import streamlit as st

from klaverjas_core import Card, Suit
from klaverjas_trainer.app.cards import CSS, card_label, row_html, trump_badge
from klaverjas_trainer.app.services import Profile
from klaverjas_trainer.texts import t

T = TypeVar("T")


def style() -> None:
    """The card CSS, once per page run."""
    st.markdown(CSS, unsafe_allow_html=True)


def show_trump(trump: Suit, profile: Profile) -> None:
    st.markdown(
        trump_badge(trump, t("trumps"), four_colour=profile.four_colour), unsafe_allow_html=True
    )


def show_cards(
    cards: Sequence[Card],
    trump: Suit | None,
    profile: Profile,
    *,
    captions: Sequence[str] = (),
    marked: Card | None = None,
) -> None:
    st.markdown(
        row_html(
            cards,
            trump,
            four_colour=profile.four_colour,
            large=profile.large,
            captions=captions,
            marked=marked,
        ),
        unsafe_allow_html=True,
    )


def show_position(
    trump: Suit,
    trick: Sequence[Card],
    players: Sequence[str],
    hand: Sequence[Card],
    profile: Profile,
    *,
    marked: Card | None = None,
) -> None:
    """Trumps, the trick so far with who played each card, and the learner's hand."""
    show_trump(trump, profile)
    st.caption(t("trick-so-far"))
    if trick:
        show_cards(trick, trump, profile, captions=players)
    else:
        st.write(t("no-cards-yet"))
    st.caption(t("your-hand"))
    show_cards(hand, trump, profile, marked=marked)


def pick_cards(question: str, cards: Sequence[T], profile: Profile, key: str) -> list[T]:
    """Card pills in suit colours; the learner selects any number of them."""
    chosen = st.pills(
        question,
        list(cards),
        selection_mode="multi",
        key=key,
        format_func=lambda card: card_label(str(card), four_colour=profile.four_colour),
    )
    return list(chosen)


def yes_no(question: str, key: str) -> bool | None:
    """A Yes / No choice; None until the learner picks one."""
    answer = st.segmented_control(
        question, [True, False], key=key, format_func=lambda v: t("yes") if v else t("no")
    )
    return None if answer is None else bool(answer)
