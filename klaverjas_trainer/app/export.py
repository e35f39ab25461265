"""CSV downloads: column headers in the learner's language, values canonical (rule ids, kinds
and replies as stored) plus the reply with the cards named in the learner's language
(`with_local_cards`: B♥ in Dutch where the stored reply says J♥), and no cell a spreadsheet
would run as a formula.

>>> import pandas as pd
>>> from klaverjas_trainer.texts import t
>>> csv_bytes(pd.DataFrame({"rule": ["=HYPERLINK(1)"]}), {"rule": "Rule"}).decode()
"Rule\\n'=HYPERLINK(1)\\n"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

import pandas as pd

from klaverjas_core import Card
from klaverjas_trainer.texts import card_text, t

#: A card as canonical replies write it: ``10♥``, ``J♣``.
CARD: Final = re.compile(r"(10|[7-9JQKA])([♠♥♦♣])")

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
    """The frame as UTF-8 CSV with translated headers, the reply's cards also in the learner's
    letters, and neutralised text cells."""
    frame = with_local_cards(frame)
    names = {**names, "given_local": t("csv-given_local")}
    safe = frame.map(neutralised) if not frame.empty else frame
    return safe.rename(columns=dict(names)).to_csv(index=False).encode("utf-8")


def local_cards(reply: object) -> object:
    """A stored reply with each card in this session's letters.

    >>> from klaverjas_trainer.texts import language
    >>> with language("nl"):
    ...     local_cards('{"cards":["J♥","10♠"]}')
    '{"cards":["B♥","10♠"]}'
    """
    if not isinstance(reply, str):
        return reply
    return CARD.sub(lambda found: card_text(Card.parse(found.group(0))), reply)


def with_local_cards(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` with a ``given_local`` column after ``given``: the reply as the learner reads it."""
    if "given" not in frame.columns:
        return frame
    local = frame["given"].map(local_cards) if not frame.empty else frame["given"]
    columns = list(frame.columns)
    columns.insert(columns.index("given") + 1, "given_local")
    return frame.assign(given_local=local)[columns]
