"""Which (kind, target rule) puzzles can be generated under a rule set, and the one entry point
that generates, solves and checks a puzzle of any kind."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, Final

from klaverjas_core import AMSTERDAM, ROTTERDAM, VARIANTS, KlaverjasError, RuleId, RuleSet
from klaverjas_core.ruleset import resolve_rules
from klaverjas_questions import JSON, QuestionError, question_kind
from puzzles import nat_kinds, play_kinds, revoke_kinds, trick_kinds
from puzzles.model import (
    GENERATOR_VERSION,
    LEVELS,
    GenerationError,
    Puzzle,
    PuzzleError,
    puzzle_id,
)

R = RuleId
_POSITION_RULES: Final = (
    R.PLAY_FOLLOW_SUIT, R.PLAY_TRUMP_LED_OVERTRUMP, R.PLAY_TRUMP_LED_ANY_TRUMP, R.PLAY_MUST_TRUMP,
    R.PLAY_MUST_OVERTRUMP, R.PLAY_NO_UNDERTRUMP, R.PLAY_PARTNER_WINNING, R.PLAY_MUST_UNDERTRUMP,
)  # fmt: skip

#: For each puzzle kind, the target rules it can drill (where the rule set has them). Rules
#: under which every card is legal make no "which cards" question, so they are drilled as
#: "is this card legal?".
TARGETS: Final[dict[str, tuple[RuleId, ...]]] = {
    "which-cards": _POSITION_RULES,
    "card-legal": (*_POSITION_RULES, R.PLAY_VOID_NO_TRUMPS, R.PLAY_ONLY_LOWER_TRUMPS),
    "is-nat": tuple(nat_kinds.TRAPS),
    "count-trick": tuple(trick_kinds.PLANS),
    "amsterdam-or-rotterdam": tuple(play_kinds.CITY_SCENARIOS),
    "who-revoked": (
        R.PLAY_FOLLOW_SUIT,
        R.PLAY_TRUMP_LED_OVERTRUMP,
        R.PLAY_MUST_TRUMP,
        R.PLAY_MUST_OVERTRUMP,
        R.PLAY_NO_UNDERTRUMP,
        R.PLAY_MUST_UNDERTRUMP,
    ),
}
PUZZLE_KINDS: Final = tuple(TARGETS)

#: Variants that rule out a generator: under stuk_from_hand, stuk is no trick roem.
_EXCLUDED: Final[dict[tuple[str, RuleId], Callable[[RuleSet], bool]]] = {
    ("count-trick", R.ROEM_STUK): lambda rules: rules.stuk_from_hand,
}

#: Every rule a learner can drill with puzzles under some rule set. The rest (dealing,
#: choosing trumps, leading, the match) are procedures taught by the lessons.
PRACTISABLE: Final = frozenset(rule for rules in TARGETS.values() for rule in rules)

_GENERATE: Final[dict[str, Callable[[str, RuleId, RuleSet, int, random.Random], JSON]]] = {
    "which-cards": play_kinds.generate,
    "card-legal": play_kinds.generate,
    "amsterdam-or-rotterdam": play_kinds.generate,
    "is-nat": lambda kind, rule, rules, level, rng: nat_kinds.generate(rule, rules, level, rng),
    "count-trick": lambda kind, rule, rules, level, rng: trick_kinds.generate(
        rule, rules, level, rng
    ),
    "who-revoked": lambda kind, rule, rules, level, rng: revoke_kinds.generate(
        rule, rules, level, rng
    ),
}
_REALISM: Final[dict[str, Callable[[Any, RuleSet], list[str]]]] = {
    "which-cards": play_kinds.realism_problems,
    "card-legal": play_kinds.realism_problems,
    "amsterdam-or-rotterdam": play_kinds.realism_problems,
    "is-nat": nat_kinds.realism_problems,
    "count-trick": trick_kinds.realism_problems,
    "who-revoked": revoke_kinds.realism_problems,
}


def can_generate(kind: str, rule: RuleId, rules: RuleSet) -> bool:
    """Whether puzzles of `kind` aimed at `rule` exist under `rules` with its variants.

    >>> can_generate("which-cards", RuleId.PLAY_PARTNER_WINNING, ROTTERDAM)
    False
    >>> can_generate("count-trick", RuleId.ROEM_STUK, RuleSet.parse("amsterdam+stuk_from_hand"))
    False
    """
    if rule not in TARGETS.get(kind, ()):
        return False
    if kind == "amsterdam-or-rotterdam":
        return rules.partner_exemption  # compares both; stored with the Amsterdam rule set
    excluded = _EXCLUDED.get((kind, rule))
    return rules.has_rule(rule) and not (excluded and excluded(rules))


def targets(kind: str, rules: RuleSet) -> list[RuleId]:
    """The rules a drill of `kind` can aim at under `rules`, in the kind's order."""
    return [rule for rule in TARGETS.get(kind, ()) if can_generate(kind, rule, rules)]


def documented_rule_sets() -> list[RuleSet]:
    """Both cities, each alone and with every variant on its own and all together."""
    found = []
    for city in (AMSTERDAM, ROTTERDAM):
        found.append(city)
        found.extend(city.with_variants(**{variant: True}) for variant in VARIANTS)
        found.append(city.with_variants(**dict.fromkeys(VARIANTS, True)))
    return found


def generator_keys(
    rule_sets: Iterable[RuleSet] = (AMSTERDAM, ROTTERDAM),
) -> list[tuple[str, RuleId, RuleSet]]:
    """Every (kind, target rule, rule set) that has a generator."""
    return [
        (kind, rule, rules)
        for kind in PUZZLE_KINDS
        for rule in TARGETS[kind]
        for rules in rule_sets
        if can_generate(kind, rule, rules)
    ]


def generate(
    kind: str,
    rule: RuleId | str,
    *,
    seed: int,
    rules: RuleSet | str = AMSTERDAM,
    level: int = 1,
) -> Puzzle:
    """The puzzle for (kind, rule, rule set, level, seed): the same inputs give the same puzzle.

    Raises `PuzzleError` for a combination that cannot exist and its subclass
    `GenerationError` when the generator finds none (callers choose another seed).

    >>> p = generate("which-cards", "play.must-overtrump", seed=7)
    >>> p.kind, p.rule.value, problems(p)
    ('which-cards', 'play.must-overtrump', [])
    >>> generate("which-cards", "play.must-overtrump", seed=7) == p
    True
    """
    target, ruleset = _resolve(kind, rule, rules, level)
    rng = random.Random(f"{kind}|{target.value}|{ruleset.name}|{level}|{seed}")
    data = _GENERATE[kind](kind, target, ruleset, level, rng)
    question = question_kind(kind)
    if not isinstance(data, dict):
        raise GenerationError(f"the {kind} generator made no content")
    content = question.read_content(data)
    solution = question.solve(content, ruleset)
    return Puzzle(
        id=puzzle_id(kind, ruleset, level, content.to_dict()),
        kind=kind,
        rule=target,
        tags=solution.tags_for(target),
        rules=ruleset,
        level=level,
        seed=seed,
        content=content,
        answer=solution.answer,
    )


def problems(puzzle: Puzzle) -> list[str]:
    """Everything wrong with a puzzle, judged by the core: an empty list means it is sound."""
    question = question_kind(puzzle.kind)
    try:
        solution = question.solve(puzzle.content, puzzle.rules)
        found = _REALISM[puzzle.kind](puzzle.content, puzzle.rules)
    except (QuestionError, KlaverjasError) as error:
        return [f"the content cannot be judged: {error}"]
    if question.encode(solution.answer) != question.encode(puzzle.answer):
        found.append(
            f"the answer {question.encode(puzzle.answer)} is wrong: "
            f"the core says {question.encode(solution.answer)}"
        )
    if puzzle.rule not in solution.decisive:
        decisive = ", ".join(sorted(rule.value for rule in solution.decisive)) or "nothing"
        found.append(f"the puzzle does not turn on {puzzle.rule.value} (it turns on {decisive})")
    if puzzle.tags != solution.tags_for(puzzle.rule):
        found.append("the tags do not match the rules that decide the answer")
    if solution.trivial:
        found.append(f"the puzzle is trivial: {solution.trivial}")
    if not can_generate(puzzle.kind, puzzle.rule, puzzle.rules):
        found.append(f"no {puzzle.kind} puzzle aims at {puzzle.rule.value} in {puzzle.rules}")
    expected_id = puzzle_id(puzzle.kind, puzzle.rules, puzzle.level, puzzle.content.to_dict())
    if puzzle.id != expected_id:
        found.append(f"the id {puzzle.id} does not match the content (expected {expected_id})")
    if puzzle.generator_version != GENERATOR_VERSION:
        found.append(f"generator_version {puzzle.generator_version} is not {GENERATOR_VERSION}")
    return found


def _resolve(
    kind: str, rule: RuleId | str, rules: RuleSet | str, level: int
) -> tuple[RuleId, RuleSet]:
    if kind not in TARGETS:
        raise PuzzleError(f"`{kind}` is not a puzzle kind (known: {', '.join(TARGETS)})")
    try:
        target = RuleId(rule)
    except ValueError:
        raise PuzzleError(f"`{rule}` is not a rule id") from None
    try:
        ruleset = resolve_rules(rules)
    except KlaverjasError as error:
        raise PuzzleError(str(error)) from None
    if level not in LEVELS:
        raise PuzzleError(f"level must be one of {LEVELS}, got {level!r}")
    if not can_generate(kind, target, ruleset):
        known = ", ".join(r.value for r in targets(kind, ruleset)) or "none"
        raise PuzzleError(
            f"no {kind} puzzles for {target.value} under {ruleset} rules (available: {known})"
        )
    return target, ruleset
