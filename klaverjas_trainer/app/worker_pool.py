"""The server's one worker pool (`klaverjas_trainer.workers`), shared by every session: the
analysis of a played deal runs there, and the coach's searches for telling positions.

>>> from klaverjas_trainer.workers import InlinePool
>>> isinstance(server_pool(), InlinePool)  # no Streamlit server runs this: work runs inline
True
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Hashable

import streamlit as st
from streamlit import runtime
from streamlit.runtime.runtime import Runtime

from klaverjas_trainer.workers import InlinePool, Pool, PoolFullError, WorkerPool
from klaverjas_trainer.workers import workers_wanted as _workers_wanted
from puzzles.discriminating import Found, Search, run_search
from puzzles.model import Puzzle

#: At most this many of the coach's searches wait or run at once: the queue stays free for
#: the analyses learners ask for (a check can wait, a learner watching a bar should not).
COACH_SEARCHES = 4


def _release(pool: Pool) -> None:
    pool.shutdown()


@st.cache_resource(show_spinner=False, on_release=_release)
def server_pool() -> Pool:
    """The server's one pool (`WORKERS_VARIABLE` sets its size; 0 or no server: inline)."""
    workers = _workers_wanted(server=_served())
    if workers == 0:
        return InlinePool()
    preload = ("klaverjas_trainer.workers", "klaverjas_table.analysis", "puzzles.discriminating")
    pool = WorkerPool(workers, preload=preload)
    pool.prestart()  # started by the first analysis or coach's search that needs them
    return pool


def _served() -> bool:
    """A Streamlit server runs this script: AppTest runs it with a stand-in runtime (a mock
    made with ``spec=Runtime``, which passes `isinstance`, so the type itself is asked)."""
    return runtime.exists() and type(runtime.get_instance()) is Runtime


class CoachSearches:
    """The `Found.later` of a server: each search runs in the worker pool, at most
    `COACH_SEARCHES` at once and one per question; its position is kept in `found` for the
    checks after it. A search the pool cannot take now (busy, shut down) is simply not made:
    a later check asks again."""

    def __init__(self, found: Found, pool: Callable[[], Pool]) -> None:
        self.found = found
        self._pool = pool  # asked each time: a pool shut down and made again is the new one
        self.waiting: set[Hashable] = set()
        # Re-entrant: a search run at once (no server) hands its position back inside `submit`.
        self.lock = threading.RLock()

    def __call__(self, key: Hashable, search: Search) -> None:
        job = ("coach-search", key)
        then = functools.partial(self._done, job, key, search)
        with self.lock:
            self.waiting = {waiting for waiting in self.waiting if self._live(waiting)}
            if job in self.waiting or len(self.waiting) >= COACH_SEARCHES:
                return
            self.waiting.add(job)
            with contextlib.suppress(PoolFullError, RuntimeError):  # RuntimeError: shut down
                self.pool.submit(job, "coach-search", run_search, search, then=then)

    @property
    def pool(self) -> Pool:
        return self._pool()

    def _live(self, job: Hashable) -> bool:
        status = self.pool.status(job)
        return status is not None and status.state in ("queued", "running")

    def _done(self, job: Hashable, key: Hashable, search: Search, puzzle: Puzzle | None) -> None:
        self.found.found(key, search, puzzle)
        self.pool.forget(job)  # the position is kept in `found`; the next search runs anew
        with self.lock:
            self.waiting.discard(job)
