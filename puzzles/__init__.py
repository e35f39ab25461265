"""Endless puzzles, each aimed at one rule, answered and explained by `klaverjas_core`.

>>> from puzzles import generate, problems
>>> puzzle = generate("card-legal", "play.no-undertrump", seed=3, level=2)
>>> puzzle.rule.value, problems(puzzle)
('play.no-undertrump', [])
"""

from puzzles.describe import describe_answer
from puzzles.jsonl import LineError, PuzzleFormatError, dump_lines, load_lines, parse_line
from puzzles.model import LEVELS, Kind, Puzzle, puzzle_id
from puzzles.registry import (
    GENERATORS,
    PRACTISABLE,
    PuzzleError,
    generate,
    generator_keys,
    problems,
    solve,
)

__all__ = [
    "GENERATORS",
    "LEVELS",
    "PRACTISABLE",
    "Kind",
    "LineError",
    "Puzzle",
    "PuzzleError",
    "PuzzleFormatError",
    "describe_answer",
    "dump_lines",
    "generate",
    "generator_keys",
    "load_lines",
    "parse_line",
    "problems",
    "puzzle_id",
    "solve",
]
