"""Which (kind, target rule) puzzles can be generated under a rule set, and the one entry point
that generates, solves and checks a puzzle of any kind."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from klaverjas_core import AMSTERDAM, ROTTERDAM, VARIANTS, KlaverjasError, RuleId, RuleSet
from klaverjas_core.ruleset import resolve_rules
from klaverjas_questions import QuestionError, question_kind
from puzzles import nat_kinds, play_kinds, revoke_kinds, trick_kinds
from puzzles.model import (
    GENERATOR_VERSION,
    GENERATOR_VERSIONS,
    LEVELS,
    Puzzle,
    PuzzleError,
    PuzzleGenerator,
)

#: Every puzzle kind's generator, in the order menus list them.
GENERATORS: Final[dict[str, PuzzleGenerator]] = {
    generator.kind: generator
    for generator in (
        play_kinds.WHICH_CARDS,
        play_kinds.CARD_LEGAL,
        nat_kinds.GENERATOR,
        trick_kinds.GENERATOR,
        play_kinds.AMSTERDAM_OR_ROTTERDAM,
        revoke_kinds.GENERATOR,
    )
}
PUZZLE_KINDS: Final = tuple(GENERATORS)
#: For each puzzle kind, the target rules it can drill (where the rule set has them).
TARGETS: Final = {kind: generator.targets for kind, generator in GENERATORS.items()}
#: Every rule a learner can drill with puzzles under some rule set. The rest (dealing,
#: choosing trumps, leading, the match) are procedures taught by the lessons.
PRACTISABLE: Final = frozenset(rule for rules in TARGETS.values() for rule in rules)


def can_generate(kind: str, rule: RuleId, rules: RuleSet) -> bool:
    """Whether puzzles of `kind` aimed at `rule` exist under `rules` with its variants.

    >>> can_generate("which-cards", RuleId.PLAY_PARTNER_WINNING, ROTTERDAM)
    False
    >>> can_generate("count-trick", RuleId.ROEM_STUK, RuleSet.parse("amsterdam+stuk_from_hand"))
    False
    """
    generator = GENERATORS.get(kind)
    if generator is None or rule not in generator.targets:
        return False
    return generator.available(rule, rules)


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
    version: int = GENERATOR_VERSION,
) -> Puzzle:
    """The puzzle for (kind, rule, rule set, level, seed): the same inputs give the same puzzle.
    An older generators `version` gives the puzzle those generators made (for saved sets).

    Raises `PuzzleError` for a combination that cannot exist and its subclass
    `GenerationError` when the generator finds none (callers choose another seed).

    >>> p = generate("which-cards", "play.must-overtrump", seed=7)
    >>> p.kind, p.rule.value, problems(p)
    ('which-cards', 'play.must-overtrump', [])
    >>> generate("which-cards", "play.must-overtrump", seed=7) == p
    True
    """
    target, ruleset = _resolve(kind, rule, rules, level)
    if version not in GENERATOR_VERSIONS:
        raise PuzzleError(f"generators version {version!r} is not one of {GENERATOR_VERSIONS}")
    rng = random.Random(f"{kind}|{target.value}|{ruleset.name}|{level}|{seed}")
    generator = GENERATORS[kind]
    content, solution = generator.for_version(version)(target, ruleset, level, rng)
    return Puzzle(
        id=generator.puzzle_id(ruleset, level, content.to_dict()),
        kind=kind,
        rule=target,
        tags=solution.tags_for(target),
        rules=ruleset,
        level=level,
        seed=seed,
        content=content,
        answer=solution.answer,
        generator_version=version,
    )


def problems(puzzle: Puzzle) -> list[str]:
    """Everything wrong with a puzzle, judged by the core: an empty list means it is sound."""
    question = question_kind(puzzle.kind)
    try:
        solution = question.solve(puzzle.content, puzzle.rules)
        found = GENERATORS[puzzle.kind].realism(puzzle.content, puzzle.rules)
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
    expected_id = GENERATORS[puzzle.kind].puzzle_id(
        puzzle.rules, puzzle.level, puzzle.content.to_dict()
    )
    if puzzle.id != expected_id:
        found.append(f"the id {puzzle.id} does not match the content (expected {expected_id})")
    if puzzle.generator_version not in GENERATOR_VERSIONS:
        found.append(f"generator_version {puzzle.generator_version} is not known")
    return found


def _resolve(
    kind: str, rule: RuleId | str, rules: RuleSet | str, level: int
) -> tuple[RuleId, RuleSet]:
    if kind not in GENERATORS:
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
