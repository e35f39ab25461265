"""What the Drill page decides, without Streamlit: the next puzzle (a club set's next one, a
mistake to replay, the coach's check or practice of a misconception, the rule the learner needs
most, or the chosen rule), and grading and storing an answer. The clock and the random
generator are passed in, so tests control both.
"""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

import pandas as pd

from klaverjas_core import RuleId, RuleSet
from klaverjas_questions import Grade
from klaverjas_questions.misconceptions import BY_NAME
from klaverjas_trainer.app import answering
from klaverjas_trainer.app.coach import Coach, Noticed, rebuild
from klaverjas_trainer.storage import ProgressStore, StorageError
from klaverjas_trainer.storage.club import Assignment
from klaverjas_trainer.storage.drill_places import DrillPlaces
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.storage.schedule import Reason as ScheduleReason
from klaverjas_trainer.storage.schedule import Schedule
from lessons import Course
from puzzles import (
    GENERATOR_VERSION,
    GENERATOR_VERSIONS,
    PUZZLE_KINDS,
    GenerationError,
    Puzzle,
    PuzzleError,
    generate,
    targets,
)
from puzzles.discriminating import Found, discriminating_puzzle, follow_up

#: The drill's "what I need most" choice instead of a fixed rule.
AUTO: Final = "auto"
MODES: Final = ("normal", "streak", "mistakes")
#: Fresh seeds tried when a generator finds no puzzle for one (rare; never shown as an error).
SEED_TRIES: Final = 8
SEED_RANGE: Final = 1_000_000_000
RULE_VALUES: Final = frozenset(rule.value for rule in RuleId)
#: Positions in a practice of one misconception (the coach's "Practise this").
PRACTICE_COUNT: Final = 5
#: Every reason the drill gives for a puzzle, with its fields: a kept place's reason must be
#: one of these, since the page words it (a message that does not exist is a crash).
REASON_FIELDS: Final = {
    "suggested": frozenset({"rule", "why"}),
    "practice-progress": frozenset({"number", "count"}),
    "set-progress": frozenset({"number", "count"}),
    "follow-up": frozenset(),
}
WHY_VALUES: Final = frozenset(why.value for why in ScheduleReason)


@dataclass(frozen=True, slots=True)
class PuzzleKey:
    """Everything that makes a puzzle: generate(kind, rule, seed, rules, level, version)."""

    kind: str
    rule: str
    rules: str
    level: int
    seed: int
    version: int = GENERATOR_VERSION


@dataclass(frozen=True, slots=True)
class Reason:
    """Why this puzzle: a catalogue message id and its fields (the page words it)."""

    key: str
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Choice:
    puzzle: Puzzle
    reason: Reason | None = None


@dataclass
class DrillState:
    """The drill's per-session state (kept in Streamlit's session state by the page)."""

    kind: str = "which-cards"
    rule: str = AUTO
    level: int = 1
    mode: str = "normal"
    choice: Choice | None = None
    started: float = 0.0  # monotonic time the current puzzle was shown
    grade: Grade | None = None  # set only once the answer is stored
    given: str | None = None  # the stored reply to the puzzle on screen (for a report)
    streak: int = 0
    best_streak: int = 0  # the learner's best ever (kept in their settings)
    streak_over: bool = False
    cleared: bool = False  # the last answer cleared a mistake from the replay list
    focus: bool = False  # put the keyboard on the new puzzle's first answer control
    replayed: set[str] = field(default_factory=set)
    shown: set[str] = field(default_factory=set)  # puzzle ids drawn for this session
    schedule: Schedule | None = None  # built once per session, then updated answer by answer
    assignment: int | None = None  # a club puzzle set being worked through
    position: int = 0  # the next puzzle of that set
    set_finished: bool = False
    finished_set: int | None = None  # the assignment just finished, for its score
    set_unavailable: bool = False  # the set cannot be made by this trainer (see `set_key`)
    fresh: bool = True  # a new puzzle is wanted
    learner_id: int | None = None  # whose drill this is (another learner: their own place)
    coach: Coach | None = None  # the diagnosis under the drill's rules, kept in step
    noticed: Noticed | None = None  # what the last answer showed the coach
    practice: str | None = None  # a misconception being practised, and its positions left
    practice_left: int = 0
    practice_over: str | None = None  # a practice just ended: its misconception
    damaged: bool = False  # part of the kept place could not be read: the page says so once


def schedule_for(
    state: DrillState, store: ProgressStore, learner_id: int, *, seen: int | None = None
) -> Schedule:
    """The learner's FSRS schedule, rebuilt only when answers were stored elsewhere (another
    tab, the table): one count, not the whole history, on each call (`seen`, the count the
    caller already has)."""
    current = state.schedule
    seen = store.answer_count(learner_id) if seen is None else seen
    if current is None or current.answers_seen != seen:
        current = state.schedule = Schedule(store.answers(learner_id))
    return current


def coach_for(
    state: DrillState,
    store: ProgressStore,
    learner_id: int,
    rules: RuleSet,
    *,
    course: Course | None = None,
    findings: Findings | None = None,
    seen: int | None = None,
) -> Coach:
    """The learner's coach under `rules`, rebuilt from the stored answers only when answers
    were stored elsewhere (another tab, a lesson, the table) or the rules changed (`seen`:
    the count the caller already has); a rebuild brings the kept findings in line with it."""
    current = state.coach
    seen = store.answer_count(learner_id) if seen is None else seen
    if current is None or current.rules != rules or current.answers_seen != seen:
        where = functools.partial(answered_position, course=course)
        current = state.coach = rebuild(rules, store.answers(learner_id), where, seen=seen)
        if findings is not None:
            with contextlib.suppress(StorageError):  # derived: the next rebuild keeps it
                findings.keep(learner_id, rules.name, current.named)
    return current


def answered_position(
    row: Mapping[Hashable, Any], *, course: Course | None = None
) -> tuple[str, Any] | None:
    """(kind, content) of a stored answer's position: a puzzle made again from its seed, a
    lesson's check; None for the table's decisions (their position is the game's) and for
    what cannot be made again."""
    if row["source"] == "puzzle" and pd.notna(row["seed"]):
        puzzle = _answered_puzzle(row)
        return None if puzzle is None else (puzzle.kind, puzzle.content)
    if row["source"] == "lesson" and course is not None:
        lesson_id, _, step = str(row["item_id"]).rpartition("/")
        try:
            check = course.lesson(lesson_id).steps[int(step)].check
        except (KeyError, IndexError, ValueError):
            return None  # a lesson changed or removed since
        if (
            check is not None
            and check.rules.name == row["rules"]
            and check.kind.name == row["kind"]
        ):
            return check.kind.name, check.content
    return None


def choose_next(
    state: DrillState,
    *,
    rules: RuleSet,
    store: ProgressStore,
    learner_id: int,
    assignment: Assignment | None,
    group_rules: str | None,
    now: datetime,
    rng: random.Random,
    course: Course | None = None,
    findings: Findings | None = None,
    found: Found | None = None,
) -> Choice | None:
    """The next puzzle, or None when there is nothing to show (no mistakes left to replay).
    `found`: the positions the coach's checks found so far, shared by a server's learners
    (`puzzles.discriminating.Found`): a check takes one instead of searching again."""
    choice = None
    if assignment is not None and group_rules is not None:
        choice = _from_set(state, assignment, group_rules)
    if choice is None and state.mode == "mistakes":
        choice = _replay(state, store.open_mistakes(learner_id))
    elif choice is None:
        seen = store.answer_count(learner_id)  # one count for the coach and the schedule
        coach = coach_for(
            state, store, learner_id, rules, course=course, findings=findings, seen=seen
        )
        choice = _coached(state, coach, rng, found) or _fresh(
            state, rules, store, learner_id, now, rng, seen
        )
    if choice is not None:
        state.shown.add(choice.puzzle.id)
    return choice


def _fresh(
    state: DrillState,
    rules: RuleSet,
    store: ProgressStore,
    learner_id: int,
    now: datetime,
    rng: random.Random,
    seen: int,
) -> Choice | None:
    """A new puzzle of the chosen rule, or of the one the learner needs most, not yet shown in
    this session where another seed gives one."""
    candidates = [rule.value for rule in targets(state.kind, rules)]
    if not candidates:
        return None
    rule, reason = state.rule, None
    if rule == AUTO or rule not in candidates:
        suggestion = schedule_for(state, store, learner_id, seen=seen).plan(candidates, now)[0]
        rule = suggestion.rule
        reason = Reason("suggested", {"rule": RuleId(rule), "why": suggestion.reason.value})
    seen_again: Choice | None = None
    for _ in range(SEED_TRIES):
        key = PuzzleKey(state.kind, rule, rules.name, state.level, rng.randrange(SEED_RANGE))
        try:
            choice = Choice(make(key), reason)
        except GenerationError:
            continue  # another seed: a learner never sees a generator's bad luck
        if choice.puzzle.id not in state.shown:
            return choice
        seen_again = seen_again or choice  # level 1 shows few numbers: equal puzzles happen
    return seen_again


def _coached(
    state: DrillState, coach: Coach, rng: random.Random, found: Found | None = None
) -> Choice | None:
    """The coach's puzzle, if it has one: the next position of a practice, or a check of what
    the last answers point to (in the drill's question kind and chosen rule; probing only
    where the trainer chooses the rule); none this session has shown already, where `found`
    offers a kept one."""
    if state.practice is not None and state.practice in BY_NAME:
        entry = BY_NAME[state.practice]
        given = coach.diagnosis.named_flags & ~entry.flag
        try:
            puzzle = discriminating_puzzle(
                entry, coach.rules, seed=rng.randrange(SEED_RANGE), level=state.level,
                given=given, found=found, avoid=state.shown,
            )  # fmt: skip
        except PuzzleError:
            state.practice = None  # nothing tells it apart here: the plain drill
            return None
        number = PRACTICE_COUNT - state.practice_left + 1
        return Choice(puzzle, Reason("practice-progress", {"number": number,
                                                           "count": PRACTICE_COUNT}))  # fmt: skip
    if state.mode != "normal":
        return None
    chosen = None if state.rule == AUTO or state.rule not in RULE_VALUES else RuleId(state.rule)
    checked = follow_up(
        coach.diagnosis,
        seed=rng.randrange(SEED_RANGE),
        kinds=coach.diagnosis.checkable({state.kind}),
        probing=chosen is None,  # where the learner chose a rule, only what answers point to
        level=state.level,
        rule=chosen,
        found=found,
        avoid=state.shown,
    )
    return None if checked is None else Choice(checked, Reason("follow-up"))


def drill_rule(state: DrillState, rule: str, rules: RuleSet) -> bool:
    """Another page's "practise this rule" (Home's suggestion, Progress's weakest rules): the
    first puzzle kind that drills `rule` under `rules`, in normal mode. False if none does."""
    kind = next((kind for kind in PUZZLE_KINDS if RuleId(rule) in targets(kind, rules)), None)
    if kind is None:
        return False
    state.kind, state.rule, state.mode, state.fresh = kind, rule, "normal", True
    return True


def practise(state: DrillState, name: str) -> None:
    """Start the coach's practice of misconception `name`: its positions come next."""
    state.practice, state.practice_left, state.practice_over = name, PRACTICE_COUNT, None
    state.noticed, state.practice_over = None, None
    state.fresh = True


def make(key: PuzzleKey) -> Puzzle:
    return generate(
        key.kind, key.rule, seed=key.seed, rules=key.rules, level=key.level, version=key.version
    )


def set_key(assignment: Assignment, group_rules: str, number: int) -> PuzzleKey:
    """Puzzle `number` (0-based) of a club's puzzle set: the same for every member, made by the
    generators the set was made with. A set from a newer trainer raises `PuzzleError`."""
    if assignment.kind is None or assignment.rule is None:
        raise PuzzleError("this assignment is a lesson, not a puzzle set")
    if assignment.generator_version not in GENERATOR_VERSIONS:
        raise PuzzleError(
            f"the set was made with puzzle generators version {assignment.generator_version}; "
            f"this trainer knows versions {GENERATOR_VERSIONS}"
        )
    return PuzzleKey(
        assignment.kind,
        assignment.rule,
        group_rules,
        assignment.level,
        assignment.seed + number,
        assignment.generator_version,
    )


def _from_set(state: DrillState, assignment: Assignment, group_rules: str) -> Choice | None:
    if assignment.kind is None or state.position >= assignment.count:
        state.finished_set = assignment.id
        state.assignment, state.set_finished = None, True
        return None
    try:
        puzzle = make(set_key(assignment, group_rules, state.position))
    except PuzzleError:
        state.assignment, state.set_unavailable = None, True  # it cannot be made here
        return None
    return Choice(puzzle, Reason("set-progress", {"number": state.position + 1,
                                                  "count": assignment.count}))  # fmt: skip


def set_score(answers: pd.DataFrame) -> tuple[int, int]:
    """(right, puzzles) of a club set from its answers: each puzzle's first answer counts."""
    first = answers.sort_values("answered_at").groupby("seed", sort=False).head(1)
    return int(first["correct"].sum()), len(first)


def _replay(state: DrillState, mistakes: pd.DataFrame) -> Choice | None:
    """The oldest open mistake not yet replayed in this session, made again."""
    for row in mistakes.to_dict("records"):
        if row["item_id"] in state.replayed or not pd.notna(row["seed"]):
            continue
        state.replayed.add(str(row["item_id"]))  # once a session, even if it cannot be made
        puzzle = _answered_puzzle(row)
        if puzzle is not None:
            return Choice(puzzle)
    return None


def _answered_puzzle(row: Mapping[Hashable, Any]) -> Puzzle | None:
    """The puzzle an answer was given on, from its seed: the generators that make the stored id
    (the newest first), or None when none does (e.g. a rule no longer drilled in that rule set).
    The same puzzle, so answering it right clears the mistake."""
    for version in reversed(GENERATOR_VERSIONS):
        key = PuzzleKey(
            row["kind"], row["rule"], row["rules"], int(row["level"]), int(row["seed"]), version
        )
        try:
            puzzle = make(key)
        except PuzzleError:
            continue
        if puzzle.id == row["item_id"]:
            return puzzle
    return None


def answer(
    state: DrillState,
    reply: Any,
    *,
    store: ProgressStore,
    learner_id: int,
    seconds: float,
    now: datetime,
    places: DrillPlaces | None = None,
    settings: Mapping[str, object] | None = None,
    findings: Findings | None = None,
    sign_in: str | None = None,
) -> Grade:
    """Grade the reply (`answering`) and store it: with `places`, together with the drill's
    place, now answered, and (given the learner's `settings`) a new best streak, in one
    transaction, made only while the learner's `sign_in` holds (else `SignInEndedError`, and
    nothing stored). Then the schedule, the coach (its findings kept in `findings`) and the
    streak move on. The grade is set on the state only after the store has the answer, so
    nothing unsaved is shown as graded."""
    assert state.choice is not None
    puzzle = state.choice.puzzle
    graded = answering.grade(answering.puzzle_asked(puzzle), reply)
    record = graded.answer(seconds=seconds, assignment_id=state.assignment)
    streak, best = state.streak, state.best_streak
    if state.mode == "streak" and graded.correct:
        streak += 1
        best = max(best, streak)
    if places is None:
        store.record(learner_id, record)
    else:
        answered = place_of(state, given=graded.given, correct=graded.correct)
        kept = None
        if settings is not None and best > state.best_streak:  # a new best, kept with it
            kept = {**settings, "best_streak": best}
        places.save(learner_id, answered, record, settings=kept, sign_in=sign_in)
    if state.schedule is not None:  # kept in step answer by answer, with no query
        state.schedule.review(puzzle.rule.value, graded.correct, now)
    _coach_answer(state, puzzle, reply, learner_id, findings)
    state.grade, state.given = graded.grade, graded.given
    state.cleared = state.mode == "mistakes" and graded.correct
    if state.mode == "streak":
        state.streak, state.best_streak = streak, best
        state.streak_over = not graded.correct
    return graded.grade


def _coach_answer(
    state: DrillState, puzzle: Puzzle, reply: Any, learner_id: int, findings: Findings | None
) -> None:
    """The coach weighs a stored answer; a practice counts down, and says at its end whether
    the misconception still shows."""
    coach, state.noticed = state.coach, None
    if coach is None or coach.rules != puzzle.rules:
        return
    coach.answers_seen += 1
    state.noticed = coach.observe(puzzle.kind, puzzle.content, reply)
    if state.noticed.changed and findings is not None:
        with contextlib.suppress(StorageError):  # derived: the next rebuild keeps it
            findings.keep(learner_id, coach.rules.name, coach.named)
    reason = None if state.choice is None else state.choice.reason
    if state.practice is not None and reason is not None and reason.key == "practice-progress":
        state.practice_left -= 1
        if state.practice_left <= 0:
            state.practice_over, state.practice = state.practice, None


def next_puzzle(state: DrillState) -> None:
    """After an answer: move on (ending a streak that was broken, stepping through a set)."""
    if state.streak_over:
        state.streak, state.streak_over = 0, False
    if state.assignment is not None:
        state.position += 1
    state.noticed, state.practice_over = None, None
    state.fresh = True


# --- the drill's place, kept over a reload -------------------------------------------------

#: The version of the place's JSON (`place_of`); a place of another version is not resumed.
PLACE_VERSION: Final = 1


def place_of(
    state: DrillState, *, given: str | None = None, correct: bool = False
) -> dict[str, Any]:
    """The drill's place as JSON: the settings, the puzzle on screen by the key that makes it
    again (and why it was chosen), the club set and the streak, and `given`, the stored reply
    when it is answered. Display text is not in it: the page words it again."""
    place: dict[str, Any] = {
        "version": PLACE_VERSION,
        "kind": state.kind,
        "rule": state.rule,
        "level": state.level,
        "mode": state.mode,
        "assignment": state.assignment,
        "position": state.position,
        "streak": state.streak,
        "practice": [state.practice, state.practice_left] if state.practice else None,
        "puzzle": None,
    }
    choice = state.choice
    if choice is not None:
        puzzle = choice.puzzle
        place["puzzle"] = {
            "id": puzzle.id,
            "kind": puzzle.kind,
            "rule": puzzle.rule.value,
            "rules": puzzle.rules.name,
            "level": puzzle.level,
            "seed": puzzle.seed,
            "version": puzzle.generator_version,
            "reason": None if choice.reason is None else _reason_json(choice.reason),
            "given": given,
            "correct": correct,
        }
    return place


def _reason_json(reason: Reason) -> dict[str, Any]:
    fields = {
        name: value.value if isinstance(value, RuleId) else value
        for name, value in reason.fields.items()
    }
    return {"key": reason.key, "fields": fields}


def asked_for(state: DrillState) -> bool:
    """Whether another page set up this session's new drill (today's suggestion on Home, a
    club set started from the assignments, a practice started from Progress): then that is
    drilled, not the kept place."""
    default = DrillState()
    mine = (state.kind, state.rule, state.level, state.mode, state.assignment, state.practice)
    return mine != (
        default.kind,
        default.rule,
        default.level,
        default.mode,
        default.assignment,
        None,
    )


def resume(learner_id: int, place: Mapping[str, Any] | None) -> DrillState:
    """A new session's drill for `learner_id`, at the kept `place`: the same settings and the
    same puzzle, made again from its key (and graded again from the stored reply when it was
    answered: nothing is stored anew). Whatever of the place cannot be read or made again is
    left at its default, so an old or damaged place gives a fresh puzzle, never an error; a
    reason the page could not word is left out and `damaged` set, so the page says so."""
    state = DrillState(learner_id=learner_id)
    if not place or place.get("version") != PLACE_VERSION:
        return state
    kind, rule, level, mode = (place.get(name) for name in ("kind", "rule", "level", "mode"))
    if isinstance(kind, str) and kind in PUZZLE_KINDS:
        state.kind = kind
    if isinstance(rule, str) and (rule == AUTO or rule in RULE_VALUES):
        state.rule = rule
    if isinstance(level, int) and level in (1, 2, 3):
        state.level = level
    if isinstance(mode, str) and mode in MODES:
        state.mode = mode
    assignment, position, streak = (place.get(n) for n in ("assignment", "position", "streak"))
    if isinstance(assignment, int) and isinstance(position, int) and position >= 0:
        state.assignment, state.position = assignment, position
    if isinstance(streak, int) and streak >= 0:
        state.streak = streak
    practice = place.get("practice")
    if isinstance(practice, list) and len(practice) == 2 and practice[0] in BY_NAME:
        left = practice[1]
        if isinstance(left, int) and 0 < left <= PRACTICE_COUNT:
            state.practice, state.practice_left = practice[0], left
    kept = place.get("puzzle")
    choice = _kept_choice(kept) if isinstance(kept, Mapping) else None
    if choice is None:
        return state
    assert isinstance(kept, Mapping)
    state.choice, state.fresh = choice, False
    state.damaged = kept.get("reason") is not None and choice.reason is None  # refused
    state.shown.add(choice.puzzle.id)
    given = kept.get("given")
    if isinstance(given, str):
        puzzle = choice.puzzle
        try:
            reply = puzzle.question.decode(given)
        except (ValueError, RecursionError):  # RecursionError: JSON nested too deeply
            state.damaged = True
            return state  # a reply this trainer cannot read: the puzzle, unanswered
        state.grade = puzzle.question.grade(puzzle.content, puzzle.rules, reply)
        state.given = given
        state.streak_over = state.mode == "streak" and not state.grade.correct
    return state


def _kept_choice(kept: Mapping[str, Any]) -> Choice | None:
    """The kept puzzle made again, or None when it cannot be (or is not the same puzzle)."""
    try:
        key = PuzzleKey(
            str(kept["kind"]),
            str(kept["rule"]),
            str(kept["rules"]),
            int(kept["level"]),
            int(kept["seed"]),
            int(kept["version"]),
        )
        puzzle = make(key)
    except (KeyError, TypeError, ValueError):  # PuzzleError is a ValueError
        return None
    if puzzle.id != kept.get("id"):
        return None
    return Choice(puzzle, _reason(kept.get("reason")))


def _reason(data: object) -> Reason | None:
    """A kept reason, if it is one the drill gives with fields it can word; else None."""
    if not isinstance(data, Mapping):
        return None
    key, fields = data.get("key"), data.get("fields")
    if key not in REASON_FIELDS or not isinstance(fields, Mapping):
        return None
    values = dict(fields)
    if values.keys() != REASON_FIELDS[key]:
        return None
    if key == "suggested":
        rule, why = values["rule"], values["why"]
        if not (isinstance(rule, str) and isinstance(why, str)):
            return None
        if rule not in RULE_VALUES or why not in WHY_VALUES:
            return None
        values["rule"] = RuleId(values["rule"])
    elif not all(type(value) is int and value >= 0 for value in values.values()):
        return None  # numbers only: a kept text would be drawn as the page's markdown
    return Reason(key, values)
