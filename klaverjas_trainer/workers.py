"""Heavy work off the page's thread: a pool of worker processes shared by every session of one
server, for the analysis of a played deal (`klaverjas_table.analysis`).

One server process serves all its sessions on one Python thread at a time (the GIL), so a
second of play-outs in a page's script thread is a second every other learner waits. Here the
work runs in `concurrent.futures.ProcessPoolExecutor` workers, started by ``forkserver``
(``spawn`` where there is none: a process forked from a server with threads could inherit a
lock held by one of them) and run at the lowest priority (``nice`` 19), so the server's thread
gets a core first; a worker ends itself when the server is gone.

The pool is bounded: at most `workers` jobs run at once and at most one per learner; the others
wait in a queue of at most `limit` jobs, in order, each with its place shown. A job is known by
its key (a learner's deal): asking again for a job already queued, running or done gives its
status rather than a second job. Each job reports its progress (``each(done, total)``) on a
board of shared numbers, a slot per worker, that the server reads when asked; a finished
job's result is handed to its `then` (the page keeps it in the database at once, whoever is
still watching) and kept for `kept` finished jobs. A worker that dies (killed, out of memory)
breaks the executor: the jobs it held are marked crashed (the page says so and offers to try
again), and the next job starts a fresh executor.

`InlinePool` has the same face and runs a job at once in the caller's thread: for a script
without a server (AppTest, a bare ``python`` run), where there is no other session to keep
waiting.

>>> pool = InlinePool()
>>> status = pool.submit(("anna", 1), "anna", pow, 2, 10)
>>> status.state, status.result
('done', 1024)
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import itertools
import multiprocessing
import os
import sys
import threading
import time
import types
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol

__all__ = [
    "DEFAULT_LIMIT",
    "InlinePool",
    "JobStatus",
    "Pool",
    "PoolFullError",
    "WorkerPool",
    "workers_wanted",
]

State = Literal["queued", "running", "done", "failed", "crashed"]
#: Jobs waiting at most; a learner asking for one more is told the pool is busy.
DEFAULT_LIMIT: Final = 64
#: Finished jobs whose results are kept in memory (each is also handed to its `then`).
DEFAULT_KEPT: Final = 256
#: How much lower the workers' priority is than the server's (the lowest there is).
NICENESS: Final = 19
#: How often a worker looks whether the server still runs.
WATCH_SECONDS: Final = 1.0
#: The environment variable that sets the number of worker processes (0: run inline).
WORKERS_VARIABLE: Final = "KLAVERJAS_ANALYSIS_WORKERS"


class PoolFullError(RuntimeError):
    """The queue holds `limit` jobs already: try again later."""


@dataclass(frozen=True, slots=True)
class JobStatus:
    """Where a job stands: its `place` in the queue (1: next to start; 0 once started), its
    progress while running, its result once done, or what went wrong."""

    state: State
    place: int = 0
    done: int = 0
    total: int = 0
    result: Any = None
    error: str = ""


class Pool(Protocol):
    def submit(
        self,
        key: Hashable,
        owner: Hashable,
        function: Callable[..., Any],
        *args: Any,
        then: Callable[[Any], None] | None = None,
    ) -> JobStatus: ...

    def status(self, key: Hashable) -> JobStatus | None: ...

    def forget(self, key: Hashable) -> None: ...

    def shutdown(self) -> None: ...


def workers_wanted(server: bool) -> int:
    """How many worker processes: `WORKERS_VARIABLE` if set (0: inline), else one less than
    the machine's cores (at least one) under a server, and none (inline) without one."""
    told = os.environ.get(WORKERS_VARIABLE, "").strip()
    if told:
        return max(0, int(told))
    return max(1, (os.cpu_count() or 2) - 1) if server else 0


# --- in the worker processes ------------------------------------------------------------------

_slot: Any = None  # this worker's three numbers in the shared array: job, done, total


def _start_worker(board: Any, counter: Any, slots: int, server: int) -> None:
    """A new worker: take a slot of the progress board, yield the CPU to the server, and end
    when the server is gone (killed: no shutdown tells its workers)."""
    global _slot  # noqa: PLW0603 - one per worker process, set before any job
    with counter.get_lock():
        index = counter.value % slots
        counter.value += 1
    _slot = (board, 3 * index)
    _yield_the_cpu()
    threading.Thread(target=_watch, args=(server,), name="server-watch", daemon=True).start()


def _watch(server: int) -> None:
    """End this worker once the server process `server` is gone (or dead, not yet reaped)."""
    while True:
        time.sleep(WATCH_SECONDS)
        if not _alive(server):
            os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process took the number: ours is gone
        return False
    try:  # Linux: a killed process stays a zombie until its parent reaps it
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return True


def _yield_the_cpu() -> None:
    """The lowest priority `nice` gives: the server's thread (any ordinary process) gets a
    core first. (Linux's SCHED_IDLE would yield more, but starves the work, and the
    watchdog, on a machine kept busy by something else.)"""
    with contextlib.suppress(OSError):  # a platform without nice: the same priority
        os.nice(NICENESS)


def _ready() -> None:
    """Nothing: a worker's first task, so that it starts before a learner waits for it."""


def _run(job: int, function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """One job in a worker: `function(*args, each=...)`, its progress written on the board
    (no lock: a worker that dies mid-write can block no one)."""
    board, at = _slot if _slot is not None else (None, 0)

    def each(done: int, total: int) -> None:
        if board is not None:
            board[at + 1], board[at + 2] = done, total

    if board is not None:
        board[at + 1], board[at + 2], board[at] = 0, 0, job
    return function(*args, each=each)


# --- in the server -----------------------------------------------------------------------------


@dataclass
class _Job:
    number: int
    key: Hashable
    owner: Hashable
    function: Callable[..., Any]
    args: tuple[Any, ...]
    then: Callable[[Any], None] | None
    state: State = "queued"
    done: int = 0
    total: int = 0
    result: Any = None
    error: str = ""
    started: float = 0.0
    future: Future[Any] | None = field(default=None, repr=False)
    executor: _Executor | None = field(default=None, repr=False)


@dataclass
class _Executor:
    """One generation of worker processes, with its progress board (a crash ends it)."""

    executor: ProcessPoolExecutor
    board: Any  # 3 numbers per worker: the job it runs, done, total


class WorkerPool:
    """Worker processes for every session of this server (see the module's words)."""

    def __init__(
        self,
        workers: int,
        *,
        limit: int = DEFAULT_LIMIT,
        kept: int = DEFAULT_KEPT,
        method: str | None = None,
        preload: tuple[str, ...] = (),
    ) -> None:
        if workers < 1:
            raise ValueError(f"a worker pool needs at least one worker, got {workers}")
        methods = multiprocessing.get_all_start_methods()
        self.method = method or ("forkserver" if "forkserver" in methods else "spawn")
        self.context = multiprocessing.get_context(self.method)
        if self.method == "forkserver" and preload:
            self.context.set_forkserver_preload(list(preload))
        self.workers, self.limit, self.kept = workers, limit, kept
        self._lock = threading.RLock()  # a future done at once calls back in the same thread
        self._waiting: deque[_Job] = deque()
        self._running: dict[int, _Job] = {}
        self._jobs: OrderedDict[Hashable, _Job] = OrderedDict()
        self._numbers = itertools.count(1)
        self._executor: _Executor | None = None
        self._closed = False
        atexit.register(self.shutdown)

    # --- the page's side ---

    def submit(
        self,
        key: Hashable,
        owner: Hashable,
        function: Callable[..., Any],
        *args: Any,
        then: Callable[[Any], None] | None = None,
    ) -> JobStatus:
        """Queue `function(*args, each=...)` (a module-level function, as pickle needs it) as
        the job `key` of `owner`; a job of that key queued, running or done already is left
        as it is. `PoolFullError` when `limit` jobs wait already."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the pool is shut down")
            job = self._jobs.get(key)
            if job is None or job.state in ("failed", "crashed"):
                if len(self._waiting) >= self.limit:
                    raise PoolFullError(f"{len(self._waiting)} jobs are waiting already")
                job = _Job(next(self._numbers), key, owner, function, args, then)
                self._jobs[key] = job
                self._jobs.move_to_end(key)
                self._waiting.append(job)
                self._pump()
            return self._status(job)

    def status(self, key: Hashable) -> JobStatus | None:
        with self._lock:
            job = self._jobs.get(key)
            return None if job is None else self._status(job)

    def forget(self, key: Hashable) -> None:
        """Drop a finished job (its result is kept elsewhere now); a live one stays."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state in ("done", "failed", "crashed"):
                del self._jobs[key]

    def shutdown(self) -> None:
        """Stop: queued jobs are dropped, running ones cancelled, the workers ended."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            executor, self._executor = self._executor, None
            for job in [*self._waiting, *self._running.values()]:  # no page waits for them
                job.state, job.error = "failed", "the server is shutting down"
            self._waiting.clear()
            self._running.clear()
        if executor is not None:
            _end(executor.executor)
        with contextlib.suppress(Exception):
            atexit.unregister(self.shutdown)

    def prestart(self) -> None:
        """Start the worker processes now (a first job would wait for their start)."""
        with self._lock:
            executor = self._executor_now()
            for _ in range(self.workers):
                with contextlib.suppress(BrokenProcessPool), _plain_main():  # a job will say so
                    executor.executor.submit(_ready)

    def process_ids(self) -> list[int]:
        """The worker processes' ids (a test kills one to see a crash handled)."""
        with self._lock:
            executor = self._executor
            processes = _processes(executor.executor) if executor is not None else []
            return [process.pid for process in processes if process.pid is not None]

    # --- inside ---

    def _status(self, job: _Job) -> JobStatus:
        if job.state == "queued":
            place = 1 + next(i for i, waiting in enumerate(self._waiting) if waiting is job)
            return JobStatus("queued", place=place)
        if job.state == "running" and job.executor is not None:
            board = job.executor.board
            for at in range(0, len(board), 3):
                if board[at] == job.number:
                    job.done, job.total = max(job.done, board[at + 1]), board[at + 2]
        return JobStatus(job.state, 0, job.done, job.total, job.result, job.error)

    def _pump(self) -> None:
        """Start waiting jobs while workers are free, one per owner at most (lock held)."""
        while len(self._running) < self.workers and not self._closed:
            busy = {job.owner for job in self._running.values()}
            job = next((job for job in self._waiting if job.owner not in busy), None)
            if job is None:
                return
            self._waiting.remove(job)
            job.state, job.started = "running", time.monotonic()
            job.executor = executor = self._executor_now()
            self._running[job.number] = job
            try:
                with _plain_main():
                    job.future = executor.executor.submit(_run, job.number, job.function, job.args)
            except BrokenProcessPool as error:  # broken before this job could start
                self._broken(job.executor)
                self._fail(job, "crashed", str(error) or type(error).__name__)
                continue
            job.future.add_done_callback(functools.partial(self._finished, job))

    def _executor_now(self) -> _Executor:
        """The worker processes, a fresh generation if there are none (lock held)."""
        if self._executor is None:
            board = self.context.Array("q", 3 * self.workers, lock=False)
            counter = self.context.Value("i", 0)
            executor = ProcessPoolExecutor(
                self.workers, mp_context=self.context, initializer=_start_worker,
                initargs=(board, counter, self.workers, os.getpid()),
            )  # fmt: skip
            self._executor = _Executor(executor, board)
        return self._executor

    def _broken(self, executor: _Executor | None) -> None:
        """A worker died: that generation is done; the next job starts a fresh one."""
        if executor is not None and executor is self._executor:
            self._executor = None
            threading.Thread(target=_end, args=(executor.executor,), daemon=True).start()

    def _fail(self, job: _Job, state: State, error: str) -> None:
        job.state, job.error = state, error
        self._running.pop(job.number, None)

    def _finished(self, job: _Job, future: Future[Any]) -> None:
        """A job ended (on the executor's thread): keep its result, start the next."""
        then = None
        with self._lock:
            if future.cancelled():
                self._fail(job, "failed", "cancelled")
            else:
                error = future.exception()
                if isinstance(error, BrokenProcessPool):
                    self._broken(job.executor)
                    self._fail(job, "crashed", str(error) or type(error).__name__)
                elif error is not None:
                    self._fail(job, "failed", f"{type(error).__name__}: {error}")
                else:
                    job.state, job.result = "done", future.result()
                    job.done = job.total = max(job.total, 1)
                    self._running.pop(job.number, None)
                    then = job.then
            self._trim()
            self._pump()
        if then is not None:
            try:
                then(job.result)
            except Exception as error:
                with self._lock:
                    job.error = f"{type(error).__name__}: {error}"

    def _trim(self) -> None:
        finished = [
            key for key, job in self._jobs.items() if job.state not in ("queued", "running")
        ]
        for key in finished[: max(0, len(finished) - self.kept)]:
            del self._jobs[key]


#: What a new worker process is told the main module is: nothing to run (see `_plain_main`).
_STAND_IN_MAIN: Final = types.ModuleType("__main__")


@contextlib.contextmanager
def _plain_main() -> Iterator[None]:
    """While worker processes may start: no main module for them to run first. A process
    started by ``spawn`` or ``forkserver`` runs the parent's ``__main__`` file again before
    its first job; in a Streamlit server that is the app's entry script (Streamlit installs
    each script run as ``__main__``), so each worker would run the whole app bare."""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = _STAND_IN_MAIN
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def _processes(executor: ProcessPoolExecutor) -> list[Any]:
    return list((getattr(executor, "_processes", None) or {}).values())


def _end(executor: ProcessPoolExecutor) -> None:
    """Stop an executor without waiting for a job half done: its workers are terminated."""
    processes = _processes(executor)
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(timeout=2)


class InlinePool:
    """The pool's face without processes: each job runs at once in the caller's thread, its
    progress handed to `each` (a page's progress bar) if given."""

    def __init__(self) -> None:
        self._jobs: dict[Hashable, JobStatus] = {}
        self.each: Callable[[int, int], None] | None = None

    def submit(
        self,
        key: Hashable,
        owner: Hashable,
        function: Callable[..., Any],
        *args: Any,
        then: Callable[[Any], None] | None = None,
    ) -> JobStatus:
        del owner  # one job at a time anyway
        found = self._jobs.get(key)
        if found is not None and found.state == "done":
            return found
        try:
            each = {} if self.each is None else {"each": self.each}
            result = function(*args, **each)
        except Exception as error:  # said on the page, as a worker's would be
            status = JobStatus("failed", error=f"{type(error).__name__}: {error}")
        else:
            status = JobStatus("done", done=1, total=1, result=result)
            if then is not None:
                then(result)
        self._jobs[key] = status
        return status

    def status(self, key: Hashable) -> JobStatus | None:
        return self._jobs.get(key)

    def forget(self, key: Hashable) -> None:
        self._jobs.pop(key, None)

    def shutdown(self) -> None:
        self._jobs.clear()
