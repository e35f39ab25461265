"""Command line: ``python -m puzzles export|import|list``.

python -m puzzles export --kind which-cards --rule play.must-overtrump --count 500 --seed 7
python -m puzzles import puzzles.jsonl
python -m puzzles list
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Final

from klaverjas_core import KlaverjasError, RuleSet
from puzzles.jsonl import LineError, check_lines, dump_lines, read_lines
from puzzles.model import LEVELS, PuzzleError
from puzzles.registry import PUZZLE_KINDS, documented_rule_sets, generate, generator_keys

#: What a terminal could take as a command, not text: C0 controls (ESC among them), DEL, C1
#: controls (U+009B is a CSI on its own), and the bidirectional marks that reorder a line.
UNPRINTABLE: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: An echoed message is cut to this many characters (a hostile line may quote 20,000).
SHOWN_LENGTH: Final = 500


def shown(text: object) -> str:
    r"""`text` safe to print to an operator's terminal: each control character as an escape
    (``\x1b``), and at most `SHOWN_LENGTH` characters.

    >>> shown("`kind`: `\x1b[31mred\x9b` is not known")
    '`kind`: `\\x1b[31mred\\x9b` is not known'
    """
    text = str(text)
    if len(text) > SHOWN_LENGTH:
        text = text[:SHOWN_LENGTH] + "…"
    return UNPRINTABLE.sub(lambda found: repr(found.group())[1:-1], text)


def say(text: object, *, error: bool = True) -> None:
    """Print a line the file or the command line had a say in, `shown` safely."""
    print(shown(text), file=sys.stderr if error else sys.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m puzzles", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    export = commands.add_parser("export", help="generate puzzles as JSON lines")
    export.add_argument("--kind", required=True, choices=PUZZLE_KINDS)
    export.add_argument("--rule", required=True, help="target rule id, e.g. play.must-overtrump")
    export.add_argument("--count", type=int, default=100)
    export.add_argument("--seed", type=int, default=0, help="first seed; puzzle i uses seed + i")
    export.add_argument("--rules", default="amsterdam", help="amsterdam or rotterdam (+variants)")
    export.add_argument("--level", type=int, default=1, choices=LEVELS)
    export.add_argument("--out", type=Path, help="file to write (default: standard output)")
    check = commands.add_parser("import", help="check a JSON-lines file of puzzles")
    check.add_argument("file", type=Path)
    listing = commands.add_parser("list", help="list every (kind, rule, rule set) with a generator")
    listing.add_argument(
        "--rules", help="only this rule set (default: both cities alone and with each variant)"
    )
    args = parser.parse_args(argv)

    if args.command == "list":
        try:
            rule_sets = [RuleSet.parse(args.rules)] if args.rules else documented_rule_sets()
        except KlaverjasError as error:
            say(f"error: {error}")
            return 2
        for kind, rule, rules in generator_keys(rule_sets):
            print(f"{kind:24} {rule.value:28} {rules.name}")
        return 0
    if args.command == "import":
        return _import(args.file)
    try:
        puzzles = [
            generate(args.kind, args.rule, seed=args.seed + i, rules=args.rules, level=args.level)
            for i in range(args.count)
        ]
    except (PuzzleError, KlaverjasError) as error:
        say(f"error: {error}")
        return 2
    lines = "".join(dump_lines(puzzles))
    if args.out:
        args.out.write_text(lines, encoding="utf-8")
        say(f"wrote {len(puzzles)} puzzles to {args.out}")
    else:
        sys.stdout.write(lines)
    return 0


def _import(path: Path) -> int:
    """Check a file line by line as it is read, so memory stays flat however big it is (and
    however long a line is); what is echoed of the file cannot steer the terminal."""
    valid = rejected = 0
    try:
        with path.open("rb") as source:
            for result in check_lines(read_lines(source)):
                if isinstance(result, LineError):
                    rejected += 1
                    say(f"{path}:{result}")
                else:
                    valid += 1
    except OSError as error:
        say(f"error: cannot read {path}: {error}")
        return 2
    print(f"{valid} puzzles valid, {rejected} rejected")
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
