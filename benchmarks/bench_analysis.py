"""'Show the analysis': the CPU time to weigh one played deal (every card the learner chose,
against each card they could have played, on sampled deals of the unseen cards), how stable
its verdicts are when other samples are drawn, and that the batch play-out kernel plays what
the one-deal-at-a-time play-out plays.

The learner is played by the basic computer player (its cards are a beginner's, with real
choices and mistakes). Reported, for this checkout and (with ``--before REV``) for an older
commit analysing the same deals in the same run:

- CPU seconds per deal (median, p95, max; target median <= 0.2 s) at the shipped sample
  count, and as a ratio to a reference timed in the same run (one whole computer-only deal of
  four strong players);
- over `--reruns` analyses of each deal with other samples: how often two runs give the same
  verdict (the same card named, or both too close to call: an older commit always names one),
  how often a card one run names is named by the other too, how often they name two different
  cards, and how far a deal's figure (the points given away) moves between two runs;
- the kernel check: on the same sampled deals and random choices, the batch kernel's margins
  equal the reference play-out's, lane by lane (so its verdicts are the same).

    python benchmarks/bench_analysis.py [--deals 40] [--reruns 4] [--before HEAD] [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# The checkout whose packages are measured (another one: `before`'s older commit).
sys.path.insert(0, os.environ.get("KLAVERJAS_BENCH_ROOT") or str(Path(__file__).parent.parent))

from klaverjas_core import Seat
from klaverjas_core.cards import mask_of
from klaverjas_table import LEARNER, BasicPlayer, StrongPlayer, TableGame
from klaverjas_table.analysis import ANALYSIS_SAMPLES, analyse_deal
from klaverjas_table.simulate import play_deal, view_of

HERE = Path(__file__).resolve().parent
SALTS = ("", "/again", "/third", "/fourth", "/fifth", "/sixth")


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


def measure(deals: int, reruns: int, first_seed: int) -> dict[str, Any]:
    """Analyse each deal `reruns` times with other samples: CPU per analysis, the verdicts
    (the card named, or None) and the figures. Uses only what every version offers
    (`analyse_deal`, `best`, `given_away`), so an older checkout runs it too."""
    games = [learner_deal(seed, ("amsterdam", "rotterdam")[seed % 2])
             for seed in range(first_seed, first_seed + deals)]  # fmt: skip
    seconds, reference, runs = [], [], []
    strong = [StrongPlayer()] * 4
    for salt in SALTS[:reruns]:
        verdicts, figures = [], []
        for index, game in enumerate(games):
            started = time.process_time()
            analysis = analyse_deal(game, 0, salt=salt)
            seconds.append(time.process_time() - started)
            if not salt:  # the reference, once per deal, between the analyses
                started = time.process_time()
                play_deal(10_000 + index, game.rules, strong, Seat.NORTH)
                reference.append(time.process_time() - started)
            verdicts.append([None if c.best is None else str(c.best) for c in analysis.choices])
            figures.append(float(analysis.given_away))
        runs.append({"verdicts": verdicts, "figures": figures})
    return {"seconds": seconds, "reference": reference, "runs": runs, "samples": ANALYSIS_SAMPLES}


def summary(name: str, found: dict[str, Any]) -> None:
    seconds, reference, runs = found["seconds"], found["reference"], found["runs"]
    choices = sum(len(v) for v in runs[0]["verdicts"])
    per_deal = len(runs[0]["verdicts"])
    ratios = [s / reference[i % per_deal] for i, s in enumerate(seconds) if reference[i % per_deal]]
    print(f"{name}: {per_deal} deals, {choices} card choices, {len(runs)} analyses each "
          f"(at most {found['samples']} sampled deals per choice)")  # fmt: skip
    print(f"  CPU s per deal: median {statistics.median(seconds):.3f}, "
          f"p95 {percentile(seconds, 0.95):.3f}, max {max(seconds):.3f} (target median <= 0.2 s); "
          f"/ reference deal: median {statistics.median(ratios):.2f}")  # fmt: skip
    same = named = named_again = other_card = pairs = 0
    moved = []
    for first, second in itertools.combinations(runs, 2):
        moved += [abs(a - b) for a, b in zip(first["figures"], second["figures"], strict=True)]
        for one, two in zip(first["verdicts"], second["verdicts"], strict=True):
            for a, b in zip(one, two, strict=True):
                pairs += 1
                same += a == b
                for x, y in ((a, b), (b, a)):
                    if x is not None:
                        named += 1
                        named_again += y == x
                        other_card += y is not None and y != x
    named_share = sum(v is not None for run in runs for deal in run["verdicts"] for v in deal)
    print(f"  a card named in {named_share / (choices * len(runs)):.0%} of the choices; "
          f"two runs with other samples give the same verdict in {same / pairs:.1%} "
          f"({pairs} pairs of choices)")  # fmt: skip
    if named:
        print(f"  a card one run names, the other names too: {named_again / named:.1%}; "
              f"names another card: {other_card / named:.1%}")  # fmt: skip
    print(f"  a deal's figure moves between two runs by {statistics.mean(moved):.1f} points on "
          f"average (median {statistics.median(moved):.0f}, p95 {percentile(moved, 0.95):.0f}, "
          f"max {max(moved):.0f})")  # fmt: skip


def kernel_check(positions: int) -> None:
    """The batch kernel against the reference play-out on the same samples (this checkout)."""
    import numpy as np  # noqa: PLC0415 - the older checkout has no kernel

    from klaverjas_table.batch import Draws, Start, play_outs  # noqa: PLC0415
    from klaverjas_table.players import (  # noqa: PLC0415
        _past_totals,
        _play_out,
        _sample_hands,
        _voids,
        cards_of,
    )
    from klaverjas_table.table import dealt, replay_calls  # noqa: PLC0415

    lanes = same = 0
    reference = batch = 0.0
    for seed in itertools.count():
        game = learner_deal(seed, ("amsterdam", "rotterdam")[seed % 2])
        deal = dealt(game.seed, 0, game.rules, game.first_dealer)
        replay_calls(deal, game.records[0].calls)
        for card in game.records[0].cards:
            view, legal = view_of(deal, deal.to_move), mask_of(deal.legal_cards().cards)
            deal.play(card)
            cards = cards_of(legal)
            if len(cards) < 2:
                continue
            rng = random.Random(f"kernel/{seed}/{len(deal.tricks)}")
            voids = _voids(view)
            worlds = [(_sample_hands(view, voids, rng), rng.getrandbits(32)) for _ in range(64)]
            past = _past_totals(view)
            started = time.process_time()
            expected = [
                _play_out(view, h, c, past, random.Random(s)) for h, s in worlds for c in cards
            ]
            reference += time.process_time() - started
            start = Start(view.seat, view.leader, view.trick, len(view.history), view.trump,
                          view.rules, view.choosers, tuple(tuple(p) for p in past))  # type: ignore[arg-type]  # fmt: skip
            started = time.process_time()
            out = play_outs(
                start, np.array([h for h, _ in worlds for _ in cards], dtype=np.uint32),
                np.array(cards * len(worlds)), Draws.from_seeds([s for _, s in worlds]),
                np.repeat(np.arange(len(worlds)), len(cards)),
            )  # fmt: skip
            batch += time.process_time() - started
            lanes += len(expected)
            same += sum(a == b for a, b in zip(out.margin.tolist(), expected, strict=True))
            positions -= 1
            if positions == 0:
                print(f"kernel check: {same} of {lanes} play-outs give the reference's margin "
                      f"exactly; CPU {reference:.2f} s (reference) / {batch:.2f} s (batch) = "
                      f"{reference / batch:.0f}x")  # fmt: skip
                return


def before(revision: str, deals: int, reruns: int, first_seed: int) -> dict[str, Any]:
    """`measure` on an older commit's klaverjas_* packages (git archive, read-only)."""
    folder = Path(tempfile.mkdtemp(prefix="kj-analysis-before-"))
    archive = subprocess.run(["git", "archive", revision, "klaverjas_core", "klaverjas_table"],
                             cwd=HERE.parent, check=True, capture_output=True).stdout  # fmt: skip
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    code = (f"import sys, json; sys.path[:0] = [{str(HERE)!r}]; "
            f"import bench_analysis as b, klaverjas_table.analysis as a; "
            f"assert a.__file__.startswith({str(folder)!r}), a.__file__; "
            f"print(json.dumps(b.measure({deals}, {reruns}, {first_seed})))")  # fmt: skip
    env = {**os.environ, "PYTHONPATH": "", "KLAVERJAS_BENCH_ROOT": str(folder)}
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                          env=env, cwd=folder)  # fmt: skip
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--reruns", type=int, default=4, help="analyses of each deal (2-6)")
    parser.add_argument("--first-seed", type=int, default=5000)
    parser.add_argument("--before", help="also measure this older commit (e.g. HEAD)")
    parser.add_argument("--kernel-positions", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    options = parser.parse_args()
    if options.quick:
        options.deals, options.reruns, options.kernel_positions = 3, 2, 10
    reruns = max(2, min(len(SALTS), options.reruns))
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if options.before:
        summary(f"before ({options.before})",
                before(options.before, options.deals, reruns, options.first_seed))  # fmt: skip
    summary("now", measure(options.deals, reruns, options.first_seed))
    kernel_check(options.kernel_positions)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
