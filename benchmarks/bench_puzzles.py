"""Generation time per puzzle for every (kind, rule, rule set), with the share of distinct ids.

Run: ``python benchmarks/bench_puzzles.py`` (``--count 100`` for a quicker run). Each generator
makes `count` puzzles with seeds 0.. and levels 1-3 in turn; the time is per puzzle, the
distinct share is over its ids. Target: p99 under 20 ms for every generator.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzles import generate, generator_keys

TARGET_P99_MS = 20.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--markdown", type=Path, help="also write the table here")
    args = parser.parse_args()
    rows = ["| kind | rule | rules | median ms | p99 ms | distinct |", "|---|---|---|---|---|---|"]
    slow = 0
    for kind, rule, rules in generator_keys():
        times = []
        ids = set()
        for seed in range(args.count):
            start = time.perf_counter()
            puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
            times.append((time.perf_counter() - start) * 1000)
            ids.add(puzzle.id)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        slow += p99 >= TARGET_P99_MS
        row = (
            f"| {kind} | {rule.value} | {rules.name} | {statistics.median(times):.2f} "
            f"| {p99:.2f} | {100 * len(ids) / args.count:.1f} % |"
        )
        rows.append(row)
        print(row, flush=True)
    print(f"{len(rows) - 2} generators, {slow} with p99 at or over {TARGET_P99_MS:.0f} ms")
    if args.markdown:
        args.markdown.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
