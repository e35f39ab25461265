"""``python -m klaverjas_trainer.deploy --listen 0.0.0.0:80 --backend 127.0.0.1:8501
--backend 127.0.0.1:8502 --prefix /var/lib/klaverjas-nginx > nginx.conf`` writes the nginx
configuration for a server with two trainer processes (see README, "Running a club server")."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from klaverjas_trainer.deploy import DeployError, nginx_config


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--listen", required=True, help="host:port nginx listens on")
    parser.add_argument("--backend", action="append", required=True, help="host:port, repeat")
    parser.add_argument("--prefix", type=Path, required=True, help="nginx's pid, logs, temp")
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(nginx_config(args.listen, args.backend, args.prefix))
    except DeployError as error:
        parser.error(str(error))
    return 0


if __name__ == "__main__":
    sys.exit(main())
