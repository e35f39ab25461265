"""A live round on the recipe's two processes behind nginx, in chromium: the process a phone
is on stops mid-round; the phone's page and its event stream reconnect through nginx to the
other process, it follows the round there, and no answer is lost."""

from __future__ import annotations

import os
import secrets
import signal
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

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


def test_a_phone_follows_the_round_to_the_other_process_and_loses_no_answer(
    pair: tuple[str, str, list[RunningApp], Path],
) -> None:
    url, database, apps, access_log = pair
    room = DatabaseRoom(database)
    live = room.rounds.start(room.group.id, [
        {"kind": "which-cards", "rule": "play.follow-suit", "rules": "amsterdam", "level": 1,
         "seed": seed} for seed in (3, 4)
    ])  # fmt: skip
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=VIEWPORTS["phone"])
        walk = Walk(context.new_page(), who="live-mover")
        page = walk.page
        walk.open(f"{url}/profile?join={room.group.code}")
        page.locator(".st-key-join_name input").fill("Mover")
        walk.click(".st-key-join_button button")
        walk.click(page.locator(".st-key-live-invite a"))
        answer(walk, room, right=True)
        route = next(c for c in context.cookies() if c["name"] == "kj_route")["value"]
        stopped = next(a for a in apps if port_of(a) == upstream_of(access_log, route))
        os.kill(stopped.pid, signal.SIGTERM)  # the phone's process goes away mid-round

        live = room.rounds.move(room.rounds.move(live, "shown"), "asking", 1)  # on the other
        again = page.get_by_role("button", name="Continue as Mover · Live club")
        expect(again).to_be_visible(timeout=60_000)  # reconnected through nginx
        walk.click(again)
        answer(walk, room, right=False)  # the next puzzle, on the other process
        browser.close()
    members = room.club.members(room.group.id)
    (mover,) = [m for m in members if m.name == "Mover"]
    assert len(room.club.store.answers(mover.id)) == 2  # one on each process, none lost
    assert len(room.rounds.answers(live.id)) == 2
    room.club.store.engine.dispose()
