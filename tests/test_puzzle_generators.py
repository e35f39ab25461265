"""Every puzzle generator: re-checked by the core (answer, target rule, realism), distinct ids,
the same puzzle again for the same seed, under both cities and every documented variant."""

from __future__ import annotations

import pytest

from klaverjas_core import RuleId, RuleSet
from puzzles import (
    GenerationError,
    PuzzleError,
    documented_rule_sets,
    generate,
    generator_keys,
    problems,
)

PUZZLES_PER_GENERATOR = 1_000
PUZZLES_PER_VARIANT = 12
KEYS = generator_keys()
VARIANT_KEYS = [key for key in generator_keys(documented_rule_sets()) if key not in KEYS]


def key_id(key: tuple[str, RuleId, RuleSet]) -> str:
    kind, rule, rules = key
    return f"{kind}:{rule.value}:{rules.name}"


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS, ids=[key_id(key) for key in KEYS])
def test_generator_output_is_checked_distinct_and_deterministic(
    key: tuple[str, RuleId, RuleSet],
) -> None:
    kind, rule, rules = key
    ids = set()
    for seed in range(PUZZLES_PER_GENERATOR):
        puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
        assert problems(puzzle) == [], puzzle.to_line()
        assert puzzle.rule is rule and puzzle.tags[0] is rule
        assert puzzle.solution.facts
        ids.add(puzzle.id)
    assert len(ids) >= 0.95 * PUZZLES_PER_GENERATOR
    for seed in (0, 1, 999):
        first = generate(kind, rule, seed=seed, rules=rules, level=2)
        assert generate(kind, rule, seed=seed, rules=rules, level=2) == first


@pytest.mark.parametrize("key", VARIANT_KEYS, ids=[key_id(key) for key in VARIANT_KEYS])
def test_generators_work_under_every_documented_variant(key: tuple[str, RuleId, RuleSet]) -> None:
    kind, rule, rules = key
    for seed in range(PUZZLES_PER_VARIANT):
        puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
        assert problems(puzzle) == [], puzzle.to_line()


def test_is_nat_level_3_under_stuk_from_hand_scores_like_the_core() -> None:
    # Play-outs once scored stuk themselves and ignored stuk_from_hand, so about one seed in
    # twenty failed here with GenerationError.
    rules = RuleSet.parse("amsterdam+stuk_from_hand")
    for seed in range(120):
        for target in ("score.nat", "score.made"):
            assert problems(generate("is-nat", target, seed=seed, rules=rules, level=3)) == []


def test_count_trick_stuk_is_not_offered_when_stuk_comes_from_the_hand() -> None:
    rules = RuleSet.parse("rotterdam+stuk_from_hand")
    assert ("count-trick", RuleId.ROEM_STUK, rules) not in generator_keys([rules])
    with pytest.raises(PuzzleError, match=r"no count-trick puzzles for roem\.stuk") as raised:
        generate("count-trick", "roem.stuk", seed=1, rules=rules)
    assert not isinstance(raised.value, GenerationError)
