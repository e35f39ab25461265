"""Running a club or federation server: N trainer processes behind nginx, one PostgreSQL.

`nginx_config` fills in the shipped `nginx.conf` (sticky routes by cookie, websockets, failover
to the next process); `backend_command` is how each process is started. Nothing here runs a
process itself: the operator's service manager (or the test) does.

>>> conf = nginx_config("127.0.0.1:8500", ["127.0.0.1:8501", "127.0.0.1:8502"], Path("/srv/ng"))
>>> conf.count("server 127.0.0.1:85"), "listen 127.0.0.1:8500;" in conf
(2, True)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

TEMPLATE: Final = Path(__file__).with_name("nginx.conf")
#: Streamlit settings every process behind the proxy needs.
BACKEND_OPTIONS: Final = (
    "--server.headless", "true",
    "--server.enableCORS", "false",  # the browser talks to nginx's address, not the process's
)  # fmt: skip


class DeployError(ValueError):
    """A server layout that cannot work; the message says which part."""


def nginx_config(listen: str, backends: Sequence[str], prefix: Path) -> str:
    """nginx.conf for `backends` (``host:port`` each) behind `listen`; nginx's pid, logs and
    temporary files go to `prefix`."""
    if not backends:
        raise DeployError("at least one backend (host:port) is needed")
    for address in (listen, *backends):
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            raise DeployError(f"{address!r} is not host:port")
    servers = "\n".join(
        f"        server {address} max_fails=1 fail_timeout=5s;" for address in backends
    )
    text = TEMPLATE.read_text(encoding="utf-8")
    return (
        text.replace("@SERVERS@", servers)
        .replace("@LISTEN@", listen)
        .replace("@PREFIX@", str(prefix))
    )


def backend_command(port: int, address: str = "127.0.0.1") -> list[str]:
    """The command line of one trainer process listening on `address:port`."""
    return [
        sys.executable, "-m", "streamlit", "run", "trainer_app.py", *BACKEND_OPTIONS,
        "--server.address", address, "--server.port", str(port),
    ]  # fmt: skip
