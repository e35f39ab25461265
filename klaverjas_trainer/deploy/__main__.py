"""Write the nginx configuration for a club server (see docs/running.md, "Running a club server").

``python -m klaverjas_trainer.deploy --self-signed /var/lib/klaverjas-nginx/tls
--server-name 192.168.1.10 --backend 127.0.0.1:8501 --backend 127.0.0.1:8502
--prefix /var/lib/klaverjas-nginx > klaverjas.conf``: HTTPS on port 443 with a self-signed
certificate for a club laptop, plain HTTP on port 80 only redirecting there. With a real
certificate (e.g. Let's Encrypt's) give ``--cert fullchain.pem --key privkey.pem`` instead,
with the name it is for as ``--server-name`` (plain HTTP redirects to that name)."""

from __future__ import annotations

import argparse
import ipaddress
import sys
from pathlib import Path

from klaverjas_trainer.deploy import (
    Certificate,
    DeployError,
    fingerprint,
    nginx_config,
    self_signed_certificate,
)

HTTPS_LISTEN, REDIRECT_LISTEN, PLAIN_LISTEN = "0.0.0.0:443", "0.0.0.0:80", "127.0.0.1:80"
INSECURE_WARNING = (
    "warning: --insecure-http: nginx serves plain HTTP, so the teacher's password, PINs and "
    "sign-in cookies cross the network unencrypted. Use it only for a server reached from "
    "this machine (localhost) or in tests; give --self-signed DIR or --cert/--key otherwise."
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", action="append", required=True, help="host:port, repeat")
    parser.add_argument("--prefix", type=Path, required=True, help="nginx's pid, logs, temp")
    parser.add_argument(
        "--listen", help=f"host:port for HTTPS (default {HTTPS_LISTEN}; plain {PLAIN_LISTEN})"
    )
    parser.add_argument(
        "--http-listen", help=f"host:port for plain HTTP that redirects (default {REDIRECT_LISTEN})"
    )
    tls = parser.add_argument_group("TLS: one of --cert/--key, --self-signed, --insecure-http")
    tls.add_argument("--cert", type=Path, help="certificate file (with its chain), PEM")
    tls.add_argument("--key", type=Path, help="its private key, PEM")
    tls.add_argument(
        "--self-signed", type=Path, metavar="DIR",
        help="use (or first make, with openssl) a self-signed certificate in DIR",
    )  # fmt: skip
    tls.add_argument(
        "--server-name", action="append", default=[], metavar="NAME",
        help="a host name or IP address the phones use (the first: where plain HTTP "
        "redirects; all: the names of --self-signed's certificate); repeat",
    )  # fmt: skip
    tls.add_argument(
        "--insecure-http", action="store_true",
        help="plain HTTP, no TLS: only for a server reached from this machine, or tests",
    )  # fmt: skip
    args = parser.parse_args(argv)
    try:
        certificate = _certificate(args)
        if certificate is None and args.http_listen:
            raise DeployError("--http-listen redirects to HTTPS: not with --insecure-http")
        listen = args.listen or (HTTPS_LISTEN if certificate else PLAIN_LISTEN)
        conf = nginx_config(
            listen,
            args.backend,
            args.prefix,
            tls=certificate,
            redirect_from=(args.http_listen or REDIRECT_LISTEN) if certificate else None,
            server_name=args.server_name[0] if args.server_name else None,
        )
    except DeployError as error:
        parser.error(str(error))
    if certificate is None:
        print(INSECURE_WARNING, file=sys.stderr)
        if not _loopback(listen):
            print(f"warning: {listen} is reachable from the network", file=sys.stderr)
    sys.stdout.write(conf)
    return 0


def _certificate(args: argparse.Namespace) -> Certificate | None:
    """The certificate the arguments name (made first for --self-signed); None for
    --insecure-http."""
    chosen = [bool(args.cert or args.key), bool(args.self_signed), args.insecure_http]
    if sum(chosen) != 1:
        raise DeployError("give one of --cert FILE --key FILE, --self-signed DIR, --insecure-http")
    if args.insecure_http:
        if args.server_name:
            raise DeployError("--server-name names the HTTPS server: not with --insecure-http")
        return None
    if args.self_signed:
        certificate = self_signed_certificate(args.self_signed, args.server_name)
        print(
            f"certificate {certificate.cert} for {', '.join(args.server_name)}; SHA-256 "
            f"fingerprint {fingerprint(certificate.cert)}",
            file=sys.stderr,
        )
        return certificate
    if not (args.cert and args.key):
        raise DeployError("--cert and --key go together")
    for path in (args.cert, args.key):
        if not path.is_file():
            raise DeployError(f"{path} is not a file")
    if not args.server_name:
        raise DeployError(
            "give --server-name: the host name or IP address the phones use (plain HTTP "
            "redirects there, never to the Host a request claims)"
        )
    return Certificate(args.cert, args.key)


def _loopback(address: str) -> bool:
    host = address.rpartition(":")[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


if __name__ == "__main__":
    sys.exit(main())
