"""A flake budget you can show: run the real-browser test files N times in a row and count failures.

The browser files are every ``tests/test_*.py`` whose text mentions ``chromium``, ``Walk(`` or
``browser: Browser`` (found by reading the files, so a new browser file joins automatically);
``--files`` names them instead. Each run is one pytest invocation over all the selected files,
from the repository root, with its output in ``artifacts/flake-budget/run-<k>.log``; stdout gets
one line per run. ``--hogs K`` keeps K busy-loop processes running beside the tests to show how
the suite holds up on a loaded machine (each hog also stops by itself after ``--hog-seconds``,
so none outlives a hard kill of this script).

At the end a Markdown table gives, per file: runs, tests per run, failures (with the failed tests
and their run numbers) and skips; then the total, each run's wall time, the median, and the
1-minute load averages sampled every 10 s. The same report goes to
``artifacts/flake-budget/report.json``.

Exit code: 0 when no run had a failure, 1 otherwise (so it can gate a release), 2 for bad
arguments, 130 when interrupted (Ctrl+C or SIGTERM; the finished runs are still reported).

Run: ``python benchmarks/flake_budget.py --runs 10 --hogs 2``
     ``python benchmarks/flake_budget.py --files tests/test_browser.py --pytest-args "-x -k club"``
     ``python benchmarks/flake_budget.py --quick`` (one run of the first browser file, no hogs)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts" / "flake-budget"
BROWSER_MARKERS = ("chromium", "Walk(", "browser: Browser")
LOAD_SAMPLE_SECONDS = 10.0
HOG_STOP_GRACE = 5.0
# pytest gets SIGINT first so its fixtures can close the browsers and Streamlit servers they
# started; only a pytest that ignores it is escalated.
PYTEST_STOP_STEPS = ((signal.SIGINT, 30.0), (signal.SIGTERM, 10.0), (signal.SIGKILL, 10.0))
NO_XML = "<no JUnit XML: pytest crashed>"


class TerminatedError(Exception):
    """SIGTERM arrived; raised so the `finally` blocks stop the hogs and pytest."""


@dataclass
class Plan:
    files: list[str]
    runs: int
    hogs: int
    hog_seconds: float
    extra: list[str]


@dataclass
class FileTally:
    """One file's results in one run."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failed_tests: list[str] = field(default_factory=list)

    @property
    def tests(self) -> int:
        return self.passed + self.failed + self.skipped


@dataclass
class RunResult:
    number: int
    seconds: float
    exit_code: int
    log: Path
    tallies: dict[str, FileTally] | None  # None: pytest left no readable JUnit XML


@dataclass
class FileSummary:
    file: str
    runs: int = 0
    tests_per_run: list[int] = field(default_factory=list)
    passed: int = 0
    failures: int = 0
    skipped: int = 0
    failed_tests: dict[str, list[int]] = field(default_factory=dict)  # test -> run numbers


@dataclass
class LoadSample:
    seconds: float  # since the sampler started
    load1: float


@dataclass
class Budget:
    plan: Plan
    results: list[RunResult]
    load: list[LoadSample]
    interrupted: bool


class LoadSampler:
    """Reads the 1-minute load average every few seconds on a daemon thread while the runs go."""

    def __init__(self, every: float) -> None:
        self.every = every
        self.samples: list[LoadSample] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, name="load-sampler", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _sample(self) -> None:
        start = time.monotonic()
        while True:
            self.samples.append(LoadSample(time.monotonic() - start, os.getloadavg()[0]))
            if self._stop.wait(self.every):
                return


def browser_files(root: Path = ROOT) -> list[str]:
    """The test files that drive a real browser, as paths relative to `root`, sorted."""
    found = []
    for path in sorted((root / "tests").glob("test_*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if any(marker in text for marker in BROWSER_MARKERS):
            found.append(path.relative_to(root).as_posix())
    return found


def relative_to_root(given: str) -> str:
    """A --files path as pytest will see it from the root (JUnit class names depend on it)."""
    return shown(Path(given).resolve())


def shown(path: Path) -> str:
    """A path for the report: relative to the root when it is under it."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def dotted(file: str) -> str:
    """The JUnit class name pytest gives a test file's module: tests/test_x.py -> tests.test_x."""
    return file.removesuffix(".py").replace("/", ".")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, help="runs in a row (default 5; 1 with --quick)")
    parser.add_argument(
        "--files", nargs="+", metavar="PATH", help="test files to run instead of the browser files"
    )
    parser.add_argument("--hogs", type=int, help="CPU hog processes beside the runs (default 0)")
    parser.add_argument(
        "--hog-seconds",
        type=float,
        default=14400.0,
        help="each hog stops by itself after this long, even if this script is killed "
        "(default 14400 = 4 h)",
    )
    parser.add_argument(
        "--pytest-args",
        default="",
        help='extra pytest arguments as one string, split like a shell would, e.g. "-x -k club" '
        "(a single option needs the = form: --pytest-args=-x)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="smoke run for CI: 1 run, no hogs, only --files or else the first browser file",
    )
    return parser


def make_plan(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Plan:
    """Checks the arguments and applies the defaults (which --quick changes)."""
    if args.files:
        missing = [name for name in args.files if not Path(name).is_file()]
        if missing:
            parser.error(f"no such file: {', '.join(missing)}")
        files = [relative_to_root(name) for name in args.files]
    else:
        files = browser_files()
        if not files:
            parser.error("no browser test files found under tests/")
        if args.quick:
            files = files[:1]
    runs = args.runs if args.runs is not None else (1 if args.quick else 5)
    hogs = args.hogs if args.hogs is not None else 0
    if runs < 1:
        parser.error("--runs must be at least 1")
    if hogs < 0:
        parser.error("--hogs must not be negative")
    if args.hog_seconds <= 0:
        parser.error("--hog-seconds must be positive")
    try:
        extra = shlex.split(args.pytest_args)
    except ValueError as exc:
        parser.error(f"--pytest-args: {exc}")
    return Plan(files, runs, hogs, args.hog_seconds, extra)


def start_hogs(hogs: list[subprocess.Popen[bytes]], count: int, seconds: float) -> None:
    """Appends each hog to `hogs` as it starts, so a failure half-way still lets us stop them."""
    # The time limit lives inside the hog itself: nothing else would stop it after a SIGKILL.
    code = f"import time; end = time.monotonic() + {seconds!r}\nwhile time.monotonic() < end: pass"
    for _ in range(count):
        hogs.append(
            subprocess.Popen(
                [sys.executable, "-c", code],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                # Ctrl+C reaches the hogs too; their KeyboardInterrupt tracebacks are noise.
                stderr=subprocess.DEVNULL,
            )
        )


def stop_hogs(hogs: list[subprocess.Popen[bytes]]) -> None:
    for hog in hogs:
        if hog.poll() is None:
            hog.terminate()
    deadline = time.monotonic() + HOG_STOP_GRACE
    for hog in hogs:
        try:
            hog.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            hog.kill()
            hog.wait()


def signal_group(pgid: int, sig: signal.Signals) -> None:
    # The group is gone once pytest and everything it started have exited.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, sig)


def stop_pytest(proc: subprocess.Popen[bytes]) -> None:
    """Stops an interrupted pytest and whatever it started (it leads its own process group)."""
    for sig, grace in PYTEST_STOP_STEPS:
        signal_group(proc.pid, sig)
        try:
            proc.wait(timeout=grace)
            break
        except subprocess.TimeoutExpired:
            continue
        except (KeyboardInterrupt, TerminatedError):
            # Another Ctrl+C while pytest tears down means "stop waiting": escalate.
            continue
    # A browser or server whose parent pytest is gone would otherwise linger.
    signal_group(proc.pid, signal.SIGKILL)


def run_pytest(command: list[str], log: IO[bytes]) -> int:
    # Its own session keeps the terminal's Ctrl+C away from pytest, so stop_pytest alone
    # decides how it is stopped, the same way for Ctrl+C and SIGTERM.
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        return proc.wait()
    except BaseException:
        stop_pytest(proc)
        raise


def run_once(plan: Plan, number: int, xml_dir: Path) -> RunResult:
    xml_path = xml_dir / f"run-{number}.xml"
    log_path = ARTIFACTS / f"run-{number}.log"
    command = [
        sys.executable,
        "-m",
        "pytest",
        *plan.files,
        "-q",
        "-p",
        "no:cacheprovider",
        "--junitxml",
        str(xml_path),
        *plan.extra,
    ]
    with log_path.open("wb") as log:
        log.write(f"# {shlex.join(command)}\n".encode())
        log.flush()
        start = time.monotonic()
        exit_code = run_pytest(command, log)
        seconds = time.monotonic() - start
    return RunResult(number, seconds, exit_code, log_path, read_junit(xml_path, plan.files))


def locate(classname: str, name: str, known: dict[str, str]) -> tuple[str, str]:
    """(file, test label) for a JUnit testcase; `known` maps dotted module names to files."""
    # A collection error has no class name; its name is then the module's dotted path.
    parts = [*classname.split("."), name] if classname else name.split(".")
    for cut in range(len(parts), 0, -1):
        file = known.get(".".join(parts[:cut]))
        if file is not None:
            return file, "::".join(parts[cut:]) or "<collection>"
    # Not a selected file (a path pytest spelt differently, or a conftest): find it on disk.
    for cut in range(len(parts), 0, -1):
        file = "/".join(parts[:cut]) + ".py"
        if (ROOT / file).is_file():
            return file, "::".join(parts[cut:]) or "<collection>"
    # E.g. pytest's own "internal" error: keep it visible under its class name.
    return classname or name, name


def read_junit(xml_path: Path, files: list[str]) -> dict[str, FileTally] | None:
    """Per-file tallies from one run's JUnit XML; None when pytest left none to read."""
    try:
        tree = ET.parse(xml_path)
    except (OSError, ET.ParseError):
        return None
    known = {dotted(file): file for file in files}
    tallies = {file: FileTally() for file in files}
    for case in tree.iter("testcase"):
        file, label = locate(case.get("classname", ""), case.get("name", ""), known)
        tally = tallies.setdefault(file, FileTally())
        if case.find("failure") is not None or case.find("error") is not None:
            tally.failed += 1
            tally.failed_tests.append(label)
        elif case.find("skipped") is not None:
            tally.skipped += 1
        else:
            tally.passed += 1
    return tallies


def run_line(result: RunResult, runs: int) -> str:
    log = shown(result.log)
    head = f"run {result.number}/{runs}"
    if result.tallies is None:
        return (
            f"{head}: no JUnit XML (pytest crashed, exit {result.exit_code}) "
            f"after {result.seconds:.1f} s; counted as failed for every file; log {log}"
        )
    tallies = result.tallies.values()
    passed = sum(t.passed for t in tallies)
    failed = sum(t.failed for t in tallies)
    skipped = sum(t.skipped for t in tallies)
    return (
        f"{head}: {passed} passed, {failed} failed, {skipped} skipped in {result.seconds:.1f} s "
        f"(pytest exit {result.exit_code}); log {log}"
    )


def run_all(plan: Plan, results: list[RunResult]) -> None:
    """Appends each finished run to `results`, so an interruption keeps the ones already done."""
    with tempfile.TemporaryDirectory(prefix="flake-budget-") as tmp:
        for number in range(1, plan.runs + 1):
            result = run_once(plan, number, Path(tmp))
            results.append(result)
            print(run_line(result, plan.runs), flush=True)


def summarize_files(plan: Plan, results: list[RunResult]) -> list[FileSummary]:
    rows = {file: FileSummary(file) for file in plan.files}
    for result in results:
        if result.tallies is None:
            for file in plan.files:
                row = rows[file]
                row.runs += 1
                row.failures += 1
                row.failed_tests.setdefault(NO_XML, []).append(result.number)
            continue
        for file, tally in result.tallies.items():
            row = rows.setdefault(file, FileSummary(file))
            row.runs += 1
            row.tests_per_run.append(tally.tests)
            row.passed += tally.passed
            row.failures += tally.failed
            row.skipped += tally.skipped
            for label in tally.failed_tests:
                row.failed_tests.setdefault(label, []).append(result.number)
    return list(rows.values())


def run_problems(results: list[RunResult]) -> list[str]:
    """Runs where pytest failed although no test did (e.g. nothing collected, a usage error)."""
    problems = []
    for result in results:
        if result.tallies is None or result.exit_code == 0:
            continue
        if not any(tally.failed for tally in result.tallies.values()):
            problems.append(
                f"run {result.number}: pytest exited {result.exit_code} with no failed test "
                f"in its JUnit XML (see {shown(result.log)})"
            )
    return problems


def spread(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def tests_per_run_text(counts: list[int]) -> str:
    if not counts:
        return "-"
    low, high = min(counts), max(counts)
    return str(low) if low == high else f"{low}-{high}"


def failed_tests_text(failed: dict[str, list[int]]) -> str:
    parts = []
    for label, runs in failed.items():
        word = "run" if len(runs) == 1 else "runs"
        parts.append(f"`{label}` ({word} {', '.join(map(str, runs))})")
    # A parametrized test id may hold a "|", which would split the Markdown cell.
    return "; ".join(parts).replace("|", "\\|") or "-"


def report(budget: Budget) -> str:
    """The Markdown report: one row per file, then the totals, run times and load."""
    plan, results = budget.plan, budget.results
    rows = summarize_files(plan, results)
    problems = run_problems(results)
    total = sum(row.failures for row in rows)
    lines = [
        f"## Flake budget: {len(results)} of {plan.runs} runs, {len(plan.files)} files, "
        f"{plan.hogs} CPU hogs, {os.cpu_count()} CPUs"
        + (" (interrupted)" if budget.interrupted else ""),
        "",
        "| file | runs | tests per run | failures | skipped | failed tests |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row.file} | {row.runs} | {tests_per_run_text(row.tests_per_run)} | "
            f"{row.failures} | {row.skipped} | {failed_tests_text(row.failed_tests)} |"
        )
    seconds = [result.seconds for result in results]
    times = ", ".join(f"{s:.1f}" for s in seconds) or "none"
    median = f"{statistics.median(seconds):.1f} s" if seconds else "-"
    load = spread([sample.load1 for sample in budget.load])
    load_text = (
        f"min {load['min']:.2f} / median {load['median']:.2f} / max {load['max']:.2f} "
        f"({len(budget.load)} samples)"
        if load
        else "no samples"
    )
    lines += [
        "",
        f"**Total failures: {total}** over {len(results)} runs. Run wall times (s): {times}; "
        f"median {median}. Load average (1 min): {load_text}.",
    ]
    lines += ["", "Run problems:", *(f"- {problem}" for problem in problems)] if problems else []
    return "\n".join(lines)


def report_json(budget: Budget) -> dict[str, object]:
    plan, results = budget.plan, budget.results
    rows = summarize_files(plan, results)
    seconds = [result.seconds for result in results]
    return {
        "files": plan.files,
        "runs": plan.runs,
        "runs_done": len(results),
        "interrupted": budget.interrupted,
        "hogs": plan.hogs,
        "hog_seconds": plan.hog_seconds,
        "pytest_args": plan.extra,
        "cpus": os.cpu_count(),
        "run_wall_seconds": seconds,
        "median_run_seconds": statistics.median(seconds) if seconds else None,
        "run_exit_codes": [result.exit_code for result in results],
        "runs_without_junit_xml": [r.number for r in results if r.tallies is None],
        "load_samples": [{"seconds": s.seconds, "load1": s.load1} for s in budget.load],
        "load1": spread([sample.load1 for sample in budget.load]),
        "total_failures": sum(row.failures for row in rows),
        "run_problems": run_problems(results),
        "per_file": [
            {
                "file": row.file,
                "runs": row.runs,
                "tests_per_run": row.tests_per_run,
                "passed": row.passed,
                "failures": row.failures,
                "skipped": row.skipped,
                "failed_tests": [
                    {"test": label, "runs": runs} for label, runs in row.failed_tests.items()
                ],
            }
            for row in rows
        ],
    }


def raise_terminated(signum: int, frame: object) -> None:
    raise TerminatedError


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    plan = make_plan(parser.parse_args(argv), parser)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # Without this a plain `kill` would skip the finally below and leave the hogs spinning.
    signal.signal(signal.SIGTERM, raise_terminated)
    hogs: list[subprocess.Popen[bytes]] = []
    results: list[RunResult] = []
    sampler = LoadSampler(LOAD_SAMPLE_SECONDS)
    interrupted = False
    try:
        start_hogs(hogs, plan.hogs, plan.hog_seconds)
        sampler.start()
        run_all(plan, results)
    except (KeyboardInterrupt, TerminatedError):
        interrupted = True
        print("interrupted: reporting the runs that finished", file=sys.stderr, flush=True)
    finally:
        sampler.stop()
        stop_hogs(hogs)
    budget = Budget(plan, results, sampler.samples, interrupted)
    print()
    print(report(budget))
    summary = report_json(budget)
    (ARTIFACTS / "report.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    if interrupted:
        return 130
    return 1 if summary["total_failures"] or summary["run_problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
