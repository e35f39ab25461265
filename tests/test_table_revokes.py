"""Computers that revoke at a club table, and the learner's "verzaakt!" call: a right call makes
the revoking pair lose the deal, a false one is a decision graded wrong and explained, a revoke
left uncalled is a decision missed and costs nothing (only a called revoke counts), and of the
revokes called only the first played counts. A saved game's calls are checked as play checks
them."""

from __future__ import annotations

from typing import Any

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
    assert game.counted_revoke() == revoke
    assert not [s for s in game.steps() if s.question == "who-revoked" and not s.correct]


def test_a_revoke_left_uncalled_is_missed_and_costs_nothing() -> None:
    game = club_game_with_a_revoke()
    (revoke,) = game.deal.revokes
    play_on(game)
    (missed,) = [s for s in game.steps() if s.question == "who-revoked"]
    assert not missed.correct and missed.rule is revoke.verdict.rule
    assert missed.trick == revoke.trick and missed.card == revoke.card
    assert game.counted_revoke() is None
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
    assert again.records[-1].revoke_calls == [(revoke.seat, revoke.trick, LEARNER)]
    assert again.counted_revoke() == game.counted_revoke() == revoke
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


def two_revokes_in_one_trick() -> TableGame:
    """Seed 1 at a club table (basic, revokes often), the learner playing the first legal
    card: in deal 11's first trick East has revoked (K♦ on A♥) and the learner is to play."""

    def there(game: TableGame) -> bool:
        return game.deal_number == 10 and game.phase == "play" and bool(game.deal.revokes)

    game = TableGame.new(seed=1, rules=AMSTERDAM, mode="club", level="basic", revokes="often")
    while not there(game):
        play_on(game, until=there)
        if game.phase == "score":
            game.next_deal()
    (east,) = game.deal.revokes
    assert (game.deal_number, east.seat, east.trick) == (10, Seat.EAST, 0)
    return game


def revoke_too(game: TableGame) -> None:
    """The learner revokes as well, and the trick is completed."""
    legal = game.legal_cards()
    game.play(next(card for card in game.deal.hand(LEARNER) if card not in legal))
    play_on(game, until=lambda g: g.phase == "trick")


def test_only_the_first_revoke_called_counts_and_the_turn_names_that_one() -> None:
    # East revokes, then the learner in the same trick. East's is not called, so the
    # computers' call on the learner's is the first called: the turn names it and it counts.
    game = two_revokes_in_one_trick()
    revoke_too(game)
    turned = game.turn_trick()
    east, south = game.deal.revokes
    assert (east.seat, south.seat) == (Seat.EAST, LEARNER)
    assert turned.revoke == south == game.counted_revoke()
    play_on(game)
    score = game.score()
    assert score.revoked_by == south.seat.pair == LEARNER.pair and score.points[LEARNER.pair] == 0
    assert game.counted_revoke() == TableGame.from_dict(game.to_dict()).counted_revoke() == south


def test_only_the_first_revoke_counts_an_opponents_called_before_the_learners() -> None:
    game = two_revokes_in_one_trick()
    (east,) = game.deal.revokes
    assert game.call_revoke(Seat.EAST, 0).right
    revoke_too(game)
    turned = game.turn_trick()
    assert turned.revoke is None  # the computers do not call a revoke that cannot count
    assert game.counted_revoke() == east
    again = TableGame.from_dict(game.to_dict())
    play_on(game)
    play_on(again)
    assert game.score().revoked_by == again.score().revoked_by == east.seat.pair
    assert game.score().points[LEARNER.pair] > 0


def test_only_the_first_revoke_counts_an_opponents_called_after_the_learners() -> None:
    game = two_revokes_in_one_trick()
    revoke_too(game)
    east, south = game.deal.revokes
    assert game.turn_trick().revoke == south
    assert game.call_revoke(Seat.EAST, 0).right  # played first: it counts from now on
    assert game.counted_revoke() == east
    play_on(game)
    assert game.score().revoked_by == east.seat.pair


def _saved_early_in_seed_2() -> tuple[dict[str, Any], TableGame]:
    """Seed 2 at a club table saved after the first trick, and the game played on: East
    revokes in trick 5 and nobody calls it."""
    game = TableGame.new(seed=2, mode="club")
    play_on(game, until=lambda g: len(g.deal.tricks) == 1 and g.phase == "play")
    saved = game.to_dict()
    play_on(game)
    (east,) = game.deal.revokes
    assert (east.seat, east.trick) == (Seat.EAST, 4)
    assert game.score().points == (124, 58) and game.score().revoked_by is None
    return saved, game


def test_a_saved_call_on_a_trick_not_played_yet_is_refused_as_at_the_table() -> None:
    saved, _ = _saved_early_in_seed_2()
    saved["deals"][-1]["revoke_calls"] = [[int(Seat.EAST), 4]]  # it would count: (182, 0)
    with pytest.raises(TableError, match="EAST has not played in trick 5 yet"):
        TableGame.from_dict(saved)


@pytest.mark.parametrize(
    ("calls", "problem"),
    [([[int(LEARNER), 0]], "your own"), ([[3, 0], [3, 0]], "already")],
    ids=["own", "again"],
)
def test_saved_calls_are_checked_as_a_call_at_the_table_is(
    calls: list[list[int]], problem: str
) -> None:
    saved, _ = _saved_early_in_seed_2()
    saved["deals"][-1]["revoke_calls"] = calls
    with pytest.raises(TableError, match=problem):
        TableGame.from_dict(saved)


def test_a_saved_call_at_a_coach_table_is_refused() -> None:
    coach = TableGame.new(seed=2, mode="coach")
    play_on(coach, until=lambda g: len(g.deal.tricks) == 1 and g.phase == "play")
    kept = coach.to_dict()
    kept["deals"][-1]["revoke_calls"] = [[3, 0]]
    with pytest.raises(TableError, match="club table"):
        TableGame.from_dict(kept)


def test_saved_computer_calls_are_on_the_learners_revoke_that_counts() -> None:
    game = two_revokes_in_one_trick()
    revoke_too(game)
    game.turn_trick()
    saved = game.to_dict()
    assert saved["deals"][-1]["called"] == [[int(LEARNER), 0]]
    saved["deals"][-1]["called"] = []  # the learner's revoke would count for nothing
    with pytest.raises(TableError, match="your revoke in trick 1 counts, but no call on it"):
        TableGame.from_dict(saved)
    saved["deals"][-1]["called"] = [0, 2]  # as saved before club tables; trick 3 is not played
    with pytest.raises(TableError, match=r"no revoke of yours in a trick turned to call in \[3\]"):
        TableGame.from_dict(saved)
    saved["deals"][-1]["called"] = [0]  # as saved before club tables: the learner's
    assert TableGame.from_dict(saved).record.called == {(LEARNER, 0)}
