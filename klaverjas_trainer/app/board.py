"""Drawing a position, a trick or a deal on the page, in the learner's card style."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final, TypeVar

import streamlit as st

from klaverjas_core import Card, RuleSet, Seat, Suit
from klaverjas_questions import Fact, Grade, fact
from klaverjas_trainer.app.cards import CSS, LARGE_CSS, card_label, row_html, trump_badge
from klaverjas_trainer.app.services import Profile, profile
from klaverjas_trainer.app.table_view import TABLE_CSS, table_html, tricks_html
from klaverjas_trainer.seating import leader_of, trick_by_seat
from klaverjas_trainer.texts import bound, nt, rule_set_words, say, t

T = TypeVar("T")


def style() -> None:
    """The card CSS, once per page run (larger throughout with "Larger cards")."""
    large = profile().large
    st.markdown(CSS + TABLE_CSS + (LARGE_CSS if large else ""), unsafe_allow_html=True)


#: Focus the first control of the question (a card to tap, a choice, a number) once it is drawn.
FOCUS_SCRIPT = """<script>
setTimeout(function () {
  var form = document.querySelector("[data-testid='stForm']");
  var first = form && form.querySelector("button[data-variant], input, button");
  if (first) { first.focus({preventScroll: false}); }
}, 250);
</script>"""


def focus_first_answer() -> None:
    """Keyboard focus on the question just drawn (after "Next", it went back to the top)."""
    st.html(FOCUS_SCRIPT, unsafe_allow_javascript=True, width=1)


def show_trump(trump: Suit, profile: Profile) -> None:
    st.markdown(
        trump_badge(trump, t("trumps"), four_colour=profile.four_colour), unsafe_allow_html=True
    )


def show_mistakes(grade: Grade) -> None:
    """What the learner got wrong, each with why: cards that one reason decides share a line
    ("You chose J♦, which is not allowed; you left out 8♠ 9♠ A♠. <the reason>")."""
    lines = [f"- {line}" for line in mistake_lines(grade)]
    if lines:
        st.markdown("\n".join([t("your-mistakes"), *lines]))


def mistake_lines(grade: Grade) -> list[str]:
    """Cards whose reason reads the same share one line; other mistakes get a line each."""
    by_reason: dict[str, dict[str, list[Card]]] = {}
    lines: list[str] = []
    for mistake in grade.mistakes:
        why = mistake.why
        if why is None:
            continue
        card, reason = why.values.get("card"), why.values.get("reason")
        if why.key in CARD_MISTAKES and isinstance(card, Card) and isinstance(reason, Fact):
            by_reason.setdefault(say(reason), {}).setdefault(why.key, []).append(card)
        else:
            lines.append(say(why))
    for reason, groups in by_reason.items():
        parts = [
            say(fact(f"{key}-cards", cards=tuple(cards)))  # one card or more: plural forms
            for key, cards in groups.items()
        ]
        lines.append(" ".join([*parts, reason]))
    return lines


def show_hints(grade: Grade) -> None:
    """What is wrong, without giving the answer away (for a learner who may try again)."""
    lines = [f"- {line}" for line in hint_lines(grade)]
    if lines:
        st.markdown("\n".join([t("your-mistakes"), *lines]))


def hint_lines(grade: Grade) -> list[str]:
    """The chosen cards that are not allowed and how many allowed ones are missing (per rule
    set when the question has two), and one word for any other wrong part; no reasons, since
    a reason names the allowed cards."""
    chosen: dict[str, list[Card]] = {}
    missed: dict[str, int] = {}
    other = False
    for mistake in grade.mistakes:
        why, under = mistake.why, ""
        if why is not None and why.key == "mistake-in-rule-set":
            rules, inner = why.values.get("rules"), why.values.get("mistake")
            if isinstance(rules, Fact) and isinstance(inner, Fact):
                why, under = inner, say(rules)
        card = None if why is None else why.values.get("card")
        if why is None or why.key not in CARD_MISTAKES or not isinstance(card, Card):
            other = True
        elif why.key == "mistake-chose":
            chosen.setdefault(under, []).append(card)
        else:
            missed[under] = missed.get(under, 0) + 1
    lines = []
    for under in dict.fromkeys([*chosen, *missed]):
        parts = []
        if under in chosen:
            parts.append(say(fact("mistake-chose-cards", cards=tuple(chosen[under]))))
        if under in missed:
            parts.append(nt("mistake-missed-some", missed[under]))
        line = " ".join(parts)
        lines.append(t("mistake-in-rule-set", rules=under, mistake=line) if under else line)
    if other:
        lines.append(t("mistake-hidden"))
    return lines


#: Mistakes about single cards that `mistake_lines` groups by the reason behind them.
CARD_MISTAKES: Final = ("mistake-chose", "mistake-missed")


#: Kinds that ask under both cities' rules: one rule set's name would mislead.
BOTH_RULE_SETS: Final = frozenset({"amsterdam-or-rotterdam"})


def show_rule_set(rules: RuleSet, kind: str) -> None:
    """Which rules the question is judged by: a stored or club puzzle may use other rules
    than the learner's own."""
    if kind not in BOTH_RULE_SETS:
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
    player to move sits South. No `hand`: the question shows it as the cards to tap."""
    show_trump(trump, profile)
    mover = Seat.SOUTH if leader is None else Seat((leader + len(trick)) % 4)
    show_table(
        trick, leader_of(mover, len(trick)), trump, profile, viewer=mover, to_act=mover,
        centre=t("trick-so-far") if trick else t("no-cards-yet"),
    )  # fmt: skip
    st.caption(t("your-hand"))
    if hand is not None:
        show_cards(hand, trump, profile, marked=marked, checks=checks)


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
    picture = table_html(
        dealer=None, trick=trick_by_seat(leader, trick), trump=trump, choosers=None,
        to_act=to_act, centre=centre, four_colour=profile.four_colour, viewer=viewer,
        leader=leader if trick else None, winner=winner,
    )  # fmt: skip
    st.markdown(picture, unsafe_allow_html=True)


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
    question: str, cards: Sequence[T], profile: Profile, key: str, *, locked: bool = False
) -> list[T]:
    """Card pills in suit colours; the learner selects any number of them."""
    chosen = st.pills(
        question,
        list(cards),
        selection_mode="multi",
        key=key,
        format_func=bound(lambda card: card_label(card, four_colour=profile.four_colour)),
        disabled=locked,
    )
    return list(chosen)


#: How a card to tap looks once answered, by its check (as the card pictures are marked).
PILL_MARKS: Final = {
    "legal": "outline: 4px solid #1b7a2f;",
    "legal wrong": "outline: 4px dashed #c8102e; background: #fdecea;",
    "illegal": "opacity: .55;",
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


def mark_picked(key: str, cards: Sequence[Card], checks: Mapping[Card, tuple[str, str]]) -> None:
    """After an answer the cards the learner tapped carry the marks themselves: allowed, not
    allowed, chosen wrongly or missed, in colour and in words on the card (`lock_answered`
    keeps them from taking a tap)."""
    scope = f".{key_class(key)}"
    rules = []
    for index, card in enumerate(cards, start=1):
        state, note = checks.get(card, ("", ""))
        button = f'{scope} button[data-variant="pills"]:nth-of-type({index})'
        if state:
            rules.append(f"{button} {{ {PILL_MARKS[state]} }}")
        if note:
            rules.append(f"{button}::after {{ content: {css_string(note)}; }}")
    st.markdown(f"<style>{' '.join(rules)}</style>", unsafe_allow_html=True)


#: Once answered, the question's cards and fields take no taps (the next run disables them;
#: this holds for the run in which the answer was stored).
LOCK_CSS: Final = """<style>[data-testid="stForm"] [data-testid="stButtonGroup"],
[data-testid="stForm"] input, [data-testid="stForm"] [data-baseweb="select"]
{ pointer-events: none; }
[data-testid="stForm"] button[data-testid$="FormSubmit"] { pointer-events: none; opacity: .5; }
</style>"""


def lock_answered() -> None:
    st.markdown(LOCK_CSS, unsafe_allow_html=True)


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
