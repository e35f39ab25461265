"""Slowing down guessing: after a few wrong PINs or teacher passwords, each further try waits
longer (1, 2, 4 ... minutes, at most an hour), counted in the database so a restart or a second
browser does not reset it. A 4-digit PIN then takes years to find instead of minutes.

Wrong PINs are counted three ways: per learner (the right PIN starts that count again), and
over a day per group and per client, which a right PIN does not reset, so guessing one PIN for
each of many members, or from one connection across groups, is slowed down as well. A browser
that signed in as the person before may still try while they wait, `DEVICE_TRIES` a day.

>>> FREE_TRIES, wait_after(FREE_TRIES).seconds, wait_after(FREE_TRIES + 20).seconds
(5, 60, 3600)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from sqlalchemy import Connection, Engine, select
from sqlalchemy.dialects import postgresql, sqlite

from klaverjas_trainer.storage.db import InputError, writing
from klaverjas_trainer.storage.schema import attempts

FREE_TRIES: Final = 5  # a learner mistyping a PIN is not slowed down at once
#: Wrong PINs a whole group, or one client (a club hall shares one address), may make in a day
#: before each further one waits: a club evening of mistyped PINs stays well inside it.
FREE_SHARED_TRIES: Final = 40
SHARED_WINDOW: Final = timedelta(days=1)
FIRST_WAIT: Final = timedelta(minutes=1)
LONGEST_WAIT: Final = timedelta(hours=1)
#: Tries a day a browser that signed in as the person before may make while the others must
#: wait: strangers cannot lock its owner out, and a copied mark adds no more than these.
DEVICE_TRIES: Final = 5


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
    on (name, shared), and the device whose own tries it used, given back to `Limiter.right`
    when it was right."""

    targets: tuple[tuple[str, bool], ...]
    device: str | None = None


class Limiter:
    """Counts tries per target ("pin:12", "teacher", "group:3", "client:...") in the database.

    A try is counted *before* its PIN or password is checked, in one transaction that also
    decides whether it may be checked at all (`claim`): sessions that guess at once are lined
    up by the database (a row lock on PostgreSQL, the write lock on SQLite), so many of them
    get no more guesses than one. A right answer then takes its count back (`right`)."""

    def __init__(self, engine: Engine, now: Callable[[], datetime]) -> None:
        self.engine, self.now = engine, now

    def claim(self, *targets: tuple[str, bool], device: str | None = None) -> Claim:
        """Count one try on each (name, shared) target, or raise `TooManyTriesError` (and count
        nothing) while any of them must wait. A shared target (a group, a client) counts over
        a day and allows `FREE_SHARED_TRIES` free tries; the others `FREE_TRIES`.

        `device` names a browser that signed in as this person before (`Devices.target`): it
        may try while the targets wait, `DEVICE_TRIES` times a day, its try counted on them
        all the same. So strangers' wrong tries cannot lock its owner out, and its mark,
        copied, gets no day of guesses of its own."""
        now = self.now()
        with writing(self.engine) as connection:
            waits = [self._count(connection, target, shared, now) for target, shared in targets]
            longest = max(waits, default=timedelta(0))
            if not longest:
                return Claim(targets)
            if (
                device is not None
                and count_in_window(connection, device, SHARED_WINDOW, now) <= DEVICE_TRIES
            ):
                return Claim(targets, device)
            # Leaving the block with the error rolls back every count made in it.
            raise TooManyTriesError(max(1, math.ceil(longest.total_seconds() / 60)))

    def _count(self, connection: Connection, target: str, shared: bool, now: datetime) -> timedelta:
        """Count one try on `target` (its wait from now on set); how long it was still to
        wait before this try."""
        row = _bump(connection, target, now)
        left = timedelta(0)
        if row.locked_until is not None:
            left = max(left, _aware(row.locked_until) - now)
        failures = row.failures
        start = now if row.window_start is None else _aware(row.window_start)
        if shared and now - start >= SHARED_WINDOW:
            failures, start = 1, now  # a new day: the group's count starts again
        wait = wait_after(failures, FREE_SHARED_TRIES if shared else FREE_TRIES)
        connection.execute(
            attempts.update()
            .where(attempts.c.target == target)
            .values(
                failures=failures,
                locked_until=now + wait if wait else None,
                window_start=start if shared else None,
            )
        )
        return left

    def right(self, claim: Claim) -> None:
        """The claimed try was right: a learner's or the teacher's own count starts again; a
        shared count (a group's, a client's) and a device's day only take this try back."""
        shared = [target for target, is_shared in claim.targets if is_shared]
        own = [target for target, is_shared in claim.targets if not is_shared]
        with writing(self.engine) as connection:
            for target in own:
                connection.execute(attempts.delete().where(attempts.c.target == target))
            for target in [*shared, *([claim.device] if claim.device else [])]:
                key = attempts.c.target == target
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


def count_in_window(connection: Connection, target: str, window: timedelta, now: datetime) -> int:
    """Count one on `target` in the caller's transaction; how many its window now holds (a
    window starts at its first count and ends `window` later). Called before the caller
    reads anything it decides on: the count's write lines up every transaction counting on
    `target`, so what they decide stays true until they commit."""
    row = _bump(connection, target, now)
    start = now if row.window_start is None else _aware(row.window_start)
    if now - start < window:
        return int(row.failures)
    connection.execute(  # a new window: this is its first count
        attempts.update().where(attempts.c.target == target).values(failures=1, window_start=now)
    )
    return 1


def _bump(connection: Connection, target: str, now: datetime) -> Any:
    """Count one on `target`, as the first thing the transaction does with it; its row after.

    The row is made if missing, and left alone if a try at the same moment made it (the
    database has this one wait for that one's transaction rather than fail); the update then
    takes the row's lock (the write lock on SQLite) before anything is read."""
    insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
    connection.execute(
        insert(attempts)
        .values(target=target, failures=0, window_start=now)
        .on_conflict_do_nothing(index_elements=["target"])
    )
    key = attempts.c.target == target
    connection.execute(attempts.update().where(key).values(failures=attempts.c.failures + 1))
    columns = attempts.c.failures, attempts.c.locked_until, attempts.c.window_start
    return connection.execute(select(*columns).where(key)).one()


def _aware(moment: datetime) -> datetime:
    """SQLite hands timestamps back without their zone: they are stored in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
