"""Is this nat? A finished deal, really played, with the choosers named: nat or not, and what
each pair writes. Shown as a per-pair summary (levels 1-2) or as the eight tricks (level 3)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from klaverjas_core import (
    DECK,
    Card,
    Deal,
    KlaverjasError,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    score_deal,
    score_summary,
)
from klaverjas_core.cards import PLAIN_POINTS, TRUMP_POINTS
from klaverjas_core.playout import PlayedDeal, Policy, random_playout
from klaverjas_core.tricks import points_of, winner_index
from puzzles.content import GenerationError, cards_at, text_at
from puzzles.model import JSON
from puzzles.solution import Solution

R = RuleId
SEARCH_DEALS = 120  # deals searched for a wanted trap before settling for a plain case
MAX_ATTEMPTS = 400


# --- solving ---------------------------------------------------------------------------------


def solve(content: Mapping[str, JSON], rules: RuleSet) -> Solution:
    choosers = content.get("choosers")
    if choosers not in (0, 1):
        raise ValueError(f"`choosers` must be pair 0 or 1, got {choosers!r}")
    if "tricks" in content:
        score = score_deal(
            _tricks(content), Suit.parse(text_at(content, "trump")), choosers, rules,
            declared=_declared(content),
        )  # fmt: skip
        undeclared = sum(item.rule is R.ROEM_DECLARE for item in score.ledger)
    else:
        card_points, roem, undeclared_roem, tricks_won = _per_pair(content)
        score = score_summary(
            card_points, roem, choosers, tricks_won=tricks_won,
            undeclared_roem=sum(undeclared_roem),
        )  # fmt: skip
        undeclared = sum(undeclared_roem)
    decisive = {R.SCORE_NAT if score.nat else R.SCORE_MADE}
    if any(item.rule is R.SCORE_PIT for item in score.ledger):
        decisive.add(R.SCORE_PIT)
    if undeclared:
        decisive.add(R.ROEM_DECLARE)
    tags = tuple(
        r for r in (R.SCORE_NAT, R.SCORE_MADE, R.SCORE_PIT, R.ROEM_DECLARE) if r in decisive
    )
    return Solution(
        answer={"nat": score.nat, "points": [score.points[0], score.points[1]]},
        tags=tags,
        explanation=score.explain(),
        decisive=frozenset(decisive),
    )


_TAG_ORDER = (R.SCORE_NAT, R.SCORE_MADE, R.SCORE_PIT, R.ROEM_DECLARE)


def _tricks(content: Mapping[str, JSON]) -> list[tuple[int, Sequence[Card] | str]]:
    raw = content.get("tricks")
    if not isinstance(raw, list) or len(raw) != 8:
        raise ValueError("`tricks` must be 8 entries [leader_seat, [four cards]]")
    tricks: list[tuple[int, Sequence[Card] | str]] = []
    for entry in raw:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)):
            raise ValueError(f"a trick must be [leader_seat, [four cards]], got {entry!r}")
        tricks.append((entry[0], list(cards_at({"cards": entry[1]}, "cards"))))
    return tricks


def _declared(content: Mapping[str, JSON]) -> frozenset[int] | None:
    raw = content.get("declared")
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(n, int) and 0 <= n < 8 for n in raw):
        raise ValueError(f"`declared` must list trick numbers 0-7, got {raw!r}")
    return frozenset(n for n in raw if isinstance(n, int))


def _per_pair(
    content: Mapping[str, JSON],
) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Card points, declared roem, undeclared roem and tricks won, from either summary form."""
    table = content.get("trick_table")
    if table is None:
        summary = content.get("summary")
        if not isinstance(summary, dict):
            raise ValueError("an is-nat puzzle needs `tricks`, a `trick_table` or a `summary`")
        return (
            _pair(summary, "card_points"),
            _pair_of_sums(summary, "roem"),
            _pair_of_sums(summary, "undeclared_roem"),
            _pair(summary, "tricks_won"),
        )
    if not isinstance(table, list) or len(table) != 8:
        raise ValueError("`trick_table` must have 8 rows")
    sums = {"points": [0, 0], "declared": [0, 0], "undeclared": [0, 0], "won": [0, 0]}
    for number, row in enumerate(table, start=1):
        if not isinstance(row, dict):
            raise ValueError(f"trick_table row {number} must be an object")
        pair, points, roem = row.get("pair"), row.get("points"), row.get("roem")
        if pair not in (0, 1) or not isinstance(points, int) or not isinstance(roem, int):
            raise ValueError(f"trick_table row {number} needs pair 0/1, points and roem: {row!r}")
        assert isinstance(pair, int)
        sums["points"][pair] += points
        sums["declared" if row.get("declared", True) is True else "undeclared"][pair] += roem
        sums["won"][pair] += 1
    pairs = tuple((values[0], values[1]) for values in sums.values())
    return pairs[0], pairs[1], pairs[2], pairs[3]


def _roem_lists(summary: Mapping[str, JSON], key: str) -> tuple[list[int], list[int]]:
    """Roem per pair as lists of pieces, one per trick: ``[[20, 50], []]``."""
    value = summary.get(key)
    if not (isinstance(value, list) and len(value) == 2):
        raise ValueError(f"summary `{key}` must be two lists of roem, got {value!r}")
    lists = []
    for pieces in value:
        if not (isinstance(pieces, list) and all(isinstance(p, int) for p in pieces)):
            raise ValueError(f"summary `{key}` must be two lists of roem, got {value!r}")
        lists.append([p for p in pieces if isinstance(p, int)])
    return lists[0], lists[1]


def _pair_of_sums(summary: Mapping[str, JSON], key: str) -> tuple[int, int]:
    first, second = _roem_lists(summary, key)
    return sum(first), sum(second)


def _pair(summary: Mapping[str, JSON], key: str) -> tuple[int, int]:
    value = summary.get(key)
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise ValueError(f"summary `{key}` must be two whole numbers, got {value!r}")
    first, second = value
    assert isinstance(first, int) and isinstance(second, int)
    return first, second


# --- generating ------------------------------------------------------------------------------


ALL_TRICKS = frozenset(range(8))


@dataclass(frozen=True, slots=True)
class Facts:
    """A played deal seen from one choice of choosers and declared roem, in plain numbers."""

    deal: PlayedDeal
    choosers: int
    declared: frozenset[int]

    def roem(self, declared: frozenset[int] | None = None) -> list[int]:
        tricks = self.declared if declared is None else declared
        roem = [0, 0]
        for number, (winner, value) in enumerate(
            zip(self.deal.winners, self.deal.trick_roem, strict=True)
        ):
            if number in tricks:
                roem[winner % 2] += value
        return roem

    def totals(self, declared: frozenset[int] | None = None) -> list[int]:
        roem = self.roem(declared)
        pit = [100 if won == 8 else 0 for won in self.deal.tricks_won]
        return [self.deal.card_points[p] + roem[p] + pit[p] for p in (0, 1)]

    def nat(self, declared: frozenset[int] | None = None) -> bool:
        totals = self.totals(declared)
        return totals[self.choosers] <= totals[1 - self.choosers]

    @property
    def undeclared(self) -> int:
        return sum(self.roem(ALL_TRICKS)) - sum(self.roem())

    def decides(self, target: RuleId) -> bool:
        if target is R.SCORE_NAT:
            return self.nat()
        if target is R.SCORE_MADE:
            return not self.nat()
        if target is R.SCORE_PIT:
            return 8 in self.deal.tricks_won
        return self.undeclared > 0


Trap = Callable[[Facts], bool]


def _tie(f: Facts) -> bool:
    totals = f.totals()
    return totals[0] == totals[1]


def _roem_flips(f: Facts) -> bool:
    cards = f.deal.card_points
    more_cards = cards[f.choosers] > cards[1 - f.choosers]
    return f.roem() != [0, 0] and more_cards == f.nat()


def _eighty_two_loses(f: Facts) -> bool:
    return 82 <= f.deal.card_points[f.choosers] <= 90 and f.nat()


def _defenders_roem(f: Facts) -> bool:
    return f.roem()[1 - f.choosers] > 0 and f.nat()


def _narrow(f: Facts) -> bool:
    totals = f.totals()
    return 0 < totals[f.choosers] - totals[1 - f.choosers] <= 10


def _undeclared_flips(f: Facts) -> bool:
    return f.nat(ALL_TRICKS) != f.nat()


def _any(f: Facts) -> bool:
    return True


#: The traps each target is drawn from (one chosen at random per puzzle).
TRAPS: dict[RuleId, tuple[Trap, ...]] = {
    R.SCORE_NAT: (_tie, _roem_flips, _eighty_two_loses, _defenders_roem, _any),
    R.SCORE_MADE: (_roem_flips, _narrow, _any),
    R.SCORE_PIT: (_any,),
    R.ROEM_DECLARE: (_undeclared_flips, _any),
}


def generate(target: RuleId, rules: RuleSet, level: int, rng: random.Random) -> dict[str, JSON]:
    """Search real deals for one that turns on `target`, preferring the chosen trap."""
    trap = rng.choice(TRAPS[target])
    fallback: Facts | None = None
    for attempt in range(MAX_ATTEMPTS):
        deal = _pit_deal(rng, rules) if target is R.SCORE_PIT else random_playout(rng, rules)
        if deal is None:
            continue
        for choosers in rng.sample((0, 1), 2):
            facts = Facts(deal, choosers, _declare(rng, deal, target, level))
            if not facts.decides(target):
                continue
            if trap(facts):
                return _checked(facts, target, level, rules)
            fallback = fallback or facts
        if fallback is not None and attempt >= SEARCH_DEALS:
            return _checked(fallback, target, level, rules)
    raise GenerationError(f"no is-nat puzzle for {target.value} in {MAX_ATTEMPTS} deals")


def _checked(facts: Facts, target: RuleId, level: int, rules: RuleSet) -> dict[str, JSON]:
    """The content, after the core confirms that the answer turns on the target."""
    content = _content(facts, level)
    if target not in solve(content, rules).decisive:
        raise GenerationError(f"the core disagrees that {content} turns on {target.value}")
    return content


def _content(facts: Facts, level: int) -> dict[str, JSON]:
    deal = facts.deal
    if level == 3:
        content: dict[str, JSON] = {
            "choosers": facts.choosers,
            "trump": Suit(deal.trump).symbol,
            "tricks": [[leader, [str(DECK[c]) for c in cards]] for leader, cards in deal.tricks],
        }
        if len(facts.declared) < 8:
            content["declared"] = list[JSON](sorted(facts.declared))
        return content
    if level == 2 or 8 in deal.tricks_won:
        # Trick by trick: who won it, its points (the last with its 10) and its roem.
        rows: list[JSON] = []
        for number in range(8):
            points = _trick_points(deal, number) + (10 if number == 7 else 0)
            rows.append({
                "pair": deal.winners[number] % 2,
                "points": points,
                "roem": deal.trick_roem[number],
                "declared": number in facts.declared,
            })  # fmt: skip
        return {"choosers": facts.choosers, "trick_table": rows}
    declared: list[list[JSON]] = [[], []]
    forgotten: list[list[JSON]] = [[], []]
    for number, (winner, value) in enumerate(zip(deal.winners, deal.trick_roem, strict=True)):
        if value:
            (declared if number in facts.declared else forgotten)[winner % 2].append(value)
    return {
        "choosers": facts.choosers,
        "summary": {
            "card_points": _json_pair(deal.card_points),
            "last_trick": deal.winners[7] % 2,
            "roem": [declared[0], declared[1]],
            "undeclared_roem": [forgotten[0], forgotten[1]],
            "tricks_won": _json_pair(deal.tricks_won),
        },
    }


def _json_pair(values: Sequence[int]) -> list[JSON]:
    return [values[0], values[1]]


def _trick_points(deal: PlayedDeal, number: int) -> int:
    return points_of(deal.tricks[number][1], deal.trump)


def _declare(rng: random.Random, deal: PlayedDeal, target: RuleId, level: int) -> frozenset[int]:
    """All roem declared, except for the roem.declare target (and now and then at level 2+)."""
    with_roem = [number for number, value in enumerate(deal.trick_roem) if value]
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
    return deal if deal.tricks_won[strong] == 8 else None


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


def realism_problems(content: Mapping[str, JSON], rules: RuleSet) -> list[str]:
    if "tricks" in content:
        return _replay_problems(content, rules)
    card_points, _, _, tricks_won = _per_pair(content)
    problems = []
    if "trick_table" in content:
        problems.extend(_table_problems(content))
    else:
        summary = content["summary"]
        assert isinstance(summary, dict)
        for key in ("roem", "undeclared_roem"):
            for pair, pieces in enumerate(_roem_lists(summary, key)):
                problems.extend(
                    f"{key} {piece} for pair {pair} is not roem one trick can hold"
                    for piece in pieces
                    if piece not in TRICK_ROEM_VALUES
                )
        for pair in (0, 1):
            count = sum(len(_roem_lists(summary, key)[pair]) for key in ("roem", "undeclared_roem"))
            if count > tricks_won[pair]:
                problems.append(
                    f"pair {pair} has {count} pieces of roem in {tricks_won[pair]} tricks"
                )
        last = summary.get("last_trick")
        if last not in (0, 1) or tricks_won[last] == 0 or card_points[last] < 10:
            problems.append(f"last_trick {last!r} does not fit the tricks and points won")
    for pair in (0, 1):
        if tricks_won[pair] == 0 and card_points[pair]:
            problems.append(f"pair {pair} took no trick but has {card_points[pair]} card points")
    return problems


def _table_problems(content: Mapping[str, JSON]) -> list[str]:
    table = content["trick_table"]
    assert isinstance(table, list)
    problems = []
    for number, row in enumerate(table, start=1):
        assert isinstance(row, dict)
        points, roem = row["points"], row["roem"]
        assert isinstance(points, int) and isinstance(roem, int)
        bonus = 10 if number == 8 else 0
        if not bonus <= points <= MOST_POINTS_IN_A_TRICK + bonus:
            problems.append(f"trick {number} cannot be worth {points} points")
        if roem and roem not in TRICK_ROEM_VALUES:
            problems.append(f"trick {number} cannot hold {roem} roem")
    if sum(_per_pair(content)[0]) != 162:
        problems.append("the trick points do not add up to 162")
    return problems


def _replay_problems(content: Mapping[str, JSON], rules: RuleSet) -> list[str]:
    """Rebuild each seat's hand from the cards it played and replay the deal strictly."""
    tricks = _tricks(content)
    hands: list[list[Card]] = [[], [], [], []]
    for leader, cards in tricks:
        for position, card in enumerate(cards_at({"c": list(map(str, cards))}, "c")):
            hands[(leader + position) % 4].append(card)
    try:
        deal = Deal(hands, Seat((tricks[0][0] - 1) % 4), rules.with_variants(compulsory=False))
        deal.name_trumps(Suit.parse(text_at(content, "trump")))
        for leader, cards in tricks:
            if leader != deal.to_move:
                return [f"a trick is led by seat {leader} instead of seat {int(deal.to_move)}"]
            for card in cards_at({"c": list(map(str, cards))}, "c"):
                deal.play(card)
    except KlaverjasError as error:
        return [f"the tricks are not a legal deal: {error}"]
    return []
