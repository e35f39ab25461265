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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError

from klaverjas_trainer.storage.db import InputError, StorageError, writing
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


@dataclass(frozen=True)
class Claim:
    """A try that was counted before its PIN or password was checked: the targets it counted
    on (name, shared), given back to `Limiter.right` when it was right."""

    targets: tuple[tuple[str, bool], ...]


class Limiter:
    """Counts tries per target ("pin:12", "teacher", "group:3", "client:...") in the database.

    A try is counted *before* its PIN or password is checked, in one transaction that also
    decides whether it may be checked at all (`claim`): sessions that guess at once are lined
    up by the database (a row lock on PostgreSQL, the write lock on SQLite), so many of them
    get no more guesses than one. A right answer then takes its count back (`right`)."""

    def __init__(self, engine: Engine, now: Callable[[], datetime]) -> None:
        self.engine, self.now = engine, now

    def claim(self, *targets: tuple[str, bool]) -> Claim:
        """Count one try on each (name, shared) target, or raise `TooManyTriesError` (and count
        nothing) while any of them must wait. A shared target (a group, a client) counts over
        a day and allows `FREE_SHARED_TRIES` free tries; the others `FREE_TRIES`."""
        try:
            self._claim(targets)
        except StorageError as error:
            if not isinstance(error.__cause__, IntegrityError):
                raise
            self._claim(targets)  # a try at the same moment made a row: count on it
        return Claim(targets)

    def _claim(self, targets: Sequence[tuple[str, bool]]) -> None:
        now = self.now()
        with writing(self.engine) as connection:
            for target, shared in targets:
                key = attempts.c.target == target
                # The write comes first: it takes the lock before anything is read.
                bumped = connection.execute(
                    attempts.update().where(key).values(failures=attempts.c.failures + 1)
                )
                if bumped.rowcount == 0:
                    connection.execute(
                        attempts.insert().values(target=target, failures=1, window_start=now)
                    )
                row = connection.execute(
                    select(
                        attempts.c.failures, attempts.c.locked_until, attempts.c.window_start
                    ).where(key)
                ).one()
                if row.locked_until is not None and _aware(row.locked_until) > now:
                    left = _aware(row.locked_until) - now
                    # Leaving the block with the error rolls back every count made in it.
                    raise TooManyTriesError(max(1, math.ceil(left.total_seconds() / 60)))
                failures = row.failures
                start = now if row.window_start is None else _aware(row.window_start)
                if shared and now - start >= SHARED_WINDOW:
                    failures, start = 1, now  # a new day: the group's count starts again
                wait = wait_after(failures, FREE_SHARED_TRIES if shared else FREE_TRIES)
                connection.execute(
                    attempts.update()
                    .where(key)
                    .values(
                        failures=failures,
                        locked_until=now + wait if wait else None,
                        window_start=start if shared else None,
                    )
                )

    def right(self, claim: Claim) -> None:
        """The claimed try was right: a learner's or the teacher's own count starts again; a
        shared count (a group's, a client's) only takes this try back."""
        with writing(self.engine) as connection:
            for target, shared in claim.targets:
                key = attempts.c.target == target
                if not shared:
                    connection.execute(attempts.delete().where(key))
                    continue
                connection.execute(
                    attempts.update()
                    .where(key, attempts.c.failures > 0)
                    .values(failures=attempts.c.failures - 1)
                )
                connection.execute(  # no wait is due below the free tries
                    attempts.update()
                    .where(key, attempts.c.failures < FREE_SHARED_TRIES)
                    .values(locked_until=None)
                )

    def clear(self, *targets: str, prefixes: tuple[str, ...] = ()) -> None:
        """Forget the counts of `targets`, and of every target starting with one of
        `prefixes` (a teacher lets a member try again; the operator ends the teacher's wait)."""
        with writing(self.engine) as connection:
            for target in targets:
                connection.execute(attempts.delete().where(attempts.c.target == target))
            for prefix in prefixes:
                connection.execute(attempts.delete().where(attempts.c.target.startswith(prefix)))


def _aware(moment: datetime) -> datetime:
    """SQLite hands timestamps back without their zone: they are stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
