"""The computer players at the table: time per decision (median and 99th percentile, CPU time,
so a busy machine's waiting is not counted), whole computer-only deals per second, and the
stronger level's results against the basic one on mirrored deals (the same cards with the
pairs swapped, so the luck of the deal cancels out).

Run: ``python benchmarks/bench_table.py`` (``--quick`` for a smoke run); targets: a decision
under 100 ms at p99, a computer-only deal well under a second, the stronger level winning
clearly more than half of the mirrored deal pairs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from klaverjas_core import AMSTERDAM, Seat  # noqa: E402
from klaverjas_table.players import BasicPlayer, Player, StrongPlayer, View  # noqa: E402
from klaverjas_table.simulate import play_deal  # noqa: E402


class Timed:
    """A player that records the CPU time of each card decision that is a real choice (two
    or more legal cards; with one, every player answers at once)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.times: list[float] = []

    def choose_trump(self, hand: int, *, must_name: bool, rng: object) -> int | None:
        return self.player.choose_trump(hand, must_name=must_name, rng=rng)  # type: ignore[arg-type]

    def play(self, view: View, legal: int, rng: object) -> int:
        start = time.process_time()
        card = self.player.play(view, legal, rng)  # type: ignore[arg-type]
        if legal & (legal - 1):
            self.times.append(time.process_time() - start)
        return card


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def decisions(player: Player, deals: int) -> dict[str, float]:
    timed = Timed(player)
    for seed in range(deals):
        play_deal(seed, AMSTERDAM, [timed] * 4, Seat(seed % 4))  # type: ignore[list-item]
    return {
        "decisions": len(timed.times),
        "median_ms": statistics.median(timed.times) * 1000,
        "p99_ms": percentile(timed.times, 0.99) * 1000,
        "max_ms": max(timed.times) * 1000,
    }


def deals_per_second(players: list[Player], deals: int, repeats: int) -> float:
    rates = []
    for repeat in range(repeats):
        start = time.perf_counter()
        for seed in range(deals):
            play_deal(repeat * deals + seed, AMSTERDAM, players, Seat(seed % 4)).score()
        rates.append(deals / (time.perf_counter() - start))
    return statistics.median(rates)


def mirrored(strong: Player, basic: Player, deals: int) -> dict[str, float]:
    """Each deal twice, the strong pair once N+S and once E+W; a pair of deals is won when the
    strong side wrote more over the two."""
    wins = ties = 0
    balance = 0
    for seed in range(deals):
        dealer = Seat(seed % 4)
        first = play_deal(seed, AMSTERDAM, [strong, basic, strong, basic], dealer).score()
        second = play_deal(seed, AMSTERDAM, [basic, strong, basic, strong], dealer).score()
        gained = first.points[0] + second.points[1]
        lost = first.points[1] + second.points[0]
        balance += gained - lost
        wins += gained > lost
        ties += gained == lost
    return {
        "deal_pairs": deals,
        "strong_wins": wins / deals,
        "ties": ties / deals,
        "points_per_deal": balance / (2 * deals),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200, help="deals for the timings")
    parser.add_argument("--matches", type=int, default=1000, help="mirrored deal pairs")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    if args.quick:
        args.deals, args.matches, args.repeats = 10, 10, 1

    basic, strong = BasicPlayer(), StrongPlayer()
    figures = {
        "basic_decision": decisions(basic, args.deals),
        "strong_decision": decisions(strong, max(1, args.deals // 4)),
        "basic_deals_per_s": deals_per_second([basic] * 4, args.deals, args.repeats),
        "strong_deals_per_s": deals_per_second(
            [strong] * 4, max(1, args.deals // 20), args.repeats
        ),
        "strong_vs_basic": mirrored(strong, basic, args.matches),
    }
    for name, value in figures.items():
        print(f"{name}: {value}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
