"""A `Position` is validated once, when it is made; its `legal_cards` and `check` then run only
the integer cascade. Every public way in refuses an impossible position with the same typed
error and message as before (issue 33, item 4)."""

from __future__ import annotations

import random

import pytest

import klaverjas_core.legality
from klaverjas_core import (
    AMSTERDAM,
    DECK,
    ROTTERDAM,
    Card,
    CardSet,
    DuplicateCardError,
    ImpossiblePositionError,
    KlaverjasError,
    Misbelief,
    NotationError,
    Position,
    RuleSet,
    Suit,
    UnknownRuleSetError,
    check_card,
    legal_cards,
    random_playout,
)
from klaverjas_core.legality import Decision, decide
from klaverjas_core.playout import PositionRecord

Q, D7, A, K, C7 = (Card.parse(text) for text in ("Q♥", "7♦", "A♣", "K♠", "7♣"))
NINE = tuple(DECK[:9])
MISBELIEVED = AMSTERDAM.believing(Misbelief.UNDERTRUMP_FREELY, Misbelief.ACE_ABOVE_NINE)

#: (hand, trick, trump, rules), the error and its message, as the core gave them before
#: positions were validated once (taken at commit 7316fa2): the first fault found wins.
REFUSED: list[tuple[tuple[object, object, object, object], type[KlaverjasError], str]] = [
    (("", (), "♥", "amsterdam"), ImpossiblePositionError,
     "the hand is empty: there is no card to play"),
    (([], [], "♥", "amsterdam"), ImpossiblePositionError,
     "the hand is empty: there is no card to play"),
    ((CardSet(), (), "♥", "amsterdam"), ImpossiblePositionError,
     "the hand is empty: there is no card to play"),
    (([], [A, K, D7, C7], "♥", "amsterdam"), ImpossiblePositionError,
     "the hand is empty: there is no card to play"),
    ((NINE, (), "♥", "amsterdam"), ImpossiblePositionError,
     "a hand holds at most 8 cards, got 9"),
    (([*NINE, NINE[0]], (), "♥", "amsterdam"), ImpossiblePositionError,
     "a hand holds at most 8 cards, got 10"),
    (([Q], [A, K, D7, C7], "♥", "amsterdam"), ImpossiblePositionError,
     "the trick A♣ K♠ 7♦ 7♣ is complete: nobody is left to play to it"),
    (([Q], [A, K, D7, A], "♥", "amsterdam"), ImpossiblePositionError,
     "the trick A♣ K♠ 7♦ A♣ is complete: nobody is left to play to it"),
    (([Q, Q], (), "♥", "amsterdam"), DuplicateCardError, "Q♥ appears twice in the cards"),
    (("Q♥ Q♥", (), "♥", "amsterdam"), DuplicateCardError, "Q♥ appears twice"),
    (([Q, D7], [Q], "♥", "amsterdam"), DuplicateCardError,
     "Q♥ appears twice in the hand and trick"),
    (([Q], [A, A], "♥", "amsterdam"), DuplicateCardError, "A♣ appears twice in the cards"),
    (("Q♥", "A♣ A♣", "♥", "amsterdam"), DuplicateCardError, "A♣ appears twice"),
    ((None, (), "♥", "amsterdam"), NotationError,
     "the hand must be cards like 10♥ J♣, got None"),
    ((["Q♥"], (), "♥", "amsterdam"), NotationError,
     "'Q♥' in the hand is not a Card (parse text with parse_cards)"),
    (((Q, 5), (), "♥", "amsterdam"), NotationError,
     "5 in the hand is not a Card (parse text with parse_cards)"),
    (({Q}, (), "♥", "amsterdam"), NotationError,
     "the hand must be cards like 10♥ J♣, got {Card(Suit.HEARTS, Rank.QUEEN)}"),
    (("1X", (), "♥", "amsterdam"), NotationError,
     "`1X` is not a card (write a rank 7 8 9 10 J Q K A, then a suit ♣ ♦ ♥ ♠ or C D H S, "
     "e.g. 10♥ or J♥)"),
    (([Q], 5, "♥", "amsterdam"), NotationError, "the trick must be cards like 10♥ J♣, got 5"),
    (([], None, "♥", "amsterdam"), NotationError,
     "the trick must be cards like 10♥ J♣, got None"),
    (([Q], (), "X", "amsterdam"), NotationError,
     "`X` is not a suit (expected ♣ ♦ ♥ ♠ or C D H S)"),
    (([Q], (), None, "amsterdam"), NotationError,
     "`None` is not a suit (expected ♣ ♦ ♥ ♠ or C D H S)"),
    (([Q], (), 2, "amsterdam"), NotationError, "`2` is not a suit (expected ♣ ♦ ♥ ♠ or C D H S)"),
    (([Q], (), "♥", "paris"), UnknownRuleSetError,
     "`paris` is not a rule set (start with amsterdam or rotterdam)"),
    (([Q], (), "♥", None), UnknownRuleSetError,
     "`None` is not a rule set (use AMSTERDAM, ROTTERDAM or a name)"),
    (([Q], (), "♥", "amsterdam+nope"), UnknownRuleSetError,
     "unknown variant nope (known: compulsory, stuk_from_hand, four_low_100, short_match)"),
    (([Q], (), "♥", "amsterdam~nope"), UnknownRuleSetError,
     "unknown misbelief nope (known: always-overtrump, no-overtrump-on-trump-lead, "
     "discard-when-void, undertrump-freely, must-undertrump, ten-below-king, ace-above-nine, "
     "tie-not-nat, pit-forgotten, roem-without-declaring, last-trick-forgotten, roem-to-holder, "
     "revoke-costs-trick)"),
    ((None, (), "X", "paris"), NotationError, "the hand must be cards like 10♥ J♣, got None"),
    (([Q], None, "X", "paris"), NotationError, "the trick must be cards like 10♥ J♣, got None"),
    (([Q], (), "X", "paris"), NotationError, "`X` is not a suit (expected ♣ ♦ ♥ ♠ or C D H S)"),
]  # fmt: skip


@pytest.mark.parametrize(("given", "error", "message"), REFUSED)
def test_an_impossible_position_is_refused_alike_by_every_public_way_in(
    given: tuple[object, object, object, object], error: type[KlaverjasError], message: str
) -> None:
    hand, trick, trump, rules = given
    for call, args in (
        (legal_cards, (hand, trick, trump, rules)),
        (check_card, (Q, hand, trick, trump, rules)),
        (Position, (trump, trick, hand, rules)),
        (Decision.of, (hand, trick, trump, rules)),
    ):
        with pytest.raises(KlaverjasError) as refused:
            call(*args)  # type: ignore[operator]
        assert (type(refused.value), str(refused.value)) == (error, message), call


def test_a_card_that_is_not_in_the_hand_is_refused_alike() -> None:
    position = Position(Suit.HEARTS, (), (Q, D7))
    checks = [lambda card: check_card(card, [Q, D7], (), "♥"), position.check]
    checks.append(position.legal_cards().verdict)
    for check in checks:
        for card, error, message in (
            (K, ImpossiblePositionError, "K♠ is not in the hand Q♥ 7♦"),
            ("K♠", ImpossiblePositionError, "K♠ is not in the hand Q♥ 7♦"),
            ("1X", NotationError, "`1X` is not a card"),
        ):
            with pytest.raises(KlaverjasError) as refused:
                check(card)
            assert type(refused.value) is error and str(refused.value).startswith(message)


def test_a_position_is_validated_once_when_it_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    position = Position.parse("trump=♥ trick=A♣,8♥ hand=Q♥,7♦,K♠")

    def no_second_look(value: object, what: str = "cards") -> list[Card]:
        raise AssertionError(f"the {what} was validated again")

    monkeypatch.setattr(klaverjas_core.legality, "cards_of", no_second_look)
    legal = position.legal_cards()
    assert [str(card) for card in legal] == ["Q♥"]
    assert legal.rule.value == "play.must-overtrump"
    assert not position.check("7♦").legal
    assert legal.verdict(K).rule.value == "play.must-overtrump"


def test_a_position_given_as_text_is_the_same_position() -> None:
    made = Position("♥", "A♣ 7♣", "Q♥ 7♦", "rotterdam")  # type: ignore[arg-type]
    assert made == Position.parse("trump=♥ trick=A♣,7♣ hand=Q♥,7♦ rules=rotterdam")
    assert made.hand == (Q, D7) and made.trump is Suit.HEARTS and made.rules == ROTTERDAM
    assert hash(made) == hash(Position(Suit.HEARTS, (A, C7), (Q, D7), ROTTERDAM))


def recorded(rules: RuleSet, count: int) -> list[PositionRecord]:
    rng = random.Random(33)
    records: list[PositionRecord] = []
    while len(records) < count:
        random_playout(rng, rules, dealer=rng.randrange(4), positions=records)
    return records


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM, MISBELIEVED], ids=str)
def test_a_position_answers_as_the_one_shot_functions_do(rules: RuleSet) -> None:
    for record in recorded(rules, 2_000):
        hand = [card for card in DECK if record.hand & card.bit]
        trick = [DECK[i] for i in record.trick]
        trump = Suit(record.trump)
        position = Position(trump, tuple(trick), tuple(hand), rules)
        fast, one_shot = position.legal_cards(), legal_cards(hand, trick, trump, rules)
        exempt, wrong = rules.partner_exemption, int(rules.misbeliefs)
        assert fast.mask == decide(record.hand, record.trick, record.trump, exempt, wrong)[1]
        assert (fast.cards, fast.mask, fast.rules, fast.rule) == (
            one_shot.cards, one_shot.mask, one_shot.rules, one_shot.rule,
        )  # fmt: skip
        assert fast.decision == one_shot.decision == Decision.of(hand, trick, trump, rules)
        assert len(fast) == len(one_shot.cards) and list(fast) == list(one_shot)
        assert repr(fast) == repr(one_shot)
        for card in hand:
            assert (card in fast) == (card in one_shot.cards)
            assert position.check(card) == check_card(card, hand, trick, trump, rules)
