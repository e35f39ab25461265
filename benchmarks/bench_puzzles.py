"""CPU time per puzzle for every (kind, rule, rule set) under both cities and every documented
variant, in units of one random play-out timed beside it, with the share of distinct ids, and
the time of a teacher's 40-puzzle set with its printed sheet.

Run: ``python benchmarks/bench_puzzles.py`` (``--count 20`` for a smoke run). Each generator
makes `count` puzzles with seeds 0.. and levels 1-3 in turn; after each puzzle one random
play-out is timed (`random_playout` under Amsterdam, scored: as `bench_core.py` counts them),
and the generator's unit is the median of its play-outs, so a busy machine slows puzzle and unit
alike. Times are the process's CPU time (not wall time, which other processes inflate); the
distinct share is over the ids. ``--cities`` leaves out the variants, ``--kind`` picks kinds.
``--before REV`` measures an older commit first, in a git worktree, and prints both side by
side; ``--repeats N`` alternates the two N times and keeps each figure's median.
Target (issue 33): every generator's p99 within 40 play-outs, since "Next puzzle" pays it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from worktree import ROOT, checkout

TARGET_P99_PLAYOUTS = 40.0
SET_SIZE = 40
FIELDS = ("p50", "p99", "p50_playouts", "p99_playouts", "distinct")


def measure(count: int, cities_only: bool = False, kinds: tuple[str, ...] = ()) -> dict[str, Any]:
    """Run inside the measured checkout (its `puzzles` first on the path)."""
    from klaverjas_core.playout import random_playout  # noqa: PLC0415
    from puzzles import documented_rule_sets, generate, generator_keys  # noqa: PLC0415

    rule_sets = None if cities_only else documented_rule_sets()
    keys = generator_keys() if rule_sets is None else generator_keys(rule_sets)
    keys = [key for key in keys if not kinds or key[0] in kinds]
    playout_rng = random.Random(0)
    generators = {}
    for kind, rule, rules in keys:
        times, units, ids = [], [], set()
        for seed in range(count):
            start = time.process_time()
            puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
            made = time.process_time()
            random_playout(playout_rng).score()
            units.append(time.process_time() - made)
            times.append(made - start)
            ids.add(puzzle.id)
        times.sort()
        unit = statistics.median(units)
        p50, p99 = statistics.median(times), times[min(count - 1, int(count * 0.99))]
        generators[f"{kind} | {rule.value} | {rules.name}"] = {
            "p50": p50 * 1000,
            "p99": p99 * 1000,
            "p50_playouts": p50 / unit,
            "p99_playouts": p99 / unit,
            "distinct": len(ids) / count,
        }
    return {"count": count, "generators": generators, "set": _set_and_sheet()}


def _set_and_sheet() -> dict[str, float]:
    """A 40-puzzle is-nat set (the slowest kind before) and its PDF, in CPU ms."""
    from klaverjas_trainer.app.questions import printed_worksheet  # noqa: PLC0415
    from puzzles import generate  # noqa: PLC0415

    start = time.process_time()
    puzzles = [generate("is-nat", "score.nat", seed=seed, level=2) for seed in range(SET_SIZE)]
    made = time.process_time()
    printed_worksheet(puzzles, subtitle="benchmark")
    return {"set": (made - start) * 1000, "pdf": (time.process_time() - made) * 1000}


def run(root: Path, count: int, cities_only: bool, kinds: tuple[str, ...]) -> dict[str, Any]:
    """`measure` in a fresh interpreter on `root`'s code."""
    script = (
        f"import sys; sys.path[:0] = [{str(root)!r}, {str(Path(__file__).parent)!r}]; "
        f"import json, bench_puzzles; "
        f"print(json.dumps(bench_puzzles.measure({count}, {cities_only!r}, {kinds!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    generators = {
        key: {
            field: statistics.median(run["generators"][key][field] for run in runs)
            for field in FIELDS
        }
        for key in runs[0]["generators"]
    }
    sheet = {
        field: statistics.median(run["set"][field] for run in runs) for field in ("set", "pdf")
    }
    return {"count": runs[0]["count"], "generators": generators, "set": sheet}


def report(now: dict[str, Any], before: dict[str, Any] | None) -> list[str]:
    labels = ("p50 ms", "p99 ms", "p50 play-outs", "p99 play-outs", "distinct")
    then = "" if before is None else " before → now"
    rows = [
        f"| kind | rule | rules | {' | '.join(label + then for label in labels)} |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, figures in now["generators"].items():
        old = None if before is None else before["generators"].get(key)
        cells = [
            _cell(figures[field], None if old is None else old[field], field) for field in FIELDS
        ]
        rows.append(f"| {key} | {' | '.join(cells)} |")
    ranked = sorted(now["generators"].items(), key=lambda item: -item[1]["p99_playouts"])
    slow = [key for key, figures in ranked if figures["p99_playouts"] > TARGET_P99_PLAYOUTS]
    rows.append("")
    rows.append(
        f"{len(ranked)} generators, {len(slow)} with a p99 over {TARGET_P99_PLAYOUTS:.0f} play-outs"
        + (" (a smoke run: of so few puzzles the p99 is the slowest)" if now["count"] < 100 else "")
    )
    worst = "; ".join(f"{key} {figures['p99_playouts']:.1f}" for key, figures in ranked[:3])
    rows.append(f"highest p99 in play-outs: {worst}")
    for field, label in (("set", f"{SET_SIZE}-puzzle is-nat set"), ("pdf", "its worksheet PDF")):
        old_value = None if before is None else before["set"][field]
        rows.append(f"{label}: {_cell(now['set'][field], old_value, 'ms')} ms CPU")
    return rows


def _cell(value: float, old: float | None, field: str) -> str:
    shown = f"{100 * value:.1f} %" if field == "distinct" else f"{value:.2f}"
    if old is None:
        return shown
    previous = f"{100 * old:.1f} %" if field == "distinct" else f"{old:.2f}"
    return f"{previous} → {shown}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--before", metavar="REV", help="also measure this commit, first")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument(
        "--cities", action="store_true", help="only Amsterdam and Rotterdam, no variants"
    )
    parser.add_argument("--kind", action="append", default=[], help="only this kind (repeatable)")
    parser.add_argument("--markdown", type=Path, help="also write the table here")
    args = parser.parse_args()
    now_runs: list[dict[str, Any]] = []
    before_runs: list[dict[str, Any]] = []
    if args.before:
        with checkout(args.before) as old:
            for _ in range(args.repeats):
                before_runs.append(run(old, args.count, args.cities, tuple(args.kind)))
                now_runs.append(run(ROOT, args.count, args.cities, tuple(args.kind)))
    else:
        now_runs = [
            run(ROOT, args.count, args.cities, tuple(args.kind)) for _ in range(args.repeats)
        ]
    now = median_of(now_runs)
    rows = report(now, median_of(before_runs) if before_runs else None)
    print("\n".join(rows))
    if args.markdown:
        args.markdown.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0  # a benchmark reports; a busy machine must not fail a build (see the summary)


if __name__ == "__main__":
    sys.exit(main())
