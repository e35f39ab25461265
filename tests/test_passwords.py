"""Hashes of PINs and the teacher password: each keeps the scrypt cost it was made with."""

from __future__ import annotations

import hashlib
import secrets

import pytest

from klaverjas_trainer.storage import passwords
from klaverjas_trainer.storage.passwords import DEFAULT_COST, Cost, hash_secret, verify_secret


def test_a_new_hash_is_made_with_the_real_cost_unless_a_test_lowers_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Cost(2**14, 8, 1) == DEFAULT_COST  # about 40 ms a guess; the tests use less
    monkeypatch.setattr(passwords, "new_hash_cost", DEFAULT_COST)
    stored = hash_secret("7391")
    scheme, salt, digest = stored.split("$")
    assert scheme == "scrypt:16384:8:1"
    expected = hashlib.scrypt(b"7391", salt=bytes.fromhex(salt), n=2**14, r=8, p=1)
    assert digest == expected.hex()
    assert verify_secret("7391", stored) and not verify_secret("7390", stored)


def test_a_hash_made_before_the_cost_was_kept_still_checks() -> None:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(b"1234", salt=salt, n=2**14, r=8, p=1)
    old = f"scrypt${salt.hex()}${digest.hex()}"
    assert verify_secret("1234", old)
    assert not verify_secret("4321", old)


def test_a_hash_is_checked_with_its_own_cost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passwords, "new_hash_cost", Cost(2**5, 2, 1))
    cheap = hash_secret("0000")
    monkeypatch.setattr(passwords, "new_hash_cost", Cost(2**6, 1, 1))
    assert cheap.startswith("scrypt:32:2:1$")
    assert verify_secret("0000", cheap)  # made with another cost than new hashes have now


@pytest.mark.parametrize(
    "scheme",
    ["bcrypt", "scrypt:16384:8", "scrypt:1000:8:1", "scrypt:1:8:1", "scrypt:x:8:1",
     "scrypt:1048576:8:1", "scrypt:16384:64:1", "scrypt:16384:8:0"],
)  # fmt: skip
def test_a_damaged_or_unknown_hash_never_checks(scheme: str) -> None:
    """An unknown scheme, a cost that is not a power of two, missing or too large (a
    damaged row must not make a check take gigabytes): refused, never an error."""
    stored = f"{scheme}${'00' * 16}${'00' * 64}"
    assert verify_secret("1234", stored) is False


@pytest.mark.parametrize("stored", ["", "scrypt", "scrypt$zz$00", "a$b$c$d"])
def test_a_hash_that_cannot_be_read_never_checks(stored: str) -> None:
    assert verify_secret("1234", stored) is False
