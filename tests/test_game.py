"""The flow of a deal: dealing 3-2-3, choosing trumps, leading, playing, refereeing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from klaverjas_core import (
    AMSTERDAM,
    DECK,
    Deal,
    GameFlowError,
    IllegalPlayError,
    ImpossiblePositionError,
    Revoke,
    RuleId,
    Seat,
    Suit,
    TrumpChoice,
    deal_hands,
    next_dealer,
    score_record,
    trick_winner,
)
from klaverjas_core.cards import Card


def test_deal_pairs_partners_sit_opposite() -> None:
    assert [seat.partner for seat in Seat] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert {seat.pair for seat in (Seat.NORTH, Seat.SOUTH)} == {0}
    assert {seat.pair for seat in (Seat.EAST, Seat.WEST)} == {1}


def test_deal_packets_three_two_three_starting_left_of_the_dealer() -> None:
    rng = random.Random(42)
    hands = deal_hands(rng, Seat.WEST)
    deck = list(DECK)
    random.Random(42).shuffle(deck)
    # West deals: North is first hand and gets cards 0-2, then East 3-5, South 6-8, West 9-11,
    # then packets of two from card 12, then packets of three from card 20.
    assert hands[Seat.NORTH][:3] == tuple(deck[0:3])
    assert hands[Seat.WEST][:3] == tuple(deck[9:12])
    assert hands[Seat.NORTH][3:5] == tuple(deck[12:14])
    assert hands[Seat.EAST][5:] == tuple(deck[23:26])
    assert sorted(card for hand in hands for card in hand) == sorted(DECK)
    assert all(len(hand) == 8 for hand in hands)


def test_deal_is_reproducible_from_a_seed() -> None:
    assert deal_hands(random.Random(9), Seat.NORTH) == deal_hands(random.Random(9), Seat.NORTH)
    assert deal_hands(random.Random(9), Seat.NORTH) != deal_hands(random.Random(10), Seat.NORTH)


def test_deal_dealer_rotates_to_the_left() -> None:
    assert [next_dealer(seat) for seat in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]


def test_trump_free_choice_first_to_name_a_suit_fixes_trumps() -> None:
    choice = TrumpChoice(dealer=Seat.NORTH)
    assert choice.to_speak is Seat.EAST and choice.rule is RuleId.TRUMP_FREE_CHOICE
    choice.pass_()
    choice.pass_()
    assert choice.to_speak is Seat.WEST
    choice.name("♦")
    assert (choice.trump, choice.chooser, choice.done) == (Suit.DIAMONDS, Seat.WEST, True)
    with pytest.raises(GameFlowError, match="already chosen"):
        choice.pass_()


def test_trump_forced_first_hand_after_four_passes() -> None:
    choice = TrumpChoice(dealer=Seat.SOUTH)
    for _ in range(4):
        choice.pass_()
    assert choice.to_speak is Seat.WEST and choice.must_name
    assert choice.rule is RuleId.TRUMP_FORCED_FIRST_HAND
    with pytest.raises(GameFlowError, match="may not pass"):
        choice.pass_()
    choice.name("C")
    assert choice.chooser is Seat.WEST


def test_trump_compulsory_first_hand_names_at_once() -> None:
    deal = Deal.shuffled(random.Random(1), Seat.EAST, "amsterdam+compulsory")
    assert deal.choice.must_name and deal.choice.rule is RuleId.TRUMP_COMPULSORY
    with pytest.raises(GameFlowError, match="may not pass"):
        deal.pass_trumps()
    deal.name_trumps("♠")
    assert deal.choosers == Seat.SOUTH.pair


def test_trump_first_hand_leads_whoever_chose() -> None:
    deal = Deal.shuffled(random.Random(2), Seat.NORTH)
    deal.pass_trumps()
    deal.pass_trumps()
    deal.name_trumps("♥")  # West chooses
    assert deal.choosers == 1
    assert deal.to_move is Seat.EAST


def test_no_card_before_trumps() -> None:
    deal = Deal.shuffled(random.Random(2), Seat.NORTH)
    with pytest.raises(GameFlowError, match="while the deal is choosing"):
        deal.legal_cards()


def play_randomly(deal: Deal, rng: random.Random) -> None:
    while deal.phase == "playing":
        deal.play(rng.choice(list(deal.legal_cards())))


def test_trick_winner_leads_and_a_deal_has_eight_tricks() -> None:
    rng = random.Random(3)
    deal = Deal.shuffled(rng, Seat.NORTH)
    deal.name_trumps("♣")
    play_randomly(deal, rng)
    assert deal.phase == "finished" and len(deal.tricks) == 8
    for (leader, cards), (next_leader, _) in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert next_leader == (leader + trick_winner(cards, "♣")) % 4
    score = deal.score()
    assert sum(score.card_points) == 162


def first_illegal_move(deal: Deal) -> Card | None:
    legal = deal.legal_cards()
    return next((c for c in deal.hand(deal.to_move) if c not in legal), None)


def deal_with_a_possible_revoke(referee: bool) -> tuple[Deal, Card]:
    rng = random.Random(4)
    while True:
        deal = Deal.shuffled(rng, Seat.NORTH, referee=referee)
        deal.name_trumps("♥")
        while deal.phase == "playing":
            bad = first_illegal_move(deal)
            if bad is not None:
                return deal, bad
            deal.play(rng.choice(list(deal.legal_cards())))


def test_a_strict_game_refuses_an_illegal_card_with_the_verdict() -> None:
    deal, bad = deal_with_a_possible_revoke(referee=False)
    hand_before = deal.hand(deal.to_move)
    with pytest.raises(IllegalPlayError) as refused:
        deal.play(bad)
    assert refused.value.verdict.card is bad and not refused.value.verdict.legal
    assert str(bad) in str(refused.value)
    assert deal.hand(deal.to_move) == hand_before  # nothing changed


def test_play_revoke_a_referee_records_the_verzaking_and_the_pair_loses() -> None:
    deal, bad = deal_with_a_possible_revoke(referee=True)
    seat = deal.to_move
    verdict = deal.play(bad)
    assert not verdict.legal
    assert [(r.seat, r.card) for r in deal.revokes] == [(seat, bad)]
    play_randomly(deal, random.Random(0))
    score = deal.score()
    assert score.revoked_by == seat.pair
    assert score.points[seat.pair] == 0
    assert score.points[1 - seat.pair] == 162 + sum(score.roem)


def test_card_not_in_hand_is_refused_even_by_a_referee() -> None:
    deal = Deal.shuffled(random.Random(5), Seat.NORTH, referee=True)
    deal.name_trumps("♥")
    other = deal.hand(deal.to_move.left)[0]
    with pytest.raises(ImpossiblePositionError, match="is not in the hand"):
        deal.play(other)


def test_score_before_the_end_is_refused() -> None:
    deal = Deal.shuffled(random.Random(5), Seat.NORTH)
    deal.name_trumps("♥")
    with pytest.raises(GameFlowError, match="0 of 8 tricks"):
        deal.score()


def test_bad_hands_are_refused() -> None:
    hands = [list(DECK[i * 8 : i * 8 + 8]) for i in range(4)]
    hands[1][0] = hands[0][0]
    with pytest.raises(ValueError, match="dealt twice"):
        Deal(hands, Seat.NORTH)
    with pytest.raises(ImpossiblePositionError, match="must hold 8 cards"):
        Deal([list(DECK[i * 8 : i * 8 + 7]) for i in range(4)], Seat.NORTH)


def test_play_revoke_records_the_player_and_the_broken_rule() -> None:
    deal, bad = deal_with_a_possible_revoke(referee=True)
    seat = deal.to_move
    deal.play(bad)
    (revoke,) = deal.revokes
    assert (revoke.card, revoke.seat, revoke.trick) == (bad, seat, len(deal.tricks))
    assert not revoke.verdict.legal and revoke.verdict.rule.topic == "play"


def deal_with_two_revokes() -> Deal:
    """A referee deal in which a player revokes at the first chance, then a player of the
    other pair at its first chance after; the rest is played at random."""
    rng = random.Random(6)
    while True:
        deal = Deal.shuffled(rng, Seat.NORTH, referee=True)
        deal.name_trumps("♥")
        while deal.phase == "playing":
            bad = first_illegal_move(deal)
            pairs = [revoke.seat.pair for revoke in deal.revokes]
            if bad is not None and pairs in ([], [1 - deal.to_move.pair]):
                deal.play(bad)
            else:
                deal.play(rng.choice(list(deal.legal_cards())))
        if len(deal.revokes) == 2:
            return deal


def test_score_revoke_only_the_first_revoke_called_counts() -> None:
    # RULES.md: only the first revoke of a deal counts; at a table, only a revoke called.
    deal = deal_with_two_revokes()
    first, second = deal.revokes
    assert first.seat.pair != second.seat.pair
    assert deal.score().revoked_by == first.seat.pair  # by default every revoke is called
    both = {(first.seat, first.trick), (second.seat, second.trick)}
    assert deal.score(called=both).revoked_by == first.seat.pair
    assert deal.score(called=[(second.seat, second.trick)]).revoked_by == second.seat.pair
    assert deal.record(called=[(second.seat, second.trick)]).revoke == second
    assert deal.score(called=[]).revoked_by is None  # nobody called: no revoke counts
    # A call on a card that was no revoke changes nothing.
    assert deal.score(called=[(first.seat, (first.trick + 1) % 8)]).revoked_by is None


def test_a_deal_record_names_a_revoke_or_a_call_that_cannot_be() -> None:
    deal = deal_with_two_revokes()
    first, _ = deal.revokes
    elsewhere = Revoke(first.trick, first.seat.left, first.verdict)
    record = dataclasses.replace(deal.record(), revokes=(elsewhere,))
    with pytest.raises(ImpossiblePositionError, match=f"did not play {first.card} in trick"):
        score_record(record, AMSTERDAM)
    swapped = dataclasses.replace(deal.record(), revokes=deal.revokes[::-1])
    with pytest.raises(ImpossiblePositionError, match="not in play order"):
        score_record(swapped, AMSTERDAM)
    with pytest.raises(ImpossiblePositionError, match="a call is a seat 0-3 and a trick 0-7"):
        deal.score(called=[(Seat.NORTH, 8)])
