"""CPU time per puzzle for every (kind, rule, rule set), with the share of distinct ids, and
the time of a teacher's 40-puzzle set with its printed sheet.

Run: ``python benchmarks/bench_puzzles.py`` (``--count 100`` for a quicker run). Each generator
makes `count` puzzles with seeds 0.. and levels 1-3 in turn; the time is the process's CPU
time per puzzle (not wall time, which a busy machine inflates), the distinct share is over its
ids. ``--before REV`` measures an older commit first, in a git worktree, and prints both side by
side; ``--repeats N`` alternates the two N times and keeps each figure's median.
Target: every generator's CPU-time p99 under 5 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from worktree import ROOT, checkout

TARGET_P99_MS = 5.0
SET_SIZE = 40


def measure(count: int) -> dict[str, Any]:
    """Run inside the measured checkout (its `puzzles` first on the path)."""
    from puzzles import generate, generator_keys  # noqa: PLC0415 - the checkout's own

    generators = {}
    for kind, rule, rules in generator_keys():
        times, ids = [], set()
        for seed in range(count):
            start = time.process_time()
            puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
            times.append((time.process_time() - start) * 1000)
            ids.add(puzzle.id)
        times.sort()
        generators[f"{kind} | {rule.value} | {rules.name}"] = {
            "median": statistics.median(times),
            "p99": times[min(len(times) - 1, int(len(times) * 0.99))],
            "distinct": len(ids) / count,
        }
    return {"generators": generators, "set": _set_and_sheet()}


def _set_and_sheet() -> dict[str, float]:
    """A 40-puzzle is-nat set (the slowest kind before) and its PDF, in CPU ms."""
    from klaverjas_trainer.app.questions import printed_worksheet  # noqa: PLC0415
    from puzzles import generate  # noqa: PLC0415

    start = time.process_time()
    puzzles = [generate("is-nat", "score.nat", seed=seed, level=2) for seed in range(SET_SIZE)]
    made = time.process_time()
    printed_worksheet(puzzles, subtitle="benchmark")
    return {"set": (made - start) * 1000, "pdf": (time.process_time() - made) * 1000}


def run(root: Path, count: int) -> dict[str, Any]:
    """`measure` in a fresh interpreter on `root`'s code."""
    script = (
        f"import sys; sys.path[:0] = [{str(root)!r}, {str(Path(__file__).parent)!r}]; "
        f"import json, bench_puzzles; print(json.dumps(bench_puzzles.measure({count})))"
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
            for field in ("median", "p99", "distinct")
        }
        for key in runs[0]["generators"]
    }
    sheet = {
        field: statistics.median(run["set"][field] for run in runs) for field in ("set", "pdf")
    }
    return {"generators": generators, "set": sheet}


def report(now: dict[str, Any], before: dict[str, Any] | None) -> list[str]:
    head = "| kind | rule | rules | median ms | p99 ms | distinct |"
    if before is None:
        rows = [head, "|---|---|---|---|---|---|"]
    else:
        rows = [
            "| kind | rule | rules | median ms before → now | p99 ms before → now "
            "| distinct before → now |",
            "|---|---|---|---|---|---|",
        ]
    for key, figures in now["generators"].items():
        old = None if before is None else before["generators"].get(key)
        cells = [
            _cell(figures[field], None if old is None else old[field], field)
            for field in ("median", "p99", "distinct")
        ]
        rows.append(f"| {key} | {' | '.join(cells)} |")
    slow = [key for key, figures in now["generators"].items() if figures["p99"] >= TARGET_P99_MS]
    rows.append("")
    rows.append(
        f"{len(now['generators'])} generators, {len(slow)} with a CPU p99 at or over "
        f"{TARGET_P99_MS:.0f} ms{': ' + ', '.join(slow) if slow else ''}"
    )
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
    parser.add_argument("--markdown", type=Path, help="also write the table here")
    args = parser.parse_args()
    now_runs: list[dict[str, Any]] = []
    before_runs: list[dict[str, Any]] = []
    if args.before:
        with checkout(args.before) as old:
            for _ in range(args.repeats):
                before_runs.append(run(old, args.count))
                now_runs.append(run(ROOT, args.count))
    else:
        now_runs = [run(ROOT, args.count) for _ in range(args.repeats)]
    now = median_of(now_runs)
    rows = report(now, median_of(before_runs) if before_runs else None)
    print("\n".join(rows))
    if args.markdown:
        args.markdown.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return 0  # a benchmark reports; a busy machine must not fail a build (see the summary)


if __name__ == "__main__":
    sys.exit(main())
