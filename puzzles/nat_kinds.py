"""Generating is-nat puzzles: a finished deal, really played, with the choosers named (solved
by `klaverjas_questions.is_nat`). Shown as per-pair totals (level 1), a trick-by-trick table
(level 2, every pit and every called revoke) or the eight tricks (level 3). Every number
comes from `score_deal`."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import Final

from klaverjas_core import Card, Deal, KlaverjasError, RuleId, RuleSet, Seat, Suit
from klaverjas_core.cards import PLAIN_POINTS, TRUMP_POINTS
from klaverjas_core.playout import PlayedDeal, Policy, random_playout
from klaverjas_core.scoring import LAST_TRICK_BONUS
from klaverjas_core.tricks import winner_index
from klaverjas_questions import JSON
from klaverjas_questions.is_nat import IS_NAT, NatContent, Summary, TableRow
from puzzles.model import GenerationError, PuzzleGenerator, Solved, solved
from puzzles.nat_steering import card_points, steer
from puzzles.nat_traps import (
    AIMS,
    ALL_TRICKS,
    TRAPS,
    Balance,
    Facts,
    Window,
    stuk_trick,
    trick_roem,
)

R = RuleId
SEARCH_DEALS = 120  # version 1: deals searched for the trap before settling for a plain case
MAX_ATTEMPTS = 400
#: Version 2 steers a deal only when the choosers' card points are this close to the window.
NEAR = 15


def generate(target: RuleId, rules: RuleSet, level: int, rng: random.Random) -> Solved:
    """A real deal that turns on `target` through the chosen trap: a random play-out whose
    card points are near the trap's window, steered into it by exchanging cards (`steer`); a
    called revoke's deal for score.revoke (`_revoke_puzzle`, from version 3 on).
    Stuk from hand is announced with its second card, so its trick's roem is never the roem
    left undeclared (version 3): the puzzle then reads the same whether the stuk counts with
    that trick's declaration or apart from it, as at the table."""
    if target is R.SCORE_REVOKE:
        return _revoke_puzzle(rules, level, rng)
    return _generate(target, rules, level, rng, announce_stuk=True)


def generate_v2(target: RuleId, rules: RuleSet, level: int, rng: random.Random) -> Solved:
    """Generators version 2, kept for the club sets made with it: any trick's roem may be left
    undeclared, the stuk from hand's too. Do not change it."""
    _before_revokes(target)
    return _generate(target, rules, level, rng, announce_stuk=False)


def _before_revokes(target: RuleId) -> None:
    if target is R.SCORE_REVOKE:  # no club set made with versions 1-2 can ask for one
        raise GenerationError("is-nat puzzles of a revoke exist from generators version 3 on")


def _generate(
    target: RuleId, rules: RuleSet, level: int, rng: random.Random, *, announce_stuk: bool
) -> Solved:
    if target is R.SCORE_PIT:  # pit deals are built on purpose already
        return generate_v1(target, rules, level, rng, announce_stuk=announce_stuk)
    aim = rng.choice(AIMS[target])
    for _ in range(MAX_ATTEMPTS):
        deal = random_playout(rng, rules)
        roem = trick_roem(deal)
        keep = stuk_trick(deal) if announce_stuk else frozenset()
        declared = _declare(rng, roem, target, level, keep)
        counted = _pair_sums(roem[number] for number in declared)
        shown = _pair_sums(roem)
        near = []
        for choosers in rng.sample((0, 1), 2):
            window = aim.window(Balance(choosers, counted, shown))
            if window is not None:
                distance = _distance(card_points(deal, choosers), window)
                if distance <= NEAR:
                    near.append((distance, choosers, window))
        near.sort(key=lambda item: item[0])  # the nearer first (more often reached); stable
        for _, choosers, window in near:
            steered = steer(deal, choosers, *window, rng)
            if steered is None:
                continue
            facts = Facts(steered, choosers, declared)
            if facts.decides(target) and aim.holds(facts):
                return _checked(facts, target, level, rules)
    raise GenerationError(f"no is-nat puzzle for {target.value} in {MAX_ATTEMPTS} deals")


def _pair_sums(pieces: Iterable[tuple[int, int]]) -> tuple[int, int]:
    totals = [0, 0]
    for first, second in pieces:
        totals[0] += first
        totals[1] += second
    return totals[0], totals[1]


def _distance(points: int, window: Window) -> int:
    low, high = window
    return max(low - points, points - high, 0)


def generate_v1(
    target: RuleId,
    rules: RuleSet,
    level: int,
    rng: random.Random,
    *,
    announce_stuk: bool = False,
) -> Solved:
    """Generators version 1, kept for the club sets made with it: search up to SEARCH_DEALS
    random deals for the chosen trap, then settle for a plain case. Do not change it (pit
    deals, which later versions make this way too, keep the stuk from hand's trick declared
    from version 3 on: `announce_stuk`)."""
    _before_revokes(target)
    trap = rng.choice(TRAPS[target])
    fallback: Facts | None = None
    for attempt in range(MAX_ATTEMPTS):
        deal = _pit_deal(rng, rules) if target is R.SCORE_PIT else random_playout(rng, rules)
        if deal is None:
            continue
        for choosers in rng.sample((0, 1), 2):
            keep = stuk_trick(deal) if announce_stuk else frozenset()
            facts = Facts(deal, choosers, _declare(rng, trick_roem(deal), target, level, keep))
            if not facts.decides(target):
                continue
            if trap(facts):
                return _checked(facts, target, level, rules)
            fallback = fallback or facts
        if fallback is not None and attempt >= SEARCH_DEALS:
            return _checked(fallback, target, level, rules)
    raise GenerationError(f"no is-nat puzzle for {target.value} in {MAX_ATTEMPTS} deals")


def _checked(facts: Facts, target: RuleId, level: int, rules: RuleSet) -> Solved:
    """The content, after the core confirms that the answer turns on the target."""
    return _checked_content(solved(IS_NAT, _content(facts, level), rules), target)


def _checked_content(made: Solved, target: RuleId) -> Solved:
    if target not in made.solution.decisive:
        raise GenerationError(f"the core disagrees that {made.content} turns on {target.value}")
    return made


#: Deals tried for a called revoke that changes what the pairs write (else a plain one).
REVOKE_SEARCH: Final = 40


def _revoke_puzzle(rules: RuleSet, level: int, rng: random.Random) -> Solved:
    """A real deal, shown as its trick table at every level, in which one pair's revoke in
    one of the first seven tricks was called (in the last each player has one card left).
    Preferably the revoke changes what the pairs write: the revoking pair would not have
    lost the deal anyway."""
    fallback = None
    for attempt in range(MAX_ATTEMPTS):
        deal = random_playout(rng, rules)
        keep = stuk_trick(deal)
        facts = Facts(deal, rng.randrange(2), _declare(rng, trick_roem(deal), R.SCORE_REVOKE,
                                                       level, keep))  # fmt: skip
        revoker, trick = rng.randrange(2), rng.randrange(7)
        rows = list(_trick_rows(facts))
        rows[trick] = dataclasses.replace(rows[trick], revoked_by=revoker)
        made = solved(IS_NAT, NatContent(facts.choosers, trick_table=tuple(rows)).to_dict(), rules)
        if made.solution.answer.points != facts.score().points:
            return _checked_content(made, R.SCORE_REVOKE)
        fallback = fallback or made
        if attempt >= REVOKE_SEARCH:
            return _checked_content(fallback, R.SCORE_REVOKE)
    raise GenerationError(f"no is-nat puzzle for a revoke in {MAX_ATTEMPTS} deals")


def _content(facts: Facts, level: int) -> dict[str, JSON]:
    deal = facts.deal
    score = facts.score()
    if level == 3:
        return NatContent(
            facts.choosers,
            trump=Suit(deal.trump),
            tricks=tuple((Seat(leader), cards) for leader, cards in deal.card_tricks()),
            declared=None if facts.declared == ALL_TRICKS else facts.declared,
        ).to_dict()
    roem = trick_roem(deal)
    if level == 2 or score.pit is not None:
        return NatContent(facts.choosers, trick_table=_trick_rows(facts)).to_dict()
    declared: list[list[int]] = [[], []]
    forgotten: list[list[int]] = [[], []]
    for number, pieces in enumerate(roem):
        for pair, value in enumerate(pieces):
            if value:
                (declared if number in facts.declared else forgotten)[pair].append(value)
    summary = Summary(
        card_points=score.card_points,
        roem=(tuple(declared[0]), tuple(declared[1])),
        undeclared_roem=(tuple(forgotten[0]), tuple(forgotten[1])),
        tricks_won=score.tricks_won,
        last_trick=deal.winners[7] % 2,
    )
    return NatContent(facts.choosers, summary=summary).to_dict()


def _trick_rows(facts: Facts) -> tuple[TableRow, ...]:
    """The deal's trick table: who took each trick, its points (the last with its 10), its
    roem and whether that was declared."""
    deal, roem = facts.deal, trick_roem(facts.deal)
    points = [0] * 8
    for item in facts.score().ledger:
        if item.trick is not None and item.rule in (R.POINTS_CARDS, R.POINTS_LAST_TRICK):
            points[item.trick] += item.points  # the last trick's row holds its 10
    return tuple(
        TableRow(deal.winners[n] % 2, points[n], roem[n], n in facts.declared) for n in range(8)
    )


def _declare(
    rng: random.Random,
    roem: Sequence[tuple[int, int]],
    target: RuleId,
    level: int,
    keep: frozenset[int] = frozenset(),
) -> frozenset[int]:
    """All roem declared, except for the roem.declare target (and now and then at level 2+);
    the tricks in `keep` are always declared."""
    with_roem = [number for number, pieces in enumerate(roem) if any(pieces) and number not in keep]
    if not with_roem or (target is not R.ROEM_DECLARE and (level == 1 or rng.random() < 0.8)):
        return ALL_TRICKS
    forgotten = rng.sample(with_roem, rng.randint(1, len(with_roem)))
    return ALL_TRICKS - frozenset(forgotten)


def _pit_deal(rng: random.Random, rules: RuleSet) -> PlayedDeal | None:
    """A deal where one pair holds every trump and the top plain cards, and plays to win."""
    trump = rng.randrange(4)
    strong = rng.randrange(2)
    plain = [c for c in range(32) if c >> 3 != trump]
    rng.shuffle(plain)
    plain.sort(key=lambda c: -_PLAIN_STRENGTH[c & 7] + rng.random() * 3)
    strong_cards = [trump * 8 + r for r in range(8)] + plain[:8]
    weak_cards = plain[8:]
    rng.shuffle(strong_cards)
    rng.shuffle(weak_cards)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        source = strong_cards if seat % 2 == strong else weak_cards
        hands[seat] = sum(1 << c for c in (source[:8] if seat < 2 else source[8:]))
    deal = random_playout(
        rng, rules, dealer=rng.randrange(4), hands=hands, trump=trump, policy=_play_to_win(strong)
    )
    return deal if all(winner % 2 == strong for winner in deal.winners) else None


_PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)  # natural rank -> plain order strength (A high)


def _play_to_win(strong: int) -> Policy:
    """The strong pair leads its strongest card and otherwise takes the trick when it can."""

    def policy(rng: random.Random, seat: int, legal: int, trick: Sequence[int], trump: int) -> int:
        cards = [c for c in range(32) if legal >> c & 1]
        if seat % 2 != strong:
            return rng.choice(cards)
        if not trick:
            return max(cards, key=lambda c: (c >> 3 == trump, _PLAIN_STRENGTH[c & 7]))
        position = len(trick)
        winning = [c for c in cards if (winner_index([*trick, c], trump) - position) % 2 == 0]
        return rng.choice(winning or cards)

    return policy


# --- realism ---------------------------------------------------------------------------------

#: The roem one trick can hold: runs, stuk, both, four of a kind.
TRICK_ROEM_VALUES = frozenset({20, 40, 50, 70, 100, 200})
#: The four richest cards (J and 9 of trumps and two aces: 56), from the core's point tables.
MOST_POINTS_IN_A_TRICK = sum(
    sorted([*TRUMP_POINTS.values(), *(list(PLAIN_POINTS.values()) * 3)])[-4:]
)
STUK = 20


def realism_problems(content: NatContent, rules: RuleSet) -> list[str]:
    if content.tricks is not None:
        return _replay_problems(content, rules)
    if content.trick_table is not None:
        return _table_problems(content.trick_table, rules)
    assert content.summary is not None
    return _summary_problems(content.summary, rules)


def _summary_problems(summary: Summary, rules: RuleSet) -> list[str]:
    if summary.tricks_won is None or summary.last_trick is None:
        return ["a puzzle's summary shows the tricks won and who won the last trick"]
    tricks_won, card_points = summary.tricks_won, summary.card_points
    problems: list[str] = []
    for key, sides in (("roem", summary.roem), ("undeclared_roem", summary.undeclared_roem)):
        for pair, pieces in enumerate(sides):
            problems.extend(
                f"{key} {piece} for pair {pair} is not roem one trick can hold"
                for piece in pieces
                if piece not in TRICK_ROEM_VALUES
            )
    extra = 1 if rules.stuk_from_hand else 0  # stuk from hand needs no trick of one's own
    for pair in (0, 1):
        count = len(summary.roem[pair]) + len(summary.undeclared_roem[pair])
        if count > tricks_won[pair] + extra:
            problems.append(f"pair {pair} has {count} pieces of roem in {tricks_won[pair]} tricks")
        if tricks_won[pair] == 0 and card_points[pair]:
            problems.append(f"pair {pair} took no trick but has {card_points[pair]} card points")
    last = summary.last_trick
    if tricks_won[last] == 0 or card_points[last] < 10:
        problems.append(f"last_trick {last!r} does not fit the tricks and points won")
    return problems


def _table_problems(rows: Sequence[TableRow], rules: RuleSet) -> list[str]:
    problems = []
    for number, row in enumerate(rows, start=1):
        bonus = LAST_TRICK_BONUS if number == 8 else 0
        if not bonus <= row.points <= MOST_POINTS_IN_A_TRICK + bonus:
            problems.append(f"trick {number} cannot be worth {row.points} points")
        for pair, roem in enumerate(row.roem):
            if pair != row.pair and roem and not (rules.stuk_from_hand and roem == STUK):
                problems.append(f"trick {number} gives {roem} roem to the pair that lost it")
            elif roem and roem not in TRICK_ROEM_VALUES:
                problems.append(f"trick {number} cannot hold {roem} roem")
    if sum(row.points for row in rows) != 162:
        problems.append("the trick points do not add up to 162")
    return problems


def _replay_problems(content: NatContent, rules: RuleSet) -> list[str]:
    """Rebuild each seat's hand from the cards it played and replay the deal strictly."""
    assert content.tricks is not None and content.trump is not None
    hands: list[list[Card]] = [[], [], [], []]
    for leader, cards in content.tricks:
        for position, card in enumerate(cards):
            hands[(leader + position) % 4].append(card)
    try:
        first = content.tricks[0][0]
        deal = Deal(hands, Seat((first - 1) % 4), rules.with_variants(compulsory=False))
        deal.name_trumps(content.trump)
        for leader, cards in content.tricks:
            if leader != deal.to_move:
                return [f"a trick is led by seat {int(leader)} instead of {int(deal.to_move)}"]
            for card in cards:
                deal.play(card)
    except KlaverjasError as error:
        return [f"the tricks are not a legal deal: {error}"]
    return []


GENERATOR = PuzzleGenerator(
    "is-nat",
    "nat",
    (*TRAPS, R.SCORE_REVOKE),
    generate,
    realism_problems,
    earlier=((1, generate_v1), (2, generate_v2)),
)
