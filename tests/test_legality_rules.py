"""One test per branch of "Which card may I play?" (RULES.md), named after its rule id,
for Amsterdam and, where the branch exists there, Rotterdam.

Positions are written in the core's notation: the trick in play order, leader first; the
player to move plays next, so their partner played the card two before them.
"""

from __future__ import annotations

import pytest

from klaverjas_core import (
    AMSTERDAM,
    ROTTERDAM,
    Position,
    RuleId,
    RuleSet,
    check_card,
    format_cards,
    legal_cards,
    parse_cards,
)

BOTH = pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=["amsterdam", "rotterdam"])


def judge(text: str, rules: RuleSet) -> tuple[str, tuple[str, ...]]:
    result = Position.parse(f"{text} rules={rules.name}").legal_cards()
    return format_cards(result), tuple(rule.value for rule in result.rules)


@BOTH
def test_play_lead_any(rules: RuleSet) -> None:
    assert judge("trump=♥ hand=A♣,7♦,J♥", rules) == ("A♣ 7♦ J♥", ("play.lead-any",))


@BOTH
def test_play_follow_suit(rules: RuleSet) -> None:
    # Holding clubs you must play one, any one: there is no duty to beat a plain lead.
    legal, rule_ids = judge("trump=♥ trick=K♣ hand=7♣,A♣,J♥,10♦", rules)
    assert legal == "7♣ A♣"
    assert rule_ids == ("play.follow-suit",)


@BOTH
def test_play_follow_suit_even_when_partner_winning(rules: RuleSet) -> None:
    legal, _ = judge("trump=♥ trick=A♣,7♣ hand=8♣,J♥", rules)
    assert legal == "8♣"


@BOTH
def test_play_follow_suit_even_when_the_trick_is_trumped(rules: RuleSet) -> None:
    legal, _ = judge("trump=♥ trick=A♣,8♥ hand=8♣,J♥", rules)
    assert legal == "8♣"


@BOTH
def test_play_trump_led_overtrump_even_over_partner(rules: RuleSet) -> None:
    # Partner led 10♥ and wins; still I must beat it: J 9 A rank above 10 in trumps.
    legal, rule_ids = judge("trump=♥ trick=10♥,7♥ hand=J♥,9♥,A♥,K♥,8♥,7♣", rules)
    assert legal == "J♥ 9♥ A♥"
    assert rule_ids == ("play.trump-led-overtrump", "play.follow-suit")


@BOTH
def test_play_trump_led_any_trump_when_none_beats(rules: RuleSet) -> None:
    legal, rule_ids = judge("trump=♠ trick=J♠ hand=8♠,A♠,K♦", rules)
    assert legal == "8♠ A♠"
    assert rule_ids == ("play.trump-led-any-trump", "play.follow-suit")


@BOTH
def test_play_void_no_trumps_trumps_led(rules: RuleSet) -> None:
    legal, rule_ids = judge("trump=♠ trick=J♠ hand=8♦,A♥", rules)
    assert (legal, rule_ids) == ("8♦ A♥", ("play.void-no-trumps",))


@BOTH
def test_play_void_no_trumps_plain_led(rules: RuleSet) -> None:
    legal, rule_ids = judge("trump=♠ trick=A♣,K♣ hand=8♦,A♥", rules)
    assert (legal, rule_ids) == ("8♦ A♥", ("play.void-no-trumps",))


@BOTH
def test_play_must_trump_when_opponent_wins(rules: RuleSet) -> None:
    legal, rule_ids = judge("trump=♥ trick=A♣ hand=7♥,Q♥,7♦", rules)
    assert (legal, rule_ids) == ("7♥ Q♥", ("play.must-trump",))


@BOTH
def test_play_must_overtrump_when_opponent_trumped(rules: RuleSet) -> None:
    # Seed 000: had B trumped with 8♥, C must overtrump with Q♥.
    legal, rule_ids = judge("trump=♥ trick=A♣,8♥ hand=Q♥,7♦", rules)
    assert (legal, rule_ids) == ("Q♥", ("play.must-overtrump",))


def test_play_no_undertrump_discard_instead() -> None:
    legal, rule_ids = judge("trump=♥ trick=A♣,9♥ hand=Q♥,7♦,8♠", AMSTERDAM)
    assert (legal, rule_ids) == ("7♦ 8♠", ("play.no-undertrump",))


def test_play_only_lower_trumps_against_opponent() -> None:
    legal, rule_ids = judge("trump=♥ trick=A♣,9♥ hand=Q♥,7♥", AMSTERDAM)
    assert (legal, rule_ids) == ("Q♥ 7♥", ("play.only-lower-trumps",))


def test_play_only_lower_trumps_over_partner() -> None:
    # Fourth hand: partner (second) trumped with J♥ and wins; my hand is only lower trumps.
    legal, rule_ids = judge("trump=♥ trick=A♣,J♥,8♣ hand=Q♥,7♥", AMSTERDAM)
    assert (legal, rule_ids) == ("Q♥ 7♥", ("play.only-lower-trumps",))


def test_play_partner_winning_plain_card_frees_every_card() -> None:
    # Seed 000: A leads A♣, B plays 7♣; C (A's partner) may keep Q♥ and discard 7♦.
    legal, rule_ids = judge("trump=♥ trick=A♣,7♣ hand=Q♥,7♦", AMSTERDAM)
    assert (legal, rule_ids) == ("Q♥ 7♦", ("play.partner-winning",))


def test_play_partner_winning_with_trump_no_undertrump() -> None:
    # Partner (second hand) trumped with 9♥; I may discard or overtrump with J♥, not play 8♥.
    legal, rule_ids = judge("trump=♥ trick=A♣,9♥,7♣ hand=J♥,8♥,10♦", AMSTERDAM)
    assert legal == "J♥ 10♦"
    assert rule_ids == ("play.partner-winning", "play.no-undertrump")


def test_play_partner_winning_only_when_partner_holds_the_best_card() -> None:
    # Partner led A♣ but the opponent trumped: the exemption does not apply.
    legal, rule_ids = judge("trump=♥ trick=A♣,7♥ hand=K♥,7♦", AMSTERDAM)
    assert (legal, rule_ids) == ("K♥", ("play.must-overtrump",))


def test_play_must_trump_rotterdam_even_when_partner_wins() -> None:
    legal, rule_ids = judge("trump=♥ trick=A♣,7♣ hand=Q♥,7♦", ROTTERDAM)
    assert (legal, rule_ids) == ("Q♥", ("play.must-trump",))


def test_play_must_overtrump_rotterdam_even_over_partner() -> None:
    legal, rule_ids = judge("trump=♥ trick=A♣,9♥,7♣ hand=J♥,8♥,10♦", ROTTERDAM)
    assert (legal, rule_ids) == ("J♥", ("play.must-overtrump",))


def test_play_must_undertrump_rotterdam() -> None:
    legal, rule_ids = judge("trump=♥ trick=A♣,9♥ hand=Q♥,7♦,8♠", ROTTERDAM)
    assert (legal, rule_ids) == ("Q♥", ("play.must-undertrump",))


def test_rotterdam_partner_exemption_removed_narrows_the_choice() -> None:
    amsterdam, _ = judge("trump=♥ trick=A♣,7♣ hand=Q♥,7♦", AMSTERDAM)
    rotterdam, _ = judge("trump=♥ trick=A♣,7♣ hand=Q♥,7♦", ROTTERDAM)
    assert set(rotterdam.split()) < set(amsterdam.split())


def test_rotterdam_forced_undertrump_is_the_opposite_of_no_undertrump() -> None:
    amsterdam, _ = judge("trump=♥ trick=A♣,9♥ hand=Q♥,7♦,8♠", AMSTERDAM)
    rotterdam, _ = judge("trump=♥ trick=A♣,9♥ hand=Q♥,7♦,8♠", ROTTERDAM)
    assert set(rotterdam.split()).isdisjoint(amsterdam.split())


class TestVerdicts:
    def test_verdict_names_the_trump_to_beat_and_the_card_that_beats_it(self) -> None:
        verdict = check_card("7♦", "Q♥ 7♦", "A♣ 8♥", "♥")
        assert not verdict.legal
        assert verdict.rule is RuleId.PLAY_MUST_OVERTRUMP
        assert str(verdict.highest_trump) == "8♥"
        assert format_cards(verdict.beaters) == "Q♥"
        assert format_cards(verdict.allowed) == "Q♥"

    def test_verdict_for_a_discard_over_a_winning_partner(self) -> None:
        verdict = check_card("7♦", "Q♥ 7♦", "A♣ 7♣", "♥")
        assert verdict.legal and verdict.partner_winning
        assert verdict.rule is RuleId.PLAY_PARTNER_WINNING
        assert str(verdict.winning) == "A♣"

    def test_verdict_for_undertrumping_over_partner_names_no_undertrump(self) -> None:
        verdict = check_card("8♥", "J♥ 8♥ 10♦", "A♣ 9♥ 7♣", "♥")
        assert not verdict.legal
        assert verdict.rule is RuleId.PLAY_NO_UNDERTRUMP

    def test_verdict_for_a_non_trump_when_trumps_are_led(self) -> None:
        verdict = check_card("K♦", "8♠ K♦", "J♠", "♠")
        assert not verdict.legal
        assert verdict.rule is RuleId.PLAY_FOLLOW_SUIT
        assert str(verdict.led) == "J♠" and format_cards(verdict.allowed) == "8♠"

    def test_every_card_gets_the_same_answer_from_both_calls(self) -> None:
        hand = parse_cards("J♥ 8♥ 10♦ 7♣ A♠")
        trick = parse_cards("A♦ 9♥ 7♦")
        result = legal_cards(hand, trick, "♥")
        for card in hand:
            assert check_card(card, hand, trick, "♥").legal == (card in result)


class TestBadInput:
    def test_card_not_in_hand(self) -> None:
        with pytest.raises(ValueError, match="7♠ is not in the hand"):
            check_card("7♠", "Q♥ 7♦", "A♣", "♥")

    def test_complete_trick(self) -> None:
        with pytest.raises(ValueError, match="is complete"):
            legal_cards("Q♥", "A♣ 7♣ 8♣ 9♣", "♥")

    def test_empty_hand(self) -> None:
        with pytest.raises(ValueError, match="hand is empty"):
            legal_cards("", "A♣", "♥")

    def test_card_in_hand_and_trick(self) -> None:
        with pytest.raises(ValueError, match="A♣ appears twice in the hand and trick"):
            legal_cards("A♣ 7♦", "A♣", "♥")

    def test_unknown_rules(self) -> None:
        with pytest.raises(ValueError, match="`utrecht` is not a rule set"):
            legal_cards("A♣", "", "♥", rules="utrecht")

    def test_bad_trump(self) -> None:
        with pytest.raises(ValueError, match="`X` is not a suit"):
            legal_cards("A♣", "", "X")
