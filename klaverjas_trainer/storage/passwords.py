"""Hashing the teacher password and learners' PINs (scrypt, salted); never stored in clear.

A hash keeps the scrypt cost it was made with (``scrypt:n:r:p$salt$digest``), so the cost for
new hashes can be raised later and old ones still check. A hash written before the cost was
kept (``scrypt$salt$digest``) was made with `DEFAULT_COST`.

>>> stored = hash_secret("1234")
>>> verify_secret("1234", stored), verify_secret("4321", stored)
(True, False)
>>> stored.startswith("scrypt:16384:8:1$")
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final, NamedTuple


class Cost(NamedTuple):
    """scrypt's work factor `n` (a power of two), block size `r` and parallelism `p`."""

    n: int
    r: int
    p: int


#: About 16 MB and 40 ms a hash here: a PIN guess costs an attacker that much each.
DEFAULT_COST: Final = Cost(2**14, 8, 1)
#: The most a stored hash may ask for (a damaged row must not make a check take the memory).
_MOST: Final = Cost(2**16, 8, 2)
#: The cost of new hashes; the tests lower it (each hash says its own cost, so it still checks).
new_hash_cost: Cost = DEFAULT_COST


def hash_secret(secret: str) -> str:
    salt = secrets.token_bytes(16)
    cost = new_hash_cost
    digest = _scrypt(secret, salt, cost)
    return f"scrypt:{cost.n}:{cost.r}:{cost.p}${salt.hex()}${digest.hex()}"


def verify_secret(secret: str, stored: str) -> bool:
    """Whether `secret` is the one `stored` was made from; False for a hash it cannot read."""
    try:
        scheme, salt_hex, digest_hex = stored.split("$")
        cost = _cost_of(scheme)
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    if cost is None:
        return False
    return hmac.compare_digest(_scrypt(secret, salt, cost).hex(), digest_hex)


def _cost_of(scheme: str) -> Cost | None:
    """The cost a hash's scheme part names (``scrypt`` alone: `DEFAULT_COST`), or None."""
    name, *numbers = scheme.split(":")
    if name != "scrypt":
        return None
    if not numbers:
        return DEFAULT_COST
    if len(numbers) != 3 or not all(number.isdigit() for number in numbers):
        return None
    cost = Cost(*(int(number) for number in numbers))
    power_of_two = cost.n > 1 and cost.n & (cost.n - 1) == 0
    fits = all(1 <= value <= most for value, most in zip(cost, _MOST, strict=True))
    return cost if power_of_two and fits else None


def _scrypt(secret: str, salt: bytes, cost: Cost) -> bytes:
    memory = 128 * cost.r * (cost.n + cost.p + 2)  # what scrypt needs, with room to spare
    return hashlib.scrypt(
        secret.encode("utf-8"), salt=salt, n=cost.n, r=cost.r, p=cost.p, maxmem=2 * memory
    )
