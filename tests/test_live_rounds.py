"""Live rounds' storage (klaverjas_trainer/storage/live.py), on SQLite and PostgreSQL: a
round moves on once per click, an answer is stored with the round's check in one transaction,
and the per-process version query sees every change a phone must draw."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from klaverjas_core import parse_cards
from klaverjas_questions import question_kind
from klaverjas_questions.positions import CardsAnswer
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.live import (
    AlreadyAnsweredError,
    LiveRoundError,
    LiveRounds,
)
from klaverjas_trainer.storage.tokens import SignInEndedError

KEYS = [{"kind": "which-cards", "rule": "play.follow-suit", "seed": n} for n in range(3)]


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 12, 4, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def setting(database: str) -> Iterator[tuple[LiveRounds, ClubStore, Clock]]:
    clock = Clock()
    engine = make_engine(database)
    store = ProgressStore(engine, now=clock)
    yield LiveRounds(store), ClubStore(store), clock
    engine.dispose()


def answer(given: str, correct: bool) -> AnswerRecord:
    reply = question_kind("which-cards").encode(CardsAnswer.of(parse_cards(given)))
    rule = "play.follow-suit"
    return AnswerRecord("puzzle", "p1", "which-cards", rule, (rule,), "amsterdam", 1, reply,
                        correct, 5.0)  # fmt: skip


def test_a_round_asks_shows_and_moves_on_once_per_click(
    setting: tuple[LiveRounds, ClubStore, Clock],
) -> None:
    rounds, club, _ = setting
    group = club.create_group("Thursday", "amsterdam")
    first = rounds.start(group.id, KEYS)
    assert (first.at, first.phase, first.answered, first.puzzles) == (0, "asking", 0, tuple(KEYS))
    shown = rounds.move(first, "shown")
    assert (shown.phase, shown.at) == ("shown", 0) and shown.version > first.version
    with pytest.raises(LiveRoundError):  # the second of two clicks on "show"
        rounds.move(first, "shown")
    second = rounds.move(shown, "asking", 1)
    with pytest.raises(LiveRoundError):  # "next" twice: the round moves on once
        rounds.move(shown, "asking", 1)
    with pytest.raises(LiveRoundError):  # never skips a puzzle, never passes the last
        rounds.move(rounds.move(second, "shown"), "asking", 3)
    assert rounds.current(group.id) == rounds.by_id(first.id)
    over = rounds.move(rounds.current(group.id), "over")  # type: ignore[arg-type]
    assert over.phase == "over"
    with pytest.raises(LiveRoundError):
        rounds.move(over, "over")


def test_a_new_round_ends_the_last_and_is_seen_as_a_change(
    setting: tuple[LiveRounds, ClubStore, Clock],
) -> None:
    rounds, club, clock = setting
    group, other = club.create_group("A", "amsterdam"), club.create_group("B", "rotterdam")
    first = rounds.move(rounds.start(group.id, KEYS), "shown")
    before = rounds.versions()[group.id]
    second = rounds.start(group.id, KEYS[:1])
    assert rounds.by_id(first.id).phase == "over"  # type: ignore[union-attr]
    assert rounds.current(group.id) == second
    assert rounds.versions()[group.id][0] > before[0]
    assert other.id not in rounds.versions() and rounds.current(other.id) is None
    clock.at += timedelta(hours=7)  # the next morning: no round of this evening
    assert rounds.current(group.id) is None and rounds.versions() == {}
    with pytest.raises(ValueError, match="1 to 20 puzzles"):
        rounds.start(group.id, [])


def test_an_answer_is_stored_with_the_round_once_and_counted(
    setting: tuple[LiveRounds, ClubStore, Clock],
) -> None:
    rounds, club, _ = setting
    group = club.create_group("Thursday", "amsterdam")
    anna = club.join(group.code, "Anna")
    bob = club.join(group.code, "Bob")
    live = rounds.start(group.id, KEYS)
    rounds.answer(live.id, 0, anna.id, answer("Q♥", True))
    rounds.answer(live.id, 0, bob.id, answer("K♥", False))
    with pytest.raises(AlreadyAnsweredError):  # the same learner on a second phone
        rounds.answer(live.id, 0, anna.id, answer("K♥", False))
    with pytest.raises(LiveRoundError):  # not the puzzle on the phones
        rounds.answer(live.id, 1, anna.id, answer("K♥", False))
    assert rounds.versions()[group.id] == (live.version, 2)  # the projector's count
    given = [(a.learner_id, a.correct) for a in rounds.answers(live.id, 0)]
    assert given == sorted([(anna.id, True), (bob.id, False)])
    assert len(club.store.answers(anna.id)) == 1  # Progress counts it like any other
    assert len(club.store.answers(bob.id)) == 1
    assert rounds.names(live.id) == {anna.id: "Anna", bob.id: "Bob"}
    shown = rounds.move(rounds.by_id(live.id), "shown")  # type: ignore[arg-type]
    assert shown.version == live.version + 1 and shown.answered == 2
    carl = club.join(group.code, "Carl")
    with pytest.raises(LiveRoundError):  # too late: shown already, nothing stored
        rounds.answer(live.id, 0, carl.id, answer("Q♥", True))
    assert club.store.answers(carl.id).empty and len(rounds.answers(live.id)) == 2


def test_an_answer_after_the_sign_in_ended_is_refused_and_not_stored(
    setting: tuple[LiveRounds, ClubStore, Clock],
) -> None:
    rounds, club, _ = setting
    group = club.create_group("Thursday", "amsterdam")
    anna = club.join(group.code, "Anna")
    token = club.store.remember(anna)
    live = rounds.start(group.id, KEYS)
    club.store.sign_out_everywhere(anna.id)
    with pytest.raises(SignInEndedError):
        rounds.answer(live.id, 0, anna.id, answer("Q♥", True), sign_in=token)
    assert rounds.answers(live.id) == [] and rounds.by_id(live.id).answered == 0  # type: ignore[union-attr]


def test_answers_racing_the_teacher_are_counted_exactly_when_stored(
    setting: tuple[LiveRounds, ClubStore, Clock],
) -> None:
    """Twelve phones answer while the teacher shows the answer: each answer is either stored
    and counted, or refused with nothing stored; the count is the rows."""
    rounds, club, _ = setting
    group = club.create_group("Thursday", "amsterdam")
    members = [club.join(group.code, f"Member {n}") for n in range(12)]
    live = rounds.start(group.id, KEYS)
    refused: list[int] = []

    def phone(learner_id: int) -> None:
        try:
            rounds.answer(live.id, 0, learner_id, answer("Q♥", True))
        except LiveRoundError:
            refused.append(learner_id)

    threads = [threading.Thread(target=phone, args=(m.id,)) for m in members]
    for thread in threads[:6]:
        thread.start()
    rounds.move(live, "shown")
    for thread in threads[6:]:
        thread.start()
    for thread in threads:
        thread.join()
    stored = rounds.answers(live.id)
    assert len(stored) + len(refused) == 12 and len(refused) >= 6
    assert rounds.by_id(live.id).answered == len(stored)  # type: ignore[union-attr]
    assert sum(len(club.store.answers(m.id)) for m in members) == len(stored)
