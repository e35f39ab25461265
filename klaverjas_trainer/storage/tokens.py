"""Signed sign-in tokens a browser keeps (in a cookie), so a reload or next week's visit does
not sign a learner out, and the projector keeps its teacher for the evening.

A token is ``<kind>.<subject>.<issued>.<signature>``, signed with HMAC-SHA256 under a secret
the server makes once and keeps in the database, so every process of a scaled-out server
accepts the others' tokens. A teacher token also signs a fingerprint of the teacher password:
a new password ends every teacher sign-in made with the old one.

>>> from datetime import UTC, datetime
>>> from sqlalchemy import create_engine
>>> from klaverjas_trainer.storage.schema import migrate
>>> engine = create_engine("sqlite://"); _ = migrate(engine)
>>> tokens = Tokens(engine, lambda: datetime(2026, 12, 1, tzinfo=UTC))
>>> tokens.verify(tokens.issue("learner", 7), "learner")
7
>>> tokens.verify(tokens.issue("learner", 7) + "x", "learner") is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError

from klaverjas_trainer.storage.db import StorageError, reading, writing
from klaverjas_trainer.storage.schema import app_settings

SECRET_KEY: Final = "token_secret"
#: How long a device remembers: a learner for half a year, a teacher for one club evening.
LIFETIMES: Final = {"learner": timedelta(days=180), "teacher": timedelta(hours=12)}


class Tokens:
    """Issue and check sign-in tokens; `now` is the store's clock."""

    def __init__(self, engine: Engine, now: Callable[[], datetime]) -> None:
        self.engine, self.now = engine, now
        self._known: bytes | None = None  # the secret never changes once stored

    def issue(self, kind: str, subject: int, fingerprint: str = "") -> str:
        """A token for `subject` (a learner id; 0 for the teacher)."""
        if kind not in LIFETIMES:
            raise ValueError(f"unknown token kind {kind!r}")
        body = f"{kind}.{subject}.{int(self.now().timestamp())}"
        return f"{body}.{self._sign(body, fingerprint)}"

    def verify(self, token: object, kind: str, fingerprint: str = "") -> int | None:
        """The subject of a valid, unexpired token of `kind`; None for anything else."""
        if not isinstance(token, str) or len(token) > 200:
            return None
        parts = token.split(".")
        if len(parts) != 4 or parts[0] != kind or not parts[1].isdigit():
            return None
        if not parts[2].isdigit():
            return None
        body = ".".join(parts[:3])
        if not hmac.compare_digest(parts[3], self._sign(body, fingerprint)):
            return None
        age = self.now().timestamp() - int(parts[2])
        if not 0 <= age <= LIFETIMES[kind].total_seconds():
            return None
        return int(parts[1])

    def _sign(self, body: str, fingerprint: str) -> str:
        message = f"{body}|{fingerprint}".encode()
        return hmac.new(self._secret(), message, hashlib.sha256).hexdigest()[:32]

    def _secret(self) -> bytes:
        """The server's signing secret, made on first use (the first process to store it wins,
        so concurrent start-ups agree on one)."""
        if self._known is None:
            self._known = self._stored() or self._store_new()
        return self._known

    def _store_new(self) -> bytes:
        try:
            with writing(self.engine) as connection:
                connection.execute(
                    app_settings.insert().values(key=SECRET_KEY, value=secrets.token_hex(32))
                )
        except StorageError as error:
            if not isinstance(error.__cause__, IntegrityError):
                raise
        stored = self._stored()
        if stored is None:
            raise StorageError("the sign-in secret could not be stored")
        return stored

    def _stored(self) -> bytes | None:
        query = select(app_settings.c.value).where(app_settings.c.key == SECRET_KEY)
        with reading(self.engine) as connection:
            value = connection.execute(query).scalar()
        return None if value is None else bytes.fromhex(str(value))


def fingerprint(secret: str) -> str:
    """A short, one-way mark of the teacher password (or its stored hash) to sign with."""
    return hashlib.sha256(secret.encode()).hexdigest()[:16]
