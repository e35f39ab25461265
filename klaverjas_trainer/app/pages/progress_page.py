"""Progress: accuracy per rule, the trend, what to practise first, lessons done, CSV export."""

from __future__ import annotations

from typing import Final

import pandas as pd
import streamlit as st

from klaverjas_core import RuleId
from klaverjas_questions.misconceptions import BY_NAME
from klaverjas_trainer.app import drill
from klaverjas_trainer.app.board import larger_text
from klaverjas_trainer.app.export import csv_bytes, headers
from klaverjas_trainer.app.services import course, profile, require_learner, store
from klaverjas_trainer.app.state import DrillState, session_object
from klaverjas_trainer.storage.analyses import Analyses
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.storage.schedule import plan
from klaverjas_trainer.storage.stats import RECENT, daily_accuracy, needs_practice, rule_stats
from klaverjas_trainer.storage.store import utc_now
from klaverjas_trainer.texts import bound, nt, rule_title, t
from puzzles import PUZZLE_KINDS, targets

#: On a phone the per-rule table's cells are tighter; words stay whole (a cell wraps between
#: them: the status stands beside the rule's name, not in a narrow column of its own).
NARROW_TABLE_CSS: Final = """<style>
@media (max-width: 640px) {
  .st-key-per_rule th, .st-key-per_rule td { padding: .3rem .25rem !important;
    white-space: normal !important; }
}
</style>"""

DRILL_PAGE: Final = "klaverjas_trainer/app/pages/drill_page.py"

learner = require_learner()
larger_text()
progress_store = store()
answers = progress_store.answers(learner.id)
st.header(t("progress"))

saved = progress_store.lesson_steps(learner.id)
done = sum(1 for _, completed in saved.values() if completed)
st.markdown(t("lesson-completion", done=done, total=len(course().lessons)))

if answers.empty:
    st.info(t("no-answers"), icon=":material/eco:")
    st.stop()


def percent(shares: pd.Series) -> pd.Series:
    """Shares as "83 %", the number and its sign kept together (a no-break space)."""
    return (shares * 100).round().astype(int).astype(str) + "\u00a0%"


stats = rule_stats(answers)
table = pd.DataFrame(
    {
        t("col-rule"): [
            f"{rule_title(rule)} — {t(f'status-{status}')}"
            for rule, status in zip(stats["rule"], stats["status"], strict=True)
        ],
        t("col-attempts"): stats["attempts"],
        t("col-accuracy"): percent(stats["accuracy"]),
        t("col-recent"): percent(stats["recent_accuracy"]),
        t("col-from-play"): stats["from_play"],
    }
)
# Columns that say nothing yet stay out, so the table fits a phone: "Last 10" while no rule
# has more than 10 answers (it equals the accuracy), "From play" while nothing came from play.
if (stats["attempts"] <= RECENT).all():
    table = table.drop(columns=t("col-recent"))
if not stats["from_play"].any():
    table = table.drop(columns=t("col-from-play"))
st.subheader(t("per-rule"))
# A static table, not the scrolling data grid: its cells wrap (a long word too, on a phone),
# so every column fits the screen.
st.markdown(NARROW_TABLE_CSS, unsafe_allow_html=True)
with st.container(key="per_rule"):
    st.table(table, hide_index=True, border="horizontal")

st.subheader(t("practise-first"))
ruleset = profile().ruleset
weak = [rule for rule in needs_practice(stats) if ruleset.has_rule(RuleId(rule))]  # theirs only
drillable = {rule.value for kind in PUZZLE_KINDS for rule in targets(kind, profile().ruleset)}
for rule in weak[:5]:  # each a tap away from its drill; a rule no puzzle drills, in words
    if rule not in drillable:
        st.markdown(f"- {rule_title(rule)}")
    elif st.button(t("practise-rule", rule=rule_title(rule)), key=f"practise_rule_{rule}",
                   icon=":material/target:"):  # fmt: skip
        drill.drill_rule(session_object("drill", DrillState), rule, ruleset)
        st.switch_page(DRILL_PAGE)
if not weak:
    st.write(t("nothing-weak"))
upcoming = plan(answers, sorted(drillable), utc_now())[:3]
names = ", ".join(f"{rule_title(s.rule)} ({t(f'reason-{s.reason.value}')})" for s in upcoming)
st.caption(t("coming-up", rules=names))

st.subheader(t("coach-section"))
found = Findings(progress_store).of_learner(learner.id)
found = found[(found["rules"] == ruleset.name) & found["name"].isin(BY_NAME)]
showing = found[found["gone_at"].isna()]
for name in showing["name"]:
    with st.container(border=True):
        st.markdown(f"**{t(f'misconception-title:{name}')}** · {t(f'misconception:{name}')}")
        if st.button(nt("coach-practise", drill.PRACTICE_COUNT), key=f"practise_{name}"):
            drill.practise(session_object("drill", DrillState), name)
            st.switch_page(DRILL_PAGE)
if showing.empty:
    st.write(t("coach-none"))
gone = [t(f"misconception-title:{name}") for name in found[found["gone_at"].notna()]["name"]]
if gone:
    st.caption(t("coach-gone-list", patterns=", ".join(gone)))

weighed = Analyses(progress_store).of_learner(learner.id)
if not weighed.empty:
    st.subheader(t("analysis-progress-title"))
    choices = int(weighed["choices"].sum())
    share = f"{weighed['best_found'].sum() / choices:.0%}" if choices else "–"
    average = f"{weighed['given_away'].mean():.0f}"
    st.markdown(nt("analysis-progress", len(weighed), given=average, share=share))
    latest = weighed.tail(5).iloc[::-1]
    st.table(
        pd.DataFrame(
            {
                t("col-match"): latest["game_seed"],
                t("col-deal"): latest["deal"] + 1,
                t("col-best"): [
                    f"{b} / {c}"
                    for b, c in zip(latest["best_found"], latest["choices"], strict=True)
                ],
                t("col-given-away"): latest["given_away"].round().astype(int),
            }
        ),
        hide_index=True,
        border="horizontal",
    )

st.subheader(t("trend"))
practised = list(stats["rule"])
focus = st.selectbox(
    t("trend-rule"),
    ["", *practised],
    key="trend_rule",
    format_func=bound(lambda rule: rule_title(rule) if rule else t("all-rules")),
)
daily = daily_accuracy(answers[answers["rule"] == focus] if focus else answers)
daily[t("accuracy-percent")] = (daily["accuracy"] * 100).round(1)
if len(daily) < 2:  # one day is not a trend: say it in words
    today = daily.iloc[-1] if len(daily) else None
    if today is not None:
        st.markdown(nt("trend-one-day", int(today["answers"]), accuracy=f"{today['accuracy']:.0%}"))
else:
    st.line_chart(
        daily,
        x="day",
        y=t("accuracy-percent"),
        x_label=t("chart-day"),
        y_label=t("accuracy-percent"),
    )

st.download_button(
    t("export"),
    csv_bytes(answers, headers(answers.columns)),
    file_name="klaverjas-answers.csv",
    mime="text/csv",
)
