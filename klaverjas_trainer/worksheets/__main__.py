"""Command line: ``python -m klaverjas_trainer.worksheets --kind which-cards
--rule play.must-overtrump --count 6 --seed 7 --out sheet.pdf``
prints a worksheet (puzzles, then the answer key) as a PDF."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from klaverjas_core import KlaverjasError
from klaverjas_trainer import texts
from klaverjas_trainer.app.questions import printed_worksheet
from klaverjas_trainer.texts.catalogue import LANGUAGES
from klaverjas_trainer.worksheets.pdf import WorksheetError
from puzzles import (
    GENERATOR_VERSION,
    GENERATOR_VERSIONS,
    LEVELS,
    PUZZLE_KINDS,
    PuzzleError,
    generate,
)


def positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {number}")
    return number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m klaverjas_trainer.worksheets", description=__doc__
    )
    parser.add_argument("--kind", required=True, choices=PUZZLE_KINDS)
    parser.add_argument("--rule", required=True, help="target rule id, e.g. play.must-overtrump")
    parser.add_argument("--count", type=positive, default=6)
    parser.add_argument("--seed", type=int, default=0, help="first seed; puzzle i uses seed + i")
    parser.add_argument("--rules", default="amsterdam")
    parser.add_argument("--level", type=int, default=1, choices=LEVELS)
    parser.add_argument(
        "--generator-version", type=int, default=GENERATOR_VERSION, choices=GENERATOR_VERSIONS,
        help="the puzzle generators a sheet printed earlier was made with",
    )  # fmt: skip
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--language", default="en", choices=LANGUAGES, help="the sheet's words")
    args = parser.parse_args(argv)
    try:
        puzzles = [
            generate(
                args.kind,
                args.rule,
                seed=args.seed + i,
                rules=args.rules,
                level=args.level,
                version=args.generator_version,
            )
            for i in range(args.count)
        ]
        with texts.language(args.language):
            subtitle = texts.nt(
                "sheet-subtitle",
                args.count,
                rules=texts.rule_set_words(puzzles[0].rules),
                level=args.level,
            )
            args.out.write_bytes(printed_worksheet(puzzles, subtitle=subtitle))
    except (PuzzleError, KlaverjasError, WorksheetError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"wrote {args.count} puzzles and their answer key to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
