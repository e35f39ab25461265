"""The coach's checks keep what their searches found (`puzzles.discriminating.Found`): a later
check for the same question takes a kept position instead of generating dozens of puzzles, never
one the learner was shown already, and a search that finds nothing kept is the search as before."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from klaverjas_core import AMSTERDAM, NO_MISBELIEF
from klaverjas_questions.misconceptions import BY_NAME, Diagnosis, discriminates
from klaverjas_trainer.app.worker_pool import CoachSearches
from klaverjas_trainer.workers import InlinePool, JobStatus
from puzzles import PuzzleError, discriminating
from puzzles.discriminating import KEPT, Found, discriminating_puzzle, telling

ENTRY = BY_NAME["always-overtrump"]


@pytest.fixture
def generated(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many puzzles the searches generate."""
    made = [0]
    real = discriminating.generate

    def counted(*args: Any, **kwargs: Any) -> Any:
        made[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(discriminating, "generate", counted)
    return made


def test_with_nothing_kept_the_search_is_the_search_as_before(generated: list[int]) -> None:
    for seed in range(5):
        alone = discriminating_puzzle(ENTRY, AMSTERDAM, seed=seed)
        kept = Found()
        assert discriminating_puzzle(ENTRY, AMSTERDAM, seed=seed, found=kept).id == alone.id
        assert [p.id for p in kept.kept.popitem()[1]] == [alone.id]  # and it is kept


def test_a_later_check_takes_a_kept_position_not_one_already_shown(
    generated: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discriminating, "SEARCH_SHARE", 0.0)  # take a kept one when there is one
    found = Found()
    first = discriminating_puzzle(ENTRY, AMSTERDAM, seed=1, found=found)
    searched = generated[0]
    again = discriminating_puzzle(ENTRY, AMSTERDAM, seed=2, found=found)
    assert again.id == first.id and generated[0] == searched  # taken: nothing generated
    assert discriminates(ENTRY, again.kind, again.content, AMSTERDAM)
    other = discriminating_puzzle(ENTRY, AMSTERDAM, seed=3, found=found, avoid={first.id})
    assert other.id != first.id and generated[0] > searched  # shown already: a new search
    assert {p.id for p in found.kept.popitem()[1]} == {first.id, other.id}


def test_kept_positions_are_per_question_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discriminating, "SEARCH_SHARE", 1.0)  # always search: the pool fills
    found = Found()
    for seed in range(KEPT + 4):
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=seed, found=found)
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=seed, level=2, found=found)
    assert len(found.kept) == 2  # a level-2 check is another question
    assert all(len(known) == KEPT for known in found.kept.values())


def test_what_a_candidate_tells_is_the_same_remembered() -> None:
    diagnosis = Diagnosis(AMSTERDAM)
    unnamed = diagnosis.suspects(at=discriminating.RULED_OUT)
    found = Found()
    chances = {entry.name: diagnosis.probability(entry) for entry in unnamed}
    for seed in range(3):
        puzzle = discriminating_puzzle(ENTRY, AMSTERDAM, seed=seed)
        plain = telling(diagnosis, unnamed, puzzle)
        assert telling(diagnosis, unnamed, puzzle, found, chances) == plain
        assert telling(diagnosis, unnamed, puzzle, found, chances) == plain  # remembered
    assert found.told


def test_a_search_that_found_nothing_is_made_again_only_now_and_then(
    generated: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discriminating, "discriminates", lambda *args: False)  # nothing tells
    found = Found()
    with pytest.raises(PuzzleError):
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=1, found=found, tries=5)
    assert generated[0] == 5
    monkeypatch.setattr(discriminating, "SEARCH_SHARE", 0.0)  # not this time
    with pytest.raises(PuzzleError):
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=2, found=found, tries=5)
    assert generated[0] == 5  # no search: it found nothing before
    with pytest.raises(PuzzleError):  # a longer search than the one that found nothing
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=3, found=found, tries=8)
    assert generated[0] == 13
    monkeypatch.setattr(discriminating, "SEARCH_SHARE", 1.0)  # now and then it searches again
    with pytest.raises(PuzzleError):
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=4, found=found, tries=8)
    assert generated[0] == 21


class Recorded:
    """A `Found.later` that only notes each search asked for (a server's pool, not yet run)."""

    def __init__(self) -> None:
        self.asked: list[tuple[Any, discriminating.Search]] = []

    def __call__(self, key: Any, search: discriminating.Search) -> None:
        self.asked.append((key, search))


def test_an_optional_check_with_nothing_kept_searches_later_and_a_later_check_takes_it(
    generated: list[int],
) -> None:
    later = Recorded()
    found = Found(later=later)
    with pytest.raises(PuzzleError, match="searching"):
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=1, found=found, wait=False)
    assert generated[0] == 0 and len(later.asked) == 1  # nothing generated on this click
    key, search = later.asked[0]
    searched = pickle.loads(pickle.dumps(search))  # as a worker process gets it
    puzzle = discriminating.run_search(searched)
    assert puzzle is not None and discriminates(ENTRY, puzzle.kind, puzzle.content, AMSTERDAM)
    found.found(key, search, puzzle)
    made = generated[0]
    again = discriminating_puzzle(ENTRY, AMSTERDAM, seed=2, found=found, wait=False)
    assert again.id == puzzle.id and generated[0] == made  # taken: nothing generated


def test_a_search_for_more_positions_runs_later_while_a_kept_one_is_taken(
    generated: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    found = Found()
    first = discriminating_puzzle(ENTRY, AMSTERDAM, seed=1, found=found)
    found.later = later = Recorded()
    monkeypatch.setattr(discriminating, "SEARCH_SHARE", 1.0)  # a search for more, every time
    made = generated[0]
    again = discriminating_puzzle(ENTRY, AMSTERDAM, seed=2, found=found)  # waits: one is kept
    assert again.id == first.id and generated[0] == made
    assert len(later.asked) == 1


def test_a_check_that_must_have_a_position_searches_at_once_when_none_is_kept(
    generated: list[int],
) -> None:
    later = Recorded()
    found = Found(later=later)
    alone = discriminating_puzzle(ENTRY, AMSTERDAM, seed=1)
    assert discriminating_puzzle(ENTRY, AMSTERDAM, seed=1, found=found).id == alone.id
    assert later.asked == []  # a practice's position: searched on the click, as before


def test_a_search_that_finds_nothing_later_counts_as_missed() -> None:
    later = Recorded()
    found = Found(later=later)
    with pytest.raises(PuzzleError):
        discriminating_puzzle(ENTRY, AMSTERDAM, seed=1, found=found, tries=5, wait=False)
    key, search = later.asked[0]
    found.found(key, search, None)
    assert found.misses[key] == 5 and key not in found.kept


def test_the_server_runs_at_most_a_few_searches_and_one_per_question() -> None:
    class Waiting(InlinePool):  # a busy pool: every job stays queued
        def __init__(self) -> None:
            super().__init__()
            self.submitted: list[Any] = []

        def submit(self, key: Any, owner: Any, function: Any, *args: Any, then: Any = None) -> Any:
            self.submitted.append(key)
            self._jobs[key] = JobStatus("queued", place=len(self.submitted))
            return self._jobs[key]

    pool = Waiting()
    searches = CoachSearches(Found(), lambda: pool)
    search = discriminating.Search(ENTRY.name, AMSTERDAM, 1, NO_MISBELIEF, None, NO_MISBELIEF,
                                   None, 5, 1)  # fmt: skip
    for key in ["a", "a", "b", "c", "d", "e", "f"]:
        searches(key, search)
    assert pool.submitted == [("coach-search", k) for k in "abcd"]
    pool.forget(("coach-search", "a"))  # ended (a crash: no position handed back)
    searches("e", search)
    assert pool.submitted[-1] == ("coach-search", "e")


def test_the_server_keeps_what_its_searches_found() -> None:
    found = Found()
    pool = InlinePool()  # no server: the pool runs a search at once
    found.later = CoachSearches(found, lambda: pool)
    puzzle = discriminating_puzzle(ENTRY, AMSTERDAM, seed=1, found=found, wait=False)
    assert discriminates(ENTRY, puzzle.kind, puzzle.content, AMSTERDAM)
    assert [p.id for p in found.kept.popitem()[1]] == [puzzle.id]
