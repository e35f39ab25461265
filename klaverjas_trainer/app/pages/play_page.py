"""Play: whole deals at a table with three computer players. The page dispatches taps;
`klaverjas_trainer.app.play` stores every move with its decisions, `play_views` draws, and
`klaverjas_table` runs the deal on the core."""

from __future__ import annotations

import time
from collections.abc import Callable

import streamlit as st

from klaverjas_core import Card, RuleSet, Suit
from klaverjas_table import (
    DEFAULT_REVOKES,
    LEARNER,
    MODES,
    PLAYERS,
    REVOKE_RATES,
    Outcome,
    TableError,
    TableGame,
)
from klaverjas_trainer.app import play
from klaverjas_trainer.app.analysis_view import show_analysis
from klaverjas_trainer.app.assignments import show_assignments
from klaverjas_trainer.app.board import page_style, show_cards, style, trump_buttons_css
from klaverjas_trainer.app.cards import card_label, suit_label
from klaverjas_trainer.app.in_view import refuse
from klaverjas_trainer.app.markup import problem_words
from klaverjas_trainer.app.numbers import MATCH_NUMBER, whole_number_input
from klaverjas_trainer.app.play_views import (
    ROEM_AMOUNTS,
    revoke_call_form,
    show_calls,
    show_last_trick,
    show_match,
    show_reaction,
    show_review,
    show_score,
    show_table,
    show_table_news,
    sorted_hand,
)
from klaverjas_trainer.app.questions import Missing
from klaverjas_trainer.app.report import report_problem, table_report
from klaverjas_trainer.app.services import PACES, club, course, profile, require_learner, store
from klaverjas_trainer.app.state import session_object
from klaverjas_trainer.storage import InputError, StorageError
from klaverjas_trainer.texts import bound, card_text, current, rule_set_words, t

me = profile()
learner = require_learner()
progress_store = store()
state = session_object("play", play.PlayState)
style()
st.header(t("play-title"))


def house_rules() -> RuleSet:
    """The group's house rules for a club learner, else the learner's own rule set."""
    return RuleSet.parse(me.group.rules) if me.group is not None else me.ruleset


def roem_amounts(rules: RuleSet) -> str:
    """What roem is worth under these rules (stuk from hand is not declared on a trick)."""
    parts = [t("roem-amounts-runs")]
    if not rules.stuk_from_hand:
        parts.append(t("roem-amounts-stuk"))
    parts.append(t("roem-amounts-four"))
    if rules.four_low_100:
        parts.append(t("roem-amounts-low"))
    return " ".join(parts)


def act(make: Callable[[TableGame], Outcome | None], *, deals_cards: bool = True) -> None:
    """One move, run as a button's callback, so the page draws its result in the same run;
    the outcome is shown only once the move is stored. A move that `deals_cards` lets the
    computers play: their cards are dealt out at the learner's pace in the next run."""
    try:
        state.last = play.move(
            state, progress_store, make, seconds=time.monotonic() - state.shown_at
        )
    except StorageError as error:
        state.last = play.MoveFailed(str(error))
        return
    except TableError:  # a second tap on a button the last move made stale: nothing to do
        return
    state.shown_at, state.animate = time.monotonic(), deals_cards


def on_call(call: str) -> None:
    act(lambda game: game.call(call))


def on_card(card: Card) -> None:
    act(lambda game: game.play(card))
    state.hint = state.game is not None and state.game.record.hinted  # a refused card keeps it


def on_hint() -> None:
    def ask_hint(game: TableGame) -> None:
        game.hint()  # the legal cards light up: nothing to say

    act(ask_hint, deals_cards=False)
    state.hint = True


def on_turn() -> None:
    act(lambda game: game.turn_trick())


def on_next_deal() -> None:
    act(lambda game: game.next_deal())


def on_pace() -> None:
    """A new pace, kept with the profile (a failed save keeps it for this session only)."""
    chosen = st.session_state.get("play_pace")
    if chosen in PACES and chosen != me.pace:
        me.pace = str(chosen)
        try:
            progress_store.save_settings(learner.id, me.settings())
        except StorageError as error:
            state.last = play.MoveFailed(str(error))


def pace_setting() -> None:
    """How fast the computer players' cards arrive, one by one or at once."""
    st.radio(
        t("play-pace"),
        PACES,
        index=PACES.index(me.pace),
        format_func=bound(lambda name: t(f"play-pace-{name}")),
        horizontal=True,
        key="play_pace",
        on_change=on_pace,
        help=t("play-pace-help"),
    )


# --- starting or resuming ------------------------------------------------------------------


def new_match_form(*, folded: bool = True) -> TableGame | None:
    """One tap deals the cards: coach or club table first (the rest follows that choice at
    once), then the computer players, the revoke rate (club only) and a match number, folded
    under "More choices" (not when the whole form is folded already: `folded=False`); a new
    match when submitted."""
    mode = st.radio(
        t("play-mode"), MODES, format_func=bound(lambda m: t(f"play-mode-{m}")), key="play_mode"
    )
    with st.form("play-new-form"):
        with st.expander(t("play-more")) if folded else st.container():
            level = st.radio(
                t("play-level"),
                list(PLAYERS),
                format_func=bound(lambda name: t(f"play-level-{name}")),
                horizontal=True,
                key="play_level",
            )
            revokes = DEFAULT_REVOKES
            if mode == "club":  # a coach table refuses a revoke: no rate to choose there
                revokes = st.radio(
                    t("play-revokes"),
                    list(REVOKE_RATES),
                    index=list(REVOKE_RATES).index(DEFAULT_REVOKES),
                    format_func=bound(lambda rate: t(f"play-revokes-{rate}")),
                    horizontal=True,
                    key="play_revokes",
                    help=t("play-revokes-help"),
                )
            seed = whole_number_input(
                t("play-seed"), MATCH_NUMBER.low, MATCH_NUMBER.high, key="play_seed"
            )
        started = st.form_submit_button(t("play-start"), type="primary", key="play_start")
    if not started:
        return None
    try:
        number = MATCH_NUMBER.read(seed)
    except InputError as problem:
        refuse(t("problem", problem=problem_words(problem)), "play-start-refused", error=True)
        return None
    return begin(str(mode), str(level), number, revokes=str(revokes))


def begin(
    mode: str,
    level: str,
    seed: int | None,
    assignment_id: int | None = None,
    revokes: str = DEFAULT_REVOKES,
) -> TableGame:
    """A new match under the house rules, saved; a failed save stops the page with the reason."""
    try:
        game = play.start(
            state, progress_store, learner.id, rules=house_rules(), mode=mode, level=level,
            seed=seed, assignment_id=assignment_id, revokes=revokes,
        )  # fmt: skip
    except StorageError as error:
        st.error(t("storage-error", error=error), icon=":material/warning:")
        st.stop()
    state.shown_at = time.monotonic()
    return game


game = play.resume(state, progress_store, learner.id)
if state.pending is not None and me.group is not None:  # a shared deal from the assignments
    started = club().assignments(me.group.id, closed=True)  # closed since the tap: still played
    shared = next((a for a in started if a.id == state.pending), None)
    state.pending = None
    if shared is not None and shared.is_deal:
        game = begin("coach", "basic", shared.seed, shared.id)
if state.resumed_broken:
    state.resumed_broken = False
    st.warning(t("play-resume-broken"), icon=":material/warning:")

if me.group is not None:
    with st.expander(t("assignments"), expanded=game is None):
        show_assignments(club(), learner, me.group.id, course())

if game is None:
    st.markdown(t("play-intro"))
    if new_match_form() is not None:
        st.rerun()  # draw the new table from the top
    pace_setting()
    st.stop()

# --- the table -----------------------------------------------------------------------------

deal = game.deal
mode_words = t(f"play-mode-{game.mode}-short")
status = t(
    "play-status", deal=game.deal_number + 1, deals=game.rules.match_length, number=game.seed
)
st.caption(  # "boom" (a match) and its number explained beside them
    f"{status} · {mode_words} · {rule_set_words(game.rules)}",
    help=t("play-status-help", deals=game.rules.match_length),
)
if state.assignment_id is not None and game.deal_number == 0:
    st.caption(t("play-shared-deal"))
phase = game.phase
trump = None if deal.phase == "choosing" else deal.trump

if phase in ("score", "over"):  # the empty table would push the score sheet off the screen
    show_reaction(state.last, game)
else:
    show_table(game, me, play.arrivals(state))
    show_table_news(game)
    # the reaction to a tap, above the hand and the buttons, near the trick; in view
    show_reaction(state.last, game)

if phase == "trick":  # what the learner does next, right under the table
    if game.can_declare():
        with st.form("play-roem"):
            st.markdown(t("roem-declare-intro"))
            amount = st.segmented_control(t("roem-amount"), ROEM_AMOUNTS, key="play_roem_amount")
            st.caption(roem_amounts(game.rules))
            declared = st.form_submit_button(t("roem-declare"), key="play_roem_submit")
        if declared and amount is None:
            refuse(Missing((t("roem-amount"),)).words(), "play-roem-missing")
        elif declared and amount is not None:
            claimed = int(amount)
            act(lambda g: g.declare_roem(claimed))
            st.rerun()  # the form's answer is in: draw the trick with the verdict
    st.button(
        t("play-turn-trick"), type="primary", key="play-turn", on_click=on_turn, shortcut="Enter"
    )
elif phase == "call":
    show_calls(game)
    st.markdown(f"**{t('play-your-call')}**")
    with st.container(horizontal=True):
        for suit in Suit:
            st.button(
                suit_label(suit, four_colour=me.four_colour),
                key=f"play-call-{suit.letter}",
                on_click=on_call,
                args=(suit.symbol,),
                help=t("name-as-trumps", trump=suit.symbol),
            )
        st.button(t("play-pass"), key="play-call-pass", on_click=on_call, args=("pass",))
    st.caption(t("your-hand-trumps") if trump else t("your-hand"))
    show_cards(sorted_hand(deal.hand(LEARNER), trump), trump, me)
elif phase == "play":
    legal = game.legal_cards()
    st.markdown(f"**{t('play-your-turn')}**")
    st.caption(t("your-hand-trumps"))
    trump_css = trump_buttons_css(deal.hand(LEARNER), trump, "play-card-")
    if trump_css:  # a hand without trumps has no gold borders
        page_style(trump_css)
    with st.container(horizontal=True):
        for number, card in enumerate(sorted_hand(deal.hand(LEARNER), trump), start=1):
            highlighted = state.hint and card in legal
            st.button(
                card_label(card, four_colour=me.four_colour),
                key=f"play-card-{card.letters()}",
                on_click=on_card,
                args=(card,),
                type="primary" if highlighted else "secondary",
                help=card_text(card),
                shortcut=str(number),  # keys 1-8 play the cards from the left
            )
    if state.hint and game.record.hinted:
        cards = current().cards(sorted_hand(tuple(legal), trump))
        st.info(t("play-hint-shown", cards=cards), icon=":material/lightbulb:")
    else:
        st.button(t("play-hint"), key="play-hint", on_click=on_hint, icon=":material/lightbulb:")

if phase in ("play", "trick"):  # one form for every position (its key stays): the one shown
    report_problem(table_report(game, LEARNER), key="table")
if game.mode == "club" and phase in ("play", "trick"):  # an opponent may have revoked
    called = revoke_call_form(game)
    if called is not None:
        seat, trick = called
        act(lambda g: g.call_revoke(seat, trick), deals_cards=False)
        st.rerun()  # the call's verdict is drawn with the table, above the hand

# --- the score sheet and the review --------------------------------------------------------

if phase in ("score", "over"):
    show_score(game)
    show_analysis(game, learner.id)
    if phase == "score":
        st.button(
            t("play-next-deal"),
            type="primary",
            key="play-next-deal",
            on_click=on_next_deal,
            shortcut="N",
        )
    show_match(game)
    with st.expander(t("review-title")):
        show_review(game)

if phase == "play" and game.record.turned:
    with st.expander(t("previous-trick")):
        show_last_trick(game, me)
with st.expander(t("play-new")):
    if new_match_form(folded=False) is not None:
        st.rerun()
pace_setting()
