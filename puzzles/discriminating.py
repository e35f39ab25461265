"""Puzzles that tell a misconception from the real rule: the drill a learner gets once the
trainer suspects or names one.

>>> from klaverjas_core import AMSTERDAM
>>> from klaverjas_questions.misconceptions import BY_NAME, discriminates
>>> puzzle = discriminating_puzzle(BY_NAME["always-overtrump"], AMSTERDAM, seed=1)
>>> discriminates(BY_NAME["always-overtrump"], puzzle.kind, puzzle.content, AMSTERDAM)
True
"""

from __future__ import annotations

import dataclasses
import random
import threading
from collections.abc import Callable, Collection, Hashable
from dataclasses import dataclass, field
from typing import Final

from klaverjas_core import NO_MISBELIEF, Misbelief, RuleId, RuleSet
from klaverjas_questions.misconceptions import (
    BY_NAME,
    Diagnosis,
    Misconception,
    discriminates,
)
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


#: A search's positions kept for later checks (per misconception, rules, level, kinds, ...):
#: up to this many, and while fewer are known a new check searches again this share of the
#: time (so the positions asked vary), else takes a kept one.
KEPT: Final = 16
SEARCH_SHARE: Final = 1 / 4
#: How many different searches a server keeps positions for (memory stays bounded).
KEPT_SEARCHES: Final = 500


@dataclass(frozen=True)
class Search:
    """One search for a position that tells a misconception apart (the arguments of
    `discriminating_puzzle`; `seed`, its generator's when it runs elsewhere): a name, flags
    and a rule set only, so a worker process can run it (`run_search`)."""

    entry: str
    rules: RuleSet
    level: int
    given: Misbelief
    kinds: frozenset[str] | None
    rival: Misbelief
    rule: RuleId | None
    tries: int
    seed: int = 0

    @property
    def question(self) -> Hashable:
        """What is searched for, without the tries and the seed: `Found`'s key for it."""
        return (self.entry, self.rules.name, self.level, self.given, self.kinds, self.rival,
                self.rule)  # fmt: skip


def run_search(search: Search, each: Callable[[int, int], None] | None = None) -> Puzzle | None:
    """`search` carried out: the position found, or None after its tries (`each`: a worker
    pool's progress, not used: a search is short)."""
    del each
    try:
        return _search(BY_NAME[search.entry], search, random.Random(search.seed))
    except PuzzleError:
        return None


@dataclass
class Found:
    """Positions earlier searches found that tell a misconception apart, by what was searched
    for: a check takes one of them instead of generating dozens of puzzles again (a search of
    `TRIES`, or `PROBE_TRIES` per suspect, cost a drill's click 10-100 ms). They are facts
    about the generators, not about a learner, so one `Found` serves every learner of a
    server (thread-safe); `avoid` keeps a learner from a position already shown to them."""

    kept: dict[Hashable, list[Puzzle]] = field(default_factory=dict)
    #: Searches that found nothing (none kept since): the most tries one of them made.
    misses: dict[Hashable, int] = field(default_factory=dict)
    #: Whether a kept position tells a misconception from the rule (with others named): what
    #: a probe weighs its candidates by, worked out once per position.
    told: dict[Hashable, bool] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    #: Where a search that a check need not wait for runs (a server's worker pool): given
    #: what is searched for and the search, it runs `run_search` and hands the position to
    #: `keep` (None to `missed`), now or later. Without it every search runs at once.
    later: Callable[[Hashable, Search], None] | None = field(default=None, repr=False)

    def known(self, key: Hashable, avoid: Collection[str]) -> list[Puzzle]:
        """The positions kept for `key`, but those in `avoid`."""
        with self.lock:
            return [puzzle for puzzle in self.kept.get(key, ()) if puzzle.id not in avoid]

    def found(self, key: Hashable, search: Search, puzzle: Puzzle | None) -> None:
        """A search for `key` ended: its position kept, or its tries counted as missed."""
        if puzzle is None:
            self.missed(key, search.tries)
        else:
            self.keep(key, puzzle)

    def take(
        self, key: Hashable, rng: random.Random, avoid: Collection[str], tries: int
    ) -> Puzzle | None:
        """A kept position for `key` not in `avoid`, unless this check searches anew (None).
        Raises `PuzzleError` without a search where a search of as many `tries` found nothing
        and none was found since, but for `SEARCH_SHARE` of the checks (such a search
        generates all its tries for nothing, most of the time)."""
        with self.lock:
            kept = list(self.kept.get(key, ()))
            missed = self.misses.get(key, 0)
        if not kept and missed >= tries:
            if rng.random() < SEARCH_SHARE:
                return None
            raise PuzzleError("no position found for this check so far")
        known = [puzzle for puzzle in kept if puzzle.id not in avoid]
        if not known or (len(kept) < KEPT and rng.random() < SEARCH_SHARE):
            return None
        return rng.choice(known)

    def missed(self, key: Hashable, tries: int) -> None:
        """A search of `tries` for `key` found nothing."""
        with self.lock:
            if key in self.misses or len(self.misses) < KEPT_SEARCHES:
                self.misses[key] = max(tries, self.misses.get(key, 0))

    def keep(self, key: Hashable, puzzle: Puzzle) -> None:
        with self.lock:
            if key not in self.kept and len(self.kept) >= KEPT_SEARCHES:
                return  # a server's memory is bounded: later searches are not kept
            known = self.kept.setdefault(key, [])
            if len(known) < KEPT and all(other.id != puzzle.id for other in known):
                known.append(puzzle)

    def tells(self, entry: Misconception, puzzle: Puzzle, rules: RuleSet, given: Misbelief) -> bool:
        """`discriminates(entry, ...)` for `puzzle`, remembered."""
        key = (puzzle.id, entry.name, rules.name, given)
        with self.lock:
            known = self.told.get(key)
        if known is None:
            known = discriminates(entry, puzzle.kind, puzzle.content, rules, given)
            with self.lock:
                if len(self.told) >= KEPT_SEARCHES * KEPT * 4:
                    self.told.clear()  # bounded: worked out again when next asked
                self.told[key] = known
        return known


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
    found: Found | None = None,
    avoid: Collection[str] = (),
    wait: bool = True,
) -> Puzzle:
    """A puzzle whose answer differs under `entry` and under `rules`: the distorted rule's own
    puzzles first, then any that the entry's question kinds can make.

    With `given` (the misconceptions already named) the puzzle tells holding `entry` as well
    from not: a learner who discards whenever void can never show an undertrump. `kinds`
    limits the question kinds (all the entry's kinds by default). With `rival` (the flags of
    another explanation), the puzzle tells `entry` from that rival instead of from the rule.
    With `rule`, only puzzles aimed at that rule are tried (a drill of one chosen rule).

    With `found`, a position an earlier search found for the same question is taken (one
    not in `avoid`, the ids of positions to leave out), or a new one found is kept there.
    Where `found` searches `later` (a server), a new search runs there and this check takes
    a kept position meanwhile; with none kept, a caller that need not `wait` (an optional
    check) gets `PuzzleError` at once, and the position is there for a later check.

    Raises `PuzzleError` when none is found (the misconception is no misconception under
    `rules`, or no kind can show it).
    """
    if not entry.holds_under(rules):
        raise PuzzleError(f"{entry.name} is the rule itself under {rules.name}")
    level = max(level, entry.from_level)  # only those puzzles can show it
    rng = random.Random(f"{entry.name}|{rules.name}|{level}|{seed}")
    chosen = None if kinds is None else frozenset(kinds)
    search = Search(entry.name, rules, level, given, chosen, rival, rule, tries)
    if found is None:
        return _search(entry, search, rng)
    asked = search.question
    if (kept := found.take(asked, rng, avoid, tries)) is not None:
        return kept
    if found.later is not None:
        known = found.known(asked, avoid)
        if known or not wait:  # searched off this click
            found.later(asked, dataclasses.replace(search, seed=rng.randrange(1 << 30)))
            known = known or found.known(asked, avoid)  # a search run at once (no server)
            if not known:
                raise PuzzleError(f"no position kept yet for {entry.name}: searching")
            return rng.choice(known)
    try:
        puzzle = _search(entry, search, rng)
    except PuzzleError:
        found.missed(asked, tries)
        raise
    found.keep(asked, puzzle)
    return puzzle


def _search(entry: Misconception, search: Search, rng: random.Random) -> Puzzle:
    """Up to `search.tries` generated puzzles, until one tells `entry` apart (see
    `discriminating_puzzle`); `PuzzleError` when none does."""
    rules, level, given = search.rules, search.level, search.given
    kinds, rival, rule, tries = search.kinds, search.rival, search.rule, search.tries
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
    found: Found | None = None,
    avoid: Collection[str] = (),
) -> Puzzle | None:
    """The trainer's next check on what `diagnosis` suspects, or None for the plain drill.

    A suspect the learner's answers point to (from `FOLLOW_AT`, not yet named) is followed up
    at once, on a position that tells it from the next best explanation of the answers. With
    `probing`, a share of puzzles checks the misconceptions not yet named, on the puzzle that
    tells the most of the likeliest at once (and named ones too, so that one unlearned shows as
    gone), until each is ruled out (`RULED_OUT`: not by one answer that only looked right).
    Only `kinds` are asked, of misconceptions that puzzles of `level` can show, and with `rule`
    only puzzles aimed at it. `found` and `avoid`: see `discriminating_puzzle`; a check is
    optional, so where `found` searches later, one with no position kept yet comes a puzzle
    or two later.
    """
    rng = random.Random(seed)
    rules = diagnosis.rules

    def askable(entry: Misconception) -> bool:  # by the drill's kinds at the learner's level
        return bool(entry.kinds & set(kinds)) and entry.from_level <= level

    # Each probability weighs every hypothesis: worked out once per check, not per use.
    chances = diagnosis.probabilities()
    unnamed = [entry for entry in diagnosis.suspects(RULED_OUT, chances) if askable(entry)]
    pointed = [entry for entry in unnamed if chances[entry.name] >= FOLLOW_AT]
    named = [entry for entry in diagnosis.named if askable(entry)]
    rival = NO_MISBELIEF
    if pointed:
        entry = pointed[0]
        rival = diagnosis.rival_of(entry)  # the next best explanation: tell the two apart
    elif probing and diagnosis.observed >= PROBE_AFTER and rng.random() < PROBE_SHARE:
        if named and (not unnamed or rng.random() < NAMED_SHARE):
            entry = rng.choice(named)
        elif unnamed:
            return _most_telling(
                diagnosis, unnamed, rng, kinds=kinds, level=level, rule=rule, found=found,
                avoid=avoid, chances=chances,
            )  # fmt: skip
        else:
            return None
    else:
        return None
    given = diagnosis.named_flags & ~entry.flag
    try:
        return discriminating_puzzle(
            entry, rules, seed=rng.randrange(1 << 30), level=level, given=given,
            kinds=kinds, rival=rival, rule=rule, tries=TRIES if rule is None else RULE_TRIES,
            found=found, avoid=avoid, wait=False,
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
    found: Found | None = None,
    avoid: Collection[str] = (),
    chances: dict[str, float] | None = None,
) -> Puzzle | None:
    """Of a discriminating puzzle for each of the likeliest misconceptions, the one that tells
    the most of them from the rule (`telling`); None when none is found quickly. `chances`:
    the misconceptions' probabilities, when worked out already."""
    candidates = []
    for entry in unnamed[:PROBE_CANDIDATES]:
        given = diagnosis.named_flags & ~entry.flag
        seed = rng.randrange(1 << 30)
        try:
            puzzle = discriminating_puzzle(
                entry, diagnosis.rules, seed=seed, level=level, given=given, kinds=kinds,
                rule=rule, tries=PROBE_TRIES, found=found, avoid=avoid, wait=False,
            )  # fmt: skip
        except PuzzleError:
            continue
        candidates.append(puzzle)
    if chances is None:  # once for all the candidates
        chances = diagnosis.probabilities()
    return max(
        candidates,
        key=lambda puzzle: telling(diagnosis, unnamed, puzzle, found, chances),
        default=None,
    )


def telling(
    diagnosis: Diagnosis,
    unnamed: Collection[Misconception],
    puzzle: Puzzle,
    found: Found | None = None,
    chances: dict[str, float] | None = None,
) -> float:
    """What a puzzle tells: the probabilities of the misconceptions it tells from the rule
    (`chances`: those probabilities, worked out already; `found` remembers what a position
    tells)."""
    rules, named = diagnosis.rules, diagnosis.named_flags

    def tells(entry: Misconception) -> bool:
        given = named & ~entry.flag
        if found is None:
            return discriminates(entry, puzzle.kind, puzzle.content, rules, given)
        return found.tells(entry, puzzle, rules, given)

    return sum(
        diagnosis.probability(entry) if chances is None else chances[entry.name]
        for entry in unnamed
        if tells(entry)
    )
