"""Simulated Klaverjas learners, written by a second, independent hand (the third set of learners).

Each `Learner` knows the rules of RULES.md (Amsterdam or Rotterdam) except for the
wrong beliefs it is given, and answers the trainer's four question kinds as a person holding
those beliefs would. The file was written from RULES.md and the one-line descriptions in
`BELIEFS` alone, without reading the project's own model of the beliefs (its core, its
misconception catalogue or its other simulated learners), so that a test comparing the two can
catch a belief modelled too narrowly on either side. Every rule (card order, points, the
obligations of play, trick winner, roem, nat, pit, last trick, revoke) is this file's own code;
it imports only the card types and the question kinds' content and answer records.

How a belief is applied (one reading of each description, in every kind it can show in):

- ``ace-above-nine`` / ``ten-below-king``: the believed card order is used wherever an order
  is: who is winning the trick so far (so whether partner wins, which trumps are "higher"), the
  winner of a trick, and so the tricks each pair takes in an is-nat deal given as its tricks.
  Runs of roem keep the natural order; card points are unchanged.
- ``always-overtrump``: the partner exemption (Amsterdam rule 4) is not applied.
- ``discard-when-void``: void in the suit led, every card of the hand may be played.
- ``must-undertrump``: obliged to trump but unable to overtrump, only a lower trump will do.
- ``no-overtrump-on-trump-lead``: on a trump lead any trump of the hand may be played.
- ``undertrump-freely``: wherever a trump may or must be played to a trick that holds one
  (a trump lead, or void in a plain suit led), a lower trump is allowed too.
- ``last-trick-forgotten``: the last trick gets no 10 where the learner adds it up (a trick to
  count, a deal given as its tricks), and a deal is worth 152 rather than 162 wherever the
  learner writes "all the points" (nat, revoke); numbers shown as given are taken as shown.
- ``pit-forgotten``: no 100 for all eight tricks, whoever took them (made, nat or revoke).
- ``revoke-costs-trick``: the revoke's trick, its points and its roem go to the other pair and
  the deal is scored as if nobody had revoked (a summary does not say which trick it was: the
  deal is then scored as if nobody had revoked).
- ``roem-to-holder``: each piece of roem (a run, the stuk, four of a kind) goes to the pair that
  played more of its cards, the trick's taker on a tie.
- ``roem-without-declaring``: undeclared roem counts like declared roem, everywhere.
- ``tie-not-nat``: equal totals are made, each pair writes its own.

A belief about play (which card may be played) never changes a count: a deal given as its
eight tricks has no called revoke, and a learner adding it up does not audit its play.

>>> from klaverjas_core.cards import Card
>>> from klaverjas_questions.positions import PositionContent
>>> cards = lambda text: tuple(Card.parse(c) for c in text.split())
>>> seed_000 = PositionContent(Card.parse("Q♥").suit, cards("A♣ 7♣"), cards("Q♥ 7♦"))
>>> sorted(str(c) for c in Learner("amsterdam").answer("which-cards", seed_000).cards)
['7♦', 'Q♥']
>>> sorted(str(c) for c in Learner("amsterdam", "always-overtrump").answer(
...     "which-cards", seed_000).cards)
['Q♥']
>>> from klaverjas_questions.count_trick import TrickContent
>>> spades = TrickContent(Card.parse("J♠").suit, cards("J♠ 7♠ 8♠ 9♠"), trick_number=8)
>>> Learner("rotterdam").answer("count-trick", spades)
TrickCount(winner=Card(Suit.SPADES, Rank.JACK), points=44, roem=20)
>>> Learner("rotterdam", "ace-above-nine", "last-trick-forgotten").answer("count-trick", spades)
TrickCount(winner=Card(Suit.SPADES, Rank.JACK), points=34, roem=20)
>>> "is-nat" in shown_in("ace-above-nine", 2), "is-nat" in shown_in("ace-above-nine", 3)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from klaverjas_core.cards import Card, Rank, Suit
from klaverjas_questions.count_trick import TrickContent, TrickCount
from klaverjas_questions.is_nat import NatAnswer, NatContent, Summary, TableRow
from klaverjas_questions.positions import CardQuestion, CardsAnswer, LegalAnswer, PositionContent

# The interface: each belief with the line a learner is told and the kinds that can show it.
BELIEFS: Final[dict[str, tuple[str, frozenset[str]]]] = {
    "ace-above-nine": (
        "You count as if the ace of trumps were higher than the 9 of trumps.",
        frozenset({"which-cards", "card-legal", "count-trick", "is-nat"}),
    ),
    "always-overtrump": (
        "You play as if you must always trump and overtrump, even when your partner is "
        "winning the trick.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "discard-when-void": (
        "You play as if you may discard any card when you cannot follow suit, although you "
        "hold a trump.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "last-trick-forgotten": (
        "You count as if the last trick earned no 10 extra.",
        frozenset({"is-nat", "count-trick"}),
    ),
    "must-undertrump": (
        "You play as if you must play a lower trump when you cannot overtrump, although you "
        "could discard another card.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "no-overtrump-on-trump-lead": (
        "You play as if any trump will do when trumps are led, even when you hold a higher one.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "pit-forgotten": (
        "You score as if taking all eight tricks earned no 100 extra.",
        frozenset({"is-nat"}),
    ),
    "revoke-costs-trick": (
        "You score a called revoke as if it cost only the trick it was made in (its points "
        "and roem go to the other pair; the deal is then scored as if nobody had revoked).",
        frozenset({"is-nat"}),
    ),
    "roem-to-holder": (
        "A trick's roem goes to the pair that played most of the cards that make it, not to "
        "the trick's taker (who gets it when both pairs played as many).",
        frozenset({"is-nat"}),
    ),
    "roem-without-declaring": (
        "You score as if roem counted even when nobody declared it.",
        frozenset({"is-nat"}),
    ),
    "ten-below-king": (
        "You count as if the king were higher than the 10 in a suit that is not trumps.",
        frozenset({"which-cards", "card-legal", "count-trick", "is-nat"}),
    ),
    "tie-not-nat": (
        "You score as if a tie were enough for the choosers.",
        frozenset({"is-nat"}),
    ),
    "undertrump-freely": (
        "You play as if you may always play a trump lower than the highest trump in the trick.",
        frozenset({"which-cards", "card-legal"}),
    ),
}
FROM_LEVEL: Final[dict[str, dict[str, int]]] = {
    "ace-above-nine": {"is-nat": 3},
    "roem-to-holder": {"is-nat": 3},
    "ten-below-king": {"is-nat": 3},
}
AMSTERDAM_ONLY: Final[frozenset[str]] = frozenset({"must-undertrump", "always-overtrump"})

CITIES: Final = ("amsterdam", "rotterdam")
KINDS: Final = ("which-cards", "card-legal", "count-trick", "is-nat")


def shown_in(belief: str, level: int) -> frozenset[str]:
    """The kinds whose puzzles of `level` can show `belief`.

    >>> sorted(shown_in("tie-not-nat", 1))
    ['is-nat']
    >>> sorted(shown_in("roem-to-holder", 2))
    []
    """
    if belief not in BELIEFS:
        raise ValueError(f"unknown belief {belief!r}")
    starts = FROM_LEVEL.get(belief, {})
    return frozenset(kind for kind in BELIEFS[belief][1] if level >= starts.get(kind, 1))


# --- the rules, from RULES.md --------------------------------------------------------------

J, NINE, A, TEN, K, Q, EIGHT, SEVEN = (
    Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
#: Strongest first, as RULES.md's table has them.
TRUMP_ORDER: Final = (J, NINE, A, TEN, K, Q, EIGHT, SEVEN)
PLAIN_ORDER: Final = (A, TEN, K, Q, J, NINE, EIGHT, SEVEN)
TRUMP_POINTS: Final = {J: 20, NINE: 14, A: 11, TEN: 10, K: 4, Q: 3, EIGHT: 0, SEVEN: 0}
PLAIN_POINTS: Final = {A: 11, TEN: 10, K: 4, Q: 3, J: 2, NINE: 0, EIGHT: 0, SEVEN: 0}
#: Runs use the natural order 7 8 9 10 J Q K A in every suit.
NATURAL: Final = (SEVEN, EIGHT, NINE, TEN, J, Q, K, A)
FOUR_OF_A_KIND: Final = {J: 200, A: 100, K: 100, Q: 100, TEN: 100, NINE: 0, EIGHT: 0, SEVEN: 0}
DEAL_POINTS: Final = 162
LAST_TRICK: Final = 10
PIT: Final = 100


@dataclass(frozen=True, slots=True)
class _Mind:
    """The rules as one learner holds them."""

    rotterdam: bool
    beliefs: frozenset[str]
    trump_order: tuple[Rank, ...]
    plain_order: tuple[Rank, ...]

    @classmethod
    def of(cls, city: str, beliefs: frozenset[str]) -> _Mind:
        trump_order: tuple[Rank, ...] = TRUMP_ORDER
        plain_order: tuple[Rank, ...] = PLAIN_ORDER
        if "ace-above-nine" in beliefs:
            trump_order = (J, A, NINE, TEN, K, Q, EIGHT, SEVEN)
        if "ten-below-king" in beliefs:
            plain_order = (A, K, TEN, Q, J, NINE, EIGHT, SEVEN)
        return cls(city == "rotterdam", beliefs, trump_order, plain_order)

    def holds(self, belief: str) -> bool:
        return belief in self.beliefs

    # card order and the trick

    def strength(self, card: Card, trump: Suit, led: Suit) -> int:
        """Higher wins: trumps above the suit led, a card of another plain suit never wins."""
        if card.suit is trump:
            return 20 - self.trump_order.index(card.rank)
        if card.suit is led:
            return 10 - self.plain_order.index(card.rank)
        return 0

    def winning(self, trick: Sequence[Card], trump: Suit) -> int:
        """The position in the trick of the card winning it (so far)."""
        led = trick[0].suit
        return max(range(len(trick)), key=lambda i: self.strength(trick[i], trump, led))

    def beats(self, card: Card, other: Card) -> bool:
        """Trump `card` beats trump `other`."""
        return self.trump_order.index(card.rank) < self.trump_order.index(other.rank)

    # which card may I play?

    def legal(self, trump: Suit, trick: Sequence[Card], hand: Sequence[Card]) -> frozenset[Card]:
        if not trick:
            return frozenset(hand)  # 1. leading: any card
        led = trick[0].suit
        same = [card for card in hand if card.suit is led]
        trumps = [card for card in hand if card.suit is trump]
        in_trick = [card for card in trick if card.suit is trump]
        top = min(in_trick, key=lambda c: self.trump_order.index(c.rank)) if in_trick else None
        higher = [card for card in trumps if top is None or self.beats(card, top)]
        lower = [card for card in trumps if card not in higher]
        if led is trump:  # 3. trumps led
            if not trumps:
                return frozenset(hand)
            if self.holds("no-overtrump-on-trump-lead") or self.holds("undertrump-freely"):
                return frozenset(trumps)
            return frozenset(higher or trumps)
        if same:  # 2. follow suit
            return frozenset(same)
        if not trumps or self.holds("discard-when-void"):  # 4. void, no trumps: any card
            return frozenset(hand)
        others = [card for card in hand if card.suit is not trump]
        partner_wins = len(trick) >= 2 and self.winning(trick, trump) == len(trick) - 2
        exempt = partner_wins and not self.rotterdam and not self.holds("always-overtrump")
        result: list[Card]
        if exempt:  # partner winning: discard anything, or a trump that beats
            result = (others + higher) or lower
        elif higher:  # must trump, and overtrump
            result = higher
        elif self.rotterdam or self.holds("must-undertrump"):
            result = lower  # must still play a (lower) trump
        else:
            result = others or lower  # discard a non-trump; lower only with nothing else
        if self.holds("undertrump-freely") and top is not None:
            result = result + lower
        return frozenset(result)

    # counting a trick

    @staticmethod
    def points(trick: Sequence[Card], trump: Suit) -> int:
        return sum(
            (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS)[card.rank] for card in trick
        )

    def last_trick_bonus(self) -> int:
        return 0 if self.holds("last-trick-forgotten") else LAST_TRICK

    def deal_points(self) -> int:
        return DEAL_POINTS - LAST_TRICK if self.holds("last-trick-forgotten") else DEAL_POINTS

    def pit_bonus(self) -> int:
        return 0 if self.holds("pit-forgotten") else PIT


def roem_pieces(trick: Sequence[Card], trump: Suit) -> list[tuple[int, tuple[int, ...]]]:
    """Each piece of roem in the trick: its value and the positions of the cards making it.

    >>> cards = [Card.parse(c) for c in "J♠ 7♠ 8♠ 9♠".split()]
    >>> roem_pieces(cards, Suit.SPADES)
    [(20, (1, 2, 3))]
    """
    pieces: list[tuple[int, tuple[int, ...]]] = []
    for suit in Suit:
        ranked = sorted(
            (NATURAL.index(card.rank), i) for i, card in enumerate(trick) if card.suit is suit
        )
        best: list[int] = []
        run: list[int] = []
        previous = -2
        for value, position in ranked:
            run = [*run, position] if value == previous + 1 else [position]
            previous = value
            if len(run) > len(best):
                best = run
        if len(best) >= 3:
            pieces.append((50 if len(best) >= 4 else 20, tuple(best)))
    king = [i for i, card in enumerate(trick) if card.suit is trump and card.rank is K]
    queen = [i for i, card in enumerate(trick) if card.suit is trump and card.rank is Q]
    if king and queen:
        pieces.append((20, (king[0], queen[0])))
    if len(trick) == 4 and len({card.rank for card in trick}) == 1:
        pieces.append((FOUR_OF_A_KIND[trick[0].rank], (0, 1, 2, 3)))
    return pieces


# --- scoring a deal ------------------------------------------------------------------------


@dataclass(slots=True)
class _Deal:
    """What each pair (N+S = 0, E+W = 1) took, as the learner counts it."""

    points: list[int]
    roem: list[int]
    tricks: list[int] | None
    revoked_by: int | None = None

    def give(self, to: int, points: int, roem: Sequence[int], tricks: int) -> None:
        self.points[to] += points
        self.roem[to] += sum(roem)
        if self.tricks is not None:
            self.tricks[to] += tricks


def _written(mind: _Mind, choosers: int, deal: _Deal) -> NatAnswer:
    def pit(pair: int) -> int:
        took_all = deal.tricks is not None and deal.tricks[pair] == 8
        return mind.pit_bonus() if took_all else 0

    everything = mind.deal_points() + deal.roem[0] + deal.roem[1]
    if deal.revoked_by is not None:  # the revoking pair loses the deal
        other = 1 - deal.revoked_by
        written = [0, 0]
        written[other] = everything + pit(other)
        return NatAnswer(deal.revoked_by == choosers, (written[0], written[1]))
    own = [deal.points[p] + deal.roem[p] + pit(p) for p in (0, 1)]
    defenders = 1 - choosers
    made = own[choosers] > own[defenders]
    if mind.holds("tie-not-nat") and own[choosers] == own[defenders]:
        made = True
    if made:
        return NatAnswer(False, (own[0], own[1]))
    written = [0, 0]
    written[defenders] = everything + pit(defenders)
    return NatAnswer(True, (written[0], written[1]))


def _from_summary(mind: _Mind, summary: Summary) -> _Deal:
    roem = [sum(summary.roem[p]) for p in (0, 1)]
    if mind.holds("roem-without-declaring"):
        roem = [roem[p] + sum(summary.undeclared_roem[p]) for p in (0, 1)]
    tricks = None if summary.tricks_won is None else list(summary.tricks_won)
    revoked_by = summary.revoked_by
    if mind.holds("revoke-costs-trick"):
        revoked_by = None  # which trick it cost is not shown: scored as if nobody revoked
    return _Deal(list(summary.card_points), roem, tricks, revoked_by)


def _from_table(mind: _Mind, table: Sequence[TableRow]) -> _Deal:
    deal = _Deal([0, 0], [0, 0], [0, 0])
    counts_roem = mind.holds("roem-without-declaring")
    for row in table:
        roem = row.roem if row.declared or counts_roem else (0, 0)
        if row.revoked_by is not None and deal.revoked_by is None:
            if mind.holds("revoke-costs-trick"):  # the trick and its roem to the other pair
                deal.give(1 - row.revoked_by, row.points, roem, 1)
                continue
            deal.revoked_by = row.revoked_by
        deal.give(row.pair, row.points, (0, 0), 1)
        deal.roem[0] += roem[0]
        deal.roem[1] += roem[1]
    return deal


def _from_tricks(mind: _Mind, content: NatContent) -> _Deal:
    """The eight tricks counted as the learner counts them. Nobody called a revoke here (the
    form has no place for one), and a learner adding up a deal does not audit its play, so a
    belief about play never changes this count."""
    assert content.tricks is not None and content.trump is not None
    trump = content.trump
    tricks = [(int(leader), cards) for leader, cards in content.tricks]
    deal = _Deal([0, 0], [0, 0], [0, 0])
    counts_roem = mind.holds("roem-without-declaring")
    for number, (leader, cards) in enumerate(tricks):
        taker = (leader + mind.winning(cards, trump)) % 2
        points = mind.points(cards, trump)
        if number == len(tricks) - 1:
            points += mind.last_trick_bonus()
        roem = [0, 0]
        if content.declared is None or number in content.declared or counts_roem:
            for value, made_by in roem_pieces(cards, trump):
                roem[_roem_pair(mind, leader, taker, made_by)] += value
        deal.give(taker, points, (0, 0), 1)
        deal.roem[0] += roem[0]
        deal.roem[1] += roem[1]
    return deal


def _roem_pair(mind: _Mind, leader: int, taker: int, made_by: Sequence[int]) -> int:
    if not mind.holds("roem-to-holder"):
        return taker
    by_pair = [0, 0]
    for position in made_by:
        by_pair[(leader + position) % 2] += 1
    if by_pair[0] == by_pair[1]:
        return taker
    return 0 if by_pair[0] > by_pair[1] else 1


# --- the learner ---------------------------------------------------------------------------


class Learner:
    """A learner of `city`'s rules who holds `beliefs` (none: rule-perfect).

    >>> Learner("utrecht")
    Traceback (most recent call last):
    ...
    ValueError: unknown city 'utrecht' (expected amsterdam or rotterdam)
    """

    def __init__(self, city: str, *beliefs: str) -> None:
        if city not in CITIES:
            raise ValueError(f"unknown city {city!r} (expected amsterdam or rotterdam)")
        for belief in beliefs:
            if belief not in BELIEFS:
                raise ValueError(f"unknown belief {belief!r}")
        self.city = city
        self.beliefs = frozenset(beliefs)
        self._mind = _Mind.of(city, self.beliefs)

    def __repr__(self) -> str:
        return f"Learner({', '.join(map(repr, (self.city, *sorted(self.beliefs))))})"

    def answer(self, kind: str, content: Any) -> Any:
        """The reply this learner gives to a question of `kind` about `content`."""
        mind = self._mind
        if kind == "which-cards" and isinstance(content, PositionContent):
            return CardsAnswer(mind.legal(content.trump, content.trick, content.hand))
        if kind == "card-legal" and isinstance(content, CardQuestion):
            position = content.position
            legal = mind.legal(position.trump, position.trick, position.hand)
            return LegalAnswer(content.card in legal)
        if kind == "count-trick" and isinstance(content, TrickContent):
            return self._count(content)
        if kind == "is-nat" and isinstance(content, NatContent):
            if content.summary is not None:
                deal = _from_summary(mind, content.summary)
            elif content.trick_table is not None:
                deal = _from_table(mind, content.trick_table)
            else:
                deal = _from_tricks(mind, content)
            return _written(mind, content.choosers, deal)
        if kind not in KINDS:
            raise ValueError(f"unknown question kind {kind!r}")
        raise ValueError(f"{kind} cannot be asked about {type(content).__name__}")

    def _count(self, content: TrickContent) -> TrickCount:
        mind, trick, trump = self._mind, content.trick, content.trump
        points = mind.points(trick, trump)
        if content.trick_number == 8:
            points += mind.last_trick_bonus()
        return TrickCount(
            winner=trick[mind.winning(trick, trump)] if "winner" in content.ask else None,
            points=points if "points" in content.ask else None,
            roem=sum(v for v, _ in roem_pieces(trick, trump)) if "roem" in content.ask else None,
        )


__all__ = ["AMSTERDAM_ONLY", "BELIEFS", "FROM_LEVEL", "Learner", "shown_in"]
