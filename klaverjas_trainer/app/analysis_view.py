"""'Show the analysis' under a finished deal: each card the learner chose, beside what a
stronger player would have played with the same cards (`klaverjas_table.analysis`), weighed
with a progress bar, kept (`klaverjas_trainer.storage.analyses`) for Progress."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from klaverjas_core import Card
from klaverjas_table import TableGame
from klaverjas_table.analysis import ANALYSIS_SAMPLES, analyse_deal
from klaverjas_trainer.app.in_view import reaction_in_view
from klaverjas_trainer.app.services import store
from klaverjas_trainer.storage import StorageError
from klaverjas_trainer.storage.analyses import Analyses
from klaverjas_trainer.texts import card_text, t


def show_analysis(game: TableGame, learner_id: int) -> None:
    """The analysis of the deal just finished: a button, then (once weighed, or kept from
    before) the luck-free figure and each choice beside the stronger player's card."""
    number = game.deal_number
    analyses = Analyses(store())
    detail = analyses.detail(learner_id, game.seed, number)
    if detail is None:
        key = f"analysis-{game.seed}-{number}"
        if not st.button(t("analysis-show"), key=key, icon=":material/insights:"):
            return
        detail = weigh(game, number)
        try:
            analyses.keep(learner_id, game.seed, number, rules=game.rules.name, detail=detail)
        except StorageError as error:  # shown anyway; Progress lacks it until the next time
            st.warning(t("storage-error", error=error), icon=":material/warning:")
    with reaction_in_view("analysis"):  # below the score sheet: brought into view
        show_choices(detail)


def weigh(game: TableGame, number: int) -> list[dict[str, Any]]:
    """The deal weighed, with a progress bar while the stronger player works."""
    bar = st.progress(0.0, text=t("analysis-running", done=0, total="…"))

    def each(done: int, total: int) -> None:
        bar.progress(done / total, text=t("analysis-running", done=done, total=total))

    analysis = analyse_deal(game, number, each=each)
    bar.empty()
    return [
        {
            "trick": choice.trick + 1,
            "played": str(choice.played),
            "best": str(choice.best),
            "given_away": round(choice.given_away, 1),
            "legal": choice.legal,
        }
        for choice in analysis.choices
    ]


def show_choices(detail: Sequence[Mapping[str, Any]]) -> None:
    if not detail:
        st.info(t("analysis-none"), icon=":material/insights:")
        return
    given = sum(float(choice["given_away"]) for choice in detail)
    best = sum(1 for choice in detail if not choice["given_away"])
    st.markdown(t("analysis-summary", best=best, count=len(detail), given=f"{given:.0f}"))
    rows = [
        {
            t("col-trick"): choice["trick"],
            t("col-your-card"): _card_words(str(choice["played"]), bool(choice["legal"])),
            t("col-stronger-card"): card_text(Card.parse(str(choice["best"]))),
            t("col-given-away"): f"{float(choice['given_away']):.0f}",
        }
        for choice in detail
    ]
    st.table(pd.DataFrame(rows), hide_index=True, border="horizontal")
    st.caption(t("analysis-how", samples=ANALYSIS_SAMPLES))


def _card_words(text: str, legal: bool) -> str:
    card = card_text(Card.parse(text))
    return card if legal else t("analysis-revoke", card=card)
