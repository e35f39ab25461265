"""Playing at the table, between the page and the store: start or resume the learner's match,
make one move, and store the move's decisions together with the game in one transaction.

A move's outcome reaches the page only after the store has it: if the save fails, the game
goes back to where it was saved, so nothing unsaved is shown as done.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from klaverjas_core import Card, RuleSet
from klaverjas_table import DEFAULT_REVOKES, Outcome, TableError, TableGame
from klaverjas_trainer.app.answering import table_answer
from klaverjas_trainer.storage import DamagedRowError, ProgressStore

T = TypeVar("T")


@dataclass
class PlayState:
    """The session's game and what the page shows about the last move."""

    game: TableGame | None = None
    learner_id: int | None = None
    assignment_id: int | None = None  # the club's shared deal this game plays, if any
    pending: int | None = None  # a shared deal the learner chose to start (an assignment id)
    shown_at: float = 0.0  # when the learner's current decision was put before them
    hint: bool = False  # show the legal cards for the decision now open
    last: Outcome | MoveFailed | None = None  # the last move's outcome, for the feedback line
    resumed_broken: bool = False  # a saved game could not be replayed; a new one was started
    animate: bool = False  # the computers' cards of the last move are still to be dealt out


@dataclass(frozen=True, slots=True)
class MoveFailed:
    """A move that could not be stored (the game went back to where it was saved)."""

    error: str


def arrivals(state: PlayState) -> list[Card]:
    """The computers' cards of the last move, once: the next run draws them at once (the model
    keeps them until the next move; the page only notes that it has dealt them out)."""
    game, wanted = state.game, state.animate
    state.animate = False
    if game is None or not wanted:
        return []
    return [card for _, card in game.recent if isinstance(card, Card)]


def new_seed() -> int:
    """A fresh deal number for a new match (shown, so a club can replay it)."""
    return secrets.randbelow(900_000) + 100_000


def resume(state: PlayState, store: ProgressStore, learner_id: int) -> TableGame | None:
    """The learner's saved match, replayed; None if there is none. A saved game that cannot be
    read or replayed (damaged, or from before an update) is dropped, and the page says so."""
    if state.game is not None and state.learner_id == learner_id:
        return state.game
    state.learner_id, state.game, state.last = learner_id, None, None
    try:
        saved = store.load_game(learner_id)
        if saved is None:
            return None
        state.game, state.assignment_id = TableGame.from_dict(saved[0]), saved[1]
    # RecursionError: a record nested nearly as deep as the parser allows, quoted in an error
    except (TableError, DamagedRowError, RecursionError):
        state.resumed_broken = True
        store.save_game(learner_id, None)
        return None
    return state.game


def start(
    state: PlayState,
    store: ProgressStore,
    learner_id: int,
    *,
    rules: RuleSet,
    mode: str,
    level: str,
    seed: int | None = None,
    assignment_id: int | None = None,
    revokes: str = DEFAULT_REVOKES,
) -> TableGame:
    """A new match (a shared deal's when `assignment_id` is given), saved at once."""
    game = TableGame.new(new_seed() if seed is None else seed, rules, mode, level, revokes)
    store.save_game(learner_id, game.to_dict(), assignment_id=assignment_id)
    state.game, state.learner_id, state.last, state.hint = game, learner_id, None, False
    state.assignment_id, state.animate = assignment_id, True  # the computers' first cards
    return game


def move(
    state: PlayState,
    store: ProgressStore,
    make: Callable[[TableGame], T],
    *,
    seconds: float,
) -> T:
    """Make one move on the session's game and store it with the decisions it made; on a
    failed save the game is put back as it was saved and the error goes up to the page."""
    game = state.game
    assert game is not None and state.learner_id is not None
    before = game.to_dict()
    steps_before = len(game.steps())
    result = make(game)
    made = game.steps()[steps_before:]
    shared = state.assignment_id
    decisions = [
        table_answer(game, step, seconds, shared if step.deal == 0 else None) for step in made
    ]
    finished = game.deal_number > 0 or game.phase in ("score", "over")  # the first deal is done
    try:
        store.save_game(
            state.learner_id, game.to_dict(), decisions, assignment_id=shared, finished=finished
        )
    except Exception:  # whatever the failure, the game is what the store has; the page says why
        state.game = TableGame.from_dict(before)
        raise
    return result
