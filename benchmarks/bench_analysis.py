"""'Show the analysis': the CPU time to weigh one played deal (every card the learner chose,
against each card they could have played, on `ANALYSIS_SAMPLES` sampled deals of the unseen
cards), and how stable its verdicts are when other samples are drawn.

The learner is played by the basic computer player (its cards are a beginner's, with real
choices and mistakes). Reported: CPU seconds per deal (median, p95, max; target p95 <= 3 s),
the same figures as a ratio to a reference timed in the same run (one whole computer-only deal
of four strong players, which makes about as many sampled play-outs per decision), and, over
all choices, how often a second analysis with other samples names the same best card and the
mean change of a deal's luck-free figure.

    python benchmarks/bench_analysis.py [--deals 200] [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from klaverjas_core import Seat
from klaverjas_core.cards import mask_of
from klaverjas_table import LEARNER, BasicPlayer, StrongPlayer, TableGame
from klaverjas_table.analysis import ANALYSIS_SAMPLES, analyse_deal
from klaverjas_table.simulate import play_deal, view_of


def learner_deal(seed: int, rules: str) -> TableGame:
    """Deal 0 of match `seed`, the learner's cards chosen by the basic player."""
    game = TableGame.new(seed=seed, rules=rules)
    player, rng = BasicPlayer(), random.Random(seed)
    while game.phase not in ("score", "over"):
        if game.phase == "call":
            game.call("♥" if game.must_name else "pass")
        elif game.phase == "trick":
            game.turn_trick()
        else:
            legal = mask_of(game.legal_cards().cards)
            index = player.play(view_of(game.deal, LEARNER), legal, rng)
            game.play(next(card for card in game.legal_cards() if card.index == index))
    return game


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    options = parser.parse_args()
    deals = 4 if options.quick else options.deals
    games = [learner_deal(seed, ("amsterdam", "rotterdam")[seed % 2]) for seed in range(deals)]
    seconds, reference, same, moved, choices = [], [], 0, [], 0
    strong = [StrongPlayer()] * 4
    for index, game in enumerate(games):
        started = time.process_time()
        first = analyse_deal(game, 0)
        seconds.append(time.process_time() - started)
        started = time.process_time()
        play_deal(10_000 + index, game.rules, strong, Seat.NORTH)
        reference.append(time.process_time() - started)
        second = analyse_deal(game, 0, salt="/again")
        same += sum(a.best == b.best for a, b in zip(first.choices, second.choices, strict=True))
        choices += len(first.choices)
        moved.append(abs(first.given_away - second.given_away))
    ratios = [a / b for a, b in zip(seconds, reference, strict=True) if b > 0]
    print(f"deals analysed: {len(seconds)} ({choices} card choices, {ANALYSIS_SAMPLES} samples)")
    p95 = percentile(seconds, 0.95)
    print(f"  CPU s per deal: median {statistics.median(seconds):.3f}, p95 {p95:.3f}, "
          f"max {max(seconds):.3f} (target p95 <= 3 s)")  # fmt: skip
    print(f"  reference (a computer-only deal of four strong players): median "
          f"{statistics.median(reference):.3f} s; analysis / reference: median "
          f"{statistics.median(ratios):.2f}, p95 {percentile(ratios, 0.95):.2f}")  # fmt: skip
    if choices:
        print(f"  a second analysis with other samples names the same best card: "
              f"{same / choices:.1%}; the deal's luck-free figure moves by "
              f"{statistics.mean(moved):.1f} points on average")  # fmt: skip


if __name__ == "__main__":
    main()
