"""The drill's decisions without Streamlit: what comes next, and an answer graded only once it
is stored. The clock and the random generator are passed in."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from klaverjas_core import AMSTERDAM, ROTTERDAM
from klaverjas_questions.positions import CardsAnswer
from klaverjas_trainer.app import answering, drill
from klaverjas_trainer.app.drill import AUTO, DrillState
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, StorageError, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.drill_places import DrillPlaces
from puzzles import GENERATOR_VERSION, GenerationError, Puzzle, PuzzleError, generate

NOW = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(make_engine(f"sqlite:///{tmp_path / 'drill.sqlite3'}"), now=lambda: NOW)


def choose(state: DrillState, store: ProgressStore, learner: int, seed: int = 1) -> drill.Choice:
    choice = drill.choose_next(
        state, rules=AMSTERDAM, store=store, learner_id=learner, assignment=None,
        group_rules=None, now=NOW, rng=random.Random(seed),
    )  # fmt: skip
    assert choice is not None
    state.choice = choice
    return choice


def test_what_i_need_most_starts_with_the_first_rule_never_practised(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    choice = choose(DrillState(kind="which-cards", rule=AUTO), store, anna)
    assert choice.puzzle.rule.value == "play.follow-suit"
    assert choice.reason is not None and choice.reason.key == "suggested"
    assert choice.reason.fields["why"] == "new"


def test_a_chosen_rule_and_seed_give_the_same_puzzle(store: ProgressStore) -> None:
    anna = store.learner("Anna").id

    def state() -> DrillState:
        return DrillState(kind="card-legal", rule="play.must-overtrump", level=2)

    first = choose(state(), store, anna, seed=5).puzzle
    assert choose(state(), store, anna, seed=5).puzzle == first
    assert first.rule.value == "play.must-overtrump" and first.level == 2


def test_a_session_does_not_show_the_same_puzzle_twice(store: ProgressStore) -> None:
    # Level 1 of is-nat shows only totals, so two seeds can make the same puzzle.
    anna = store.learner("Anna").id
    state = DrillState(kind="is-nat", rule="score.nat", level=1)
    first = choose(state, store, anna, seed=5).puzzle
    again = choose(state, store, anna, seed=5).puzzle  # the same seeds drawn first
    assert again.id != first.id and state.shown == {first.id, again.id}
    fresh = DrillState(kind="is-nat", rule="score.nat", level=1)
    assert choose(fresh, store, anna, seed=5).puzzle == first


def test_a_rule_the_rule_set_lacks_falls_back_to_what_is_needed(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    state = DrillState(kind="which-cards", rule="play.partner-winning")
    choice = drill.choose_next(
        state, rules=ROTTERDAM, store=store, learner_id=anna, assignment=None, group_rules=None,
        now=NOW, rng=random.Random(2),
    )  # fmt: skip
    assert choice is not None and choice.puzzle.rule.value != "play.partner-winning"
    assert choice.puzzle.rules == ROTTERDAM


def test_a_generator_failure_never_reaches_the_learner(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna = store.learner("Anna").id
    real, calls = drill.generate, []

    def flaky(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        calls.append(kwargs["seed"])
        if len(calls) < 3:
            raise GenerationError("no luck with this seed")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(drill, "generate", flaky)
    choice = choose(DrillState(rule="play.follow-suit"), store, anna)
    assert len(calls) == 3 and len(set(calls)) == 3 and choice.puzzle.seed == calls[-1]
    monkeypatch.setattr(drill, "generate", lambda *a, **k: (_ for _ in ()).throw(GenerationError))
    state = DrillState(rule="play.follow-suit")
    assert drill.choose_next(
        state, rules=AMSTERDAM, store=store, learner_id=anna, assignment=None, group_rules=None,
        now=NOW, rng=random.Random(3),
    ) is None  # fmt: skip


def test_an_answer_is_stored_then_graded_and_the_streak_counts(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    state = DrillState(rule="play.must-overtrump", mode="streak")
    puzzle = choose(state, store, anna).puzzle
    grade = drill.answer(state, puzzle.answer, store=store, learner_id=anna, seconds=4, now=NOW)
    assert grade.correct and state.grade is grade and state.streak == 1
    frame = store.answers(anna)
    assert list(frame["given"]) == [puzzle.question.encode(puzzle.answer)]
    assert list(frame["kind"]) == ["which-cards"] and list(frame["seed"]) == [puzzle.seed]
    drill.next_puzzle(state)
    puzzle = choose(state, store, anna, seed=9).puzzle
    drill.answer(state, CardsAnswer(frozenset()), store=store, learner_id=anna, seconds=2, now=NOW)
    assert state.streak_over and state.streak == 1
    drill.next_puzzle(state)
    assert state.streak == 0 and not state.streak_over and state.fresh


def test_a_failed_save_is_never_shown_as_graded(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna = store.learner("Anna").id
    state = DrillState(rule="play.follow-suit")
    puzzle = choose(state, store, anna).puzzle

    def disk_full(*args: object, **kwargs: object) -> None:
        raise StorageError("saving failed: database or disk is full")

    monkeypatch.setattr(store, "record", disk_full)
    with pytest.raises(StorageError):
        drill.answer(state, puzzle.answer, store=store, learner_id=anna, seconds=1, now=NOW)
    assert state.grade is None


def test_replay_my_mistakes_brings_each_wrong_puzzle_back_once(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    state = DrillState(rule="play.must-trump")
    wrong = choose(state, store, anna).puzzle
    drill.answer(state, CardsAnswer(frozenset()), store=store, learner_id=anna, seconds=1, now=NOW)
    state = DrillState(mode="mistakes")
    assert choose(state, store, anna).puzzle == wrong
    assert drill.choose_next(
        state, rules=AMSTERDAM, store=store, learner_id=anna, assignment=None, group_rules=None,
        now=NOW, rng=random.Random(1),
    ) is None  # fmt: skip


def test_a_club_set_runs_in_order_then_finishes(store: ProgressStore) -> None:
    club = ClubStore(store)
    group = club.create_group("Dinsdag", "rotterdam")
    work = club.assign(group.id, kind="is-nat", rule="score.made", count=2, seed=70, level=2)
    anna = club.join(group.code, "Anna").id
    state = DrillState(assignment=work.id)
    seeds = []
    for _ in range(2):
        choice = drill.choose_next(
            state, rules=AMSTERDAM, store=store, learner_id=anna, assignment=work,
            group_rules=group.rules, now=NOW, rng=random.Random(0),
        )  # fmt: skip
        assert choice is not None and choice.puzzle.rules == ROTTERDAM  # the group's rules
        assert choice.reason is not None and choice.reason.key == "set-progress"
        seeds.append(choice.puzzle.seed)
        state.choice = choice
        drill.next_puzzle(state)
    assert seeds == [70, 71]
    drill.choose_next(
        state, rules=AMSTERDAM, store=store, learner_id=anna, assignment=work,
        group_rules=group.rules, now=NOW, rng=random.Random(0),
    )  # fmt: skip
    assert state.set_finished and state.assignment is None


def test_a_set_made_by_newer_generators_is_refused_not_shown_different(  # and not 'finished'
    store: ProgressStore,
) -> None:
    club = ClubStore(store)
    group = club.create_group("Dinsdag", "amsterdam")
    work = club.assign(group.id, kind="which-cards", rule="play.must-trump", count=3, seed=4)
    assert work.generator_version == GENERATOR_VERSION
    assert drill.make(drill.set_key(work, group.rules, 2)).seed == 6
    newer = dataclasses.replace(work, generator_version=GENERATOR_VERSION + 1)
    with pytest.raises(PuzzleError, match="made with puzzle generators version"):
        drill.set_key(newer, group.rules, 0)
    state = DrillState(assignment=work.id)
    choice = drill.choose_next(
        state, rules=AMSTERDAM, store=store, learner_id=club.join(group.code, "Anna").id,
        assignment=newer, group_rules=group.rules, now=NOW, rng=random.Random(0),
    )  # fmt: skip
    assert state.set_unavailable and not state.set_finished and state.assignment is None
    assert choice is not None and choice.reason is not None and choice.reason.key == "suggested"


def test_a_set_made_by_older_generators_shows_the_puzzles_it_was_made_with(
    store: ProgressStore,
) -> None:
    club = ClubStore(store)
    group = club.create_group("Dinsdag", "amsterdam")
    work = club.assign(group.id, kind="is-nat", rule="score.nat", count=5, seed=10)
    old = dataclasses.replace(work, generator_version=1)
    shown = [drill.make(drill.set_key(old, group.rules, number)) for number in range(5)]
    assert [puzzle.id for puzzle in shown] == [
        generate("is-nat", "score.nat", seed=10 + n, version=1).id for n in range(5)
    ]
    assert all(puzzle.generator_version == 1 for puzzle in shown)
    current = [drill.make(drill.set_key(work, group.rules, number)).id for number in range(5)]
    assert current != [puzzle.id for puzzle in shown]  # version 2 builds other deals


def test_a_mistake_on_an_older_generators_puzzle_comes_back_as_that_puzzle(
    store: ProgressStore,
) -> None:
    anna = store.learner("Anna").id
    old = generate("is-nat", "score.made", seed=3, level=2, version=1)
    assert generate("is-nat", "score.made", seed=3, level=2).id != old.id
    wrong = dataclasses.replace(old.answer, nat=not old.answer.nat)
    state = DrillState(choice=drill.Choice(old))
    drill.answer(state, wrong, store=store, learner_id=anna, seconds=1, now=NOW)
    replay = DrillState(mode="mistakes")
    assert choose(replay, store, anna).puzzle == old  # the stored id says which generators


def test_a_mistake_answered_right_leaves_the_replay_list_for_good(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    state = DrillState(rule="play.must-trump")
    wrong = choose(state, store, anna).puzzle
    drill.answer(state, CardsAnswer(frozenset()), store=store, learner_id=anna, seconds=1, now=NOW)
    replay = DrillState(mode="mistakes")
    assert choose(replay, store, anna).puzzle == wrong
    drill.answer(replay, wrong.answer, store=store, learner_id=anna, seconds=1, now=NOW)
    assert replay.cleared and replay.grade is not None and replay.grade.correct
    assert store.open_mistakes(anna).empty
    next_session = DrillState(mode="mistakes")
    assert drill.choose_next(
        next_session, rules=AMSTERDAM, store=store, learner_id=anna, assignment=None,
        group_rules=None, now=NOW, rng=random.Random(1),
    ) is None  # fmt: skip


def test_the_best_streak_outlives_a_broken_streak(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    state = DrillState(kind="card-legal", rule="play.follow-suit", mode="streak")
    for seed in (1, 2):
        puzzle = choose(state, store, anna, seed).puzzle
        drill.answer(state, puzzle.answer, store=store, learner_id=anna, seconds=1, now=NOW)
        drill.next_puzzle(state)
    puzzle = choose(state, store, anna, 3).puzzle
    wrong = dataclasses.replace(puzzle.answer, legal=not puzzle.answer.legal)
    drill.answer(state, wrong, store=store, learner_id=anna, seconds=1, now=NOW)
    drill.next_puzzle(state)
    assert state.streak == 0 and state.best_streak == 2


def test_the_schedule_is_kept_not_rebuilt_after_a_hinted_answer(
    store: ProgressStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision made after a hint is stored but not reviewed: the schedule still knows it
    has seen it, so the next puzzles do not replay the whole history (they did)."""
    anna = store.learner("Anna").id
    hinted = AnswerRecord(
        "play", "play/1/1/1", "card-legal", "play.follow-suit", ("play.follow-suit",),
        "amsterdam", 1, '{"legal":true}', True, 2.0, hinted=True,
    )  # fmt: skip
    store.record(anna, hinted)
    state = DrillState(kind="which-cards", rule=AUTO)
    puzzle = choose(state, store, anna).puzzle
    built = state.schedule
    assert built is not None and built.answers_seen == 1
    drill.answer(state, puzzle.answer, store=store, learner_id=anna, seconds=3, now=NOW)
    drill.next_puzzle(state)

    def whole_history(learner_id: int) -> None:
        raise AssertionError("the schedule was rebuilt from the whole history")

    monkeypatch.setattr(store, "answers", whole_history)
    choose(state, store, anna, seed=2)
    assert state.schedule is built and built.answers_seen == 2


def test_an_answer_elsewhere_rebuilds_the_schedule(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    state = DrillState(kind="which-cards", rule=AUTO)
    choose(state, store, anna)
    built = state.schedule
    other = generate("which-cards", "play.must-trump", seed=5)
    store.record(anna, graded_answer(other))  # another tab answered
    choose(state, store, anna, seed=2)
    assert state.schedule is not built and state.schedule is not None
    assert state.schedule.answers_seen == 1


def test_a_new_best_streak_is_stored_with_the_answer(store: ProgressStore) -> None:
    anna = store.learner("Anna").id
    places = DrillPlaces(store)
    state = DrillState(kind="card-legal", rule="play.follow-suit", mode="streak")
    puzzle = choose(state, store, anna).puzzle
    settings = {"language": "nl", "best_streak": 0}
    drill.answer(
        state, puzzle.answer, store=store, learner_id=anna, seconds=1, now=NOW,
        places=places, settings=settings,
    )  # fmt: skip
    assert store.learner("Anna").settings == {"language": "nl", "best_streak": 1}
    drill.next_puzzle(state)
    puzzle = choose(state, store, anna, seed=2).puzzle
    wrong = dataclasses.replace(puzzle.answer, legal=not puzzle.answer.legal)
    store.save_settings(anna, {"language": "uk", "best_streak": 1})  # changed on Profile
    drill.answer(
        state, wrong, store=store, learner_id=anna, seconds=1, now=NOW,
        places=places, settings={"language": "uk", "best_streak": 1},
    )  # fmt: skip
    assert store.learner("Anna").settings == {"language": "uk", "best_streak": 1}  # untouched


def graded_answer(puzzle: Puzzle) -> AnswerRecord:
    graded = answering.grade(answering.puzzle_asked(puzzle), puzzle.answer)
    return graded.answer(seconds=1.0)
