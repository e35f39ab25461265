"""One renderer per question kind: how the app draws a question's content (`board`) and asks
for the reply (`ask`). Drill, lessons and projector all draw through these; a test fails when a
kind of `klaverjas_questions` has none.

`ask` returns the reply in the kind's answer type, or None while the learner has not answered.
Its `question` is the lesson's wording, or None for the drill's default labels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import pandas as pd
import streamlit as st

from klaverjas_core import Card, RuleId, Seat
from klaverjas_questions.count_trick import TrickCount
from klaverjas_questions.counting import NumberAnswer, OrderAnswer, PacketsAnswer
from klaverjas_questions.is_nat import NatAnswer, NatContent
from klaverjas_questions.positions import (
    CardQuestion,
    CardsAnswer,
    CityAnswer,
    LegalAnswer,
    PositionContent,
)
from klaverjas_questions.seats import SeatAnswer
from klaverjas_questions.who_revoked import RevokeAnswer, RevokeContent
from klaverjas_trainer.app.board import pick_cards, show_cards, show_position, show_trump, yes_no
from klaverjas_trainer.app.cards import card_label
from klaverjas_trainer.app.services import Profile
from klaverjas_trainer.texts import rule_title, seat_name, t

PAIRS: Final = ("N+S", "E+W")
#: The rules a revoke can break, offered in the who-revoked question.
PLAY_RULES: Final = [r for r in RuleId if r.topic == "play" and r is not RuleId.PLAY_REVOKE]

Board = Callable[[Any, Profile], None]
Ask = Callable[[Any, str | None, str, Profile], Any]


@dataclass(frozen=True, slots=True)
class Renderer:
    board: Board
    ask: Ask


def players(position: PositionContent) -> list[str]:
    """Captions for the trick so far: who played each card, seen from the player to move."""
    count = len(position.trick)
    return [t(f"player-{count - i}") for i in range(count)]


def seat_captions(leader: Seat | None, count: int) -> list[str]:
    if leader is None:
        return []
    return [seat_name(Seat((leader + i) % 4)) for i in range(count)]


# --- positions ----------------------------------------------------------------------------


def board_position(content: PositionContent, profile: Profile) -> None:
    show_position(content.trump, content.trick, players(content), content.hand, profile)


def board_card(content: CardQuestion, profile: Profile) -> None:
    position = content.position
    show_position(
        position.trump, position.trick, players(position), position.hand, profile,
        marked=content.card,
    )  # fmt: skip


def ask_cards(content: PositionContent, question: str | None, key: str, profile: Profile) -> Any:
    picked = pick_cards(question or t("select-legal"), content.hand, profile, key)
    return CardsAnswer.of(picked)


def ask_legal(content: CardQuestion, question: str | None, key: str, profile: Profile) -> Any:
    said = yes_no(question or t("is-legal", card=content.card), key)
    return None if said is None else LegalAnswer(said)


def ask_city(content: PositionContent, question: str | None, key: str, profile: Profile) -> Any:
    if question:
        st.markdown(question)
    chosen = [
        pick_cards(t(f"{city}-legal"), content.hand, profile, f"{key}-{city}")
        for city in ("amsterdam", "rotterdam")
    ]
    return CityAnswer(frozenset(chosen[0]), frozenset(chosen[1]))


# --- count the trick ----------------------------------------------------------------------


def board_trick(content: Any, profile: Profile) -> None:
    show_trump(content.trump, profile)
    show_cards(
        content.trick, content.trump, profile,
        captions=seat_captions(content.leader, len(content.trick)),
    )  # fmt: skip
    if getattr(content, "trick_number", None) == 8:
        st.caption(t("last-trick"))


def ask_count(content: Any, question: str | None, key: str, profile: Profile) -> Any:
    labels = list(content.trick)
    single = question if question and len(content.ask) == 1 else None
    winner = points = roem = None
    if "winner" in content.ask:
        winner = st.pills(
            single or t("who-wins"),
            labels,
            format_func=lambda card: card_label(card, four_colour=profile.four_colour),
            key=f"{key}-winner",
        )
    if "points" in content.ask:
        label = single or t("points")
        points = int(st.number_input(label, 0, 200, step=1, key=f"{key}-points"))
    if "roem" in content.ask:
        label = single or t("roem")
        roem = int(st.number_input(label, 0, 500, step=10, key=f"{key}-roem"))
    return TrickCount(winner if isinstance(winner, Card) else None, points, roem)


def ask_next_leader(content: Any, question: str | None, key: str, profile: Profile) -> Any:
    return _ask_seat(content, question, key, profile)


# --- is this nat? -------------------------------------------------------------------------


def board_nat(content: NatContent, profile: Profile) -> None:
    st.markdown(t("choosers", pair=PAIRS[content.choosers]))
    if content.summary is not None:
        summary = content.summary
        columns: dict[str, list[object]] = {
            t("summary-card-points"): list(summary.card_points),
            t("summary-roem"): [sum(pieces) for pieces in summary.roem],
            t("summary-undeclared"): [sum(pieces) for pieces in summary.undeclared_roem],
        }
        if summary.tricks_won is not None:
            columns[t("summary-tricks")] = list(summary.tricks_won)
        st.table(pd.DataFrame(columns, index=list(PAIRS)))
    elif content.trick_table is not None:
        rows = content.trick_table
        frame = pd.DataFrame(
            {
                t("won-by"): [PAIRS[row.pair] for row in rows],
                t("points"): [row.points for row in rows],
                t("roem"): [_row_roem(row.pair, row.roem) for row in rows],
                t("declared"): [t("yes") if row.declared else t("no") for row in rows],
            },
            index=[t("trick-n", n=n) for n in range(1, 9)],
        )
        st.table(frame)
    else:
        assert content.trump is not None and content.tricks is not None
        show_trump(content.trump, profile)
        for number, (leader, cards) in enumerate(content.tricks):
            forgotten = content.declared is not None and number not in content.declared
            note = f" ({t('summary-undeclared')})" if forgotten else ""
            st.caption(t("trick-n", n=number + 1) + note)
            show_cards(cards, content.trump, profile, captions=seat_captions(leader, 4))


def _row_roem(winner: int, roem: tuple[int, int]) -> str:
    """The winner's roem, and the other pair's (stuk from hand) where it has some."""
    other = 1 - winner
    return f"{roem[winner]} (+{roem[other]} {PAIRS[other]})" if roem[other] else str(roem[winner])


def ask_nat(content: NatContent, question: str | None, key: str, profile: Profile) -> Any:
    nat = yes_no(question or t("nat-question"), f"{key}-nat")
    left, right = st.columns(2)
    points = (
        int(left.number_input(t("written", pair=PAIRS[0]), 0, 1000, step=1, key=f"{key}-0")),
        int(right.number_input(t("written", pair=PAIRS[1]), 0, 1000, step=1, key=f"{key}-1")),
    )
    return None if nat is None else NatAnswer(nat, points)


# --- who revoked? -------------------------------------------------------------------------


def board_revoke(content: RevokeContent, profile: Profile) -> None:
    show_trump(content.trump, profile)
    st.caption(t("hands-dealt"))
    for seat, hand in zip(Seat, content.hands, strict=True):
        st.markdown(f"**{seat_name(seat)}**")
        show_cards(hand, content.trump, profile)
    st.caption(t("tricks-played"))
    for number, (leader, cards) in enumerate(content.tricks):
        st.markdown(f"**{t('trick-n', n=number + 1)}**")
        show_cards(cards, content.trump, profile, captions=seat_captions(leader, 4))


def ask_revoke(content: RevokeContent, question: str | None, key: str, profile: Profile) -> Any:
    played = [card for _, cards in content.tricks for card in cards]
    card = st.selectbox(question or t("which-card-revoked"), played, key=f"{key}-card")
    rule = st.selectbox(t("broken-rule"), PLAY_RULES, format_func=rule_title, key=f"{key}-rule")
    return RevokeAnswer(card, rule)


# --- small lesson questions ---------------------------------------------------------------


def no_board(content: Any, profile: Profile) -> None:
    """The lesson's own table shows what these questions are about."""


def _ask_seat(content: Any, question: str | None, key: str, profile: Profile) -> Any:
    seat = st.segmented_control(question or "", list(Seat), format_func=seat_name, key=key)
    return None if seat is None else SeatAnswer(Seat(seat))


def ask_number(content: Any, question: str | None, key: str, profile: Profile) -> Any:
    return NumberAnswer(int(st.number_input(question or "", 0, 1000, step=1, key=key)))


def ask_order(content: Any, question: str | None, key: str, profile: Profile) -> Any:
    chosen = st.multiselect(question or "", list(content.cards), format_func=str, key=key)
    return OrderAnswer(tuple(chosen))


def ask_packets(content: Any, question: str | None, key: str, profile: Profile) -> Any:
    st.markdown(question or "")
    columns = st.columns(3)
    return PacketsAnswer(
        tuple(
            int(column.number_input(f"{n + 1}", 0, 8, step=1, key=f"{key}-{n}"))
            for n, column in enumerate(columns)
        )
    )


def board_cards(content: Any, profile: Profile) -> None:
    show_cards(content.cards, content.trump, profile)


RENDERERS: Final[dict[str, Renderer]] = {
    "which-cards": Renderer(board_position, ask_cards),
    "card-legal": Renderer(board_card, ask_legal),
    "amsterdam-or-rotterdam": Renderer(board_position, ask_city),
    "count-trick": Renderer(board_trick, ask_count),
    "is-nat": Renderer(board_nat, ask_nat),
    "who-revoked": Renderer(board_revoke, ask_revoke),
    "next-leader": Renderer(board_trick, ask_next_leader),
    "next-dealer": Renderer(no_board, _ask_seat),
    "first-hand": Renderer(no_board, _ask_seat),
    "partner": Renderer(no_board, _ask_seat),
    "trump-chooser": Renderer(no_board, _ask_seat),
    "cards-points": Renderer(board_cards, ask_number),
    "match-deals": Renderer(no_board, ask_number),
    "card-order": Renderer(board_cards, ask_order),
    "packets": Renderer(no_board, ask_packets),
}
