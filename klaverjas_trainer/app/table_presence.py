"""Whether a member's phone is at their table: its event stream is open (`live_feed.py`). A
phone not seen for `QUIET` is gone: the others are told at once; after `WAIT` more a computer
plays the seat, until the phone is back (same seat, same hand, the match where it is).

The times can be shortened for tests and benchmarks (``KLAVERJAS_TABLE_QUIET``,
``KLAVERJAS_TABLE_WAIT``, in seconds).

>>> people_at({2: Seated(1, None, None), 3: Seated(2, None, NOON)}, NOON + WAIT)
(<Seat.SOUTH: 2>,)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Final

from klaverjas_core import Seat
from klaverjas_trainer.storage.club_tables import Seated


def _seconds(name: str, default: float) -> timedelta:
    try:
        return timedelta(seconds=max(0.5, float(os.environ.get(name, default))))
    except ValueError:
        return timedelta(seconds=default)


#: How long a phone may be unseen before it counts as gone (a reconnect through nginx to
#: another process takes a second or two; a phone's screen locking closes its stream).
QUIET: Final = _seconds("KLAVERJAS_TABLE_QUIET", 15)
#: How long the table waits for a gone member before a computer plays their seat.
WAIT: Final = _seconds("KLAVERJAS_TABLE_WAIT", 30)
#: How often a process writes down the phones it holds and looks for gone ones.
EVERY: Final = min(5.0, QUIET.total_seconds() / 3)
NOON: Final = datetime(2026, 12, 5, 12, tzinfo=UTC)  # the example's clock


def people_at(seated: Mapping[int, Seated], now: datetime) -> tuple[Seat, ...]:
    """The seats people play now: every member's, but one gone for `WAIT` or longer."""
    return tuple(
        Seat(seat)
        for seat, member in sorted(seated.items())
        if member.gone_at is None or now - member.gone_at < WAIT
    )


def takes_over_at(member: Seated) -> datetime | None:
    """When a computer plays the seat of a gone member (None: the member is there)."""
    return None if member.gone_at is None else member.gone_at + WAIT
