"""Two trainer processes behind Debian's nginx with one PostgreSQL, as a club or federation
server runs them (the deploy recipe: HTTPS with a self-signed certificate, the recipe's limits
and backend options): a learner's browser stays with its process, and when that process stops
the browser reconnects through nginx to the other one, where the learner continues (signed in
by the device's token) with every answer kept. Around it, what the security review asked of
the recipe, checked against the real app: plain HTTP only redirects, the security headers and
`Secure` cookies arrive, and a websocket opened from another site's page is refused."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import os
import queue
import secrets
import signal
import ssl
import struct
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect, sync_playwright
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin, Subprotocol

from klaverjas_trainer.deploy import BACKEND_OPTIONS, CERT_FILE, Limits
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.live import LiveRounds

from .conftest import postgres_url
from .streamlit_server import NGINX, Front, RunningApp, fresh_database, nginx_front, running_app
from .test_browser import SIGN_IN_NAME
from .walk import CHROMIUM, CHROMIUM_ARGS, Walk

PILLS = "[data-testid='stForm'] button[data-variant='pills']"
EVIL = "http://evil.example"


@dataclass(frozen=True)
class Club:
    database: str
    apps: list[RunningApp]
    front: Front

    def trust(self) -> ssl.SSLContext:
        """Trusts the recipe's self-signed certificate, and checks it names 127.0.0.1."""
        return ssl.create_default_context(cafile=self.front.folder / "tls" / CERT_FILE)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
    """The recipe's two processes on a fresh database, behind nginx over HTTPS."""
    if not Path(NGINX).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's nginx (see .ci/run)")
        pytest.skip("nginx is not installed")
    folder = tmp_path_factory.mktemp("club")
    env = {"STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(16)}  # the same for every process
    with fresh_database(postgres_url()) as database, ExitStack() as stack:
        env["KLAVERJAS_DATABASE_URL"] = database
        apps = [
            stack.enter_context(running_app(folder / f"data{n}", *BACKEND_OPTIONS, env=env))
            for n in range(2)
        ]
        (folder / "nginx").mkdir()
        front = stack.enter_context(
            nginx_front([port_of(a) for a in apps], folder / "nginx", tls=True, limits=Limits())
        )
        yield Club(database, apps, front)


def serving(access_log: Path, route: str) -> list[str]:
    """The backend that served each page connection (Streamlit's websocket) of the browser
    with `route`, in the order they closed; a line is ``time route upstream[, upstream ...]
    status uri``, the last upstream being the one that answered after nginx tried the ones
    before."""
    lines = access_log.read_text(encoding="utf-8").splitlines()
    return [
        line.split()[-3]
        for line in lines
        if line.split()[1] == route and line.endswith(" /_stcore/stream")
    ]


def port_of(app: RunningApp) -> str:
    return app.url.removeprefix("http://")


# --- what the security review asked, against the real app ----------------------------------


def test_plain_http_only_sends_the_browser_to_https(club: Club) -> None:
    assert club.front.redirect_url is not None
    plain = urlsplit(club.front.redirect_url)
    assert plain.hostname and plain.port
    client = http.client.HTTPConnection(plain.hostname, plain.port, timeout=30)
    try:
        client.request("GET", "/drill?seed=7", headers={"Host": plain.netloc})
        response = client.getresponse()
        response.read()
    finally:
        client.close()
    assert response.status in (301, 308)
    assert response.getheader("Location") == f"{club.front.url}/drill?seed=7"
    assert response.getheader("Set-Cookie") is None  # the app was not reached over plain HTTP


def test_every_response_carries_the_security_headers_and_secure_cookies(club: Club) -> None:
    jar = CookieJar()
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}),
        urllib.request.HTTPSHandler(context=club.trust()),
        urllib.request.HTTPCookieProcessor(jar),
    )
    for path in ("/profile", "/_stcore/health", "/no-such-page/_stcore/health"):
        try:
            response = opener.open(club.front.url + path, timeout=30)
        except urllib.error.HTTPError as error:  # the 404 carries them too
            response = error
        with response:
            headers = response.headers
            assert headers["Strict-Transport-Security"] == "max-age=31536000", path
            assert headers["X-Content-Type-Options"] == "nosniff", path
            assert headers["Referrer-Policy"] == "same-origin", path
            assert headers["X-Frame-Options"] == "SAMEORIGIN", path
            assert headers["Server"] == "nginx", path  # no version
            routes = [c for c in headers.get_all("Set-Cookie", []) if c.startswith("kj_route=")]
            assert routes and routes[0].endswith("; Path=/; Secure; HttpOnly; SameSite=Lax")
    cookies = {cookie.name: cookie for cookie in jar}
    assert cookies["kj_route"].secure
    assert cookies["_streamlit_xsrf"].secure  # Streamlit's own, made Secure by nginx


async def handshake(club: Club, origin: str) -> int:
    """The HTTP status nginx and the app answer a page's websocket handshake with, made as
    the page makes it (the XSRF cookie and token, the route cookie), from `origin`."""
    jar = CookieJar()
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}),
        urllib.request.HTTPSHandler(context=club.trust()),
        urllib.request.HTTPCookieProcessor(jar),
    )
    with opener.open(club.front.url + "/_stcore/health", timeout=30) as response:
        response.read()
    cookies = {cookie.name: cookie.value or "" for cookie in jar}
    try:
        async with connect(
            club.front.url.replace("https://", "wss://", 1) + "/_stcore/stream",
            ssl=club.trust(),
            origin=Origin(origin),
            subprotocols=[Subprotocol("streamlit"), Subprotocol(cookies["_streamlit_xsrf"])],
            additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())},
            proxy=None,
            open_timeout=30,
        ) as socket:
            return socket.response.status_code
    except InvalidStatus as refused:
        return refused.response.status_code


def test_a_websocket_from_another_sites_page_is_refused(club: Club) -> None:
    # (With the recipe's old `--server.enableCORS false` the evil origin got 101.)
    assert asyncio.run(handshake(club, EVIL)) == 403
    assert asyncio.run(handshake(club, club.front.url)) == 101  # the page's own origin


def test_a_huge_websocket_frame_is_refused_before_it_is_read(club: Club) -> None:
    """A frame announcing 150 MB: the process closes the socket as soon as it reads the
    frame's header (with Streamlit's default 200 MB it would wait for, and buffer, it all)."""

    async def announce() -> int | None:
        async with connect(
            club.front.url.replace("https://", "wss://", 1) + "/_stcore/stream",
            ssl=club.trust(), origin=Origin(club.front.url), proxy=None, open_timeout=30,
            subprotocols=[Subprotocol("streamlit")],
        ) as socket:  # fmt: skip
            # FIN + binary, masked, a 64-bit length, the mask: the header alone, no payload.
            socket.transport.write(bytes([0x82, 0xFF]) + struct.pack("!Q", 150 * 10**6) + b"mask")
            try:
                async with asyncio.timeout(20):
                    while True:
                        await socket.recv()
            except ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
            except TimeoutError:
                return None

    assert asyncio.run(announce()) == 1009  # message too big


# --- the learner who moves to the other process ------------------------------------------------


def test_a_learner_moves_to_the_other_process_without_losing_anything(club: Club) -> None:
    access_log = club.front.folder / "access.log"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(  # the self-signed certificate, accepted as on a phone
            ignore_https_errors=True, viewport={"width": 1100, "height": 1000}
        )
        walk = Walk(context.new_page(), who="mover")
        page = walk.page
        url = club.front.url
        walk.open(f"{url}/profile")
        route = next(c for c in context.cookies() if c["name"] == "kj_route")
        assert route["secure"] and route["httpOnly"] and route["sameSite"] == "Lax"
        page.locator(SIGN_IN_NAME).fill("Mover")
        walk.click(page.get_by_role("button", name="Start"))
        expect(page.get_by_text("Playing as Mover").first).to_be_visible()
        walk.cookie_kept("kj_learner")
        kept = next(c for c in context.cookies() if c["name"] == "kj_learner")
        assert kept["secure"]  # over HTTPS the page writes its sign-in cookie Secure
        walk.open(f"{url}/drill")
        walk.click(page.get_by_role("button", name="Continue as Mover"))
        expect(page.get_by_text("Your hand")).to_be_visible()
        page.locator(PILLS).first.click()
        walk.click(page.get_by_role("button", name="Answer"))
        expect(page.get_by_text("Rule:").first).to_be_visible()
        first = serving(access_log, route["value"])
        assert len(set(first)) == 1  # the browser stayed with one process
        stopped = next(a for a in club.apps if port_of(a) == first[-1])
        os.kill(stopped.pid, signal.SIGTERM)  # that process goes away mid-evening

        # The page reconnects through nginx, now to the other process: a new session there.
        expect(page.get_by_role("button", name="Continue as Mover")).to_be_visible(timeout=60_000)
        walk.click(page.get_by_role("button", name="Continue as Mover"))
        # The drill's place came along: the answered puzzle, its stored reply locked.
        expect(page.get_by_text("Rule:").first).to_be_visible()
        expect(page.locator(PILLS).first).to_be_disabled()
        walk.click(page.get_by_role("button", name="Next puzzle"))
        expect(page.locator(PILLS).first).to_be_enabled()
        page.locator(PILLS).first.click()
        walk.click(page.get_by_role("button", name="Answer"))
        expect(page.get_by_text("Rule:").first).to_be_visible()
        browser.close()  # nginx logs a page connection when it closes
    other = next(port_of(a) for a in club.apps if a is not stopped)
    streams = serving(access_log, route["value"])
    assert streams[-1] == other and port_of(stopped) in streams  # served by both, in turn
    engine = make_engine(club.database)
    store = ProgressStore(engine)
    answers = store.answers(store.learner("Mover").id)
    assert len(answers) == 2  # one answered on each process, none lost
    assert len(store.learners()) == 1  # the same profile, not a second "Mover"
    engine.dispose()


# --- the live round across the processes ------------------------------------------------------


def stream_lines(url: str, context: ssl.SSLContext | None, heard: queue.Queue[str]) -> None:
    """Read a live stream's lines into `heard` (in a thread) until the server closes it."""
    with (
        contextlib.suppress(OSError),
        urllib.request.urlopen(url, context=context, timeout=60) as stream,
    ):
        for line in stream:
            heard.put(line.decode().strip())


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as response:
            return response.read() == b"ok"
    except OSError:
        return False


def next_news(heard: queue.Queue[str], within: float = 10.0) -> str:
    deadline = time.monotonic() + within
    while True:
        line = heard.get(timeout=max(0.01, deadline - time.monotonic()))
        if line.startswith("data: "):
            return line.removeprefix("data: ")


def test_a_round_started_anywhere_reaches_the_streams_of_both_processes(club: Club) -> None:
    """A change written to the database (here by neither process) reaches a stream held by
    each process within its tick, and one through nginx unbuffered, as it comes."""
    store = ProgressStore(make_engine(club.database))
    group = ClubStore(store).create_group("Live club", "amsterdam")
    listeners = [f"{app.url}/live/{group.id}" for app in club.apps if answers(app.url)]
    assert listeners  # (a test before may have stopped one of the two)
    listeners.append(f"{club.front.url}/live/{group.id}?answers=1")
    queues: list[queue.Queue[str]] = [queue.Queue() for _ in listeners]
    for url, heard in zip(listeners, queues, strict=True):
        context = club.trust() if url.startswith("https") else None
        threading.Thread(target=stream_lines, args=(url, context, heard), daemon=True).start()
    assert [next_news(heard) for heard in queues] == ["0"] * (len(queues) - 1) + ["0.0"]
    rounds = LiveRounds(store)
    live = rounds.start(group.id, [{"kind": "which-cards", "rule": "play.follow-suit",
                                    "rules": "amsterdam", "level": 1, "seed": 1}])  # fmt: skip
    news = [next_news(heard) for heard in queues]
    assert news == [str(live.version)] * (len(queues) - 1) + [f"{live.version}.0"]
    rounds.move(live, "shown")
    assert next_news(queues[-1]) == f"{live.version + 1}.0"
    store.engine.dispose()
