"""Progress: accuracy per rule, the trend, what to practise first, lessons done, CSV export."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from klaverjas_core import RuleId
from klaverjas_trainer.app.export import csv_bytes, headers
from klaverjas_trainer.app.services import course, profile, require_learner, store
from klaverjas_trainer.storage.schedule import plan
from klaverjas_trainer.storage.stats import daily_accuracy, needs_practice, rule_stats
from klaverjas_trainer.storage.store import utc_now
from klaverjas_trainer.texts import bound, nt, rule_title, t
from puzzles import PUZZLE_KINDS, targets

learner = require_learner()
progress_store = store()
answers = progress_store.answers(learner.id)
st.header(t("progress"))

saved = progress_store.lesson_steps(learner.id)
done = sum(1 for _, completed in saved.values() if completed)
st.markdown(t("lesson-completion", done=done, total=len(course().lessons)))

if answers.empty:
    st.info(t("no-answers"), icon=":material/eco:")
    st.stop()

stats = rule_stats(answers)
table = pd.DataFrame(
    {
        t("col-rule"): [rule_title(rule) for rule in stats["rule"]],
        t("col-attempts"): stats["attempts"],
        t("col-accuracy"): (stats["accuracy"] * 100).round().astype(int).astype(str) + " %",
        t("col-recent"): (stats["recent_accuracy"] * 100).round().astype(int).astype(str) + " %",
        t("col-status"): [t(f"status-{status}") for status in stats["status"]],
        t("col-from-play"): stats["from_play"],
    }
)
st.subheader(t("per-rule"))
st.dataframe(table, hide_index=True, width="stretch")

st.subheader(t("practise-first"))
ruleset = profile().ruleset
weak = [rule for rule in needs_practice(stats) if ruleset.has_rule(RuleId(rule))]  # theirs only
if weak:
    st.markdown("\n".join(f"- {rule_title(rule)}" for rule in weak[:5]))
else:
    st.write(t("nothing-weak"))
drillable = {rule.value for kind in PUZZLE_KINDS for rule in targets(kind, profile().ruleset)}
upcoming = plan(answers, sorted(drillable), utc_now())[:3]
names = ", ".join(f"{rule_title(s.rule)} ({t(f'reason-{s.reason.value}')})" for s in upcoming)
st.caption(t("coming-up", rules=names))

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
