"""Per-rule statistics from the stored answers, with pandas.

A rule is called weak or strong only after `MIN_ANSWERS` answers; before that its status is
``too-few``. Recent accuracy looks at the last `RECENT` answers of that rule.
"""

from __future__ import annotations

from typing import Final

import pandas as pd

MIN_ANSWERS: Final = 5
RECENT: Final = 10
WEAK_BELOW: Final = 0.7
STRONG_FROM: Final = 0.9
STAT_COLUMNS: Final = [
    "rule", "attempts", "correct", "accuracy", "recent_accuracy", "last_answered", "status",
    "from_play",
]  # fmt: skip


def counted(answers: pd.DataFrame) -> pd.DataFrame:
    """The answers that count for accuracy: those given without a hint."""
    if "hinted" not in answers:
        return answers
    return answers[~answers["hinted"].astype(bool)]


def rule_stats(answers: pd.DataFrame) -> pd.DataFrame:
    """One row per rule: attempts, accuracy, recent accuracy, last answer time, a status, and
    how many of the attempts were decisions at the table (``from_play``).

    >>> frame = pd.DataFrame({"rule": ["a"] * 6, "correct": [1, 0, 1, 1, 1, 1],
    ...     "answered_at": pd.date_range("2026-01-01", periods=6, tz="UTC")})
    >>> row = rule_stats(frame).iloc[0]
    >>> int(row.attempts), round(float(row.accuracy), 2), row.status
    (6, 0.83, 'fair')
    """
    answers = counted(answers)
    if answers.empty:
        return pd.DataFrame(columns=STAT_COLUMNS)
    ordered = answers.sort_values("answered_at")
    grouped = ordered.groupby("rule", sort=True)
    table = pd.DataFrame(
        {
            "attempts": grouped["correct"].size(),
            "correct": grouped["correct"].sum().astype(int),
            "accuracy": grouped["correct"].mean(),
            "recent_accuracy": grouped["correct"].apply(lambda s: s.tail(RECENT).mean()),
            "last_answered": grouped["answered_at"].max(),
        }
    )
    if "source" in ordered:
        from_play = (ordered["source"] == "play").groupby(ordered["rule"]).sum()
        table["from_play"] = from_play.reindex(table.index, fill_value=0).astype(int)
    else:
        table["from_play"] = 0
    table["status"] = [
        _status(int(attempts), float(recent))
        for attempts, recent in zip(table["attempts"], table["recent_accuracy"], strict=True)
    ]
    return table.reset_index()[STAT_COLUMNS]


def _status(attempts: int, recent: float) -> str:
    if attempts < MIN_ANSWERS:
        return "too-few"
    if recent < WEAK_BELOW:
        return "weak"
    return "strong" if recent >= STRONG_FROM else "fair"


def daily_accuracy(answers: pd.DataFrame) -> pd.DataFrame:
    """Accuracy and number of answers per day (UTC), for the trend chart."""
    answers = counted(answers)
    if answers.empty:
        return pd.DataFrame(columns=["day", "accuracy", "answers"])
    days = answers["answered_at"].dt.floor("D")
    grouped = answers.groupby(days)["correct"]
    return (
        pd.DataFrame({"accuracy": grouped.mean(), "answers": grouped.size()})
        .rename_axis("day")
        .reset_index()
    )


def needs_practice(stats: pd.DataFrame) -> list[str]:
    """Weak rules first (lowest recent accuracy), then fair ones; never the too-few ones."""
    ranked = stats[stats["status"].isin(["weak", "fair"])].sort_values(
        ["recent_accuracy", "attempts"], ascending=[True, False]
    )
    return [str(rule) for rule in ranked["rule"]]
