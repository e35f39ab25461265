"""Operator commands: ``python -m klaverjas_trainer.storage teacher-password`` sets (or
replaces) the club's teacher password, asked twice on the terminal or read from standard
input, so it never has to be chosen in a web page anyone can open; ``setup-code`` prints the
one-time code for the Club page while no password is set; ``clear-waits`` ends the wait that
wrong teacher passwords put on the Club page's sign-in (a locked-out teacher's way back)."""

from __future__ import annotations

import argparse
import getpass
import sys

from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.db import InputError, StorageError
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
    parser.add_argument("command", choices=["teacher-password", "setup-code", "clear-waits"])
    args = parser.parse_args(argv)
    try:
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
