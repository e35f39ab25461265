"""The stronger player's analysis of a played deal: every card the learner chose where they had
a choice, weighed on the same sampled deals against the cards they could have played; only a
legal card is ever named, and only where it stands out; the named card holds over other
samples; each row has a reason that is true in that position; the rows add up to the figure;
the batch play-out kernel plays what the reference play-out plays; the same analysis every
time; and the strong computer player playing the card of the best average it weighs."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from klaverjas_core import AMSTERDAM, ROTTERDAM, Card, RuleSet, Suit, check_card
from klaverjas_core._tables import SUIT_MASKS
from klaverjas_core.cards import mask_of
from klaverjas_table import LEARNER, BasicPlayer, StrongPlayer, TableGame, View
from klaverjas_table.analysis import (
    EQUAL,
    CardChoice,
    CardFacts,
    Reason,
    ReasonKind,
    Unseen,
    analyse_deal,
    analysis_rows,
    weigh_choice,
)
from klaverjas_table.analysis import _difference as reason_between
from klaverjas_table.batch import Draws, Outcome, Start, play_outs
from klaverjas_table.players import _past_totals, _play_out, _sample_hands, _voids, card_values
from klaverjas_table.simulate import view_of
from klaverjas_table.table import dealt, replay_calls


def finished(
    seed: int, rules: RuleSet = AMSTERDAM, mode: str = "coach", pick: str = "legal"
) -> TableGame:
    """One deal played to its score: the learner passes (names ♥ when made to) and plays the
    first legal card, or (`pick="hand"`, club mode) the first card of the hand, legal or not,
    or (`pick="basic"`) the basic computer player's card (a beginner's choices)."""
    game = TableGame.new(seed=seed, rules=rules, mode=mode)
    basic, rng = BasicPlayer(), random.Random(seed)
    while game.phase not in ("score", "over"):
        if game.phase == "call":
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            game.turn_trick()
        else:
            card = next(iter(game.legal_cards()))
            if pick == "hand":  # a club table lets a revoke through
                card = game.deal.hand(LEARNER)[0]
            elif pick == "basic":
                legal = mask_of(game.legal_cards().cards)
                card = Card.from_index(basic.play(view_of(game.deal, LEARNER), legal, rng))
            game.play(card)
    return game


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=lambda r: r.name)
def test_every_choice_of_the_learner_is_weighed_and_only_those(rules: RuleSet) -> None:
    for seed in range(4):
        game = finished(seed, rules)
        analysis = analyse_deal(game, 0, samples=256)
        assert [(c.trick, c.played, set(c.values)) for c in analysis.choices] == choices_of(game)
        for choice in analysis.choices:
            assert choice.best is None or choice.best in choice.top
            assert choice.values[choice.top[0]] >= choice.values[choice.played] or (
                choice.played in choice.top
            )
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
    first = analyse_deal(game, 0, samples=256, each=lambda done, total: heard.append((done, total)))
    again = analyse_deal(game, 0, samples=256)
    assert first == again
    total = len(first.choices)
    assert heard == [(done, total) for done in range(1, total + 1)]


# --- a revoke -------------------------------------------------------------------------------


def revoked_deals(count: int) -> list[TableGame]:
    """The first `count` club deals in which the learner revoked (the first card in hand)."""
    found = []
    for seed in itertools.count():
        game = finished(seed, mode="club", pick="hand")
        if any(r.seat == LEARNER for r in game.deal.revokes):
            found.append(game)
        if len(found) == count:
            return found
    raise AssertionError("unreachable")


def test_a_revokes_stronger_card_is_always_a_legal_one() -> None:
    # Issue 34 item 16: the "stronger player's card" was the learner's own illegal card in 7
    # of 20 club deals. It must only ever name a legal card (or none: too close to call).
    for game in revoked_deals(20):
        deal = dealt(game.seed, 0, game.rules, game.first_dealer, referee=True)
        replay_calls(deal, game.records[0].calls)
        legal_at = {}
        for card in game.records[0].cards:
            if deal.to_move == LEARNER:
                legal_at[len(deal.tricks)] = set(deal.legal_cards())
            deal.play(card)
        analysis = analyse_deal(game, 0, samples=512)
        revokes = [choice for choice in analysis.choices if not choice.legal]
        assert revokes
        for choice in analysis.choices:
            assert set(choice.top) <= legal_at[choice.trick], (game.seed, choice)
            assert choice.best is None or choice.best in legal_at[choice.trick]
        for choice in revokes:
            assert choice.played not in choice.top
            assert choice.reason is not None
            assert choice.reason.kind in (ReasonKind.REVOKE, ReasonKind.REVOKE_DEAL)


def test_the_revoke_that_lost_the_deal_says_so_and_costs_points() -> None:
    for game in revoked_deals(6):
        counted = game.counted_revoke(0)
        assert counted is not None and counted.seat == LEARNER  # the computers call it
        analysis = analyse_deal(game, 0, samples=512)
        (first,) = [c for c in analysis.choices if c.trick == counted.trick and not c.legal]
        assert first.reason is not None and first.reason.kind is ReasonKind.REVOKE_DEAL
        assert first.reason.rule == counted.verdict.rule
        assert first.given_away > 0  # a lost deal is never "as good as the stronger player"


# --- stable verdicts ------------------------------------------------------------------------

#: A fixed set of deals the learner played with the basic player's (a beginner's) cards.
STABLE_SEEDS = tuple(range(2000, 2016))


def test_the_named_card_holds_over_other_samples() -> None:
    """Issue 34 item 16: with another sample seed the best card changed in 16 % of choices.
    Now a card is named only where it stands out, and then another seed names it too: on this
    fixed set, at the shipped sample count, the verdicts (a card, or too close to call) of
    three seeds agree on at least 95 % of the pairs of runs."""
    agree = pairs = 0
    for seed in STABLE_SEEDS:
        game = finished(seed, (AMSTERDAM, ROTTERDAM)[seed % 2], pick="basic")
        runs = [analyse_deal(game, 0, salt=salt) for salt in ("", "/again", "/third")]
        for first, second in itertools.combinations(runs, 2):
            for one, other in zip(first.choices, second.choices, strict=True):
                pairs += 1
                agree += one.best == other.best
    assert pairs >= 60
    assert agree / pairs >= 0.95, f"{agree} of {pairs} pairs of verdicts agree"


# --- reasons and rows ---------------------------------------------------------------------


def test_every_reason_is_a_fact_of_the_play_outs_and_the_rows_add_up() -> None:
    kinds: Counter[ReasonKind] = Counter()
    for seed in range(3000, 3012):
        game = finished(seed, (AMSTERDAM, ROTTERDAM)[seed % 2], pick="basic")
        analysis = analyse_deal(game, 0, samples=1024)
        rows = analysis_rows(game.to_dict(), 0, samples=1024)
        assert [row["given_away"] for row in rows] == [c.given_away for c in analysis.choices]
        assert sum(row["given_away"] for row in rows) == analysis.given_away
        for choice in analysis.choices:
            assert isinstance(choice.given_away, int) and choice.given_away >= 0
            kinds[check_reason(choice)] += 1
    assert len(kinds) >= 4, kinds  # the reasons vary with the position


def check_reason(choice: CardChoice) -> ReasonKind:
    """The reason says what the facts of its two cards say: its number is the gap of the part
    it names, the largest gap whose shares bear the words out; its shares are the facts'."""
    reason, facts = choice.reason, choice.facts
    assert reason is not None and facts is not None
    if reason.kind in (ReasonKind.EQUAL, ReasonKind.SAME):
        assert choice.best is None and reason.worse in choice.top
        assert reason.better in choice.top
        gap = abs(facts[reason.worse].margin - facts[reason.better].margin)  # type: ignore[index]
        assert reason.kind is ReasonKind.SAME or gap <= reason.points
        return reason.kind
    assert reason.better is not None
    worse, better = facts[reason.worse], facts[reason.better]
    assert better.margin > worse.margin
    if choice.given_away:  # the played card, against one of the best
        assert reason.worse == choice.played and reason.better in choice.top
        assert choice.given_away == round(better.margin - worse.margin) or choice.given_away > 0
    else:  # the named best, against the next best
        assert reason.better == choice.played == choice.best
    if reason.kind is ReasonKind.TOTAL:  # no part's words held: the whole difference
        assert reason.points == round(better.margin - worse.margin) >= 1
        return reason.kind
    part = {
        ReasonKind.TRICK_GIVEN: "this_trick", ReasonKind.TRICK_LOST: "this_trick",
        ReasonKind.TRICK_FED: "this_trick", ReasonKind.LATER: "later",
        ReasonKind.LAST_TRICK: "last_trick", ReasonKind.ROEM: "roem",
        ReasonKind.PIT_OURS: "pit", ReasonKind.PIT_THEIRS: "pit",
        ReasonKind.NAT_US: "nat", ReasonKind.NAT_THEM: "nat",
    }[reason.kind]  # fmt: skip
    gaps = {name: better.part(name) - worse.part(name) for name in Outcome.PARTS}
    assert reason.points == round(gaps[part]) > 0
    assert sum(gaps.values()) == pytest.approx(better.margin - worse.margin)
    assert gaps[part] >= max(gaps.values()) or reason.percent is None or reason.kind in (
        ReasonKind.LATER, ReasonKind.ROEM, *TRICK_KINDS,
    )  # fmt: skip
    shares = {
        ReasonKind.LAST_TRICK: (worse.won_last, better.won_last),
        ReasonKind.PIT_OURS: (worse.pit_ours, better.pit_ours),
        ReasonKind.PIT_THEIRS: (worse.pit_theirs, better.pit_theirs),
        ReasonKind.NAT_US: (worse.nat_made, better.nat_made),
        ReasonKind.NAT_THEM: (worse.nat_made, better.nat_made),
        ReasonKind.TRICK_LOST: (1 - worse.won_this, 1 - better.won_this),
    }
    if reason.kind in shares:
        low, high = shares[reason.kind]
        assert reason.percent == (round(100 * low), round(100 * high))
    if reason.kind in (ReasonKind.LAST_TRICK, ReasonKind.PIT_OURS, ReasonKind.NAT_THEM):
        assert reason.percent is not None and reason.percent[1] > reason.percent[0]
    if reason.kind in (ReasonKind.PIT_THEIRS, ReasonKind.NAT_US, ReasonKind.TRICK_LOST):
        assert reason.percent is not None and reason.percent[0] > reason.percent[1]
    if reason.kind is ReasonKind.TRICK_GIVEN:
        assert worse.won_this < 0.5 and better.won_this - worse.won_this < 0.5
    if reason.kind is ReasonKind.TRICK_FED:
        assert worse.won_this >= 0.5
    assert Reason.from_dict(reason.to_dict()) == reason
    return reason.kind


TRICK_KINDS = (ReasonKind.TRICK_GIVEN, ReasonKind.TRICK_LOST, ReasonKind.TRICK_FED)


def ace_thrown_view() -> View:
    # West leads A♠, North (partner) follows 7♠, East trumps with J♥; South cannot follow and
    # holds no trump: the opponents take the trick whatever South plays.
    trick = tuple(Card.parse(text).index for text in ("A♠", "7♠", "J♥"))
    return View(seat=0, hand=mask("A♦ 7♦ 8♦ 9♦ 7♣ 8♣ 9♣ 10♣"), trick=trick, leader=1,
                history=(), trump=Suit.HEARTS.value, choosers=0, rules=AMSTERDAM)  # fmt: skip


def test_an_ace_thrown_on_the_opponents_trick_gives_them_its_11_points() -> None:
    view = ace_thrown_view()
    choice = weigh_choice(view, mask("A♦ 7♦"), Card.parse("A♦"), np.random.default_rng(1))
    assert choice.facts is not None
    ace, seven = choice.facts[Card.parse("A♦")], choice.facts[Card.parse("7♦")]
    assert ace.won_this == seven.won_this == 0  # East's J♥ is the highest trump
    assert seven.part("this_trick") - ace.part("this_trick") == 11  # on every sampled deal
    assert choice.best == Card.parse("7♦") and choice.given_away > 11
    assert choice.reason is not None and choice.reason.worse == Card.parse("A♦")
    if choice.reason.kind is ReasonKind.TRICK_GIVEN:
        assert choice.reason.points == 11
    check_reason(choice)


def test_an_ace_thrown_gives_points_away_by_the_reference_too() -> None:
    values = card_values(ace_thrown_view(), mask("A♦ 7♦"), random.Random(1), 64)
    ace, seven = Card.parse("A♦").index, Card.parse("7♦").index
    assert values[seven] - values[ace] > 11


def mask(cards: str) -> int:
    return sum(Card.parse(text).bit for text in cards.split())


# --- the batch kernel against the reference play-out ----------------------------------------


def positions(seeds: range) -> list[tuple[View, int]]:
    """Every position of some computer-played deals: the view of the seat to play, its legal
    cards (Amsterdam and Rotterdam, every seat, every trick)."""
    found = []
    for seed in seeds:
        game = finished(seed, (AMSTERDAM, ROTTERDAM)[seed % 2], pick="basic")
        deal = dealt(game.seed, 0, game.rules, game.first_dealer)
        replay_calls(deal, game.records[0].calls)
        for card in game.records[0].cards:
            found.append((view_of(deal, deal.to_move), mask_of(deal.legal_cards().cards)))
            deal.play(card)
    return found


def test_the_batch_kernel_plays_what_the_reference_play_out_plays() -> None:
    """The same samples, the same random choices: the same written-score margin, lane by lane
    (so the same verdicts as the one-deal-at-a-time play-out), and the parts add up."""
    checked = 0
    for number, (view, legal) in enumerate(positions(range(12))):
        rng = random.Random(number)
        voids = _voids(view)
        worlds = [(_sample_hands(view, voids, rng), rng.getrandbits(32)) for _ in range(6)]
        past = _past_totals(view)
        cards = [Card.from_index(c).index for c in range(32) if legal >> c & 1]
        expected = [
            _play_out(view, hands, card, past, random.Random(seed))
            for hands, seed in worlds
            for card in cards
        ]
        start = Start(view.seat, view.leader, view.trick, len(view.history), view.trump,
                      view.rules, view.choosers, tuple(tuple(p) for p in past))  # type: ignore[arg-type]  # fmt: skip
        out = play_outs(
            start,
            np.array([hands for hands, _ in worlds for _ in cards], dtype=np.uint32),
            np.array(cards * len(worlds)),
            Draws.from_seeds([seed for _, seed in worlds]),
            np.repeat(np.arange(len(worlds)), len(cards)),
        )
        assert out.margin.tolist() == expected, (number, view)
        assert (out.parts().sum(axis=0) == out.margin).all()
        checked += len(expected)
    assert checked > 2000


def test_a_counted_revoke_scores_as_the_rules_say() -> None:
    view = ace_thrown_view()
    start = Start(0, 1, view.trick, 0, view.trump, AMSTERDAM, 0)
    hands = Unseen(view).deal(64, np.random.default_rng(3))
    cards = np.full(64, Card.parse("A♦").index)
    out = play_outs(start, hands, cards, Draws.from_generator(np.random.default_rng(4), 64),
                    np.arange(64), np.zeros(64, dtype=np.int64))  # fmt: skip
    # South's pair revoked: it writes 0, the other pair 162 and all roem (and a pit's 100).
    assert (out.margin <= -162).all()
    assert (out.margin == out.parts().sum(axis=0)).all() and (out.revoke <= 0).all()


# --- the sampled deals ----------------------------------------------------------------------


def test_the_unseen_cards_are_dealt_uniformly_within_what_the_play_showed() -> None:
    """Late in a deal, every deal of the unseen cards that fits the seats' counts and shown
    voids is drawn about equally often, and no other."""
    game = finished(11, pick="basic")
    deal = dealt(game.seed, 0, game.rules, game.first_dealer)
    replay_calls(deal, game.records[0].calls)
    view = None
    for card in game.records[0].cards:
        if (
            len(deal.tricks) == 5
            and deal.to_move == LEARNER
            and any(_voids(view_of(deal, LEARNER)))
        ):
            view = view_of(deal, LEARNER)
            break
        deal.play(card)
    if view is None:
        pytest.skip("no position with a void shown late in this deal")
    voids = _voids(view)
    drawn = Unseen(view).deal(20_000, np.random.default_rng(5))
    counts = Counter(tuple(int(h) for h in row) for row in drawn)
    others = [seat for seat in range(4) if seat != view.seat]
    for hands in counts:
        assert hands[view.seat] == view.hand
        assert sum(bin(hands[s]).count("1") for s in others) == bin(view.unseen).count("1")
        for seat in others:
            assert not any(
                hands[seat] & SUIT_MASKS[s] for s in range(4) if voids[seat] & SUIT_MASKS[s]
            )
    expected = 20_000 / len(counts)
    assert all(abs(n - expected) < 6 * expected**0.5 + 5 for n in counts.values())


def test_card_values_keep_the_strong_players_choice() -> None:
    # The strong player plays the card of the best average (its decision is max of the
    # summed play-outs, which the averages keep in order).
    fresh = TableGame.new(seed=7, rules=AMSTERDAM)
    while fresh.phase != "play":
        fresh.call("♥" if fresh.must_name else "pass")
    view = view_of(fresh.deal, LEARNER)
    legal = sum(card.bit for card in fresh.legal_cards())
    values = card_values(view, legal, random.Random(3), 32)
    chosen = StrongPlayer(samples=32).play(view, legal, random.Random(3))
    assert chosen == max(values, key=lambda card: (values[card], -card))


def test_equal_is_the_bound_below_which_cards_are_too_close() -> None:
    assert EQUAL > 0
    game = finished(4, pick="basic")
    for choice in analyse_deal(game, 0, samples=512).choices:
        if choice.best is None:
            assert len(choice.top) > 1
        if choice.played in choice.top:
            assert choice.given_away == 0


def facts_of(margin: float, parts: tuple[float, ...], pit_ours: float) -> CardFacts:
    return CardFacts(margin=margin, parts=parts, won_this=0.0, won_last=0.5, nat_made=0.0,
                     pit_ours=pit_ours, pit_theirs=0.0)  # fmt: skip


def test_where_no_part_bears_its_words_out_the_whole_difference_is_said() -> None:
    # The better card gains 8 by pit and loses 3 + 1 in this trick and later, yet takes all
    # eight tricks less often: no part's sentence would hold (it once said "-1 more points").
    worse = facts_of(0.0, (0.0,) * len(Outcome.PARTS), pit_ours=0.02)
    better = facts_of(4.0, (-3.0, -1.0, 0.0, 0.0, 8.0, 0.0, 0.0), pit_ours=0.01)
    assert sum(better.parts) == better.margin and Outcome.PARTS[4] == "pit"
    cards = [Card.parse("7♦").index, Card.parse("A♦").index]
    reason = reason_between(ace_thrown_view(), [worse, better], cards, worse=0, better=1)
    assert reason == Reason(ReasonKind.TOTAL, Card.parse("7♦"), Card.parse("A♦"), points=4)
    close = facts_of(0.4, (0.0, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0), pit_ours=0.0)
    reason = reason_between(ace_thrown_view(), [worse, close], cards, worse=0, better=1)
    assert (reason.kind, reason.points) == (ReasonKind.EQUAL, 1)  # never "0 points worse"


def test_a_revoke_reason_names_the_rule_the_card_broke() -> None:
    (game,) = revoked_deals(1)
    analysis = analyse_deal(game, 0, samples=256)
    choice = next(c for c in analysis.choices if not c.legal)
    assert choice.reason is not None and choice.reason.rule is not None
    deal = dealt(game.seed, 0, game.rules, game.first_dealer, referee=True)
    replay_calls(deal, game.records[0].calls)
    for card in game.records[0].cards:
        if deal.to_move == LEARNER and len(deal.tricks) == choice.trick and card == choice.played:
            verdict = check_card(card, deal.hand(LEARNER), deal.current, deal.trump, game.rules)
            assert not verdict.legal and verdict.rule == choice.reason.rule
            return
        deal.play(card)
    raise AssertionError("the revoke was not found again")
