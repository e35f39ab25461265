"""People at one table (issue 36's core): two to four seats played by people, the others by the
computers. Each move is made by the seat whose turn it is and checked by the core as at the
learner's table; each step says whose decision it was; a revoke is called by the people who sit
against it (the computers call only where one of them does); a saved table resumes as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from klaverjas_core import AMSTERDAM, ROTTERDAM, Seat
from klaverjas_table import TableError, TableGame
from klaverjas_table.table import dealt

ALL = tuple(Seat)


def play_first_legal(game: TableGame, *, until_trick: bool = False) -> None:
    """Every person passes (or names ♥ when made to) and plays their first legal card; each
    trick turned; up to the deal's score (or the first trick waiting, with `until_trick`)."""
    while game.phase not in ("score", "over"):
        if game.phase == "call":
            assert game.to_act in game.humans
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            if until_trick:
                return
            game.turn_trick()
        else:
            assert game.to_act in game.humans  # the computers never act in a person's turn
            game.play(next(iter(game.legal_cards())))


def test_the_people_at_a_table_get_the_same_cards_as_the_learner_of_that_deal_number() -> None:
    together = TableGame(seed=5, humans=(Seat.SOUTH, Seat.WEST))
    alone = TableGame(seed=5)
    assert together.deal.hands == alone.deal.hands == dealt(5, 0, AMSTERDAM).hands


@pytest.mark.parametrize("humans", [(Seat.SOUTH, Seat.WEST), (Seat.NORTH, Seat.SOUTH), ALL])
def test_each_person_acts_in_their_own_turn_and_the_steps_say_whose(
    humans: tuple[Seat, ...],
) -> None:
    for seed in range(6):
        game = TableGame.new(seed=seed, rules=ROTTERDAM, humans=humans)
        play_first_legal(game)
        assert sum(game.score().points) >= 162
        assert game.steps() and {step.seat for step in game.steps()} <= set(humans)
        if humans == ALL:  # nobody else at the table: nothing happens between the moves
            assert game.recent == []


def test_a_person_plays_only_from_the_hand_of_the_seat_to_move() -> None:
    game = TableGame.new(seed=3, humans=ALL)
    play_first_legal(game, until_trick=True)
    game.turn_trick()
    other = next(seat for seat in ALL if seat != game.to_act)
    with pytest.raises(TableError, match="not in your hand"):
        game.play(game.deal.hand(other)[0])


def test_the_humans_are_one_to_four_different_seats() -> None:
    for humans in [(), (Seat.SOUTH, Seat.SOUTH), (7,)]:
        with pytest.raises(TableError, match=r"humans|whole number"):
            TableGame(seed=1, humans=humans)  # type: ignore[arg-type]


def people_revoke(game: TableGame, revoker: Seat) -> None:
    """Play on (first legal cards) until `revoker` can revoke, and let them; then complete the
    trick."""
    while True:
        if game.phase == "call":
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            game.turn_trick()
        elif game.phase != "play":
            raise AssertionError("the deal ended without a chance to revoke")
        else:
            legal = game.legal_cards()
            hand = game.deal.hand(game.deal.to_move)
            illegal = [card for card in hand if card not in legal]
            if game.deal.to_move == revoker and illegal:
                game.play(illegal[0])
                play_first_legal(game, until_trick=True)
                return
            game.play(next(iter(legal)))


def club_table_with_a_revoke_by(revoker: Seat) -> TableGame:
    for seed in range(100):
        game = TableGame.new(seed=seed, mode="club", humans=ALL, revokes="never")
        try:
            people_revoke(game, revoker)
        except AssertionError:
            continue
        return game
    raise AssertionError(f"{revoker.name} never could revoke")


def test_with_only_people_at_the_table_a_revoke_is_theirs_to_call() -> None:
    game = club_table_with_a_revoke_by(Seat.NORTH)
    (revoke,) = game.deal.revokes
    turned = game.turn_trick()
    assert turned.revoke is None and game.record.called == set()  # no computer sits against it
    with pytest.raises(TableError, match="own revoke"):
        game.call_revoke(Seat.NORTH, revoke.trick, by=Seat.NORTH)
    called = game.call_revoke(Seat.NORTH, revoke.trick, by=Seat.EAST)
    assert called.right and called.step.seat is Seat.EAST
    with pytest.raises(TableError, match="already"):
        game.call_revoke(Seat.NORTH, revoke.trick, by=Seat.WEST)  # called once, by anyone
    play_first_legal(game)
    assert game.counted_revoke() == revoke
    assert game.score().points[Seat.NORTH.pair] == 0  # the revoking pair loses the deal


def test_a_revoke_nobody_called_is_missed_by_each_person_of_the_other_pair() -> None:
    game = club_table_with_a_revoke_by(Seat.SOUTH)
    (revoke,) = game.deal.revokes
    play_first_legal(game)
    missed = [s for s in game.steps() if s.question == "who-revoked" and s.trick == revoke.trick]
    assert sorted(step.seat for step in missed) == [Seat.EAST, Seat.WEST]
    assert not any(step.correct for step in missed) and game.counted_revoke() is None


def test_the_computers_call_a_persons_revoke_where_one_of_them_sits_against_it() -> None:
    for seed in range(100):
        game = TableGame.new(seed=seed, mode="club", humans=(Seat.SOUTH, Seat.NORTH))
        try:
            people_revoke(game, Seat.NORTH)
        except AssertionError:
            continue
        turned = game.turn_trick()
        if turned.revoke is not None:
            assert turned.revoke.seat is Seat.NORTH
            assert (Seat.NORTH, turned.trick) in game.record.called
            return
    raise AssertionError("no called revoke of North's in 100 deals")


def test_a_computer_calls_nothing() -> None:
    game = TableGame.new(seed=1, mode="club", humans=(Seat.SOUTH, Seat.NORTH))
    play_first_legal(game, until_trick=True)
    with pytest.raises(TableError, match="computer"):
        game.call_revoke(Seat.EAST, 0, by=Seat.WEST)


def test_roem_is_declared_by_a_person_of_the_pair_taking_the_trick() -> None:
    for seed in range(200):
        game = TableGame.new(seed=seed, humans=ALL)
        while game.phase != "score":
            play_first_legal(game, until_trick=True)
            if game.phase != "trick":
                break
            number = game.record.turned
            winner = game.trick_winner(number)
            others = [seat for seat in ALL if seat.pair != winner.pair]
            assert not any(game.can_declare(seat) for seat in others)
            if game.turn_trick().missed_roem is not None:  # roem left undeclared
                steps = [s for s in game.steps() if s.question == "count-trick"]
                assert sorted(s.seat for s in steps) == sorted({winner, winner.partner})
                return
    raise AssertionError("no trick with roem in 200 deals")


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    humans=st.sets(st.sampled_from(ALL), min_size=1).map(sorted),
    mode=st.sampled_from(["coach", "club"]),
    moves=st.integers(0, 60),
)
def test_a_saved_table_resumes_where_it_was(
    seed: int, humans: list[Seat], mode: str, moves: int
) -> None:
    """Property: any table with any people, saved after any number of moves (a person's card
    chosen at random, now and then an illegal one at a club table, calls by random people),
    replays through the core to the same state."""
    game = TableGame.new(seed=seed, mode=mode, humans=humans, revokes="often")
    rng = random.Random(seed)
    for _ in range(moves):
        if game.phase == "call":
            game.call("♥" if game.must_name else rng.choice(["pass", "♠"]))
        elif game.phase == "trick":
            game.turn_trick()
        elif game.phase == "play":
            hand = game.deal.hand(game.deal.to_move)
            game.play(rng.choice(hand) if mode == "club" else rng.choice(list(game.legal_cards())))
        elif game.phase == "score":
            game.next_deal()
        if mode == "club" and game.phase in ("play", "trick") and game.deal.tricks:
            seat, by = rng.choice(ALL), rng.choice(humans)
            if game.revoke_call_problem(seat, 0, by) is None:
                game.call_revoke(seat, 0, by)
    saved = game.to_dict()
    again = TableGame.from_dict(saved)
    assert again.to_dict() == saved
    assert again.humans == tuple(humans) and again.steps() == game.steps()


def test_a_person_who_leaves_is_played_by_the_computer_and_comes_back_to_the_same_hand() -> None:
    game = TableGame.new(seed=9, humans=ALL)
    play_first_legal(game, until_trick=True)
    game.turn_trick()
    leaving = game.to_act
    assert leaving is not None
    game.seat_people([seat for seat in ALL if seat != leaving])  # the computer plays at once
    assert game.to_act != leaving and leaving not in game.humans
    assert any(seat == leaving for seat, _ in game.recent)
    kept = game.deal.hand(leaving)
    game.seat_people(ALL)  # back: the same seat, the hand as the computer left it
    assert game.humans == ALL and game.deal.hand(leaving) == kept
    with pytest.raises(TableError, match="humans"):
        game.seat_people([])


def test_the_teacher_takes_back_a_persons_card_and_the_computers_cards_after_it() -> None:
    game = TableGame.new(seed=4, humans=(Seat.SOUTH, Seat.WEST))
    with pytest.raises(TableError, match="no card of a person"):
        game.take_back()  # nothing played yet
    while not (game.phase == "play" and game.deal.current and game.to_act in game.humans):
        play_one(game)
    cards_before = list(game.record.cards)
    seat = game.to_act
    assert seat is not None
    card = next(iter(game.legal_cards()))
    game.play(card)
    steps = len(game.steps())
    assert game.take_back() == (seat, card)
    assert game.to_act is seat and card in game.deal.hand(seat)
    assert game.record.cards == cards_before  # the computers' cards after it are gone too
    assert len(game.steps()) == steps  # the decision was made: it stays
    assert TableGame.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_a_card_is_not_taken_back_once_something_was_said_on_its_trick() -> None:
    for seed in range(40):
        game = TableGame.new(seed=seed, humans=(Seat.SOUTH, Seat.NORTH))
        play_first_legal(game, until_trick=True)
        trick = game.waiting_trick
        assert trick is not None
        takers = [seat for seat in game.humans if game.can_declare(seat)]
        if not takers:
            continue
        game.declare_roem(0, takers[0])
        with pytest.raises(TableError, match="something was said"):
            game.take_back()
        return
    raise AssertionError("no trick taken by the people in 40 deals")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    humans=st.sets(st.sampled_from(ALL), min_size=1).map(lambda s: tuple(sorted(s))),
    moves=st.integers(0, 30),
)
def test_a_card_taken_back_leaves_the_match_as_it_was_before_that_card(
    seed: int, humans: tuple[Seat, ...], moves: int
) -> None:
    """Property: after any number of moves, a card taken back puts its person to move with
    the card in hand, and the match is what it was just before that card was played."""
    game = TableGame.new(seed=seed, humans=humans)
    before: dict[tuple[int, int], tuple[Seat, TableGame]] = {}  # (deal, cards played): a copy
    for _ in range(moves):
        if game.phase in ("score", "over"):
            break
        if game.phase == "play" and game.to_act in game.humans:
            where = (game.deal_number, len(game.record.cards))
            before[where] = (game.to_act, TableGame.from_dict(game.to_dict()))
        play_one(game)
    try:
        seat, card = game.take_back()
    except TableError:
        return
    was_seat, was = before[(game.deal_number, len(game.record.cards))]
    assert seat is was_seat and game.to_act is seat and card in game.deal.hand(seat)
    assert game.deal.hands == was.deal.hands and game.deal.tricks == was.deal.tricks
    assert game.deal.current == was.deal.current


def play_one(game: TableGame) -> None:
    """One move of whoever is to act: a pass (♥ when made to), the first legal card, or the
    trick turned."""
    if game.phase == "call":
        game.call("♥" if game.must_name else "pass")
    elif game.phase == "trick":
        game.turn_trick()
    else:
        game.play(next(iter(game.legal_cards())))
