"""What the table stores for roem (RULES.md, Roem): a right claim, a wrong claim (on a trick
with roem, and on one without: filed under the roem the claim names, never under "roem must
be declared"), roem left undeclared, and a trick of four 7s, worth 0 without `four_low_100`,
that asks for no declaration at all. Each trick is laid down card by card on chosen hands,
so the test knows what the trick holds."""

from __future__ import annotations

import pytest

from klaverjas_core import AMSTERDAM, Deal, RuleId, RuleSet, Seat, parse_cards
from klaverjas_questions import question_kind
from klaverjas_table import LEARNER, TableGame, TableStep

#: South holds every club and names clubs; the others hold one suit each.
ONE_SUIT_EACH = {
    Seat.SOUTH: "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
    Seat.WEST: "7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦",
    Seat.NORTH: "7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
    Seat.EAST: "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
}
FOUR_SEVENS = "7♣ 7♦ 7♥ 7♠"  # South leads the trump 7, the others (void in trumps) throw 7s
NO_ROEM = "7♣ 8♦ 10♥ 9♠"  # four suits: no run, no stuk, no four of a kind
BESIDE_A_KING = "K♣ 8♦ Q♥ 9♠"  # the trump king, and a queen of another suit: no stuk
#: West and North each hold one club, below South's 9♣: they must follow with it.
WITH_A_RUN = {
    Seat.SOUTH: "9♣ 10♣ J♣ Q♣ K♣ A♣ 7♥ 8♥",
    Seat.WEST: "7♣ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦",
    Seat.NORTH: "8♣ A♦ 9♥ 10♥ J♥ Q♥ K♥ A♥",
    Seat.EAST: ONE_SUIT_EACH[Seat.EAST],
}
RUN_OF_THREE = "9♣ 7♣ 8♣ 7♠"  # 7-8-9♣: 20 roem


def trick_on_the_table(
    cards: str, rules: RuleSet = AMSTERDAM, hands: dict[Seat, str] = ONE_SUIT_EACH
) -> TableGame:
    """A game whose first trick, taken by South's trump, is `cards` (South, West, North, East),
    waiting to be turned. East deals, so South is the first hand: names clubs and leads."""
    game = TableGame(seed=1, rules=rules, mode="coach")
    game._deal = Deal([tuple(parse_cards(hands[seat])) for seat in Seat], Seat.EAST, game.rules)
    game._apply_call("♣")
    for card in parse_cards(cards):
        game._play(card)  # each is legal, or the core's Deal refuses it
    assert game.phase == "trick" and game.can_declare()
    assert game.trick_winner(0) is LEARNER
    return game


def roem_steps(game: TableGame) -> list[TableStep]:
    return [step for step in game.steps() if step.question == "count-trick"]


ROEM_KINDS = {
    RuleId.ROEM_RUN_OF_THREE, RuleId.ROEM_RUN_OF_FOUR, RuleId.ROEM_STUK,
    RuleId.ROEM_FOUR_OF_A_KIND,
}  # fmt: skip


def test_four_sevens_worth_nothing_ask_for_no_declaration() -> None:
    game = trick_on_the_table(FOUR_SEVENS)
    step = game.turn_trick().missed_roem
    assert step is None and roem_steps(game) == []


def test_four_sevens_worth_100_under_four_low_100_left_undeclared_are_a_mistake() -> None:
    game = trick_on_the_table(FOUR_SEVENS, AMSTERDAM.with_variants(four_low_100=True))
    step = game.turn_trick().missed_roem
    assert step is not None and not step.correct and step.rule is RuleId.ROEM_DECLARE
    assert roem_steps(game) == [step]


def test_a_claim_on_four_sevens_is_filed_under_four_of_a_kind() -> None:
    game = trick_on_the_table(FOUR_SEVENS)
    outcome = game.declare_roem(100)
    assert not outcome.step.correct and outcome.roem == 0 and outcome.items
    assert outcome.step.rule is RuleId.ROEM_FOUR_OF_A_KIND


@pytest.mark.parametrize(
    ("amount", "rule"),
    [
        (20, RuleId.ROEM_RUN_OF_THREE),
        (40, RuleId.ROEM_RUN_OF_THREE),
        (50, RuleId.ROEM_RUN_OF_FOUR),
        (70, RuleId.ROEM_RUN_OF_FOUR),
        (100, RuleId.ROEM_FOUR_OF_A_KIND),
        (200, RuleId.ROEM_FOUR_OF_A_KIND),
    ],
)
def test_a_claim_on_a_trick_without_roem_is_filed_under_the_roem_it_names(
    amount: int, rule: RuleId
) -> None:
    game = trick_on_the_table(NO_ROEM)
    outcome = game.declare_roem(amount)
    step = outcome.step
    assert not step.correct and outcome.roem == 0 and not outcome.items
    assert step.rule is rule  # not roem.declare: the claim was made, the count was wrong
    assert set(step.tags) >= ROEM_KINDS  # "no roem here" answers a question about every kind
    kind = question_kind("count-trick")
    grade = kind.grade(game.roem_question(0), game.rules, kind.read_answer(step.reply))
    assert not grade.correct and grade.mistakes[0].given == amount
    step_after = game.turn_trick().missed_roem
    assert step_after is None and roem_steps(game) == [step]  # turning adds no second mistake


def test_twenty_claimed_beside_the_trump_king_is_filed_under_stuk() -> None:
    outcome = trick_on_the_table(BESIDE_A_KING).declare_roem(20)
    assert not outcome.step.correct and outcome.step.rule is RuleId.ROEM_STUK


@pytest.mark.parametrize("claimed", [20, 40])
def test_a_claim_on_a_run_is_filed_under_the_run(claimed: int) -> None:
    game = trick_on_the_table(RUN_OF_THREE, hands=WITH_A_RUN)
    outcome = game.declare_roem(claimed)
    assert outcome.roem == 20 and [item.rule for item in outcome.items] == [
        RuleId.ROEM_RUN_OF_THREE
    ]
    assert outcome.step.correct is (claimed == 20)
    assert outcome.step.rule is RuleId.ROEM_RUN_OF_THREE


def test_a_run_left_undeclared_is_filed_under_roem_must_be_declared() -> None:
    game = trick_on_the_table(RUN_OF_THREE, hands=WITH_A_RUN)
    step = game.turn_trick().missed_roem
    assert step is not None and not step.correct and step.rule is RuleId.ROEM_DECLARE
    assert RuleId.ROEM_RUN_OF_THREE in step.tags
