"""Learners who hold one wrong rule, written a second time: from RULES.md and each
misconception's one-line description only, to test the catalogue's own belief models.

The catalogue models each belief as a `Misbelief` flag of the core, and the main benchmark's
learners answer with those same flags, so it cannot see where a belief is modelled too
narrowly. These learners share none of it: this module imports no rule from the core
(legality, trick order, scoring, misbeliefs) and nothing of the catalogue; only the card
types, to read a position, and the question kinds' answer records, to write a reply. Every
rule below is this file's own reading of RULES.md, and every belief a switch in it, read
from the description quoted beside it, as a person holding it would apply it to each kind of
question the drill asks (which-cards, card-legal, count-trick, is-nat). Numbers a question
shows (card points "with the last trick", a trick table's rows) are taken as shown.

Written (issue 34, item 15) before the catalogue was widened, from the descriptions as they
were then; roem-to-holder's "most of its cards" is read as the roem's cards, as its own
"(the taker keeps it when both pairs played as many)" says. Used by
benchmarks/bench_misconceptions.py --second-hand and tests/test_misconceptions.py.

>>> from klaverjas_core import Card
>>> Learner("amsterdam").winner([Card.parse(c) for c in ("K♠", "10♠", "7♠", "8♠")], Suit.HEARTS)
1
>>> Learner("amsterdam", "ten-below-king").winner(
...     [Card.parse(c) for c in ("K♠", "10♠", "7♠", "8♠")], Suit.HEARTS)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from klaverjas_core.cards import Card, Suit
from klaverjas_questions.count_trick import TrickContent, TrickCount
from klaverjas_questions.is_nat import NatAnswer, NatContent
from klaverjas_questions.positions import CardQuestion, CardsAnswer, LegalAnswer, PositionContent

#: Each belief as the catalogue describes it to the learner (its one-line description), and
#: the question kinds where a person holding it answers otherwise than the rules.
BELIEFS: Final[dict[str, tuple[str, frozenset[str]]]] = {
    "always-overtrump": (
        "You play as if you must always trump and overtrump, even when your partner is "
        "winning the trick.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "no-overtrump-on-trump-lead": (
        "You play as if any trump will do when trumps are led, even when you hold a higher one.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "discard-when-void": (
        "You play as if you may discard any card when you cannot follow suit, although you "
        "hold a trump.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "undertrump-freely": (
        "You play as if you may always play a trump lower than the highest trump in the trick.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "must-undertrump": (
        "You play as if you must play a lower trump when you cannot overtrump, although you "
        "could discard another card.",
        frozenset({"which-cards", "card-legal"}),
    ),
    "ten-below-king": (
        "You count as if the king were higher than the 10 in a suit that is not trumps.",
        frozenset({"which-cards", "card-legal", "count-trick", "is-nat"}),
    ),
    "ace-above-nine": (
        "You count as if the ace of trumps were higher than the 9 of trumps.",
        frozenset({"which-cards", "card-legal", "count-trick", "is-nat"}),
    ),
    "tie-not-nat": ("You score as if a tie were enough for the choosers.", frozenset({"is-nat"})),
    "pit-forgotten": (
        "You score as if taking all eight tricks earned no 100 extra.",
        frozenset({"is-nat"}),
    ),
    "roem-without-declaring": (
        "You score as if roem counted even when nobody declared it.",
        frozenset({"is-nat"}),
    ),
    "last-trick-forgotten": (
        "You count as if the last trick earned no 10 extra.",
        frozenset({"count-trick", "is-nat"}),
    ),
    "roem-to-holder": (
        "A trick's roem goes to the pair that played most of the cards that make it, not to "
        "the trick's taker (who gets it when both pairs played as many).",
        frozenset({"is-nat"}),
    ),
    "revoke-costs-trick": (
        "You score a called revoke as if it cost only the trick it was made in (its points "
        "and roem go to the other pair; the deal is then scored as if nobody had revoked).",
        frozenset({"is-nat"}),
    ),
}
#: Kinds that show a belief only from a puzzle level on: an is-nat puzzle shows whose each
#: trick was, and who played a roem's cards, only with its eight tricks (level 3).
FROM_LEVEL: Final = {
    "ten-below-king": {"is-nat": 3},
    "ace-above-nine": {"is-nat": 3},
    "roem-to-holder": {"is-nat": 3},
}


def shown_in(belief: str, level: int) -> frozenset[str]:
    """The kinds whose puzzles of `level` can show `belief`."""
    lowest = FROM_LEVEL.get(belief, {})
    return frozenset(kind for kind in BELIEFS[belief][1] if level >= lowest.get(kind, 1))


#: Beliefs that are no misconception in Rotterdam (its own rule, or its rule anyway).
AMSTERDAM_ONLY: Final = frozenset({"always-overtrump", "must-undertrump"})

# RULES.md, "Card order and points": high to low, and the points.
TRUMP_ORDER: Final = ("J", "9", "A", "10", "K", "Q", "8", "7")
PLAIN_ORDER: Final = ("A", "10", "K", "Q", "J", "9", "8", "7")
TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS: Final = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
# RULES.md, "Roem": runs in the natural order, four of a kind.
NATURAL: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
FOUR_OF_A_KIND: Final = {"J": 200, "A": 100, "K": 100, "Q": 100, "10": 100}
DEAL: Final = 162  # 152 in cards + 10 for the last trick
LAST_TRICK: Final = 10
PIT: Final = 100


@dataclass(frozen=True, slots=True)
class Learner:
    """A learner under `city`'s rules (no variants) holding `beliefs` (names of `BELIEFS`)."""

    city: str
    beliefs: frozenset[str] = frozenset()

    def __init__(self, city: str, *beliefs: str) -> None:
        unknown = set(beliefs) - BELIEFS.keys()
        if city not in ("amsterdam", "rotterdam") or unknown:
            raise ValueError(f"no learner for {city} holding {sorted(unknown)}")
        object.__setattr__(self, "city", city)
        object.__setattr__(self, "beliefs", frozenset(beliefs))

    def holds(self, belief: str) -> bool:
        return belief in self.beliefs

    # --- card order, points and roem -------------------------------------------------------

    def strength(self, card: Card, trump: Suit) -> int:
        """Higher beats lower within a suit, in the order this learner believes."""
        if card.suit is trump:
            order = list(TRUMP_ORDER)
            if self.holds("ace-above-nine"):  # J A 9 10 ...
                order = ["J", "A", "9", "10", "K", "Q", "8", "7"]
        else:
            order = list(PLAIN_ORDER)
            if self.holds("ten-below-king"):  # A K 10 Q ...
                order = ["A", "K", "10", "Q", "J", "9", "8", "7"]
        return len(order) - order.index(card.rank.symbol)

    def winner(self, trick: Sequence[Card], trump: Suit) -> int:
        """The place in the trick of the card that wins it: the highest trump, else the
        highest card of the suit led."""
        trumps = [n for n, card in enumerate(trick) if card.suit is trump]
        contenders = trumps or [n for n, card in enumerate(trick) if card.suit is trick[0].suit]
        return max(contenders, key=lambda n: self.strength(trick[n], trump))

    @staticmethod
    def points(cards: Sequence[Card], trump: Suit) -> int:
        return sum(
            (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS)[card.rank.symbol]
            for card in cards
        )

    @staticmethod
    def roem(trick: Sequence[Card], trump: Suit) -> list[tuple[int, tuple[Card, ...]]]:
        """Each piece of roem in a trick of four, with the cards that make it."""
        pieces: list[tuple[int, tuple[Card, ...]]] = []
        for suit in Suit:
            mine = sorted((c for c in trick if c.suit is suit), key=_natural)
            best: list[Card] = []
            run: list[Card] = []
            for card in mine:
                run = [*run, card] if run and _natural(card) == _natural(run[-1]) + 1 else [card]
                best = run if len(run) > len(best) else best
            if len(best) >= 4:
                pieces.append((50, tuple(best)))
            elif len(best) == 3:
                pieces.append((20, tuple(best)))
        stuk = tuple(c for c in trick if c.suit is trump and c.rank.symbol in ("K", "Q"))
        if len(stuk) == 2:
            pieces.append((20, stuk))
        ranks = {card.rank for card in trick}
        if len(trick) == 4 and len(ranks) == 1:
            value = FOUR_OF_A_KIND.get(trick[0].rank.symbol, 0)
            if value:
                pieces.append((value, tuple(trick)))
        return pieces

    # --- which card may I play? --------------------------------------------------------------

    def may_play(
        self, card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit
    ) -> bool:
        """RULES.md's four rules, as this learner believes them."""
        if not trick:
            return True  # 1. leading: any card
        led = trick[0].suit
        trumps_in_trick = [c for c in trick if c.suit is trump]
        highest = max(trumps_in_trick, key=lambda c: self.strength(c, trump), default=None)

        def beats(c: Card) -> bool:
            above = highest is None or self.strength(c, trump) > self.strength(highest, trump)
            return c.suit is trump and above

        if any(c.suit is led for c in hand):  # 2. follow suit
            if card.suit is not led:
                return False
            if led is not trump or self.holds("no-overtrump-on-trump-lead"):
                return True  # any trump will do on a trump lead, the believer says
            return beats(card) or not any(beats(c) for c in hand)  # 3. overtrump if you can
        if led is trump or not any(c.suit is trump for c in hand):
            return True  # void in trumps led, or no trumps at all: any card
        if self.holds("discard-when-void"):
            return True  # "any card, although a trump is held"
        freely = self.holds("undertrump-freely")  # a lower trump is as good as any
        can_beat = any(beats(c) for c in hand)
        if self.city == "rotterdam":  # trump whoever wins; overtrump if able, else undertrump
            return card.suit is trump and (beats(card) or not can_beat or freely)
        only_lower = all(c.suit is trump and not beats(c) for c in hand)
        partner = len(trick) >= 2 and self.winner(trick, trump) == len(trick) - 2
        if partner and not self.holds("always-overtrump"):  # 4. partner winning
            return card.suit is not trump or beats(card) or only_lower or freely
        if card.suit is trump:  # 4. an opponent winning (or, the believer says, anyone)
            lower_allowed = freely or (self.holds("must-undertrump") and not can_beat)
            return beats(card) or only_lower or lower_allowed
        if highest is None or can_beat:
            return False  # must trump; must overtrump
        return not self.holds("must-undertrump")  # a non-trump when unable to overtrump

    def legal(self, position: PositionContent) -> frozenset[Card]:
        hand, trick, trump = position.hand, position.trick, position.trump
        return frozenset(card for card in hand if self.may_play(card, hand, trick, trump))

    # --- answers -----------------------------------------------------------------------------

    def answer(self, kind: str, content: Any) -> Any:
        """This learner's reply to a question of `kind` (one the drill asks)."""
        if kind == "which-cards":
            assert isinstance(content, PositionContent)
            return CardsAnswer(self.legal(content))
        if kind == "card-legal":
            assert isinstance(content, CardQuestion)
            return LegalAnswer(content.card in self.legal(content.position))
        if kind == "count-trick":
            assert isinstance(content, TrickContent)
            return self.count(content)
        if kind == "is-nat":
            assert isinstance(content, NatContent)
            return self.score(content)
        raise ValueError(f"this learner answers no {kind} questions")

    def count(self, content: TrickContent) -> TrickCount:
        trick, trump = content.trick, content.trump
        points = self.points(trick, trump)
        if content.trick_number == 8 and not self.holds("last-trick-forgotten"):
            points += LAST_TRICK
        roem = sum(value for value, _ in self.roem(trick, trump)) if len(trick) == 4 else 0
        return TrickCount(
            trick[self.winner(trick, trump)] if "winner" in content.ask else None,
            points if "points" in content.ask else None,
            roem if "roem" in content.ask else None,
        )

    def score(self, content: NatContent) -> NatAnswer:
        """Nat or not and what each pair writes, from the deal as the question shows it."""
        cards, roem, tricks, revoker = self.tally(content)
        deal = DEAL - LAST_TRICK if self.holds("last-trick-forgotten") else DEAL
        bonus = [0, 0]
        for pair in (0, 1):
            if tricks[pair] == 8 and not self.holds("pit-forgotten"):
                bonus[pair] = PIT
        totals = [cards[p] + roem[p] + bonus[p] for p in (0, 1)]
        choosers = content.choosers
        defenders = 1 - choosers
        loser: int | None = revoker  # the revoking pair loses the deal
        nat = revoker == choosers
        if revoker is None:
            ahead = totals[choosers] > totals[defenders]
            tie = totals[choosers] == totals[defenders]
            nat = not (ahead or (tie and self.holds("tie-not-nat")))
            loser = choosers if nat else None
        if loser is None:
            return NatAnswer(False, (totals[0], totals[1]))
        written = [0, 0]
        written[1 - loser] = deal + roem[0] + roem[1] + bonus[1 - loser]
        return NatAnswer(nat, (written[0], written[1]))

    def tally(self, content: NatContent) -> tuple[list[int], list[int], list[int], int | None]:
        """Per pair: card points, roem that counts and tricks won, and the pair whose revoke
        decides the deal (None: none), as this learner reads the deal."""
        if content.summary is not None:
            summary = content.summary
            roem = [sum(summary.roem[pair]) for pair in (0, 1)]
            if self.holds("roem-without-declaring"):
                roem = [roem[pair] + sum(summary.undeclared_roem[pair]) for pair in (0, 1)]
            tricks = list(summary.tricks_won) if summary.tricks_won is not None else [1, 1]
            # The card points "with the last trick", as shown.
            return list(summary.card_points), roem, tricks, summary.revoked_by
        if content.trick_table is not None:
            return self._table(content)
        return self._tricks(content)

    def _table(self, content: NatContent) -> tuple[list[int], list[int], list[int], int | None]:
        cards, roem, tricks = [0, 0], [0, 0], [0, 0]
        revoker = None
        for row in content.trick_table or ():
            pair, row_roem = row.pair, row.roem
            if row.revoked_by is not None and self.holds("revoke-costs-trick"):
                pair = 1 - row.revoked_by  # the revoke's trick goes to the other pair ...
                if pair != row.pair:
                    row_roem = (row.roem[1], row.roem[0])  # ... with its roem
            elif row.revoked_by is not None:
                revoker = row.revoked_by
            cards[pair] += row.points  # the last row with its 10, as the table says
            tricks[pair] += 1
            if row.declared or self.holds("roem-without-declaring"):
                roem = [roem[owner] + row_roem[owner] for owner in (0, 1)]
        return cards, roem, tricks, revoker

    def _tricks(self, content: NatContent) -> tuple[list[int], list[int], list[int], int | None]:
        assert content.tricks is not None and content.trump is not None
        cards, roem, tricks = [0, 0], [0, 0], [0, 0]
        trump, declared = content.trump, content.declared
        last = 0
        for number, (leader, trick) in enumerate(content.tricks):
            taker = (int(leader) + self.winner(trick, trump)) % 2
            cards[taker] += self.points(trick, trump)
            tricks[taker] += 1
            last = taker
            undeclared = declared is not None and number not in declared
            if undeclared and not self.holds("roem-without-declaring"):
                continue
            for value, made_of in self.roem(trick, trump):
                owner = taker
                if self.holds("roem-to-holder"):  # the pair that played more of its cards
                    played = [(int(leader) + trick.index(card)) % 2 for card in made_of]
                    more = played.count(1) - played.count(0)
                    owner = taker if more == 0 else int(more > 0)
                roem[owner] += value
        if not self.holds("last-trick-forgotten"):
            cards[last] += LAST_TRICK
        return cards, roem, tricks, None


def _natural(card: Card) -> int:
    return NATURAL.index(card.rank.symbol)
