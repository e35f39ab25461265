"""The coach in the drill: the trainer's checks after a wrong answer, a misconception named
from stored answers (and kept for the dashboard), the practice that shows it gone, and the
diagnosis rebuilt from the database in a new session."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from klaverjas_core import AMSTERDAM, ROTTERDAM, RuleSet
from klaverjas_questions.is_nat import NatAnswer
from klaverjas_questions.misconceptions import (
    BY_NAME,
    REPEATS,
    Diagnosis,
    believed_answer,
    discriminates,
    predicting,
)
from klaverjas_trainer.app import answering, drill
from klaverjas_trainer.app.coach import WINDOW, Coach, rebuild
from klaverjas_trainer.app.drill import AUTO, DrillState
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.texts import explain
from klaverjas_trainer.texts.catalogue import language
from lessons import load_course
from puzzles import Puzzle, discriminating, generate
from puzzles.discriminating import PROBE_AFTER, RULED_OUT, discriminating_puzzle, follow_up

NOW = datetime(2026, 12, 3, 19, 0, tzinfo=UTC)
OVERTRUMP = BY_NAME["always-overtrump"]


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(make_engine(f"sqlite:///{tmp_path / 'coach.sqlite3'}"), now=lambda: NOW)


def choose(state: DrillState, store: ProgressStore, learner: int, seed: int) -> drill.Choice:
    choice = drill.choose_next(
        state, rules=AMSTERDAM, store=store, learner_id=learner, assignment=None,
        group_rules=None, now=NOW, rng=random.Random(seed), findings=Findings(store),
    )  # fmt: skip
    assert choice is not None
    state.choice = choice
    return choice


def believer_reply(puzzle: Puzzle, flags: Any = OVERTRUMP.flag) -> Any:
    """What a learner who always overtrumps answers."""
    reply = believed_answer(puzzle.kind, puzzle.content, puzzle.rules, flags)
    assert reply is not None
    return reply


def answer(state: DrillState, store: ProgressStore, learner: int, reply: Any) -> None:
    drill.answer(
        state, reply, store=store, learner_id=learner, seconds=3, now=NOW,
        findings=Findings(store),
    )  # fmt: skip
    drill.next_puzzle(state)


def believe_until_named(state: DrillState, store: ProgressStore, learner: int) -> None:
    """The drill's puzzles answered as someone who always overtrumps, until the coach names it."""
    for seed in range(30):
        answer(state, store, learner, believer_reply(choose(state, store, learner, seed).puzzle))
        if state.coach is not None and "always-overtrump" in state.coach.named:
            return
    raise AssertionError("thirty answers of a believer and the coach named nothing")


def test_a_fixed_rule_drill_asks_no_check_until_an_answer_points_to_one(
    store: ProgressStore,
) -> None:
    anna = store.learner("Anna").id
    state = DrillState(kind="which-cards", rule="play.follow-suit")
    for seed in range(8):  # right answers: the learner's own choice of rule, never a check
        choice = choose(state, store, anna, seed)
        assert choice.reason is None and choice.puzzle.rule.value == "play.follow-suit"
        answer(state, store, anna, choice.puzzle.answer)
    state.rule = "play.partner-winning"
    overtrump = discriminating_puzzle(OVERTRUMP, AMSTERDAM, seed=2, kinds={"which-cards"})
    state.choice = drill.Choice(overtrump)
    answer(state, store, anna, believer_reply(overtrump))  # overtrumps the winning partner
    check = choose(state, store, anna, 99)
    assert check.reason is not None and check.reason.key == "follow-up"
    assert check.puzzle.kind == "which-cards"  # the drill's kind and rule, kept
    assert check.puzzle.rule.value == "play.partner-winning"
    assert state.coach is not None
    suspects = state.coach.diagnosis.suspects(at=0.2)
    assert any(
        discriminates(entry, "which-cards", check.puzzle.content, AMSTERDAM) for entry in suspects
    )


def test_what_i_need_most_checks_misconceptions_only_after_a_few_answers(
    store: ProgressStore,
) -> None:
    anna = store.learner("Anna").id
    state = DrillState(kind="which-cards", rule=AUTO)
    reasons = []
    for seed in range(12):
        choice = choose(state, store, anna, seed)
        reasons.append(None if choice.reason is None else choice.reason.key)
        answer(state, store, anna, choice.puzzle.answer)
    assert "follow-up" not in reasons[:PROBE_AFTER]  # a newcomer starts with the course's order
    assert "follow-up" in reasons[PROBE_AFTER:]  # then the trainer checks now and then
    assert "suggested" in reasons[PROBE_AFTER:]


def test_a_believer_is_named_told_in_one_sentence_and_kept_for_the_dashboard(
    store: ProgressStore,
) -> None:
    clubs = ClubStore(store)
    group = clubs.create_group("Dinsdag", "amsterdam")
    bram = clubs.join(group.code, "Bram").id
    state = DrillState(kind="which-cards", rule="play.partner-winning", learner_id=bram)
    named_at = None
    for seed in range(12):
        choice = choose(state, store, bram, seed)
        answer(state, store, bram, believer_reply(choice.puzzle))
        if state.coach is not None and "always-overtrump" in state.coach.named:
            named_at = seed
            break
    assert named_at is not None and named_at < 8
    shown = Findings(store).of_group(group.id)
    assert list(shown["learner"]) == ["Bram"] and list(shown["name"]) == ["always-overtrump"]
    assert shown["gone_at"].isna().all() and list(shown["rules"]) == [AMSTERDAM.name]
    # A later wrong answer of the same kind is said as that misconception, with what it gives.
    puzzle = discriminating_puzzle(OVERTRUMP, AMSTERDAM, seed=7, kinds={"which-cards"})
    state.choice = drill.Choice(puzzle)
    drill.answer(state, believer_reply(puzzle), store=store, learner_id=bram, seconds=2, now=NOW)
    assert state.noticed is not None and state.noticed.behind == (OVERTRUMP,)
    assert state.grade is not None and not state.grade.correct


def test_practice_asks_five_discriminating_puzzles_and_ends_with_the_rule_gone(
    store: ProgressStore,
) -> None:
    anna = store.learner("Anna").id
    state = DrillState(kind="which-cards", rule="play.partner-winning", learner_id=anna)
    believe_until_named(state, store, anna)
    drill.practise(state, "always-overtrump")
    numbers = []
    for seed in range(drill.PRACTICE_COUNT):
        choice = choose(state, store, anna, 100 + seed)
        assert choice.reason is not None and choice.reason.key == "practice-progress"
        numbers.append(choice.reason.fields["number"])
        assert discriminates(OVERTRUMP, choice.puzzle.kind, choice.puzzle.content, AMSTERDAM)
        drill.answer(
            state, choice.puzzle.answer, store=store, learner_id=anna, seconds=3, now=NOW,
            findings=Findings(store),
        )  # fmt: skip
        if seed < drill.PRACTICE_COUNT - 1:
            drill.next_puzzle(state)
    assert numbers == [1, 2, 3, 4, 5]
    assert state.practice is None and state.practice_over == "always-overtrump"
    assert "always-overtrump" not in state.coach.named  # five right answers: gone
    kept = Findings(store).of_learner(anna)
    assert list(kept["name"]) == ["always-overtrump"] and kept["gone_at"].notna().all()
    drill.next_puzzle(state)
    assert state.practice_over is None  # said once, with the last answer


def test_a_new_session_rebuilds_the_diagnosis_from_the_stored_answers(
    store: ProgressStore,
) -> None:
    anna = store.learner("Anna").id
    first = DrillState(kind="which-cards", rule="play.partner-winning", learner_id=anna)
    believe_until_named(first, store, anna)
    again = DrillState(kind="which-cards", rule="play.partner-winning", learner_id=anna)
    coach = drill.coach_for(again, store, anna, AMSTERDAM)
    assert coach.named == ["always-overtrump"]
    assert coach.answers_seen == store.answer_count(anna)
    assert coach.diagnosis.observed == first.coach.diagnosis.observed
    # Another rule set's coach weighs only the answers given under it.
    assert drill.coach_for(again, store, anna, ROTTERDAM).diagnosis.observed == 0


def test_a_rebuild_weighs_only_the_latest_answers_and_skips_hinted_ones() -> None:
    puzzle = discriminating_puzzle(OVERTRUMP, AMSTERDAM, seed=5, kinds={"which-cards"})
    graded = answering.grade(answering.puzzle_asked(puzzle), believer_reply(puzzle))
    row = {**dataclasses.asdict(graded.answer(seconds=1)), "hinted": False}
    rows = [row] * (WINDOW + 5) + [{**row, "hinted": True}]
    seen: list[object] = []

    def position(found: Any) -> tuple[str, Any]:
        seen.append(found)
        return puzzle.kind, puzzle.content

    coach = rebuild(AMSTERDAM, pd.DataFrame(rows), position, seen=len(rows))
    assert len(seen) == WINDOW and coach.diagnosis.observed == WINDOW
    assert coach.named == ["always-overtrump"]


def test_a_lesson_answer_is_weighed_at_its_check() -> None:
    course = load_course()
    lesson, index, check = next(
        (lesson, i, step.check)
        for lesson in course.lessons
        for i, step in enumerate(lesson.steps)
        if step.check is not None and step.check.kind.name == "which-cards"
    )
    row = {"source": "lesson", "item_id": f"{lesson.id}/{index}", "rules": check.rules.name,
           "kind": "which-cards", "seed": None}  # fmt: skip
    assert drill.answered_position(row, course=course) == ("which-cards", check.content)
    assert drill.answered_position({**row, "item_id": f"{lesson.id}/99"}, course=course) is None
    assert drill.answered_position({**row, "item_id": "gone/1"}, course=course) is None
    assert drill.answered_position(row, course=None) is None
    table = {"source": "play", "item_id": "play/1/1/1", "rules": "amsterdam", "seed": None}
    assert drill.answered_position(table, course=course) is None


def test_findings_mark_named_gone_and_named_again(store: ProgressStore) -> None:
    findings = Findings(store)
    anna = store.learner("Anna").id
    findings.keep(anna, "amsterdam", ["always-overtrump", "ten-below-king"])
    findings.keep(anna, "amsterdam", ["ten-below-king"])
    found = findings.of_learner(anna).set_index("name")
    assert found.loc["always-overtrump", "gone_at"] == NOW
    assert pd_isna(found.loc["ten-below-king", "gone_at"])
    findings.keep(anna, "amsterdam", ["always-overtrump"])  # it shows again
    found = findings.of_learner(anna).set_index("name")
    assert pd_isna(found.loc["always-overtrump", "gone_at"])
    assert found.loc["ten-below-king", "gone_at"] == NOW
    findings.keep(anna, "rotterdam", [])
    assert len(findings.of_learner(anna)) == 2  # another rule set's findings are apart


def pd_isna(value: object) -> bool:
    return bool(pd.isna(value))


def test_a_practice_is_kept_with_the_place_and_a_damaged_one_is_not() -> None:
    state = DrillState(kind="which-cards")
    drill.practise(state, "always-overtrump")
    state.practice_left = 3
    place = drill.place_of(state)
    resumed = drill.resume(1, place)
    assert (resumed.practice, resumed.practice_left) == ("always-overtrump", 3)
    for damaged in (["no-such-thing", 3], ["always-overtrump", 9], "always-overtrump"):
        assert drill.resume(1, {**place, "practice": damaged}).practice is None


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=lambda r: r.name)
def test_a_check_tells_the_suspect_from_the_next_best_explanation(rules: RuleSet) -> None:
    # Undertrumping freely and discarding when void answer alike over an opponent's trump:
    # once both are suspected, the check is a position where the two answer differently.
    freely, discard = BY_NAME["undertrump-freely"], BY_NAME["discard-when-void"]
    diagnosis = Diagnosis(rules)
    for seed in range(40):
        puzzle = discriminating_puzzle(freely, rules, seed=seed, kinds={"which-cards"})
        reply = believer_reply(puzzle, freely.flag)
        if reply == believer_reply(puzzle, discard.flag):
            diagnosis.observe(puzzle.kind, puzzle.content, reply)
        if diagnosis.observed == 2:
            break
    assert diagnosis.rival_of(freely) & discard.flag or diagnosis.rival_of(discard) & freely.flag
    checked = follow_up(diagnosis, seed=1, kinds={"which-cards"})
    assert checked is not None
    mine = believer_reply(checked, freely.flag)
    assert mine != believer_reply(checked, discard.flag)


def test_a_coach_under_other_rules_ignores_the_answer() -> None:
    coach = Coach(ROTTERDAM)
    puzzle = discriminating_puzzle(OVERTRUMP, AMSTERDAM, seed=1, kinds={"which-cards"})
    state = DrillState(coach=coach, choice=drill.Choice(puzzle))
    drill._coach_answer(state, puzzle, believer_reply(puzzle), 1, None)
    assert coach.diagnosis.observed == 0 and state.noticed is None


def test_a_probe_is_the_puzzle_that_tells_the_most_likely_misconceptions_apart() -> None:
    diagnosis = Diagnosis(AMSTERDAM)
    unnamed = diagnosis.suspects(at=RULED_OUT)
    probe = discriminating._most_telling(
        diagnosis, unnamed, random.Random(2), kinds={"which-cards"}, level=1, rule=None
    )
    assert probe is not None
    draws = random.Random(2)
    seeds = [draws.randrange(1 << 30) for _ in unnamed[: discriminating.PROBE_CANDIDATES]]
    candidates = [
        discriminating_puzzle(
            entry, AMSTERDAM, seed=seed, kinds={"which-cards"}, tries=discriminating.PROBE_TRIES
        )
        for entry, seed in zip(unnamed, seeds, strict=False)
    ]
    values = [discriminating.telling(diagnosis, unnamed, puzzle) for puzzle in candidates]
    assert discriminating.telling(diagnosis, unnamed, probe) == max(values)
    assert sum(1 for e in unnamed if discriminates(e, probe.kind, probe.content, AMSTERDAM)) >= 1


# --- a repeated mistake that no misconception explains -----------------------------------


def own_total_when_nat(puzzle: Puzzle) -> Any:
    """A wrong rule the catalogue does not hold: the pair that is not nat writes its own total
    instead of 162 + all roem."""
    score = puzzle.content.score(puzzle.rules)
    points = [0, 0]
    points[score.defenders] = score.totals[score.defenders]
    return NatAnswer(True, (points[0], points[1]))


def nat_puzzles(count: int) -> list[Puzzle]:
    found = []
    for seed in range(40):
        puzzle = generate("is-nat", "score.nat", seed=seed, rules=AMSTERDAM, level=1)
        if puzzle.answer.nat and own_total_when_nat(puzzle) != puzzle.answer:
            found.append(puzzle)
        if len(found) == count:
            return found
    raise AssertionError("too few nat puzzles")


def test_a_mistake_no_misconception_explains_is_said_plainly_and_stops_the_checks() -> None:
    coach = Coach(AMSTERDAM)
    puzzles = nat_puzzles(REPEATS + 1)
    for number, puzzle in enumerate(puzzles[:REPEATS], start=1):
        reply = own_total_when_nat(puzzle)
        assert predicting("is-nat", puzzle.content, AMSTERDAM, reply) == []  # none explains
        noticed = coach.observe("is-nat", puzzle.content, reply)
        assert bool(noticed.plain) is (number == REPEATS)  # from the third time on
    assert coach.diagnosis.checkable({"is-nat", "which-cards"}) == {"which-cards"}
    assert follow_up(coach.diagnosis, seed=1, kinds=coach.diagnosis.checkable({"is-nat"})) is None
    # What it says: the learner's number, the difference, and the count with this deal's roem.
    puzzle = puzzles[REPEATS - 1]
    score = puzzle.content.score(AMSTERDAM)
    defenders = score.defenders
    given = score.totals[defenders]
    with language("en"):
        said = explain(noticed.plain)
    expected = f"{162 + sum(score.roem)}"
    assert said.startswith(
        f"You wrote {given} for {'N+S' if defenders == 0 else 'E+W'}, "
        f"{score.points[defenders] - given} fewer than the rules give. The choosers are nat, so "
        f"the defenders write 162 plus all declared roem of both pairs (and 100 more if they took "
        f"every trick): "
    ), said
    assert said.endswith(f"{expected}."), said
    # A right answer where the same rule decides: the checks resume.
    right = puzzles[REPEATS]
    noticed = coach.observe("is-nat", right.content, right.answer)
    assert noticed.plain == () and coach.diagnosis.checkable({"is-nat"}) == {"is-nat"}


def test_the_drill_stops_checking_a_kind_whose_mistakes_no_misconception_explains(
    store: ProgressStore,
) -> None:
    anna = store.learner("Anna").id
    state = DrillState(kind="is-nat", rule=AUTO, learner_id=anna)
    for puzzle in nat_puzzles(REPEATS):
        choose(state, store, anna, seed=7)  # the coach in step with the store
        state.choice = drill.Choice(puzzle)
        answer(state, store, anna, own_total_when_nat(puzzle))
    assert state.coach is not None and state.coach.diagnosis.repeating
    reasons = [choose(state, store, anna, seed).reason for seed in range(12)]
    assert all(reason is None or reason.key != "follow-up" for reason in reasons)
