"""Per-rule statistics and the FSRS schedule, from answer tables built in the test."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pandas as pd

from klaverjas_trainer.storage.schedule import Reason, Schedule, plan
from klaverjas_trainer.storage.stats import MIN_ANSWERS, daily_accuracy, needs_practice, rule_stats

START = datetime(2026, 3, 1, 9, tzinfo=UTC)


def answers(*rows: tuple[str, bool, int]) -> pd.DataFrame:
    """Rows of (rule, correct, minutes after START)."""
    return pd.DataFrame(
        {
            "rule": [rule for rule, _, _ in rows],
            "correct": [correct for _, correct, _ in rows],
            "answered_at": [START + timedelta(minutes=m) for _, _, m in rows],
        }
    )


def test_a_rule_is_not_called_weak_or_strong_before_enough_answers() -> None:
    few = answers(*[("play.follow-suit", False, n) for n in range(MIN_ANSWERS - 1)])
    assert rule_stats(few)["status"].tolist() == ["too-few"]
    assert needs_practice(rule_stats(few)) == []


def test_statuses_follow_recent_accuracy() -> None:
    weak = [("play.no-undertrump", n % 3 == 0, n) for n in range(12)]
    strong = [("play.follow-suit", True, n) for n in range(12)]
    stats = rule_stats(answers(*weak, *strong)).set_index("rule")
    assert stats.loc["play.no-undertrump", "status"] == "weak"
    assert stats.loc["play.follow-suit", "status"] == "strong"
    assert stats.loc["play.follow-suit", "attempts"] == 12
    assert needs_practice(stats.reset_index()) == ["play.no-undertrump"]


def test_recent_accuracy_looks_at_the_last_ten_answers() -> None:
    improving = [("play.must-trump", n >= 10, n) for n in range(20)]
    row = rule_stats(answers(*improving)).iloc[0]
    assert row.accuracy == 0.5 and row.recent_accuracy == 1.0


def test_daily_accuracy() -> None:
    frame = answers(("a", True, 0), ("a", False, 1), ("a", True, 60 * 24))
    daily = daily_accuracy(frame)
    assert daily["answers"].tolist() == [2, 1]
    assert daily["accuracy"].tolist() == [0.5, 1.0]


def test_the_schedule_puts_due_rules_first_then_new_ones() -> None:
    history = answers(("play.follow-suit", False, 0), ("play.must-trump", True, 1))
    suggestions = plan(history, ["play.no-undertrump", "play.follow-suit", "play.must-trump"],
                       START + timedelta(days=3))  # fmt: skip
    assert [s.reason for s in suggestions] == [Reason.DUE, Reason.DUE, Reason.NEW]
    assert suggestions[0].rule == "play.follow-suit"  # the one got wrong is remembered least
    assert suggestions[-1].rule == "play.no-undertrump"


def test_a_fresh_answer_is_not_due_yet() -> None:
    history = answers(("play.follow-suit", True, 0))
    (suggestion,) = plan(history, ["play.follow-suit"], START + timedelta(minutes=2))
    assert suggestion.reason is Reason.LATER


def test_updating_answer_by_answer_equals_rebuilding_from_history() -> None:
    rows = [("play.follow-suit", n % 4 != 0, n * 7) for n in range(15)]
    rows += [("play.must-trump", n % 2 == 0, n * 11) for n in range(9)]
    rebuilt = Schedule(answers(*rows))
    incremental = Schedule()
    for rule, correct, minutes in sorted(rows, key=lambda row: row[2]):
        incremental.review(rule, correct, START + timedelta(minutes=minutes))
    now = START + timedelta(days=2)
    candidates = ["play.follow-suit", "play.must-trump", "play.no-undertrump"]
    assert incremental.plan(candidates, now) == rebuilt.plan(candidates, now)
    assert incremental.answers_seen == rebuilt.answers_seen == 24


def test_answers_after_a_hint_do_not_count_and_play_answers_are_marked() -> None:
    frame = answers(*[("play.must-trump", n % 2 == 0, n) for n in range(6)])
    frame["hinted"] = [False, True, False, True, False, False]
    frame["source"] = ["play", "play", "puzzle", "play", "puzzle", "play"]
    row = rule_stats(frame).iloc[0]
    assert int(row.attempts) == 4  # the two hinted answers are left out
    assert int(row.from_play) == 2
    assert daily_accuracy(frame)["answers"].sum() == 4
    now, rules = START + timedelta(days=1), ["play.must-trump"]
    unhinted = frame[~frame["hinted"]]
    assert Schedule(frame).plan(rules, now) == Schedule(unhinted).plan(rules, now)
    assert Schedule(frame).answers_seen == 6  # seen (as the store counts them), not reviewed
