"""Puzzles: the vocabulary they cover, the traps they include, JSON lines in and out."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from klaverjas_core import AMSTERDAM, RuleId, Seat
from klaverjas_questions import QuestionError, question_kind
from klaverjas_trainer.texts import explain, rule_title, seat_name
from puzzles import (
    GENERATOR_VERSION,
    PRACTISABLE,
    PUZZLE_KINDS,
    TARGETS,
    PuzzleError,
    dump_lines,
    generate,
    generator_keys,
    load_lines,
    parse_line,
    problems,
)
from puzzles.__main__ import main
from puzzles.jsonl import PuzzleFormatError
from puzzles.model import GenerationError
from puzzles.nat_kinds import generate_v1, generate_v2

#: Rules taught by the lessons only: procedures, or a kind of their own (revoke).
LESSON_ONLY = {
    RuleId.DEAL_PAIRS, RuleId.DEAL_PACKETS, RuleId.DEAL_DEALER_ROTATES, RuleId.TRUMP_FREE_CHOICE,
    RuleId.TRUMP_FORCED_FIRST_HAND, RuleId.TRUMP_COMPULSORY, RuleId.TRUMP_FIRST_HAND_LEADS,
    RuleId.TRICK_WINNER_LEADS, RuleId.PLAY_LEAD_ANY, RuleId.PLAY_REVOKE, RuleId.SCORE_MATCH,
}  # fmt: skip


def test_every_practisable_rule_has_a_generator_and_learner_text() -> None:
    assert set(RuleId) - PRACTISABLE == LESSON_ONLY
    for rule in PRACTISABLE:
        assert any(rule in targets for targets in TARGETS.values())
        assert rule_title(rule)


def test_every_puzzle_kind_has_generators_under_each_city() -> None:
    keys = generator_keys()
    for kind in PUZZLE_KINDS:
        assert any(key[0] == kind and key[2] is AMSTERDAM for key in keys), kind


def test_rotterdam_only_and_amsterdam_only_rules_are_refused_elsewhere() -> None:
    with pytest.raises(PuzzleError, match=r"no which-cards puzzles for play\.partner-winning"):
        generate("which-cards", "play.partner-winning", seed=1, rules="rotterdam")
    with pytest.raises(PuzzleError, match="under amsterdam rules"):
        generate("which-cards", "play.must-undertrump", seed=1)
    with pytest.raises(PuzzleError, match=r"no which-cards puzzles for play\.void-no-trumps"):
        generate("which-cards", "play.void-no-trumps", seed=1)
    with pytest.raises(PuzzleError, match="`riddle` is not a puzzle kind"):
        generate("riddle", "play.follow-suit", seed=1)
    with pytest.raises(PuzzleError, match="level must be one of"):
        generate("which-cards", "play.follow-suit", seed=1, level=4)


def test_which_cards_positions_put_the_learner_south_after_the_trick_so_far() -> None:
    puzzle = generate("which-cards", "play.partner-winning", seed=4, level=3)
    position = puzzle.content
    assert position.to_move is Seat.SOUTH and position.leader is not None
    assert 7 <= len(position.hand) <= 8
    assert 0 < len(puzzle.answer.cards) < len(position.hand)
    assert "players" not in puzzle.to_dict()  # who played what is data (seats), not words


def test_card_legal_puzzles_ask_both_yes_and_no() -> None:
    verdicts: Counter[bool] = Counter()
    for seed in range(60):
        puzzle = generate("card-legal", "play.must-overtrump", seed=seed)
        verdicts[puzzle.answer.legal] += 1
    assert verdicts[True] > 10 and verdicts[False] > 10


def nat_puzzle(seed: int, rule: str, level: int) -> dict[str, object]:
    puzzle = generate("is-nat", rule, seed=seed, level=level)
    return {**puzzle.content.to_dict(), "answer": puzzle.answer.to_dict()}


def test_is_nat_includes_the_traps_that_catch_people() -> None:
    ties = roem_flips = eighty_two_losses = defenders_roem = 0
    for seed in range(150):
        record = nat_puzzle(seed, "score.nat", level=1)
        assert record["answer"] == {"nat": True, "points": record["answer"]["points"]}  # type: ignore[index]
        summary = record.get("summary")  # a rare pit deal shows its trick table instead
        if not isinstance(summary, dict):
            continue
        cards, roem = summary["card_points"], [sum(r) for r in summary["roem"]]
        choosers = record["choosers"]
        assert isinstance(choosers, int)
        totals = [cards[0] + roem[0], cards[1] + roem[1]]
        ties += totals[0] == totals[1]
        roem_flips += cards[choosers] > cards[1 - choosers]
        eighty_two_losses += cards[choosers] >= 82
        defenders_roem += roem[1 - choosers] > 0
    assert ties and roem_flips and eighty_two_losses and defenders_roem


def test_is_nat_pit_and_undeclared_roem() -> None:
    record = nat_puzzle(1, "score.pit", level=1)
    table = record["trick_table"]
    assert isinstance(table, list) and len({row["pair"] for row in table}) == 1
    record = nat_puzzle(2, "roem.declare", level=3)
    assert "declared" in record and len(record["declared"]) < 8  # type: ignore[arg-type]


def test_count_trick_last_trick_adds_ten() -> None:
    puzzle = generate("count-trick", "points.last-trick", seed=5)
    assert puzzle.content.trick_number == 8
    keys = [fact.key for fact in puzzle.solution.facts]
    assert "last-trick-bonus" in keys
    assert "last trick: 10 more" in explain(puzzle.solution.facts)


def test_amsterdam_or_rotterdam_answers_differ_in_the_changed_cards() -> None:
    puzzle = generate("amsterdam-or-rotterdam", "play.partner-winning", seed=6)
    (comparison,) = puzzle.solution.facts
    changed = set(comparison.values["changed"])  # type: ignore[arg-type]
    assert changed and changed == puzzle.answer.amsterdam ^ puzzle.answer.rotterdam


def test_who_revoked_names_the_card_and_the_broken_rule() -> None:
    puzzle = generate("who-revoked", "play.must-overtrump", seed=8, level=2)
    answer = puzzle.answer
    assert answer.rule is RuleId.PLAY_MUST_OVERTRUMP and answer.card is not None
    said = explain(puzzle.solution.facts)
    assert f"{answer.card} was a revoke by" in said
    # the reason speaks of the revoker in the third person, not to the learner as "you"
    revoker = seat_name(puzzle.solution.facts[0].values["player"])  # type: ignore[arg-type]
    assert f"was a revoke by {revoker}. {answer.card} is not allowed. " in said
    assert f"{revoker} must overtrump it with " in said and "you" not in said.lower().split()


# --- JSON lines ------------------------------------------------------------------------------


def sample_puzzles() -> list:  # type: ignore[type-arg]
    keys = generator_keys()
    return [
        generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
        for seed, (kind, rule, rules) in enumerate(keys[::3])
    ]


def test_json_lines_round_trip() -> None:
    puzzles = sample_puzzles()
    lines = list(dump_lines(puzzles))
    loaded, errors = load_lines(lines)
    assert errors == []
    assert loaded == puzzles


def test_json_lines_use_the_card_notation_and_the_required_fields() -> None:
    line = next(dump_lines([generate("card-legal", "play.follow-suit", seed=1)]))
    record = json.loads(line)
    for field in ("id", "kind", "rule", "rules", "trump", "trick", "hand", "answer", "card"):
        assert field in record
    assert all(card[-1] in "♣♦♥♠" for card in record["hand"])
    assert record["leader"] in range(4) and record["generator_version"] == GENERATOR_VERSION
    nat = json.loads(next(dump_lines([generate("is-nat", "score.nat", seed=1, level=3)])))
    assert nat["choosers"] in (0, 1) and len(nat["tricks"]) == 8
    assert set(nat["answer"]) == {"nat", "points"}
    assert "explanation" not in nat  # lines carry facts; the trainer words them


def edited(line: str, **changes: object) -> str:
    record = json.loads(line)
    record.update(changes)
    return json.dumps(record, ensure_ascii=False)


@pytest.fixture
def good_line() -> str:
    return next(dump_lines([generate("which-cards", "play.must-overtrump", seed=7)]))


def test_import_rejects_a_wrong_answer(good_line: str) -> None:
    with pytest.raises(PuzzleFormatError, match=r"the answer .* is wrong: the core says"):
        parse_line(edited(good_line, answer={"cards": []}))


def test_import_rejects_missing_fields_and_unknown_values(good_line: str) -> None:
    record = json.loads(good_line)
    del record["answer"]
    with pytest.raises(PuzzleFormatError, match="missing field"):
        parse_line(json.dumps(record))
    with pytest.raises(PuzzleFormatError, match="`kind`: `riddle` is not known"):
        parse_line(edited(good_line, kind="riddle"))
    with pytest.raises(PuzzleFormatError, match="`1X` is not a card"):
        parse_line(edited(good_line, hand=["1X"]))
    with pytest.raises(PuzzleFormatError, match="does not match the content"):
        parse_line(edited(good_line, id="wc-000000000000"))


def test_a_line_from_before_generator_versions_is_read_as_version_1(good_line: str) -> None:
    record = json.loads(good_line)
    del record["generator_version"]
    assert parse_line(json.dumps(record, ensure_ascii=False)).generator_version == 1
    with pytest.raises(PuzzleFormatError, match="generator_version 9 is not known"):
        parse_line(edited(good_line, generator_version=9))


def test_import_rejects_a_target_the_answer_does_not_turn_on(good_line: str) -> None:
    with pytest.raises(PuzzleFormatError, match=r"does not turn on play\.follow-suit"):
        parse_line(edited(good_line, rule="play.follow-suit"))


def test_import_rejects_an_unrealistic_trick() -> None:
    # Hearts trump. West trumps A♣ with 9♥; North then undertrumps with 7♥, which is only
    # allowed from a hand of nothing but lower trumps; 8-card hands cannot be that.
    record = {
        "id": "x", "kind": "which-cards", "rule": "play.must-overtrump", "rules": "amsterdam",
        "trump": "♥", "leader": 3, "trick": ["A♣", "9♥", "7♥"], "hand": ["J♥", "7♣", "8♣", "9♣",
        "10♣", "J♣", "Q♣", "K♣"], "answer": {"cards": ["J♥"]},
    }  # fmt: skip
    with pytest.raises(PuzzleFormatError, match="cannot have been played legally"):
        parse_line(json.dumps(record, ensure_ascii=False))


def test_import_reports_each_bad_line_by_number(good_line: str) -> None:
    bad = edited(good_line, answer={"cards": ["Q♦"]})
    _, errors = load_lines([good_line, "not json", "", bad])
    assert [error.line for error in errors] == [2, 4]
    assert str(errors[0]).startswith("line 2: not JSON")


def test_command_line_export_then_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "drill.jsonl"
    argv = ["export", "--kind", "which-cards", "--rule", "play.must-overtrump", "--count", "25",
            "--seed", "7", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 25
    assert [json.loads(line)["seed"] for line in lines] == list(range(7, 32))
    assert main(["import", str(out)]) == 0
    assert "25 puzzles valid, 0 rejected" in capsys.readouterr().out
    out.write_text(lines[0] + "\n{}\n", encoding="utf-8")
    assert main(["import", str(out)]) == 1
    captured = capsys.readouterr()
    assert "1 puzzles valid, 1 rejected" in captured.out and "line 2: missing field" in captured.err


def test_command_line_refuses_an_impossible_request(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["export", "--kind", "which-cards", "--rule", "play.must-undertrump", "--count", "1"]
    assert main(argv) == 2
    assert "no which-cards puzzles for play.must-undertrump" in capsys.readouterr().err


def test_a_generated_puzzle_is_judged_sound_by_problems() -> None:
    puzzle = generate("count-trick", "roem.stuk", seed=3)
    assert problems(puzzle) == []


@pytest.mark.parametrize("level", [1, 2, 3])
def test_is_nat_of_a_called_revoke_shows_it_in_the_trick_table(level: int) -> None:
    for seed in range(10):
        puzzle = generate("is-nat", "score.revoke", seed=seed, level=level)
        rows = puzzle.content.trick_table
        revoked = [n for n, row in enumerate(rows) if row.revoked_by is not None]
        assert len(revoked) == 1 and revoked[0] < 7  # one revoke, before the last trick
        pair = rows[revoked[0]].revoked_by
        assert puzzle.answer.points[pair] == 0
        assert puzzle.answer.nat is (pair == puzzle.content.choosers)
        total = 162 + sum(sum(row.roem) for row in rows if row.declared)
        assert puzzle.answer.points[1 - pair] >= total  # 162, all roem (and a pit's 100)


def test_is_nat_of_a_revoke_is_made_from_generators_version_3_on() -> None:
    for old in (generate_v1, generate_v2):
        with pytest.raises(GenerationError, match="version 3"):
            old(RuleId.SCORE_REVOKE, AMSTERDAM, 1, random.Random(1))


def test_a_trick_table_holds_one_revoke_before_the_last_trick() -> None:
    kind = question_kind("is-nat")
    rows = [{"pair": 0, "points": 20} for _ in range(7)] + [{"pair": 0, "points": 22}]
    for revoked in ([1, 4], [7]):
        table = [dict(row, revoked_by=1) if n in revoked else row for n, row in enumerate(rows)]
        with pytest.raises(QuestionError, match="may have one revoke, in tricks 1-7"):
            kind.read_content({"choosers": 0, "trick_table": table})
