"""Running the real app for browser tests and benchmarks: `streamlit run` on a free port of
127.0.0.1 with its own data folder, stopped afterwards; nginx in front of several such
processes; a throw-away PostgreSQL database for them."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text

from klaverjas_trainer.deploy import nginx_config

ROOT = Path(__file__).resolve().parent.parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


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
    data: Path,
    *options: str,
    env: dict[str, str] | None = None,
    timeout: float = 60,
    root: Path = ROOT,
) -> Iterator[RunningApp]:
    """The app once its health check answers; `options` go to `streamlit run`; `root` is the
    checkout to run (another one: a benchmark's "before")."""
    settings = {**os.environ, **(env or {}), "KLAVERJAS_DATA_DIR": str(data)}
    if "KLAVERJAS_DATABASE_URL" not in (env or {}):  # SQLite in `data` unless a URL is given
        settings.pop("KLAVERJAS_DATABASE_URL", None)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "trainer_app.py", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port), *options],
        cwd=root, env=settings, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
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


@contextmanager
def nginx_in_front(backends: list[str], folder: Path) -> Iterator[str]:
    """nginx on a free port of 127.0.0.1 with the shipped configuration; its URL."""
    port = free_port()
    conf = folder / "nginx.conf"
    conf.write_text(nginx_config(f"127.0.0.1:{port}", backends, folder), encoding="utf-8")
    process = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError((folder / "error.log").read_text()) from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=20)


@contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """A database of its own on the test server (the processes migrate it on start), dropped
    afterwards."""
    name = f"scale_{secrets.token_hex(4)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()
