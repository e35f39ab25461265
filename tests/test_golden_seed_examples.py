"""The seeds' worked examples (RULES.md, "Worked examples from the seeds"), as golden tests."""

from __future__ import annotations

from klaverjas_core import (
    RuleId,
    check_card,
    format_cards,
    legal_cards,
    parse_cards,
    roem_items,
    score_summary,
    trick_points,
    trick_roem,
    trick_winner,
)


class TestSeed000HeartsTrump:
    """A leads A♣, B plays 7♣; C (A's partner) is void in clubs with Q♥ and 7♦."""

    def test_partner_winning_so_c_may_discard_7_diamonds_and_keep_q_hearts(self) -> None:
        result = legal_cards(parse_cards("Q♥ 7♦"), parse_cards("A♣ 7♣"), "♥")
        assert format_cards(result) == "Q♥ 7♦"
        assert check_card("7♦", "Q♥ 7♦", "A♣ 7♣", "♥").rule is RuleId.PLAY_PARTNER_WINNING

    def test_a_takes_the_trick_with_15_points(self) -> None:
        trick = parse_cards("A♣ 7♣ 7♦ K♣")
        assert trick_winner(trick, "♥") == 0
        assert trick_points(trick, "♥") == 11 + 0 + 0 + 4 == 15

    def test_had_b_trumped_with_8_hearts_c_must_overtrump_with_q_hearts(self) -> None:
        result = legal_cards(parse_cards("Q♥ 7♦"), parse_cards("A♣ 8♥"), "♥")
        assert format_cards(result) == "Q♥"
        assert result.rule is RuleId.PLAY_MUST_OVERTRUMP


class TestSeed000Scoring:
    def test_82_against_80_plus_20_roem_is_nat(self) -> None:
        score = score_summary(card_points=(82, 80), roem=(0, 20), choosers=0)
        assert score.totals == (82, 100)
        assert score.nat
        assert score.points == (0, 182)

    def test_card_points_alone_would_wrongly_give_the_choosers_the_deal(self) -> None:
        assert not score_summary(card_points=(82, 80), roem=(0, 0), choosers=0).nat


class TestSeed001SpadesTrump:
    """Player 2 leads A♦, 3 plays 7♦, 4 (partner of 2) feeds 10♣, 1 plays K♦."""

    def test_player_4_may_keep_trumps_and_feed_10_clubs(self) -> None:
        verdict = check_card("10♣", "10♣ 7♠ 8♠", "A♦ 7♦", "♠")
        assert verdict.legal
        assert verdict.rule is RuleId.PLAY_PARTNER_WINNING

    def test_player_2_takes_25(self) -> None:
        trick = parse_cards("A♦ 7♦ 10♣ K♦")
        assert trick_winner(trick, "♠") == 0
        assert trick_points(trick, "♠") == 11 + 0 + 10 + 4 == 25

    def test_player_1_must_play_his_only_trump_9_spades(self) -> None:
        result = legal_cards(parse_cards("9♠ A♥ K♣"), parse_cards("J♠ 7♠ 8♠"), "♠")
        assert format_cards(result) == "9♠"

    def test_j_7_8_9_spades_is_34_points_and_a_run_of_three(self) -> None:
        trick = parse_cards("J♠ 7♠ 8♠ 9♠")
        assert trick_winner(trick, "♠") == 0
        assert trick_points(trick, "♠") == 20 + 0 + 0 + 14 == 34
        assert trick_roem(trick, "♠") == 20
        (item,) = roem_items(trick, "♠")
        assert item.rule is RuleId.ROEM_RUN_OF_THREE
        assert format_cards(item.cards) == "7♠ 8♠ 9♠"
