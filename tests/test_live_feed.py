"""The live feed (klaverjas_trainer/app/live_feed.py): a stream says its group's version at
once and after each change, a phone's stream says nothing of answers, and a process reads the
versions only while somebody listens. Against a served app: the route streams unbuffered."""

from __future__ import annotations

import asyncio
import contextlib
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from klaverjas_trainer.app.live_feed import LiveFeed

from .streamlit_server import running_app


class Versions:
    def __init__(self) -> None:
        self.now: dict[int, tuple[int, int]] = {7: (3, 0)}

    def __call__(self) -> dict[int, tuple[int, int]]:
        return dict(self.now)


class Page:
    """A page's stream, read in the background as a browser would (a wait that times out
    leaves the stream open)."""

    def __init__(self, events: AsyncIterator[str]) -> None:
        self.heard: asyncio.Queue[str] = asyncio.Queue()
        self.events = events
        self.reading = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for said in self.events:
            if said.startswith("data:"):  # not a keep-open comment, nor the reconnect delay
                await self.heard.put(said)

    async def next(self, within: float = 5.0) -> str:
        return await asyncio.wait_for(self.heard.get(), within)

    async def close(self) -> None:
        self.reading.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reading


def test_a_stream_says_the_version_now_and_after_each_change() -> None:
    versions = Versions()
    feed = LiveFeed(versions, tick=0.05)

    async def walk() -> None:
        phone = Page(feed.stream(7, answers=False))
        projector = Page(feed.stream(7, answers=True))
        other = Page(feed.stream(8, answers=False))  # a group without a round: version 0
        assert await phone.next() == "data: 3\n\n"
        assert await projector.next() == "data: 3.0\n\n"
        assert await other.next() == "data: 0\n\n"
        versions.now[7] = (3, 1)  # an answer: the projector counts it, phones hear nothing
        assert await projector.next() == "data: 3.1\n\n"
        with pytest.raises(TimeoutError):
            await phone.next(within=0.5)
        versions.now[7] = (4, 1)  # "show": everyone draws it
        feed.poke()
        assert await phone.next() == "data: 4\n\n"
        assert await projector.next() == "data: 4.1\n\n"
        assert other.heard.empty()
        for page in (phone, projector, other):
            await page.close()

    asyncio.run(walk())


def test_the_versions_are_read_only_while_somebody_listens() -> None:
    versions = Versions()
    feed = LiveFeed(versions, tick=0.02)

    async def walk() -> None:
        await asyncio.sleep(0.2)
        assert feed.reads == 0  # no page listens: no query
        pages = [Page(feed.stream(7, answers=False)) for _ in range(20)]
        for page in pages:
            await page.next()
        before, started = feed.reads, time.monotonic()
        await asyncio.sleep(0.3)
        ticks = (time.monotonic() - started) / feed.tick
        assert 2 <= feed.reads - before <= ticks + 2  # one query a tick for all 20 pages
        for page in pages:
            await page.close()
        await asyncio.sleep(0.1)  # the reader sees nobody listens, and ends
        stopped = feed.reads
        await asyncio.sleep(0.3)
        assert feed.reads == stopped
        again = Page(feed.stream(7, answers=False))  # a new listener starts it again
        assert await again.next() == "data: 3\n\n"
        await again.close()

    asyncio.run(walk())


def test_a_failing_read_is_tried_again_and_the_stream_stays_open() -> None:
    versions = Versions()
    failures = [RuntimeError("the database is away")]

    def flaky() -> dict[int, tuple[int, int]]:
        if failures:
            raise failures.pop()
        return versions()

    feed = LiveFeed(flaky, tick=0.02)

    async def walk() -> None:
        phone = Page(feed.stream(7, answers=False))
        assert await phone.next() == "data: 3\n\n"
        await phone.close()

    asyncio.run(walk())


def test_the_served_app_streams_a_groups_version_and_stops_with_streams_open(
    tmp_path: Path,
) -> None:
    """`streamlit run trainer_app.py` serves the route beside the app (`st.App`); the stream
    tells the browser to reconnect within a second, then the version at once (0: no round), as
    text/event-stream. A process stopped with streams open ends them and exits at once (uvicorn
    would wait for every open response)."""
    with running_app(tmp_path) as served:
        url = served.url
        stream = urllib.request.urlopen(f"{url}/live/1", timeout=30)
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        assert [stream.readline() for _ in range(4)] == [
            b"retry: 1000\n",
            b"\n",
            b"data: 0\n",
            b"\n",
        ]
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=10) as response:
            assert response.read() == b"ok"  # Streamlit's own routes are still there
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}/live/nobody", timeout=10)
        assert refused.value.code == 404
        refused.value.close()
        stopping = time.monotonic()
    assert time.monotonic() - stopping < 10  # not the 30 s `running_app` would wait
    assert stream.read() == b""  # ended by the server
    stream.close()
