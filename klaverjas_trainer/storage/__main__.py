"""Operator commands: ``python -m klaverjas_trainer.storage teacher-password`` sets (or
replaces) the club's teacher password, asked twice on the terminal or read from standard
input, so it never has to be chosen in a web page anyone can open; ``setup-code`` prints the
one-time code for the Club page while no password is set; ``clear-waits`` ends the wait that
wrong teacher passwords put on the Club page's sign-in (a locked-out teacher's way back);
``backup FILE`` copies the SQLite database while learners answer, and ``restore FILE
[--replace]`` puts a backup back (see docs/running.md, "Backups")."""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from klaverjas_trainer.storage.backup import backup, restore
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.db import InputError, StorageError, database_url
from klaverjas_trainer.storage.store import ProgressStore


def read_password() -> str:
    if not sys.stdin.isatty():  # piped: the first line
        return sys.stdin.readline().rstrip("\n")
    first = getpass.getpass("New teacher password: ")
    if getpass.getpass("Once more: ") != first:
        raise InputError("passwords-differ", "the two passwords differ")
    return first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m klaverjas_trainer.storage")
    parser.add_argument(
        "command", choices=["teacher-password", "setup-code", "clear-waits", "backup", "restore"]
    )
    parser.add_argument("file", nargs="?", type=Path, help="the backup (backup, restore)")
    parser.add_argument(
        "--replace", action="store_true", help="restore: replace the database that is there"
    )
    args = parser.parse_args(argv)
    if (args.command in ("backup", "restore")) != (args.file is not None):
        parser.error("backup and restore need a FILE; the other commands take none")
    try:
        if args.command == "backup":
            count = backup(database_url(), args.file)
            print(f"{count} answers backed up to {args.file}")
            return 0
        if args.command == "restore":
            count, kept = restore(args.file, database_url(), replace=args.replace)
            if kept is not None:
                print(f"the database that was there is kept as {kept}")
            print(f"{count} answers restored from {args.file}")
            return 0
        clubs = ClubStore(ProgressStore())
        if args.command == "setup-code":
            code = clubs.setup_code()
            print(code if code else "a teacher password is already set: no set-up code")
            return 0
        if args.command == "clear-waits":
            clubs.clear_teacher_wait()
            print("the teacher password can be tried again at once")
            return 0
        clubs.set_teacher_password(read_password(), replace=True)
    except (InputError, StorageError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("the teacher password is set")
    return 0


if __name__ == "__main__":
    sys.exit(main())
