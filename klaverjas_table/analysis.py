"""What a stronger player would have done with the learner's cards: each card the learner chose
in a deal (where the rules left a choice), weighed against every other card they could have
played by the sampling player's own method, on many more sampled deals than it plays with.

Each candidate card is played out (`klaverjas_table.batch`) on the same sampled deals of the
unseen cards, drawn uniformly from those consistent with what the learner could know then (a
seat that did not follow suit holds none of it), with the same random choices: the comparison
of two cards is paired, so how the cards lay cancels out. Deals are drawn in batches until the
verdict is clear (a stopping rule) or `ANALYSIS_SAMPLES` are used:

- a card is *named* the stronger player's only when it beats every other legal card by more
  than `Z` standard errors of the paired difference; cards that no batch can tell apart are
  *too close to call*, and then no card is named (`CardChoice.best` is None);
- a choice *gives away* points only when the chosen card is that clearly worse than the
  best cards: the whole points of the average margin it lost (0 otherwise). A deal's figure is
  the sum of its rows, as the page shows them;
- a revoke (a card the club table let through) is weighed against the legal cards only, and
  costs the deal where the revoke counted;
- every choice has a `Reason`, one fact of the play-outs (`batch.Outcome`'s parts): the part
  of the margin that differs most between the worse card and the better, with its number.

Summed over a deal, the points given away are the luck-free figure: 0 when every card was as
good as the stronger player's, whatever the deal's score.

>>> game = TableGame.new(seed=4, rules="amsterdam")
>>> while game.phase not in ("score", "over"):
...     if game.phase == "call":
...         _ = game.call("♥" if game.must_name else "pass")
...     elif game.phase == "trick":
...         _ = game.turn_trick()
...     else:
...         _ = game.play(next(iter(game.legal_cards())))
>>> analysis = analyse_deal(game, 0, samples=256)
>>> choice = analysis.choices[0]
>>> choice.best is None or choice.best in choice.top
True
>>> analysis.given_away == sum(c.given_away for c in analysis.choices)
True
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from klaverjas_core import Card, RuleId, Suit, check_card
from klaverjas_core._tables import SUIT_MASKS
from klaverjas_core.cards import mask_of
from klaverjas_table.batch import Draws, Outcome, Start, play_outs
from klaverjas_table.players import View, _past_totals, _voids, cards_of
from klaverjas_table.simulate import view_of
from klaverjas_table.table import LEARNER, TableGame, dealt, replay_calls

__all__ = [
    "ANALYSIS_SAMPLES",
    "BATCH",
    "EQUAL",
    "CardChoice",
    "CardFacts",
    "DealAnalysis",
    "Reason",
    "ReasonKind",
    "Unseen",
    "Z",
    "analyse_deal",
    "analysis_rows",
    "deal_unseen",
    "weigh_choice",
]

#: Sampled deals per choice at most (the stopping rule ends most choices much sooner).
ANALYSIS_SAMPLES: Final = 4096
#: Sampled deals drawn at a time, between two looks at the verdict.
BATCH: Final = 512
#: No verdict before this many sampled deals (an early look decides by luck too often), but
#: where the cards' differences are the same on every deal drawn.
FIRST_LOOK: Final = 1024
#: How many standard errors of the paired difference make one card clearly better.
Z: Final = 3.0
#: Average margins surely closer than this are equal: the cards are too close to call.
EQUAL: Final = 6.0


class ReasonKind(StrEnum):
    """Why one card is worse than another: the part of the margin that differs most. The
    values are stored with the analysis; each has a sentence per language
    (``analysis-reason-<value>``)."""

    REVOKE = "revoke"  # not allowed (and the revoke did not decide the deal)
    REVOKE_DEAL = "revoke-deal"  # not allowed, and the revoke lost the pair the deal
    TRICK_GIVEN = "trick-given"  # more points onto the other side's trick
    TRICK_LOST = "trick-lost"  # the other side takes this trick more often
    TRICK_FED = "trick-fed"  # fewer points onto the own pair's trick
    LATER = "later"  # fewer card points in the tricks after this one
    LAST_TRICK = "last-trick"  # the last trick (its 10) goes to the other side more often
    ROEM = "roem"  # roem: less for the pair, or more for the other
    PIT_OURS = "pit-ours"  # the pair takes all eight tricks less often
    PIT_THEIRS = "pit-theirs"  # the other side takes all eight tricks more often
    NAT_US = "nat-us"  # the pair, which chose trumps, goes nat more often
    NAT_THEM = "nat-them"  # the other side, which chose trumps, goes nat less often
    TOTAL = "total"  # no single part's words would hold: the whole difference
    EQUAL = "equal"  # too close to call: within `points` of each other
    SAME = "same"  # the cards played out the same on every sampled deal


@dataclass(frozen=True, slots=True)
class Reason:
    """One fact that says why `worse` is worse than `better` (or, for EQUAL and SAME, that the
    two cannot be told apart): `points` the part of the average margin it names (EQUAL: the
    bound on their difference), `percent` the shares of the deals (with `worse`, with
    `better`) the probability kinds speak of, `rule` a revoke's rule."""

    kind: ReasonKind
    worse: Card
    better: Card | None = None
    points: int = 0
    percent: tuple[int, int] | None = None
    rule: RuleId | None = None

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {"kind": self.kind.value, "worse": str(self.worse),
                                 "points": self.points}  # fmt: skip
        if self.better is not None:
            found["better"] = str(self.better)
        if self.percent is not None:
            found["percent"] = list(self.percent)
        if self.rule is not None:
            found["rule"] = self.rule.value
        return found

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Reason:
        better, percent, rule = data.get("better"), data.get("percent"), data.get("rule")
        return cls(
            ReasonKind(data["kind"]),
            Card.parse(str(data["worse"])),
            None if better is None else Card.parse(str(better)),
            int(data.get("points", 0)),
            None if percent is None else (int(percent[0]), int(percent[1])),
            None if rule is None else RuleId(rule),
        )


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What playing one card came to, averaged over the sampled deals: the margin, its parts
    (`Outcome.PARTS`, adding up to it) and how often the pair took this trick and the last,
    the choosers went nat, and either pair took all eight tricks."""

    margin: float
    parts: tuple[float, ...]
    won_this: float
    won_last: float
    nat_made: float
    pit_ours: float
    pit_theirs: float

    def part(self, name: str) -> float:
        return self.parts[Outcome.PARTS.index(name)]


@dataclass(frozen=True, slots=True)
class CardChoice:
    """One card the learner chose, beside what each card they could have played was worth.

    `values` is each candidate's average written-score margin for the learner's pair; `top`
    the legal cards that no sample could tell from the best (by average), `best` the one card
    when `top` holds only it (None: too close to call); `given_away` whole points."""

    trick: int  # 0-based
    played: Card
    values: dict[Card, float]
    legal: bool = True  # False: a revoke the club table let through
    top: tuple[Card, ...] = ()
    best: Card | None = None
    given_away: int = 0
    reason: Reason | None = None
    facts: dict[Card, CardFacts] | None = None
    samples: int = 0  # sampled deals this choice was weighed on

    @property
    def too_close(self) -> bool:
        return self.best is None

    def to_dict(self) -> dict[str, Any]:
        """The row kept with the analysis (`klaverjas_trainer.storage.analyses`)."""
        return {
            "trick": self.trick + 1,
            "played": str(self.played),
            "best": "" if self.best is None else str(self.best),
            "top": [str(card) for card in self.top],
            "given_away": self.given_away,
            "legal": self.legal,
            "reason": None if self.reason is None else self.reason.to_dict(),
            "samples": self.samples,
        }


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    deal: int  # 0-based deal of the match
    choices: tuple[CardChoice, ...]
    samples: int  # sampled deals per choice at most

    @property
    def given_away(self) -> int:
        """The luck-free figure: the whole points all the learner's cards gave away, the sum
        of the rows."""
        return sum(choice.given_away for choice in self.choices)

    @property
    def best_found(self) -> int:
        """How many of the learner's choices were as good as the stronger player's."""
        return sum(1 for choice in self.choices if choice.given_away == 0)


@dataclass(frozen=True, slots=True)
class _Asked:
    """A choice the learner had: what they knew, the cards, and whether a revoke decides."""

    trick: int
    view: View
    legal: int
    played: Card
    fixed_revoke: int  # the pair whose counted revoke was made before (-1: none)
    counted: bool  # this card is the revoke that counts


def analyse_deal(
    game: TableGame,
    number: int,
    *,
    samples: int = ANALYSIS_SAMPLES,
    each: Callable[[int, int], None] | None = None,
    salt: str = "",
) -> DealAnalysis:
    """Every card the learner chose in deal `number` (0-based) of `game`, weighed; `each(done,
    total)` hears of each decision weighed (a progress bar). The same game always gives the
    same analysis: one random generator per analysis, seeded by the match and the deal;
    another `salt` draws other samples (a benchmark's check of how stable the verdicts are)."""
    record = game.records[number]
    deal = dealt(game.seed, number, game.rules, game.first_dealer, referee=game.mode == "club")
    replay_calls(deal, record.calls)
    counted = game.counted_revoke(number)
    asked = []
    for card in record.cards:
        if deal.to_move == LEARNER:
            legal = mask_of(deal.legal_cards().cards)
            candidates = legal | card.bit
            if candidates & (candidates - 1):  # more than one card to choose from
                trick = len(deal.tricks)
                fixed, this = -1, False
                if counted is not None:
                    leader = deal.leader
                    here = (trick, (LEARNER - leader) % 4)
                    made_at = counted.trick
                    lead = deal.tricks[made_at][0] if made_at < trick else leader
                    there = (made_at, (counted.seat - lead) % 4)
                    this = there == here
                    fixed = counted.seat % 2 if there < here else -1
                view = view_of(deal, LEARNER)
                asked.append(_Asked(trick, view, legal, card, fixed, this))
        deal.play(card)
    generator = np.random.default_rng(_entropy(f"analysis/{game.seed}/{number}{salt}"))
    choices = []
    for done, question in enumerate(asked, start=1):
        choices.append(
            weigh_choice(
                question.view, question.legal, question.played, generator, samples=samples,
                trick=question.trick, fixed_revoke=question.fixed_revoke,
                counted=question.counted,
            )
        )  # fmt: skip
        if each is not None:
            each(done, len(asked))
    return DealAnalysis(number, tuple(choices), samples)


def analysis_rows(
    saved: dict[str, Any],
    number: int,
    *,
    samples: int = ANALYSIS_SAMPLES,
    each: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """The analysis of deal `number` of a saved game (`TableGame.to_dict`), as the rows a
    page keeps and shows (`CardChoice.to_dict`): what a worker process is handed and returns,
    plain data both ways."""
    game = TableGame.from_dict(saved)
    analysis = analyse_deal(game, number, samples=samples, each=each)
    return [choice.to_dict() for choice in analysis.choices]


def _entropy(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "little")


def weigh_choice(
    view: View,
    legal: int,
    played: Card,
    generator: np.random.Generator,
    *,
    samples: int = ANALYSIS_SAMPLES,
    trick: int | None = None,
    fixed_revoke: int = -1,
    counted: bool = False,
) -> CardChoice:
    """One choice weighed: `played` (legal or not) and every card of `legal` played out on
    the same sampled deals, batch by batch until the verdict is clear or `samples` are used;
    a card clearly worse than the best is no longer played out. `fixed_revoke` is a pair
    whose counted revoke came before (it decides every play-out); `counted` says `played` is
    a revoke that counts."""
    candidates = cards_of(legal | played.bit)
    start = _start(view)
    revoked = np.full(len(candidates), fixed_revoke, dtype=np.int64)
    if counted:
        revoked[candidates.index(played.index)] = view.seat % 2
    tally = _Tally(candidates, legal, samples)
    unseen = Unseen(view)
    active = list(range(len(candidates)))
    while tally.drawn < samples and active:
        count = min(BATCH, samples - tally.drawn)
        hands = unseen.deal(count, generator)
        lanes = len(active)
        lane_cards = np.tile(np.array([candidates[c] for c in active], dtype=np.int64), count)
        deals = np.repeat(np.arange(count, dtype=np.int64), lanes)
        outcome = play_outs(
            start, np.repeat(hands, lanes, axis=0), lane_cards,
            Draws.from_generator(generator, count), deals, np.tile(revoked[active], count),
        )  # fmt: skip
        tally.add(active, outcome, count)
        active = tally.open()
    return _verdict(view, tally, played, trick, counted=counted)


class _Tally:
    """The play-outs so far, per sampled deal (rows) and candidate (columns); a candidate no
    longer played out has fewer rows, and two candidates are compared on the rows both have."""

    FLAGS: Final = ("won_this", "won_last", "nat_made", "pit_ours", "pit_theirs")

    def __init__(self, candidates: list[int], legal: int, samples: int) -> None:
        self.candidates, self.legal = candidates, legal
        width = len(candidates)
        self.margin = np.zeros((samples, width))
        self.parts = np.zeros((len(Outcome.PARTS), samples, width))
        self.flags = np.zeros((len(self.FLAGS), samples, width))
        self.rows = np.zeros(width, dtype=np.int64)  # rows played out, per candidate
        self.drawn = 0
        self.legal_columns = [i for i, card in enumerate(candidates) if legal >> card & 1]

    def add(self, columns: list[int], outcome: Outcome, count: int) -> None:
        rows = slice(self.drawn, self.drawn + count)
        width = len(columns)
        self.margin[rows, columns] = outcome.margin.reshape(count, width)
        for index, name in enumerate(Outcome.PARTS):
            self.parts[index][rows, columns] = getattr(outcome, name).reshape(count, width)
        for index, name in enumerate(self.FLAGS):
            self.flags[index][rows, columns] = getattr(outcome, name).reshape(count, width)
        self.rows[columns] = self.drawn + count
        self.drawn += count

    def mean(self, column: int) -> float:
        return float(self.margin[: self.rows[column], column].mean())

    def top(self) -> int:
        """The legal candidate of the best average (the lowest card among equals)."""
        return max(self.legal_columns, key=lambda c: (self.mean(c), -self.candidates[c]))

    def paired(self, better: int, worse: int) -> tuple[float, float]:
        """The average paired difference of two candidates' margins and its standard error."""
        rows = int(min(self.rows[better], self.rows[worse]))
        difference = self.margin[:rows, better] - self.margin[:rows, worse]
        spread = float(difference.std(ddof=1)) if rows > 1 else math.inf
        return float(difference.mean()), spread / math.sqrt(rows)

    def clearly_worse(self, top: int, column: int) -> bool:
        """`column` is worse than `top` by more than `EQUAL`, `Z` standard errors clear."""
        mean, error = self.paired(top, column)
        return mean - Z * error > EQUAL

    def open(self) -> list[int]:
        """The candidates still to play out: none when every card is clearly worse than the
        best or surely within `EQUAL` of it; else all but those clearly worse (the played
        card stays: what it gave away is measured to the end)."""
        top = self.top()
        open_, settled = [top], True
        played_columns = [c for c in range(len(self.candidates)) if c not in self.legal_columns]
        early = self.drawn < min(FIRST_LOOK, len(self.margin))
        for column in range(len(self.candidates)):
            if column == top or self.rows[column] < self.drawn:
                continue
            mean, error = self.paired(top, column)
            worse = mean - Z * error > EQUAL and (error == 0 or not early)
            if not worse and (mean + Z * error >= EQUAL or (early and error > 0)):
                settled = False
            if not worse or column in played_columns:
                open_.append(column)
        return [] if settled else sorted(open_)

    def facts(self, column: int) -> CardFacts:
        rows = int(self.rows[column])
        return CardFacts(
            margin=self.mean(column),
            parts=tuple(
                float(self.parts[i, :rows, column].mean()) for i in range(len(Outcome.PARTS))
            ),
            won_this=float(self.flags[0, :rows, column].mean()),
            won_last=float(self.flags[1, :rows, column].mean()),
            nat_made=float(self.flags[2, :rows, column].mean()),
            pit_ours=float(self.flags[3, :rows, column].mean()),
            pit_theirs=float(self.flags[4, :rows, column].mean()),
        )


def _start(view: View) -> Start:
    points, roem, won = _past_totals(view)
    past = ((points[0], points[1]), (roem[0], roem[1]), (won[0], won[1]))
    return Start(
        view.seat, view.leader, view.trick, len(view.history), view.trump, view.rules,
        view.choosers, past,
    )  # fmt: skip


def _verdict(
    view: View, tally: _Tally, played: Card, trick: int | None, *, counted: bool
) -> CardChoice:
    candidates = tally.candidates
    top = tally.top()
    close = [top] + [  # the legal cards no sample tells from the best
        c for c in tally.legal_columns if c != top and not tally.clearly_worse(top, c)
    ]
    at = candidates.index(played.index)
    given, compared = 0, top
    if at not in close:
        losses = {column: tally.paired(column, at)[0] for column in close}
        compared = min(losses, key=lambda column: (losses[column], column))
        given = max(0, round(losses[compared]))
    elif at != top:
        compared = at
    facts = [tally.facts(column) for column in range(len(candidates))]
    values = {Card.from_index(c): f.margin for c, f in zip(candidates, facts, strict=True)}
    top_cards = tuple(sorted((Card.from_index(candidates[c]) for c in close), key=_order))
    legal_played = bool(tally.legal & played.bit)
    if legal_played:
        reason = _reason(view, tally, facts, close, top, at, compared)
    else:
        reason = _revoke_reason(view, played, counted=counted)
    return CardChoice(
        trick=len(view.history) if trick is None else trick,
        played=played,
        values=values,
        legal=legal_played,
        top=top_cards,
        best=top_cards[0] if len(top_cards) == 1 else None,
        given_away=given,
        reason=reason,
        facts={Card.from_index(c): f for c, f in zip(candidates, facts, strict=True)},
        samples=tally.drawn,
    )


def _order(card: Card) -> int:
    return card.index


def _revoke_reason(view: View, played: Card, *, counted: bool) -> Reason:
    hand = [Card.from_index(c) for c in cards_of(view.hand)]
    trick = [Card.from_index(c) for c in view.trick]
    verdict = check_card(played, hand, trick, Suit(view.trump), view.rules)
    kind = ReasonKind.REVOKE_DEAL if counted else ReasonKind.REVOKE
    return Reason(kind, played, rule=verdict.rule)


def _percent(share: float) -> int:
    return round(100 * share)


def _reason(
    view: View,
    tally: _Tally,
    facts: list[CardFacts],
    close: list[int],
    top: int,
    at: int,
    compared: int,
) -> Reason:
    """The reason of a row: why the played card is worse than the card it is compared with;
    where it is the named best, why the next best card is worse than it; where the cards
    are too close to call, that they are."""
    candidates = tally.candidates
    if at in close and len(close) > 1:
        other = compared if compared != at else next(c for c in close if c != at)
        return _equal(tally, at, other)
    if at in close:  # the named best: why the next best card is worse
        rest = [c for c in range(len(candidates)) if c != at]
        runner = max(rest, key=lambda c: (facts[c].margin, -candidates[c]))
        return _difference(view, facts, candidates, worse=runner, better=at)
    return _difference(view, facts, candidates, worse=at, better=compared)


def _equal(tally: _Tally, one: int, other: int) -> Reason:
    mean, error = tally.paired(one, other)
    first, second = Card.from_index(tally.candidates[one]), Card.from_index(tally.candidates[other])
    rows = int(min(tally.rows[one], tally.rows[other]))
    if not (tally.margin[:rows, one] != tally.margin[:rows, other]).any():
        return Reason(ReasonKind.SAME, first, second)
    bound = max(1, math.ceil(abs(mean) + Z * error))
    return Reason(ReasonKind.EQUAL, first, second, points=bound)


def _difference(
    view: View, facts: list[CardFacts], candidates: list[int], *, worse: int, better: int
) -> Reason:
    """Why `worse` is worse than `better`: the part of the margin that differs most between
    them (`Outcome.PARTS`; they add up to the difference), said as a fact that holds: a part
    whose shares of the deals point the other way (a rare nat or pit that cost points more
    than once) gives way to the next part; where no part's words hold, the whole difference
    is said (never a part's gap of 0 or less)."""
    low, high = facts[worse], facts[better]
    gaps = {name: high.part(name) - low.part(name) for name in Outcome.PARTS if name != "revoke"}
    order = sorted(gaps, key=lambda part: (-gaps[part], Outcome.PARTS.index(part)))
    card, other = Card.from_index(candidates[worse]), Card.from_index(candidates[better])
    found = [_part_reason(view, name, round(gaps[name]), low, high, card, other) for name in order]
    said = next((reason for reason in found if reason is not None), None)
    return said or _total(low, high, card, other)


def _total(low: CardFacts, high: CardFacts, card: Card, other: Card) -> Reason:
    """The whole difference of the two cards' margins, in whole points; under one point the
    two are said to be within a point of each other."""
    points = round(high.margin - low.margin)
    if points < 1:
        return Reason(ReasonKind.EQUAL, card, other, points=1)
    return Reason(ReasonKind.TOTAL, card, other, points)


def _part_reason(
    view: View, name: str, points: int, low: CardFacts, high: CardFacts, card: Card, other: Card
) -> Reason | None:
    """One part's gap as a reason, or None where its shares would not bear the words out."""
    if points <= 0:
        return None
    if name == "this_trick":
        if high.won_this - low.won_this >= 0.5:
            shares = (_percent(1 - low.won_this), _percent(1 - high.won_this))
            return Reason(ReasonKind.TRICK_LOST, card, other, points, shares)
        kind = ReasonKind.TRICK_FED if low.won_this >= 0.5 else ReasonKind.TRICK_GIVEN
        return Reason(kind, card, other, points)
    if name == "later":
        return Reason(ReasonKind.LATER, card, other, points)
    if name == "roem":
        return Reason(ReasonKind.ROEM, card, other, points)
    if name == "last_trick":
        kind, low_share, high_share = ReasonKind.LAST_TRICK, low.won_last, high.won_last
    elif name == "pit":
        if abs(high.pit_ours - low.pit_ours) >= abs(high.pit_theirs - low.pit_theirs):
            kind, low_share, high_share = ReasonKind.PIT_OURS, low.pit_ours, high.pit_ours
        else:
            kind, low_share, high_share = ReasonKind.PIT_THEIRS, low.pit_theirs, high.pit_theirs
    else:  # nat: how often the choosers go nat
        ours = view.choosers == view.seat % 2
        kind = ReasonKind.NAT_US if ours else ReasonKind.NAT_THEM
        low_share, high_share = low.nat_made, high.nat_made
    shares = (_percent(low_share), _percent(high_share))  # with the worse card, the better
    better_more = kind in (ReasonKind.LAST_TRICK, ReasonKind.PIT_OURS, ReasonKind.NAT_THEM)
    if shares[0] == shares[1] or (shares[1] > shares[0]) != better_more:
        return None  # the words would not hold: not this reason
    return Reason(kind, card, other, points, shares)


# --- sampling the unseen cards ---------------------------------------------------------------


def deal_unseen(view: View, count: int, generator: np.random.Generator) -> NDArray[np.uint32]:
    """`count` deals of the unseen cards to the other three seats (`Unseen.deal`)."""
    return Unseen(view).deal(count, generator)


class Unseen:
    """The unseen cards of a view and how they can lie: each deal equally likely among those
    that give every other seat as many cards as it holds and none of a suit it has shown void
    in (without that knowledge where no deal fits it, as after an opponent's revoke).

    A deal is drawn suit by suit: how many of the suit's cards each seat gets, with the
    probability of the number of whole deals that split leaves possible (counted once, by
    dynamic programming over what each seat still has room for), then which cards, at random.
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.others = [seat for seat in range(4) if seat != view.seat]
        room = [8 - len(view.history)] * 4
        for position in range(len(view.trick)):
            room[(view.leader + position) % 4] -= 1
        self.rooms = (room[self.others[0]], room[self.others[1]], room[self.others[2]])
        unseen = cards_of(view.unseen)
        voids = _voids(view)
        allowed = [
            [not voids[seat] & SUIT_MASKS[suit] for seat in self.others] for suit in range(4)
        ]
        self.groups = [[c for c in unseen if c >> 3 == suit] for suit in range(4)]
        self.allowed = allowed
        if all(all(row) for row in allowed) or not self._ways(0, self.rooms):
            self.groups, self.allowed = [unseen], [[True, True, True]]  # one group, no voids

    def _splits(self, group: int, left: tuple[int, int, int]) -> list[tuple[int, int, int]]:
        """How group `group`'s cards can go to the three seats, each within its room."""
        size, allowed = len(self.groups[group]), self.allowed[group]
        found = []
        for first in range(min(size, left[0]) + 1 if allowed[0] else 1):
            for second in range(min(size - first, left[1]) + 1 if allowed[1] else 1):
                third = size - first - second
                if third <= left[2] and (allowed[2] or not third):
                    found.append((first, second, third))
        return found

    @functools.cache  # noqa: B019 - one Unseen per choice, dropped with it
    def _ways(self, group: int, left: tuple[int, int, int]) -> int:
        """How many deals of the groups from `group` on fill the seats' room `left` exactly."""
        if group == len(self.groups):
            return 1 if left == (0, 0, 0) else 0
        size = len(self.groups[group])
        total = 0
        for split in self._splits(group, left):
            rest = (left[0] - split[0], left[1] - split[1], left[2] - split[2])
            total += _multinomial(size, split) * self._ways(group + 1, rest)
        return total

    def deal(self, count: int, generator: np.random.Generator) -> NDArray[np.uint32]:
        """`count` deals as (count, 4) hand masks, the viewer's own hand in its column."""
        hands = np.zeros((count, 4), dtype=np.uint32)
        hands[:, self.view.seat] = self.view.hand
        left = np.tile(np.array(self.rooms, dtype=np.int64), (count, 1))
        for number, group in enumerate(self.groups):
            if not group:
                continue
            split = np.zeros((count, 3), dtype=np.int64)
            codes = left @ np.array([1, 16, 256])
            for code in np.unique(codes):
                at = np.flatnonzero(codes == code)
                state = (int(left[at[0], 0]), int(left[at[0], 1]), int(left[at[0], 2]))
                options = self._splits(number, state)
                weights = [
                    _multinomial(len(group), option) * self._ways(number + 1, _less(state, option))
                    for option in options
                ]
                total = sum(weights)
                picked = generator.choice(
                    len(options), size=len(at), p=[w / total for w in weights]
                )
                split[at] = np.array(options, dtype=np.int64)[picked]
            left -= split
            keys = generator.random((count, len(group)))
            place = keys.argsort(axis=1).argsort(axis=1)  # each card's place in a shuffle
            first, second = split[:, 0:1], split[:, 1:2]
            seat_of = (place >= first).astype(np.int64) + (place >= first + second)
            bits = np.array([1 << card for card in group], dtype=np.uint64)
            for index, seat in enumerate(self.others):
                hands[:, seat] |= ((seat_of == index) * bits).sum(axis=1).astype(np.uint32)
        return hands


def _less(left: tuple[int, int, int], split: tuple[int, int, int]) -> tuple[int, int, int]:
    return (left[0] - split[0], left[1] - split[1], left[2] - split[2])


def _multinomial(size: int, split: tuple[int, int, int]) -> int:
    return math.comb(size, split[0]) * math.comb(size - split[0], split[1])
