"""Which (kind, target rule, rule set) combinations have a generator, and the one entry point
that generates, solves and checks a puzzle of any kind."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final

from klaverjas_core import AMSTERDAM, ROTTERDAM, RuleId, RuleSet
from klaverjas_core.ruleset import resolve_rules
from puzzles import nat_kinds, play_kinds, revoke_kinds, trick_kinds
from puzzles.model import JSON, LEVELS, Kind, Puzzle, puzzle_id
from puzzles.solution import Solution

R = RuleId
BOTH: Final = frozenset({"amsterdam", "rotterdam"})
ONLY_AMSTERDAM: Final = frozenset({"amsterdam"})
ONLY_ROTTERDAM: Final = frozenset({"rotterdam"})

_POSITION_RULES: Final = {
    R.PLAY_FOLLOW_SUIT: BOTH,
    R.PLAY_TRUMP_LED_OVERTRUMP: BOTH,
    R.PLAY_TRUMP_LED_ANY_TRUMP: BOTH,
    R.PLAY_MUST_TRUMP: BOTH,
    R.PLAY_MUST_OVERTRUMP: BOTH,
    R.PLAY_NO_UNDERTRUMP: ONLY_AMSTERDAM,
    R.PLAY_PARTNER_WINNING: ONLY_AMSTERDAM,
    R.PLAY_MUST_UNDERTRUMP: ONLY_ROTTERDAM,
}

#: For each kind, the target rules it can drill and the rule sets where that rule exists.
#: Every-card-legal rules (no trumps, only lower trumps) make no "which cards" question, so they
#: are drilled as "is this card legal?"; the city comparison always shows both rule sets.
GENERATORS: Final[dict[Kind, dict[RuleId, frozenset[str]]]] = {
    Kind.WHICH_CARDS: dict(_POSITION_RULES),
    Kind.CARD_LEGAL: {
        **_POSITION_RULES,
        R.PLAY_VOID_NO_TRUMPS: BOTH,
        R.PLAY_ONLY_LOWER_TRUMPS: ONLY_AMSTERDAM,
    },
    Kind.IS_NAT: dict.fromkeys(nat_kinds.TRAPS, BOTH),
    Kind.COUNT_TRICK: dict.fromkeys(trick_kinds.PLANS, BOTH),
    Kind.AMSTERDAM_OR_ROTTERDAM: dict.fromkeys(play_kinds.CITY_SCENARIOS, ONLY_AMSTERDAM),
    Kind.WHO_REVOKED: {
        R.PLAY_FOLLOW_SUIT: BOTH,
        R.PLAY_TRUMP_LED_OVERTRUMP: BOTH,
        R.PLAY_MUST_TRUMP: BOTH,
        R.PLAY_MUST_OVERTRUMP: BOTH,
        R.PLAY_NO_UNDERTRUMP: ONLY_AMSTERDAM,
        R.PLAY_MUST_UNDERTRUMP: ONLY_ROTTERDAM,
    },
}

#: Every rule a learner can drill with puzzles. The rest (dealing, choosing trumps, leading,
#: the match) are procedures taught by the lessons; a revoke is the who-revoked kind itself.
PRACTISABLE: Final = frozenset(rule for rules in GENERATORS.values() for rule in rules)

_SOLVERS: Final[dict[Kind, Callable[[Mapping[str, JSON], RuleSet], Solution]]] = {
    **play_kinds.SOLVERS,
    Kind.IS_NAT: nat_kinds.solve,
    Kind.COUNT_TRICK: trick_kinds.solve,
    Kind.WHO_REVOKED: revoke_kinds.solve,
}
_REALISM: Final[dict[Kind, Callable[[Mapping[str, JSON], RuleSet], list[str]]]] = {
    Kind.WHICH_CARDS: play_kinds.realism_problems,
    Kind.CARD_LEGAL: play_kinds.realism_problems,
    Kind.AMSTERDAM_OR_ROTTERDAM: play_kinds.realism_problems,
    Kind.IS_NAT: nat_kinds.realism_problems,
    Kind.COUNT_TRICK: trick_kinds.realism_problems,
    Kind.WHO_REVOKED: revoke_kinds.realism_problems,
}


class PuzzleError(ValueError):
    """A request for a puzzle that cannot exist (unknown kind, rule, level or combination)."""


def generator_keys() -> list[tuple[Kind, RuleId, RuleSet]]:
    """Every (kind, target rule, rule set) that has a generator."""
    presets = {"amsterdam": AMSTERDAM, "rotterdam": ROTTERDAM}
    return [
        (kind, rule, presets[city])
        for kind, targets in GENERATORS.items()
        for rule, cities in targets.items()
        for city in sorted(cities)
    ]


def generate(
    kind: Kind | str,
    rule: RuleId | str,
    *,
    seed: int,
    rules: RuleSet | str = AMSTERDAM,
    level: int = 1,
) -> Puzzle:
    """The puzzle for (kind, rule, rule set, level, seed): the same inputs give the same puzzle.

    >>> p = generate("which-cards", "play.must-overtrump", seed=7)
    >>> p.kind.value, p.rule.value, problems(p)
    ('which-cards', 'play.must-overtrump', [])
    >>> generate("which-cards", "play.must-overtrump", seed=7) == p
    True
    """
    kind, rule, ruleset = _resolve(kind, rule, rules, level)
    rng = random.Random(f"{kind.value}|{rule.value}|{ruleset.name}|{level}|{seed}")
    if kind in play_kinds.SOLVERS:
        content = play_kinds.generate(kind, rule, ruleset, level, rng)
    else:
        content = _GENERATE[kind](rule, ruleset, level, rng)
    solution = solve(kind, content, ruleset)
    return Puzzle(
        id=puzzle_id(kind, ruleset, content),
        kind=kind,
        rule=rule,
        tags=solution.tags_for(rule),
        rules=ruleset,
        level=level,
        seed=seed,
        content=content,
        answer=solution.answer,
        explanation=solution.explanation,
    )


_GENERATE: Final = {
    Kind.IS_NAT: nat_kinds.generate,
    Kind.COUNT_TRICK: trick_kinds.generate,
    Kind.WHO_REVOKED: revoke_kinds.generate,
}


def solve(kind: Kind, content: Mapping[str, JSON], rules: RuleSet) -> Solution:
    """The core's answer to a puzzle's content."""
    return _SOLVERS[kind](content, rules)


def problems(puzzle: Puzzle) -> list[str]:
    """Everything wrong with a puzzle, judged by the core: an empty list means it is sound."""
    try:
        solution = solve(puzzle.kind, puzzle.content, puzzle.rules)
        found = _REALISM[puzzle.kind](puzzle.content, puzzle.rules)
    except (ValueError, KeyError) as error:
        return [f"the content cannot be judged: {error}"]
    if solution.answer != puzzle.answer:
        found.append(f"the answer {puzzle.answer!r} is wrong: the core says {solution.answer!r}")
    if puzzle.rule not in solution.decisive:
        decisive = ", ".join(sorted(rule.value for rule in solution.decisive)) or "nothing"
        found.append(f"the puzzle does not turn on {puzzle.rule.value} (it turns on {decisive})")
    if solution.trivial:
        found.append(f"the puzzle is trivial: {solution.trivial}")
    expected_id = puzzle_id(puzzle.kind, puzzle.rules, puzzle.content)
    if puzzle.id != expected_id:
        found.append(f"the id {puzzle.id} does not match the content (expected {expected_id})")
    return found


def _resolve(
    kind: Kind | str, rule: RuleId | str, rules: RuleSet | str, level: int
) -> tuple[Kind, RuleId, RuleSet]:
    try:
        kind = Kind(kind)
    except ValueError:
        known = ", ".join(k.value for k in Kind)
        raise PuzzleError(f"`{kind}` is not a puzzle kind (known: {known})") from None
    try:
        rule = RuleId(rule)
    except ValueError:
        raise PuzzleError(f"`{rule}` is not a rule id") from None
    ruleset = resolve_rules(rules)
    cities = GENERATORS[kind].get(rule)
    if cities is None:
        known = ", ".join(r.value for r in GENERATORS[kind])
        raise PuzzleError(f"no {kind.value} puzzles for {rule.value} (available: {known})")
    if ruleset.city not in cities:
        raise PuzzleError(f"{rule.value} does not exist in {ruleset.city} rules")
    if level not in LEVELS:
        raise PuzzleError(f"level must be one of {LEVELS}, got {level!r}")
    return kind, rule, ruleset
