"""Running a club or federation server: N trainer processes behind nginx, one PostgreSQL.

`nginx_config` fills in the shipped `nginx.conf`: HTTPS (or, asked for by name, plain HTTP),
sticky routes by cookie, websockets, failover to the next process, security headers and
per-address limits. `self_signed_certificate` makes the certificate for a club laptop that has
no real one; `backend_command` is how each process is started. Nothing here runs a server
itself: the operator's service manager (or the test) does.

>>> tls = Certificate(Path("/srv/tls/club.crt"), Path("/srv/tls/club.key"))
>>> conf = nginx_config("0.0.0.0:443", ["127.0.0.1:8501", "127.0.0.1:8502"], Path("/srv/ng"),
...                     tls=tls, redirect_from="0.0.0.0:80", server_name="club.example.nl")
>>> conf.count("server 127.0.0.1:85"), "listen 0.0.0.0:443 ssl;" in conf
(2, True)
>>> "return 301 https://club.example.nl$request_uri;" in conf
True
"""

from __future__ import annotations

import ipaddress
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Final

TEMPLATE: Final = Path(__file__).with_name("nginx.conf")
#: Streamlit settings every process behind the proxy needs.
BACKEND_OPTIONS: Final = (
    "--server.headless", "true",
    # Stated, not left to a config file: a websocket is accepted only from the page's own
    # origin (Origin = the Host nginx passes on), and the XSRF token guards the rest.
    "--server.enableCORS", "true",
    "--server.enableXsrfProtection", "true",
    # MB per websocket message, either way: the pages send a few KB (no uploads), and a
    # bigger frame is refused from its header, before it is read into memory.
    "--server.maxMessageSize", "8",
    "--server.maxUploadSize", "1",  # MB; the app has no file uploads
)  # fmt: skip
#: The files `self_signed_certificate` keeps in its folder.
CERT_FILE, KEY_FILE = "klaverjas.crt", "klaverjas.key"
_DNS_NAME = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*$")
_UNSAFE_IN_HOST = re.compile(r"[\"'$;{}\\#\s]")  # what nginx would read as syntax
_UNSAFE_IN_PATH = re.compile(r"[\"'$;{}\\#\x00-\x1f]")  # a quoted path may hold spaces
_MARKER = re.compile(r"@[A-Z_]+@")
MAX_OPEN: Final = 65535  # the most nginx's limit_conn takes


class DeployError(ValueError):
    """A server layout that cannot work; the message says which part."""


@dataclass(frozen=True)
class Certificate:
    """A TLS certificate (with its chain, for a real one) and its private key, as files."""

    cert: Path
    key: Path


@dataclass(frozen=True)
class Limits:
    """What one client address may take (nginx answers 429 beyond it). A club hall's phones
    often share one address behind its router, so the defaults let 40 phones in at once."""

    pages_open: int = 100  # page websockets open at once; each is a session, ~0.6 MB
    pages_per_minute: int = 120  # new page websockets, after the burst
    pages_burst: int = 60  # new page websockets at once: a hall opening the app together
    requests_open: int = 300  # other requests in progress at once (a browser opens up to 6)
    requests_per_second: int = 50  # other requests, after the burst
    requests_burst: int = 5000  # a first visit fetches ~100 files (cached after): 40 phones
    body_mb: int = 1  # the largest request body passed on; the app has no uploads

    def __post_init__(self) -> None:
        for field in fields(self):
            if not isinstance(value := getattr(self, field.name), int) or value < 1:
                raise DeployError(f"Limits.{field.name} must be a whole number >= 1, not {value!r}")
        for name in ("pages_open", "requests_open"):
            if getattr(self, name) > MAX_OPEN:
                raise DeployError(f"Limits.{name} must be at most {MAX_OPEN} (nginx's limit_conn)")


def nginx_config(
    listen: str,
    backends: Sequence[str],
    prefix: Path,
    *,
    tls: Certificate | None,
    redirect_from: str | None = None,
    server_name: str | None = None,
    limits: Limits = Limits(),
) -> str:
    """nginx.conf for `backends` (``host:port`` each) behind `listen`, with TLS from `tls`
    (``None``: plain HTTP, for a server reached only from its own machine); `redirect_from`
    is a plain-HTTP ``host:port`` that only sends browsers to the HTTPS address at
    `server_name` (a host name or IP address). nginx's pid, logs and temporary files go to
    `prefix`."""
    if not backends:
        raise DeployError("at least one backend (host:port) is needed")
    if redirect_from is not None and tls is None:
        raise DeployError("a redirect to HTTPS needs TLS (a certificate)")
    if redirect_from is not None and server_name is None:
        # Not the client's Host: a redirect that echoes it sends a browser wherever the
        # request said (a poisoned cache, a link through the club's address to elsewhere).
        raise DeployError("a redirect to HTTPS needs the server's name (--server-name)")
    for address in (listen, *backends, *([redirect_from] if redirect_from else [])):
        _check_address(address)
    servers = "\n".join(
        f"        server {address} max_fails=1 fail_timeout=5s;" for address in backends
    )
    port = listen.rpartition(":")[2]
    values = {
        "@PREFIX@": _nginx_path(prefix),
        "@SERVERS@": servers,
        "@REDIRECT@": (
            "" if redirect_from is None else _redirect(redirect_from, port, server_name or "")
        ),
        "@LISTEN@": f"{listen} ssl" if tls else listen,
        "@TLS@": _plain() if tls is None else _tls(tls),
        "@SECURE@": " Secure;" if tls else "",
        **{f"@{name.upper()}@": str(value) for name, value in asdict(limits).items()},
        # a page holds up to two event streams: the live round's and its table's
        "@STREAMS_OPEN@": str(min(2 * limits.pages_open, MAX_OPEN)),
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    if left := set(_MARKER.findall(text)) - values.keys():
        raise DeployError(f"nginx.conf has markers nothing fills in: {sorted(left)}")
    return _MARKER.sub(lambda marker: values[marker[0]], text)  # one pass: values stay as given


def _check_address(address: str) -> None:
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536 or _UNSAFE_IN_HOST.search(host):
        raise DeployError(f"{address!r} is not host:port")


def _nginx_path(path: Path) -> str:
    """An absolute path for nginx to read inside double quotes; one it would read differently
    is refused."""
    text = str(path.resolve())
    if _UNSAFE_IN_PATH.search(text):
        raise DeployError(f"{text!r}: nginx cannot be given a path with quotes, $, ; or braces")
    return text


def _tls(certificate: Certificate) -> str:
    return f"""\
        ssl_certificate "{_nginx_path(certificate.cert)}";
        ssl_certificate_key "{_nginx_path(certificate.key)}";
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;
        ssl_prefer_server_ciphers off;
        ssl_session_cache shared:kj_tls:10m;
        ssl_session_timeout 1d;
        ssl_session_tickets off;
        # Browsers keep to HTTPS for this host from now on (not for a bare IP address, and
        # not while a self-signed certificate is only accepted past the warning).
        add_header Strict-Transport-Security "max-age=31536000" always;
        # Streamlit's own cookie (the XSRF token) travels only over HTTPS too.
        proxy_cookie_flags ~ secure;"""  # noqa: E501 - one cipher list, as nginx reads it


def _plain() -> str:
    return """\
        # PLAIN HTTP (--insecure-http): passwords, PINs and cookies cross the network
        # unencrypted. Only for a server reached from this machine (localhost) or in tests."""


def _redirect(address: str, https_port: str, server_name: str) -> str:
    port = "" if https_port == "443" else f":{https_port}"
    return f"""
    # Plain HTTP only sends the browser to HTTPS (a phone typing the bare address lands here),
    # at the server's own name: never the Host the request claims.
    server {{
        listen {address};
        location / {{
            return 301 https://{_url_host(server_name)}{port}$request_uri;
        }}
    }}
"""


def _url_host(name: str) -> str:
    """A server name as a URL's host (an IPv6 address in brackets); anything else refused."""
    kind, _, value = _subject_name(name).partition(":")
    return f"[{value}]" if kind == "IP" and ":" in value else value


def backend_command(port: int, address: str = "127.0.0.1") -> list[str]:
    """The command line of one trainer process listening on `address:port` (only nginx, on
    the same machine, should reach it: it trusts the client address nginx passes on)."""
    return [
        sys.executable, "-m", "streamlit", "run", "trainer_app.py", *BACKEND_OPTIONS,
        "--server.address", address, "--server.port", str(port),
    ]  # fmt: skip


# --- a self-signed certificate for a club laptop ----------------------------------------------


def self_signed_certificate(folder: Path, names: Sequence[str], *, days: int = 825) -> Certificate:
    """The certificate in `folder` for `names` (host names or IP addresses the phones use),
    made with openssl if there is none yet; an existing one is kept (the phones accepted it)
    if it names every one of `names`. 825 days is the longest Apple's phones accept."""
    if not names:
        raise DeployError("a self-signed certificate needs the server's name or IP address")
    wanted = [_subject_name(name) for name in names]
    certificate = Certificate(folder / CERT_FILE, folder / KEY_FILE)
    openssl = shutil.which("openssl")
    if openssl is None:
        raise DeployError("making a self-signed certificate needs openssl (apt install openssl)")
    present = [path.exists() for path in (certificate.cert, certificate.key)]
    if all(present):
        named = _names_in(openssl, certificate.cert)
        if missing := [name for name in wanted if name not in named]:
            raise DeployError(
                f"{certificate.cert} does not name {', '.join(missing)} (it names "
                f"{', '.join(sorted(named)) or 'nothing'}): delete it and its key to make a new "
                "one (every phone then accepts the new one once)"
            )
        return certificate
    if any(present):
        raise DeployError(f"{folder} holds only one of {CERT_FILE} and {KEY_FILE}: remove it")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    common = names[0] if len(names[0]) <= 64 else "klaverjas-trainer"
    command = [
        openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
        "-nodes", "-sha256", "-days", str(days), "-subj", f"/CN={common}",
        "-addext", f"subjectAltName={','.join(wanted)}",
        "-addext", "basicConstraints=critical,CA:FALSE",
        "-addext", "keyUsage=critical,digitalSignature",
        "-addext", "extendedKeyUsage=serverAuth",
        "-keyout", str(certificate.key), "-out", str(certificate.cert),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise DeployError(f"openssl could not make the certificate: {done.stderr.strip()}")
    certificate.key.chmod(0o600)
    return certificate


def fingerprint(cert: Path) -> str:
    """The certificate's SHA-256 fingerprint, as a phone's warning page shows it."""
    done = _openssl_x509(cert, "-fingerprint", "-sha256")
    return done.partition("=")[2].strip()


def _subject_name(name: str) -> str:
    """``IP:...`` or ``DNS:...`` for subjectAltName; anything else is refused."""
    try:
        return f"IP:{ipaddress.ip_address(name)}"
    except ValueError:
        pass
    if len(name) > 253 or not _DNS_NAME.match(name):
        raise DeployError(f"{name!r} is neither a host name nor an IP address") from None
    return f"DNS:{name.lower()}"


def _names_in(openssl: str, cert: Path) -> set[str]:
    """The subjectAltName entries of `cert`, written as `_subject_name` writes them."""
    text = _openssl_x509(cert, "-ext", "subjectAltName", openssl=openssl)
    entries = ",".join(line for line in text.splitlines() if "Subject Alternative" not in line)
    named = set()
    for entry in entries.split(","):
        kind, _, value = entry.strip().partition(":")
        if kind == "DNS":
            named.add(f"DNS:{value.lower()}")
        elif kind == "IP Address":
            named.add(f"IP:{ipaddress.ip_address(value)}")
    return named


def _openssl_x509(cert: Path, *options: str, openssl: str = "openssl") -> str:
    done = subprocess.run(
        [openssl, "x509", "-in", str(cert), "-noout", *options],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise DeployError(f"{cert} is not a certificate openssl can read: {done.stderr.strip()}")
    return done.stdout
