"""The club server recipe (`python -m klaverjas_trainer.deploy`), as the security review asked:
HTTPS unless plain HTTP is asked for by name, a plain-HTTP port that only redirects, security
headers, a `Secure` route cookie, small request bodies and websocket messages, per-address
limits a club hall behind one router still gets through, and the client's address taken only
from nginx. The configuration is checked line by line, by `nginx -t`, and by Debian's nginx
in front of a tiny backend that records what reaches it (the real app behind it:
`tests/test_scale_out.py`)."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from klaverjas_trainer.deploy import (
    BACKEND_OPTIONS,
    CERT_FILE,
    KEY_FILE,
    Certificate,
    DeployError,
    Limits,
    backend_command,
    nginx_config,
    self_signed_certificate,
)
from klaverjas_trainer.deploy.__main__ import INSECURE_WARNING, main

from .streamlit_server import LOAD_TEST_LIMITS, NGINX, ROOT, Front, nginx_front

OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"
BACKENDS = ["--backend", "127.0.0.1:8501", "--backend", "127.0.0.1:8502"]


def needs(program: str) -> None:
    if not Path(program).exists():
        if os.environ.get("CI"):
            pytest.fail(f"CI must install Debian's {Path(program).name} (see .ci/run)")
        pytest.skip(f"{Path(program).name} is not installed")


def written(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """What the command wrote: the configuration and its notes on stderr."""
    assert main(argv) == 0
    out, err = capsys.readouterr()
    return out, err


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    return capsys.readouterr().err


# --- the configuration, line by line ----------------------------------------------------------

#: What the recipe writes by default, each line as nginx reads it.
TLS_DIRECTIVES = (
    "listen 0.0.0.0:443 ssl;",
    "ssl_protocols TLSv1.2 TLSv1.3;",
    'add_header Strict-Transport-Security "max-age=31536000" always;',
    "add_header X-Content-Type-Options nosniff always;",
    "add_header Referrer-Policy same-origin always;",
    "add_header X-Frame-Options SAMEORIGIN always;",
    'add_header Set-Cookie "kj_route=$kj_route; Path=/; Secure; HttpOnly; SameSite=Lax" always;',
    "proxy_cookie_flags ~ secure;",
    "server_tokens off;",
    "client_max_body_size 1m;",
    "limit_conn_zone $binary_remote_addr zone=kj_pages_open:10m;",
    "limit_req_zone $binary_remote_addr zone=kj_new_pages:10m rate=120r/m;",
    "limit_req_zone $binary_remote_addr zone=kj_requests:10m rate=50r/s;",
    "limit_conn kj_pages_open 100;",
    "limit_req zone=kj_new_pages burst=60 nodelay;",
    "limit_conn kj_requests_open 300;",
    "location ~ ^/(live|tables)/ {",  # the event streams: unbuffered, two a page
    "limit_conn kj_streams_open 200;",
    "proxy_buffering off;",
    "limit_req zone=kj_requests burst=5000 nodelay;",
    "limit_conn_status 429;",
    "limit_req_status 429;",
    "proxy_set_header Host $http_host;",
    "proxy_set_header X-Forwarded-For $remote_addr;",
    "proxy_set_header X-Real-IP $remote_addr;",
    'proxy_set_header Forwarded "";',
    "proxy_set_header Upgrade $http_upgrade;",
    "proxy_set_header Connection $connection_upgrade;",
    "proxy_read_timeout 12h;",
    "listen 0.0.0.0:80;",
    "return 301 https://192.168.1.10$request_uri;",
    "hash $kj_route consistent;",
    "server 127.0.0.1:8501 max_fails=1 fail_timeout=5s;",
    "server 127.0.0.1:8502 max_fails=1 fail_timeout=5s;",
)


def lines_of(conf: str) -> set[str]:
    return {line.split("#")[0].strip() for line in conf.splitlines()} - {""}


def test_https_is_the_default_with_every_header_and_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs(OPENSSL)
    tls = tmp_path / "tls"
    conf, notes = written(
        ["--self-signed", str(tls), "--server-name", "192.168.1.10", *BACKENDS,
         "--prefix", str(tmp_path)], capsys
    )  # fmt: skip
    lines = lines_of(conf)
    missing = [directive for directive in TLS_DIRECTIVES if directive not in lines]
    assert not missing
    assert f'ssl_certificate "{tls / CERT_FILE}";' in lines
    assert f'ssl_certificate_key "{tls / KEY_FILE}";' in lines
    assert not [line for line in lines if "TLSv1;" in line or "TLSv1.1" in line or "SSLv" in line]
    assert not [line for line in lines if "$proxy_add_x_forwarded_for" in line]  # no appending
    assert not re.search(r"@[A-Z_]+@", conf)  # every marker filled in
    assert "fingerprint" in notes and INSECURE_WARNING not in notes


def test_the_ports_can_be_chosen_and_the_redirect_keeps_the_https_port(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    needs(OPENSSL)
    conf, _ = written(
        ["--self-signed", str(tmp_path), "--server-name", "club.local", *BACKENDS,
         "--listen", "192.168.1.10:8443", "--http-listen", "192.168.1.10:8080",
         "--prefix", str(tmp_path)], capsys
    )  # fmt: skip
    lines = lines_of(conf)
    assert {"listen 192.168.1.10:8443 ssl;", "listen 192.168.1.10:8080;"} <= lines
    assert "return 301 https://club.local:8443$request_uri;" in lines


def test_plain_http_must_be_asked_for_by_name_and_warns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    conf, notes = written(["--insecure-http", *BACKENDS, "--prefix", str(tmp_path)], capsys)
    lines = lines_of(conf)
    assert "listen 127.0.0.1:80;" in lines
    assert not [line for line in lines if "ssl" in line or line.startswith("add_header Strict")]
    assert not [line for line in lines if "return 301" in line]
    assert 'add_header Set-Cookie "kj_route=$kj_route; Path=/; HttpOnly; SameSite=Lax" always;' in (
        lines
    )
    # The rest of the hardening stays on.
    assert {"server_tokens off;", "add_header X-Frame-Options SAMEORIGIN always;",
            "limit_conn kj_pages_open 100;", "proxy_set_header X-Forwarded-For $remote_addr;",
            } <= lines  # fmt: skip
    assert INSECURE_WARNING in notes
    _, notes = written(
        ["--insecure-http", "--listen", "0.0.0.0:80", *BACKENDS, "--prefix", str(tmp_path)], capsys
    )
    assert "0.0.0.0:80 is reachable from the network" in notes


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        ([], "give one of --cert FILE --key FILE, --self-signed DIR, --insecure-http"),
        (["--insecure-http", "--self-signed", "tls"], "give one of"),
        (["--cert", "club.crt"], "--cert and --key go together"),
        (["--cert", "missing.crt", "--key", "missing.key"], "missing.crt is not a file"),
        (["--insecure-http", "--server-name", "club.local"], "not with --insecure-http"),
        (["--insecure-http", "--http-listen", "0.0.0.0:80"], "not with --insecure-http"),
        (["--insecure-http", "--listen", "443"], "'443' is not host:port"),
        (["--insecure-http", "--listen", "a;b:80"], "'a;b:80' is not host:port"),
        (["--insecure-http", "--listen", "127.0.0.1:99999"], "is not host:port"),
    ],
)
def test_a_layout_that_cannot_work_is_refused_with_the_reason(
    argv: list[str],
    reason: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # relative file names land in tmp_path
    assert reason in refused([*argv, *BACKENDS, "--prefix", str(tmp_path)], capsys)


def test_a_real_certificate_is_used_as_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    cert.write_text("a certificate\n")
    key.write_text("its key\n")
    conf, _ = written(
        ["--cert", str(cert), "--key", str(key), "--server-name", "club.example.nl", *BACKENDS,
         "--prefix", str(tmp_path)], capsys
    )  # fmt: skip
    assert {f'ssl_certificate "{cert}";', f'ssl_certificate_key "{key}";'} <= lines_of(conf)


def test_the_redirect_goes_to_the_server_name_never_the_clients_host(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    cert.write_text("a certificate\n")
    key.write_text("its key\n")
    real = ["--cert", str(cert), "--key", str(key), *BACKENDS, "--prefix", str(tmp_path)]
    conf, _ = written([*real, "--server-name", "Club.Example.nl"], capsys)
    redirects = [line for line in lines_of(conf) if line.startswith("return 301")]
    assert redirects == ["return 301 https://club.example.nl$request_uri;"]  # not $host
    assert "--server-name" in refused(real, capsys)  # where else would it send browsers?
    for bad in ("evil.example$request_uri", "a b", "club.example.nl;"):
        assert "neither a host name nor an IP address" in refused(
            [*real, "--server-name", bad], capsys
        )
    v6 = nginx_config("0.0.0.0:443", ["127.0.0.1:8501"], tmp_path, tls=Certificate(cert, key),
                      redirect_from="0.0.0.0:80", server_name="2001:db8::1")  # fmt: skip
    assert "return 301 https://[2001:db8::1]$request_uri;" in lines_of(v6)
    with pytest.raises(DeployError, match="needs the server's name"):
        nginx_config("0.0.0.0:443", ["127.0.0.1:8501"], tmp_path, tls=Certificate(cert, key),
                     redirect_from="0.0.0.0:80")  # fmt: skip


@pytest.mark.parametrize("bad", ['/srv/"ng', "/srv/$ng", "/srv/n;g", "/srv/{ng}", "/srv/n\ng"])
def test_a_path_nginx_would_misread_is_refused(bad: str) -> None:
    with pytest.raises(DeployError, match="nginx cannot be given a path"):
        nginx_config("127.0.0.1:80", ["127.0.0.1:8501"], Path(bad), tls=None)


def test_a_redirect_needs_tls_and_limits_must_be_positive() -> None:
    with pytest.raises(DeployError, match="needs TLS"):
        nginx_config("127.0.0.1:80", ["127.0.0.1:8501"], Path("/srv"), tls=None,
                     redirect_from="127.0.0.1:8080")  # fmt: skip
    with pytest.raises(
        DeployError, match=re.escape("Limits.pages_open must be a whole number >= 1, not 0")
    ):
        Limits(pages_open=0)
    with pytest.raises(DeployError, match="at most 65535"):
        Limits(requests_open=70_000)


@pytest.mark.parametrize(
    ("tls", "limits"),
    [(True, Limits()), (False, Limits()), (False, LOAD_TEST_LIMITS)],
    ids=["https", "plain", "load-test-limits"],
)
def test_nginx_accepts_the_generated_configuration(
    tmp_path: Path, tls: bool, limits: Limits
) -> None:
    needs(NGINX)
    needs(OPENSSL)
    certificate = self_signed_certificate(tmp_path / "tls", ["192.168.1.10"]) if tls else None
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        nginx_config("0.0.0.0:443" if tls else "127.0.0.1:80", ["127.0.0.1:8501"], tmp_path,
                     tls=certificate, redirect_from="0.0.0.0:80" if tls else None,
                     server_name="192.168.1.10" if tls else None, limits=limits),
        encoding="utf-8",
    )  # fmt: skip
    checked = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(conf)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr


# --- the self-signed certificate --------------------------------------------------------------


def test_the_self_signed_certificate_names_the_server_and_is_kept(tmp_path: Path) -> None:
    needs(OPENSSL)
    folder = tmp_path / "tls"
    made = self_signed_certificate(folder, ["192.168.1.10", "Club.Local"])
    assert made == Certificate(folder / CERT_FILE, folder / KEY_FILE)
    shown = subprocess.run(
        [OPENSSL, "x509", "-in", str(made.cert), "-noout", "-ext",
         "subjectAltName,extendedKeyUsage", "-enddate"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "IP Address:192.168.1.10, DNS:club.local" in shown
    assert "TLS Web Server Authentication" in shown
    assert made.key.stat().st_mode & 0o077 == 0  # the key is the owner's alone
    before = made.cert.read_bytes()
    # Run again (the next evening): the same certificate, which the phones already accepted.
    assert self_signed_certificate(folder, ["club.local"]) == made
    assert made.cert.read_bytes() == before
    with pytest.raises(DeployError, match=re.escape("does not name IP:10.0.0.5")):
        self_signed_certificate(folder, ["10.0.0.5"])
    with pytest.raises(DeployError, match="neither a host name nor an IP address"):
        self_signed_certificate(tmp_path / "other", ["club.local,DNS:evil.example"])


# --- what the backends are told ----------------------------------------------------------------


def test_the_backends_keep_cors_and_xsrf_on_and_take_small_messages() -> None:
    options = dict(zip(BACKEND_OPTIONS[::2], BACKEND_OPTIONS[1::2], strict=True))
    assert options["--server.enableCORS"] == "true"
    assert options["--server.enableXsrfProtection"] == "true"
    assert 1 <= int(options["--server.maxMessageSize"]) <= 16  # MB; Streamlit's default is 200
    command = backend_command(8501)
    assert command[command.index("--server.address") + 1] == "127.0.0.1"


def test_one_process_without_the_recipe_takes_the_same_small_messages() -> None:
    # `streamlit run trainer_app.py` alone (the Quick start, a club laptop without nginx)
    # reads the project's own config, not the recipe's options: Streamlit's default websocket
    # message is 200 MB, which one phone could send to fill the server's memory.
    read = "from streamlit import config; print(*(config.get_option(f'server.{n}') for n in %r))"
    names = ["maxMessageSize", "maxUploadSize"]
    shown = subprocess.run(
        [sys.executable, "-c", read % names], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    options = dict(zip(BACKEND_OPTIONS[::2], BACKEND_OPTIONS[1::2], strict=True))
    assert shown == [options[f"--server.{name}"] for name in names]  # 8 and 1 MB, as behind nginx


def test_no_page_uploads_files_bigger_than_the_backends_accept() -> None:
    # maxUploadSize is 1 MB and nginx passes 1 MB bodies because nothing uploads: a page that
    # starts to must raise both (and say so in docs/running.md).
    pages = [*ROOT.joinpath("klaverjas_trainer").rglob("*.py"), ROOT / "trainer_app.py"]
    assert not [p for p in pages if "file_uploader(" in p.read_text(encoding="utf-8")]


def test_the_readme_starts_every_backend_with_the_recipe_options() -> None:
    readme = ROOT.joinpath("docs", "running.md").read_text(encoding="utf-8")
    section = readme.split("## Running a club server", 1)[1].split("\n## ", 1)[0]
    commands = re.sub(r"\\\n\s*", " ", section)  # continued lines joined
    options = re.search(r'^KJ_OPTIONS="([^"]*)"$', commands, re.MULTILINE)
    assert options and options[1].split() == list(BACKEND_OPTIONS)
    starts = [line for line in commands.splitlines() if "streamlit run trainer_app.py" in line]
    assert starts
    for line in starts:
        assert "$KJ_OPTIONS" in line and "--server.address 127.0.0.1" in line


# --- Debian's nginx in front of a backend that records what reaches it -------------------------


class Recorder(ThreadingHTTPServer):
    """A backend on 127.0.0.1 that records each request's headers and answers 200; a request
    for the page's websocket path is held until `release` (as a page stays connected)."""

    daemon_threads = True
    request_queue_size = 256

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Recording)
        self.seen: list[tuple[str, Message]] = []
        self.held = 0
        self.changed = threading.Condition()
        self.release = threading.Event()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.server_address[1]}"

    def wait_held(self, pages: list[Future[int]]) -> None:
        """Until every one of `pages` is held here, or one was answered without (refused)."""
        deadline = time.monotonic() + 30
        with self.changed:
            while self.held < len(pages) and not any(page.done() for page in pages):
                assert time.monotonic() < deadline, f"{self.held} of {len(pages)} pages held"
                self.changed.wait(0.1)


class _Recording(BaseHTTPRequestHandler):
    server: Recorder

    def do_GET(self) -> None:
        with self.server.changed:
            self.server.seen.append((self.path, self.headers))
            if self.path == "/_stcore/stream":
                self.server.held += 1
            self.server.changed.notify_all()
        if self.path == "/_stcore/stream":
            self.server.release.wait(60)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    do_POST = do_GET  # noqa: N815 - the name http.server calls

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def recorder() -> Iterator[Recorder]:
    backend = Recorder()
    thread = threading.Thread(target=backend.serve_forever, daemon=True)
    thread.start()
    try:
        yield backend
    finally:
        backend.release.set()
        backend.shutdown()
        backend.server_close()


def connection(front: Front) -> http.client.HTTPSConnection:
    """A client that trusts the recipe's self-signed certificate (and checks it names the
    address it is reached by)."""
    trust = ssl.create_default_context(cafile=front.folder / "tls" / CERT_FILE)
    address = urlsplit(front.url)
    assert address.hostname and address.port
    return http.client.HTTPSConnection(address.hostname, address.port, context=trust, timeout=60)


def get(front: Front, path: str, headers: dict[str, str] | None = None) -> int:
    client = connection(front)
    try:
        client.request("GET", path, headers=headers or {})
        response = client.getresponse()
        response.read()
        return response.status
    finally:
        client.close()


@pytest.fixture
def club_front(recorder: Recorder, tmp_path: Path) -> Iterator[Front]:
    """The recipe's HTTPS and club limits in front of the recorder."""
    needs(NGINX)
    needs(OPENSSL)
    with nginx_front([recorder.address], tmp_path, tls=True, limits=Limits()) as front:
        yield front


def test_the_backend_sees_the_address_nginx_saw_not_the_one_the_client_claims(
    recorder: Recorder, club_front: Front
) -> None:
    claims = {"X-Forwarded-For": "6.6.6.6", "X-Real-IP": "6.6.6.6", "Forwarded": "for=6.6.6.6"}
    assert get(club_front, "/profile", claims) == 200
    [(path, headers)] = recorder.seen
    assert path == "/profile"
    assert headers.get_all("X-Forwarded-For") == ["127.0.0.1"]  # replaced, not appended to
    assert headers.get_all("X-Real-IP") == ["127.0.0.1"]
    assert headers.get("Forwarded") is None
    assert headers.get("X-Forwarded-Proto") == "https"
    # The Host the browser used, with its port: Streamlit compares a websocket's Origin to it.
    assert headers.get("Host") == urlsplit(club_front.url).netloc


def test_a_club_hall_behind_one_address_gets_in(recorder: Recorder, club_front: Front) -> None:
    """40 phones behind the hall's router open the app at once: each fetches about 100 files
    (a first visit; measured with chromium through nginx) and opens the page's websocket."""
    phones = 40

    def first_visit(_: int) -> list[int]:
        client = connection(club_front)  # one kept-alive connection, as a browser has
        try:
            statuses = []
            for _file in range(100):
                client.request("GET", "/static/js/a-file.js")
                response = client.getresponse()
                response.read()
                statuses.append(response.status)
            return statuses
        finally:
            client.close()

    with ThreadPoolExecutor(max_workers=2 * phones) as pool:
        pages = [pool.submit(get, club_front, "/_stcore/stream") for _ in range(phones)]
        recorder.wait_held(pages)
        refused = [page.result() for page in pages if page.done()]
        visits = list(pool.map(first_visit, range(phones)))
        recorder.release.set()
        assert not refused  # every page connected at once
        assert [page.result() for page in pages] == [200] * phones
    assert {status for statuses in visits for status in statuses} == {200}


def test_beyond_the_limits_nginx_answers_429(recorder: Recorder, tmp_path: Path) -> None:
    needs(NGINX)
    needs(OPENSSL)
    small = Limits(pages_open=2, requests_per_second=1, requests_burst=5)
    with (
        nginx_front([recorder.address], tmp_path, tls=True, limits=small) as front,
        ThreadPoolExecutor(max_workers=2) as pool,
    ):
        held = [pool.submit(get, front, "/_stcore/stream") for _ in range(2)]
        recorder.wait_held(held)
        assert get(front, "/_stcore/stream") == 429  # a third page from the same address
        recorder.release.set()
        assert [page.result() for page in held] == [200, 200]
        started = time.monotonic()
        statuses = [get(front, "/profile") for _ in range(20)]
        allowed = 1 + 5 + int(time.monotonic() - started) + 1  # burst, and what the rate adds
        assert statuses.count(200) <= allowed
        assert statuses[:6] == [200] * 6 and 429 in statuses


def test_the_redirect_ignores_the_host_the_client_sends(
    recorder: Recorder, club_front: Front
) -> None:
    assert club_front.redirect_url is not None
    plain = urlsplit(club_front.redirect_url)
    assert plain.hostname and plain.port
    client = http.client.HTTPConnection(plain.hostname, plain.port, timeout=30)
    try:
        client.request("GET", "/drill", headers={"Host": "evil.example"})
        response = client.getresponse()
        response.read()
    finally:
        client.close()
    assert response.status == 301
    assert response.getheader("Location") == f"{club_front.url}/drill"
    assert not recorder.seen


def test_a_large_request_body_is_refused_before_the_backend(
    recorder: Recorder, club_front: Front
) -> None:
    client = connection(club_front)
    try:
        client.request("POST", "/_stcore/upload_file", body=b"x" * (2 * 2**20))
        response = client.getresponse()
        response.read()
    finally:
        client.close()
    assert response.status == 413
    assert not recorder.seen
