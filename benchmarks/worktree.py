"""An older commit checked out beside this one, so a benchmark compares before and after in
one run on the same machine."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def checkout(revision: str) -> Iterator[Path]:
    """`revision` in a temporary git worktree (removed afterwards)."""
    folder = Path(tempfile.mkdtemp(prefix="kj-before-"))
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(folder), revision],
                   cwd=ROOT, check=True)  # fmt: skip
    try:
        yield folder
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, check=True)
