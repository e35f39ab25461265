"""Slowing down guessing: after a few wrong PINs or teacher passwords, each further try waits
longer (1, 2, 4 ... minutes, at most an hour), counted in the database so a restart or a second
browser does not reset it. A 4-digit PIN then takes years to find instead of minutes.

Wrong PINs are counted three ways: per learner (the right PIN starts that count again), and
over a day per group and per client, which a right PIN does not reset, so guessing one PIN for
each of many members, or from one connection across groups, is slowed down as well.

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
#: Wrong PINs a whole group, or one client (a club hall shares one address), may make in a day
#: before each further one waits: a club evening of mistyped PINs stays well inside it.
FREE_SHARED_TRIES: Final = 40
SHARED_WINDOW: Final = timedelta(days=1)
FIRST_WAIT: Final = timedelta(minutes=1)
LONGEST_WAIT: Final = timedelta(hours=1)


def wait_after(failures: int, free: int = FREE_TRIES) -> timedelta:
    """The wait before the next try after `failures` wrong ones in a row."""
    if failures < free:
        return timedelta(0)
    doublings = min(failures - free, 12)  # 2**12 minutes is past the cap already
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
        left = _aware(until) - self.now()
        if left > timedelta(0):
            raise TooManyTriesError(max(1, math.ceil(left.total_seconds() / 60)))

    def failed(self, target: str, *, shared: bool = False) -> None:
        """One more wrong try: from the free ones on, the next must wait. A `shared` target
        (a group, a client) counts over a day and allows more free tries."""
        try:
            self._count(target, shared)
        except StorageError as error:
            if not isinstance(error.__cause__, IntegrityError):
                raise
            self._count(target, shared)  # a try at the same moment made the row: count on it

    def _count(self, target: str, shared: bool) -> None:
        now = self.now()
        with writing(self.engine) as connection:
            row = connection.execute(
                select(attempts.c.failures, attempts.c.window_start).where(
                    attempts.c.target == target
                )
            ).first()
            failures = 1 if row is None else row.failures + 1
            start = now if row is None or row.window_start is None else _aware(row.window_start)
            if shared and now - start >= SHARED_WINDOW:
                failures, start = 1, now  # a new day: the group's count starts again
            wait = wait_after(failures, FREE_SHARED_TRIES if shared else FREE_TRIES)
            values = {
                "failures": failures,
                "locked_until": now + wait if wait else None,
                "window_start": start if shared else None,
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


def _aware(moment: datetime) -> datetime:
    """SQLite hands timestamps back without their zone: they are stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
