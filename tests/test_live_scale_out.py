"""A live round on the recipe's two processes behind nginx, in chromium: the process two phones
are on stops mid-round; their pages and event streams reconnect through nginx to the other
process, they follow the round there, and no answer is lost."""

from __future__ import annotations

import os
import secrets
import signal
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect, sync_playwright

from klaverjas_trainer.deploy import BACKEND_OPTIONS
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.live import LiveRounds

from .conftest import postgres_url
from .streamlit_server import NGINX, RunningApp, fresh_database, nginx_front, running_app
from .test_live_round import Room, answer
from .test_scale_out import port_of
from .walk import CHROMIUM, CHROMIUM_ARGS, VIEWPORTS, Walk


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[str, str, list[RunningApp], Path]]:
    """Two processes on a fresh PostgreSQL database behind nginx (plain HTTP): the front's
    URL, the database, the processes and nginx's access log."""
    if not Path(NGINX).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's nginx (see .ci/run)")
        pytest.skip("nginx is not installed")
    env = {"STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(16)}
    with fresh_database(postgres_url()) as database, ExitStack() as stack:
        env["KLAVERJAS_DATABASE_URL"] = database
        apps = [
            stack.enter_context(running_app(tmp_path / f"data{n}", *BACKEND_OPTIONS, env=env))
            for n in range(2)
        ]
        (tmp_path / "nginx").mkdir()
        front = stack.enter_context(
            nginx_front([port_of(a) for a in apps], tmp_path / "nginx", tls=False)
        )
        yield front.url, database, apps, front.folder / "access.log"


def upstream_of(access_log: Path, route: str) -> str:
    """The process that answered the browser with `route` last (a line per request:
    ``time route upstream status uri``)."""
    lines = [line.split() for line in access_log.read_text(encoding="utf-8").splitlines()]
    return [fields[2] for fields in lines if fields[1] == route][-1].rstrip(",")


class DatabaseRoom(Room):
    """The round seen in the shared PostgreSQL database."""

    def __init__(self, database: str) -> None:
        self.club = ClubStore(ProgressStore(make_engine(database)))
        self.group = self.club.create_group("Live club", "amsterdam")
        self.rounds = LiveRounds(self.club.store)


def member(
    context: BrowserContext, url: str, code: str, name: str, who: str = "live-mover"
) -> Walk:
    """A member who joins by the join link (group `code`) and opens the round from the
    invitation (a round is on)."""
    walk = Walk(context.new_page(), who=who, name=name)
    walk.open(f"{url}/profile?join={code}")
    walk.page.locator(".st-key-join_name input").fill(name)
    walk.click(".st-key-join_button button")
    walk.click(walk.page.locator(".st-key-live-invite a"))
    return walk


def test_phones_follow_the_round_to_the_other_process_and_lose_no_answer(
    pair: tuple[str, str, list[RunningApp], Path],
) -> None:
    """Two phones on the process that stops: one has answered, one is still looking at the
    puzzle (its page's last run was a whole page's, after which Streamlit's page would not ask
    for a run on its own: `reconnect.py`). Both are asked to go on as themselves at once."""
    url, database, apps, access_log = pair
    room = DatabaseRoom(database)
    live = room.rounds.start(room.group.id, [
        {"kind": "which-cards", "rule": "play.follow-suit", "rules": "amsterdam", "level": 1,
         "seed": seed} for seed in (3, 4)
    ])  # fmt: skip
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=VIEWPORTS["phone"])
        mover = member(context, url, room.group.code, "Mover")
        answer(mover, room, right=True)
        route = next(c for c in context.cookies() if c["name"] == "kj_route")
        beside = browser.new_context(viewport=VIEWPORTS["phone"])
        beside.add_cookies([{"name": "kj_route", "value": route["value"], "url": url}])
        waiter = member(beside, url, room.group.code, "Waiter")  # the same route: the same process
        stopped = next(a for a in apps if port_of(a) == upstream_of(access_log, route["value"]))
        os.kill(stopped.pid, signal.SIGTERM)  # their process goes away mid-round

        for walk in (mover, waiter):  # reconnected through nginx, each asked at once
            again = walk.page.get_by_role("button", name=f"Continue as {walk.name} · Live club")
            expect(again).to_be_visible(timeout=60_000)
            walk.click(again)
        answer(waiter, room, right=True)  # the first puzzle, on the other process
        live = room.rounds.move(room.rounds.move(live, "shown"), "asking", 1)
        for walk in (mover, waiter):
            answer(walk, room, right=False)  # the next puzzle, on the other process
        browser.close()
    members = {m.name: m for m in room.club.members(room.group.id)}
    for name in ("Mover", "Waiter"):
        assert len(room.club.store.answers(members[name].id)) == 2  # none lost
    assert len(room.rounds.answers(live.id)) == 4  # two puzzles, two members
    room.club.store.engine.dispose()
