"""The stronger player's analysis of a played deal: every card the learner chose where they had
a choice, weighed on the same sampled deals against the cards they could have played; the
luck-free figure; the same analysis every time; and the strong computer player playing the card
of the best average it weighs."""

from __future__ import annotations

import random

import pytest

from klaverjas_core import AMSTERDAM, ROTTERDAM, Card, RuleSet, Suit
from klaverjas_table import LEARNER, StrongPlayer, TableGame, View
from klaverjas_table.analysis import EQUAL, analyse_deal
from klaverjas_table.players import card_values
from klaverjas_table.simulate import view_of
from klaverjas_table.table import dealt, replay_calls


def finished(
    seed: int, rules: RuleSet = AMSTERDAM, mode: str = "coach", pick: str = "legal"
) -> TableGame:
    """One deal played to its score: the learner passes (names ♥ when made to) and plays the
    first legal card, or (`pick="hand"`, club mode) the first card of the hand, legal or not."""
    game = TableGame.new(seed=seed, rules=rules, mode=mode)
    while game.phase not in ("score", "over"):
        if game.phase == "call":
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            game.turn_trick()
        else:
            card = next(iter(game.legal_cards()))
            if pick == "hand":  # a club table lets a revoke through
                card = game.deal.hand(LEARNER)[0]
            game.play(card)
    return game


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=lambda r: r.name)
def test_every_choice_of_the_learner_is_weighed_and_only_those(rules: RuleSet) -> None:
    for seed in range(4):
        game = finished(seed, rules)
        analysis = analyse_deal(game, 0, samples=16)
        assert [(c.trick, c.played, set(c.values)) for c in analysis.choices] == choices_of(game)
        for choice in analysis.choices:
            assert choice.values[choice.best] >= choice.values[choice.played]
            assert choice.given_away == 0 or choice.given_away > EQUAL
        given = [choice.given_away for choice in analysis.choices]
        assert analysis.best_found == given.count(0) and analysis.given_away == sum(given) >= 0


def choices_of(game: TableGame) -> list[tuple[int, Card, set[Card]]]:
    """Where the learner chose among two or more legal cards, replayed through the core."""
    record = game.records[0]
    deal = dealt(game.seed, 0, game.rules, game.first_dealer)
    replay_calls(deal, record.calls)
    found = []
    for card in record.cards:
        legal = set(deal.legal_cards())
        if deal.to_move == LEARNER and len(legal) > 1:
            found.append((len(deal.tricks), card, legal))
        deal.play(card)
    return found


def test_the_same_deal_gives_the_same_analysis_and_says_its_progress() -> None:
    game = finished(5)
    heard: list[tuple[int, int]] = []
    first = analyse_deal(game, 0, samples=16, each=lambda done, total: heard.append((done, total)))
    again = analyse_deal(game, 0, samples=16)
    assert first == again
    total = len(first.choices)
    assert heard == [(done, total) for done in range(1, total + 1)]


def test_an_ace_thrown_on_the_opponents_trick_gives_points_away() -> None:
    # West leads A♠, North (partner) follows 7♠, East trumps with J♥; South cannot follow
    # and holds no trump: A♦ on the trick hands the opponents 11 points (and a winner), 7♦ none.
    hand = mask("A♦ 7♦ 8♦ 9♦ 7♣ 8♣ 9♣ 10♣")
    trick = tuple(Card.parse(text).index for text in ("A♠", "7♠", "J♥"))
    view = View(seat=0, hand=hand, trick=trick, leader=1, history=(), trump=Suit.HEARTS.value,
                choosers=0, rules=AMSTERDAM)  # fmt: skip
    values = card_values(view, mask("A♦ 7♦"), random.Random(1), 64)
    ace, seven = Card.parse("A♦").index, Card.parse("7♦").index
    assert values[seven] - values[ace] > 11


def mask(cards: str) -> int:
    return sum(Card.parse(text).bit for text in cards.split())


def test_card_values_keep_the_strong_players_choice() -> None:
    # The strong player plays the card of the best average: the same as before the refactor
    # (its decision is max of the summed play-outs, which the averages keep in order).
    game = finished(7)
    deal = game._replayed(0)
    assert deal.phase == "finished"
    fresh = TableGame.new(seed=7, rules=AMSTERDAM)
    while fresh.phase != "play":
        fresh.call("♥" if fresh.must_name else "pass")
    view = view_of(fresh.deal, LEARNER)
    legal = sum(card.bit for card in fresh.legal_cards())
    values = card_values(view, legal, random.Random(3), 32)
    chosen = StrongPlayer(samples=32).play(view, legal, random.Random(3))
    assert chosen == max(values, key=lambda card: (values[card], -card))


def test_a_revoke_the_club_table_let_through_is_weighed_too() -> None:
    for seed in range(30):
        game = finished(seed, mode="club", pick="hand")
        analysis = analyse_deal(game, 0, samples=8)
        revokes = [choice for choice in analysis.choices if not choice.legal]
        if revokes:
            assert all(choice.played in choice.values for choice in revokes)
            return
    raise AssertionError("no club deal of 30 had a revoke by the learner")
