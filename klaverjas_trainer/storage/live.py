"""Live rounds at a club evening (tables ``live_rounds`` and ``live_answers``, schema v15): the
teacher puts a few puzzles to a group one at a time, the members answer on their phones, the
projector counts the answers and then shows them.

This module keeps a round's state and its answers. Each change is one short transaction that
checks the state it changes from (a double click on "Next" moves on once), and each answer is
stored with the round's check in the same transaction: an answer to a puzzle the teacher has
already shown is refused, never counted half. What a puzzle is, and whether a reply is right,
is the app's business: a round keeps each puzzle as the JSON the app gave it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Final, Literal

from sqlalchemy import func, select

from klaverjas_trainer.storage.db import DamagedRowError, read_json, reading, writing
from klaverjas_trainer.storage.schema import answers, learners, live_answers, live_rounds
from klaverjas_trainer.storage.store import AnswerRecord, ProgressStore
from klaverjas_trainer.storage.tokens import SignInEndedError

Phase = Literal["asking", "shown", "over"]
PHASES: Final[tuple[Phase, ...]] = ("asking", "shown", "over")
#: A round belongs to its evening: after this long it is no longer the group's live round.
EVENING: Final = timedelta(hours=6)
#: Puzzles in one round: enough for an evening, few enough to draw on one projector.
MOST_PUZZLES: Final = 20


class LiveRoundError(Exception):
    """A change to a live round that its state no longer allows (it moved on meanwhile)."""


class AlreadyAnsweredError(LiveRoundError):
    """The learner answered this puzzle of the round already (on another device, say)."""


@dataclass(frozen=True, slots=True)
class LiveRound:
    """A round's state: the puzzle on the phones (`at`, 0-based) and what they show of it."""

    id: int
    group_id: int
    puzzles: tuple[dict[str, Any], ...]
    at: int
    phase: Phase
    version: int  # grows with each change a phone must draw
    answered: int  # grows with each answer: the projector's count

    @property
    def last(self) -> bool:
        return self.at == len(self.puzzles) - 1


@dataclass(frozen=True, slots=True)
class LiveAnswer:
    learner_id: int
    puzzle: int
    given: str
    correct: bool


class LiveRounds:
    """The groups' live rounds, on top of the learner store (the same database)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.engine = store.engine

    def start(self, group_id: int, puzzles: Sequence[Mapping[str, Any]]) -> LiveRound:
        """A new round of `puzzles` for the group, at its first puzzle (a round still running
        for the group is over from now on: the phones follow the new one)."""
        if not 1 <= len(puzzles) <= MOST_PUZZLES:
            raise ValueError(f"a live round has 1 to {MOST_PUZZLES} puzzles, not {len(puzzles)}")
        text = json.dumps([dict(p) for p in puzzles], ensure_ascii=False, sort_keys=True)
        with writing(self.engine) as connection:
            connection.execute(
                live_rounds.update()
                .where(live_rounds.c.group_id == group_id, live_rounds.c.phase != "over")
                .values(phase="over", version=live_rounds.c.version + 1)
            )
            # A new round's version starts above every earlier one of the group: a phone that
            # saw version 3 of the last round must see the new round as a change.
            highest = connection.execute(
                select(func.max(live_rounds.c.version)).where(live_rounds.c.group_id == group_id)
            ).scalar()
            new_id = connection.execute(
                live_rounds.insert().values(
                    group_id=group_id,
                    started_at=self.store.now(),
                    puzzles=text,
                    at=0,
                    phase="asking",
                    version=(highest or 0) + 1,
                    answered=0,
                )
            ).inserted_primary_key[0]
        found = self.by_id(int(new_id))
        assert found is not None
        return found

    def current(self, group_id: int) -> LiveRound | None:
        """The group's round of this evening (the latest, over or not), if any."""
        query = (
            select(live_rounds)
            .where(
                live_rounds.c.group_id == group_id,
                live_rounds.c.started_at > self.store.now() - EVENING,
            )
            .order_by(live_rounds.c.id.desc())
            .limit(1)
        )
        with reading(self.engine) as connection:
            row = connection.execute(query).first()
        return None if row is None else _round(row)

    def by_id(self, round_id: int) -> LiveRound | None:
        with reading(self.engine) as connection:
            query = select(live_rounds).where(live_rounds.c.id == round_id)
            row = connection.execute(query).first()
        return None if row is None else _round(row)

    def move(self, seen: LiveRound, to: Phase, at: int | None = None) -> LiveRound:
        """From the state `seen` to phase `to` (at puzzle `at`, else the same one): "shown"
        closes the answers, "asking" with the next `at` puts the next puzzle, "over" ends the
        round. `LiveRoundError` when the round is no longer as seen (another click was first)
        or the move is not one a round makes."""
        at = seen.at if at is None else at
        allowed = (
            (to == "shown" and seen.phase == "asking" and at == seen.at)
            or (to == "asking" and seen.phase == "shown" and at == seen.at + 1)
            or (to == "over" and seen.phase != "over" and at == seen.at)
        )
        if not allowed or not 0 <= at < len(seen.puzzles):
            raise LiveRoundError(f"a round {seen.phase} at {seen.at} cannot go to {to} at {at}")
        with writing(self.engine) as connection:
            changed = connection.execute(
                live_rounds.update()
                .where(
                    live_rounds.c.id == seen.id,
                    live_rounds.c.version == seen.version,
                )
                .values(phase=to, at=at, version=live_rounds.c.version + 1)
            ).rowcount
        if changed != 1:
            raise LiveRoundError("the round has moved on meanwhile")
        found = self.by_id(seen.id)
        assert found is not None
        return found

    def answer(
        self,
        round_id: int,
        puzzle: int,
        learner_id: int,
        answer: AnswerRecord,
        *,
        sign_in: str | None = None,
    ) -> None:
        """Store a member's answer to puzzle `puzzle` of the round: in `answers` (counted by
        Progress, the dashboard and the coach like any other) and tied to the round, in one
        transaction that first checks the sign-in (`SignInEndedError`) and that the round
        still asks this puzzle (`LiveRoundError`, nothing stored); a second answer to the same
        puzzle raises `AlreadyAnsweredError`."""
        row = self.store._answer_row(learner_id, answer)
        mine = select(live_answers.c.learner_id).where(
            live_answers.c.round_id == round_id,
            live_answers.c.puzzle == puzzle,
            live_answers.c.learner_id == learner_id,
        )
        with writing(self.engine) as connection:
            if sign_in is not None:
                holder = self.store.tokens.verify_in(connection, sign_in, "learner")
                if holder != learner_id:
                    raise SignInEndedError("the learner's sign-in has ended")
            # Counting first takes the round's row lock (PostgreSQL): a "show" waits for this
            # answer, or this answer sees the round shown and stores nothing; so does the same
            # learner's answer from a second phone, which then sees the first.
            counted = connection.execute(
                live_rounds.update()
                .where(
                    live_rounds.c.id == round_id,
                    live_rounds.c.at == puzzle,
                    live_rounds.c.phase == "asking",
                )
                .values(answered=live_rounds.c.answered + 1)
            ).rowcount
            if counted != 1:
                raise LiveRoundError("the round no longer asks this puzzle")
            if connection.execute(mine).first() is not None:
                raise AlreadyAnsweredError("this puzzle of the round is answered already")
            connection.execute(
                live_answers.insert().values(
                    round_id=round_id,
                    puzzle=puzzle,
                    learner_id=learner_id,
                    given=answer.given,
                    correct=answer.correct,
                )
            )
            connection.execute(answers.insert(), row)

    def answers(
        self, round_id: int, puzzle: int | None = None, learner_id: int | None = None
    ) -> list[LiveAnswer]:
        """The round's answers (to one puzzle, of one member, or all), by member and puzzle."""
        query = select(live_answers).where(live_answers.c.round_id == round_id)
        if puzzle is not None:
            query = query.where(live_answers.c.puzzle == puzzle)
        if learner_id is not None:
            query = query.where(live_answers.c.learner_id == learner_id)
        query = query.order_by(live_answers.c.learner_id, live_answers.c.puzzle)
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return [LiveAnswer(r.learner_id, r.puzzle, r.given, bool(r.correct)) for r in rows]

    def names(self, round_id: int) -> dict[int, str]:
        """The names of the members who answered in the round (for the teacher only)."""
        query = (
            select(learners.c.id, learners.c.name)
            .where(
                learners.c.id.in_(
                    select(live_answers.c.learner_id).where(live_answers.c.round_id == round_id)
                )
            )
        )  # fmt: skip
        with reading(self.engine) as connection:
            return {row.id: row.name for row in connection.execute(query)}

    def versions(self) -> dict[int, tuple[int, int]]:
        """Per group with a round this evening: its latest round's (version, answered). The
        one query each server process makes per tick for all the phones it holds."""
        latest = (
            select(func.max(live_rounds.c.id))
            .where(live_rounds.c.started_at > self.store.now() - EVENING)
            .group_by(live_rounds.c.group_id)
        )
        query = select(live_rounds.c.group_id, live_rounds.c.version, live_rounds.c.answered).where(
            live_rounds.c.id.in_(latest)
        )
        with reading(self.engine) as connection:
            return {row.group_id: (row.version, row.answered) for row in connection.execute(query)}


def _round(row: Any) -> LiveRound:
    puzzles = read_json(row.puzzles, "live round")
    if not isinstance(puzzles, list) or not all(isinstance(p, dict) for p in puzzles):
        raise DamagedRowError(f"the live round's puzzles are not a list: {row.puzzles!r:.40}")
    if row.phase not in PHASES:
        raise DamagedRowError(f"the live round's phase is {row.phase!r:.20}")
    return LiveRound(
        row.id, row.group_id, tuple(puzzles), row.at, row.phase, row.version, row.answered
    )
