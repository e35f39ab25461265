"""`python -m puzzles import` with a hostile file: nothing it echoes can steer the operator's
terminal (escape sequences, C1 controls, bidirectional overrides are shown as escapes), and a
line of any length is refused by its number while memory stays small."""

from __future__ import annotations

import io
import re
import tracemalloc
from pathlib import Path

import pytest

from puzzles import generate
from puzzles.__main__ import main
from puzzles.jsonl import LongLine, dump_lines, read_lines

pytestmark = pytest.mark.security  # the trust probes (issue 15)

GOOD = next(dump_lines([generate("which-cards", "play.must-overtrump", seed=7)])).encode()

#: What a terminal acts on: C0 controls but the line ends print writes, DEL, C1, bidi overrides.
STEERING = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_what_import_echoes_cannot_steer_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = [
        # JSON escapes: the messages quote the decoded ESC, CSI and right-to-left override
        rb'{"id":"x","kind":"\u001b[31mred\u009b[2J","rule":"play.follow-suit",'
        rb'"rules":"amsterdam","answer":{}}',
        GOOD.replace(b'"rules":"amsterdam"', rb'"rules":"amsterdam\u001b]0;owned\u0007"'),
        # the UTF-8 of U+009B (a CSI on its own) and U+202E, as they are in the file
        GOOD.replace(b'"rule":"play.must-overtrump"', b'"rule":"\xc2\x9b31m\xe2\x80\xaeplay"'),
    ]
    path = tmp_path / "set\x1b[2J.jsonl"  # the name is echoed too
    path.write_bytes(b"\n".join([GOOD.rstrip(b"\n"), *hostile]) + b"\n")
    assert main(["import", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "1 puzzles valid, 3 rejected" in out
    assert STEERING.findall(out + err) == []
    lines = err.splitlines()
    assert len(lines) == 3  # one line per rejected line: no line break smuggled in
    assert all(line.startswith(f"{tmp_path}/set\\x1b[2J.jsonl:line ") for line in lines)
    assert "\\x1b[31mred\\x9b[2J" in lines[0]  # shown, as escapes
    assert "\\x9b31m\\u202eplay" in lines[2]


def test_a_50_mb_line_is_refused_by_its_number_and_never_held(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = 50 * 1024 * 1024
    path = tmp_path / "long.jsonl"
    with path.open("wb") as written:
        written.write(GOOD)
        written.write(b'{"id":"' + b"x" * (long - 9) + b'"}\n')
        written.write(GOOD)
    tracemalloc.start()
    try:
        code = main(["import", str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    assert code == 1 and "2 puzzles valid, 1 rejected" in out
    assert err == f"{path}:line 2: the line is {long:,} bytes; a puzzle has far fewer\n"
    assert peak < 10 * 1024 * 1024  # far below the line's 50 MB


def test_lines_over_the_limit_are_passed_on_by_their_size_only() -> None:
    source = io.BytesIO(b"abc\nabcd\nabcde\n\nabcdefghij")
    assert list(read_lines(source, limit=4)) == [
        b"abc\n", b"abcd\n", LongLine(5), b"\n", LongLine(10),
    ]  # fmt: skip
