"""Speed of the rules core, measured on positions and deals recorded from random play-outs.

Run: ``python benchmarks/bench_core.py`` (``--quick`` for a smoke run). Figures are the median
of several repeats; the slow reference implementation from the tests runs beside the fast one.

Legal-card sets are timed three ways on the same positions: the integer cascade `decide`; the
public API on positions validated once (``Position.legal_cards()``, the target: within 2x of
`decide`); and the one-shot ``legal_cards(hand, trick, trump, rules)``, which reads and
validates its arguments on every call. The ratios to `decide` are printed too.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from klaverjas_core import (  # noqa: E402
    AMSTERDAM,
    DECK,
    ROTTERDAM,
    Position,
    Suit,
    legal_cards,
    score_deal,
)
from klaverjas_core.legality import decide  # noqa: E402
from klaverjas_core.playout import PlayedDeal, PositionRecord, random_playout  # noqa: E402
from tests.reference_rules import reference_legal, reference_score  # noqa: E402


def rate(work: Callable[[], int], repeats: int) -> float:
    """Items per second: the median over `repeats` runs of `work`, which returns its count."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        count = work()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4000, help="play-outs to record per rule set")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.repeats = 200, 2

    rng = random.Random(2026)
    positions: list[tuple[PositionRecord, bool]] = []
    deals: list[PlayedDeal] = []
    for rules in (AMSTERDAM, ROTTERDAM):
        for _ in range(args.deals):
            records: list[PositionRecord] = []
            deals.append(random_playout(rng, rules, dealer=rng.randrange(4), positions=records))
            positions.extend((record, rules.partner_exemption) for record in records)

    fast_args = [(r.hand, r.trick, r.trump, exempt) for r, exempt in positions]
    as_cards = [
        (
            [card for card in DECK if r.hand & card.bit],
            [DECK[i] for i in r.trick],
            Suit(r.trump),
            AMSTERDAM if exempt else ROTTERDAM,
        )
        for r, exempt in positions
    ]
    slow_sample = as_cards[: len(as_cards) // 4]
    validated = [
        Position(trump, tuple(trick), tuple(hand), rules) for hand, trick, trump, rules in as_cards
    ]

    def fast_legal() -> int:
        for hand, trick, trump, exempt in fast_args:
            decide(hand, trick, trump, exempt)
        return len(fast_args)

    def public_legal() -> int:
        for position in validated:
            position.legal_cards()
        return len(validated)

    def one_shot_legal() -> int:
        for hand, trick, trump, rules in as_cards:
            legal_cards(hand, trick, trump, rules)
        return len(as_cards)

    def reference_legality() -> int:
        for hand, trick, trump, rules in slow_sample:
            reference_legal(hand, trick, trump, rotterdam=not rules.partner_exemption)
        return len(slow_sample)

    recorded = [
        ([(leader, [DECK[i] for i in cards]) for leader, cards in d.tricks], Suit(d.trump), d)
        for d in deals
    ]

    def scored_deals() -> int:
        for tricks, trump, deal in recorded:
            score_deal(tricks, trump, deal.choosers)
        return len(recorded)

    def reference_deals() -> int:
        for tricks, trump, deal in recorded:
            reference_score(tricks, trump, deal.choosers)
        return len(recorded)

    def playouts() -> int:
        playout_rng = random.Random(1)
        count = len(deals) // 2
        for _ in range(count):
            random_playout(playout_rng).score()  # scored by score_deal, as puzzles use it
        return count

    # The three legal-card timings alternate, so a busy spell slows each of them alike.
    fast, public, one_shot = [], [], []
    for _ in range(args.repeats):
        fast.append(rate(fast_legal, 1))
        public.append(rate(public_legal, 1))
        one_shot.append(rate(one_shot_legal, 1))
    figures: dict[str, float] = {
        "positions": len(positions),
        "deals": len(deals),
        "legal_sets_per_s_fast": statistics.median(fast),
        "legal_sets_per_s_public_api": statistics.median(public),
        "legal_sets_per_s_one_shot": statistics.median(one_shot),
        "legal_sets_per_s_reference": rate(reference_legality, max(1, args.repeats // 2)),
        "scored_deals_per_s": rate(scored_deals, args.repeats),
        "scored_deals_per_s_reference": rate(reference_deals, max(1, args.repeats // 2)),
        "random_playouts_per_s": rate(playouts, args.repeats),
    }
    # Time per call as a multiple of `decide`'s, each repeat's own pair, then the median.
    figures["public_api_over_decide"] = statistics.median(
        f / p for f, p in zip(fast, public, strict=True)
    )
    figures["one_shot_over_decide"] = statistics.median(
        f / o for f, o in zip(fast, one_shot, strict=True)
    )
    width = max(len(name) for name in figures)
    for name, value in figures.items():
        shown = f"{value:>14.2f}" if name.endswith("_over_decide") else f"{value:>14,.0f}"
        print(f"{name:<{width}}  {shown}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
