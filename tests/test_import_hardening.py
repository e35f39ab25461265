"""`python -m puzzles import` cannot be fooled or crashed: every line is read strictly, bad
lines are named by their true line number, and the file streams through (the probes of the
trust review, each a test)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from puzzles import generate
from puzzles.__main__ import main
from puzzles.jsonl import LineError, check_lines, dump_lines

pytestmark = pytest.mark.security  # the trust probes (issue 15)

GOOD = next(dump_lines([generate("which-cards", "play.must-overtrump", seed=7)])).rstrip("\n")
NAT = next(dump_lines([generate("is-nat", "score.nat", seed=2)])).rstrip("\n")
REVOKE = next(dump_lines([generate("who-revoked", "play.follow-suit", seed=3)])).rstrip("\n")


def edited(line: str, **changes: object) -> str:
    record = json.loads(line)
    record.update(changes)
    return json.dumps(record, ensure_ascii=False)


@pytest.mark.parametrize(
    "bad",
    [
        edited(GOOD, level=1.0),
        edited(GOOD, level=True),
        edited(NAT, choosers=0.0),
        edited(REVOKE, first_leader=1.0),
        edited(GOOD, seed=-1),
        GOOD[:-1] + ',"explanation":"Every card is legal here"}',
        GOOD[:-1] + ',"colour":"red"}',
        '{"seed": ' + "9" * 5_000 + "}",
        "[" * 9_000 + "]" * 9_000,  # short enough to parse: too deep for JSON
        GOOD[:-1] + ',"note":"' + "x" * 30_000 + '"}',
    ],
    ids=["level-float", "level-bool", "choosers-float", "leader-float", "seed-negative",
         "explanation", "unknown-field", "huge-number", "deep-nesting", "huge-line"],
)  # fmt: skip
def test_a_tampered_or_hostile_line_is_rejected_with_its_reason(bad: str) -> None:
    (result,) = list(check_lines([bad]))
    assert isinstance(result, LineError) and result.line == 1 and result.message


def test_bad_bytes_and_odd_separators_keep_every_other_line_and_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:

    odd = edited(GOOD, id="wc-\u2028\x0c")  # U+2028 and a form feed inside a string
    path = tmp_path / "set.jsonl"
    path.write_bytes(
        b"\n".join([GOOD.encode(), b"\xff not utf-8", odd.encode(), NAT.encode()]) + b"\n"
    )
    assert main(["import", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "2 puzzles valid, 2 rejected" in out
    assert f"{path}:line 2: not UTF-8" in err and f"{path}:line 3:" in err
    assert "line 4" not in err


def test_the_lines_stream_one_at_a_time() -> None:
    def lines() -> Iterator[str]:
        yield GOOD
        raise RuntimeError("the second line is never needed before the first is checked")

    first = next(check_lines(lines()))
    assert not isinstance(first, LineError) and first.kind == "which-cards"
