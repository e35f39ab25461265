"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import os

from hypothesis import settings

# CI runs more examples; a developer's quick run stays quick.
settings.register_profile("ci", max_examples=400, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
