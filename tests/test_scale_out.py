"""Two trainer processes behind Debian's nginx with one PostgreSQL, as a club or federation
server runs them: a learner's browser stays with its process, and when that process stops the
browser reconnects through nginx to the other one, where the learner continues (signed in by
the device's token) with every answer kept."""

from __future__ import annotations

import os
import secrets
import signal
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from klaverjas_trainer.storage import ProgressStore, make_engine

from .conftest import postgres_url
from .streamlit_server import NGINX, RunningApp, fresh_database, nginx_in_front, running_app
from .test_browser import CHROMIUM, CHROMIUM_ARGS, SIGN_IN_NAME

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
PILLS = "[data-testid='stForm'] button[data-variant='pills']"


def serving(access_log: Path) -> list[str]:
    """The backend that served each page connection (Streamlit's websocket), in the order
    they closed; a line is ``time upstream[, upstream ...] status uri``, the last upstream
    being the one that answered after nginx tried the ones before."""
    lines = access_log.read_text(encoding="utf-8").splitlines()
    return [line.split()[-3] for line in lines if line.endswith(" /_stcore/stream")]


def port_of(app: RunningApp) -> str:
    return app.url.removeprefix("http://")


def test_a_learner_moves_to_the_other_process_without_losing_anything(tmp_path: Path) -> None:
    if not Path(NGINX).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's nginx (see .ci/run)")
        pytest.skip("nginx is not installed")
    with fresh_database(postgres_url()) as database:
        moves_and_keeps_everything(database, tmp_path)


def moves_and_keeps_everything(database: str, tmp_path: Path) -> None:
    env = {
        "KLAVERJAS_DATABASE_URL": database,
        "STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(16),  # the same for every process
    }
    with ExitStack() as stack:
        apps = [stack.enter_context(running_app(tmp_path / f"data{n}", env=env)) for n in range(2)]
        (tmp_path / "nginx").mkdir()
        url = stack.enter_context(nginx_in_front([port_of(a) for a in apps], tmp_path / "nginx"))
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 1000})
        idle = page.locator(IDLE)
        page.goto(f"{url}/profile")
        expect(idle).to_be_visible(timeout=30_000)
        page.locator(SIGN_IN_NAME).fill("Mover")
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_text("Playing as Mover").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)  # the sign-in cookie is written after the run
        page.goto(f"{url}/drill")
        page.get_by_role("button", name="Continue as Mover").click()
        expect(page.get_by_text("Your hand")).to_be_visible(timeout=30_000)
        page.locator(PILLS).first.click()
        page.get_by_role("button", name="Answer").click()
        expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
        first = serving(tmp_path / "nginx" / "access.log")
        assert len(set(first)) == 1  # the browser stayed with one process
        stopped = next(a for a in apps if port_of(a) == first[-1])
        os.kill(stopped.pid, signal.SIGTERM)  # that process goes away mid-evening

        # The page reconnects through nginx, now to the other process: a new session there.
        expect(page.get_by_role("button", name="Continue as Mover")).to_be_visible(timeout=60_000)
        page.get_by_role("button", name="Continue as Mover").click()
        # The drill's place came along: the answered puzzle, its stored reply locked.
        expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
        expect(page.locator(PILLS).first).to_be_disabled()
        page.get_by_role("button", name="Next puzzle").click()
        expect(page.locator(PILLS).first).to_be_enabled(timeout=30_000)
        page.locator(PILLS).first.click()
        page.get_by_role("button", name="Answer").click()
        expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        browser.close()  # nginx logs a page connection when it closes
        other = next(port_of(a) for a in apps if a is not stopped)
        streams = serving(tmp_path / "nginx" / "access.log")
        assert streams[-1] == other and port_of(stopped) in streams  # served by both, in turn
    engine = make_engine(database)
    store = ProgressStore(engine)
    answers = store.answers(store.learner("Mover").id)
    assert len(answers) == 2  # one answered on each process, none lost
    assert len(store.learners()) == 1  # the same profile, not a second "Mover"
    engine.dispose()
