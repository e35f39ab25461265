"""Club (teacher): groups with join codes, assignments, the class dashboard, worksheets,
members. Protected by the teacher password (set at first start, or by the server's
environment)."""

from __future__ import annotations

import random
from datetime import date

import altair as alt
import pandas as pd
import streamlit as st

from klaverjas_core import Card, RuleId, RuleSet
from klaverjas_questions import QuestionError
from klaverjas_questions.misconceptions import BY_NAME, CATALOGUE
from klaverjas_trainer.app.assignments import describe, lesson_name, set_puzzles
from klaverjas_trainer.app.board import style
from klaverjas_trainer.app.club_deals import deal_tab
from klaverjas_trainer.app.club_table_views import teacher_tables
from klaverjas_trainer.app.export import csv_bytes, headers
from klaverjas_trainer.app.in_view import reaction_in_view
from klaverjas_trainer.app.join_link import join_url
from klaverjas_trainer.app.language import language_name
from klaverjas_trainer.app.live_views import teacher_live
from klaverjas_trainer.app.markup import md_escape, problem_words
from klaverjas_trainer.app.numbers import SET_NUMBER, SET_SIZE, whole_number_input
from klaverjas_trainer.app.own_words import pick_due_date, pick_rule_set
from klaverjas_trainer.app.questions import printed_worksheet
from klaverjas_trainer.app.report import show_reports
from klaverjas_trainer.app.services import (
    client_address,
    club,
    course,
    course_notice,
    device_token,
    known_device,
    profile,
    store,
    teacher_signed_in,
)
from klaverjas_trainer.storage import InputError
from klaverjas_trainer.storage.club import ClubStore, Group
from klaverjas_trainer.storage.club_stats import (
    answer_spread,
    card_choices,
    completion,
    heatmap_cells,
    help_order,
    weakest_rules,
)
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.storage.reports import Reports
from klaverjas_trainer.storage.stats import MIN_ANSWERS
from klaverjas_trainer.storage.store import ANSWER_COLUMNS
from klaverjas_trainer.texts import (
    bound,
    card_text,
    describe_answer,
    nt,
    rule_set_words,
    rule_title,
    t,
)
from klaverjas_trainer.texts.catalogue import LANGUAGES
from klaverjas_trainer.worksheets import WorksheetError
from puzzles import LEVELS, PUZZLE_KINDS, Puzzle, PuzzleError, can_generate, targets

current = profile()
clubs: ClubStore = club()
style()  # the card CSS: reported positions are drawn here
st.header(t("teacher"))


def password_gate() -> None:
    """First start: choose the password with the set-up code from the server's log. Later:
    sign in. Stops the page until signed in."""
    if teacher_signed_in():
        if st.sidebar.button(t("sign-out-teacher"), key="teacher_sign_out"):
            current.sign_out_teacher()
            st.rerun()
        if st.sidebar.button(t("sign-out-teacher-everywhere"), key="teacher_sign_out_all"):
            current.sign_out_teacher(everywhere=True)
            st.rerun()
        return
    if not clubs.teacher_password_set():
        with st.form("set-password"):
            st.markdown(t("set-password"))
            code = st.text_input(t("setup-code"), key="setup_code")
            first = st.text_input(t("password"), type="password", key="new_password")
            second = st.text_input(t("password-again"), type="password", key="new_password2")
            if st.form_submit_button(t("set-password-button"), key="set_password"):
                if first != second:
                    st.error(t("passwords-differ"), icon=":material/back_hand:")
                else:
                    try:
                        clubs.claim_teacher(code, first)
                    except ValueError as problem:
                        st.error(
                            t("problem", problem=problem_words(problem)),
                            icon=":material/back_hand:",
                        )
                    else:
                        known_device("teacher", 0)
                        current.sign_in_teacher()
                        st.rerun()
        st.stop()
    with st.form("teacher-sign-in"):
        password = st.text_input(t("password"), type="password", key="teacher_password")
        if st.form_submit_button(t("sign-in-teacher"), key="teacher_sign_in"):
            try:
                right = clubs.check_teacher_password(password, client_address(), device_token())
            except ValueError as problem:  # too many wrong tries: wait
                st.error(t("problem", problem=problem_words(problem)), icon=":material/timer:")
                st.caption(t("teacher-wait-operator"))
                st.stop()
            if right:
                known_device("teacher", 0)
                current.sign_in_teacher()
                st.rerun()
            st.error(t("wrong-password"), icon=":material/lock:")
    st.stop()


password_gate()
course_notice()

#: Set by Create for the next run: the group made (its name and code), said below an emptied form.
CREATED = "teacher_group_created"
made_before = st.session_state.pop(CREATED, None)
if made_before is not None:
    st.session_state["group_name"] = ""  # an emptied form, ready for the next group
with (
    st.expander(t("new-group"), expanded=not clubs.groups() or made_before is not None),
    st.form("new-group", border=False),
):
    name = st.text_input(t("group-name"), key="group_name", max_chars=40)
    house_rules = pick_rule_set("group_city", "group_variants")
    evening = st.selectbox(
        t("group-language"),
        ["", *LANGUAGES],
        format_func=bound(lambda code: language_name(code) if code else t("group-language-none")),
        key="group_language",
    )
    if st.form_submit_button(t("create-group"), key="create_group"):
        try:
            made = clubs.create_group(name, house_rules, language=evening or None)
        except ValueError as problem:
            st.error(t("problem", problem=problem_words(problem)), icon=":material/back_hand:")
        else:
            st.session_state[CREATED] = (made.name, made.code)
            st.rerun()
    if made_before is not None:  # below the form: the new code is brought into view
        with reaction_in_view("group-created"):
            st.success(t("group-created", name=md_escape(made_before[0])))
            st.markdown(f"# `{made_before[1]}`")

# Reports come from every learner, in a group or not: above the group's pages.
reports = Reports(store())
open_reports = reports.open_count()
with st.expander(nt("reports-title", open_reports), icon=":material/flag:"):
    show_reports(reports, open_reports)

all_groups = clubs.groups()
if not all_groups:
    st.info(t("no-groups"), icon=":material/group_add:")
    st.stop()
group: Group = st.selectbox(
    t("pick-group"),
    all_groups,
    key="teacher_group",
    format_func=bound(lambda g: f"{g.name} ({g.code})"),
)
st.markdown(t("join-code", code=group.code, rules=rule_set_words(group.rules)))
members = clubs.members(group.id)
totals = clubs.rule_totals(group.id)
assigned = clubs.assignment_answers(group.id)
work = clubs.assignments(group.id)
dashboard, live_tab, tables_tab, assign, shared_deal, sheet, people = st.tabs(
    [
        t("tab-dashboard"),
        t("tab-live"),
        t("tab-tables"),
        t("tab-assign"),
        t("tab-deal"),
        t("tab-worksheet"),
        t("tab-members"),
    ]
)


def title(rule: str) -> str:
    return rule_title(rule)


def _card_in_language(stored: str) -> str:
    """A stored card (``Q♥``) with this language's rank letter (``V♥`` in Dutch)."""
    try:
        return card_text(Card.parse(stored))
    except ValueError:  # an old unreadable reply: shown as stored
        return stored


def reply_words(puzzle: Puzzle | None, given: str) -> str:
    """A stored reply (canonical JSON) in words; an old unreadable one as it was stored."""
    if puzzle is None:
        return given
    try:
        reply = puzzle.question.decode(given)
    except QuestionError:
        return given
    return describe_answer(puzzle.kind, puzzle.content, reply)


def by_puzzle_then_most(table: pd.DataFrame) -> pd.DataFrame:
    """Rows in puzzle order, the most common reply first within a puzzle."""
    return table.sort_values(
        [table.columns[0], "learners"], ascending=[True, False], kind="stable"
    ).reset_index(drop=True)


def cell_words(cell: pd.Series) -> str:
    """A heat-map cell in words: "83%", or right/answers ("0/4") while there are few."""
    if cell["few"]:
        return f"{int(cell['right'])}/{int(cell['answers'])}"
    return f"{cell['accuracy']:.0%}"


def show_wrong_rules(group: Group) -> None:
    """The wrong rules the coach named in the members' answers under the group's rules: who
    shows each now, and in whom it is gone."""
    st.subheader(t("coach-group"))
    found = Findings(store()).of_group(group.id)
    found = found[(found["rules"] == group.rules) & found["name"].isin(BY_NAME)]
    if found.empty:
        st.caption(t("coach-group-none"))
        return
    rows = []
    for entry in CATALOGUE:
        mine = found[found["name"] == entry.name]
        if mine.empty:
            continue
        showing = mine[mine["gone_at"].isna()]["learner"]
        gone = mine[mine["gone_at"].notna()]["learner"]
        rows.append(
            {
                t("col-pattern"): t(f"misconception-title:{entry.name}"),
                t("learners-count"): ", ".join(showing),
                t("col-gone"): ", ".join(gone),
            }
        )
    st.table(pd.DataFrame(rows), hide_index=True, border="horizontal")


def show_heatmap(cells: pd.DataFrame, order: list[str]) -> None:
    """Every learner with answers, in `order` (who needs help first; a member without answers
    gets an empty row); a cell with few answers is pale and shows right/answers."""
    st.subheader(t("heatmap"))
    st.caption(nt("heatmap-few", MIN_ANSWERS))
    cells = cells.assign(
        rule=cells["rule"].map(title),
        words=[cell_words(cell) for _, cell in cells.iterrows()],
        shade=[0.35 if few else 1.0 for few in cells["few"]],
        dark=[
            not few and accuracy >= 0.6
            for few, accuracy in zip(cells["few"], cells["accuracy"], strict=True)
        ],
    )
    rules = sorted(set(cells["rule"]))
    learner_axis = alt.Y(
        "learner:N",
        title=None,
        sort=order,
        scale=alt.Scale(domain=order),
        axis=alt.Axis(labelFontSize=15),
    )
    rule_axis = alt.X(
        "rule:N",
        title=None,
        sort=rules,
        axis=alt.Axis(labelAngle=-35, labelFontSize=14, labelLimit=260, labelOverlap=False),
    )
    base = alt.Chart(cells).encode(x=rule_axis, y=learner_axis)
    boxes = base.mark_rect(stroke="#555", strokeWidth=0.5).encode(
        color=alt.Color(
            "accuracy:Q",
            # Light to dark blue: readable for colour-blind eyes and on a projector.
            scale=alt.Scale(domain=[0, 1], scheme="blues"),
            legend=alt.Legend(format="%", title=t("chart-accuracy")),
        ),
        opacity=alt.Opacity("shade:Q", legend=None, scale=None),
        tooltip=[
            alt.Tooltip("learner:N", title=t("chart-learner")),
            alt.Tooltip("rule:N", title=t("rule")),
            alt.Tooltip("accuracy:Q", title=t("chart-accuracy"), format=".0%"),
            alt.Tooltip("answers:Q", title=t("col-attempts")),
        ],
    )
    labels = base.mark_text(fontSize=14).encode(
        text="words:N",
        color=alt.condition("datum.dark", alt.value("white"), alt.value("#111")),
    )
    rows_tall = max(200, 40 * len(order) + 120)  # rows readable on a wall
    st.altair_chart(boxes + labels, width="stretch", height=rows_tall)
    table = cells.pivot(index="learner", columns="rule", values="words")
    table = table.reindex(index=order, columns=rules).fillna("")
    table.index.name, table.columns.name = t("chart-learner"), None
    st.dataframe(table, width="stretch")


with dashboard:
    if not members:
        st.info(t("no-members"), icon=":material/group:")
    cells = heatmap_cells(totals)
    if not cells.empty:
        show_heatmap(cells, help_order(cells, [m.name for m in members]))
    if work and members:
        st.subheader(t("completion"))
        done = completion(
            assigned,
            clubs.lessons_completed(group.id),
            [m.name for m in members],
            work,
            clubs.deals_finished(group.id),
        )
        done.columns = [describe(a, course()) for a in work]
        done.index.name = t("chart-learner")
        st.dataframe(done.map(lambda share: f"{share:.0%}"), width="stretch")
    weakest = weakest_rules(totals)
    if not weakest.empty:
        st.subheader(t("group-weakest"))
        st.markdown(
            "\n".join(
                f"- {title(r)}: {a:.0%}"
                for r, a in zip(weakest["rule"], weakest["accuracy"], strict=True)
            )
        )
    show_wrong_rules(group)
    sets = [a for a in work if a.is_set]
    if sets:
        st.subheader(t("spread"))
        chosen = st.selectbox(
            t("pick-assignment"),
            sets,
            key="spread_set",
            format_func=bound(lambda a: describe(a, course())),
        )
        try:
            by_seed = {p.seed: p for p in set_puzzles(chosen, group.rules)}
        except PuzzleError:  # replies are then shown as stored
            by_seed = {}
        numbers = {chosen.seed + n: n + 1 for n in range(chosen.count)}
        if chosen.kind == "which-cards":
            picks = card_choices(assigned, chosen.id)
            if not picks.empty:
                picks.insert(0, t("puzzle-n", n=""), picks.pop("seed").map(numbers))
                picks = by_puzzle_then_most(picks)
                picks["card"] = picks["card"].map(_card_in_language)
                st.dataframe(
                    picks.rename(columns={"card": t("card"), "learners": t("learners-count")}),
                    hide_index=True,
                    width="stretch",
                )
        spread = answer_spread(assigned, chosen.id)
        if not spread.empty:
            spread["given"] = [
                reply_words(by_seed.get(seed), given)
                for seed, given in zip(spread["seed"], spread["given"], strict=True)
            ]
            spread.insert(0, t("puzzle-n", n=""), spread.pop("seed").map(numbers))
            spread = by_puzzle_then_most(spread)
            st.dataframe(
                spread.rename(
                    columns={
                        "given": t("given"),
                        "correct": t("col-correct"),
                        "learners": t("learners-count"),
                    }
                ),
                hide_index=True,
                width="stretch",
            )
    if not totals.empty:
        names = headers(["learner", *ANSWER_COLUMNS])  # in this run's language
        st.download_button(
            t("export-group"),
            # Built only when clicked: a big club's CSV takes a moment.
            lambda: csv_bytes(clubs.group_answers(group.id), names),
            file_name=f"klaverjas-{group.code}.csv",
            mime="text/csv",
            key="export_group",
        )
    st.page_link(
        "klaverjas_trainer/app/pages/projector_page.py",
        label=t("nav-projector"),
        icon=":material/present_to_all:",
    )


def manage_assignments(group: Group) -> None:
    """The group's assignments, each with Close (a set assigned twice, last week's work); the
    closed ones folded below, each with Open again."""
    every = clubs.assignments(group.id, closed=True)
    still = [a for a in every if a.closed_at is None]
    closed = [a for a in every if a.closed_at is not None]
    st.subheader(t("assignments-open"))
    st.caption(t("assignment-closed-note"))
    if not still:
        st.caption(t("no-assignments"))
    for work_item in still:
        due = f" · {t('due', date=work_item.due)}" if work_item.due else ""
        words, button = st.columns([4, 1], vertical_alignment="center")
        words.markdown(describe(work_item, course()) + due)
        button.button(t("assignment-close"), key=f"close-assignment-{work_item.id}",
                      on_click=clubs.close_assignment, args=(group.id, work_item.id))  # fmt: skip
    if closed:
        with st.expander(t("assignments-closed", n=len(closed))):
            for work_item in closed:
                words, button = st.columns([4, 1], vertical_alignment="center")
                words.markdown(describe(work_item, course()))
                button.button(t("assignment-reopen"), key=f"reopen-assignment-{work_item.id}",
                              on_click=clubs.close_assignment, args=(group.id, work_item.id),
                              kwargs={"closed": False})  # fmt: skip


with live_tab:
    teacher_live(group)

with tables_tab:
    teacher_tables(group)

with assign:
    # Outside the form, so the fields below follow the choice at once.
    what = st.radio(
        t("assign-what"),
        ["set", "lesson"],
        horizontal=True,
        key="assign_what",
        format_func=bound(lambda w: t(f"assign-{w}")),
    )
    house_rules = RuleSet.parse(group.rules)
    kind = PUZZLE_KINDS[0]
    if what == "set":
        kind = st.selectbox(
            t("kind"), PUZZLE_KINDS, key="assign_kind", format_func=bound(lambda k: t(f"kind-{k}"))
        )
    with st.form("assign", border=False):
        lesson_id = ""
        rule = ""
        if what == "lesson":
            lessons = [lesson.id for lesson in course().lessons]
            lesson_id = st.selectbox(
                t("lesson"),
                lessons,
                key="assign_lesson",
                format_func=bound(lambda i: lesson_name(course().lesson(i))),
            )
        else:
            rules = [r.value for r in targets(kind, house_rules)]  # only what this kind can make
            rule = st.selectbox(t("rule"), rules, key="assign_rule", format_func=bound(title))
            level = st.segmented_control(t("level"), list(LEVELS), default=1, key="assign_level")
            count = whole_number_input(
                t("count"), SET_SIZE.low, SET_SIZE.high, value=10, key="assign_count"
            )
            seed = whole_number_input(
                t("seed"),
                SET_NUMBER.low,
                SET_NUMBER.high,
                value=random.randrange(10**6),
                key="assign_seed",
            )
        due = pick_due_date(t("due-date"), "assign_due", date.today())
        if st.form_submit_button(t("assign-button"), key="assign_button"):
            with reaction_in_view("assign-said"):  # below a long form: in sight
                try:
                    if what == "lesson":
                        new_work = clubs.assign(group.id, lesson_id=lesson_id, due=due)
                    else:
                        if not rule or not can_generate(kind, RuleId(rule), house_rules):
                            raise InputError(
                                "error-no-puzzles",
                                f"no {kind} puzzles for {rule}",
                                kind=t(f"kind-{kind}"),
                                rule=title(rule) if rule else "-",
                            )
                        new_work = clubs.assign(
                            group.id,
                            kind=kind,
                            rule=rule,
                            level=int(level or 1),
                            count=SET_SIZE.require(count),
                            seed=SET_NUMBER.require(seed),
                            due=due,
                        )
                except ValueError as problem:
                    st.error(
                        t("problem", problem=problem_words(problem)), icon=":material/back_hand:"
                    )
                else:
                    said = t("assigned", what=describe(new_work, course()))  # what, not only that
                    st.success(said, icon=":material/check_circle:")
    manage_assignments(group)

with shared_deal:
    deal_tab(clubs, group, members)

with sheet:
    sets = [a for a in work if a.is_set]
    if sets:
        chosen_sheet = st.selectbox(
            t("pick-assignment"),
            sets,
            key="sheet_set",
            format_func=bound(lambda a: describe(a, course())),
        )
        if st.button(t("worksheet-button"), key="make_sheet"):
            try:
                pdf = printed_worksheet(
                    set_puzzles(chosen_sheet, group.rules),
                    subtitle=f"{group.name} · {describe(chosen_sheet, course())}",
                    join=(join_url(st.context.url or "", group.code), group.code),
                )
            except PuzzleError:
                st.error(t("set-unavailable"), icon=":material/print:")
            except WorksheetError:
                st.error(t("sheet-font-missing"), icon=":material/print:")
            else:
                st.download_button(
                    t("worksheet-download"),
                    pdf,
                    key="sheet_download",
                    file_name=f"worksheet-{group.code}-{chosen_sheet.id}.pdf",
                    mime="application/pdf",
                )
    else:
        st.caption(t("no-assignments"))

with people:
    if not members:
        st.caption(t("no-members"))
    if members:  # strangers' wrong PINs made a member (or the group) wait: let them in now
        with st.expander(t("pin-waits")):
            waiting = st.selectbox(
                t("member"), members, key="wait_member", format_func=lambda m: m.name
            )
            if st.button(t("clear-wait"), key="clear_wait"):
                clubs.clear_wait(group.id, waiting.id)
                st.success(t("wait-cleared", name=md_escape(waiting.name)))
    for member in members:
        shown_name = md_escape(member.name)
        with st.expander(t("delete-member", name=shown_name)):
            if st.button(t("confirm-delete", name=shown_name), key=f"delete-{member.id}"):
                clubs.delete_learner(group.id, member.id)
                st.success(t("deleted"))
                st.rerun()
