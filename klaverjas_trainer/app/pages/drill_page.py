"""Drill: endless puzzles aimed at one rule (or at what the learner needs most)."""

from __future__ import annotations

import random
import time

import pandas as pd
import streamlit as st

from klaverjas_core import RuleId, Seat, Suit, parse_cards, rule_text
from klaverjas_trainer.app.assignments import show_assignments
from klaverjas_trainer.app.board import (
    pick_cards,
    show_cards,
    show_position,
    show_trump,
    style,
    yes_no,
)
from klaverjas_trainer.app.cards import card_label
from klaverjas_trainer.app.grading import grade
from klaverjas_trainer.app.services import club, course, profile, require_learner, store
from klaverjas_trainer.app.state import AUTO, DrillState, session_object
from klaverjas_trainer.app.texts import t
from klaverjas_trainer.storage import AnswerRecord
from klaverjas_trainer.storage.schedule import Schedule
from klaverjas_trainer.storage.store import utc_now
from puzzles import GENERATORS, Kind, Puzzle, describe_answer, generate
from puzzles.model import JSON

R = RuleId
PAIRS = ("N+S", "E+W")


current = profile()
learner = require_learner()
progress_store = store()
state = session_object("drill", DrillState)
style()
st.header(t("drill"))

kinds = [kind.value for kind in Kind]


def new_puzzle() -> None:
    """A changed setting takes effect at once, with a fresh puzzle."""
    st.session_state["drill_next"] = True


with st.expander(t("settings"), expanded=state.key is None):
    state.kind = st.selectbox(
        t("kind"),
        kinds,
        index=kinds.index(state.kind),
        format_func=lambda k: t(f"kind-{k}"),
        key="drill_kind",
        on_change=new_puzzle,
    )
    city = current.ruleset.city
    targets = [
        rule.value for rule, cities in GENERATORS[Kind(state.kind)].items() if city in cities
    ]
    options = [AUTO, *targets]
    state.rule = st.selectbox(
        t("rule"),
        options,
        index=options.index(state.rule) if state.rule in options else 0,
        format_func=lambda r: t("need-most") if r == AUTO else rule_text(RuleId(r)).title,
        key="drill_rule",
        on_change=new_puzzle,
    )
    state.level = (
        st.segmented_control(
            t("level"), [1, 2, 3], default=state.level, key="drill_level", on_change=new_puzzle
        )
        or 1
    )
    state.mode = st.radio(
        t("mode"),
        ["normal", "streak", "mistakes"],
        horizontal=True,
        format_func=lambda m: t(f"mode-{m}"),
        key="drill_mode",
        on_change=new_puzzle,
    )


def schedule() -> Schedule:
    """The learner's FSRS schedule, rebuilt only when answers were stored elsewhere."""
    current_schedule: Schedule | None = state.schedule
    if current_schedule is None or current_schedule.reviews != progress_store.answer_count(
        learner.id
    ):
        current_schedule = state.schedule = Schedule(progress_store.answers(learner.id))
    return current_schedule


def assignment_puzzle() -> tuple[str, str, str, int, int] | None:
    """The next puzzle of the club puzzle set being worked through, if any."""
    group = current.group
    if state.assignment is None or group is None:
        return None
    assignment = next((a for a in club().assignments(group.id) if a.id == state.assignment), None)
    if assignment is None or assignment.kind is None or state.position >= assignment.count:
        state.assignment = None
        st.session_state["set_finished"] = True
        return None
    state.reason = t("set-progress", number=state.position + 1, count=assignment.count)
    return (
        assignment.kind,
        str(assignment.rule),
        group.rules,
        assignment.level,
        assignment.seed + state.position,
    )


def choose_next() -> tuple[str, str, str, int, int] | None:
    """The next puzzle: a set's next one, a mistake to replay, the most needed rule, or the
    chosen one."""
    from_set = assignment_puzzle()
    if from_set is not None:
        return from_set
    rules_name = current.ruleset.name
    if state.mode == "mistakes":
        answers = progress_store.answers(learner.id)
        wrong = answers[(answers["source"] == "puzzle") & ~answers["correct"]]
        for row in wrong.to_dict("records"):
            if row["item_id"] not in state.replayed and pd.notna(row["seed"]):
                state.replayed.add(str(row["item_id"]))
                state.reason = ""
                return (row["kind"], row["rule"], row["rules"], int(row["level"]), int(row["seed"]))
        return None
    rule = state.rule
    if rule == AUTO:
        suggestion = schedule().plan(targets, utc_now())[0]
        rule = suggestion.rule
        state.reason = t(
            "suggested",
            title=rule_text(RuleId(rule)).title,
            reason=t(f"reason-{suggestion.reason.value}"),
        )
    else:
        state.reason = ""
    return (state.kind, rule, rules_name, state.level, random.randrange(1_000_000_000))


if st.session_state.pop("set_finished", False):
    st.success(t("set-finished"), icon=":material/emoji_events:")
if current.group is not None and state.assignment is None:
    with st.expander(t("assignments"), expanded=True):
        show_assignments(club(), learner, current.group.id, course())
if state.key is None or st.session_state.pop("drill_next", False):
    state.key = choose_next()
    state.result = None
    state.started = time.monotonic()

if state.key is None:
    st.info(t("no-mistakes"), icon=":material/celebration:")
    st.stop()

kind_name, rule_name, rules_name, level, seed = state.key
puzzle: Puzzle = generate(kind_name, rule_name, seed=seed, rules=rules_name, level=level)
if state.reason:
    st.markdown(state.reason)
if state.mode == "streak":
    st.metric(t("streak", count=state.streak), state.streak)


def label(card: str) -> str:
    return card_label(card, four_colour=current.four_colour)


def cards_of(value: JSON) -> list[str]:
    return [str(card) for card in value] if isinstance(value, list) else []


def board_and_reply() -> dict[str, JSON] | None:
    """Draw the puzzle and its answer widgets in a form; the reply once submitted."""
    content = puzzle.content
    reply: dict[str, JSON] = {}
    with st.form(f"puzzle-{puzzle.id}-{seed}"):
        kind = puzzle.kind
        if kind in (Kind.WHICH_CARDS, Kind.CARD_LEGAL, Kind.AMSTERDAM_OR_ROTTERDAM):
            trick = parse_cards(" ".join(cards_of(content["trick"])))
            hand = parse_cards(" ".join(cards_of(content["hand"])))
            marked = parse_cards(str(content["card"]))[0] if kind is Kind.CARD_LEGAL else None
            show_position(
                _trump(content), trick, cards_of(content["players"]), hand, current, marked=marked
            )
            labels = [str(card) for card in hand]
            if kind is Kind.WHICH_CARDS:
                reply["cards"] = [
                    *pick_cards(t("select-legal"), labels, current, f"pick-{puzzle.id}")
                ]
            elif kind is Kind.CARD_LEGAL:
                reply["legal"] = yes_no(t("is-legal", card=content["card"]), f"legal-{puzzle.id}")
            else:
                for city in ("amsterdam", "rotterdam"):
                    picked = pick_cards(t(f"{city}-legal"), labels, current, f"{city}-{puzzle.id}")
                    reply[city] = [*picked]
        elif kind is Kind.COUNT_TRICK:
            trick = parse_cards(" ".join(cards_of(content["trick"])))
            leader = int(str(content["leader"]))
            show_trump(_trump(content), current)
            show_cards(
                trick,
                _trump(content),
                current,
                captions=[str(Seat((leader + i) % 4)) for i in range(4)],
            )
            if content.get("trick_number") == 8:
                st.caption(t("last-trick"))
            asked = cards_of(content.get("ask", ["winner", "points", "roem"]))
            labels = [str(card) for card in trick]
            if "winner" in asked:
                winner = st.pills(t("who-wins"), labels, format_func=label, key=f"win-{puzzle.id}")
                reply["winner"] = labels.index(winner) if winner else None
            if "points" in asked:
                reply["points"] = int(
                    st.number_input(t("points"), 0, 200, step=1, key=f"pts-{puzzle.id}")
                )
            if "roem" in asked:
                reply["roem"] = int(
                    st.number_input(t("roem"), 0, 500, step=10, key=f"roem-{puzzle.id}")
                )
        elif kind is Kind.IS_NAT:
            show_nat(content)
            reply["nat"] = yes_no(t("nat-question"), f"nat-{puzzle.id}")
            left, right = st.columns(2)
            reply["points"] = [
                int(
                    left.number_input(
                        t("written", pair=PAIRS[0]), 0, 1000, step=1, key=f"p0-{puzzle.id}"
                    )
                ),
                int(
                    right.number_input(
                        t("written", pair=PAIRS[1]), 0, 1000, step=1, key=f"p1-{puzzle.id}"
                    )
                ),
            ]
        else:
            played = show_revoke(content)
            reply["card"] = st.selectbox(t("which-card-revoked"), played, key=f"rv-{puzzle.id}")
            play_rules = [
                r.value for r in RuleId if r.topic == "play" and r is not RuleId.PLAY_REVOKE
            ]
            reply["rule"] = st.selectbox(
                t("broken-rule"),
                play_rules,
                format_func=lambda r: rule_text(RuleId(r)).title,
                key=f"rvr-{puzzle.id}",
            )
        submitted = st.form_submit_button(
            t("submit"), type="primary", disabled=state.result is not None, key="answer_button"
        )
    return reply if submitted else None


def _trump(content: object) -> Suit:
    assert isinstance(content, dict)
    return Suit.parse(str(content["trump"]))


def show_nat(content: object) -> None:
    assert isinstance(content, dict)
    choosers = int(content["choosers"])
    st.markdown(t("choosers", pair=PAIRS[choosers]))
    if "summary" in content:
        s = content["summary"]
        frame = pd.DataFrame(
            {
                t("summary-card-points"): s["card_points"],
                t("summary-roem"): [sum(p) for p in s["roem"]],
                t("summary-undeclared"): [sum(p) for p in s["undeclared_roem"]],
                t("summary-tricks"): s["tricks_won"],
            },
            index=list(PAIRS),
        )
        st.table(frame)
    elif "trick_table" in content:
        rows = content["trick_table"]
        frame = pd.DataFrame(
            {
                t("won-by"): [PAIRS[r["pair"]] for r in rows],
                t("points"): [r["points"] for r in rows],
                t("roem"): [r["roem"] for r in rows],
                t("declared"): [t("yes") if r["declared"] else t("no") for r in rows],
            },
            index=[t("trick-n", n=n) for n in range(1, 9)],
        )
        st.table(frame)
    else:
        show_trump(_trump(content), current)
        declared = content.get("declared")
        for number, (leader, cards) in enumerate(content["tricks"]):
            st.caption(
                t("trick-n", n=number + 1)
                + (
                    ""
                    if declared is None or number in declared
                    else f" ({t('summary-undeclared')})"
                )
            )
            show_cards(
                parse_cards(" ".join(cards)),
                _trump(content),
                current,
                captions=[str(Seat((leader + i) % 4)) for i in range(4)],
            )


def show_revoke(content: object) -> list[str]:
    assert isinstance(content, dict)
    trump = _trump(content)
    show_trump(trump, current)
    st.caption(t("hands-dealt"))
    for seat, hand in zip(Seat, content["hands"], strict=True):
        st.markdown(f"**{seat}**")
        show_cards(parse_cards(" ".join(hand)), trump, current)
    st.caption(t("tricks-played"))
    played = []
    for number, (leader, cards) in enumerate(content["tricks"]):
        st.markdown(f"**{t('trick-n', n=number + 1)}**")
        show_cards(
            parse_cards(" ".join(cards)),
            trump,
            current,
            captions=[str(Seat((leader + i) % 4)) for i in range(4)],
        )
        played.extend(cards)
    return played


reply = board_and_reply()
if reply is not None and state.result is None:
    state.result = grade(puzzle, reply)
    synced = schedule()  # in step with the database before this answer is stored
    progress_store.record(
        learner.id,
        AnswerRecord(
            source="puzzle",
            item_id=puzzle.id,
            kind=puzzle.kind.value,
            rule=puzzle.rule.value,
            tags=tuple(tag.value for tag in puzzle.tags),
            rules=puzzle.rules.name,
            level=puzzle.level,
            given=state.result.given,
            correct=state.result.correct,
            seconds=time.monotonic() - state.started,
            seed=seed,
        ),
        assignment_id=state.assignment,
    )
    synced.review(puzzle.rule.value, state.result.correct, utc_now())
    if state.mode == "streak":
        if state.result.correct:
            state.streak += 1
        else:
            state.streak_over = True

if state.result is not None:
    title = rule_text(puzzle.rule).title
    if state.result.correct:
        st.success(f"{t('right')} {t('rule-named', title=title)}", icon=":material/check_circle:")
    else:
        st.error(
            f"{t('wrong')} {t('answer-was', answer=describe_answer(puzzle))}",
            icon=":material/cancel:",
        )
        st.markdown(t("rule-named", title=title))
        st.write(puzzle.explanation)
    if state.streak_over:
        st.warning(t("streak-over", count=state.streak), icon=":material/flag:")
    if st.button(t("next-puzzle"), type="primary", key="next_button"):
        if state.streak_over:
            state.streak, state.streak_over = 0, False
        if state.assignment is not None:
            state.position += 1
        st.session_state["drill_next"] = True
        st.rerun()
