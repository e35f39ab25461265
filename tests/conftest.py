"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Final

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import create_engine, text

from klaverjas_trainer.storage import passwords

from .walk import CHROMIUM, CHROMIUM_ARGS

# CI runs more examples; a developer's quick run stays quick.
settings.register_profile("ci", max_examples=400, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database URL: a SQLite file, then a database of its own on the test server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'trainer.sqlite3'}"
        return
    from .streamlit_server import fresh_database  # noqa: PLC0415 (only with a server)

    with fresh_database(postgres_url()) as url:
        yield url


def postgres_url() -> str:
    """A database on the test PostgreSQL server for this process: CI must give the server,
    elsewhere the test is skipped. Each pytest-xdist worker has a database of its own, since
    tests empty theirs (`DROP SCHEMA public`) while other workers' tests run."""
    url = os.environ.get("KLAVERJAS_TEST_POSTGRES_URL", "")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI must provide KLAVERJAS_TEST_POSTGRES_URL (see .ci/run)")
        pytest.skip("no PostgreSQL server given (set KLAVERJAS_TEST_POSTGRES_URL)")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return _worker_database(url, worker) if worker else url


@cache
def _worker_database(url: str, worker: str) -> str:
    """`url` with the database `<its name>_<worker>`, created when it is not there yet."""
    base, name = url.rsplit("/", 1)
    own = f"{name}_{worker}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            found = connection.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": own}
            ).first()
            if found is None:
                connection.execute(text(f'CREATE DATABASE "{own}"'))
    finally:
        admin.dispose()
    return f"{base}/{own}"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app's data folder for an AppTest flow: a SQLite database of its own in `tmp_path`."""
    monkeypatch.delenv("KLAVERJAS_DATABASE_URL", raising=False)
    monkeypatch.setenv("KLAVERJAS_DATA_DIR", str(tmp_path))
    yield tmp_path


#: The scrypt cost of hashes made in the tests: cheap, since a day of guesses checks a PIN
#: hundreds of times (each hash keeps its cost, so a server started by a test checks them too).
#: The race tests keep the real cost: a slow check is the window they try to slip through.
CHEAP_HASH: Final = passwords.Cost(2**4, 1, 1)
REAL_HASH_COST_FILES: Final = frozenset({"test_guessing_race.py", "test_concurrent_start.py"})


@pytest.fixture(autouse=True)
def cheap_hashes(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.path.name not in REAL_HASH_COST_FILES:
        monkeypatch.setattr(passwords, "new_hash_cost", CHEAP_HASH)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium, one per test module (the browser matrices open a context per walk)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium (see .ci/run)")
        pytest.skip("chromium is not installed")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


#: Files whose tests take longest (the browser walks, a day of guesses), longest first: they
#: are handed out first, so the short tests fill the workers around them instead of a long one
#: starting last (measured with `--durations`).
LONG_FIRST: Final = (
    "test_learner_matrix.py", "test_accessibility.py", "test_browser_coach.py",
    "test_club_matrix.py", "test_limits.py", "test_one_answer.py", "test_browser_reports.py",
    "test_browser.py", "test_browser_revoke.py", "test_guessing_race.py", "test_scale_out.py",
    "test_browser_journey.py", "test_explanations.py", "test_lock_out.py", "test_table.py",
    "test_browser_phone_club.py", "test_browser_larger_text.py", "test_browser_table.py",
    "test_live_round.py",
    "test_deploy_recipe.py",
    "test_guessing_server.py", "test_load_ws.py",
)  # fmt: skip


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long files' tests first (in the order above), then the others as collected."""
    rank = {name: place for place, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))
