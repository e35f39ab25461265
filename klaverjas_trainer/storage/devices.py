"""Browsers that signed in before. A stranger who knows a group's join code could otherwise
give wrong PINs (or wrong teacher passwords) until everyone waits: the limits count per
learner, per group and per client, and those waits would hold the rightful learner or teacher
out too. A browser that once signed in with the right PIN or password keeps a device token
(a cookie, a year); a try from it may go on while those wait, `DEVICE_TRIES` times a day for
the browser (`Limiter.claim`), so strangers' tries never lock it out. Its tries still count on
the person, the group and the client like anyone's: a copied token, or a shared laptop known
for many members, gets no day of guesses of its own.

>>> from sqlalchemy import create_engine
>>> from klaverjas_trainer.storage.schema import migrate
>>> from klaverjas_trainer.storage.store import utc_now
>>> engine = create_engine("sqlite://"); _ = migrate(engine)
>>> devices = Devices(engine, Tokens(engine, utc_now))
>>> token = devices.remember(None, "teacher", 0)
>>> devices.target(token, "teacher", 0).startswith("device:"), devices.target(token, "learner", 7)
(True, None)
"""

from __future__ import annotations

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError

from klaverjas_trainer.storage.db import StorageError, reading, writing
from klaverjas_trainer.storage.schema import known_devices
from klaverjas_trainer.storage.tokens import Tokens


class Devices:
    """Which learner or teacher signed in from which browser."""

    def __init__(self, engine: Engine, tokens: Tokens) -> None:
        self.engine, self.tokens = engine, tokens

    def target(self, token: object, kind: str, subject: int) -> str | None:
        """The limits' count of this browser's own tries ("device:<id>:<kind>", one for all
        the people it signed in as, so a shared laptop has one) when it has signed in as
        `subject` before; None for any other browser (a stranger, a new phone)."""
        device = self.tokens.sign_in_of(token, "device")
        if device is None:
            return None
        query = select(known_devices.c.device).where(
            known_devices.c.device == device,
            known_devices.c.kind == kind,
            known_devices.c.subject == subject,
        )
        with reading(self.engine) as connection:
            known = connection.execute(query).first()
        # Per browser and kind, not per person: ten members on one laptop get one day's tries
        # past the group's wait, not ten (teacher passwords are counted apart from PINs).
        return None if known is None else f"device:{device}:{kind}"

    def remember(self, token: object, kind: str, subject: int) -> str:
        """After a right PIN or password: this browser is known for `subject`. The browser's
        device token, or a new one if it has none that holds (to keep in its cookie)."""
        device = self.tokens.sign_in_of(token, "device")
        if device is None:
            token = self.tokens.issue("device", 0)
            device = str(token).split(".")[3]
        try:
            with writing(self.engine) as connection:
                connection.execute(
                    known_devices.insert().values(
                        device=device, kind=kind, subject=subject, created_at=self.tokens.now()
                    )
                )
        except StorageError as error:
            if not isinstance(error.__cause__, IntegrityError):
                raise  # else: known already
        return str(token)

    def forget(self, kind: str, subject: int) -> None:
        """No browser is known for `subject` any more (signed out everywhere, a new PIN)."""
        with writing(self.engine) as connection:
            connection.execute(
                known_devices.delete().where(
                    known_devices.c.kind == kind, known_devices.c.subject == subject
                )
            )
