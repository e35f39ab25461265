"""Cards: the 32 cards, orders, point tables, notation round trips and errors."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klaverjas_core import (
    DECK,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Card,
    CardSet,
    DuplicateCardError,
    NotationError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from klaverjas_core.cards import _rank_tokens


def test_the_deck_has_32_distinct_cards_7_to_ace_in_four_suits() -> None:
    assert len(DECK) == len(set(DECK)) == 32
    assert {card.suit for card in DECK} == set(Suit)
    assert [r.symbol for r in Rank] == ["7", "8", "9", "10", "J", "Q", "K", "A"]


def test_order_trump_is_j_9_a_10_k_q_8_7() -> None:
    assert [r.symbol for r in TRUMP_ORDER] == "J 9 A 10 K Q 8 7".split()


def test_order_plain_is_a_10_k_q_j_9_8_7() -> None:
    assert [r.symbol for r in PLAIN_ORDER] == "A 10 K Q J 9 8 7".split()


def test_points_cards_tables_and_152_in_the_deck() -> None:
    assert [TRUMP_POINTS[r] for r in TRUMP_ORDER] == [20, 14, 11, 10, 4, 3, 0, 0]
    assert [PLAIN_POINTS[r] for r in PLAIN_ORDER] == [11, 10, 4, 3, 2, 0, 0, 0]
    for trump in Suit:
        total = sum(c.rank.trump_points if c.suit is trump else c.rank.plain_points for c in DECK)
        assert total == 152


@pytest.mark.parametrize(
    ("text", "expected"),
    [("10♥", "10♥"), ("TH", "10♥"), ("10h", "10♥"), ("th", "10♥"), ("jc", "J♣"),
     ("A♠", "A♠"), ("7D", "7♦"), ("Q♡", "Q♥"), ("K♥️", "K♥")],
)  # fmt: skip
def test_parse_card_accepts_symbols_and_letters_in_any_case(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["1X", "11♥", "♥", "10", "ZZ", "J♣♣", "", "10♥x"])
def test_parse_card_rejects_bad_tokens_quoting_them(bad: str) -> None:
    with pytest.raises(NotationError, match=f"`{bad}` is not a card"):
        parse_card(bad)


def test_parse_cards_rejects_duplicates() -> None:
    with pytest.raises(DuplicateCardError, match="A♣ appears twice"):
        parse_cards("A♣ 7♦ ac")


def test_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_cards("A♣ 1X")


@given(st.permutations(DECK).map(lambda cards: cards[: len(cards) // 3]))
def test_format_and_parse_round_trip_in_both_forms(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, letters=True)) == cards
    assert parse_cards(format_cards(cards, sep=",")) == cards


def test_card_identity_repr_and_pickle() -> None:
    card = Card(Suit.HEARTS, Rank.TEN)
    assert card is parse_card("TH") is Card.from_index(card.index)
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


def test_cardset_is_an_immutable_mask_with_set_operations() -> None:
    hand = CardSet.parse("Q♥ 7♦ A♣")
    assert len(hand) == 3 and parse_card("7♦") in hand
    assert str(hand) == "A♣ 7♦ Q♥"  # deck order
    assert hand - CardSet.parse("7♦") == CardSet.parse("A♣ Q♥")
    assert (hand & CardSet.parse("Q♥ J♠")) == CardSet.parse("Q♥")
    assert eval(repr(hand)) == hand
    with pytest.raises(DuplicateCardError):
        CardSet(parse_cards("A♣") * 2)
    with pytest.raises(ValueError, match="not a 32-bit card mask"):
        CardSet.from_mask(1 << 40)


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_cardset_mask_round_trip(mask: int) -> None:
    cards = CardSet.from_mask(mask)
    assert CardSet(cards).mask == mask
    assert len(cards) == bin(mask).count("1")


def test_suit_parse() -> None:
    assert Suit.parse("♠") is Suit.parse("s") is Suit.parse("SPADES") is Suit.SPADES
    with pytest.raises(NotationError, match="`X` is not a suit"):
        Suit.parse("X")


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [("B♥ V♠ H♦ A♣", "nl", "J♥ Q♠ K♦ A♣"), ("В♥ Д♠ К♦ Т♣", "uk", "J♥ Q♠ K♦ A♣"),
     ("в♥ т♠", "ru", "J♥ A♠"), ("10♥ J♣", "nl", "10♥ J♣")],
)  # fmt: skip
def test_cards_in_dutch_ukrainian_and_russian_notation(
    text: str, language: str, expected: str
) -> None:
    assert format_cards(parse_cards(text, language)) == expected


def test_a_bad_card_names_the_ranks_of_the_language_asked_for() -> None:
    with pytest.raises(NotationError, match="write a rank 7 8 9 10 В Д К Т"):
        parse_cards("В♥ Ж♣", language="uk")
    with pytest.raises(NotationError, match="is not card notation"):
        parse_cards(None)  # type: ignore[arg-type]


def test_a_card_is_read_in_its_own_language_not_in_a_mixture() -> None:
    """Dutch letters are Dutch only: H♦ (heer) is a king in Dutch and no card in English;
    Cyrillic В♥ is a jack in Ukrainian and no card in Dutch."""
    assert str(parse_card("H♦", "nl")) == "K♦"
    with pytest.raises(NotationError):
        parse_card("H♦", "en")
    with pytest.raises(NotationError):
        parse_card("В♥", "nl")
    assert str(parse_card("K♦", "uk")) == "K♦"  # the canonical letters hold everywhere


def test_a_language_whose_letter_is_another_rank_canonically_is_refused() -> None:
    """A French valet written V beside a canonical form that meant another rank would be
    read two ways: refused when the table is built (here: J for a queen)."""
    with pytest.raises(ValueError, match="two ranks"):
        _rank_tokens(("7", "8", "9", "10", "V", "J", "R", "A"))
    assert _rank_tokens(("7", "8", "9", "10", "V", "D", "R", "A"))["V"] is Rank.JACK
