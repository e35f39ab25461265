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

from klaverjas_core import NO_MISBELIEF, Misbelief, RuleId, RuleSet
from klaverjas_questions.misconceptions import Diagnosis, Misconception, discriminates
from puzzles.model import Puzzle, PuzzleError
from puzzles.registry import GENERATORS, generate, targets

#: How many generated puzzles to try before giving up on one that discriminates (fewer for
#: the drill's checks within one chosen rule, which often cannot show a misconception).
TRIES: Final = 400
RULE_TRIES: Final = 60
#: A misconception is followed up from this probability on: above what any learner starts
#: with, so only once the learner's own answers point to it.
FOLLOW_AT: Final = 0.2
#: Where the trainer chooses the rule (the drill's "what I need most"), this share of puzzles
#: checks a misconception not yet ruled out, so one the drill rarely shows is found too. Many
#: checks early rule the misconceptions out sooner, so a learner who holds none gets the plain
#: drill sooner too (2/3 of the puzzles: 22 % checks in answers 21-40; 0.85: 12 %).
PROBE_SHARE: Final = 0.85
#: A misconception is ruled out below this probability (about two discriminating positions
#: answered right): no more checks of it, so a learner who holds none gets the plain drill.
RULED_OUT: Final = 0.001
#: Checks start once the learner has answered this many questions that can show one: a
#: newcomer's first puzzles follow the course's order.
PROBE_AFTER: Final = 3
#: The share of those checks that ask again about a misconception already named (answered
#: right, it shows as gone).
NAMED_SHARE: Final = 1 / 4


def discriminating_puzzle(
    entry: Misconception,
    rules: RuleSet,
    *,
    seed: int,
    level: int = 1,
    given: Misbelief = NO_MISBELIEF,
    kinds: Collection[str] | None = None,
    rival: Misbelief = NO_MISBELIEF,
    rule: RuleId | None = None,
    tries: int = TRIES,
) -> Puzzle:
    """A puzzle whose answer differs under `entry` and under `rules`: the distorted rule's own
    puzzles first, then any that the entry's question kinds can make.

    With `given` (the misconceptions already named) the puzzle tells holding `entry` as well
    from not: a learner who discards whenever void can never show an undertrump. `kinds`
    limits the question kinds (all the entry's kinds by default). With `rival` (the flags of
    another explanation), the puzzle tells `entry` from that rival instead of from the rule.
    With `rule`, only puzzles aimed at that rule are tried (a drill of one chosen rule).

    Raises `PuzzleError` when none is found (the misconception is no misconception under
    `rules`, or no kind can show it).
    """
    if not entry.holds_under(rules):
        raise PuzzleError(f"{entry.name} is the rule itself under {rules.name}")
    level = max(level, entry.from_level)  # only those puzzles can show it
    rng = random.Random(f"{entry.name}|{rules.name}|{level}|{seed}")
    usable = [
        kind for kind in GENERATORS if kind in entry.kinds and (kinds is None or kind in kinds)
    ]
    aims = [(kind, aim) for kind in usable for aim in targets(kind, rules) if rule in (None, aim)]
    first = [(kind, aim) for kind, aim in aims if aim is entry.distorts]
    for attempt in range(tries):
        pool = first if first and attempt % 2 == 0 else aims
        if not pool:
            break
        kind, aim = rng.choice(pool)
        try:
            puzzle = generate(kind, aim, seed=rng.randrange(1 << 30), rules=rules, level=level)
        except PuzzleError:
            continue
        if discriminates(entry, puzzle.kind, puzzle.content, rules, given, rival):
            return puzzle
    raise PuzzleError(f"no puzzle found that tells {entry.name} from the rule ({rules.name})")


def follow_up(
    diagnosis: Diagnosis,
    *,
    seed: int,
    kinds: Collection[str],
    probing: bool = False,
    level: int = 1,
    rule: RuleId | None = None,
) -> Puzzle | None:
    """The trainer's next check on what `diagnosis` suspects, or None for the plain drill.

    A suspect the learner's answers point to (from `FOLLOW_AT`, not yet named) is followed up
    at once, on a position that tells it from the next best explanation of the answers. With
    `probing`, a share of puzzles checks the misconceptions not yet named, on the puzzle that
    tells the most of the likeliest at once (and named ones too, so that one unlearned shows as
    gone), until each is ruled out (`RULED_OUT`: not by one answer that only looked right).
    Only `kinds` are asked, of misconceptions that puzzles of `level` can show, and with `rule`
    only puzzles aimed at it.
    """
    rng = random.Random(seed)
    rules = diagnosis.rules

    def askable(entry: Misconception) -> bool:  # by the drill's kinds at the learner's level
        return bool(entry.kinds & set(kinds)) and entry.from_level <= level

    unnamed = [entry for entry in diagnosis.suspects(at=RULED_OUT) if askable(entry)]
    pointed = [entry for entry in unnamed if diagnosis.probability(entry) >= FOLLOW_AT]
    named = [entry for entry in diagnosis.named if askable(entry)]
    rival = NO_MISBELIEF
    if pointed:
        entry = pointed[0]
        rival = diagnosis.rival_of(entry)  # the next best explanation: tell the two apart
    elif probing and diagnosis.observed >= PROBE_AFTER and rng.random() < PROBE_SHARE:
        if named and (not unnamed or rng.random() < NAMED_SHARE):
            entry = rng.choice(named)
        elif unnamed:
            return _most_telling(diagnosis, unnamed, rng, kinds=kinds, level=level, rule=rule)
        else:
            return None
    else:
        return None
    given = diagnosis.named_flags & ~entry.flag
    try:
        return discriminating_puzzle(
            entry, rules, seed=rng.randrange(1 << 30), level=level, given=given,
            kinds=kinds, rival=rival, rule=rule, tries=TRIES if rule is None else RULE_TRIES,
        )  # fmt: skip
    except PuzzleError:
        return None


#: Candidate probes weighed for what they tell (one per likeliest misconception), each
#: looked for among this many puzzles: a probe is optional, a slow search is not worth it.
PROBE_CANDIDATES: Final = 4
PROBE_TRIES: Final = 40


def _most_telling(
    diagnosis: Diagnosis,
    unnamed: list[Misconception],
    rng: random.Random,
    *,
    kinds: Collection[str],
    level: int,
    rule: RuleId | None,
) -> Puzzle | None:
    """Of a discriminating puzzle for each of the likeliest misconceptions, the one that tells
    the most of them from the rule (`telling`); None when none is found quickly."""
    found = []
    for entry in unnamed[:PROBE_CANDIDATES]:
        given = diagnosis.named_flags & ~entry.flag
        seed = rng.randrange(1 << 30)
        try:
            puzzle = discriminating_puzzle(
                entry, diagnosis.rules, seed=seed, level=level, given=given, kinds=kinds,
                rule=rule, tries=PROBE_TRIES,
            )  # fmt: skip
        except PuzzleError:
            continue
        found.append(puzzle)
    return max(found, key=lambda puzzle: telling(diagnosis, unnamed, puzzle), default=None)


def telling(diagnosis: Diagnosis, unnamed: Collection[Misconception], puzzle: Puzzle) -> float:
    """What a puzzle tells: the probabilities of the misconceptions it tells from the rule."""
    rules, named = diagnosis.rules, diagnosis.named_flags
    return sum(
        diagnosis.probability(entry)
        for entry in unnamed
        if discriminates(entry, puzzle.kind, puzzle.content, rules, named & ~entry.flag)
    )
