"""One renderer per question kind: how the app draws a question's content (`board`) and asks
for the reply (`ask`). The drill and the projector draw puzzles with `board` (a lesson draws its
own table) and drill and lessons ask with `ask`; a test fails when a kind of
`klaverjas_questions` has none.

`ask` returns the reply in the kind's answer type, or `Missing` (naming the parts still empty)
while the learner has not answered every part (nothing is preselected, and an empty number is
not 0). Its `question` is the
lesson's wording, or None for the drill's default labels; `locked` once answered: the reply
stays on the page but cannot be changed. After an answer, `checks` says for
each card of the hand whether it was allowed and whether the learner got it wrong.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

import pandas as pd
import streamlit as st
from fpdf import FPDF

from klaverjas_core import CITIES, Card, RuleId, RuleSet, Seat, trick_winner
from klaverjas_questions import (
    Grade,
    QuestionError,
    QuestionKind,
    count_trick,
    counting,
    is_nat,
    positions,
    seats,
    who_revoked,
)
from klaverjas_questions.count_trick import LAST_TRICK, TrickCount
from klaverjas_questions.counting import NumberAnswer, OrderAnswer, PacketsAnswer
from klaverjas_questions.is_nat import NatAnswer, NatContent
from klaverjas_questions.model import Record
from klaverjas_questions.positions import (
    CardQuestion,
    CardsAnswer,
    CityAnswer,
    LegalAnswer,
    PositionContent,
)
from klaverjas_questions.seats import PassAnswer, SeatAnswer, SpeakContent
from klaverjas_questions.who_revoked import RevokeAnswer, RevokeContent
from klaverjas_trainer.app.board import (
    card_pill,
    pick_cards,
    show_cards,
    show_position,
    show_table,
    show_tricks,
    show_trump,
    yes_no,
)
from klaverjas_trainer.app.numbers import whole, whole_number_input
from klaverjas_trainer.app.services import Profile
from klaverjas_trainer.app.table_view import table_html, tricks_html
from klaverjas_trainer.texts import bound, card_text, rule_title, seat_name, t
from klaverjas_trainer.texts.answers import pair_name, table_roem
from klaverjas_trainer.worksheets import WorksheetError, worksheet_pdf
from klaverjas_trainer.worksheets import pdf as sheet
from puzzles import Puzzle

#: The rules a revoke can break, offered in the who-revoked question.
PLAY_RULES: Final = [r for r in RuleId if r.topic == "play" and r is not RuleId.PLAY_REVOKE]

Checks = dict[Card, tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Missing:
    """An answer not complete yet: the labels of the parts still empty, which the refusal
    names (``Missing(("Points for Us",))``: "Still to answer: Points for Us")."""

    parts: tuple[str, ...]

    def words(self) -> str:
        """The refusal: what is still to answer, one part a line."""
        return "\n".join([t("answer-missing"), *(f"- {part}" for part in self.parts)])


def missing(parts: dict[str, object]) -> Missing | None:
    """The parts (label: value) left empty (None, or no card tapped), or None when all are in."""
    empty = tuple(label for label, value in parts.items() if value is None or value == [])
    return Missing(empty) if empty else None


C = TypeVar("C", bound=Record)
R = TypeVar("R", bound=Record)
C_contra = TypeVar("C_contra", bound=Record, contravariant=True)


class Ask(Protocol[C_contra]):
    def __call__(
        self,
        content: C_contra,
        question: str | None,
        key: str,
        profile: Profile,
        *,
        locked: bool = ...,
    ) -> Any: ...


def no_checks(content: Any, rules: RuleSet, grade: Grade) -> Checks:
    return {}


def nothing_given(content: Any, reply: Any, key: str) -> dict[str, object]:
    return {}


@dataclass(frozen=True, slots=True)
class KindView(Generic[C, R]):
    """A question kind complete in one declaration: the kind itself (content, answer, solve,
    grade, its answer in words, its flags), how the app draws and asks it, how its answered
    cards are marked and, for a puzzle kind, how a worksheet prints it. mypy checks that the
    parts fit the kind's content; `tests/test_renderers.py` that every kind has a view and
    every puzzle kind its printed form."""

    kind: QuestionKind[C, R]
    board: Callable[[C, Profile, Checks | None], None]
    ask: Ask[C]
    checks: Callable[[C, RuleSet, Grade], Checks] = no_checks
    #: The question shows the hand as the cards to tap: before the answer the board leaves
    #: the hand out, so it is not on the page twice.
    picks_from_hand: bool = False
    #: How a worksheet prints it (draws the content, returns the question); every puzzle kind.
    printed: Callable[[FPDF, C], str] | None = None
    #: The parts a class works out, in the question's order, listed on the projector.
    parts: Callable[[C], dict[str, str]] | None = None
    #: The widget values (by widget key) that show a stored reply again, locked, when the
    #: learner comes back to an answered puzzle; `ask` names its widgets from `key`.
    given: Callable[[C, R, str], dict[str, object]] = nothing_given

    @property
    def name(self) -> str:
        return self.kind.name


def _number(label: str, high: int, step: int, key: str, locked: bool) -> int | None:
    """A whole number the learner typed; None while the field is empty (not 0), and for
    anything but a whole number (then the page asks for an answer as for an empty field)."""
    value = whole_number_input(label, 0, high, step=step, key=key, disabled=locked)
    return whole(value)


# --- positions ----------------------------------------------------------------------------


def hand_checks(hand: tuple[Card, ...], legal: set[Card], grade: Grade) -> Checks:
    """Each card: allowed or not, with the learner's mistakes marked (as Lichess marks moves)."""
    wrong = {mistake.part for mistake in grade.mistakes}
    checks: Checks = {}
    for card in hand:
        if card in legal:
            checks[card] = (
                ("legal wrong", t("check-missed"))
                if str(card) in wrong
                else ("legal", t("check-legal"))
            )
        else:
            checks[card] = (
                ("illegal wrong", t("check-chosen"))
                if str(card) in wrong
                else ("illegal", t("check-illegal"))
            )
    return checks


def chosen_wrong_only(checks: Checks) -> Checks:
    """Only the marks of cards the learner chose but may not play: the others would show
    the answer before the learner asks for it."""
    return {card: mark for card, mark in checks.items() if mark[0] == "illegal wrong"}


def position_checks(content: PositionContent, rules: RuleSet, grade: Grade) -> Checks:
    return hand_checks(content.hand, set(content.legal_cards(rules)), grade)


def card_checks(content: CardQuestion, rules: RuleSet, grade: Grade) -> Checks:
    """The one card asked about: allowed or not, as a fact; when the learner said otherwise,
    the card is marked wrong and the words say what the learner said ("allowed · you said
    no"), so the true fact is not what looks crossed out (a yes/no question: nothing was
    "chosen" or "left out")."""
    allowed = content.card in set(content.position.legal_cards(rules))
    state, words = ("legal", t("check-legal")) if allowed else ("illegal", t("check-illegal"))
    if not grade.correct:
        said = t("check-legal-said-no" if allowed else "check-illegal-said-yes")
        return {content.card: (f"{state} wrong", said)}
    return {content.card: (state, words)}


def board_position(content: PositionContent, profile: Profile, checks: Checks | None) -> None:
    show_position(
        content.trump, content.trick, content.leader, content.hand, profile, checks=checks
    )


def board_before_picking(content: PositionContent, profile: Profile) -> None:
    """Trumps and the trick; the hand is below, in the question, as the cards to tap."""
    show_position(content.trump, content.trick, content.leader, None, profile)


def board_card(content: CardQuestion, profile: Profile, checks: Checks | None) -> None:
    position = content.position
    show_position(
        position.trump, position.trick, position.leader, position.hand, profile,
        marked=content.card, checks=checks,
    )  # fmt: skip


def ask_cards(
    content: PositionContent, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    picked = pick_cards(
        question or t("select-legal"), content.hand, profile, key, locked=locked,
        trump=content.trump,
    )  # fmt: skip
    if not picked:  # some card is always allowed
        return Missing((question or t("select-legal"),))
    return CardsAnswer.of(picked)


def given_cards(content: PositionContent, reply: CardsAnswer, key: str) -> dict[str, object]:
    return {key: [card for card in content.hand if card in reply.cards]}


def ask_legal(
    content: CardQuestion, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    label = question or t("is-legal", card=card_text(content.card))
    said = yes_no(label, key, locked=locked)
    return Missing((label,)) if said is None else LegalAnswer(said)


def ask_city(
    content: PositionContent, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    if question:
        st.markdown(question)
    chosen = [
        pick_cards(
            t(f"{city}-legal"),
            content.hand,
            profile,
            f"{key}-{city}",
            locked=locked,
            trump=content.trump,
        )
        for city in CITIES
    ]
    gap = missing({t(f"{city}-legal"): cards for city, cards in zip(CITIES, chosen, strict=True)})
    return gap or CityAnswer(frozenset(chosen[0]), frozenset(chosen[1]))


def given_city(content: PositionContent, reply: CityAnswer, key: str) -> dict[str, object]:
    picked = {"amsterdam": reply.amsterdam, "rotterdam": reply.rotterdam}
    return {
        f"{key}-{city}": [card for card in content.hand if card in picked[city]] for city in CITIES
    }


# --- count the trick ----------------------------------------------------------------------


def board_trick(content: Any, profile: Profile, checks: Checks | None = None) -> None:
    """The trick at the table, each card at its seat (judged from outside: no "you"); the
    last trick is said, since it brings 10 more points. Once answered (`checks` given), the
    card that takes the trick is ringed: before, that is the question."""
    show_trump(content.trump, profile)
    number = getattr(content, "trick_number", None)  # a next-leader trick has no number
    last = number == LAST_TRICK
    centre = t("last-trick") if last else "" if number is None else t("trick-n", n=number)
    if content.leader is None:  # a trick with no seats given: the cards in playing order
        show_cards(content.trick, content.trump, profile)
        if last:
            st.caption(t("last-trick"))
        return
    winner = None
    if checks is not None:
        winner = Seat((content.leader + trick_winner(content.trick, content.trump)) % 4)
    show_table(
        content.trick, content.leader, content.trump, profile, viewer=None, centre=centre,
        winner=winner,
    )  # fmt: skip
    if last:
        st.caption(t("last-trick"))


def count_parts(content: Any) -> dict[str, str]:
    """What a count-trick question asks, part by part in the question's order, in the words
    of its answer fields."""
    words = {
        "winner": t("who-wins"),
        "points": t("points-with-last") if content.last_trick else t("points"),
        "roem": t("roem"),
    }
    return {part: words[part] for part in content.ask}


def ask_count(
    content: Any, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    single = question if question and len(content.ask) == 1 else None
    labels = {part: single or words for part, words in count_parts(content).items()}
    winner: Card | None = None
    points = roem = None
    if "winner" in content.ask:
        winner = st.pills(
            labels["winner"],
            list(content.trick),
            format_func=bound(lambda card: card_pill(card, four_colour=profile.four_colour)),
            key=f"{key}-winner",
            disabled=locked,
        )
    if "points" in content.ask:
        points = _number(labels["points"], 200, 1, f"{key}-points", locked)
    if "roem" in content.ask:
        roem = _number(labels["roem"], 500, 10, f"{key}-roem", locked)
    given = {"winner": winner, "points": points, "roem": roem}
    gap = missing({labels[part]: given[part] for part in content.ask})
    return gap or TrickCount(winner, points, roem)


# --- is this nat? -------------------------------------------------------------------------

#: Beside the trick table's row of a called revoke (the sentence above the table shows it too).
REVOKE_MARK: Final = "⚑"


def board_nat(content: NatContent, profile: Profile, checks: Checks | None = None) -> None:
    st.markdown(t("choosers", pair=pair_name(content.choosers)))
    if content.summary is not None:
        summary = content.summary
        columns: dict[str, list[object]] = {
            t("summary-card-points"): list(summary.card_points),
            t("summary-roem"): [sum(pieces) for pieces in summary.roem],
            t("summary-undeclared"): [sum(pieces) for pieces in summary.undeclared_roem],
        }
        if summary.tricks_won is not None:
            columns[t("summary-tricks")] = list(summary.tricks_won)
        st.table(pd.DataFrame(columns, index=[pair_name(0), pair_name(1)]))
    elif content.trick_table is not None:
        rows = content.trick_table
        revoke = content.revoke_row
        if revoke is not None:  # said above the table: a phone scrolls a wide table sideways
            assert revoke.revoked_by is not None
            words = t("table-revoke-called", pair=pair_name(revoke.revoked_by),
                      trick=rows.index(revoke) + 1, mark=REVOKE_MARK)  # fmt: skip
            st.markdown(words)
        frame = pd.DataFrame(
            {
                t("won-by"): [pair_name(row.pair) for row in rows],
                t("table-points"): [row.points for row in rows],
                t("roem"): [table_roem(row.pair, row.roem) for row in rows],
                t("declared"): [t("yes") if row.declared else t("no") for row in rows],
            },
            index=[
                t("trick-n", n=n) + (f" {REVOKE_MARK}" if row is revoke else "")
                for n, row in enumerate(rows, start=1)
            ],
        )
        st.table(frame)
        st.caption(t("table-last-trick"))
    else:
        assert content.trump is not None and content.tricks is not None
        show_trump(content.trump, profile)
        declared = content.declared
        notes = {
            number: t("summary-undeclared")
            for number in range(len(content.tricks))
            if declared is not None and number not in declared
        }
        show_tricks(content.tricks, content.trump, profile, notes)


def ask_nat(
    content: NatContent, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    if question:
        st.markdown(question)
    nat = yes_no(t("nat-question"), f"{key}-nat", locked=locked)
    labels = [t("written", pair=pair_name(pair)) for pair in (0, 1)]
    left, right = st.columns(2)
    with left:
        first = _number(labels[0], 1000, 1, f"{key}-0", locked)
    with right:
        second = _number(labels[1], 1000, 1, f"{key}-1", locked)
    gap = missing({t("nat-question"): nat, labels[0]: first, labels[1]: second})
    if gap or nat is None or first is None or second is None:
        return gap
    return NatAnswer(nat, (first, second))


# --- who revoked? -------------------------------------------------------------------------

#: On a phone the dealt hands stand one under the other in table order (North, East, South,
#: West: clockwise, as the tricks' columns), each as wide as the screen and no wider.
REVOKE_PHONE_CSS: Final = """<style>
@media (max-width: 640px) {
  .kj-revoke, .kj-revoke .kj-side > div { max-width: 100%; min-width: 0; }
  .kj-revoke .kj-side { display: block; }
  .kj-revoke .kj-side .kj-table.kj-deal { width: auto; max-width: 100%;
    grid-template-columns: minmax(0, 1fr); grid-template-areas: "top" "right" "bottom" "left";
    margin: 0 0 .8rem; }
  .kj-revoke .kj-table.kj-deal .kj-seat { align-items: flex-start; text-align: left;
    padding: .2rem 0; border-top: 1px solid #ddd; }
  .kj-revoke .kj-table.kj-deal .kj-hand { justify-content: flex-start; }
  .kj-revoke .kj-tricks { max-width: 100%; }
}
</style>"""


def board_revoke(content: RevokeContent, profile: Profile, checks: Checks | None = None) -> None:
    """The four hands as dealt, at their seats, and the tricks played, card under seat: side
    by side where there is room (a projector), one under the other where not; on a phone the
    hands too, seat by seat in table order (`REVOKE_PHONE_CSS`)."""
    show_trump(content.trump, profile)
    hands = dict(zip(Seat, content.hands, strict=True))
    dealt = table_html(
        dealer=None, trick={}, trump=content.trump, choosers=None, to_act=None,
        four_colour=profile.four_colour, viewer=None, leader=content.first_leader, hands=hands,
    )  # fmt: skip
    played = tricks_html(content.tricks, content.trump, four_colour=profile.four_colour)
    parts = [(t("hands-dealt"), dealt), (t("tricks-played"), played)]
    blocks = "".join(
        f'<div><p class="kj-part">{html.escape(title)}</p>{picture}</div>'
        for title, picture in parts
    )
    st.markdown(
        f'{REVOKE_PHONE_CSS}<div class="kj-revoke"><div class="kj-side">{blocks}</div></div>',
        unsafe_allow_html=True,
    )


def ask_revoke(
    content: RevokeContent, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    played = [card for _, cards in content.tricks for card in cards]
    label = question or t("which-card-revoked")
    card = st.selectbox(
        label, played, index=None, key=f"{key}-card",
        format_func=bound(card_text), placeholder=t("choose"), disabled=locked,
    )  # fmt: skip
    rule = st.selectbox(
        t("broken-rule"), PLAY_RULES, index=None, format_func=bound(rule_title), key=f"{key}-rule",
        placeholder=t("choose"), disabled=locked,
    )  # fmt: skip
    if card is None or rule is None:
        return missing({label: card, t("broken-rule"): rule})
    return RevokeAnswer(card, rule)


# --- small lesson questions ---------------------------------------------------------------


def no_board(content: Any, profile: Profile, checks: Checks | None = None) -> None:
    """The lesson's own text and table show what these questions are about."""


def board_seats(content: Any, profile: Profile, checks: Checks | None = None) -> None:
    """The four seats with no cards: the dealer marked where the question has one, and the
    seat the question is about (the one asked after, or the one to speak) underlined."""
    dealer = getattr(content, "dealer", None)
    about = getattr(content, "seat", None)
    if isinstance(content, SpeakContent):
        about = Seat((content.dealer + 1 + content.passes) % 4)
    picture = table_html(
        dealer=dealer, trick={}, trump=None, choosers=None, to_act=about, viewer=None,
        four_colour=profile.four_colour,
    )  # fmt: skip
    st.markdown(picture, unsafe_allow_html=True)


def ask_seat(
    content: Any, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    seat = st.segmented_control(
        question or "", list(Seat), format_func=bound(seat_name), key=key, disabled=locked
    )
    return Missing((question or "",)) if seat is None else SeatAnswer(Seat(seat))


def ask_may_pass(
    content: SpeakContent, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    speaker = Seat((content.dealer + 1 + content.passes) % 4)
    label = question or t("q-may-pass", seat=seat_name(speaker))
    said = yes_no(label, key, locked=locked)
    return Missing((label,)) if said is None else PassAnswer(said)


def ask_number(
    content: Any, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    number = _number(question or "", 1000, 1, key, locked)
    return Missing((question or "",)) if number is None else NumberAnswer(number)


def ask_order(
    content: Any, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    """One choice per place, strongest first: the order is what is chosen, not the order
    of clicks. A card picked for two places is not an answer yet."""
    if question:
        st.markdown(question)
    cards = list(content.cards)
    chosen = []
    for place, column in enumerate(st.columns(len(cards))):
        with column:
            chosen.append(
                st.selectbox(
                    t("order-place", n=place + 1),
                    cards,
                    index=None,
                    format_func=bound(card_text),
                    key=f"{key}-{place}",
                    placeholder=t("choose"),
                    disabled=locked,
                )
            )
    twice = {card for card in chosen if chosen.count(card) > 1}  # a card in two places
    gap = missing({
        t("order-place", n=place + 1): None if card in twice else card
        for place, card in enumerate(chosen)
    })  # fmt: skip
    return gap or OrderAnswer(tuple(card for card in chosen if card is not None))


def ask_packets(
    content: Any, question: str | None, key: str, profile: Profile, locked: bool = False
) -> Any:
    st.markdown(question or "")
    sizes = []
    for n, column in enumerate(st.columns(3)):
        with column:
            sizes.append(_number(f"{n + 1}", 8, 1, f"{key}-{n}", locked))
    if any(size is None for size in sizes):
        return Missing((question or "",))
    return PacketsAnswer(tuple(int(str(size)) for size in sizes))


def board_cards(content: Any, profile: Profile, checks: Checks | None = None) -> None:
    show_cards(content.cards, content.trump, profile)


def print_puzzle(pdf: FPDF, puzzle: Puzzle) -> str:
    """A puzzle's question on a worksheet, printed as its kind's view says."""
    printed = view_of(puzzle.kind).printed
    if printed is None:
        raise WorksheetError(f"a {puzzle.kind} question is not printed on worksheets")
    return printed(pdf, puzzle.content)


def printed_worksheet(
    puzzles: Sequence[Puzzle], *, subtitle: str = "", join: tuple[str, str] | None = None
) -> bytes:
    """The worksheet of `puzzles` with its answer key, as PDF bytes (with the group's join QR
    code when `join` gives its link and code)."""
    return worksheet_pdf(puzzles, print_puzzle, subtitle=subtitle, join=join)


#: Every question kind with its view: a new kind adds its line here.
VIEWS: Final[tuple[KindView[Any, Any], ...]] = (
    KindView(
        positions.WHICH_CARDS, board_position, ask_cards, position_checks,
        picks_from_hand=True, printed=sheet.print_which_cards, given=given_cards,
    ),
    KindView(
        positions.CARD_LEGAL, board_card, ask_legal, card_checks, printed=sheet.print_card_legal
    ),
    KindView(
        positions.AMSTERDAM_OR_ROTTERDAM, board_position, ask_city,
        picks_from_hand=True, printed=sheet.print_city, given=given_city,
    ),
    KindView(is_nat.IS_NAT, board_nat, ask_nat, printed=sheet.print_is_nat),
    KindView(
        count_trick.COUNT_TRICK, board_trick, ask_count,
        printed=sheet.print_count_trick, parts=count_parts,
    ),
    KindView(who_revoked.WHO_REVOKED, board_revoke, ask_revoke, printed=sheet.print_who_revoked),
    KindView(seats.NEXT_LEADER, board_trick, ask_seat),
    KindView(seats.NEXT_DEALER, board_seats, ask_seat),
    KindView(seats.FIRST_HAND, board_seats, ask_seat),
    KindView(seats.PARTNER, board_seats, ask_seat),
    KindView(seats.TRUMP_CHOOSER, board_seats, ask_seat),
    KindView(seats.MAY_PASS, board_seats, ask_may_pass),
    KindView(counting.CARDS_POINTS, board_cards, ask_number),
    KindView(counting.CARD_ORDER, board_cards, ask_order),
    KindView(counting.MATCH_DEALS, no_board, ask_number),
    KindView(counting.PACKETS_KIND, no_board, ask_packets),
)  # fmt: skip
_BY_NAME: Final = {view.kind.name: view for view in VIEWS}


def view_of(kind: str) -> KindView[Any, Any]:
    """The view of the kind called `kind` (a `QuestionError` names an unknown one)."""
    found = _BY_NAME.get(kind)
    if found is None:
        raise QuestionError(f"`{kind}` has no view (known: {', '.join(_BY_NAME)})")
    return found
