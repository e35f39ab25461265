"""'Show the analysis' under a finished deal: each card the learner chose, beside what a
stronger player would have played with the same cards (`klaverjas_table.analysis`), with the
reason in one sentence, kept (`klaverjas_trainer.storage.analyses`) for Progress.

The weighing runs off the page's thread, in the worker pool every session of the server shares
(`klaverjas_trainer.workers`). The learner's script run waits for it asleep, looking every
`WAIT_STEP` seconds to show the learner's place in the queue, then the progress, on one
progress bar, and draws the rows in the same run once they are weighed: no rerun per look (ten
waiting pages polling with fragment reruns took a third of the server's thread). A tap
elsewhere ends the wait at the next look; the job goes on, and its rows are kept in the
database as soon as they are done, whoever still watches. A script run without a server
(AppTest, a bare ``python`` run) weighs inline, in its own thread, with the progress bar as
before: there is no other session to keep waiting.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Final

import pandas as pd
import streamlit as st

from klaverjas_core import Card, RuleId
from klaverjas_table import LEARNER, TableGame
from klaverjas_table.analysis import ANALYSIS_SAMPLES, Reason, ReasonKind, analysis_rows
from klaverjas_trainer.app.in_view import reaction_in_view
from klaverjas_trainer.app.services import store
from klaverjas_trainer.app.worker_pool import server_pool as analysis_pool
from klaverjas_trainer.storage import StorageError
from klaverjas_trainer.storage.analyses import Analyses
from klaverjas_trainer.texts import card_text, either_text, nt, rule_title, t
from klaverjas_trainer.workers import InlinePool, JobStatus, Pool, PoolFullError

#: How often a page waiting for its analysis asks the pool how far it is.
WAIT_STEP: Final = 0.2
#: Every how many looks the bar is sent again, unchanged (a second).
SHOW_EVERY: Final = 5
#: The longest a page waits in one run (a job always ends sooner: the queue is bounded).
LONGEST_WAIT: Final = 600.0
#: The reasons whose sentence counts `Reason.points` ("1 more point", "5 more points"): plural
#: messages in every catalogue, their form chosen by the points.
COUNTED: Final = frozenset((ReasonKind.TRICK_GIVEN, ReasonKind.TRICK_LOST, ReasonKind.TRICK_FED,
                           ReasonKind.LATER, ReasonKind.ROEM, ReasonKind.TOTAL,
                           ReasonKind.EQUAL))  # fmt: skip


def show_analysis(game: TableGame, learner_id: int) -> None:
    """The analysis of the deal just finished: a button, then its place in the queue and its
    progress, then (once weighed, or kept from before) the luck-free figure and each choice
    beside the stronger player's card, with why."""
    number = game.deal_number
    analyses = Analyses(store())
    detail = analyses.detail(learner_id, game.seed, number)
    if detail is None:
        detail = _weighed(game, number, learner_id, analyses)
        if detail is None:
            return
    with reaction_in_view("analysis"):  # below the score sheet: brought into view
        show_choices(detail, took_all=_took_all(game, number))


def _key(learner_id: int, game: TableGame, number: int) -> Hashable:
    return ("analysis", learner_id, game.seed, number)


def _weighed(
    game: TableGame, number: int, learner_id: int, analyses: Analyses
) -> list[dict[str, Any]] | None:
    """The rows once weighed; until then the button, the queue or the progress (None)."""
    pool = analysis_pool()
    key = _key(learner_id, game, number)
    status = pool.status(key)
    retried = False
    if status is None or status.state in ("failed", "crashed"):
        retried = status is not None
        if not _button(game, number, failed=retried):
            return None
        status = _submit(pool, key, game, number, learner_id, analyses)
        if status is None:
            return None
    if status.state in ("queued", "running"):
        status = _wait(pool, key)
        if status is None or status.state in ("queued", "running"):
            return None
    if status.state != "done":  # the learner carries on: the table does not depend on it
        if retried:  # its button is on the page already: pressed again, it tries again
            st.warning(t("analysis-failed"), icon=":material/warning:")
        else:
            _button(game, number, failed=True)
        return None
    rows: list[dict[str, Any]] = status.result
    if analyses.detail(learner_id, game.seed, number) is None:  # its keeping failed: again
        try:
            analyses.keep(learner_id, game.seed, number, rules=game.rules.name, detail=rows)
        except StorageError as error:  # shown anyway; Progress lacks it until the next time
            st.warning(t("storage-error", error=error), icon=":material/warning:")
    pool.forget(key)
    return rows


def _button(game: TableGame, number: int, *, failed: bool) -> bool:
    """The button that asks for the analysis (after a failure: said, and to try again)."""
    if not failed:
        key = f"analysis-{game.seed}-{number}"
        return st.button(t("analysis-show"), key=key, icon=":material/insights:")
    said = st.empty()  # above the button; gone once it is pressed
    key = f"analysis-retry-{game.seed}-{number}"
    pressed = st.button(t("analysis-retry"), key=key, icon=":material/insights:")
    if not pressed:
        said.warning(t("analysis-failed"), icon=":material/warning:")
    return pressed


def _submit(
    pool: Pool, key: Hashable, game: TableGame, number: int, learner_id: int, analyses: Analyses
) -> JobStatus | None:
    keep = functools.partial(_keep, analyses, learner_id, game.seed, number, game.rules.name)
    bar = None
    if isinstance(pool, InlinePool):  # weighed right here: the progress bar as it goes
        bar = st.progress(0.0, text=t("analysis-running", done=0, total="…"))

        def each(done: int, total: int) -> None:
            assert bar is not None
            bar.progress(done / total, text=t("analysis-running", done=done, total=total))

        pool.each = each
    try:
        return pool.submit(key, learner_id, analysis_rows, game.to_dict(), number, then=keep)
    except PoolFullError:
        st.info(t("analysis-busy"), icon=":material/hourglass_top:")
        return None
    finally:
        if bar is not None:
            bar.empty()
            assert isinstance(pool, InlinePool)
            pool.each = None


def _keep(
    analyses: Analyses, learner_id: int, seed: int, number: int, rules: str, rows: Any
) -> None:
    """Keep the rows the moment they are weighed (on the pool's thread); a failure is left
    for the page, which tries again when it shows them."""
    try:
        analyses.keep(learner_id, seed, number, rules=rules, detail=list(rows))
    except StorageError:
        return


def _wait(pool: Pool, key: Hashable) -> JobStatus | None:
    """Wait for a queued or running job, its place or progress on a bar; the job's end."""
    bar = st.progress(0.0, text=t("analysis-queued", place="…"))
    shown: tuple[str, int, int, int] | None = None
    deadline = time.monotonic() + LONGEST_WAIT
    status = pool.status(key)
    for step in itertools.count():
        if status is None or status.state not in ("queued", "running"):
            break
        now = (status.state, status.place, status.done, status.total)
        # a message to the browser when something changed, and each second anyway: sending is
        # where Streamlit notices a tap that asks for a new run, and ends this one
        if now != shown or step % SHOW_EVERY == 0:
            if status.state == "queued":
                bar.progress(0.0, text=t("analysis-queued", place=status.place))
            else:
                total = status.total or "…"
                share = status.done / status.total if status.total else 0.0
                bar.progress(share, text=t("analysis-running", done=status.done, total=total))
            shown = now
        if time.monotonic() > deadline:
            return status
        time.sleep(WAIT_STEP)
        status = pool.status(key)
    bar.empty()
    return status


def _took_all(game: TableGame, number: int) -> bool:
    tricks = game.score(number).tricks_won
    return tricks is not None and tricks[LEARNER.pair] == 8


def show_choices(detail: Sequence[Mapping[str, Any]], *, took_all: bool = False) -> None:
    """The figure and one row per choice: its points given away (whole points: the rows add
    up to the figure) and the stronger player's card (or cards) or "too close to call"; then
    why, trick by trick, in whole lines under the table (a fifth column would not fit a phone)."""
    if not detail:
        st.info(t("analysis-none"), icon=":material/insights:")
        return
    given = [round(float(choice["given_away"])) for choice in detail]
    best, total = sum(1 for points in given if not points), sum(given)
    st.markdown(t("analysis-summary", best=best, count=len(detail), given=total))
    if took_all and total > 0:
        st.info(t("analysis-all-tricks"), icon=":material/info:")
    rows = [
        {
            t("col-trick"): choice["trick"],
            t("col-your-card"): _card_words(str(choice["played"]), bool(choice["legal"])),
            t("col-stronger-card"): _stronger(choice),
            t("col-given-away"): f"{points}",
        }
        for choice, points in zip(detail, given, strict=True)
    ]
    st.table(pd.DataFrame(rows), hide_index=True, border="horizontal")
    reasons = [
        f"- **{t('col-trick')} {choice['trick']}.** {words}"
        for choice in detail
        if (words := _reason_words(choice.get("reason")))
    ]
    if reasons:  # rows kept before reasons came have none
        with st.container(key="analysis_reasons"):
            st.markdown(f"**{t('col-why')}**\n\n" + "\n".join(reasons))
    st.caption(t("analysis-how-many", samples=ANALYSIS_SAMPLES))


def _stronger(choice: Mapping[str, Any]) -> str:
    """The stronger player's card (a row kept before reasons came always names one). Where no
    one card stands out: the best cards ("Q♥ or A♥"), if the learner's card is worse than each
    of them (its row gives points away), else "too close to call"."""
    best = str(choice.get("best") or "")
    if best:
        return card_text(Card.parse(best))
    top = [str(card) for card in choice.get("top") or ()]
    if str(choice.get("played")) not in top and len(top) > 1:
        return either_text([card_text(Card.parse(card)) for card in top])
    return t("analysis-too-close")


def _card_words(text: str, legal: bool) -> str:
    card = card_text(Card.parse(text))
    return card if legal else t("analysis-revoke", card=card)


def _reason_words(data: Any) -> str:
    """A reason in the learner's language (nothing for a row kept before reasons came)."""
    if not isinstance(data, Mapping):
        return ""
    try:
        reason = Reason.from_dict(dict(data))
    except (KeyError, TypeError, ValueError):
        return ""
    return reason_text(reason)


def reason_text(reason: Reason) -> str:
    """One sentence: the fact behind a row."""
    fields: dict[str, object] = {
        "card": card_text(reason.worse),
        "other": card_text(reason.better) if reason.better is not None else "",
        "points": reason.points,
    }
    if reason.percent is not None:
        fields["worse"], fields["better"] = reason.percent
    if reason.kind in (ReasonKind.REVOKE, ReasonKind.REVOKE_DEAL):
        fields["rule"] = rule_title(reason.rule or RuleId.PLAY_FOLLOW_SUIT)
    key = f"analysis-reason-{reason.kind.value}"
    if reason.kind in COUNTED:
        return nt(key, reason.points, **fields)
    return t(key, **fields)
