"""Scoring a deal and a match: card points, last trick, declared roem, pit, nat, revoke."""

from __future__ import annotations

import random

import pytest

from klaverjas_core import (
    AMSTERDAM,
    DECK,
    DealRecord,
    DealTotals,
    GameFlowError,
    ImpossiblePositionError,
    Match,
    Misbelief,
    RuleId,
    Suit,
    parse_cards,
    random_playout,
    score_deal,
    score_record,
    score_summary,
    score_totals,
    trick_winner,
)
from klaverjas_core.cards import Card

from .reference_rules import reference_score

HEARTS_IN_TRUMP_ORDER = parse_cards("J♥ 9♥ A♥ 10♥ K♥ Q♥ 8♥ 7♥")
CLUBS = parse_cards("7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")
DIAMONDS = parse_cards("7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦")
SPADES = parse_cards("7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")


def chain(first_leader: int, tricks: list[list[Card]], trump: str) -> list[tuple[int, list[Card]]]:
    """Give each trick its leader: the winner of the previous one."""
    result = []
    leader = first_leader
    for cards in tricks:
        result.append((leader, cards))
        leader = (leader + trick_winner(cards, trump)) % 4
    return result


def north_takes_everything() -> list[tuple[int, list[Card]]]:
    """Hearts trump; North leads a heart every trick, nobody else has one. No roem anywhere."""
    tricks = [
        [HEARTS_IN_TRUMP_ORDER[i], CLUBS[i], DIAMONDS[(i + 2) % 8], SPADES[(i + 4) % 8]]
        for i in range(8)
    ]
    return chain(0, tricks, "♥")


def test_score_pit_adds_100_for_all_eight_tricks() -> None:
    score = score_deal(north_takes_everything(), "♥", choosers=0)
    assert score.tricks_won == (8, 0)
    assert score.card_points == (162, 0)
    assert score.roem == (0, 0)
    assert score.points == (262, 0)
    assert not score.nat
    assert [item.rule for item in score.ledger].count(RuleId.SCORE_PIT) == 1


def test_score_nat_defenders_with_pit_write_162_plus_100() -> None:
    score = score_deal(north_takes_everything(), "♥", choosers=1)
    assert score.nat
    assert score.points == (262, 0)


def test_points_last_trick_goes_to_the_winner_of_the_eighth_trick() -> None:
    score = score_deal(north_takes_everything(), "♥", choosers=0)
    last = [item for item in score.ledger if item.rule is RuleId.POINTS_LAST_TRICK]
    assert [(item.pair, item.points) for item in last] == [(0, 10)]


def test_score_made_each_pair_writes_its_own() -> None:
    score = score_summary((90, 72), (20, 50), choosers=0)
    assert score.totals == (110, 122)
    assert score.nat  # roem flips it: 110 is not more than 122
    score = score_summary((70, 92), (40, 0), choosers=0)
    assert not score.nat and score.points == (110, 92)


def test_score_nat_on_an_exact_tie() -> None:
    score = score_summary((81, 81), (0, 0), choosers=1)
    assert score.nat and score.points == (162, 0)
    score = score_summary((91, 71), (0, 20), choosers=0)
    assert score.totals == (91, 91) and score.nat and score.points == (0, 182)


def test_score_nat_gives_the_defenders_all_declared_roem_of_both_pairs() -> None:
    score = score_summary((70, 92), (20, 50), choosers=0)
    assert score.nat and score.points == (0, 162 + 20 + 50)


def test_score_nat_82_card_points_still_lose_to_roem() -> None:
    assert score_summary((82, 80), (0, 20), choosers=0).points == (0, 182)
    assert score_summary((82, 80), (0, 0), choosers=0).points == (82, 80)


def test_score_nat_verdict_line_and_totals() -> None:
    score = score_summary((82, 80), (0, 20), choosers=0)
    assert score.verdict.rule is RuleId.SCORE_NAT and score.verdict is score.ledger[-1]
    assert score.totals == (82, 100) and score.points == (0, 182)


def test_score_revoke_loses_the_deal_for_the_revoking_pair() -> None:
    score = score_summary((100, 62), (20, 20), choosers=0, revoked_by=0)
    assert score.points == (0, 202) and score.nat
    score = score_summary((100, 62), (20, 20), choosers=0, revoked_by=1)
    assert score.points == (202, 0) and not score.nat


def deals_with_roem() -> list[tuple[list[tuple[int, list[Card]]], Suit, int]]:
    rng = random.Random(11)
    found = []
    while len(found) < 20:
        deal = random_playout(rng)
        if sum(deal.score().roem):
            tricks = [(leader, [DECK[i] for i in cards]) for leader, cards in deal.tricks]
            found.append((tricks, Suit(deal.trump), deal.choosers))
    return found


def test_roem_declare_undeclared_roem_does_not_count() -> None:
    for tricks, trump, choosers in deals_with_roem():
        everything = score_deal(tricks, trump, choosers)
        nothing = score_deal(tricks, trump, choosers, declared=())
        assert nothing.roem == (0, 0)
        assert nothing.card_points == everything.card_points
        undeclared = [i for i in nothing.ledger if i.rule is RuleId.ROEM_DECLARE]
        assert undeclared and not any(i.counted for i in undeclared)
        # each forgotten item says what it would have made; together, all the roem there was
        assert nothing.forgotten_roem == sum(everything.roem) > 0


def test_roem_declare_counts_only_the_declared_tricks() -> None:
    for tricks, trump, choosers in deals_with_roem():
        full = score_deal(tricks, trump, choosers)
        roem_tricks = {item.trick for item in full.ledger if item.rule.topic == "roem"}
        first = min(t for t in roem_tricks if t is not None)
        partial = score_deal(tricks, trump, choosers, declared={first})
        expected = sum(
            item.points for item in full.ledger if item.rule.topic == "roem" and item.trick == first
        )
        assert sum(partial.roem) == expected


def test_roem_stuk_from_hand_counts_for_the_player_of_both_cards() -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 30:
        deal = random_playout(rng)
        trump = Suit(deal.trump)
        king, queen = parse_cards(f"K{trump.symbol} Q{trump.symbol}")
        seat_of = {}
        for leader, cards in deal.tricks:
            for position, index in enumerate(cards):
                seat_of[DECK[index]] = (leader + position) % 4
        tricks = [(leader, [DECK[i] for i in cards]) for leader, cards in deal.tricks]
        variant = score_deal(tricks, trump, deal.choosers, "amsterdam+stuk_from_hand")
        stuk_items = [item for item in variant.ledger if item.rule is RuleId.ROEM_STUK]
        if seat_of[king] == seat_of[queen]:
            assert [item.pair for item in stuk_items] == [seat_of[king] % 2]
            checked += 1
        else:
            assert stuk_items == []


def _stuk_from_hand_deal() -> tuple[list[tuple[int, list[Card]]], Suit, int, int]:
    """A random deal in which one player plays both trump K and Q: its tricks, trump,
    choosers and the trick of the second of the two cards."""
    rng = random.Random(11)
    while True:
        deal = random_playout(rng)
        tricks = [(leader, [DECK[i] for i in cards]) for leader, cards in deal.tricks]
        score = score_deal(tricks, Suit(deal.trump), deal.choosers, "amsterdam+stuk_from_hand")
        stuk = [item for item in score.ledger if item.rule is RuleId.ROEM_STUK]
        if stuk and stuk[0].trick is not None:
            return tricks, Suit(deal.trump), deal.choosers, stuk[0].trick


def test_roem_stuk_from_hand_counts_when_announced_apart_from_its_trick_s_roem() -> None:
    """RULES.md: under stuk_from_hand, stuk is announced with the second card; whether the
    rest of that trick's roem was declared decides only that roem."""
    tricks, trump, choosers, second = _stuk_from_hand_deal()
    rules = "amsterdam+stuk_from_hand"
    others = frozenset(range(8)) - {second}

    stuk_cards = set(parse_cards(f"K{trump.symbol} Q{trump.symbol}"))

    def stuk_counted(**how: object) -> list[bool]:
        """Whether the stuk's ledger line counts (a roem.declare line when it does not)."""
        score = score_deal(tricks, trump, choosers, rules, **how)  # type: ignore[arg-type]
        return [i.counted for i in score.ledger if i.trick == second and set(i.cards) == stuk_cards]

    assert stuk_counted(declared=others, stuk_announced=True) == [True]
    assert stuk_counted(declared=range(8), stuk_announced=False) == [False]
    # unsaid, as an is-nat puzzle's list of declared tricks records it: with its trick
    assert stuk_counted(declared=others) == [False]
    assert stuk_counted(declared=range(8)) == [True]
    with_stuk = score_deal(tricks, trump, choosers, rules, declared=others, stuk_announced=True)
    without = score_deal(tricks, trump, choosers, rules, declared=others, stuk_announced=False)
    assert sum(with_stuk.roem) - sum(without.roem) == 20
    # the trick's own roem (if any) is not counted in either: it was not declared
    trick_roem = [i for i in with_stuk.ledger if i.trick == second and i.rule.topic == "roem"]
    assert all(not i.counted for i in trick_roem if i.rule is RuleId.ROEM_DECLARE)


def test_stuk_announced_must_be_true_false_or_unsaid() -> None:
    tricks, trump, choosers, _ = _stuk_from_hand_deal()
    with pytest.raises(ImpossiblePositionError, match="stuk_announced must be True, False"):
        score_deal(
            tricks, trump, choosers, "amsterdam+stuk_from_hand",
            stuk_announced="yes",  # type: ignore[arg-type]
        )  # fmt: skip


def test_score_deal_agrees_with_the_reference_on_random_deals() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        deal = random_playout(rng)
        tricks = [(leader, [DECK[i] for i in cards]) for leader, cards in deal.tricks]
        score = score_deal(tricks, Suit(deal.trump), deal.choosers)
        assert score.points == reference_score(tricks, Suit(deal.trump), deal.choosers)
        assert sum(score.card_points) == 162


def test_score_deal_accepts_notation_text() -> None:
    tricks = [
        (leader, " ".join(str(c) for c in cards)) for leader, cards in north_takes_everything()
    ]
    assert score_deal(tricks, "H", 0).points == (262, 0)


class TestBadDeals:
    def test_seven_tricks(self) -> None:
        with pytest.raises(ImpossiblePositionError, match="a deal has 8 tricks, got 7"):
            score_deal(north_takes_everything()[:7], "♥", 0)

    def test_wrong_leader(self) -> None:
        tricks = north_takes_everything()
        tricks[3] = (2, tricks[3][1])
        with pytest.raises(ImpossiblePositionError, match="trick 3 was won by seat 0"):
            score_deal(tricks, "♥", 0)

    def test_card_played_twice(self) -> None:
        tricks = north_takes_everything()
        tricks[5] = (0, [tricks[5][1][0], *tricks[0][1][1:]])
        with pytest.raises(ValueError, match="played twice"):
            score_deal(tricks, "♥", 0)

    def test_three_card_trick(self) -> None:
        tricks = north_takes_everything()
        tricks[2] = (0, tricks[2][1][:3])
        with pytest.raises(ImpossiblePositionError, match="trick 3 must have 4 cards"):
            score_deal(tricks, "♥", 0)

    def test_choosers_must_be_a_pair(self) -> None:
        with pytest.raises(ImpossiblePositionError, match="choosers must be pair 0 or 1"):
            score_deal(north_takes_everything(), "♥", 2)

    def test_summary_must_add_up_to_162(self) -> None:
        with pytest.raises(ImpossiblePositionError, match="must add up to 162"):
            score_summary((82, 82), (0, 0), 0)

    def test_summary_roem_in_tens(self) -> None:
        with pytest.raises(ImpossiblePositionError, match="multiples of 10"):
            score_summary((82, 80), (0, 25), 0)


class TestMatch:
    def test_score_match_sixteen_deals_and_the_dealer_moves_left(self) -> None:
        match = Match()
        for _ in range(16):
            match.add(score_summary((100, 62), (0, 0), 0))
        assert match.finished and match.totals == (1600, 992) and match.leaders == (0,)
        with pytest.raises(GameFlowError, match="the match is over"):
            match.add(score_summary((100, 62), (0, 0), 0))
        assert [Match.dealer_of(n, first_dealer=3) for n in range(5)] == [3, 0, 1, 2, 3]

    def test_score_match_equal_leaders_share_the_win(self) -> None:
        match = Match(deals=2)
        match.add(score_summary((100, 62), (0, 0), 0)).add(score_summary((62, 100), (0, 0), 1))
        assert match.totals == (162, 162) and match.leaders == (0, 1)

    def test_score_match_short_match_has_eight_deals(self) -> None:
        assert Match.for_rules("amsterdam+short_match").deals == 8
        assert Match.for_rules("rotterdam").deals == 16


def test_score_pit_stays_a_pit_when_the_other_pair_has_stuk_from_hand() -> None:
    # RULES.md: under stuk_from_hand a pair can score stuk without a trick; a pit is still a pit.
    stuk_from_hand = "amsterdam+stuk_from_hand"
    score = score_summary((162, 0), (0, 20), choosers=0, tricks_won=(8, 0), rules=stuk_from_hand)
    assert score.pit == 0 and score.points == (262, 20) and not score.nat
    with pytest.raises(ImpossiblePositionError, match="cannot have taken every trick"):
        score_summary((162, 0), (0, 20), choosers=0, tricks_won=(8, 0))


def test_score_revoke_by_the_defenders_keeps_the_choosers_pit_bonus() -> None:
    # RULES.md: the other pair writes 162 + all declared roem, + 100 if it took every trick.
    score = score_summary((162, 0), (20, 0), choosers=0, tricks_won=(8, 0), revoked_by=1)
    assert score.points == (282, 0) and not score.nat


def test_score_totals_take_variants_and_misbeliefs_from_the_rule_set() -> None:
    # One record of the deal and the rule set: no caller passes a variant or a belief apart.
    forgot = DealTotals((90, 72), (0, 0), choosers=0, undeclared_roem=(0, 20))
    assert score_totals(forgot, AMSTERDAM).points == (90, 72)  # undeclared roem does not count
    believed = AMSTERDAM.believing(Misbelief.ROEM_WITHOUT_DECLARING)
    assert score_totals(forgot, believed).points == (0, 182)  # 90 v 72 + 20: nat
    with pytest.raises(ImpossiblePositionError, match="must be given per pair"):
        score_summary((90, 72), (0, 0), 0, undeclared_roem=20, rules=believed)
    pit = DealTotals((162, 0), (0, 20), choosers=0, tricks_won=(8, 0))
    assert score_totals(pit, "amsterdam+stuk_from_hand").points == (262, 20)
    with pytest.raises(ImpossiblePositionError, match="cannot have taken every trick"):
        score_totals(pit, AMSTERDAM)


def test_score_record_is_what_score_deal_gives_for_the_same_facts() -> None:
    for seed in range(20):
        played = random_playout(random.Random(seed))
        record = DealRecord(played.card_tricks(), Suit(played.trump), 1, declared={0, 3})
        assert score_record(record, AMSTERDAM) == played.score(choosers=1, declared={0, 3})
