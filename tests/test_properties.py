"""Invariants over random deals and random positions (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from klaverjas_core import (
    AMSTERDAM,
    DECK,
    ROTTERDAM,
    VARIANTS,
    Card,
    Position,
    RuleSet,
    Suit,
    legal_cards,
    random_playout,
    score_deal,
    trick_points,
    trick_winner,
)
from klaverjas_core.legality import Branch, Decision
from klaverjas_core.playout import PositionRecord

from .reference_rules import reference_legal, reference_score, reference_winner, trump_strength

rule_sets = st.sampled_from([AMSTERDAM, ROTTERDAM])
#: Both cities alone and with each documented variant.
every_rule_set = st.sampled_from(
    [AMSTERDAM, ROTTERDAM]
    + [city.with_variants(**{name: True}) for city in (AMSTERDAM, ROTTERDAM) for name in VARIANTS]
)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit]:
    """Any hand and trick of distinct cards: also positions no real play reaches."""
    deck = draw(st.permutations(DECK))
    trick_size = draw(st.integers(0, 3))
    hand_size = draw(st.integers(1, 8))
    trump = draw(st.sampled_from(list(Suit)))
    return list(deck[trick_size : trick_size + hand_size]), list(deck[:trick_size]), trump


@given(positions(), rule_sets)
def test_legal_set_is_non_empty_and_inside_the_hand(
    position: tuple[list[Card], list[Card], Suit], rules: RuleSet
) -> None:
    hand, trick, trump = position
    legal = list(legal_cards(hand, trick, trump, rules))
    assert legal
    assert all(card in hand for card in legal)
    assert legal == [card for card in hand if card in legal]  # hand order


@given(positions(), rule_sets)
def test_legal_set_matches_the_reference_on_any_position(
    position: tuple[list[Card], list[Card], Suit], rules: RuleSet
) -> None:
    hand, trick, trump = position
    expected = reference_legal(hand, trick, trump, rotterdam=not rules.partner_exemption)
    assert list(legal_cards(hand, trick, trump, rules)) == expected


@given(positions(), rule_sets)
def test_each_card_verdict_agrees_with_the_legal_set(
    position: tuple[list[Card], list[Card], Suit], rules: RuleSet
) -> None:
    hand, trick, trump = position
    result = legal_cards(hand, trick, trump, rules)
    expected = reference_legal(hand, trick, trump, rotterdam=not rules.partner_exemption)
    for card in hand:  # each verdict against the slow reference, not the same mask again
        verdict = result.verdict(card)
        assert verdict.legal == (card in expected) == (card in result)
        assert verdict.rule in result.rules


@given(positions())
def test_rotterdam_never_allows_more_where_only_the_partner_exemption_differs(
    position: tuple[list[Card], list[Card], Suit],
) -> None:
    hand, trick, trump = position
    rotterdam = Decision.of(hand, trick, trump, ROTTERDAM)
    amsterdam = Decision.of(hand, trick, trump, AMSTERDAM)
    if rotterdam.branch in (Branch.MUST_TRUMP, Branch.MUST_OVERTRUMP):
        assert set(rotterdam.legal) <= set(amsterdam.legal)
    elif rotterdam.branch is not Branch.MUST_UNDERTRUMP:
        assert rotterdam.legal == amsterdam.legal  # rules 1-3 are the same


@given(positions(), rule_sets)
def test_position_notation_round_trip(
    position: tuple[list[Card], list[Card], Suit], rules: RuleSet
) -> None:
    hand, trick, trump = position
    pos = Position(trump, tuple(trick), tuple(hand), rules)
    assert Position.parse(str(pos)) == pos


@given(st.integers(0, 2**32 - 1), every_rule_set)
def test_a_legally_played_deal_holds_152_card_points_and_the_right_winners(
    seed: int, rules: RuleSet
) -> None:
    records: list[PositionRecord] = []
    deal = random_playout(random.Random(seed), rules, positions=records)
    assert all(record.hand & (1 << card) == 0 for record in records for card in record.trick)
    tricks = [(leader, [DECK[i] for i in cards]) for leader, cards in deal.tricks]
    trump = Suit(deal.trump)
    assert sum(trick_points(cards, trump) for _, cards in tricks) == 152
    score = score_deal(tricks, trump, deal.choosers, rules)
    assert sum(score.card_points) == 162 and deal.score() == score
    for number, (leader, cards) in enumerate(tricks):
        winner = trick_winner(cards, trump)
        assert winner == reference_winner(cards, trump)
        trumps = [c for c in cards if c.suit is trump]
        if trumps:
            assert cards[winner] == max(trumps, key=trump_strength)
        else:
            assert cards[winner].suit is cards[0].suit
        assert deal.winners[number] == (leader + winner) % 4
    if not rules.stuk_from_hand and not rules.four_low_100:
        assert score.points == reference_score(tricks, trump, deal.choosers)
