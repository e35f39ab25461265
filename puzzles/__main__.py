"""Command line: ``python -m puzzles export|import|list``.

python -m puzzles export --kind which-cards --rule play.must-overtrump --count 500 --seed 7
python -m puzzles import puzzles.jsonl
python -m puzzles list
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from klaverjas_core import KlaverjasError, RuleSet
from puzzles.jsonl import LineError, check_lines, dump_lines
from puzzles.model import LEVELS, PuzzleError
from puzzles.registry import PUZZLE_KINDS, documented_rule_sets, generate, generator_keys


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
            print(f"error: {error}", file=sys.stderr)
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
        print(f"error: {error}", file=sys.stderr)
        return 2
    lines = "".join(dump_lines(puzzles))
    if args.out:
        args.out.write_text(lines, encoding="utf-8")
        print(f"wrote {len(puzzles)} puzzles to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(lines)
    return 0


def _import(path: Path) -> int:
    """Check a file line by line as it is read, so memory stays flat however big it is."""
    valid = rejected = 0
    try:
        with path.open("rb") as source:
            for result in check_lines(source):
                if isinstance(result, LineError):
                    rejected += 1
                    print(f"{path}:{result}", file=sys.stderr)
                else:
                    valid += 1
    except OSError as error:
        print(f"error: cannot read {path}: {error}", file=sys.stderr)
        return 2
    print(f"{valid} puzzles valid, {rejected} rejected")
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
