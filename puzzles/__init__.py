"""Endless puzzles, each aimed at one rule, answered and explained by `klaverjas_core` through
the question kinds of `klaverjas_questions`.

>>> from puzzles import generate, problems
>>> puzzle = generate("card-legal", "play.no-undertrump", seed=3, level=2)
>>> puzzle.rule.value, problems(puzzle)
('play.no-undertrump', [])
"""

from puzzles.jsonl import LineError, PuzzleFormatError, dump_lines, load_lines, parse_line
from puzzles.model import (
    GENERATOR_VERSION,
    GENERATOR_VERSIONS,
    LEVELS,
    GenerationError,
    Puzzle,
    PuzzleError,
    PuzzleGenerator,
)
from puzzles.registry import (
    GENERATORS,
    PRACTISABLE,
    PUZZLE_KINDS,
    TARGETS,
    can_generate,
    documented_rule_sets,
    generate,
    generator_keys,
    problems,
    targets,
)

__all__ = [
    "GENERATORS",
    "GENERATOR_VERSION",
    "GENERATOR_VERSIONS",
    "LEVELS",
    "PRACTISABLE",
    "PUZZLE_KINDS",
    "TARGETS",
    "GenerationError",
    "LineError",
    "Puzzle",
    "PuzzleError",
    "PuzzleFormatError",
    "PuzzleGenerator",
    "can_generate",
    "documented_rule_sets",
    "dump_lines",
    "generate",
    "generator_keys",
    "load_lines",
    "parse_line",
    "problems",
    "targets",
]
