"""The positions version 2 builds on purpose for rare targets have the property they are built
for, judged by the core's legality cascade, under every rule set that drills them (those with
the partner exemption: Amsterdam's)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from klaverjas_core import RuleSet
from klaverjas_core.legality import Branch
from puzzles import documented_rule_sets
from puzzles.play_kinds import PARTNER_TRUMPS_ABOVE, UNDER_A_TRUMP
from puzzles.scenarios import DrawError, build_position

seeds = st.integers(0, 2**32 - 1)
levels = st.sampled_from((1, 2, 3))
with_exemption = st.sampled_from([r for r in documented_rule_sets() if r.partner_exemption])


@given(seeds, levels, with_exemption)  # without it, such a hand must undertrump
def test_a_hand_of_only_lower_trumps_under_an_opponents_trump(
    seed: int, level: int, rules: RuleSet
) -> None:
    try:
        position = build_position(random.Random(seed), UNDER_A_TRUMP, rules, level)
    except DrawError:
        return
    assert all(card.suit == position.trump for card in position.hand)
    assert position.legal_cards().decision.branch is Branch.ONLY_LOWER_TRUMPS


@given(seeds, levels, with_exemption)
def test_a_partner_who_trumped_above_one_of_my_trumps_keeps_the_trick(
    seed: int, level: int, rules: RuleSet
) -> None:
    try:
        position = build_position(random.Random(seed), PARTNER_TRUMPS_ABOVE, rules, level)
    except DrawError:
        return
    legal = position.legal_cards()
    assert legal.decision.branch is Branch.PARTNER_TRUMPED
    assert set(legal) != set(position.hand)  # a lower trump may not be played: not trivial


def test_the_built_positions_are_rarely_drawn_again() -> None:
    rules = RuleSet.parse("amsterdam")
    for scenario in (UNDER_A_TRUMP, PARTNER_TRUMPS_ABOVE):
        failed = 0
        for seed in range(300):
            try:
                build_position(random.Random(seed), scenario, rules, seed % 3 + 1)
            except DrawError:
                failed += 1
        assert failed < 0.5 * 300, scenario
