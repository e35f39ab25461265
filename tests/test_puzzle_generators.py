"""Every puzzle generator: re-checked by the core (answer, target rule, realism), distinct ids,
the same puzzle again for the same seed, under both cities and every documented variant."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import pytest

from klaverjas_core import RuleId, RuleSet, score_deal
from puzzles import (
    GENERATOR_VERSION,
    LEVELS,
    GenerationError,
    PuzzleError,
    documented_rule_sets,
    generate,
    generator_keys,
    problems,
)

#: Each generator's sweep: 200 seeds a level, every puzzle checked by the core (at 1,000 the
#: sweeps took about 5 % of the whole suite's test time).
PUZZLES_PER_GENERATOR = 600
#: Is-nat's level 1 shows only each pair's totals, so a trap has few shapes (most exact ties
#: are 81-81 or 71+20 against 91, at 4-4 tricks): there, about one puzzle in six repeats one
#: shown before (a drill session skips those). Every other level and kind: 95 % distinct.
DISTINCT_SHARE = {("is-nat", 1): 0.8}
PUZZLES_PER_VARIANT = 12
KEYS = generator_keys()
VARIANT_KEYS = [key for key in generator_keys(documented_rule_sets()) if key not in KEYS]
#: "kind|rule|rules|level|seed" -> the id generators version 1 gave it, taken at commit 4133886
#: (the last with version 1) for seeds 0-2 of every generator under every documented rule set.
#: Never regenerate this file: it is what stored club sets and mistakes were made of.
PINNED_V1 = json.loads((Path(__file__).parent / "data" / "puzzle_ids_v1.json").read_text())
#: The same for generators version 2, taken at commit 1d2d4d0 (the last with version 2).
PINNED_V2 = json.loads((Path(__file__).parent / "data" / "puzzle_ids_v2.json").read_text())
#: Generators version 3 as they were before they were made faster (issue 33), taken at commit
#: c33596a: seeds 0-9 of every generator, 0-29 of is-nat, under every documented rule set. A
#: speed-up must not change them.
PINNED_V3 = json.loads((Path(__file__).parent / "data" / "puzzle_ids_v3.json").read_text())
#: The same for is-nat under versions 1 and 2, whose deals share code with version 3.
PINNED_IS_NAT = json.loads((Path(__file__).parent / "data" / "is_nat_ids_v1_v2.json").read_text())


def key_id(key: tuple[str, RuleId, RuleSet]) -> str:
    kind, rule, rules = key
    return f"{kind}:{rule.value}:{rules.name}"


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS, ids=[key_id(key) for key in KEYS])
def test_generator_output_is_checked_distinct_and_deterministic(
    key: tuple[str, RuleId, RuleSet],
) -> None:
    kind, rule, rules = key
    ids: dict[int, set[str]] = {level: set() for level in LEVELS}
    for seed in range(PUZZLES_PER_GENERATOR):
        level = seed % 3 + 1
        puzzle = generate(kind, rule, seed=seed, rules=rules, level=level)
        assert problems(puzzle) == [], puzzle.to_line()
        assert puzzle.rule is rule and puzzle.tags[0] is rule
        assert puzzle.solution.facts
        ids[level].add(puzzle.id)
    for level, distinct in ids.items():
        share = len(distinct) / len(range(level - 1, PUZZLES_PER_GENERATOR, 3))
        assert share >= DISTINCT_SHARE.get((kind, level), 0.95), (level, share)
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


def pinned(version: int, keys: Iterable[str] = PINNED_V1) -> dict[str, str]:
    made = {}
    for key in keys:
        kind, rule, rules, level, seed = key.split("|")
        puzzle = generate(
            kind, rule, seed=int(seed), rules=rules, level=int(level), version=version
        )
        assert puzzle.generator_version == version
        made[key] = puzzle.id
    return made


def test_generators_version_1_still_make_the_puzzles_stored_sets_were_made_of() -> None:
    assert pinned(1) == PINNED_V1


def test_version_2_changes_only_the_puzzles_it_builds_instead_of_searching() -> None:
    changed = {key for key, made in pinned(2).items() if made != PINNED_V1[key]}
    assert {tuple(key.split("|")[:2]) for key in changed} == {
        ("is-nat", "score.nat"), ("is-nat", "score.made"), ("is-nat", "roem.declare"),
        ("which-cards", "play.partner-winning"), ("card-legal", "play.only-lower-trumps"),
    }  # fmt: skip
    # Not all: where the first deal dealt already fits its trap, both versions take it.
    is_nat = [key for key in PINNED_V1 if key.startswith("is-nat|") and "score.pit" not in key]
    assert len([key for key in changed if key.startswith("is-nat|")]) > len(is_nat) / 2


@pytest.mark.parametrize("version", [0, GENERATOR_VERSION + 1, "1"])
def test_an_unknown_generators_version_is_refused(version: object) -> None:
    with pytest.raises(PuzzleError, match="generators version"):
        generate("is-nat", "score.nat", seed=1, version=version)  # type: ignore[arg-type]


def test_generators_version_2_still_make_the_puzzles_stored_sets_were_made_of() -> None:
    assert pinned(2) == PINNED_V2


def test_generators_version_3_still_make_the_puzzles_they_made_before_the_speed_up() -> None:
    assert pinned(3, PINNED_V3) == PINNED_V3


@pytest.mark.parametrize("version", [1, 2])
def test_older_is_nat_generators_still_make_the_same_puzzles(version: int) -> None:
    expected = PINNED_IS_NAT[str(version)]
    assert pinned(version, expected) == expected


def test_version_3_changes_only_is_nat_puzzles_where_stuk_comes_from_the_hand() -> None:
    assert GENERATOR_VERSION == 3
    changed = {key for key, made in pinned(3).items() if made != PINNED_V2[key]}
    assert changed  # the pinned seeds include some
    assert all(key.startswith("is-nat|") and "stuk_from_hand" in key for key in changed)


def test_is_nat_keeps_a_stuk_from_hand_trick_declared_as_the_table_counts_it() -> None:
    """RULES.md: stuk from hand is announced with its second card. An is-nat deal (version 3)
    keeps that card's trick declared, so its answer is the same whether the stuk counts with
    the trick's declaration or apart from it (as the table counts it)."""
    rules = RuleSet.parse("rotterdam+stuk_from_hand")
    with_stuk = 0
    for seed in range(60):
        puzzle = generate("is-nat", "roem.declare", seed=seed, rules=rules, level=3)
        content = puzzle.content
        tricks = [(int(leader), list(cards)) for leader, cards in content.tricks]
        full = score_deal(tricks, content.trump, content.choosers, rules)
        stuk = {i.trick for i in full.ledger if i.rule is RuleId.ROEM_STUK}
        declared = set(range(8)) if content.declared is None else set(content.declared)
        assert stuk <= declared, (seed, stuk, declared)
        with_stuk += bool(stuk)
        as_at_table = score_deal(tricks, content.trump, content.choosers, rules,
                                 declared=declared, stuk_announced=True)  # fmt: skip
        assert puzzle.answer.points == as_at_table.points
        assert puzzle.answer.nat == as_at_table.nat
    assert with_stuk >= 5
