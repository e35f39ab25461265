"""'Report a problem' under every puzzle, lesson step and table position: the learner's note,
sent with the exact position (`klaverjas_trainer.storage.reports`); and the teacher's list of
open reports, each position drawn again, to mark resolved."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

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
from klaverjas_trainer.app.services import course, current_language, profile, store
from klaverjas_trainer.storage import InputError
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


def report_problem(report: Report, *, key: str) -> None:
    """The folded 'Report a problem' form; a sent report is said under it, in view (or why it
    was not kept), where it stays visible when the fold closes again."""
    current = profile()
    learner = current.learner
    if learner is None:
        return
    folded = st.expander(t("report-problem"), icon=":material/flag:")
    with folded, st.form(f"report-{key}", clear_on_submit=True, border=False):
        st.caption(t("report-intro"))
        note = st.text_area(t("report-note"), max_chars=NOTE_LIMIT, key=f"report-note-{key}")
        sent = st.form_submit_button(t("report-send"), key=f"report-send-{key}")
    if not sent:
        return
    group = current.group
    filed = dataclasses.replace(report, note=note or "", language=current_language())
    with reaction_in_view(f"report-said-{key}"):
        try:
            Reports(store()).file(learner.id, None if group is None else group.id, filed)
        except InputError as problem:
            st.warning(
                t("problem", problem=problem_words(problem)), icon=":material/hourglass_top:"
            )
        else:
            st.success(t("report-thanks"), icon=":material/mark_email_read:")


# --- the teacher's list ----------------------------------------------------------------------


def show_reports(reports: Reports, found: pd.DataFrame) -> None:
    """The open reports `found`, newest first: who sent each and where, the position drawn,
    their reply and the trainer's answer, their note; "Mark resolved" takes it off the list."""
    if found.empty:
        st.caption(t("reports-none"))
    for record in found.to_dict("records"):
        row = {str(name): value for name, value in record.items()}
        with st.container(border=True, key=f"reported-{row['id']}"):
            show_report(row)
            st.button(
                t("report-resolve"), key=f"resolve-{row['id']}", on_click=reports.resolve,
                args=(int(row["id"]),),
            )  # fmt: skip
    resolved = reports.resolved_count()
    if resolved:
        st.caption(nt("reports-resolved", resolved))


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
