"""Whole numbers from number fields (a match number, a set's size and number, an answer's
points), checked here rather than trusted.

A field is drawn as a float field (`whole_number_input`): for an int field Streamlit turns what
the browser sent into an int itself, before the page runs, and a NaN or an infinity there (a
hand-made message can send one) is a traceback. A float field drops those for the field's
default, and `WholeNumber.read` turns the rest (a fraction, text, a number out of range) into a
whole number or an `InputError` whose message names the range in the learner's language.

>>> MATCH_NUMBER.read(12.0), MATCH_NUMBER.read(None), MATCH_NUMBER.read(" 7 ")
(12, None, 7)
>>> MATCH_NUMBER.read(float("nan"))
Traceback (most recent call last):
...
klaverjas_trainer.storage.db.InputError: a deal number is 1 to 1,000,000,000
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

import streamlit as st

from klaverjas_trainer.storage import InputError

#: Text that is a whole number: ASCII digits, a sign, short enough for any range here.
DIGITS: Final = re.compile(r"[+-]?[0-9]{1,18}")


def whole(value: object) -> int | None:
    """`value` as a whole number if it is one, else None: an int, a float with nothing after
    the point, or text of digits; not NaN, an infinity, 1.5, ``12abc``, ``True`` or empty.

    >>> [whole(v) for v in (5, 5.0, "-1", 1.5, float("inf"), "1e309", "12abc", "", True)]
    [5, 5, -1, None, None, None, None, None, None]
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None  # False for NaN and infinities
    if isinstance(value, str) and DIGITS.fullmatch(value.strip()):
        return int(value.strip())
    return None


@dataclass(frozen=True, slots=True)
class WholeNumber:
    """A field's whole numbers, `low` to `high`; `key` names the catalogue message that says
    so (the English kept for logs and tests)."""

    low: int
    high: int
    key: str
    english: str

    def read(self, value: object) -> int | None:
        """The field's number; None when it is empty; an `InputError` for anything else."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        number = whole(value)
        if number is None or not self.low <= number <= self.high:
            raise InputError(self.key, self.english)
        return number

    def require(self, value: object) -> int:
        """The field's number; an `InputError` when it is empty too."""
        number = self.read(value)
        if number is None:
            raise InputError(self.key, self.english)
        return number


#: A match's number: on Play (empty for a new one) and for a shared deal (the same range).
MATCH_NUMBER: Final = WholeNumber(
    1, 10**9, "error-deal-number", "a deal number is 1 to 1,000,000,000"
)
#: How many puzzles a teacher's set has.
SET_SIZE: Final = WholeNumber(
    1, 50, "error-set-size", "a puzzle set needs a rule and 1 to 50 puzzles"
)
#: A set's number: the same number gives everyone the same puzzles.
SET_NUMBER: Final = WholeNumber(0, 10**9, "error-set-number", "a set number is 0 to 1,000,000,000")


def whole_number_input(
    label: str,
    low: int,
    high: int,
    *,
    key: str,
    value: int | None = None,
    step: int = 1,
    disabled: bool = False,
) -> float | None:
    """A number field for whole numbers from `low` to `high`, drawn as a float field (see the
    module); read its value with `WholeNumber.read` or `whole`."""
    return st.number_input(
        label,
        min_value=float(low),
        max_value=float(high),
        value=None if value is None else float(value),
        step=float(step),
        format="%.0f",
        key=key,
        disabled=disabled,
    )
