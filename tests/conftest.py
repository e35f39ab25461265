"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, sync_playwright

from .test_browser import CHROMIUM, CHROMIUM_ARGS

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
    """The test PostgreSQL server's URL; CI must give one, elsewhere the test is skipped."""
    url = os.environ.get("KLAVERJAS_TEST_POSTGRES_URL", "")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI must provide KLAVERJAS_TEST_POSTGRES_URL (see .ci/run)")
        pytest.skip("no PostgreSQL server given (set KLAVERJAS_TEST_POSTGRES_URL)")
    return url


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
