"""Drawing a position, a trick or a deal on the page, in the learner's card style."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

import streamlit as st

from klaverjas_core import Card, RuleSet, Seat, Suit
from klaverjas_questions import question_kind
from klaverjas_trainer.app.cards import CSS, LARGE_CSS, card_label, row_html, trump_badge
from klaverjas_trainer.app.in_view import later
from klaverjas_trainer.app.services import Profile, profile
from klaverjas_trainer.app.table_view import LARGE_CSS as TABLE_LARGE_CSS
from klaverjas_trainer.app.table_view import TABLE_CSS, table_html, tricks_html
from klaverjas_trainer.seating import leader_of, trick_by_seat
from klaverjas_trainer.texts import bound, rule_set_words, t

T = TypeVar("T")


def larger_text() -> None:
    """On a page without cards (Home, Progress, Profile): with "Larger text and cards", the
    larger text."""
    if profile().large:
        st.markdown(LARGE_CSS, unsafe_allow_html=True)


def style() -> None:
    """The card CSS, once per page run (larger throughout with "Larger text and cards")."""
    large = profile().large
    larger = LARGE_CSS + TABLE_LARGE_CSS if large else ""
    st.markdown(CSS + TABLE_CSS + larger, unsafe_allow_html=True)


#: A new question starts at its top (a phone scrolled down to "Next" is brought back up to the
#: board; a page whose question is in view stays put), with the keyboard on its first control
#: (a card to tap, a choice, a number).
FOCUS: Final = """
  var form = document.querySelector("[data-testid='stForm']");
  if (!form) { return; }
  var top = 72;
  if (form.getBoundingClientRect().top < top) {
    form.style.scrollMarginTop = top + "px";
    form.scrollIntoView({block: "start", behavior: "instant"});
  }
  var first = form.querySelector("button[data-variant], input, button");
  if (first) { first.focus({preventScroll: true}); }
"""
FOCUS_SCRIPT: Final = f"<script>{later(FOCUS, 250)}</script>"


def focus_first_answer() -> None:
    """A new question at the top of the screen, the keyboard on it (after "Next")."""
    st.html(FOCUS_SCRIPT, unsafe_allow_javascript=True, width=1)


def show_trump(trump: Suit, profile: Profile) -> None:
    st.markdown(
        trump_badge(trump, t("trumps"), four_colour=profile.four_colour), unsafe_allow_html=True
    )


def show_rule_set(rules: RuleSet, kind: str) -> None:
    """Which rules the question is judged by: a stored or club puzzle may use other rules
    than the learner's own (a question under both cities' rules names neither)."""
    if not question_kind(kind).both_rule_sets:
        st.caption(rule_set_words(rules))


def show_cards(
    cards: Sequence[Card],
    trump: Suit | None,
    profile: Profile,
    *,
    captions: Sequence[str] = (),
    marked: Card | None = None,
    checks: Mapping[Card, tuple[str, str]] | None = None,
) -> None:
    st.markdown(
        row_html(
            cards,
            trump,
            four_colour=profile.four_colour,
            large=profile.large,
            captions=captions,
            marked=marked,
            checks=checks,
        ),
        unsafe_allow_html=True,
    )


def show_position(
    trump: Suit,
    trick: Sequence[Card],
    leader: Seat | None,
    hand: Sequence[Card] | None,
    profile: Profile,
    *,
    marked: Card | None = None,
    checks: Mapping[Card, tuple[str, str]] | None = None,
) -> None:
    """Trumps, the table with the trick so far by seat (the player to move at the bottom, as
    "you"), and that player's hand (checked card by card once answered). No `leader`: the
    player to move sits South. No `hand`: the question shows it as the cards to tap, under
    the words "Your hand". All of it is one element (each element is a message to the
    browser, on every run)."""
    mover = Seat.SOUTH if leader is None else Seat((leader + len(trick)) % 4)
    badge = trump_badge(trump, t("trumps"), four_colour=profile.four_colour)
    picture = table_picture(
        trick, leader_of(mover, len(trick)), trump, profile, viewer=mover, to_act=mover,
        centre=t("trick-so-far") if trick else t("no-cards-yet"),
    )  # fmt: skip
    cards = ""
    if hand is not None:
        cards = row_html(
            hand, trump, four_colour=profile.four_colour, large=profile.large, marked=marked,
            checks=checks,
        )  # fmt: skip
    label = f'<p class="kj-label">{html.escape(t("your-hand"))}</p>'
    st.markdown(f"{badge}\n\n{picture}\n\n{label}{cards}", unsafe_allow_html=True)


def show_table(
    trick: Sequence[Card],
    leader: Seat,
    trump: Suit | None,
    profile: Profile,
    *,
    viewer: Seat | None,
    to_act: Seat | None = None,
    centre: str = "",
    winner: Seat | None = None,
) -> None:
    """One trick (or the part played so far) on the drawn table, each card at its seat;
    `winner` rings the card that takes it."""
    picture = table_picture(
        trick, leader, trump, profile, viewer=viewer, to_act=to_act, centre=centre, winner=winner
    )
    st.markdown(picture, unsafe_allow_html=True)


def table_picture(
    trick: Sequence[Card],
    leader: Seat,
    trump: Suit | None,
    profile: Profile,
    *,
    viewer: Seat | None,
    to_act: Seat | None = None,
    centre: str = "",
    winner: Seat | None = None,
) -> str:
    """`show_table`'s picture, as HTML."""
    return table_html(
        dealer=None, trick=trick_by_seat(leader, trick), trump=trump, choosers=None,
        to_act=to_act, centre=centre, four_colour=profile.four_colour, viewer=viewer,
        leader=leader if trick else None, winner=winner,
    )  # fmt: skip


def show_tricks(
    tricks: Sequence[tuple[Seat, Sequence[Card]]],
    trump: Suit | None,
    profile: Profile,
    notes: Mapping[int, str] | None = None,
) -> None:
    """Whole tricks, one row each, every card under the seat that played it."""
    picture = tricks_html(tricks, trump, four_colour=profile.four_colour, notes=notes)
    st.markdown(picture, unsafe_allow_html=True)


def pick_cards(
    question: str,
    cards: Sequence[T],
    profile: Profile,
    key: str,
    *,
    locked: bool = False,
    trump: Suit | None = None,
) -> list[T]:
    """Card pills in suit colours; the learner selects any number of them. Trumps among them
    wear the gold border of a drawn trump."""
    chosen = st.pills(
        question,
        list(cards),
        selection_mode="multi",
        key=key,
        format_func=bound(lambda card: card_pill(card, four_colour=profile.four_colour)),
        disabled=locked,
    )
    faces = trump_pills_css(key, cards, trump)
    if faces:
        page_style(faces)
    return list(chosen)


def card_pill(card: object, *, four_colour: bool) -> str:
    """A card's label on a pill: `card_label` behind a space. Streamlit looks for an emoji
    icon in a label's first word, and its emoji pattern takes ~80 µs on any word that is not
    plain ASCII (every card name, with its suit): 8 cards, twice per answer. The space makes
    the first word empty (no icon to look for); Markdown drops it, so the pill reads the same."""
    return " " + card_label(card if isinstance(card, Card) else str(card), four_colour=four_colour)


#: A trump to tap looks like a drawn trump (cards.CSS's `.kj-trump`): the gold border the
#: hand's caption promises. Its selectors weigh less than a chosen card's and an answer's
#: marks, which still show on a trump.
TRUMP_FACE: Final = "border: 2px solid #b8860b; background: #fff8e1;"


def page_style(css: str) -> None:
    """Send `css` (``<style>`` elements) in the part of the page being drawn, so it goes
    when that part is drawn again without it. Not ``st.html``: a body of styles only is put
    in the page's event container, which a fragment's run does not clear, so an answered
    puzzle's lock outlived it and the next puzzle's cards took no tap."""
    st.markdown(css, unsafe_allow_html=True)


def trump_pills_css(key: str, cards: Sequence[object], trump: Suit | None) -> str:
    """The style that gives the trumps among the pills of widget `key` their gold border
    ("" when none is a trump)."""
    scope = f".{key_class(key)}"
    rules = [
        f'{scope} [data-variant="pills"]:nth-of-type({index}) {{ {TRUMP_FACE} }}'
        for index, card in enumerate(cards, start=1)
        if isinstance(card, Card) and trump is not None and card.suit is trump
    ]
    return f"<style>{' '.join(rules)}</style>" if rules else ""


def trump_buttons_css(cards: Sequence[Card], trump: Suit | None, prefix: str) -> str:
    """The style that gives the trumps among the card buttons keyed `prefix` + the card's
    letters (the table's ``play-card-JH``) their gold border; a button lit by "Which cards may
    I play?" keeps its green one."""
    rules = [
        f".{key_class(prefix + card.letters())} button {{ {TRUMP_FACE} }}"
        for card in cards
        if trump is not None and card.suit is trump
    ]
    return f"<style>{' '.join(rules)}</style>" if rules else ""


#: How a card to tap looks once answered, by its check (as the card pictures are marked).
PILL_MARKS: Final = {
    "legal": "outline: 4px solid #1b7a2f;",
    "legal wrong": "outline: 4px dashed #c8102e; background: #fdecea;",
    "illegal": "background: #e9e8e6; box-shadow: none;",  # dimmed, its ink kept (4.5:1)
    "illegal wrong": "outline: 4px solid #c8102e; background: #fdecea;",
}


def key_class(key: str) -> str:
    """The CSS class Streamlit gives the element with widget key `key` (its frontend turns
    every character other than a letter, digit, ``_`` or ``-`` into ``-``)."""
    return "st-key-" + re.sub(r"[^a-zA-Z0-9_-]", "-", key.strip())


def css_string(text: str) -> str:
    """`text` as a CSS string literal (no quote, backslash or ``<`` gets out of it)."""
    escaped = text.replace("\\", "\\5c ").replace('"', "\\22 ").replace("<", "\\3c ")
    return f'"{escaped.replace(chr(10), " ")}"'


def picked_marks(key: str, cards: Sequence[Card], checks: Mapping[Card, tuple[str, str]]) -> str:
    """After an answer the cards the learner tapped carry the marks themselves: allowed, not
    allowed, chosen wrongly or missed, in colour and in words on the card. The style rules,
    for `lock_answered`, which also keeps them from taking a tap."""
    scope = f".{key_class(key)}"
    rules = []
    for index, card in enumerate(cards, start=1):
        state, note = checks.get(card, ("", ""))
        button = f'{scope} button[data-variant="pills"]:nth-of-type({index})'
        if state:
            rules.append(f"{button} {{ {PILL_MARKS[state]} }}")
        if note:
            rules.append(f"{button}::after {{ content: {css_string(note)}; }}")
    return " ".join(rules)


#: Once answered, the question's cards and fields take no taps (the next run disables them;
#: this holds for the run in which the answer was stored). Only the form whose submit button is
#: `FORM` is locked: a form beside it (Report a problem) stays open to taps.
LOCK_RULES: Final = """FORM [data-testid="stButtonGroup"], FORM input, FORM [data-baseweb="select"]
{ pointer-events: none; }
FORM button[data-testid$="FormSubmit"] { pointer-events: none;
  background: #ecebea; border-color: #d6d5d3; color: #4a4947; }  /* greyed, yet 7:1 */"""


def lock_answered(submit_key: str, marks: str = "") -> None:
    """The answered question's form (the one holding the submit button `submit_key`) locked,
    with the `marks` of `picked_marks` on its cards: one style element (each element costs the
    server a message to the browser)."""
    page_style(answered_style(submit_key, marks))


def answered_style(submit_key: str, marks: str = "") -> str:
    """`lock_answered`'s style, for a page that sends it with another element (the drill's,
    with the script that keeps its feedback in view)."""
    form = f'[data-testid="stForm"]:has(.{key_class(submit_key)})'
    return f"<style>{LOCK_RULES.replace('FORM', form)}\n{marks}</style>"


def yes_no(question: str, key: str, *, locked: bool = False) -> bool | None:
    """A Yes / No choice; None until the learner picks one."""
    answer = st.segmented_control(
        question,
        [True, False],
        key=key,
        format_func=bound(lambda v: t("answer-yes" if v else "answer-no")),
        disabled=locked,
    )
    return None if answer is None else bool(answer)
