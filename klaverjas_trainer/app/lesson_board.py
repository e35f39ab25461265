"""A lesson step's table, drawn the way the drill and the projector draw theirs: the trick at
the table by seat (the player whose hand is shown sits at the bottom as "you"; a trick judged
from outside has no "you"), the hand, other cards in a row, and whole tricks seat by seat."""

from __future__ import annotations

import streamlit as st

from klaverjas_trainer.app.board import show_cards, show_table, show_tricks, show_trump
from klaverjas_trainer.app.questions import Checks, view_of
from klaverjas_trainer.app.services import Profile
from klaverjas_trainer.texts import seat_name, t
from lessons import Step, Table


def show_step_picture(
    step: Step,
    profile: Profile,
    *,
    shown: int | None = None,
    checks: Checks | None = None,
    hand_in_question: bool = False,
) -> None:
    """The step's table, or without cards the question's own picture (seats, the dealer).
    `shown`: how many of the trick's cards are on the table yet (a trick played card by
    card); `hand_in_question`: the hand is the question's cards to tap, so not drawn here."""
    table = step.table
    if table is not None and (table.trump or table.trick or table.cards or table.tricks):
        show_step_table(table, profile, shown, checks, hand_in_question=hand_in_question)
    elif step.check is not None:  # a table that only sets the rules draws nothing itself
        view_of(step.check.kind.name).board(step.check.content, profile, None)


def show_step_table(
    table: Table,
    profile: Profile,
    shown: int | None,
    checks: Checks | None,
    *,
    hand_in_question: bool,
) -> None:
    if table.trump is not None:
        show_trump(table.trump, profile)
    trick = table.trick[:shown] if shown is not None else table.trick
    mover = table.to_move if table.hand else None
    if table.leader is not None and (trick or table.hand):
        whole = len(trick) == len(table.trick)
        centre = (
            t("no-cards-yet")
            if not trick
            else t("last-trick")
            if table.last_trick and whole
            else ""
        )
        show_table(
            trick, table.leader, table.trump, profile, viewer=mover, to_act=mover, centre=centre
        )
    elif trick:  # no seats given: the cards in playing order
        show_cards(trick, table.trump, profile)
    if table.cards:
        show_cards(table.cards, table.trump, profile)
    if table.hand and not hand_in_question:
        seat = "" if mover is None else f" ({seat_name(mover)})"
        st.caption(f"{t('your-hand')}{seat}")
        show_cards(table.hand, table.trump, profile, checks=checks)
    if table.tricks:
        show_tricks(table.tricks, table.trump, profile)
