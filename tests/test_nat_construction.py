"""How version 2 builds is-nat deals: steering a real deal's card points by exchanging cards
keeps it a legal deal with the same winners and roem, and each trap's window of card points
holds exactly the deals the trap describes."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from klaverjas_core import DealScore, RuleId, RuleSet
from klaverjas_core.playout import PlayedDeal, random_playout
from klaverjas_core.scoring import score_summary
from klaverjas_questions.is_nat import IS_NAT
from puzzles import documented_rule_sets
from puzzles.nat_kinds import _content, realism_problems
from puzzles.nat_steering import card_points, steer
from puzzles.nat_traps import (
    AIMS,
    ALL_TRICKS,
    Balance,
    Facts,
    Outcome,
    stuk_trick,
    trick_roem,
)

every_rule_set = st.sampled_from(documented_rule_sets())
seeds = st.integers(0, 2**32 - 1)


def played(seed: int, rules: RuleSet) -> PlayedDeal:
    return random_playout(random.Random(seed), rules)


def replay_problems(deal: PlayedDeal) -> list[str]:
    """The realism check of a level-3 puzzle: every card replayed by the core's `Deal`."""
    content = IS_NAT.read_content(_content(Facts(deal, 0, ALL_TRICKS), 3))
    return realism_problems(content, deal.rules)


@given(seeds, every_rule_set, st.integers(0, 1), st.integers(-25, 25), st.integers(0, 6))
def test_steering_keeps_a_legal_deal_with_the_same_winners_and_roem(
    seed: int, rules: RuleSet, pair: int, offset: int, width: int
) -> None:
    deal = played(seed, rules)
    start = card_points(deal, pair)
    low = min(max(start + offset, 0), 162)
    steered = steer(deal, pair, low, low + width, random.Random(seed))
    if steered is None:
        return  # not every window is in reach of every deal; the generator takes another
    assert low <= card_points(steered, pair) <= low + width
    assert steered.score().card_points[pair] == card_points(steered, pair)
    assert steered.winners == deal.winners and steered.trump == deal.trump
    assert trick_roem(steered) == trick_roem(deal)
    assert replay_problems(steered) == []


def test_steering_reaches_most_near_windows() -> None:
    # The generator only steers deals within 15 points of the window (NEAR); most must make it.
    reached = 0
    for seed in range(300):
        deal = played(seed, RuleSet.parse("amsterdam"))
        target = card_points(deal, 0) + random.Random(seed).choice([-15, -7, -1, 1, 7, 15])
        reached += steer(deal, 0, target, target, random.Random(seed)) is not None
    assert reached >= 0.7 * 300


def roem_in_the_ledger(deal: PlayedDeal) -> list[tuple[int, int]]:
    """The roem in each trick for each pair, declared or not, from the score's ledger."""
    roem = [[0, 0] for _ in range(8)]
    for item in deal.score(0, ALL_TRICKS).ledger:
        if item.trick is not None and item.rule.topic == "roem":
            roem[item.trick][item.pair] += item.points
    return [(pair[0], pair[1]) for pair in roem]


@given(seeds, every_rule_set)
def test_quick_trick_roem_is_the_roem_the_score_lists(seed: int, rules: RuleSet) -> None:
    deal = played(seed, rules)
    assert trick_roem(deal) == roem_in_the_ledger(deal)
    ledger = deal.score(0, ALL_TRICKS).ledger
    stuk = {item.trick for item in ledger if item.rule is RuleId.ROEM_STUK}
    assert stuk_trick(deal) == (stuk if rules.stuk_from_hand else set())


def test_quick_trick_roem_places_a_stuk_from_hand_as_the_score_does() -> None:
    """Many deals under stuk_from_hand, so some have a stuk from hand (the seeds above may not)."""
    with_stuk = 0
    for seed in range(600):
        rules = documented_rule_sets()[seed % 12]
        if not rules.stuk_from_hand:
            continue
        deal = played(seed, rules)
        assert trick_roem(deal) == roem_in_the_ledger(deal), seed
        ledger = deal.score(0, ALL_TRICKS).ledger
        assert stuk_trick(deal) == {i.trick for i in ledger if i.rule is RuleId.ROEM_STUK}
        with_stuk += bool(stuk_trick(deal))
    assert with_stuk >= 20


@given(seeds, every_rule_set, st.integers(0, 1), st.sets(st.integers(0, 7)))
def test_each_window_holds_exactly_the_deals_its_trap_describes(
    seed: int, rules: RuleSet, choosers: int, forgotten: set[int]
) -> None:
    deal = played(seed, rules)
    facts = Facts(deal, choosers, ALL_TRICKS - frozenset(forgotten))
    score = facts.score()
    balance = Balance(choosers, score.roem, facts.score(ALL_TRICKS).roem)
    points = card_points(deal, choosers)
    for target, aims in AIMS.items():
        for aim in aims:
            window = aim.window(balance)
            inside = window is not None and window[0] <= points <= window[1]
            expected = aim.holds(facts) and facts.decides(target)
            assert (inside and facts.decides(target)) == expected, (target, aim.holds.__name__)


@given(seeds, every_rule_set, st.integers(0, 1), st.sets(st.integers(0, 7)))
def test_break_even_is_where_the_choosers_go_nat(
    seed: int, rules: RuleSet, choosers: int, forgotten: set[int]
) -> None:
    facts = Facts(played(seed, rules), choosers, ALL_TRICKS - frozenset(forgotten))
    score = facts.score()
    balance = Balance(choosers, score.roem, facts.score(ALL_TRICKS).roem)
    if score.pit is None:  # a pit adds 100 to its pair's total
        assert score.nat == (score.card_points[choosers] <= balance.break_even())


@dataclass(frozen=True)
class Totals(Outcome):
    """Just what the traps read, for any values: the choosers' card points and each pair's
    roem, counted and shown (`Facts` needs a whole played deal)."""

    choosers: int
    points: int  # the choosers' card points
    counted: tuple[int, int]
    shown: tuple[int, int]

    def score(self, declared: frozenset[int] | None = None) -> DealScore:
        roem = self.shown if declared == ALL_TRICKS else self.counted
        mine = (self.points, 162 - self.points)
        return score_summary(
            mine if self.choosers == 0 else mine[::-1], roem, self.choosers,
            undeclared_roem=sum(self.shown) - sum(self.counted),
        )  # fmt: skip


def test_every_window_edge_agrees_with_its_trap() -> None:
    # Random deals seldom land on a window's edge (the tie is one value), so sweep them all:
    # every card-point value with roem from none to 100 for each pair, part of it undeclared.
    roem_values = (0, 20, 50, 100)
    checked = 0
    for choosers, shown, counted in itertools.product(
        (0, 1), itertools.product(roem_values, repeat=2), itertools.product(roem_values, repeat=2)
    ):
        if counted[0] > shown[0] or counted[1] > shown[1]:
            continue
        balance = Balance(choosers, counted, shown)
        for points in range(1, 162):  # 0 or 162 would be a pit
            facts = Totals(choosers, points, counted, shown)
            for target, aims in AIMS.items():
                decides = facts.decides(target)
                for aim in aims:
                    window = aim.window(balance)
                    inside = window is not None and window[0] <= points <= window[1]
                    expected = aim.holds(facts) and decides
                    assert (inside and decides) == expected, (target, aim, choosers, points)
                    checked += inside
    assert checked > 10_000
