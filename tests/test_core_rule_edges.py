"""Edges of the rules that the mutation run (mutmut) showed no other fast test pins down.

Every expected value here is worked out by hand from RULES.md, not read off the code: the
card orders, run and stuk roem, the score of a deal trick by trick, the ledger behind it,
who leads, and the typed errors for impossible input.
"""

from __future__ import annotations

import random
from itertools import islice

import pytest

from klaverjas_core import (
    AMSTERDAM,
    ROTTERDAM,
    Card,
    CardSet,
    Deal,
    DuplicateCardError,
    IllegalPlayError,
    ImpossiblePositionError,
    LedgerItem,
    NotationError,
    Position,
    Rank,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    TrumpChoice,
    UnknownRuleSetError,
    _tables,
    check_card,
    deal_hands,
    format_cards,
    legal_cards,
    parse_cards,
    random_playout,
    roem_items,
    score_deal,
    score_summary,
    trick_roem,
    trick_winner,
)
from klaverjas_core.cards import mask_of
from klaverjas_core.playout import PositionRecord, random_card

R = RuleId
TRUMP_HIGH_TO_LOW = "J 9 A 10 K Q 8 7"
PLAIN_HIGH_TO_LOW = "A 10 K Q J 9 8 7"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def index(text: str) -> int:
    return Card.parse(text).index


# --- the precomputed tables, rebuilt from the functions that build them ------------------------
# The tables are built once at import, so these call the builders directly.


@pytest.mark.parametrize("trump", list(Suit))
@pytest.mark.parametrize("led", list(Suit))
def test_a_trump_beats_the_suit_led_which_beats_any_other_suit(trump: Suit, led: Suit) -> None:
    def strength(card: str) -> int:
        return _tables._key(trump.value, led.value, index(card))

    trumps = [f"{rank}{trump.symbol}" for rank in TRUMP_HIGH_TO_LOW.split()]
    assert [strength(card) for card in trumps] == sorted(map(strength, trumps), reverse=True)
    assert len(set(map(strength, trumps))) == 8  # J 9 A 10 K Q 8 7, no two equal
    if led is not trump:
        plain = [f"{rank}{led.symbol}" for rank in PLAIN_HIGH_TO_LOW.split()]
        assert [strength(card) for card in plain] == sorted(map(strength, plain), reverse=True)
        assert len(set(map(strength, plain))) == 8
        assert strength(f"7{trump.symbol}") > strength(f"A{led.symbol}")
        for other in Suit:
            if other not in (trump, led):
                assert strength(f"A{other.symbol}") < strength(f"7{led.symbol}")


@pytest.mark.parametrize(
    ("card", "beaten_by"),
    [
        ("J♥", ""),
        ("9♥", "J♥"),
        ("A♥", "9♥ J♥"),
        ("10♥", "9♥ J♥ A♥"),
        ("K♥", "9♥ 10♥ J♥ A♥"),
        ("Q♥", "9♥ 10♥ J♥ K♥ A♥"),
        ("8♥", "9♥ 10♥ J♥ Q♥ K♥ A♥"),
        ("7♥", "8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"),
        ("A♣", "9♣ J♣"),
    ],
)
def test_the_trumps_that_beat_a_trump_follow_the_trump_order(card: str, beaten_by: str) -> None:
    assert _tables._beating_trumps(index(card)) == mask_of(parse_cards(beaten_by))


@pytest.mark.parametrize(
    ("ranks", "roem"),
    [
        ("", 0),
        ("7", 0),
        ("7 8", 0),
        ("7 9", 0),
        ("7 8 9", 20),
        ("Q K A", 20),
        ("10 J Q", 20),
        ("7 8 10 J", 0),
        ("7 8 9 J Q", 20),
        ("9 10 J Q", 50),
        ("7 8 9 10 J Q K A", 50),
        ("7 9 J K", 0),
        ("8 A", 0),  # no wrap-around: A-7-8 is not a run
    ],
)
def test_run_roem_of_one_suits_ranks(ranks: str, roem: int) -> None:
    pattern = sum(1 << Rank[_RANK_NAMES[r]].value for r in ranks.split())
    assert _tables._run_roem(pattern) == roem


_RANK_NAMES = {"7": "SEVEN", "8": "EIGHT", "9": "NINE", "10": "TEN", "J": "JACK", "Q": "QUEEN"}
_RANK_NAMES |= {"K": "KING", "A": "ACE"}


# --- tricks and roem ------------------------------------------------------------------------


def test_a_run_is_made_only_by_the_cards_in_the_trick() -> None:
    assert trick_roem("8♣ 9♣ J♥ A♠", "♥") == 0  # 8-9 without the 7: no run
    assert trick_roem("8♣ 9♣ 10♣ A♠", "♥") == 20


def test_four_of_a_kind_names_its_four_cards() -> None:
    (item,) = roem_items("J♣ J♦ J♥ J♠", "♠")
    assert item == (R.ROEM_FOUR_OF_A_KIND, 200, cards("J♣ J♦ J♥ J♠"))


def test_a_card_played_twice_in_one_trick_is_an_error() -> None:
    ace, seven = Card.parse("A♣"), Card.parse("7♣")
    with pytest.raises(DuplicateCardError):
        trick_winner([ace, seven, ace], "♥")


# --- legality: the verdict's facts and impossible hands -------------------------------------


def test_a_hand_holds_at_most_eight_cards() -> None:
    hand = "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"
    assert len(legal_cards(hand, "", "♥")) == 8
    with pytest.raises(ImpossiblePositionError):
        legal_cards(hand + " 7♦", "", "♥")


def test_a_verdict_can_be_asked_by_card_text() -> None:
    result = legal_cards("Q♥ 7♦", "A♣ 8♥", "♥")  # seed 000: C must overtrump with Q♥
    by_text = result.verdict("7♦")
    assert by_text == result.verdict(Card.parse("7♦"))
    assert not by_text.legal


def test_an_example_for_a_rule_that_decides_no_card_is_a_key_error() -> None:
    result = legal_cards("Q♥ 7♦", "A♣ 8♥", "♥")
    assert result.example(R.PLAY_MUST_OVERTRUMP).card == Card.parse("Q♥")
    with pytest.raises(KeyError):
        result.example(R.PLAY_FOLLOW_SUIT)


def test_a_verdict_names_trumps_branch_and_hand_and_a_legal_card_breaks_nothing() -> None:
    hand = cards("Q♥ 7♦")
    legal = check_card("Q♥", hand, "A♣ 8♥", "♥")
    assert legal.legal and legal.broken == ()
    assert legal.trump is Suit.HEARTS and legal.hand == hand
    assert legal.branch == legal_cards(hand, "A♣ 8♥", "♥").decision.branch
    # Rotterdam, void in the suit led: discarding when you could overtrump breaks must-overtrump
    # and must-trump alike (a discard is also not trumping).
    illegal = check_card("7♦", hand, "A♣ 8♥", "♥", ROTTERDAM)
    assert not illegal.legal
    assert illegal.broken == (R.PLAY_MUST_OVERTRUMP, R.PLAY_MUST_TRUMP)


def test_a_trick_without_trumps_has_no_trump_to_beat() -> None:
    verdict = check_card("7♦", "Q♥ 7♦", "A♣ 7♣", "♥")  # partner wins with a plain card
    assert verdict.highest_trump is None
    assert verdict.beaters == ()
    assert verdict.partner_winning and verdict.legal


# --- scoring: a whole deal, trick by trick ----------------------------------------------------
# Spades trump; seats 0-3 clockwise, pairs 0 (seats 0, 2) and 1 (seats 1, 3).
# trick (leader: cards in play order)   winner      points  roem
#  0 (0: A♣ 7♣ 8♣ 9♣)                   seat 0 A♣   11      run 7-8-9♣ 20
#  1 (0: 7♦ A♦ 8♦ 9♦)                   seat 1 A♦   11      run 7-8-9♦ 20
#  2 (1: 10♣ K♣ Q♣ J♣)                  seat 1 10♣  19      run 10-J-Q-K♣ 50
#  3 (1: 10♦ K♦ Q♦ J♦)                  seat 1 10♦  19      run 10-J-Q-K♦ 50
#  4 (1: 7♥ 8♥ 9♥ A♥)                   seat 0 A♥   11      run 7-8-9♥ 20
#  5 (0: 10♥ J♥ Q♥ K♥)                  seat 0 10♥  19      run 10-J-Q-K♥ 50
#  6 (0: 7♠ 8♠ 9♠ 10♠)                  seat 2 9♠   24      run 7-8-9-10♠ 50
#  7 (2: J♠ Q♠ K♠ A♠)                   seat 2 J♠   38+10   run J-Q-K-A♠ 50 + stuk 20
DEAL = [
    (0, "A♣ 7♣ 8♣ 9♣"),
    (0, "7♦ A♦ 8♦ 9♦"),
    (1, "10♣ K♣ Q♣ J♣"),
    (1, "10♦ K♦ Q♦ J♦"),
    (1, "7♥ 8♥ 9♥ A♥"),
    (0, "10♥ J♥ Q♥ K♥"),
    (0, "7♠ 8♠ 9♠ 10♠"),
    (2, "J♠ Q♠ K♠ A♠"),
]
WINNING_PAIR = (0, 1, 1, 1, 0, 0, 0, 0)
POINTS = (11, 11, 19, 19, 11, 19, 24, 38)


def test_a_deal_scores_card_points_last_trick_and_roem_for_the_pair_that_wins_each_trick() -> None:
    score = score_deal(DEAL, "♠", choosers=0)
    assert score.card_points == (103 + 10, 49)
    assert score.roem == (20 + 20 + 50 + 50 + 70, 20 + 50 + 50)
    assert score.tricks_won == (5, 3)
    assert score.points == (323, 169) and not score.nat
    card_lines = [item for item in score.ledger if item.rule is R.POINTS_CARDS]
    assert card_lines == [
        LedgerItem(pair, points, R.POINTS_CARDS, cards(text), number)
        for number, ((_, text), pair, points) in enumerate(
            zip(DEAL, WINNING_PAIR, POINTS, strict=True)
        )
    ]
    assert LedgerItem(0, 10, R.POINTS_LAST_TRICK, (), 7) in score.ledger
    last_trick_roem = [
        item for item in score.ledger if item.trick == 7 and item.rule.topic == "roem"
    ]
    assert last_trick_roem == [
        LedgerItem(0, 50, R.ROEM_RUN_OF_FOUR, cards("J♠ Q♠ K♠ A♠"), 7),
        LedgerItem(0, 20, R.ROEM_STUK, cards("Q♠ K♠"), 7),
    ]


def test_undeclared_roem_is_listed_but_does_not_count() -> None:
    score = score_deal(DEAL, "♠", choosers=0, declared=[0, 7])
    assert score.roem == (20 + 70, 0)
    assert score.points == (113 + 90, 49)
    forgotten = [item for item in score.ledger if not item.counted]
    assert LedgerItem(1, 20, R.ROEM_DECLARE, cards("7♦ 8♦ 9♦"), 1, counted=False) in forgotten
    assert sum(item.points for item in forgotten) == 20 + 50 + 50 + 20 + 50 + 50
    assert score.forgotten_roem == 240


def test_choosers_who_score_less_are_nat_and_the_defenders_take_162_and_all_roem() -> None:
    score = score_deal(DEAL, "♠", choosers=1)
    assert score.nat
    assert score.points == (162 + 210 + 120, 0)
    assert score.verdict == LedgerItem(1, 0, R.SCORE_NAT)


# The same deal with Q♠ moved into trick 6 and 7♠ into trick 7: seat 0 plays Q♠ (trick 6)
# and K♠ (trick 7), so under stuk_from_hand pair 0 has stuk although no trick holds both.
STUK_DEAL = [*DEAL[:6], (0, "Q♠ 8♠ 9♠ 10♠"), (2, "J♠ 7♠ K♠ A♠")]


def test_stuk_from_hand_adds_to_the_roem_the_pair_already_has() -> None:
    assert score_deal(STUK_DEAL, "♠", 0).roem == (20 + 20 + 50 + 20, 120)  # no stuk in a trick
    score = score_deal(STUK_DEAL, "♠", 0, "amsterdam+stuk_from_hand")
    assert score.roem == (20 + 20 + 50 + 20 + 20, 120)
    assert LedgerItem(0, 20, R.ROEM_STUK, cards("Q♠ K♠"), 7) in score.ledger


def test_stuk_from_hand_not_declared_does_not_count() -> None:
    declared = [0, 1, 2, 3, 4, 5, 6]  # not trick 7, where the second card of stuk fell
    score = score_deal(STUK_DEAL, "♠", 0, "amsterdam+stuk_from_hand", declared=declared)
    assert score.roem == (20 + 20 + 50 + 20, 120)
    assert LedgerItem(0, 20, R.ROEM_DECLARE, cards("Q♠ K♠"), 7, counted=False) in score.ledger


def test_a_pit_writes_its_100_in_the_ledger() -> None:
    score = score_summary((162, 0), (20, 0), choosers=0, tricks_won=(8, 0))
    assert LedgerItem(0, 100, R.SCORE_PIT) in score.ledger
    assert score.points == (282, 0)


def test_the_revoking_pair_writes_0_in_the_ledger() -> None:
    score = score_summary((100, 62), (0, 20), choosers=0, revoked_by=1)
    assert score.verdict == LedgerItem(1, 0, R.SCORE_REVOKE)
    assert score.points == (182, 0)


@pytest.mark.parametrize("undeclared", [-10, 1.5, "20"])
def test_undeclared_roem_must_be_a_whole_number_not_below_0(undeclared: object) -> None:
    with pytest.raises(ImpossiblePositionError):
        score_summary((82, 80), (0, 0), 0, undeclared_roem=undeclared)  # type: ignore[arg-type]


@pytest.mark.parametrize("tricks_won", [(5, 2), (9, -1), (4, 5)])
def test_tricks_won_must_be_eight_in_all(tricks_won: tuple[int, int]) -> None:
    with pytest.raises(ImpossiblePositionError):
        score_summary((82, 80), (0, 0), 0, tricks_won=tricks_won)


@pytest.mark.parametrize("declared", [[8], [-1], [True]])
def test_declared_tricks_are_numbers_0_to_7(declared: list[object]) -> None:
    with pytest.raises(ImpossiblePositionError):
        score_deal(DEAL, "♠", 0, declared=declared)  # type: ignore[arg-type]


@pytest.mark.parametrize("leader", [4, -1, "0", True])
def test_a_trick_is_led_by_seat_0_to_3(leader: object) -> None:
    tricks = [(leader, DEAL[0][1]), *DEAL[1:]]
    with pytest.raises(ImpossiblePositionError):
        score_deal(tricks, "♠", 0)  # type: ignore[arg-type]


# --- rule sets, seats, notation ---------------------------------------------------------------


def test_free_choice_of_trumps_is_no_rule_when_trumps_are_compulsory() -> None:
    compulsory = RuleSet.parse("amsterdam+compulsory")
    for rule in (R.TRUMP_FREE_CHOICE, R.TRUMP_FORCED_FIRST_HAND):
        assert AMSTERDAM.has_rule(rule)
        assert not compulsory.has_rule(rule)
    assert compulsory.has_rule(R.TRUMP_COMPULSORY) and not AMSTERDAM.has_rule(R.TRUMP_COMPULSORY)


def test_passing_records_each_player_in_turn_from_the_first_hand() -> None:
    choice = TrumpChoice(Seat.SOUTH)  # the first hand is West
    choice.pass_()
    choice.pass_()
    assert choice.passes == [Seat.WEST, Seat.NORTH]
    choice.name("♦")
    assert choice.chooser is Seat.EAST


@pytest.mark.parametrize("text", [0, None, ["N"]])
def test_a_seat_is_read_only_from_text(text: object) -> None:
    with pytest.raises(NotationError):
        Seat.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["trump=♥ hand=Q♥ extra", "trump=♥ hand=Q♥ who=me"])
def test_position_notation_has_only_known_fields(text: str) -> None:
    with pytest.raises(NotationError):
        Position.parse(text)


def test_a_lead_position_is_written_without_a_trick_and_reads_back() -> None:
    position = Position(Suit.HEARTS, (), cards("Q♥ 7♦"))
    assert str(position) == "trump=♥ hand=Q♥,7♦ rules=amsterdam"
    assert Position.parse(str(position)) == position


@pytest.mark.parametrize(("number", "card"), [(0, "7♣"), (31, "A♠")])
def test_card_indices_run_from_0_to_31(number: int, card: str) -> None:
    assert Card.from_index(number) == Card.parse(card)


@pytest.mark.parametrize("number", [-1, 32])
def test_no_card_outside_indices_0_to_31(number: int) -> None:
    with pytest.raises(ValueError, match="outside"):
        Card.from_index(number)


@pytest.mark.parametrize("text", ["10X", "1♥", "♥", "X♥"])
def test_card_notation_needs_a_rank_and_a_suit(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)
    with pytest.raises(NotationError):
        Card.parse(text, language="fr")  # an unknown language reads English ranks


def test_an_unknown_language_reads_english_ranks() -> None:
    assert Card.parse("J♥", language="fr") == Card.parse("J♥")


# --- card sets ------------------------------------------------------------------------------


def test_a_card_set_holds_exactly_its_cards_in_deck_order() -> None:
    hand = CardSet.parse("Q♥ 7♦ A♣ 10♠")
    assert list(islice(hand, 5)) == list(cards("A♣ 7♦ Q♥ 10♠"))  # islice: stops a runaway
    assert Card.parse("7♦") in hand
    assert Card.parse("8♦") not in hand
    assert "7♦" not in hand
    assert bool(hand) and not bool(CardSet())
    assert list(CardSet.from_mask(0xFFFFFFFF)) == [Card.from_index(i) for i in range(32)]


def test_card_sets_are_equal_and_hash_alike_by_their_cards_only() -> None:
    first, second = CardSet.parse("Q♥ 7♦"), CardSet.parse("7♦ Q♥")
    assert first == second and hash(first) == hash(second)
    assert first != CardSet.parse("Q♥")
    assert first != first.mask
    assert len({first, second, CardSet.parse("Q♥")}) == 2
    assert mask_of(first) == first.mask == Card.parse("Q♥").bit | Card.parse("7♦").bit


def test_a_card_mask_has_32_bits() -> None:
    assert len(CardSet.from_mask(0xFFFFFFFF)) == 32
    with pytest.raises(ValueError):
        CardSet.from_mask(1 << 32)


# --- random play-outs ------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_a_play_out_is_led_by_the_first_hand_and_keeps_the_hands_as_dealt(dealer: int) -> None:
    records: list[PositionRecord] = []
    deal = random_playout(random.Random(dealer), dealer=dealer, positions=records)
    assert deal.first_leader == (dealer + 1) % 4 == deal.tricks[0][0]
    assert sorted(card for _, trick in deal.tricks for card in trick) == list(range(32))
    for seat, mask in enumerate(deal.hands):
        played = {cards[(seat - leader) % 4] for leader, cards in deal.tricks}
        assert mask == sum(1 << card for card in played)
    assert len(records) == 32
    assert [record.seat for record in records[:4]] == [(dealer + 1 + k) % 4 for k in range(4)]
    assert records[0].trick == () and records[0].hand == deal.hands[deal.first_leader]


def test_a_play_out_policy_sees_the_trick_so_far_and_the_score_takes_its_choosers() -> None:
    seen: list[int] = []

    def lowest(rng: random.Random, seat: int, legal: int, trick: object, trump: int) -> int:
        seen.append(len(trick))  # type: ignore[arg-type]
        return (legal & -legal).bit_length() - 1

    deal = random_playout(random.Random(3), policy=lowest)
    assert seen == [0, 1, 2, 3] * 8
    assert deal.score(choosers=1).choosers == 1
    assert deal.score(choosers=0).choosers == 0
    with_roem = next(
        d for seed in range(100) if sum((d := random_playout(random.Random(seed))).score().roem)
    )
    unannounced = with_roem.score(declared=[])
    assert unannounced.roem == (0, 0)
    assert unannounced.forgotten_roem == sum(with_roem.score().roem)


def test_a_play_out_refuses_an_illegal_choice_of_its_policy() -> None:
    def illegal(rng: random.Random, seat: int, legal: int, trick: object, trump: int) -> int:
        return (~legal & 0xFFFFFFFF).bit_length() - 1  # a card the mover does not hold

    with pytest.raises(ValueError, match="not legal"):
        random_playout(random.Random(0), policy=illegal)


@pytest.mark.parametrize(
    "hands",
    [
        [0xFF, 0xFF00, 0xFF0000],
        [0xFF, 0xFF00, 0xFF0000, 0x7F000000 | 1],
        [0xFF, 0xFF00, 0xFF0000, 0xFF],
        [0xFFFF, 0, 0xFF0000, 0xFF000000],  # the whole deck, but not eight each
    ],
)
def test_a_play_out_takes_only_four_hands_of_eight_covering_the_deck(hands: list[int]) -> None:
    with pytest.raises(ImpossiblePositionError):
        random_playout(random.Random(0), hands=hands)


# --- a deal played through ---------------------------------------------------------------------


def test_a_deal_refuses_an_illegal_card_unless_it_referees() -> None:
    deal = Deal.shuffled(random.Random(5), Seat.NORTH)
    deal.name_trumps("♥")
    while len(deal.legal_cards()) == len(deal.hand(deal.to_move)):
        deal.play(deal.legal_cards().cards[0])
    illegal = next(c for c in deal.hand(deal.to_move) if c not in deal.legal_cards())
    with pytest.raises(IllegalPlayError):
        deal.play(illegal)


def test_a_played_deal_scores_its_own_tricks_with_the_roem_declared() -> None:
    for seed in range(100):
        deal = Deal.shuffled(random.Random(seed), Seat.WEST)
        deal.name_trumps("♠")  # the first hand, North, chooses: pair 0
        for _ in range(32):
            deal.play(deal.legal_cards().cards[-1])
        full = deal.score()
        if sum(full.roem):
            break
    assert deal.tricks[0][0] is Seat.NORTH and full.choosers == 0
    assert full == score_deal([(int(s), c) for s, c in deal.tricks], "♠", 0)
    unannounced = deal.score(declared=[])
    assert unannounced.roem == (0, 0) and unannounced.forgotten_roem == sum(full.roem)


def test_a_deal_made_from_hands_is_strict_unless_it_referees() -> None:
    deal = Deal(deal_hands(random.Random(5), Seat.NORTH), Seat.NORTH)
    deal.name_trumps("♥")
    while len(deal.legal_cards()) == len(deal.hand(deal.to_move)):
        deal.play(deal.legal_cards().cards[0])
    illegal = next(c for c in deal.hand(deal.to_move) if c not in deal.legal_cards())
    with pytest.raises(IllegalPlayError):
        deal.play(illegal)


def test_a_deal_is_scored_under_its_own_rules() -> None:
    # stuk in one trick from two players: trick roem in Amsterdam, none with stuk_from_hand
    for seed in range(300):
        deal = Deal.shuffled(random.Random(seed), Seat.EAST, "amsterdam+stuk_from_hand")
        deal.name_trumps("♦")
        for _ in range(32):
            deal.play(deal.legal_cards().cards[0])
        tricks = [(int(s), c) for s, c in deal.tricks]
        if score_deal(tricks, "♦", deal.choosers) != score_deal(
            tricks, "♦", deal.choosers, deal.rules
        ):
            break
    assert deal.score() == score_deal(tricks, "♦", deal.choosers, deal.rules)
    assert deal.score() != score_deal(tricks, "♦", deal.choosers)


def test_a_pit_keeps_the_other_pairs_stuk_from_hand() -> None:
    # Spades trump; seat 0 leads and wins all eight tricks; seat 1 plays Q♠ (trick 0) and K♠
    # (trick 1): under stuk_from_hand pair 1 has 20 roem although it took no trick.
    tricks = [
        (0, "J♠ Q♠ 7♣ 8♣"),
        (0, "9♠ K♠ 9♣ 10♣"),
        (0, "A♠ 7♠ J♣ Q♣"),
        (0, "10♠ 8♠ K♣ 7♦"),
        (0, "A♣ 8♦ 9♦ 10♦"),  # run 8-9-10♦: 20
        (0, "A♦ J♦ Q♦ K♦"),  # run J-Q-K-A♦: 50
        (0, "A♥ 7♥ 8♥ 9♥"),  # run 7-8-9♥: 20
        (0, "10♥ J♥ Q♥ K♥"),  # run 10-J-Q-K♥: 50
    ]
    score = score_deal(tricks, "♠", 0, "amsterdam+stuk_from_hand")
    assert score.pit == 0 and score.roem == (140, 20)
    assert score.points == (162 + 140 + 100, 20)


def test_an_unknown_variant_is_an_unknown_rule_set() -> None:
    with pytest.raises(UnknownRuleSetError):
        RuleSet.parse("amsterdam+bogus")
    with pytest.raises(UnknownRuleSetError):
        AMSTERDAM.with_variants(bogus=True)


def test_a_position_checks_a_card_by_text() -> None:
    position = Position.parse("trump=♥ trick=A♣,8♥ hand=Q♥,7♦")
    assert not position.check("7♦").legal and position.check("Q♥").legal


def test_verdicts_and_legal_sets_have_a_plain_summary_for_logs() -> None:
    result = legal_cards("Q♥ 7♦", "A♣ 8♥", "♥")
    assert str(result.verdict("7♦")) == "7♦ not allowed (play.must-overtrump)"
    assert str(result.verdict("Q♥")) == "Q♥ allowed (play.must-overtrump)"
    assert repr(result) == "<LegalCards Q♥ (play.must-overtrump)>"


@pytest.mark.parametrize("number", range(32))
def test_a_card_is_made_from_its_index(number: int) -> None:
    made = Card._make(number)
    assert (made.suit, made.rank) == (list(Suit)[number // 8], list(Rank)[number % 8])
    assert (made.index, made.bit) == (number, 1 << number)


def test_cards_written_in_letters_read_back() -> None:
    hand = CardSet.parse("10♥ J♣")
    assert format_cards(hand, letters=True) == "JC TH"
    assert repr(hand) == "CardSet.parse('JC TH')"
    assert CardSet.parse("JC TH") == hand


def test_a_play_out_keeps_the_trumps_it_is_given() -> None:
    for trump in range(4):
        assert random_playout(random.Random(trump), trump=trump).trump == trump


def test_the_random_policy_draws_every_legal_card() -> None:
    rng = random.Random(0)
    legal = 0b10110
    drawn = {random_card(rng, 0, legal, (), 0) for _ in range(200)}
    assert drawn == {1, 2, 4}


SUMMARY = {"card_points": (100, 62), "roem": (0, 20), "choosers": 0}


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"choosers": 2}, "choosers must be pair 0 or 1, got 2"),
        ({"card_points": (100,)}, "card points must be two whole numbers, got (100,)"),
        ({"roem": ("20", 0)}, "roem must be two whole numbers, got ('20', 0)"),
        ({"tricks_won": (8, 0.5)}, "tricks won must be two whole numbers, got (8, 0.5)"),
        ({"pit": 3}, "pit must be pair 0 or 1, got 3"),
        ({"revoked_by": True}, "revoked_by must be pair 0 or 1, got True"),
    ],
)
def test_a_refused_score_summary_names_the_field_and_the_value(
    change: dict[str, object], named: str
) -> None:
    # The pit check runs on 162 card points (a pit's): make the summary a possible pit.
    given = {**SUMMARY, **({"card_points": (162, 0), "roem": (0, 0)} if "pit" in change else {})}
    with pytest.raises(ImpossiblePositionError) as refused:
        score_summary(**{**given, **change})  # type: ignore[arg-type]
    assert str(refused.value) == named


def test_a_refused_deal_names_the_field_and_the_value() -> None:
    tricks = [(0, "J♠ Q♠ 7♣ 8♣")] * 8
    for keywords, named in (
        ({"choosers": -1}, "choosers must be pair 0 or 1, got -1"),
        ({"called": [(2, 8)]}, "a call is a seat 0-3 and a trick 0-7, got (2, 8)"),
        ({"declared": "0 1"}, "declared must list trick numbers 0-7, got '0 1'"),
        ({"declared": [8]}, "declared must list trick numbers 0-7, got [8]"),
    ):
        arguments = {"choosers": 0, **keywords}
        with pytest.raises(ImpossiblePositionError) as refused:
            score_deal(tricks, "♠", **arguments)  # type: ignore[arg-type]
        assert str(refused.value) == named
