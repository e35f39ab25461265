"""Running the real app for browser tests and benchmarks: `streamlit run` on a free port of
127.0.0.1 with its own data folder, stopped afterwards."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class RunningApp:
    url: str
    pid: int  # the server process, e.g. to read its memory


@contextmanager
def running_app(
    data: Path, *options: str, env: dict[str, str] | None = None, timeout: float = 60
) -> Iterator[RunningApp]:
    """The app once its health check answers; `options` go to `streamlit run`."""
    settings = {**os.environ, **(env or {}), "KLAVERJAS_DATA_DIR": str(data)}
    settings.pop("KLAVERJAS_DATABASE_URL", None)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "trainer_app.py", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port), *options],
        cwd=ROOT, env=settings, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
                    if response.read() == b"ok":
                        break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit did not start within {timeout:.0f} s") from None
                time.sleep(0.1)
        yield RunningApp(url, process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)
