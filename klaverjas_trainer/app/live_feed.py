"""The live round's news, pushed to the phones and the projector without a script run while
nothing changes: one server-sent-event stream per open page, and one small query per server
process per tick for all of them.

Each process keeps the latest (version, answered) of every group's live round
(`LiveRounds.versions`), read once a tick while at least one stream listens (no stream: no
query). A stream says its group's version when it changes (a phone), or version and answers
(the projector's count); the page's listener (`live_listener.py`) then reruns its fragment,
which reads the round itself. A change made in this process is read at once (`poke`); one
made on another process behind nginx within a tick. SQLite and PostgreSQL alike.

The routes: ``/live/<group id>`` (a phone) and ``/live/<group id>?answers=1`` (the projector);
the tables of members playing together have a feed of their own, ``/tables/<table id>``
(`TABLE_FEED`: a phone at the table, the teacher's view of it). They say nothing but numbers,
so they need no sign-in: the page checks who may see what.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from typing import Any, Final

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from klaverjas_trainer.app.table_moves import keep_tables
from klaverjas_trainer.app.table_presence import EVERY
from klaverjas_trainer.storage import ProgressStore
from klaverjas_trainer.storage.club_tables import ClubTables
from klaverjas_trainer.storage.live import LiveRounds

Versions = Callable[[], dict[int, tuple[int, int]]]
#: Told now and then which (key, seat)s this process's streams hold open (`table_presence`).
Keeper = Callable[[set[tuple[int, int]]], None]

#: How often a process reads the versions while anyone listens (a change on another process
#: reaches its phones within this, plus a fragment's run).
TICK: Final = 0.25
#: A comment this often keeps a quiet stream open through proxies and tells a dead one.
KEEP_OPEN: Final = 20.0
#: A stream's ``seat`` parameter: a phone at a table says which seat is its.
SEATS: Final = ("0", "1", "2", "3")
#: How soon a browser opens a dropped stream again (its process stopped: nginx sends it to
#: another), told to it in the stream's first event.
RECONNECT_MS: Final = 1000

log = logging.getLogger(__name__)


class LiveFeed:
    """One per server process and kind of news: the versions of what the pages follow (a
    group's live round, a table), read while anyone listens; `path` is the route's."""

    def __init__(
        self,
        versions: Versions,
        tick: float = TICK,
        path: str = "/live",
        keeper: Keeper | None = None,
        keep_every: float = 5.0,
    ) -> None:
        self._versions = versions
        self.path = path
        self._keeper, self._keep_every, self._kept = keeper, keep_every, 0.0
        #: The open streams that said whose phone they are: (key, seat) -> how many.
        self.present: Counter[tuple[int, int]] = Counter()
        self.tick = tick
        self.latest: dict[int, tuple[int, int]] | None = None  # None: not read yet
        self.reads = 0  # queries made (the benchmark reads it)
        self._listening = 0
        self._changed: asyncio.Event | None = None
        self._poked: asyncio.Event | None = None
        self._reader: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._server: Any = None  # the uvicorn server, to see it stopping
        self.closing = False

    def poke(self) -> None:
        """Read the versions now (a change was made in this process); any thread."""
        with self._lock:
            loop, poked = self._loop, self._poked
        if loop is not None and poked is not None and not loop.is_closed():
            loop.call_soon_threadsafe(poked.set)

    async def stream(
        self, group_id: int, *, answers: bool, seat: int | None = None
    ) -> AsyncIterator[str]:
        """Server-sent events for one page: its group's (or table's) version (and answers)
        now and after each change, a comment now and then while nothing changes; a stream
        with a `seat` counts as that seat's phone being there while it is open."""
        self._start()
        self._listening += 1
        if seat is not None:
            self.present[(group_id, seat)] += 1
        try:
            said = None
            yield f"retry: {RECONNECT_MS}\n\n"
            while not self.closing:
                if self.latest is not None:
                    version, answered = self.latest.get(group_id, (0, 0))
                    news = f"{version}.{answered}" if answers else str(version)
                    if news != said:
                        said = news
                        yield f"data: {news}\n\n"
                changed = self._changed
                assert changed is not None
                try:
                    await asyncio.wait_for(changed.wait(), KEEP_OPEN)
                except TimeoutError:
                    yield ": open\n\n"
        finally:
            self._listening -= 1
            if seat is not None:
                self.present[(group_id, seat)] -= 1
                self.present += Counter()  # drops the keys at 0

    def _start(self) -> None:
        """The reader task, started by the first listener of this event loop."""
        if self._reader is not None and not self._reader.done():
            return
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._poked = asyncio.Event()
        self._changed = asyncio.Event()
        self._server = _serving()
        self._reader = asyncio.create_task(self._read_while_listened())

    async def _read_while_listened(self) -> None:
        while True:
            try:
                found = await asyncio.to_thread(self._versions)
            except Exception:  # a database that fails: said in the log, tried next tick
                log.exception("reading the live rounds' versions failed")
            else:
                self.reads += 1
                if found != self.latest:
                    self.latest = found
                    changed, self._changed = self._changed, asyncio.Event()
                    assert changed is not None
                    changed.set()  # every stream waiting on it looks at its group
            if self._keeper is not None and time.monotonic() - self._kept >= self._keep_every:
                self._kept = time.monotonic()
                try:
                    await asyncio.to_thread(self._keeper, set(self.present))
                except Exception:  # said in the log, tried next time
                    log.exception("keeping the tables' seats failed")
            poked = self._poked
            assert poked is not None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(poked.wait(), self.tick)
            poked.clear()
            if getattr(self._server, "should_exit", False):
                # The process is stopping: uvicorn waits for every open response to end, so
                # the streams end now (the browsers reconnect, through nginx, elsewhere).
                self.closing = True
                changed, self._changed = self._changed, asyncio.Event()
                assert changed is not None
                changed.set()
                return
            if self._listening == 0:
                self.latest = None  # nobody listens: no query until somebody does
                return

    def route(self) -> Route:
        """The Starlette route of the streams (mounted beside Streamlit's by `st.App`)."""

        async def events(request: Request) -> Response:
            try:
                group_id = int(request.path_params["group"])
            except ValueError:
                return PlainTextResponse("no such group", status_code=404)
            answers = request.query_params.get("answers") == "1"
            seat = request.query_params.get("seat", "")
            return StreamingResponse(
                self.stream(group_id, answers=answers, seat=int(seat) if seat in SEATS else None),
                media_type="text/event-stream",
                # nginx passes it on as it comes (docs/running.md's recipe says so too)
                headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
            )

        return Route(self.path + "/{group}", events)


def _serving() -> Any:
    """The uvicorn server of this process, if one serves it: its SIGTERM handler is the
    server's bound `handle_exit` (uvicorn sets it while serving), whose `should_exit` tells
    that the process is stopping. Nothing else in uvicorn's API says so to an app."""
    return getattr(signal.getsignal(signal.SIGTERM), "__self__", None)


@functools.cache
def _rounds() -> LiveRounds:
    """This process's reader of the live rounds (its own connections, beside the pages')."""
    return LiveRounds(ProgressStore())


@functools.cache
def _tables() -> ClubTables:
    return ClubTables(ProgressStore())


#: The process's feeds: the routes' streams and the pages' pokes meet here.
FEED: Final = LiveFeed(lambda: _rounds().versions())
TABLE_FEED: Final = LiveFeed(
    lambda: _tables().live_versions(),
    path="/tables",
    keeper=lambda phones: keep_tables(_tables(), phones),
    keep_every=EVERY,
)
