"""Puzzles that tell a misconception from the real rule: the drill a learner gets once the
trainer suspects or names one.

>>> from klaverjas_core import AMSTERDAM
>>> from klaverjas_questions.misconceptions import BY_NAME, discriminates
>>> puzzle = discriminating_puzzle(BY_NAME["always-overtrump"], AMSTERDAM, seed=1)
>>> discriminates(BY_NAME["always-overtrump"], puzzle.kind, puzzle.content, AMSTERDAM)
True
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Final

from klaverjas_core import NO_MISBELIEF, Misbelief, RuleSet
from klaverjas_questions.misconceptions import Misconception, discriminates
from puzzles.model import Puzzle, PuzzleError
from puzzles.registry import GENERATORS, generate, targets

#: How many generated puzzles to try before giving up on one that discriminates.
TRIES: Final = 400


def discriminating_puzzle(
    entry: Misconception,
    rules: RuleSet,
    *,
    seed: int,
    level: int = 1,
    given: Misbelief = NO_MISBELIEF,
    kinds: Collection[str] | None = None,
    rival: Misconception | None = None,
) -> Puzzle:
    """A puzzle whose answer differs under `entry` and under `rules`: the distorted rule's own
    puzzles first, then any that the entry's question kinds can make.

    With `given` (the misconceptions already named) the puzzle tells holding `entry` as well
    from not: a learner who discards whenever void can never show an undertrump. `kinds`
    limits the question kinds (all the entry's kinds by default). With `rival`, the puzzle
    tells `entry` from `rival` instead of from the rule.

    Raises `PuzzleError` when none is found (the misconception is no misconception under
    `rules`, or no kind can show it).
    """
    if not entry.holds_under(rules):
        raise PuzzleError(f"{entry.name} is the rule itself under {rules.name}")
    rng = random.Random(f"{entry.name}|{rules.name}|{level}|{seed}")
    usable = [
        kind for kind in GENERATORS if kind in entry.kinds and (kinds is None or kind in kinds)
    ]
    aims = [(kind, rule) for kind in usable for rule in targets(kind, rules)]
    first = [(kind, rule) for kind, rule in aims if rule is entry.distorts]
    for attempt in range(TRIES):
        pool = first if first and attempt % 2 == 0 else aims
        if not pool:
            break
        kind, rule = rng.choice(pool)
        try:
            puzzle = generate(kind, rule, seed=rng.randrange(1 << 30), rules=rules, level=level)
        except PuzzleError:
            continue
        if discriminates(entry, puzzle.kind, puzzle.content, rules, given, rival):
            return puzzle
    raise PuzzleError(f"no puzzle found that tells {entry.name} from the rule ({rules.name})")
