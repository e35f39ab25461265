"""'Report a problem' under every puzzle, lesson step and table position: the learner's note,
sent with the exact position (`klaverjas_trainer.storage.reports`); and the teacher's list of
open reports, each position drawn again, to mark resolved."""

from __future__ import annotations

import dataclasses
import json
import math
from typing import Any, Final

import pandas as pd
import streamlit as st

from klaverjas_core import RuleSet, Seat
from klaverjas_questions import QuestionError, canonical_json, question_kind
from klaverjas_questions.count_trick import TrickContent
from klaverjas_questions.positions import PositionContent
from klaverjas_table import TableGame
from klaverjas_trainer.app.assignments import lesson_name
from klaverjas_trainer.app.in_view import reaction_in_view
from klaverjas_trainer.app.language import language_name
from klaverjas_trainer.app.lesson_board import show_step_picture
from klaverjas_trainer.app.markup import md_escape, problem_words
from klaverjas_trainer.app.questions import view_of
from klaverjas_trainer.app.services import (
    client_address,
    course,
    current_language,
    profile,
    store,
)
from klaverjas_trainer.storage import InputError, StorageError
from klaverjas_trainer.storage.reports import NOTE_LIMIT, STEP_KIND, Report, Reports
from klaverjas_trainer.texts import describe_answer, nt, rule_set_words, t
from lessons import Lesson
from puzzles import Puzzle


def puzzle_report(puzzle: Puzzle, given: str | None) -> Report:
    """A drill puzzle as reported: made again by its generators from the stored id and seed."""
    return Report(
        "puzzle", puzzle.id, puzzle.kind, canonical_json(puzzle.content.to_dict()),
        puzzle.rules.name, puzzle.generator_version, given,
    )  # fmt: skip


def step_report(lesson: Lesson, index: int, given: str | None) -> Report:
    """A lesson step as reported (``<lesson>/<step>``): its check, or its text and picture
    for a step that asks nothing (read again from the course)."""
    check = lesson.steps[index].check
    item_id = f"{lesson.id}/{index}"
    if check is None:
        return Report("lesson", item_id, STEP_KIND, "{}", profile().ruleset.name)
    content = canonical_json(check.content.to_dict())
    return Report("lesson", item_id, check.kind.name, content, check.rules.name, None, given)


def table_report(game: TableGame, me: Seat) -> Report:
    """The table as reported, with the whole game (its seed and every call and card) to replay
    it exactly: the trick on the table to be turned (who takes it, its points and roem), or
    else the card the learner is to play (the trick so far and their hand)."""
    deal = game.deal
    waiting = game.waiting_trick
    if waiting is not None:
        leader, cards = waiting
        number = game.record.turned
        content: Any = TrickContent(deal.trump, cards, ("winner", "points", "roem"), leader,
                                    number + 1)  # fmt: skip
        kind = "count-trick"
    else:
        content = PositionContent(deal.trump, tuple(deal.current), deal.hand(me), deal.leader)
        kind, number = "which-cards", len(deal.tricks)
    where = f"play/{game.seed}/{game.deal_number + 1}/{number + 1}"
    return Report(
        "play", where, kind, canonical_json(content.to_dict()), game.rules.name,
        game=json.dumps(game.to_dict(), ensure_ascii=False, sort_keys=True),
    )  # fmt: skip


def fold_key(key: str) -> str:
    """The widget key of the 'Report a problem' fold of `report_problem`'s `key` (its state:
    open or not; a test opens it by setting it)."""
    return f"report-fold-{key}"


def report_problem(report: Report, *, key: str, lazy: bool = False) -> None:
    """The folded 'Report a problem' form; a sent report is said under it, in view (or why it
    was not kept), where it stays visible when the fold closes again. `lazy`: the form is drawn
    only once the fold is open (unfolding it runs the page, for the drill its board only):
    folded it would be four more elements in every run (each a message to the browser), under
    nearly every puzzle, that is never reported."""
    if profile().learner is None:
        return
    note, said = f"report-note-{key}", f"report-outcome-{key}"
    if lazy:
        folded = st.expander(
            t("report-problem"), icon=":material/flag:", key=fold_key(key), on_change="rerun"
        )
    else:
        folded = st.expander(t("report-problem"), icon=":material/flag:")
    if not lazy or folded.open:
        with folded, st.form(f"report-{key}", border=False):
            st.caption(t("report-intro"))
            st.text_area(t("report-note"), max_chars=NOTE_LIMIT, key=note)
            st.form_submit_button(
                t("report-send"), key=f"report-send-{key}", on_click=_send,
                args=(report, note, said),
            )  # fmt: skip
    outcome = st.session_state.pop(said, None)
    if outcome is None:
        return
    kept, words = outcome
    with reaction_in_view(f"report-said-{key}"):
        if kept:
            st.success(words, icon=":material/mark_email_read:")
        else:
            st.warning(words, icon=":material/hourglass_top:")


def _send(report: Report, note: str, said: str) -> None:
    """Send the form's report (its button's callback, before the page runs): a kept report
    empties the note; a refused one keeps it to send later, and the page says why."""
    current = profile()
    if current.learner is None:
        return
    group = None if current.group is None else current.group.id
    typed = str(st.session_state.get(note) or "")
    filed = dataclasses.replace(report, note=typed, language=current_language())
    try:
        Reports(store()).file(current.learner.id, group, filed, client=client_address())
    except InputError as problem:
        st.session_state[said] = (False, t("problem", problem=problem_words(problem)))
    except StorageError as error:
        st.session_state[said] = (False, t("storage-error", error=error))
    else:
        st.session_state[note] = ""
        st.session_state[said] = (True, t("report-thanks"))


# --- the teacher's list ----------------------------------------------------------------------

#: Open reports drawn at a time: each is a position drawn again, so a long list is slow.
PAGE_SIZE: Final = 20
PAGE_KEY: Final = "reports_page"


def show_reports(reports: Reports, count: int) -> None:
    """The `count` open reports, newest first, a page at a time: who sent each and where, the
    position drawn, their reply and the trainer's answer, their note; "Mark resolved" takes
    it off the list."""
    if not count:
        st.caption(t("reports-none"))
    pages = max(1, math.ceil(count / PAGE_SIZE))
    # Resolving the last report of the last page leaves that page empty: show the one before.
    page = min(int(st.session_state.get(PAGE_KEY, 0)), pages - 1)
    st.session_state[PAGE_KEY] = page
    if pages > 1:
        _pager(page, pages, count, "top")
    for record in reports.open_reports(PAGE_SIZE, page * PAGE_SIZE).to_dict("records"):
        row = {str(name): value for name, value in record.items()}
        with st.container(border=True, key=f"reported-{row['id']}"):
            show_report(row)
            st.button(
                t("report-resolve"), key=f"resolve-{row['id']}", on_click=reports.resolve,
                args=(int(row["id"]),),
            )  # fmt: skip
    if pages > 1:
        _pager(page, pages, count, "bottom")
    resolved = reports.resolved_count()
    if resolved:
        st.caption(nt("reports-resolved", resolved))


def _pager(page: int, pages: int, count: int, where: str) -> None:
    """Newer and older pages of the list, and which reports this page shows."""
    first, last = page * PAGE_SIZE + 1, min(count, (page + 1) * PAGE_SIZE)
    with st.container(horizontal=True, vertical_alignment="center", key=f"reports-{where}"):
        st.button(
            t("reports-newer"), key=f"reports-newer-{where}", disabled=page == 0,
            on_click=_turn, args=(-1,), icon=":material/chevron_left:",
        )  # fmt: skip
        st.caption(t("reports-shown", first=first, last=last, count=count))
        st.button(
            t("reports-older"), key=f"reports-older-{where}", disabled=page == pages - 1,
            on_click=_turn, args=(1,), icon=":material/chevron_right:",
        )  # fmt: skip


def _turn(step: int) -> None:
    st.session_state[PAGE_KEY] = max(0, int(st.session_state.get(PAGE_KEY, 0)) + step)


def show_report(row: dict[str, Any]) -> None:
    learner = md_escape(str(row["learner"])) if isinstance(row["learner"], str) else None
    group = md_escape(str(row["group"])) if isinstance(row["group"], str) else t("report-personal")
    when = pd.Timestamp(row["created_at"]).strftime("%Y-%m-%d %H:%M")
    st.markdown(
        t(
            "report-from",
            learner=learner or t("report-deleted-learner"),
            group=group,
            when=when,
            language=language_name(str(row["language"])),
        )
    )
    source = t(f"report-source-{row['source']}")
    st.caption(f"{source} · {md_escape(str(row['item_id']))} · {rule_set_words(str(row['rules']))}")
    if row["source"] == "lesson":
        show_step(str(row["item_id"]))
    if row["kind"] == STEP_KIND:
        _say_note(row)
        return
    kind = question_kind(str(row["kind"]))
    try:
        content = kind.read_content(json.loads(str(row["content"])))
        rules = RuleSet.parse(str(row["rules"]))
        answer = kind.solve(content, rules).answer
    except (QuestionError, ValueError, TypeError):
        st.caption(t("report-cannot-draw"))
        st.code(str(row["content"]), language="json")
    else:
        view_of(kind.name).board(content, profile(), None)
        st.markdown(t("report-answer", answer=describe_answer(kind.name, content, answer)))
        st.markdown(_reply_words(kind.name, content, row["given"]))
    _say_note(row)


def _say_note(row: dict[str, Any]) -> None:
    note = str(row["note"] or "")
    st.markdown(t("report-note-said", note=md_escape(note)) if note else t("report-no-note"))


def show_step(item_id: str) -> None:
    """The reported lesson step's text and picture, as the course has it now (in the
    teacher's language), or a word that the course no longer has it."""
    lesson_id, _, number = item_id.rpartition("/")
    try:
        lesson = course().lesson(lesson_id)
        step = lesson.steps[int(number)]
    except (KeyError, IndexError, ValueError):
        st.caption(t("report-step-gone"))
        return
    st.markdown(
        f"**{lesson_name(lesson)}** · {t('step-of', step=int(number) + 1, steps=len(lesson.steps))}"
    )
    st.markdown(step.text)
    show_step_picture(step, profile(), shown=None, checks=None, hand_in_question=False)


def _reply_words(kind: str, content: Any, given: object) -> str:
    if not isinstance(given, str) or not given:
        return t("report-not-answered")
    try:
        reply = question_kind(kind).decode(given)
    except (QuestionError, ValueError):
        return t("report-their-reply", answer=md_escape(given))
    return t("report-their-reply", answer=describe_answer(kind, content, reply))
