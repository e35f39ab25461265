"""Slowing down guessing: after a few wrong PINs or teacher passwords, each further try waits
longer (1, 2, 4 ... minutes, at most an hour), counted in the database so a restart or a second
browser does not reset it. A 4-digit PIN then takes years to find instead of minutes.

>>> FREE_TRIES, wait_after(FREE_TRIES).seconds, wait_after(FREE_TRIES + 20).seconds
(5, 60, 3600)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Final

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError

from klaverjas_trainer.storage.db import InputError, StorageError, reading, writing
from klaverjas_trainer.storage.schema import attempts

FREE_TRIES: Final = 5  # a learner mistyping a PIN is not slowed down at once
FIRST_WAIT: Final = timedelta(minutes=1)
LONGEST_WAIT: Final = timedelta(hours=1)


def wait_after(failures: int) -> timedelta:
    """The wait before the next try after `failures` wrong ones in a row."""
    if failures < FREE_TRIES:
        return timedelta(0)
    doublings = min(failures - FREE_TRIES, 12)  # 2**12 minutes is past the cap already
    wait: timedelta = FIRST_WAIT * (2**doublings)
    return min(wait, LONGEST_WAIT)


class TooManyTriesError(InputError):
    """A try while the target is still waiting: says for how many minutes."""

    def __init__(self, minutes: int) -> None:
        super().__init__("error-wait", f"too many wrong tries: wait {minutes} min", minutes=minutes)
        self.minutes = minutes


class Limiter:
    """Counts wrong tries per target ("pin:12", "teacher") in the database."""

    def __init__(self, engine: Engine, now: Callable[[], datetime]) -> None:
        self.engine, self.now = engine, now

    def check(self, target: str) -> None:
        """Raises `TooManyTriesError` while `target` must wait."""
        query = select(attempts.c.locked_until).where(attempts.c.target == target)
        with reading(self.engine) as connection:
            until = connection.execute(query).scalar()
        if until is None:
            return
        if until.tzinfo is None:  # SQLite hands timestamps back without their zone
            until = until.replace(tzinfo=UTC)
        left = until - self.now()
        if left > timedelta(0):
            raise TooManyTriesError(max(1, math.ceil(left.total_seconds() / 60)))

    def failed(self, target: str) -> None:
        """One more wrong try: from the free ones on, the next must wait."""
        try:
            self._count(target)
        except StorageError as error:
            if not isinstance(error.__cause__, IntegrityError):
                raise
            self._count(target)  # a try at the same moment made the row: count on it

    def _count(self, target: str) -> None:
        with writing(self.engine) as connection:
            row = connection.execute(
                select(attempts.c.failures).where(attempts.c.target == target)
            ).first()
            failures = 1 if row is None else row.failures + 1
            wait = wait_after(failures)
            values = {
                "failures": failures,
                "locked_until": self.now() + wait if wait else None,
            }
            if row is None:
                connection.execute(attempts.insert().values(target=target, **values))
            else:
                connection.execute(
                    attempts.update().where(attempts.c.target == target).values(**values)
                )

    def succeeded(self, target: str) -> None:
        """The right PIN or password: the count starts again."""
        with writing(self.engine) as connection:
            connection.execute(attempts.delete().where(attempts.c.target == target))
