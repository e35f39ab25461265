"""Wrong rules newcomers follow, as data beside the rule each distorts, and a diagnosis that
names the one a learner's own answers point to.

Each `Misconception` is a `Misbelief` flag of the core: with it switched on, any question
kind's `solve` gives the answer a learner holding it would give. A `Diagnosis` weighs every
answer against each hypothesis (no misconception, one, or two) with a slip model, and names a
misconception once its probability passes `NAME_AT`. Wrong answers that no hypothesis gives,
repeated (`REPEATS`), are a pattern the catalogue does not explain: the trainer's checks of that
kind stop (`Diagnosis.checkable`) and the coach says the right count plainly (`plainly`).

>>> from klaverjas_core import AMSTERDAM
>>> from klaverjas_questions import question_kind
>>> kind = question_kind("which-cards")
>>> content = kind.read_content({"trump": "♥", "trick": ["A♣", "7♣"], "hand": ["Q♥", "7♦"]})
>>> reply = kind.read_answer({"cards": ["Q♥"]})      # seed 000: 7♦ was allowed too
>>> [m.name for m in predicting(kind.name, content, AMSTERDAM, reply)]
['always-overtrump']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Final

from klaverjas_core import (
    MISBELIEF_NAMES,
    NO_MISBELIEF,
    DealScore,
    Misbelief,
    RuleId,
    RuleSet,
    trick_points,
)
from klaverjas_core.scoring import LAST_TRICK_BONUS
from klaverjas_questions.count_trick import TrickContent
from klaverjas_questions.facts import added, written
from klaverjas_questions.is_nat import NatContent
from klaverjas_questions.model import Fact, Mistake, Pair, QuestionError, fact
from klaverjas_questions.registry import question_kind

__all__ = [
    "CATALOGUE",
    "Diagnosis",
    "Misconception",
    "believed_answer",
    "discriminates",
    "plainly",
    "predicting",
]

R = RuleId
PLAY_KINDS: Final = frozenset({"which-cards", "card-legal", "who-revoked"})
TRICK_KINDS: Final = frozenset({"count-trick"})
NAT_KINDS: Final = frozenset({"is-nat"})


@dataclass(frozen=True, slots=True)
class Misconception:
    """One wrong rule: its flag, the real rule it distorts, where it is wrong, what shows it."""

    flag: Misbelief
    distorts: RuleId
    #: The cities whose rules it contradicts (under the others it may be the real rule).
    cities: frozenset[str]
    #: The question kinds whose answers can show it.
    kinds: frozenset[str]
    #: The lowest puzzle level that can show it: below level 3 an is-nat puzzle gives each
    #: pair's roem, so only its eight tricks show who a learner credits it to.
    from_level: int = 1
    #: Kinds that show it only from a higher level: (kind, level) pairs.
    shown_from: tuple[tuple[str, int], ...] = ()

    @property
    def name(self) -> str:
        """The stored name, e.g. ``always-overtrump``; also the catalogue's message key."""
        return MISBELIEF_NAMES[self.flag]

    def shows_in(self, kind: str, level: int) -> bool:
        """Whether a puzzle of `kind` at `level` can show it."""
        lowest = max(self.from_level, dict(self.shown_from).get(kind, 1))
        return kind in self.kinds and level >= lowest

    def holds_under(self, rules: RuleSet) -> bool:
        """Whether it is a misconception under `rules` (Rotterdam's players must overtrump
        their partner; that is no misconception there)."""
        return rules.city in self.cities


M = Misbelief
ORDER_KINDS: Final = PLAY_KINDS | TRICK_KINDS | NAT_KINDS
#: An is-nat puzzle shows its eight tricks from level 3 on (below: totals or a trick table).
TRICKS_SHOWN: Final = (("is-nat", 3),)
BOTH: Final = frozenset({"amsterdam", "rotterdam"})
AMSTERDAM_ONLY: Final = frozenset({"amsterdam"})

#: The catalogue, in the order a teacher's dashboard lists it.
CATALOGUE: Final[tuple[Misconception, ...]] = (
    Misconception(M.ALWAYS_OVERTRUMP, R.PLAY_PARTNER_WINNING, AMSTERDAM_ONLY, PLAY_KINDS),
    Misconception(M.NO_OVERTRUMP_ON_TRUMP_LEAD, R.PLAY_TRUMP_LED_OVERTRUMP, BOTH, PLAY_KINDS),
    Misconception(M.DISCARD_WHEN_VOID, R.PLAY_MUST_TRUMP, BOTH, PLAY_KINDS),
    Misconception(M.UNDERTRUMP_FREELY, R.PLAY_NO_UNDERTRUMP, BOTH, PLAY_KINDS),
    Misconception(M.MUST_UNDERTRUMP, R.PLAY_NO_UNDERTRUMP, AMSTERDAM_ONLY, PLAY_KINDS),
    # A deal's eight tricks (is-nat, level 3) show the order too: whose trick each one is.
    Misconception(M.TEN_BELOW_KING, R.ORDER_PLAIN, BOTH, ORDER_KINDS, shown_from=TRICKS_SHOWN),
    Misconception(M.ACE_ABOVE_NINE, R.ORDER_TRUMP, BOTH, ORDER_KINDS, shown_from=TRICKS_SHOWN),
    Misconception(M.TIE_NOT_NAT, R.SCORE_NAT, BOTH, NAT_KINDS),
    Misconception(M.PIT_FORGOTTEN, R.SCORE_PIT, BOTH, NAT_KINDS),
    Misconception(M.ROEM_WITHOUT_DECLARING, R.ROEM_DECLARE, BOTH, NAT_KINDS),
    Misconception(M.LAST_TRICK_FORGOTTEN, R.POINTS_LAST_TRICK, BOTH, TRICK_KINDS | NAT_KINDS),
    Misconception(M.ROEM_TO_HOLDER, R.ROEM_DECLARE, BOTH, NAT_KINDS, from_level=3),
    Misconception(M.REVOKE_COSTS_TRICK, R.SCORE_REVOKE, BOTH, NAT_KINDS),
)
BY_NAME: Final = {entry.name: entry for entry in CATALOGUE}


def believed_answer(kind: str, content: Any, rules: RuleSet, flags: Misbelief) -> Any | None:
    """The answer a learner holding `flags` gives, or None where that belief cannot answer
    (its scorer refuses the position)."""
    try:
        return question_kind(kind).answer_of(content, rules.believing(flags))
    except QuestionError:
        return None


def _matches(kind: str, content: Any, rules: RuleSet, flags: Misbelief, reply: Any) -> bool:
    """Whether a holder of `flags` would give `reply` (grading solves under their rules; a
    belief whose scorer refuses the position matches nothing)."""
    try:
        return question_kind(kind).is_right(content, rules.believing(flags), reply)
    except QuestionError:
        return False


def discriminates(
    entry: Misconception,
    kind: str,
    content: Any,
    rules: RuleSet,
    given: Misbelief = NO_MISBELIEF,
    rival: Misbelief = NO_MISBELIEF,
) -> bool:
    """Whether the position tells `entry` from the real rule: their answers differ. With
    `given` (misconceptions already named), it tells holding `entry` as well from not; with
    `rival` (another explanation of the answers: one misconception or two), it tells `entry`
    from that rival (suspects that answer alike on most positions)."""
    if kind not in entry.kinds or not entry.holds_under(rules):
        return False
    believed = believed_answer(kind, content, rules, given | entry.flag)
    other = given | rival
    without = believed_answer(kind, content, rules, other)
    return believed is not None and without is not None and believed != without


def predicting(kind: str, content: Any, rules: RuleSet, reply: Any) -> list[Misconception]:
    """The misconceptions whose holder would give `reply` where the real rule would not."""
    if question_kind(kind).grade(content, rules, reply).correct:
        return []
    return [
        entry
        for entry in CATALOGUE
        if kind in entry.kinds
        and entry.holds_under(rules)
        and _matches(kind, content, rules, entry.flag, reply)
    ]


#: A learner slips (answers other than their rules say) this often, in the diagnosis's model;
#: the upper end of what is seen, so that slips are not mistaken for a wrong rule.
SLIP: Final = 0.15
#: The chance that a slip lands on one particular other answer: one other answer for a yes/no.
LANDING: Final[dict[str, float]] = {"card-legal": 1.0, "which-cards": 0.25, "count-trick": 0.25}
DEFAULT_LANDING: Final = 0.5
#: Prior weights: most learners hold no misconception of the catalogue.
PRIOR_NONE: Final = 0.5
PRIOR_SINGLES: Final = 0.3
PRIOR_PAIRS: Final = 0.2
#: A misconception is named from this probability on, and shown gone again below `GONE_AT`.
#: (0.97 names one about an answer sooner than 0.99; neither named a misconception that a
#: simulated learner did not hold: benchmarks/bench_misconceptions.py.)
NAME_AT: Final = 0.97
GONE_AT: Final = 0.05
#: The trainer asks discriminating positions for a misconception from this probability on.
SUSPECT_AT: Final = 0.05
#: A wrong answer that no hypothesis gives, decided by the same rules this many times with no
#: right answer where they decide in between, is a pattern the catalogue does not explain:
#: checks of that kind would only ask it again, so they stop, and the coach says the count.
REPEATS: Final = 3

#: A kind and the rules that decide its wrong parts: what an unexplained pattern repeats.
PatternKey = tuple[str, frozenset[RuleId]]


@dataclass
class Diagnosis:
    """What a learner's answers under one rule set say about the misconceptions they hold.

    Feed it every answer (`observe`); `named` lists what the evidence shows clearly.
    """

    rules: RuleSet
    #: The log weight of each hypothesis: the misbelief flags held (0: none of them).
    log_weights: dict[Misbelief, float] = field(default_factory=dict)
    #: Misconceptions named so far and not shown gone since.
    shown: set[str] = field(default_factory=set)
    #: How many answers it has weighed (of kinds that can show a misconception).
    observed: int = 0
    #: Wrong answers no hypothesis gives, per pattern, since a right one where its rules decide.
    unexplained: dict[PatternKey, int] = field(default_factory=dict)
    #: Whether the last answer repeats such a pattern (`REPEATS` times or more).
    repeating: bool = False

    def __post_init__(self) -> None:
        if self.log_weights:
            return
        entries = [entry for entry in CATALOGUE if entry.holds_under(self.rules)]
        pairs = list(itertools.combinations(entries, 2))
        self.log_weights[Misbelief(0)] = math.log(PRIOR_NONE)
        for entry in entries:
            self.log_weights[entry.flag] = math.log(PRIOR_SINGLES / len(entries))
        for one, other in pairs:
            self.log_weights[one.flag | other.flag] = math.log(PRIOR_PAIRS / len(pairs))

    def observe(self, kind: str, content: Any, reply: Any) -> None:
        """Weigh one answer: each hypothesis gains where its holder would have given `reply`."""
        relevant = [
            entry for entry in CATALOGUE if kind in entry.kinds and entry.holds_under(self.rules)
        ]
        if not relevant:
            return
        relevant_bits = 0
        for entry in relevant:
            relevant_bits |= entry.flag.value
        hit = math.log(1 - SLIP)
        miss = math.log(SLIP * LANDING.get(kind, DEFAULT_LANDING))
        seen: dict[int, bool] = {}
        for hypothesis in self.log_weights:
            # The flags this kind can show, as plain bits: a flag enum's `&` costs a hundred
            # times an int's, and this runs for every hypothesis of every answer.
            acting = hypothesis.value & relevant_bits
            if acting not in seen:
                seen[acting] = _matches(kind, content, self.rules, Misbelief(acting), reply)
            self.log_weights[hypothesis] += hit if seen[acting] else miss
        self.observed += 1
        self._update_shown()
        self._count_pattern(kind, content, reply, explained=any(seen.values()))

    def _count_pattern(self, kind: str, content: Any, reply: Any, *, explained: bool) -> None:
        """Count a wrong answer no hypothesis gives under its pattern; a right one clears the
        patterns of its kind whose rules decide it."""
        question = question_kind(kind)
        self.repeating = False
        try:
            grade = question.grade(content, self.rules, reply)
            decided = question.solve(content, self.rules).decisive if grade.correct else None
        except QuestionError:
            return  # a position the rules refuse shows no pattern either
        if decided is not None:
            for key in [key for key in self.unexplained if key[0] == kind and key[1] <= decided]:
                del self.unexplained[key]
        elif not explained:
            key = (kind, frozenset(m.rule for m in grade.mistakes if m.rule is not None))
            self.unexplained[key] = self.unexplained.get(key, 0) + 1
            self.repeating = self.unexplained[key] >= REPEATS

    def checkable(self, kinds: Collection[str]) -> frozenset[str]:
        """Of `kinds`, those the trainer's checks may still ask: not a kind whose answers
        repeat a pattern the catalogue does not explain (a check there tells nothing)."""
        quiet = {kind for (kind, _), count in self.unexplained.items() if count >= REPEATS}
        return frozenset(kinds) - quiet

    def probability(self, entry: Misconception) -> float:
        """The probability that the learner holds `entry` (alone or with another)."""
        return self._chances([entry])[entry.name]

    def probabilities(self) -> dict[str, float]:
        """`probability` of every misconception under these rules, by name, in catalogue
        order: the hypotheses' weights worked out once for all of them."""
        return self._chances([entry for entry in CATALOGUE if entry.holds_under(self.rules)])

    def _chances(self, entries: list[Misconception]) -> dict[str, float]:
        top = max(self.log_weights.values())
        weights = [(h.value, math.exp(w - top)) for h, w in self.log_weights.items()]
        total = sum(weight for _, weight in weights)
        chances = {}
        for entry in entries:
            bits = entry.flag.value  # plain bits: see `observe`
            chances[entry.name] = sum(weight for h, weight in weights if h & bits) / total
        return chances

    def _update_shown(self) -> None:
        for name, chance in self.probabilities().items():
            if chance >= NAME_AT:
                self.shown.add(name)
            elif chance < GONE_AT:
                self.shown.discard(name)

    @property
    def named_flags(self) -> Misbelief:
        """The flags of the misconceptions named: what a follow-up position must hold fixed."""
        flags = Misbelief(0)
        for entry in self.named:
            flags |= entry.flag
        return flags

    @property
    def named(self) -> list[Misconception]:
        """The misconceptions the evidence shows, in catalogue order."""
        return [entry for entry in CATALOGUE if entry.name in self.shown]

    def rival_of(self, entry: Misconception) -> Misbelief:
        """The likeliest explanation of the answers without `entry`: the flags of the best
        hypothesis that does not hold it (`NO_MISBELIEF`: the real rule)."""
        bits = entry.flag.value  # plain bits: see `observe`
        others = [(w, h) for h, w in self.log_weights.items() if not h.value & bits]
        return max(others, key=lambda pair: pair[0])[1] if others else NO_MISBELIEF

    def suspects(
        self, at: float = SUSPECT_AT, chances: dict[str, float] | None = None
    ) -> list[Misconception]:
        """Not yet named, but likely enough (from `at`) to ask a discriminating position
        about, most likely first (`chances`: `probabilities()`, when worked out already)."""
        chances = self.probabilities() if chances is None else chances
        found = [
            (chance, BY_NAME[name]) for name, chance in chances.items() if name not in self.shown
        ]
        found.sort(key=lambda pair: -pair[0])
        return [entry for chance, entry in found if chance >= at]


def plainly(kind: str, content: Any, rules: RuleSet, reply: Any) -> tuple[Fact, ...]:
    """The right count here and how `reply` differs from it, said plainly where the learner's
    answers repeat a pattern the catalogue does not explain: each number written or counted
    wrongly ("you wrote 172 for E+W, 10 fewer than the rules give") with the count that gives
    it ("the pair that is not nat writes 162 + all declared roem: 162 + 20 = 182"); any other
    wrong part with the grade's own reason."""
    grade = question_kind(kind).grade(content, rules, reply)
    said: list[Fact] = []
    for mistake in grade.mistakes:
        counted = _counted(content, rules, reply, mistake)
        for item in counted or ([] if mistake.why is None else [mistake.why]):
            if item not in said:  # each sentence once
                said.append(item)
    return tuple(said)


def _counted(content: Any, rules: RuleSet, reply: Any, mistake: Mistake) -> list[Fact]:
    """A number part's mistake as the difference and the count; [] for any other part."""
    if isinstance(content, NatContent) and mistake.part == "points" and reply.points is not None:
        score = content.score(rules)
        said = []
        for pair in (0, 1):
            given, expected = reply.points[pair], score.points[pair]
            if given != expected:
                said += [_differs(given, expected, Pair(pair)), _nat_count(score, pair)]
        return said
    if isinstance(content, TrickContent) and mistake.part == "points" and reply.points is not None:
        judged = content.judged(rules)
        each = [trick_points([card], content.trump) for card in content.trick]
        cards = added(each, judged.points)  # 10 + 11 + 0 + 0 = 21
        expected = judged.points + (LAST_TRICK_BONUS if content.last_trick else 0)
        count = (
            fact("coach-count-last-trick", cards=cards, total=expected)
            if content.last_trick
            else fact("coach-count-trick", cards=cards)
        )
        return [_differs(reply.points, expected, None), count]
    return []


def _differs(given: int, expected: int, pair: Pair | None) -> Fact:
    """The difference said: "You wrote 172 for E+W, 10 fewer than the rules give."."""
    direction = "fewer" if given < expected else "more"
    difference = abs(expected - given)
    if pair is None:
        return fact(f"coach-counted-{direction}", given=given, difference=difference)
    return fact(f"coach-wrote-{direction}", given=given, pair=pair, difference=difference)


def _nat_count(score: DealScore, pair: int) -> Fact:
    """What `pair` writes and why, in this deal's numbers: its own total when the choosers
    made it, else 162 + all declared roem (and a pit's 100) for the pair that takes the deal,
    and 0 for the other."""
    verdict = score.verdict.rule
    if verdict is R.SCORE_MADE:
        return fact("coach-count-made", total=written(score, pair))
    loser = score.revoked_by if verdict is R.SCORE_REVOKE else score.choosers
    situation = "revoke" if verdict is R.SCORE_REVOKE else "nat"
    if pair == loser:
        return fact(f"coach-count-{situation}-zero")
    return fact(f"coach-count-{situation}", total=written(score, pair))
