"""Signed sign-in tokens a browser keeps (in a cookie), so a reload or next week's visit does
not sign a learner out, and the projector keeps its teacher for the evening.

A token is ``<kind>.<subject>.<issued>.<sign-in>.<signature>``, signed with HMAC-SHA256 under a
secret the server makes once and keeps in the database, so every process of a scaled-out
server accepts the others' tokens. Each token names a sign-in kept in the database (table
``sign_ins``): signing out ends it there, so a copied cookie, another tab or a reload brings
nobody back; a teacher's sign-in also ends after its idle time. A teacher token also signs a
fingerprint of the teacher password: a new password ends every teacher sign-in made with the
old one.

>>> from datetime import UTC, datetime
>>> from sqlalchemy import create_engine
>>> from klaverjas_trainer.storage.schema import migrate
>>> engine = create_engine("sqlite://"); _ = migrate(engine)
>>> tokens = Tokens(engine, lambda: datetime(2026, 12, 1, tzinfo=UTC))
>>> token = tokens.issue("learner", 7)
>>> tokens.verify(token, "learner"), tokens.verify(token + "x", "learner")
(7, None)
>>> tokens.end(token); tokens.verify(token, "learner") is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import Connection, Engine, and_, bindparam, select
from sqlalchemy.exc import IntegrityError

from klaverjas_trainer.storage.db import StorageError, reading, writing
from klaverjas_trainer.storage.schema import app_settings, sign_ins

SECRET_KEY: Final = "token_secret"
#: How long a device remembers: a learner for half a year, a teacher for one club evening.
#: A device token marks a browser that signed in before (see `devices`), for a year.
LIFETIMES: Final = {
    "learner": timedelta(days=180),
    "teacher": timedelta(hours=12),
    "device": timedelta(days=365),
}

#: A sign-in that has not ended, built once: the frame and the drill's board check one on every
#: run, and building (and keying) the statement anew cost SQLAlchemy more than running it.
_LIVE: Final = and_(
    sign_ins.c.id == bindparam("sign_in"),
    sign_ins.c.kind == bindparam("kind"),
    sign_ins.c.subject == bindparam("subject"),
    sign_ins.c.ended_at.is_(None),
)
_IS_LIVE: Final = select(sign_ins.c.id).where(_LIVE)


class SignInEndedError(Exception):
    """A write made only while a sign-in holds was refused: that sign-in has ended (signed out
    on another device, a new PIN). Nothing was written."""


class Tokens:
    """Issue and check sign-in tokens; `now` is the store's clock."""

    def __init__(self, engine: Engine, now: Callable[[], datetime]) -> None:
        self.engine, self.now = engine, now
        self._known: bytes | None = None  # the secret never changes once stored

    def issue(self, kind: str, subject: int, fingerprint: str = "") -> str:
        """A token for `subject` (a learner id; 0 for the teacher), and its sign-in kept."""
        if kind not in LIFETIMES:
            raise ValueError(f"unknown token kind {kind!r}")
        now = self.now()
        sign_in = secrets.token_hex(12)
        with writing(self.engine) as connection:
            connection.execute(
                sign_ins.insert().values(
                    id=sign_in, kind=kind, subject=subject, created_at=now, seen_at=now
                )
            )
        body = f"{kind}.{subject}.{int(now.timestamp())}.{sign_in}"
        return f"{body}.{self._sign(body, fingerprint)}"

    def verify(
        self, token: object, kind: str, fingerprint: str = "", *, idle: timedelta | None = None
    ) -> int | None:
        """The subject of a valid, unexpired token of `kind` whose sign-in has not ended;
        None for anything else. With `idle`, a sign-in unused for longer ends now, and one in
        use counts as used again."""
        parts = self._checked(token, kind, fingerprint)
        if parts is None:
            return None
        subject, sign_in = int(parts[1]), parts[3]
        if idle is None:
            with reading(self.engine) as connection:
                return self._live(connection, parts)
        live = and_(
            sign_ins.c.id == sign_in,
            sign_ins.c.kind == kind,
            sign_ins.c.subject == subject,
            sign_ins.c.ended_at.is_(None),
        )
        now = self.now()
        with writing(self.engine) as connection:  # writes only: no read to race with
            used = sign_ins.update().where(live, sign_ins.c.seen_at >= now - idle)
            if connection.execute(used.values(seen_at=now)).rowcount:
                return subject
            connection.execute(sign_ins.update().where(live).values(ended_at=now))
        return None

    def verify_in(self, connection: Connection, token: object, kind: str) -> int | None:
        """`verify` (with no idle time) in the caller's transaction: a write that must be made
        only while a sign-in holds checks it there, with no connection of its own."""
        parts = self._checked(token, kind, "")
        return None if parts is None else self._live(connection, parts)

    @staticmethod
    def _live(connection: Connection, parts: list[str]) -> int | None:
        """The subject of a checked token's parts, while its sign-in has not ended."""
        which = {"sign_in": parts[3], "kind": parts[0], "subject": int(parts[1])}
        found = connection.execute(_IS_LIVE, which).first()
        return None if found is None else int(parts[1])

    def sign_in_of(self, token: object, kind: str) -> str | None:
        """The sign-in id a valid token of `kind` names, while that sign-in holds."""
        if self.verify(token, kind) is None:
            return None
        assert isinstance(token, str)  # verified
        return token.split(".")[3]

    def _checked(self, token: object, kind: str, fingerprint: str) -> list[str] | None:
        """The token's parts if it is well formed, signed by this server and unexpired."""
        # ASCII only: hmac.compare_digest raises TypeError on other characters, and
        # str.isdigit lets through digits that int() cannot read ("¹").
        if not isinstance(token, str) or len(token) > 200 or not token.isascii():
            return None
        parts = token.split(".")
        if len(parts) != 5 or parts[0] != kind or not parts[1].isdigit():
            return None
        if not parts[2].isdigit() or not parts[3].isalnum():
            return None
        body = ".".join(parts[:4])
        if not hmac.compare_digest(parts[4], self._sign(body, fingerprint)):
            return None
        age = self.now().timestamp() - int(parts[2])
        if not 0 <= age <= LIFETIMES[kind].total_seconds():
            return None
        return parts

    def end(self, token: object) -> None:
        """Sign out with this token: its sign-in ends on the server (any copy is refused)."""
        if not isinstance(token, str) or token.count(".") != 4:
            return
        sign_in = token.split(".")[3]
        with writing(self.engine) as connection:
            connection.execute(
                sign_ins.update()
                .where(sign_ins.c.id == sign_in, sign_ins.c.ended_at.is_(None))
                .values(ended_at=self.now())
            )

    def end_all(self, kind: str, subject: int) -> None:
        """Sign `subject` out everywhere (a new PIN or password, "Sign out everywhere")."""
        with writing(self.engine) as connection:
            connection.execute(
                sign_ins.update()
                .where(
                    sign_ins.c.kind == kind,
                    sign_ins.c.subject == subject,
                    sign_ins.c.ended_at.is_(None),
                )
                .values(ended_at=self.now())
            )

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
