"""The worker pool the analysis runs in (`klaverjas_trainer.workers`): a job runs in another
process and reports its progress; at most one job per learner runs, the others wait in order
with their place; the queue is bounded; asking again gives the same job; a result is handed
over as soon as it is done; a worker that dies is reported and the next job runs; shutting the
pool down ends its processes; and the analysis a worker returns is the one the page would
have weighed itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import types
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest

from klaverjas_table.analysis import analysis_rows
from klaverjas_trainer.workers import (
    InlinePool,
    JobStatus,
    PoolFullError,
    WorkerPool,
    _alive,
    workers_wanted,
)
from tests.test_analysis import finished


def slow(seconds: float, value: Any, *, each: Callable[[int, int], None]) -> Any:
    """A job that takes `seconds` in five steps, each reported."""
    for done in range(1, 6):
        time.sleep(seconds / 5)
        each(done, 5)
    return value


def process_id(*, each: Callable[[int, int], None]) -> int:
    each(1, 1)
    return os.getpid()


def dies(*, each: Callable[[int, int], None]) -> None:
    del each
    os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's OOM killer would


#: How long a job may take before the pool counts as stuck: the workers run at nice 19, so
#: beside CPU hogs their start and their jobs wait minutes for a core (a deadline, not a timing).
STUCK: Final = 900


def wait(pool: WorkerPool, key: Hashable, timeout: float = STUCK) -> JobStatus:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = pool.status(key)
        assert status is not None
        if status.state not in ("queued", "running"):
            return status
        time.sleep(0.02)
    raise AssertionError(f"job {key!r} did not finish within {timeout} s")


@pytest.fixture
def pool() -> Iterator[WorkerPool]:
    made = WorkerPool(2, limit=3)
    yield made
    made.shutdown()


def test_a_job_runs_in_a_worker_process_and_its_progress_is_seen(pool: WorkerPool) -> None:
    first = pool.submit("pid", "anna", process_id)
    assert first.state in ("queued", "running")
    done = wait(pool, "pid")
    assert done.state == "done" and done.result != os.getpid()
    pool.submit("slow", "anna", slow, 1.0, "ready")
    seen = set()
    while (status := pool.status("slow")) is not None and status.state == "running":
        seen.add((status.done, status.total))
        time.sleep(0.05)
    assert wait(pool, "slow").result == "ready"
    assert any(0 < done < total for done, total in seen), seen


def test_one_job_per_learner_runs_and_the_others_wait_with_their_place(pool: WorkerPool) -> None:
    for number in range(2):  # both workers started (a start takes a moment on a busy machine)
        pool.submit(f"warm-{number}", f"warm {number}", slow, 0.5, number)
    assert [wait(pool, f"warm-{number}").state for number in range(2)] == ["done", "done"]
    pool.submit("anna-1", "anna", slow, 3.0, 1)
    second = pool.submit("anna-2", "anna", slow, 0.2, 2)
    third = pool.submit("bob-1", "bob", slow, 0.2, 3)
    assert second.state == "queued" and second.place == 1  # a worker is free, but not for Anna
    assert third.state == "running"  # Bob's starts on the free worker
    assert pool.submit("anna-2", "anna", slow, 0.2, 2) == pool.status("anna-2")  # the same job
    assert wait(pool, "bob-1").result == 3
    assert pool.status("anna-2").state == "queued"  # type: ignore[union-attr]
    assert wait(pool, "anna-1").result == 1 and wait(pool, "anna-2").result == 2


def test_the_queue_is_bounded(pool: WorkerPool) -> None:
    for number in range(2):
        pool.submit(f"run-{number}", f"learner {number}", slow, 1.0, number)
    for number in range(3):
        pool.submit(f"wait-{number}", "carl", slow, 0.1, number)
    with pytest.raises(PoolFullError):
        pool.submit("one-more", "dora", slow, 0.1, 0)


def test_a_result_is_handed_over_once_done_and_then_forgotten(pool: WorkerPool) -> None:
    handed: list[Any] = []
    pool.submit("kept", "anna", slow, 0.1, {"rows": [1, 2]}, then=handed.append)
    assert wait(pool, "kept").result == {"rows": [1, 2]}
    deadline = time.monotonic() + 5
    while not handed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert handed == [{"rows": [1, 2]}]
    pool.forget("kept")
    assert pool.status("kept") is None


def test_a_dead_worker_is_reported_and_the_next_job_runs(pool: WorkerPool) -> None:
    pool.submit("dies", "anna", dies)
    crashed = wait(pool, "dies")
    assert crashed.state == "crashed" and crashed.error
    again = pool.submit("after", "anna", process_id)  # a fresh executor
    assert again.state != "crashed"  # "done" already, too, when the job was that quick
    assert wait(pool, "after").state == "done"
    retried = pool.submit("dies", "anna", process_id)  # a crashed job can be asked again
    # A quick job can be over before `submit` returns (its future's callback runs at once).
    assert retried.state != "crashed" and wait(pool, "dies").state == "done"


def test_shutting_down_ends_the_worker_processes() -> None:
    pool = WorkerPool(1)
    pool.submit("long", "anna", slow, 30.0, None)
    deadline = time.monotonic() + 30
    while not pool.process_ids() and time.monotonic() < deadline:
        time.sleep(0.05)
    (worker,) = pool.process_ids()
    started = time.monotonic()
    pool.shutdown()
    assert time.monotonic() - started < 10  # the half-done job is not waited for
    with pytest.raises(ProcessLookupError):
        for _ in range(100):
            os.kill(worker, 0)
            time.sleep(0.05)
    with pytest.raises(RuntimeError):
        pool.submit("after", "anna", slow, 0.1, None)


def test_a_workers_analysis_is_the_pages_own(pool: WorkerPool) -> None:
    game = finished(6)
    pool.submit("deal", "anna", analysis_rows, game.to_dict(), 0)
    status = wait(pool, "deal")
    assert status.state == "done"
    assert status.result == analysis_rows(game.to_dict(), 0)


def test_inline_runs_at_once_and_says_a_failure() -> None:
    inline = InlinePool()
    heard: list[tuple[int, int]] = []
    inline.each = lambda done, total: heard.append((done, total))
    assert inline.submit("a", "anna", slow, 0.0, 7).result == 7
    assert heard == [(done, 5) for done in range(1, 6)]
    inline.each = None
    failed = inline.submit("b", "anna", divmod, 1, 0)
    assert failed.state == "failed" and "ZeroDivisionError" in failed.error


def test_the_number_of_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KLAVERJAS_ANALYSIS_WORKERS", raising=False)
    assert workers_wanted(server=False) == 0  # AppTest, a bare run: inline
    assert workers_wanted(server=True) == max(1, (os.cpu_count() or 2) - 1)
    monkeypatch.setenv("KLAVERJAS_ANALYSIS_WORKERS", "3")
    assert workers_wanted(server=False) == 3
    monkeypatch.setenv("KLAVERJAS_ANALYSIS_WORKERS", "0")
    assert workers_wanted(server=True) == 0


def test_a_worker_does_not_run_the_servers_main_script(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Streamlit installs each script run as ``__main__`` (its file: the app's entry script);
    a process started by forkserver or spawn would run that file again before its first job."""
    marker = tmp_path / "ran"
    script = tmp_path / "entry.py"
    script.write_text(f"open({str(marker)!r}, 'w').close()\n", encoding="utf-8")
    main = types.ModuleType("__main__")
    main.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", main)
    pool = WorkerPool(1)
    try:
        pool.prestart()
        pool.submit("pid", "anna", process_id)
        assert wait(pool, "pid").state == "done"
    finally:
        pool.shutdown()
    assert not marker.exists()
    assert sys.modules["__main__"] is main  # given back


def test_a_worker_sees_a_killed_server_as_gone() -> None:
    assert _alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 30
    while _alive(child.pid) and time.monotonic() < deadline:  # exited, not yet reaped: a zombie
        time.sleep(0.05)
    assert not _alive(child.pid)
    child.wait()
    assert not _alive(child.pid)
