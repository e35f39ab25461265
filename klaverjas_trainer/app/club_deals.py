"""Shared deals at a club evening, as in duplicate bridge: the teacher deals one numbered deal
to the whole group, sees per learner how many rule mistakes each made in it and which rules,
and shows the deal trick by trick on the projector (played by four computer players, one of
them revoking once where the teacher asks, for the class to call "verzaakt!")."""

from __future__ import annotations

import random
from datetime import date

import pandas as pd
import streamlit as st

from klaverjas_core import RuleSet, Seat, judge_trick
from klaverjas_questions.facts import trick_facts
from klaverjas_table import LEARNER
from klaverjas_table.table import computer_play, dealt
from klaverjas_trainer.app.assignments import describe
from klaverjas_trainer.app.in_view import reaction_in_view
from klaverjas_trainer.app.markup import problem_words
from klaverjas_trainer.app.numbers import MATCH_NUMBER, whole_number_input
from klaverjas_trainer.app.own_words import pick_due_date
from klaverjas_trainer.app.play_views import revoke_said
from klaverjas_trainer.app.services import Profile, course
from klaverjas_trainer.app.table_view import table_html
from klaverjas_trainer.seating import trick_by_seat
from klaverjas_trainer.storage.club import Assignment, ClubStore, Group
from klaverjas_trainer.storage.club_stats import deal_mistakes
from klaverjas_trainer.storage.store import Learner
from klaverjas_trainer.texts import bound, explain, rule_title, seat_name, t
from klaverjas_trainer.texts.answers import pair_name


def deal_tab(clubs: ClubStore, group: Group, members: list[Learner]) -> None:
    """Deal a numbered deal to the group, then each member's mistakes in a chosen one."""
    with st.form("assign-deal"):
        st.markdown(t("shared-deal-intro"))
        number = whole_number_input(
            t("deal-number"),
            MATCH_NUMBER.low,
            MATCH_NUMBER.high,
            value=random.randrange(100_000, 1_000_000),
            key="deal_number",
        )
        due = pick_due_date(t("due-date"), "deal_due", date.today())
        if st.form_submit_button(t("assign-deal-button"), key="assign_deal"):
            with reaction_in_view("assign-deal-said"):  # below a long form: in sight
                try:
                    made = clubs.assign_deal(group.id, MATCH_NUMBER.require(number), due)
                except ValueError as problem:
                    st.error(
                        t("problem", problem=problem_words(problem)), icon=":material/back_hand:"
                    )
                else:
                    said = t("assigned", what=describe(made, course()))
                    st.success(said, icon=":material/check_circle:")
    deals = [a for a in clubs.assignments(group.id) if a.is_deal]
    if not deals:
        return
    chosen = pick_deal(deals, "deal_results_pick")
    names = [member.name for member in members]
    results = deal_mistakes(clubs.deal_answers(group.id, chosen.id), names)
    finished = clubs.deals_finished(group.id)
    done = set(finished.loc[finished["assignment_id"] == chosen.id, "learner"])
    table = pd.DataFrame(
        {
            t("chart-learner"): results["learner"],
            t("deal-finished"): [t("yes") if name in done else t("no") for name in names],
            t("deal-decisions"): results["decisions"],
            t("deal-mistakes"): results["mistakes"],
            t("deal-rules"): [
                ", ".join(f"{rule_title(rule)} ×{count}" for rule, count in rules)
                for rules in results["rules"]
            ],
        }
    )
    st.dataframe(table, hide_index=True, width="stretch")


def pick_deal(deals: list[Assignment], key: str) -> Assignment:
    """One of the group's shared deals, the newest first chosen."""
    chosen: Assignment = st.selectbox(
        t("pick-deal"),
        deals,
        index=len(deals) - 1,
        key=key,
        format_func=bound(lambda a: describe(a, course())),
    )
    return chosen


def projector_deal(
    chosen: Assignment,
    group: Group,
    profile: Profile,
    step: int,
    reveal: bool,
    *,
    revoke: bool = False,
) -> None:
    """The shared deal as four computer players play it: step 0 shows the four hands as
    dealt, step 1-8 that trick at the table (with `reveal`, who takes it and why). With
    `revoke`, East or West revokes once for the class to spot; its trick, revealed, says
    "verzaakt!" and why."""
    rules = RuleSet.parse(group.rules)
    played = computer_play(chosen.seed, rules, revoke=revoke)
    chooser = played.choice.chooser
    assert chooser is not None
    trump = played.trump
    words = t(
        "play-trumps", trump=trump.symbol, seat=seat_name(chooser), pair=pair_name(played.choosers)
    )
    st.markdown(words)
    if not step:  # the hands as dealt, each at its seat (the learners all sat South)
        hands = dict(zip(Seat, map(sorted, dealt(chosen.seed, 0, rules).hands), strict=True))
        picture = table_html(
            dealer=played.dealer, trick={}, trump=trump, choosers=played.choosers, to_act=None,
            four_colour=profile.four_colour, viewer=LEARNER, hands=hands,
        )  # fmt: skip
        st.markdown(picture, unsafe_allow_html=True)
        return
    leader, cards = played.tricks[step - 1]
    judged = judge_trick(cards, trump, rules)
    winner = Seat((leader + judged.winner) % 4)
    table, told = st.columns([3, 2], gap="large")  # the sentence beside the trick, on one wall
    table.markdown(
        table_html(
            dealer=played.dealer,
            trick=trick_by_seat(leader, cards),
            trump=trump,
            choosers=played.choosers,
            to_act=None,
            winner=winner if reveal else None,
            centre=t("trick-taken", seat=seat_name(winner)) if reveal else "",
            four_colour=profile.four_colour,
            viewer=LEARNER,
            leader=leader,
        ),
        unsafe_allow_html=True,
    )
    if reveal:
        told.markdown(explain(trick_facts(judged, last_trick=step == 8)))
        for revoked in (r for r in played.revokes if r.trick == step - 1):
            called = t("revoke-called", seat=seat_name(revoked.seat.left))
            # a deal nobody in the class played: the revoker is named, nobody is "you"
            told.error(revoke_said(called, revoked, learner=None), icon=":material/gavel:")
