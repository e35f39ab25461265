"""Whole deals at the table: the computer players, the learner's moves in coach and club mode,
roem declarations, hints, resuming a saved game, and the score sheet."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas_core import (
    AMSTERDAM,
    ROTTERDAM,
    Card,
    RuleId,
    RuleSet,
    Seat,
    judge_trick,
    score_deal,
)
from klaverjas_questions import question_kind
from klaverjas_table import LEARNER, BasicPlayer, StrongPlayer, TableError, TableGame
from klaverjas_table.players import View
from klaverjas_table.simulate import play_deal
from klaverjas_table.table import TableStep, computer_play, dealt
from tests.reference_rules import reference_legal, reference_score

VARIANT_RULES = [
    AMSTERDAM,
    ROTTERDAM,
    AMSTERDAM.with_variants(compulsory=True),
    AMSTERDAM.with_variants(stuk_from_hand=True),
    AMSTERDAM.with_variants(short_match=True),
]


def _checked_deal(seed: int, rules: RuleSet, players: list[BasicPlayer | StrongPlayer]) -> None:
    """Play a computer-only deal; every card must be legal by the reference rules, and the
    written score must be the reference's and `score_deal`'s."""
    deal = play_deal(seed, rules, players, Seat(seed % 4))
    hands = {seat: list(deal.hands[seat]) for seat in Seat}  # empty now: rebuild from tricks
    for leader, cards in deal.tricks:
        for offset, card in enumerate(cards):
            hands[Seat((leader + offset) % 4)].append(card)
    for leader, cards in deal.tricks:
        for offset, card in enumerate(cards):
            seat = Seat((leader + offset) % 4)
            allowed = reference_legal(
                hands[seat], cards[:offset], deal.trump, rotterdam=not rules.partner_exemption
            )
            assert card in allowed, (seed, seat, card, cards[:offset])
            hands[seat].remove(card)
    score = deal.score()
    tricks = [(int(leader), cards) for leader, cards in deal.tricks]
    assert score == score_deal(tricks, deal.trump, deal.choosers, rules)
    if rules == AMSTERDAM:
        assert score.points == reference_score(tricks, deal.trump, deal.choosers)


@settings(max_examples=1500, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(VARIANT_RULES))
def test_basic_players_always_play_legal_cards_and_score_by_the_core(
    seed: int, rules: RuleSet
) -> None:
    _checked_deal(seed, rules, [BasicPlayer()] * 4)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(VARIANT_RULES))
def test_strong_players_always_play_legal_cards_and_score_by_the_core(
    seed: int, rules: RuleSet
) -> None:
    strong, basic = StrongPlayer(samples=6), BasicPlayer()
    _checked_deal(seed, rules, [strong, basic, strong, basic])


def test_computer_players_are_deterministic_for_a_seed() -> None:
    players = [StrongPlayer(samples=6), BasicPlayer()] * 2
    first = play_deal(5, AMSTERDAM, players, Seat.EAST)
    second = play_deal(5, AMSTERDAM, players, Seat.EAST)
    assert first.tricks == second.tricks and first.trump == second.trump


def test_basic_player_names_trumps_only_holding_the_jack_or_the_nine() -> None:
    player = BasicPlayer()
    rng = random.Random(0)
    weak = _mask("A♣ 10♣ K♣ A♦ 10♦ 8♥ 7♥ Q♠")
    assert player.choose_trump(weak, must_name=False, rng=rng) is None
    assert player.choose_trump(weak, must_name=True, rng=rng) is not None  # forced: names one
    jack = _mask("J♠ 8♠ 7♠ A♦ 10♦ 8♥ 7♥ Q♣")
    assert player.choose_trump(jack, must_name=False, rng=rng) == 3  # spades


def test_basic_player_feeds_points_to_a_partner_who_wins() -> None:
    """Seed 001: spades trump, A♦ led by the partner, 7♦ from the opponent: void in diamonds,
    keep the trumps and feed the 10♣."""
    hand = _mask("10♣ 7♣ 8♠ 9♠")
    trick = tuple(Card.parse(text).index for text in ("A♦", "7♦"))
    view = View(2, hand, trick, 0, (), 3, 0, AMSTERDAM)
    legal = hand  # partner winning with a plain card: every card is legal
    assert Card.from_index(BasicPlayer().play(view, legal, random.Random(0))) == Card.parse("10♣")


def test_strong_player_beats_the_basic_one_on_mirrored_deals() -> None:
    """Same deals with the pairs swapped: the stronger level must win clearly more deal pairs
    than it loses (the benchmark measures it over 1,000: about 60 % won, 35 % lost)."""
    strong, basic = StrongPlayer(), BasicPlayer()
    won = lost = 0
    for seed in range(60):
        first = play_deal(seed, AMSTERDAM, [strong, basic, strong, basic], Seat(seed % 4)).score()
        second = play_deal(seed, AMSTERDAM, [basic, strong, basic, strong], Seat(seed % 4)).score()
        balance = first.points[0] + second.points[1] - first.points[1] - second.points[0]
        won += balance > 0
        lost += balance < 0
    assert won > lost + 5


# --- the learner at the table ------------------------------------------------------------


def _mask(text: str) -> int:
    return sum(Card.parse(card).bit for card in text.split())


def _play_to_choice(game: TableGame, want_illegal: bool = True) -> None:
    """Call and play legal cards until the learner holds an illegal card (or the deal ends)."""
    while game.phase != "score":
        if game.phase == "call":
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            game.turn_trick()
        else:
            legal = game.legal_cards()
            if want_illegal and len(legal) < len(game.deal.hand(LEARNER)):
                return
            game.play(next(iter(legal)))


def _game_at_a_choice(mode: str, rules: RuleSet = AMSTERDAM) -> TableGame:
    for seed in range(50):
        game = TableGame.new(seed, rules, mode)
        _play_to_choice(game)
        if game.phase == "play":
            return game
    raise AssertionError("no deal gave the learner an illegal card")


def test_coach_mode_refuses_an_illegal_card_and_names_the_rule() -> None:
    game = _game_at_a_choice("coach")
    legal = game.legal_cards()
    wrong = next(card for card in game.deal.hand(LEARNER) if card not in legal)
    outcome = game.play(wrong)
    assert not outcome.accepted and not outcome.verdict.legal
    assert wrong in game.deal.hand(LEARNER)  # the card stays in hand
    assert outcome.step is not None and not outcome.step.correct and outcome.step.refused
    assert outcome.step.rule is legal.verdict(wrong).rule
    assert set(outcome.step.legal) == set(legal)
    right = next(iter(legal))
    accepted = game.play(right)
    assert accepted.accepted and accepted.step is not None and accepted.step.correct
    assert right not in game.deal.hand(LEARNER)
    assert [s.correct for s in game.record.steps if s.question == "card-legal"][-2:] == [
        False,
        True,
    ]


def test_a_position_where_every_card_is_legal_is_not_stored() -> None:
    game = TableGame.new(2, AMSTERDAM, "coach")
    while game.phase != "play" or len(game.legal_cards()) != len(game.deal.hand(LEARNER)):
        _play_one(game)
    assert game.play(next(iter(game.legal_cards()))).step is None


def _play_one(game: TableGame) -> None:
    if game.phase == "call":
        game.call("♠" if game.must_name else "pass")
    elif game.phase == "trick":
        game.turn_trick()
    elif game.phase == "play":
        game.play(next(iter(game.legal_cards())))
    else:
        game.next_deal()


def test_club_mode_accepts_a_revoke_calls_it_and_the_revoking_pair_loses() -> None:
    game = _game_at_a_choice("club")
    legal = game.legal_cards()
    wrong = next(card for card in game.deal.hand(LEARNER) if card not in legal)
    outcome = game.play(wrong)
    assert outcome.accepted and not outcome.verdict.legal
    assert outcome.step is not None and not outcome.step.correct and not outcome.step.refused
    revoked_trick = len(game.deal.tricks) if game.phase == "play" else game.record.turned
    while game.phase == "play":
        game.play(next(iter(game.legal_cards())))
    called = game.turn_trick().revoke
    assert called is not None and called.seat is LEARNER
    assert (LEARNER, revoked_trick) in game.record.called
    while game.phase != "score":
        _play_one(game)
    score = game.score()
    assert score.revoked_by == LEARNER.pair
    assert score.verdict.rule is RuleId.SCORE_REVOKE
    assert score.points[LEARNER.pair] == 0


def _game_with_our_roem(rules: RuleSet = AMSTERDAM) -> TableGame:
    """A game with a trick on the table that our pair takes and that holds roem."""
    for seed in range(400):
        game = TableGame.new(seed, rules, "coach")
        while game.phase not in ("score", "over"):
            if game.phase == "trick" and game.can_declare():
                _, cards = game.waiting_trick or (None, ())
                if game.roem_question(game.record.turned) and _roem(game, cards):
                    return game
            _play_one(game)
    raise AssertionError("no deal gave our pair a trick with roem")


def _roem(game: TableGame, cards: tuple[Card, ...]) -> int:
    return judge_trick(cards, game.deal.trump, game.rules).roem_points


def test_roem_declared_right_counts() -> None:
    game = _game_with_our_roem()
    number = game.record.turned
    amount = _roem(game, game.deal.tricks[number][1])
    outcome = game.declare_roem(amount)
    assert outcome.step.correct and outcome.roem == amount and outcome.items
    assert not game.can_declare()  # once per trick
    _finish_deal(game)
    counted = [i for i in game.score().ledger if i.trick == number and i.rule.topic == "roem"]
    assert sum(i.points for i in counted if i.counted) >= amount


def test_roem_declared_wrong_is_corrected_and_stored_wrong() -> None:
    game = _game_with_our_roem()
    number = game.record.turned
    amount = _roem(game, game.deal.tricks[number][1])
    outcome = game.declare_roem(amount + 20)
    assert not outcome.step.correct and outcome.roem == amount  # the core's count
    kind = question_kind("count-trick")
    grade = kind.grade(game.roem_question(number), game.rules, kind.read_answer(outcome.step.reply))
    assert not grade.correct and grade.mistakes[0].expected == amount


def test_roem_left_undeclared_does_not_count_and_is_a_mistake() -> None:
    game = _game_with_our_roem()
    number = game.record.turned
    step = game.turn_trick().missed_roem
    assert step is not None and not step.correct and step.rule is RuleId.ROEM_DECLARE
    _finish_deal(game)
    items = [i for i in game.score().ledger if i.trick == number and i.rule is RuleId.ROEM_DECLARE]
    assert items and not any(i.counted for i in items)


def _finish_deal(game: TableGame) -> None:
    while game.phase not in ("score", "over"):
        _play_one(game)


def test_roem_cannot_be_declared_on_the_other_pairs_trick() -> None:
    game = TableGame.new(1, AMSTERDAM, "coach")
    while not (game.phase == "trick" and not game.can_declare()):
        _play_one(game)
    with pytest.raises(TableError):
        game.declare_roem(20)


def test_forced_first_hand_may_not_pass() -> None:
    compulsory = AMSTERDAM.with_variants(compulsory=True)
    for seed in range(40):
        game = TableGame.new(seed, compulsory, "coach")
        if game.phase == "call":  # the learner is the first hand: must name at once
            break
    else:
        raise AssertionError("the learner was never the first hand")
    outcome = game.call("pass")
    assert not outcome.accepted and outcome.rule is RuleId.TRUMP_COMPULSORY
    assert outcome.step is not None and not outcome.step.correct
    kind = question_kind("may-pass")
    assert kind.read_answer(outcome.step.reply).may_pass is True  # what the learner thought
    named = game.call("♦")
    assert named.accepted and named.step is not None and named.step.correct
    assert game.deal.trump.symbol == "♦" and game.deal.choosers == LEARNER.pair


def test_a_free_trump_choice_is_not_stored() -> None:
    for seed in range(40):
        game = TableGame.new(seed, AMSTERDAM, "coach")
        if game.phase == "call" and not game.must_name:
            assert game.call("pass").step is None
            return
    raise AssertionError("the learner never spoke under free choice")


def test_a_decision_after_a_hint_is_marked_hinted() -> None:
    game = _game_at_a_choice("coach")
    legal = game.hint()
    outcome = game.play(next(iter(legal)))
    assert outcome.step is not None and outcome.step.hinted
    _play_to_choice(game)
    assert game.phase == "play"  # another choice in this deal: the second half always runs
    later = game.play(next(iter(game.legal_cards())))
    assert later.step is not None and not later.step.hinted  # one hint, one decision


def test_a_saved_game_resumes_at_the_same_card() -> None:
    game = TableGame.new(9, AMSTERDAM, "club", "strong")
    for _ in range(60):
        saved = json.loads(json.dumps(game.to_dict()))
        resumed = TableGame.from_dict(saved)
        assert resumed.to_dict() == saved
        assert resumed.phase == game.phase
        if game.phase != "score":
            assert resumed.deal.hand(LEARNER) == game.deal.hand(LEARNER)
            assert resumed.deal.current == game.deal.current
        if game.phase == "over":
            break
        _play_one(game)
    assert game.deal_number >= 1  # the game went on into the second deal


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"version": 99}, "version 99"),
        ({"seed": "x"}, "'x'"),
        ({"mode": "casino"}, "casino"),
        ({"first_dealer": 7}, "7"),
        (
            {
                "deals": [
                    {
                        "calls": ["♥"],
                        "cards": ["Q♥", "Q♥"],
                        "declared": [],
                        "claimed": [],
                        "called": [],
                        "turned": 0,
                        "steps": [],
                        "hinted": False,
                    }
                ]
            },
            "Q♥",
        ),
        ({"deals": "nothing"}, "saved deals must be a list"),
        ({"deals": []}, "saved deals must be a list of 1 to 16"),
        ({"deals": [{}] * 17}, "saved deals must be a list of 1 to 16"),
        ({"deals": ["x"]}, "saved deal 1 is not a record"),
    ],
)
def test_a_damaged_saved_game_is_refused_with_a_reason(
    change: dict[str, object], named: str
) -> None:
    """Refused with a `TableError` whose words name what is wrong in the save."""
    saved = {**TableGame.new(4).to_dict(), **change}
    with pytest.raises(TableError) as refused:
        TableGame.from_dict(saved)
    assert named in str(refused.value)


def test_a_short_match_ends_after_eight_deals_and_keeps_every_line() -> None:
    game = TableGame.new(3, AMSTERDAM.with_variants(short_match=True), "coach")
    while game.phase != "over":
        _play_one(game)
    sheet = game.match()
    assert len(sheet.lines) == 8 and sheet.finished
    assert sum(sum(line) for line in sheet.lines) >= 8 * 162
    with pytest.raises(TableError):
        game.next_deal()


def test_every_step_round_trips_and_names_a_real_question_kind() -> None:
    game = _game_at_a_choice("coach")
    game.play(next(c for c in game.deal.hand(LEARNER) if c not in game.legal_cards()))
    for step in game.steps():
        assert TableStep.from_dict(step.to_dict()) == step
        kind = question_kind(step.question)
        reply = kind.read_answer(step.reply)
        stored = kind.encode(reply)  # a reply the kind stores, and reads back as it was
        assert json.loads(stored) == dict(step.reply) and kind.decode(stored) == reply


def test_a_shared_deal_number_deals_the_same_cards_to_everyone() -> None:
    """Duplicate play: every learner of a group and the projector's computer play get the same
    four hands and dealer for a deal number."""
    first = TableGame.new(777, AMSTERDAM, "coach")
    second = TableGame.new(777, AMSTERDAM, "club", "strong")
    shown = computer_play(777, AMSTERDAM)
    dealt_hands = [set(hand) for hand in dealt(777, 0, AMSTERDAM).hands]
    assert first.dealer == second.dealer == shown.dealer
    assert set(first.deal.hand(LEARNER)) | _played_by(first, LEARNER) == dealt_hands[LEARNER]
    assert shown.phase == "finished"
    assert {card for _, cards in shown.tricks for card in cards} == set().union(*dealt_hands)


def _played_by(game: TableGame, seat: Seat) -> set[Card]:
    deal = game.deal
    played = set()
    for leader, cards in [*deal.tricks, (deal.leader, tuple(deal.current))]:
        for offset, card in enumerate(cards):
            if (leader + offset) % 4 == seat:
                played.add(card)
    return played


def test_stuk_from_hand_counts_without_a_declaration_on_a_trick() -> None:
    """Variant stuk_from_hand: stuk is announced with the second card (the table announces it
    for every player), so it counts wherever it falls, declared trick or not."""
    rules = AMSTERDAM.with_variants(stuk_from_hand=True)
    found = 0
    for seed in range(120):
        game = TableGame.new(seed, rules, "coach")
        _finish_deal(game)
        everything = [i for i in game.deal.score().ledger if i.rule is RuleId.ROEM_STUK]
        if everything:  # all declared: what the stuk makes
            found += 1
            counted = [i for i in game.score().ledger if i.rule is RuleId.ROEM_STUK]
            assert counted == everything
    assert found >= 3


def test_stuk_from_hand_does_not_make_an_undeclared_run_in_its_trick_count() -> None:
    """RULES.md: stuk from hand is announced with its second card; a run in that card's trick
    counts only when declared. Seed 192's first deal: our pair takes trick 7 with a run of
    three and the second stuk card; the learner declares nothing."""
    game = TableGame.new(192, AMSTERDAM.with_variants(stuk_from_hand=True), "coach")
    _finish_deal(game)
    in_trick = [i for i in game.score().ledger if i.trick == 6 and i.rule.topic == "roem"]
    stuk = [i for i in in_trick if i.rule is RuleId.ROEM_STUK]
    run = [i for i in in_trick if i.rule is RuleId.ROEM_DECLARE]  # the run, not counted
    assert len(stuk) == 1 and stuk[0].counted and stuk[0].pair == LEARNER.pair
    assert len(run) == 1 and not run[0].counted and run[0].points == 20
    forgotten = [s for s in game.steps() if s.trick == 6 and s.question == "count-trick"]
    assert [(s.correct, s.rule) for s in forgotten] == [(False, RuleId.ROEM_DECLARE)]
    # the score sheet agrees with the core's score of the same tricks, stuk announced
    tricks = [(int(leader), cards) for leader, cards in game.deal.tricks]
    theirs = {n for n in range(8) if game.trick_winner(n).pair != LEARNER.pair}
    core = score_deal(tricks, game.deal.trump, game.deal.choosers, game.rules,
                      declared=theirs, stuk_announced=True)  # fmt: skip
    assert game.score().points == core.points


def test_a_save_that_is_not_a_record_is_refused_with_a_table_error() -> None:
    with pytest.raises(TableError, match="a saved game is a record, got list"):
        TableGame.from_dict([])  # type: ignore[arg-type]
