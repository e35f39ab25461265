"""Scoring a deal (card points, last trick, declared roem, pit, nat, revoke) and a match.

A deal is scored from one record of what happened and the rule set: `score_record` from the
tricks as played (`DealRecord`), `score_totals` from per-pair totals (`DealTotals`); the rule
set brings its variants and misbeliefs. `score_deal` and `score_summary` take the same facts
as arguments. Seats are 0-3 clockwise; seats 0 and 2 form pair 0, seats 1 and 3 pair 1.

>>> s = score_summary(card_points=(82, 80), roem=(0, 20), choosers=0)   # seed 000 §08
>>> s.points, s.nat, s.totals
((0, 182), True, (82, 100))
>>> s.ledger[-1].rule, s.ledger[-1].pair, s.ledger[-1].points
(<RuleId.SCORE_NAT: 'score.nat'>, 0, 0)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from klaverjas_core._tables import POINTS, STUK
from klaverjas_core.cards import DECK, Card, Suit, format_cards, parse_cards
from klaverjas_core.errors import (
    DuplicateCardError,
    GameFlowError,
    ImpossiblePositionError,
    NotationError,
)
from klaverjas_core.misbeliefs import Misbelief
from klaverjas_core.records import DealRecord, DealTotals, TrickRecord
from klaverjas_core.revokes import Revoke
from klaverjas_core.rule_ids import RuleId
from klaverjas_core.ruleset import RuleSet, resolve_rules
from klaverjas_core.seats import Seat
from klaverjas_core.tricks import (
    RoemItem,
    roem_items_of_mask,
    winner_index,
)

__all__ = [
    "CARD_POINTS_TOTAL",
    "DEAL_TOTAL",
    "DealScore",
    "LedgerItem",
    "Match",
    "score_deal",
    "score_record",
    "score_summary",
    "score_totals",
]

CARD_POINTS_TOTAL = 152
LAST_TRICK_BONUS = 10
DEAL_TOTAL = CARD_POINTS_TOTAL + LAST_TRICK_BONUS
PIT_BONUS = 100


#: The misbeliefs that rank the cards otherwise (a plain int: tested in scoring's loop).
_ORDER_BELIEFS: Final = int(Misbelief.TEN_BELOW_KING | Misbelief.ACE_ABOVE_NINE)


def pair_of(seat: int) -> int:
    """Seats 0 and 2 are pair 0, seats 1 and 3 pair 1."""
    return seat % 2


class LedgerItem(NamedTuple):
    """One line of a deal's score: who gets how many points, by which rule, from which cards.

    A named tuple rather than a frozen dataclass: a deal makes a dozen of these, and scoring
    speed is a product target (see benchmarks/bench_core.py).
    """

    pair: int
    points: int  # for roem that was not declared: what it would have made (not counted)
    rule: RuleId
    cards: tuple[Card, ...] = ()
    trick: int | None = None  # 0-7 where the item comes from one trick
    counted: bool = True  # False for roem that was not declared (rule roem.declare)


@dataclass(frozen=True, slots=True)
class DealScore:
    """The written result of one deal with the itemised ledger behind it."""

    points: tuple[int, int]  # what each pair writes down
    nat: bool
    choosers: int
    totals: tuple[int, int]  # cards + last trick + declared roem + pit, before nat
    card_points: tuple[int, int]  # including the last trick's 10
    roem: tuple[int, int]  # declared roem
    tricks_won: tuple[int, int] | None
    ledger: tuple[LedgerItem, ...] = field(repr=False)
    revoked_by: int | None = None
    undeclared_roem: int = 0  # roem shown to have been forgotten (for summaries)

    @property
    def defenders(self) -> int:
        return 1 - self.choosers

    @property
    def pit(self) -> int | None:
        """The pair that took all eight tricks, if any."""
        return next((item.pair for item in self.ledger if item.rule is RuleId.SCORE_PIT), None)

    @property
    def verdict(self) -> LedgerItem:
        """The deciding line: score.made, score.nat or score.revoke."""
        return self.ledger[-1]

    @property
    def forgotten_roem(self) -> int:
        """Roem that was shown but not declared, so it did not count."""
        listed = sum(item.points for item in self.ledger if not item.counted)
        return listed + self.undeclared_roem


def score_totals(
    totals: DealTotals, rules: RuleSet | str = "amsterdam", *, items: Sequence[LedgerItem] = ()
) -> DealScore:
    """Settle a deal from its per-pair totals under `rules`; `items` are the ledger lines
    behind the totals (`score_record` lists each trick's).

    Roem shown but not declared changes nothing but the explanation, which then reminds that
    undeclared roem does not count. With `stuk_from_hand`, the pair without a trick may still
    hold 20 for stuk (RULES.md). The rules' misbeliefs score as a learner holding them would: a
    tie made (TIE_NOT_NAT), no pit bonus (PIT_FORGOTTEN), a deal worth 152, so that nat or a
    revoke gives the other pair 152 + all roem (LAST_TRICK_FORGOTTEN; totals shown with the
    last trick's 10 in them are taken as shown), undeclared roem counted
    (ROEM_WITHOUT_DECLARING), roem of a pit deal held by the other pair (ROEM_TO_HOLDER), and
    with `revoke_trick` a revoke that costs only that trick (REVOKE_COSTS_TRICK; without it
    that belief scores the revoke as the rule does).
    """
    ruleset = resolve_rules(rules)
    wrong = ruleset.misbeliefs  # each test below starts with `wrong and`: IntFlag's & is slow
    _check_pair(totals.choosers, "choosers")
    believed = _as_believed(totals, wrong)
    choosers, card_points, roem = believed.choosers, believed.card_points, believed.roem
    revoked_by, tricks_won = believed.revoked_by, believed.tricks_won
    forgot_last = bool(wrong and wrong & Misbelief.LAST_TRICK_FORGOTTEN)
    roem_moved = bool(wrong and wrong & Misbelief.ROEM_TO_HOLDER)
    others_roem = None if roem_moved else 20 if ruleset.stuk_from_hand else 0
    pit = _checked_pit(believed, forgot_last, others_roem)
    # What the pair that takes the deal writes before roem: for a learner to whom the last
    # trick earns nothing a deal is worth 152, also where the card points shown add up to 162.
    deal_total = CARD_POINTS_TOTAL if forgot_last else DEAL_TOTAL
    ledger = list(items)
    pit_bonus = [0, 0]
    if pit is not None and not (wrong and wrong & Misbelief.PIT_FORGOTTEN):
        pit_bonus[pit] = PIT_BONUS
        ledger.append(LedgerItem(pit, PIT_BONUS, RuleId.SCORE_PIT))
    points = (
        card_points[0] + roem[0] + pit_bonus[0],
        card_points[1] + roem[1] + pit_bonus[1],
    )
    defenders = 1 - choosers
    if revoked_by is not None:
        _check_pair(revoked_by, "revoked_by")
        # The other pair keeps its pit bonus (RULES.md, revoke).
        other = 1 - revoked_by
        written = _to_one_pair(other, deal_total + roem[0] + roem[1] + pit_bonus[other])
        ledger.append(LedgerItem(revoked_by, 0, RuleId.SCORE_REVOKE))
        nat = revoked_by == choosers
    else:
        nat = points[choosers] <= points[defenders]
        if wrong and wrong & Misbelief.TIE_NOT_NAT:
            nat = points[choosers] < points[defenders]
        if nat:
            written = _to_one_pair(defenders, deal_total + roem[0] + roem[1] + pit_bonus[defenders])
        else:
            written = points
        rule = RuleId.SCORE_NAT if nat else RuleId.SCORE_MADE
        ledger.append(LedgerItem(choosers, written[choosers], rule))
    return DealScore(
        written, nat, choosers, points, card_points, roem, tricks_won, tuple(ledger), revoked_by,
        sum(believed.undeclared_roem),
    )  # fmt: skip


def _as_believed(totals: DealTotals, wrong: Misbelief) -> DealTotals:
    """The totals checked to be whole numbers, as a learner holding `wrong` counts them:
    undeclared roem counted (ROEM_WITHOUT_DECLARING), and a revoke that hands over only its
    trick (REVOKE_COSTS_TRICK, where `revoke_trick` shows what the trick held)."""
    card_points = _whole_pair(totals.card_points, "card points")
    roem = _whole_pair(totals.roem, "roem")
    undeclared = _whole_pair(totals.undeclared_roem, "undeclared roem")
    if min(undeclared) < 0:
        raise ImpossiblePositionError(f"undeclared roem {undeclared} must not be below 0")
    tricks_won = None if totals.tricks_won is None else _whole_pair(totals.tricks_won, "tricks won")
    if wrong and wrong & Misbelief.ROEM_WITHOUT_DECLARING:
        roem = (roem[0] + undeclared[0], roem[1] + undeclared[1])
        undeclared = (0, 0)
    revoked_by, trick = totals.revoked_by, totals.revoke_trick
    if revoked_by is not None and trick is not None and wrong & Misbelief.REVOKE_COSTS_TRICK:
        card_points, roem, tricks_won = _trick_handed_over(
            revoked_by, trick, card_points, roem, tricks_won
        )
        revoked_by = None
    return DealTotals(
        card_points, roem, totals.choosers, undeclared, tricks_won, totals.pit, revoked_by
    )


def _checked_pit(totals: DealTotals, forgot_last: bool, others_roem: int | None) -> int | None:
    """The pair that took every trick, if any, once the totals are shown to be possible;
    `others_roem` is the most roem the other pair can hold then (20 for a stuk from hand;
    None: any, as ROEM_TO_HOLDER's learner credits roem to who played its cards)."""
    card_points, roem, tricks_won, pit = (
        totals.card_points, totals.roem, totals.tricks_won, totals.pit,
    )  # fmt: skip
    # Without the last trick's 10 (LAST_TRICK_FORGOTTEN) a learner who adds up the tricks
    # counts a deal as 152; totals given with the 10 in them they take as given.
    deal_total = sum(card_points) if forgot_last else DEAL_TOTAL
    shared = (DEAL_TOTAL, CARD_POINTS_TOTAL) if forgot_last else (DEAL_TOTAL,)
    if sum(card_points) not in shared or min(card_points) < 0:
        raise ImpossiblePositionError(
            f"card points {card_points[0]} + {card_points[1]} must add up to {DEAL_TOTAL} "
            "(152 in cards + 10 for the last trick)"
        )
    if min(roem) < 0 or any(r % 10 for r in roem):
        raise ImpossiblePositionError(f"roem {roem} must be non-negative multiples of 10")
    if tricks_won is not None:
        if sum(tricks_won) != 8 or min(tricks_won) < 0:
            raise ImpossiblePositionError(f"tricks won {tricks_won} must add up to 8")
        pit = 0 if tricks_won[0] == 8 else 1 if tricks_won[1] == 8 else None
    if pit is not None:
        _check_pair(pit, "pit")
        too_much = others_roem is not None and roem[1 - pit] > others_roem
        if card_points[pit] != deal_total or too_much:
            raise ImpossiblePositionError(
                f"pair {pit} cannot have taken every trick with {card_points[pit]} card points "
                f"while pair {1 - pit} has {roem[1 - pit]} roem"
            )
    return pit


def score_summary(
    card_points: tuple[int, int],
    roem: tuple[int, int],
    choosers: int,
    *,
    pit: int | None = None,
    tricks_won: tuple[int, int] | None = None,
    revoked_by: int | None = None,
    undeclared_roem: int | tuple[int, int] = 0,
    revoke_trick: tuple[int, int, int] | None = None,
    rules: RuleSet | str = "amsterdam",
) -> DealScore:
    """`score_totals` with the totals as arguments. `undeclared_roem` is given per pair, or
    as one number that only explains (so it cannot count under ROEM_WITHOUT_DECLARING)."""
    if isinstance(undeclared_roem, tuple | list):
        per_pair = _whole_pair(undeclared_roem, "undeclared roem")
    elif not _is_int(undeclared_roem) or undeclared_roem < 0:
        raise ImpossiblePositionError(
            f"undeclared roem must be a whole number, got {undeclared_roem!r}"
        )
    elif undeclared_roem and resolve_rules(rules).misbeliefs & Misbelief.ROEM_WITHOUT_DECLARING:
        raise ImpossiblePositionError(
            f"undeclared roem {undeclared_roem} must be given per pair to count it"
        )
    else:
        per_pair = (undeclared_roem, 0)  # whose it is matters only when it counts
    totals = DealTotals(
        card_points, roem, choosers, per_pair, tricks_won, pit, revoked_by, revoke_trick
    )
    return score_totals(totals, rules)


def _trick_handed_over(
    revoker: int,
    trick: tuple[int, int, int],
    card_points: tuple[int, int],
    roem: tuple[int, int],
    tricks_won: tuple[int, int] | None,
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int] | None]:
    """REVOKE_COSTS_TRICK's belief: the revoke's trick (what `revoker` took in it) goes to the
    other pair; the rest of the deal stands."""
    _check_pair(revoker, "revoked_by")
    if not (isinstance(trick, tuple | list) and len(trick) == 3 and all(map(_is_int, trick))):
        raise ImpossiblePositionError(
            f"revoke_trick must be three whole numbers (points, roem, tricks), got {trick!r}"
        )
    points, trick_roem, taken = (int(value) for value in trick)
    if not (0 <= points <= card_points[revoker] and 0 <= trick_roem <= roem[revoker]) or (
        taken not in (0, 1)
    ):
        raise ImpossiblePositionError(
            f"pair {revoker} cannot have taken {points} points and {trick_roem} roem in one "
            f"trick of a deal where it has {card_points[revoker]} and {roem[revoker]}"
        )

    def moved(pair_values: tuple[int, int], amount: int) -> tuple[int, int]:
        values = list(pair_values)
        values[revoker] -= amount
        values[1 - revoker] += amount
        return values[0], values[1]

    won = None if tricks_won is None else moved(tricks_won, taken)
    return moved(card_points, points), moved(roem, trick_roem), won


def _to_one_pair(pair: int, points: int) -> tuple[int, int]:
    return (points, 0) if pair == 0 else (0, points)


def _is_int(value: object) -> bool:
    """A whole number, not a bool or a float that happens to equal one."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_pair(value: object, name: str) -> None:
    if not _is_int(value) or value not in (0, 1):
        raise ImpossiblePositionError(f"{name} must be pair 0 or 1, got {value!r}")


def _whole_pair(value: object, name: str) -> tuple[int, int]:
    """Two whole numbers, one per pair."""
    if not isinstance(value, tuple | list) or len(value) != 2 or not all(map(_is_int, value)):
        raise ImpossiblePositionError(f"{name} must be two whole numbers, got {value!r}")
    return int(value[0]), int(value[1])


def _declared_tricks(declared: object) -> frozenset[int] | None:
    if declared is None:
        return None
    if isinstance(declared, str | bytes) or not isinstance(declared, Collection):
        raise ImpossiblePositionError(f"declared must list trick numbers 0-7, got {declared!r}")
    numbers = list(declared)
    if not all(_is_int(n) and 0 <= n <= 7 for n in numbers):
        raise ImpossiblePositionError(f"declared must list trick numbers 0-7, got {declared!r}")
    return frozenset(numbers)


def score_deal(
    tricks: Sequence[TrickRecord],
    trump: Suit | str,
    choosers: int,
    rules: RuleSet | str = "amsterdam",
    *,
    declared: Collection[int] | None = None,
    stuk_announced: bool | None = None,
    revokes: Sequence[Revoke] = (),
    called: Collection[tuple[Seat, int]] | None = None,
) -> DealScore:
    """Score eight tricks given as ``(leader_seat, [four cards in play order])``: the
    `DealRecord` of these, scored by `score_record`."""
    record = DealRecord(tricks, trump, choosers, declared, stuk_announced, revokes, called)
    return score_record(record, rules)


def score_record(record: DealRecord, rules: RuleSet | str = "amsterdam") -> DealScore:
    """Score a deal as played under `rules`.

    All roem counts as declared unless `declared` lists the trick numbers (0-7) whose roem was
    declared. Under `stuk_from_hand` the stuk is not a trick's roem: it counts when the player
    announced it with the second card (`stuk_announced`), whether or not the rest of that
    trick's roem was declared; left None, it was announced when that trick's roem was
    declared (as an is-nat puzzle's list of declared tricks records it). The revoke that
    counts (`DealRecord.revoke`) makes its pair lose the deal (seed 001).
    """
    ruleset = resolve_rules(rules)
    trump_index = Suit.parse(record.trump).value
    declared, played = _checked_record(record)
    stuk_announced = record.stuk_announced
    wrong = int(ruleset.misbeliefs)  # a plain int: IntFlag operations are slow in the loop
    undeclared_count = wrong & Misbelief.ROEM_WITHOUT_DECLARING
    card_points = [0, 0]
    roem = [0, 0]
    tricks_won = [0, 0]
    items: list[LedgerItem] = []
    stuk_mask = STUK[trump_index]
    base = trump_index * 32  # the POINTS table row for this trump suit
    first_stuk_seat: int | None = None
    for number, (leader, cards) in enumerate(played):
        indices = [cards[0].index, cards[1].index, cards[2].index, cards[3].index]
        winner_seat = (leader + winner_index(indices, trump_index, wrong)) % 4
        pair = pair_of(winner_seat)
        # The deal was played by the real card order; a learner who ranks the cards otherwise
        # credits the trick to the card they believe wins it (TEN_BELOW_KING, ACE_ABOVE_NINE).
        led_next = winner_seat
        if wrong & _ORDER_BELIEFS:
            led_next = (leader + winner_index(indices, trump_index)) % 4
        if number < 7 and played[number + 1][0] != led_next:
            raise ImpossiblePositionError(
                f"trick {number + 1} was won by seat {led_next}, "
                f"but trick {number + 2} is led by seat {played[number + 1][0]}"
            )
        tricks_won[pair] += 1
        points = (
            POINTS[base + indices[0]]
            + POINTS[base + indices[1]]
            + POINTS[base + indices[2]]
            + POINTS[base + indices[3]]
        )
        card_points[pair] += points
        items.append(LedgerItem(pair, points, RuleId.POINTS_CARDS, cards, number))
        mask = cards[0].bit | cards[1].bit | cards[2].bit | cards[3].bit
        counted = declared is None or number in declared or bool(undeclared_count)
        for roem_item in roem_items_of_mask(mask, trump_index, ruleset):
            credited = pair
            if wrong & Misbelief.ROEM_TO_HOLDER:
                credited = _holding_pair(roem_item.cards, cards, leader, pair)
            items.append(_roem_line(credited, roem_item, number, counted))
            if counted:
                roem[credited] += roem_item.points
        if ruleset.stuk_from_hand:
            for position, card in enumerate(cards):
                if card.bit & stuk_mask:
                    seat = (leader + position) % 4
                    if first_stuk_seat == seat:
                        announced = counted if stuk_announced is None else stuk_announced
                        item = RoemItem(RuleId.ROEM_STUK, 20, _cards_of_mask(stuk_mask))
                        items.append(_roem_line(pair_of(seat), item, number, announced))
                        roem[pair_of(seat)] += item.points if announced else 0
                    first_stuk_seat = seat
    last_pair = pair_of(winner_seat)  # the winner of the eighth trick
    if not wrong & Misbelief.LAST_TRICK_FORGOTTEN:
        card_points[last_pair] += LAST_TRICK_BONUS
        items.append(LedgerItem(last_pair, LAST_TRICK_BONUS, RuleId.POINTS_LAST_TRICK, trick=7))
    revoke = record.revoke
    totals = DealTotals(
        (card_points[0], card_points[1]),
        (roem[0], roem[1]),
        record.choosers,
        tricks_won=(tricks_won[0], tricks_won[1]),
        revoked_by=None if revoke is None else revoke.seat.pair,
    )
    return score_totals(totals, ruleset, items=items)


def _checked_record(
    record: DealRecord,
) -> tuple[frozenset[int] | None, list[tuple[int, tuple[Card, ...]]]]:
    """The declared tricks and the tricks played, once the record is shown to be possible:
    each revoke names the card its seat played in its trick, each call a seat and a trick."""
    _check_pair(record.choosers, "choosers")
    declared = _declared_tricks(record.declared)
    if record.stuk_announced is not None and not isinstance(record.stuk_announced, bool):
        raise ImpossiblePositionError(
            f"stuk_announced must be True, False or None, got {record.stuk_announced!r}"
        )
    for call in record.called or ():
        if not (
            isinstance(call, tuple)
            and len(call) == 2
            and all(map(_is_int, call))
            and call[0] in range(4)
            and call[1] in range(8)
        ):
            raise ImpossiblePositionError(f"a call is a seat 0-3 and a trick 0-7, got {call!r}")
    played = _validated_tricks(record.tricks)
    last = (-1, -1)  # the trick and the place in it of the revoke before
    for revoke in record.revokes:
        if not isinstance(revoke, Revoke) or not (_is_int(revoke.trick) and 0 <= revoke.trick < 8):
            raise ImpossiblePositionError(f"not a revoke in tricks 0-7: {revoke!r}")
        leader, cards = played[revoke.trick]
        place = (revoke.trick, (revoke.seat - leader) % 4)
        if cards[place[1]] != revoke.card:
            raise ImpossiblePositionError(
                f"seat {int(revoke.seat)} did not play {revoke.card} in trick {revoke.trick + 1}"
            )
        if place <= last:  # the first revoke counts: the order must be the order of play
            raise ImpossiblePositionError(f"the revokes are not in play order at {revoke.card}")
        last = place
    return declared, played


def _holding_pair(
    roem_cards: Sequence[Card], trick: Sequence[Card], leader: int, taker: int
) -> int:
    """The pair that played most of a roem's cards (ROEM_TO_HOLDER's belief); the `taker`
    when both played as many (four of a kind, a run of four, a stuk split between them).

    >>> from klaverjas_core.cards import Card
    >>> run = [Card.parse(c) for c in ("7♠", "8♠", "9♠")]
    >>> trick = [Card.parse(c) for c in ("J♠", "7♠", "8♠", "9♠")]
    >>> _holding_pair(run, trick, leader=1, taker=1)  # seed 001: the run is not 2 and 4's
    0
    """
    count = [0, 0]
    for position, card in enumerate(trick):
        if card in roem_cards:
            count[pair_of((leader + position) % 4)] += 1
    return taker if count[0] == count[1] else int(count[1] > count[0])


def _roem_line(pair: int, item: RoemItem, trick: int, counted: bool) -> LedgerItem:
    if counted:
        return LedgerItem(pair, item.points, item.rule, item.cards, trick)
    return LedgerItem(pair, item.points, RuleId.ROEM_DECLARE, item.cards, trick, counted=False)


def _cards_of_mask(mask: int) -> tuple[Card, ...]:
    return tuple(card for card in DECK if mask & card.bit)


def _validated_tricks(tricks: Sequence[TrickRecord]) -> list[tuple[int, tuple[Card, ...]]]:
    if not isinstance(tricks, list | tuple):
        raise ImpossiblePositionError(f"the tricks must be a list of 8, got {tricks!r}")
    if len(tricks) != 8:
        raise ImpossiblePositionError(f"a deal has 8 tricks, got {len(tricks)}")
    played: list[tuple[int, tuple[Card, ...]]] = []
    seen = 0
    for number, record in enumerate(tricks, start=1):
        try:
            leader, raw_cards = record
        except (TypeError, ValueError):
            raise ImpossiblePositionError(
                f"trick {number} must be (leader_seat, [four cards]), got {record!r}"
            ) from None
        if isinstance(raw_cards, str):
            cards = tuple(parse_cards(raw_cards))
        elif isinstance(raw_cards, list | tuple):
            cards = tuple(raw_cards)
        else:
            raise NotationError(f"trick {number} must list its cards, got {raw_cards!r}")
        if not _is_int(leader) or leader not in (0, 1, 2, 3):
            raise ImpossiblePositionError(
                f"trick {number}: leader seat must be 0-3, got {leader!r}"
            )
        if len(cards) != 4:
            raise ImpossiblePositionError(
                f"trick {number} must have 4 cards, got {len(cards)}: {format_cards(cards)}"
            )
        first, second, third, fourth = cards
        if not type(first) is type(second) is type(third) is type(fourth) is Card:
            raise NotationError(f"trick {number} holds a non-Card: {cards!r} (use parse_cards)")
        mask = first.bit | second.bit | third.bit | fourth.bit
        if mask.bit_count() != 4 or seen & mask:
            again = next(card for card in cards if seen & card.bit or cards.count(card) > 1)
            raise DuplicateCardError(f"{again} is played twice (again in trick {number})")
        seen |= mask
        played.append((leader, cards))
    return played


@dataclass
class Match:
    """A match ("boompje") of 16 deals, or 8 with the `short_match` variant: one line per deal.

    >>> m = Match(deals=2)
    >>> m.add(score_summary((100, 62), (20, 0), choosers=0))
    Match(deals=2, lines=[(120, 62)])
    >>> m.add(score_summary((62, 100), (0, 0), choosers=0))
    Match(deals=2, lines=[(120, 62), (0, 162)])
    >>> m.totals, m.finished, m.leaders
    ((120, 224), True, (1,))
    """

    deals: int = 16
    lines: list[tuple[int, int]] = field(default_factory=list)

    @classmethod
    def for_rules(cls, rules: RuleSet | str = "amsterdam") -> Match:
        return cls(deals=resolve_rules(rules).match_length)

    def add(self, score: DealScore) -> Match:
        if self.finished:
            raise GameFlowError(f"the match is over: all {self.deals} deals are written")
        self.lines.append(score.points)
        return self

    @property
    def finished(self) -> bool:
        return len(self.lines) >= self.deals

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(line[0] for line in self.lines), sum(line[1] for line in self.lines))

    @property
    def leaders(self) -> tuple[int, ...]:
        """The pair(s) with the highest total; both pairs share the win on a tie."""
        a, b = self.totals
        return (0,) if a > b else (1,) if b > a else (0, 1)

    @staticmethod
    def dealer_of(deal_number: int, first_dealer: int) -> int:
        """The deal passes to the left (clockwise): deal 0 is dealt by `first_dealer`."""
        return (first_dealer + deal_number) % 4
