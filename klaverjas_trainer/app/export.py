"""CSV downloads: column headers in the learner's language, values canonical (rule ids, kinds
and replies as stored), and no cell a spreadsheet would run as a formula.

>>> import pandas as pd
>>> from klaverjas_trainer.texts import t
>>> csv_bytes(pd.DataFrame({"rule": ["=HYPERLINK(1)"]}), {"rule": "Rule"}).decode()
"Rule\\n'=HYPERLINK(1)\\n"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

import pandas as pd

from klaverjas_trainer.texts import t

#: A cell starting with one of these is a formula to a spreadsheet (OWASP: CSV injection).
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def headers(columns: Iterable[str]) -> dict[str, str]:
    """Each column's header in this session's language (``csv-<column>`` messages)."""
    return {column: t(f"csv-{column}") for column in columns}


def neutralised(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_bytes(frame: pd.DataFrame, names: Mapping[str, str]) -> bytes:
    """The frame as UTF-8 CSV with translated headers and neutralised text cells."""
    safe = frame.map(neutralised) if not frame.empty else frame
    return safe.rename(columns=dict(names)).to_csv(index=False).encode("utf-8")
