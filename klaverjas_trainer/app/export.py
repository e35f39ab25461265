"""CSV downloads: column headers in the learner's language, values canonical (rule ids, kinds
and replies as stored) plus the reply with the cards named in the learner's language
(`with_local_cards`: B♥ in Dutch where the stored reply says J♥), and no cell a spreadsheet
would run as a formula, whichever list separator it reads the file with: ``,``, or ``;`` as
Dutch Excel does (so ``Anna;=1+2`` is not a name and a formula there).

>>> import pandas as pd
>>> from klaverjas_trainer.texts import t
>>> csv_bytes(pd.DataFrame({"rule": ["=HYPERLINK(1)"]}), {"rule": "Rule"}).decode()
"Rule\\n'=HYPERLINK(1)\\n"
"""

from __future__ import annotations

import csv
import io
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

#: Where a spreadsheet may start a cell inside a text: at its start and after a list separator
#: (``,``; ``;`` where Excel reads the file with Dutch settings) or a line break (``\n``,
#: ``\r``, ``\r\n``). A formula character there, or past spaces and double quotes there, makes
#: that part a formula.
FORMULA_AT: Final = re.compile(r"(?:^|(?<=[,;\n])|(?<=\r)(?!\n))(?=[\s\"]*[=+\-@]|[\t\r])")

#: A cell with one of these is quoted, so that neither separator splits it.
NEEDS_QUOTES: Final = re.compile(r"[,;\"\r\n]")


def headers(columns: Iterable[str]) -> dict[str, str]:
    """Each column's header in this session's language (``csv-<column>`` messages)."""
    return {column: t(f"csv-{column}") for column in columns}


def neutralised(value: object) -> object:
    """A text with a ``'`` before every part a spreadsheet could run as a formula; numbers
    (a score of -5) stay numbers.

    >>> neutralised("Anna;=1+2"), neutralised(" @SUM(A1)"), neutralised("10♥"), neutralised(-5)
    ("Anna;'=1+2", "' @SUM(A1)", '10♥', -5)
    """
    if isinstance(value, str):
        return FORMULA_AT.sub("'", value)
    return value


def csv_bytes(frame: pd.DataFrame, names: Mapping[str, str]) -> bytes:
    """The frame as UTF-8 CSV with translated headers, the reply's cards also in the learner's
    letters, and neutralised text cells, each quoted if it holds ``,`` or ``;``."""
    frame = with_local_cards(frame)
    names = {**names, "given_local": t("csv-given_local")}
    safe = frame.map(neutralised) if not frame.empty else frame
    titles = {column: str(neutralised(name)) for column, name in names.items()}
    written = safe.rename(columns=titles).to_csv(index=False, lineterminator="\r\n")
    return _quoted(written).encode("utf-8")


def _quoted(text: str) -> str:
    """pandas' CSV (its number and date forms kept) with every cell quoted that holds either
    separator, a quote or a line break; pandas quotes only those with a ``,``, a quote or a
    character of its line ending (hence ``\r\n`` there, so that a lone ``\r`` is quoted too)."""
    lines = []
    for row in csv.reader(io.StringIO(text, newline="")):
        cells = [_quote(cell) if NEEDS_QUOTES.search(cell) else cell for cell in row]
        lines.append(",".join(cells) if cells != [""] else '""')  # a lone empty cell: a row
    return "".join(line + "\n" for line in lines)


def _quote(cell: str) -> str:
    return '"' + cell.replace('"', '""') + '"'


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
