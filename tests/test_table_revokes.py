"""Computers that revoke at a club table, and the learner's "verzaakt!" call: a right call makes
the revoking pair lose the deal, a false one is a decision graded wrong and explained, a revoke
left uncalled is a decision missed and costs nothing (only a called revoke counts)."""

from __future__ import annotations

import pytest

from klaverjas_core import AMSTERDAM, ROTTERDAM, RuleSet, Seat
from klaverjas_questions import question_kind
from klaverjas_table import DEFAULT_REVOKES, LEARNER, REVOKE_RATES, TableError, TableGame
from klaverjas_table.table import OPPONENTS, computer_play
from klaverjas_trainer.app.answering import table_answer

PARTNER = LEARNER.partner


def play_on(game: TableGame, until: object = None) -> None:
    """Pass (or name ♥ when made to), play the first legal card, turn each trick; stop at the
    deal's score, or as soon as `until(game)` holds."""
    while game.phase not in ("score", "over"):
        if until is not None and until(game):  # type: ignore[operator]
            return
        if game.phase == "call":
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            game.turn_trick()
        else:
            game.play(next(iter(game.legal_cards())))


def opponent_revoked(game: TableGame) -> bool:
    return any(revoke.seat in OPPONENTS for revoke in game.deal.revokes)


def club_game_with_a_revoke(rules: RuleSet = AMSTERDAM) -> TableGame:
    """A club deal at the moment an opponent has just revoked."""
    for seed in range(200):
        game = TableGame.new(seed=seed, rules=rules, mode="club")
        play_on(game, until=opponent_revoked)
        if opponent_revoked(game):
            return game
    raise AssertionError("no opponent revoked in 200 club deals")


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=lambda r: r.name)
def test_opponents_now_and_then_revoke_at_a_club_table_and_never_in_coach_mode(
    rules: RuleSet,
) -> None:
    deals_with_a_revoke = 0
    for seed in range(60):
        club = TableGame.new(seed=seed, rules=rules, mode="club")
        play_on(club)
        revokes = club.deal.revokes
        assert len(revokes) <= 1 and all(r.seat in OPPONENTS for r in revokes)
        deals_with_a_revoke += bool(revokes)
        coach = TableGame.new(seed=seed, rules=rules, mode="coach")
        play_on(coach)
        assert coach.deal.revokes == []
    assert 5 <= deals_with_a_revoke <= 50  # now and then, not always


def test_the_learner_chooses_how_often_the_opponents_revoke() -> None:
    counts = {}
    for rate in REVOKE_RATES:
        games = [TableGame.new(seed=seed, mode="club", revokes=rate) for seed in range(60)]
        for game in games:
            play_on(game)
        counts[rate] = sum(bool(game.deal.revokes) for game in games)
    assert counts["never"] == 0 < counts["sometimes"] < counts["often"], counts


def test_the_revoke_rate_is_kept_with_the_saved_game_and_checked() -> None:
    game = TableGame.new(seed=5, mode="club", revokes="often")
    saved = game.to_dict()
    assert TableGame.from_dict(saved).revokes == "often"
    del saved["revokes"]  # a game saved before the choice: the rate it was played at
    assert TableGame.from_dict(saved).revokes == DEFAULT_REVOKES == "sometimes"
    with pytest.raises(TableError, match="revokes must be one of never, sometimes, often"):
        TableGame.new(seed=5, mode="club", revokes="always")
    with pytest.raises(TableError, match="revokes must be one of"):
        TableGame.from_dict({**saved, "revokes": "always"})


def test_a_right_call_makes_the_revoking_pair_lose_the_deal() -> None:
    game = club_game_with_a_revoke()
    (revoke,) = game.deal.revokes
    called = game.call_revoke(revoke.seat, revoke.trick)
    assert called.right and called.step.correct
    assert called.step.question == "who-revoked" and called.step.rule is revoke.verdict.rule
    play_on(game)
    score = game.score()
    revoking, other = revoke.seat.pair, 1 - revoke.seat.pair
    assert score.revoked_by == revoking and score.points[revoking] == 0
    assert score.points[other] >= 162
    assert game.counted_revokes() == [revoke]
    assert not [s for s in game.steps() if s.question == "who-revoked" and not s.correct]


def test_a_revoke_left_uncalled_is_missed_and_costs_nothing() -> None:
    game = club_game_with_a_revoke()
    (revoke,) = game.deal.revokes
    play_on(game)
    (missed,) = [s for s in game.steps() if s.question == "who-revoked"]
    assert not missed.correct and missed.rule is revoke.verdict.rule
    assert missed.trick == revoke.trick and missed.card == revoke.card
    assert game.counted_revokes() == []
    plain = game.deal.score(declared=None, stuk_announced=True, called=[])
    assert game.score().points == plain.points and game.score().revoked_by is None


def test_a_false_call_is_graded_wrong_with_why_the_card_was_allowed() -> None:
    game = TableGame.new(seed=1, rules=AMSTERDAM, mode="club")
    play_on(game, until=lambda g: len(g.deal.tricks) >= 1 and g.phase == "play")
    leader, cards = game.deal.tricks[0]
    seat = next(s for s in OPPONENTS if not any(r.seat == s for r in game.deal.revokes))
    called = game.call_revoke(seat, 0)
    assert not called.right and not called.step.correct
    assert called.verdict.legal and called.verdict.card == cards[(seat - leader) % 4]
    assert called.step.reply["seat"] == int(seat) and called.step.reply["trick"] == 0


def test_a_call_that_cannot_be_made_is_refused_with_a_reason() -> None:
    coach = TableGame.new(seed=1, rules=AMSTERDAM, mode="coach")
    play_on(coach, until=lambda g: g.phase == "play")
    with pytest.raises(TableError, match="club table"):
        coach.call_revoke(Seat.WEST, 0)
    game = TableGame.new(seed=1, rules=AMSTERDAM, mode="club")
    play_on(game, until=lambda g: len(g.deal.tricks) >= 1 and g.phase == "play")
    with pytest.raises(TableError, match="your own"):
        game.call_revoke(LEARNER, 0)
    with pytest.raises(TableError, match="has not played in trick 6"):
        game.call_revoke(Seat.WEST, 5)
    game.call_revoke(PARTNER, 0)
    with pytest.raises(TableError, match="already"):
        game.call_revoke(PARTNER, 0)


def test_calls_are_kept_with_the_saved_game_and_are_answers_to_store() -> None:
    game = club_game_with_a_revoke()
    (revoke,) = game.deal.revokes
    game.call_revoke(revoke.seat, revoke.trick)
    again = TableGame.from_dict(game.to_dict())
    assert again.records[-1].revoke_calls == [(revoke.seat, revoke.trick)]
    assert again.counted_revokes() == game.counted_revokes()
    play_on(game)
    for step in game.steps():
        record = table_answer(game, step, seconds=2.0)
        assert record.problems() == [], record
        if step.question == "who-revoked":
            kind = question_kind("who-revoked")
            assert kind.decode(record.given).seat == revoke.seat
    saved = game.to_dict()
    del saved["deals"][-1]["revoke_calls"]  # a game saved before calls came
    assert TableGame.from_dict(saved).records[-1].revoke_calls == []


def test_the_projectors_deal_with_a_revoke_is_the_same_deal_until_it() -> None:
    for seed in range(20):
        plain = computer_play(seed, AMSTERDAM)
        revoked = computer_play(seed, AMSTERDAM, revoke=True)
        (revoke,) = revoked.revokes
        assert revoke.seat in OPPONENTS and revoke.trick >= 2 and not revoke.verdict.legal
        assert revoked.tricks[: revoke.trick] == plain.tricks[: revoke.trick]
        assert plain.revokes == []
