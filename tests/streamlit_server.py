"""Running the real app for browser tests and benchmarks: `streamlit run` on a free port of
127.0.0.1 with its own data folder, stopped afterwards; nginx in front of several such
processes; a throw-away PostgreSQL database for them."""

from __future__ import annotations

import itertools
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
from typing import Final

from sqlalchemy import create_engine, text

from klaverjas_trainer.deploy import MAX_OPEN, Limits, nginx_config, self_signed_certificate

ROOT = Path(__file__).resolve().parent.parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


#: Ports below Linux's ephemeral range (32768-60999), so no client socket takes one; each
#: pytest-xdist worker draws from a block of its own, so two workers never race for a port
#: that both saw free.
PORTS_FROM: Final = 20_000
PORTS_PER_WORKER: Final = 500
_next_port = itertools.count()


def worker_number() -> int:
    """The pytest-xdist worker running this process (gw3 is 3); 0 outside xdist."""
    number = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    return int(number) if number.isdigit() else 0


def free_port() -> int:
    """A port of this worker's block that nothing listens on now."""
    block = PORTS_FROM + worker_number() * PORTS_PER_WORKER
    for _ in range(PORTS_PER_WORKER):
        port = block + next(_next_port) % PORTS_PER_WORKER
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use (a server of an earlier test still closing, or another program)
            return port
    raise RuntimeError(f"no free port in {block}..{block + PORTS_PER_WORKER - 1}")


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
                if process.poll() is not None:
                    raise RuntimeError(f"streamlit exited with {process.returncode}") from None
                if time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit did not start within {timeout:.0f} s") from None
                time.sleep(0.1)
        yield RunningApp(url, process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)


#: A load test's simulated learners all come from 127.0.0.1, one address: the club limits
#: (`Limits()`, 40 phones behind one router) would refuse most of them.
LOAD_TEST_LIMITS = Limits(
    pages_open=MAX_OPEN, pages_per_minute=6_000_000, pages_burst=100_000,
    requests_open=MAX_OPEN, requests_per_second=100_000, requests_burst=1_000_000,
)  # fmt: skip


@dataclass(frozen=True)
class Front:
    """nginx in front of the processes: its URL (https:// with TLS), the plain-HTTP address
    that redirects to it (with TLS), and its folder (access.log, error.log, the certificate)."""

    url: str
    redirect_url: str | None
    folder: Path


@contextmanager
def nginx_front(
    backends: list[str], folder: Path, *, tls: bool, limits: Limits = LOAD_TEST_LIMITS
) -> Iterator[Front]:
    """nginx on free ports of 127.0.0.1 with the shipped configuration: with `tls`, HTTPS
    with a self-signed certificate made in `folder` and plain HTTP redirecting to it."""
    port = free_port()
    certificate = (
        self_signed_certificate(folder / "tls", ["127.0.0.1", "localhost"]) if tls else None
    )
    redirect = free_port() if tls else None
    conf = folder / "nginx.conf"
    conf.write_text(
        nginx_config(
            f"127.0.0.1:{port}", backends, folder, tls=certificate, limits=limits,
            redirect_from=f"127.0.0.1:{redirect}" if redirect else None,
            server_name="127.0.0.1" if redirect else None,
        ),
        encoding="utf-8",
    )  # fmt: skip
    process = subprocess.Popen(
        [NGINX, "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(conf),
         "-g", "daemon off;"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        for waiting in [p for p in (port, redirect) if p is not None]:
            while True:
                try:
                    socket.create_connection(("127.0.0.1", waiting), timeout=1).close()
                    break
                except OSError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        raise RuntimeError((folder / "error.log").read_text()) from None
                    time.sleep(0.1)
        scheme = "https" if tls else "http"
        yield Front(
            f"{scheme}://127.0.0.1:{port}",
            f"http://127.0.0.1:{redirect}" if redirect else None,
            folder,
        )
    finally:
        process.terminate()
        process.wait(timeout=20)


@contextmanager
def nginx_in_front(
    backends: list[str], folder: Path, *, tls: bool = False, limits: Limits = LOAD_TEST_LIMITS
) -> Iterator[str]:
    """nginx on a free port of 127.0.0.1 with the shipped configuration; its URL. Plain HTTP
    and limits for a crowd from one address by default: what the load benchmarks measure."""
    with nginx_front(backends, folder, tls=tls, limits=limits) as front:
        yield front.url


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
