"""Winning a trick, card points and roem, item by item."""

from __future__ import annotations

import pytest

from klaverjas_core import (
    AMSTERDAM,
    ImpossiblePositionError,
    RuleId,
    format_cards,
    judge_trick,
    parse_cards,
    roem_items,
    trick_points,
    trick_roem,
    trick_winner,
)


def test_trick_trump_wins_the_highest_trump_wins() -> None:
    assert trick_winner(parse_cards("A♣ 7♥ J♥ K♣"), "♥") == 2
    assert trick_winner(parse_cards("A♥ 9♥ J♥ 10♥"), "♥") == 2  # J above 9 above A


def test_trick_trump_wins_trump_jack_beats_trump_ace() -> None:
    assert trick_winner(parse_cards("A♦ J♦"), "♦") == 1


def test_trick_suit_led_wins_plain_ace_beats_plain_jack() -> None:
    assert trick_winner(parse_cards("J♣ A♣"), "♥") == 1


def test_trick_suit_led_wins_another_plain_suit_never_wins() -> None:
    assert trick_winner(parse_cards("7♣ A♦ A♠ 8♣"), "♥") == 3


def test_trick_winner_of_a_partial_trick() -> None:
    assert trick_winner(parse_cards("K♣"), "♥") == 0


def test_points_cards_for_trumps_and_plain() -> None:
    assert trick_points(parse_cards("J♥ 9♥ A♥ 10♥"), "♥") == 20 + 14 + 11 + 10
    assert trick_points(parse_cards("J♣ 9♣ A♣ 10♣"), "♥") == 2 + 0 + 11 + 10


def items(trick: str, trump: str, rules: object = AMSTERDAM) -> list[tuple[str, int, str]]:
    return [
        (item.rule.value, item.points, format_cards(item.cards))
        for item in roem_items(parse_cards(trick), trump, rules)  # type: ignore[arg-type]
    ]


def test_roem_run_of_three_in_natural_order() -> None:
    assert items("9♣ 10♣ J♣ 7♦", "♥") == [("roem.run-of-three", 20, "9♣ 10♣ J♣")]


def test_roem_run_of_four() -> None:
    assert items("10♦ J♦ Q♦ K♦", "♥") == [("roem.run-of-four", 50, "10♦ J♦ Q♦ K♦")]


def test_roem_runs_do_not_wrap_around() -> None:
    assert items("K♣ A♣ 7♣ 10♦", "♥") == []


def test_roem_run_uses_natural_order_also_in_trumps() -> None:
    # J 9 are neighbours in trump order but not in natural order: no run.
    assert items("J♥ 9♥ A♥ 7♣", "♥") == []
    assert items("9♥ 10♥ J♥ 7♣", "♥") == [("roem.run-of-three", 20, "9♥ 10♥ J♥")]


def test_roem_needs_one_suit() -> None:
    assert items("7♣ 8♦ 9♣ 10♠", "♥") == []


def test_roem_stuk() -> None:
    assert items("K♥ Q♥ 7♣ 9♦", "♥") == [("roem.stuk", 20, "Q♥ K♥")]


def test_roem_stuk_only_in_trumps() -> None:
    assert items("K♣ Q♣ 7♦ 9♦", "♥") == []


def test_roem_stuk_on_top_of_runs_makes_40_and_70() -> None:
    assert trick_roem(parse_cards("J♥ Q♥ K♥ 7♣"), "♥") == 40
    assert trick_roem(parse_cards("J♥ Q♥ K♥ A♥"), "♥") == 70


@pytest.mark.parametrize(
    ("rank", "points"),
    [("J", 200), ("A", 100), ("K", 100), ("Q", 100), ("10", 100), ("9", 0), ("8", 0), ("7", 0)],
)
def test_roem_four_of_a_kind(rank: str, points: int) -> None:
    trick = parse_cards(f"{rank}♣ {rank}♦ {rank}♥ {rank}♠")
    assert trick_roem(trick, "♥") == points
    (item,) = roem_items(trick, "♥")
    assert item.rule is RuleId.ROEM_FOUR_OF_A_KIND and item.points == points


def test_roem_four_of_a_kind_low_ranks_with_variant_four_low_100() -> None:
    assert trick_roem(parse_cards("9♣ 9♦ 9♥ 9♠"), "♥", "amsterdam+four_low_100") == 100
    assert trick_roem(parse_cards("J♣ J♦ J♥ J♠"), "♥", "amsterdam+four_low_100") == 200


def test_roem_stuk_is_not_trick_roem_with_variant_stuk_from_hand() -> None:
    assert trick_roem(parse_cards("K♥ Q♥ 7♣ 9♦"), "♥", "amsterdam+stuk_from_hand") == 0


def test_roem_items_name_the_cards() -> None:
    (item,) = roem_items(parse_cards("J♠ 7♠ 8♠ 9♠"), "♠")
    assert (item.rule, item.points, format_cards(item.cards)) == (
        RuleId.ROEM_RUN_OF_THREE, 20, "7♠ 8♠ 9♠",
    )  # fmt: skip


@pytest.mark.parametrize("bad", ["", "A♣ 7♣ 8♣ 9♣ 10♣", "A♣ A♣"])
def test_bad_tricks_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        trick_winner(bad, "♥")


def test_trick_of_five_says_so() -> None:
    with pytest.raises(ImpossiblePositionError, match="at most 4 cards"):
        trick_points(parse_cards("A♣ 7♣ 8♣ 9♣ 10♣"), "♥")


def test_judge_trick_names_the_winning_rule_points_and_roem() -> None:
    judged = judge_trick("J♠ 7♠ 8♠ 9♠", "♠")
    assert judged.rule is RuleId.TRICK_TRUMP_WINS
    assert str(judged.winning_card) == "J♠"
    assert (judged.points, judged.roem_points) == (34, 20)
    assert [format_cards(item.cards) for item in judged.roem] == ["7♠ 8♠ 9♠"]
    plain = judge_trick("7♣ A♦ A♠ 8♣", "♥")
    assert plain.rule is RuleId.TRICK_SUIT_LED_WINS and str(plain.winning_card) == "8♣"
