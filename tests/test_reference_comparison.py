"""The fast cascade against the slow reference on 100,000+ positions per rule set, recorded
from random legal play-outs."""

from __future__ import annotations

import random

import pytest

from klaverjas_core import AMSTERDAM, DECK, ROTTERDAM, RuleSet, Suit
from klaverjas_core.legality import Branch, Decision, decide
from klaverjas_core.playout import PositionRecord, random_playout

from .reference_rules import reference_broken, reference_legal

POSITIONS_PER_RULE_SET = 100_000


def recorded_positions(rules: RuleSet, count: int, seed: int) -> list[PositionRecord]:
    rng = random.Random(seed)
    records: list[PositionRecord] = []
    while len(records) < count:
        random_playout(rng, rules, dealer=rng.randrange(4), positions=records)
    return records


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=["amsterdam", "rotterdam"])
def test_fast_legality_equals_the_reference_on_recorded_positions(rules: RuleSet) -> None:
    records = recorded_positions(rules, POSITIONS_PER_RULE_SET, seed=2026)
    rotterdam = not rules.partner_exemption
    mismatches = []
    for record in records:
        hand = [card for card in DECK if record.hand & card.bit]
        trick = [DECK[i] for i in record.trick]
        expected = reference_legal(hand, trick, Suit(record.trump), rotterdam=rotterdam)
        mask = decide(record.hand, record.trick, record.trump, rules.partner_exemption)[1]
        if mask != sum(card.bit for card in expected):
            mismatches.append(record)
    assert len(records) >= POSITIONS_PER_RULE_SET
    assert mismatches == []


def test_recorded_positions_cover_every_branch_of_the_cascade() -> None:
    seen = set()
    for rules in (AMSTERDAM, ROTTERDAM):
        for record in recorded_positions(rules, 20_000, seed=7):
            seen.add(decide(record.hand, record.trick, record.trump, rules.partner_exemption)[0])
    assert seen == set(Branch)


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=["amsterdam", "rotterdam"])
def test_every_rule_an_illegal_card_breaks_equals_the_reference(rules: RuleSet) -> None:
    """What a who-revoked puzzle accepts: each rule named is one the card goes against."""
    rotterdam = not rules.partner_exemption
    mismatches, compared = [], 0
    for record in recorded_positions(rules, 20_000, seed=11):
        hand = [card for card in DECK if record.hand & card.bit]
        trick = [DECK[i] for i in record.trick]
        decision = Decision.of(hand, trick, Suit(record.trump), rules)
        for card in decision.illegal:
            verdict = decision.verdict(card)
            expected = reference_broken(card, hand, trick, Suit(record.trump), rotterdam=rotterdam)
            compared += 1
            if {
                rule.value for rule in verdict.broken
            } != expected or verdict.rule != verdict.broken[0]:
                mismatches.append((card, hand, trick, verdict.broken, expected))
    assert compared > 10_000
    assert mismatches[:5] == []
