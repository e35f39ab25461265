"""The live round's choices without Streamlit: the wrong rule most of a group's members show
now, and a round of puzzles that tell it from the real rule."""

from __future__ import annotations

from datetime import UTC, datetime

import pandas as pd
import pytest

from klaverjas_core import RuleSet
from klaverjas_questions.misconceptions import BY_NAME, CATALOGUE, discriminates
from klaverjas_trainer.app.live_round import keys_for_wrong_rule, round_puzzles, shown_most

NOW = datetime(2026, 12, 5, tzinfo=UTC)


def findings(*rows: tuple[str, str, str, bool]) -> pd.DataFrame:
    """(learner, rules, wrong rule, gone) rows as `Findings.of_group` gives them."""
    return pd.DataFrame(
        [
            {
                "learner": who,
                "rules": rules,
                "name": name,
                "named_at": NOW,
                "gone_at": NOW if gone else pd.NaT,
            }
            for who, rules, name, gone in rows
        ],
        columns=["learner", "rules", "name", "named_at", "gone_at"],
    )


def test_the_wrong_rule_most_members_show_now_under_the_groups_rules() -> None:
    first, second = CATALOGUE[0].name, CATALOGUE[1].name
    found = findings(
        ("Anna", "amsterdam", second, False),
        ("Bert", "amsterdam", second, False),
        ("Anna", "amsterdam", first, False),
        ("Carl", "amsterdam", first, True),  # gone: no longer shown
        ("Dirk", "rotterdam", first, False),  # under other rules
        ("Eva", "amsterdam", first, False),
        ("Eva", "amsterdam", "no-such-rule", False),  # a name this trainer no longer has
    )
    assert shown_most(found, "amsterdam") == (BY_NAME[first], 2)  # a tie: catalogue order
    assert shown_most(found[found["learner"] != "Eva"], "amsterdam") == (BY_NAME[second], 2)
    assert shown_most(found, "rotterdam") == (BY_NAME[first], 1)
    assert shown_most(findings(("Carl", "amsterdam", first, True)), "amsterdam") is None
    assert shown_most(findings(), "amsterdam") is None


@pytest.mark.parametrize("name", ["always-overtrump", "undertrump-freely"])
def test_a_round_on_a_wrong_rule_has_puzzles_that_tell_it_from_the_rule(name: str) -> None:
    entry, rules = BY_NAME[name], RuleSet.parse("amsterdam")
    keys = keys_for_wrong_rule(entry, "amsterdam", count=4, seed=11)
    assert len(keys) == 4 and len({tuple(sorted(key.items())) for key in keys}) == 4
    for puzzle in round_puzzles(keys):  # made again from the stored keys, as the phones do
        assert discriminates(entry, puzzle.kind, puzzle.content, rules)
