"""The app's own words, from ``texts.toml`` (rule texts come from the core)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path


@cache
def _texts() -> dict[str, str]:
    return tomllib.loads((Path(__file__).parent / "texts.toml").read_text(encoding="utf-8"))


def t(key: str, **fields: object) -> str:
    """The text for `key` with its fields filled in; a missing key is a bug, so it raises."""
    return _texts()[key].format(**fields)
