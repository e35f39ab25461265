"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# CI runs more examples; a developer's quick run stays quick.
settings.register_profile("ci", max_examples=400, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def postgres_url() -> str:
    """The test PostgreSQL server's URL; CI must give one, elsewhere the test is skipped."""
    url = os.environ.get("KLAVERJAS_TEST_POSTGRES_URL", "")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI must provide KLAVERJAS_TEST_POSTGRES_URL (see .ci/run)")
        pytest.skip("no PostgreSQL server given (set KLAVERJAS_TEST_POSTGRES_URL)")
    return url
