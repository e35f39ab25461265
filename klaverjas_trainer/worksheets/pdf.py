"""Laying out puzzles on A4 pages, with an answer key at the end.

The same puzzles give the same bytes: the document date is fixed, so a teacher can print the
same sheet again from its seed.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Final

from fpdf import FPDF

from klaverjas_core import Card, Seat, Suit, parse_cards
from puzzles import Kind, Puzzle, describe_answer
from puzzles.model import JSON

FONT_ENV: Final = "KLAVERJAS_FONT"
FONT_CANDIDATES: Final = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),
)
FIXED_DATE: Final = datetime(2026, 1, 1, tzinfo=UTC)
RED: Final = (200, 16, 46)
BLACK: Final = (17, 17, 17)
PAIRS: Final = ("N+S", "E+W")
CARD_W, CARD_H = 12.0, 17.0  # millimetres


class WorksheetError(RuntimeError):
    """A worksheet cannot be made; the message says what to install or change."""


@cache
def _texts() -> dict[str, str]:
    return tomllib.loads((Path(__file__).parent / "texts.toml").read_text(encoding="utf-8"))


def t(key: str, **fields: object) -> str:
    return _texts()[key].format(**fields)


def find_font() -> Path:
    """DejaVu Sans: from ``KLAVERJAS_FONT``, Debian's fonts-dejavu-core, or the copy that
    matplotlib (a dependency) ships, so a plain ``pip install`` can print worksheets."""
    configured = os.environ.get(FONT_ENV)
    for path in [*([Path(configured)] if configured else []), *FONT_CANDIDATES, _bundled()]:
        if path is not None and path.is_file():
            return path
    raise WorksheetError(t("font-missing"))


def _bundled() -> Path | None:
    try:
        import matplotlib  # noqa: PLC0415 - optional, only for its font file
    except ImportError:
        return None
    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"


def worksheet_pdf(puzzles: Sequence[Puzzle], *, subtitle: str = "") -> bytes:
    """The worksheet and its answer key as PDF bytes."""
    pdf = FPDF(format="A4")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title(t("title"))
    pdf.add_font("DejaVu", "", str(find_font()))
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    pdf.set_font("DejaVu", size=18)
    pdf.cell(0, 10, t("title"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=10)
    if subtitle:
        pdf.cell(0, 6, subtitle, new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 8, t("name-line"), new_x="LMARGIN", new_y="NEXT")
    for number, puzzle in enumerate(puzzles, start=1):
        _puzzle(pdf, number, puzzle)
    pdf.add_page()
    pdf.set_font("DejaVu", size=16)
    pdf.cell(0, 10, t("answer-key"), new_x="LMARGIN", new_y="NEXT")
    for number, puzzle in enumerate(puzzles, start=1):
        pdf.set_font("DejaVu", size=11)
        heading = f"{t('puzzle', number=number)} · {t('answer', answer=describe_answer(puzzle))}"
        pdf.cell(0, 7, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", size=9)
        pdf.multi_cell(0, 5, puzzle.explanation, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
    return bytes(pdf.output())


def _puzzle(pdf: FPDF, number: int, puzzle: Puzzle) -> None:
    if pdf.get_y() > 200:
        pdf.add_page()
    pdf.ln(3)
    pdf.set_font("DejaVu", size=12)
    pdf.cell(0, 7, t("puzzle", number=number), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=10)
    content = puzzle.content
    trump = Suit.parse(str(content["trump"])) if "trump" in content else None
    if trump is not None:
        pdf.cell(0, 6, t("trumps", suit=trump.symbol), new_x="LMARGIN", new_y="NEXT")
    kind = puzzle.kind
    if kind in (Kind.WHICH_CARDS, Kind.CARD_LEGAL, Kind.AMSTERDAM_OR_ROTTERDAM):
        trick = _cards(content["trick"])
        players = [str(p) for p in _list(content["players"])]
        pdf.cell(
            0, 6, t("trick-so-far") if trick else t("no-cards-yet"), new_x="LMARGIN", new_y="NEXT"
        )
        if trick:
            _card_row(pdf, trick, trump, players)
        pdf.cell(0, 6, t("your-hand"), new_x="LMARGIN", new_y="NEXT")
        _card_row(pdf, _cards(content["hand"]), trump, [])
        question = t(f"q-{kind.value}", card=content.get("card", ""))
    elif kind is Kind.COUNT_TRICK:
        leader = int(str(content["leader"]))
        captions = [str(Seat((leader + i) % 4)) for i in range(4)]
        _card_row(pdf, _cards(content["trick"]), trump, captions)
        if content.get("trick_number") == 8:
            pdf.cell(0, 6, t("last-trick"), new_x="LMARGIN", new_y="NEXT")
        asks_roem = "roem" in [str(q) for q in _list(content.get("ask", ["roem"]))]
        question = t("q-count-trick", roem=t("q-count-trick-roem") if asks_roem else "")
    elif kind is Kind.IS_NAT:
        _nat_lines(pdf, content)
        question = t("q-is-nat", pair=PAIRS[int(str(content["choosers"]))])
    else:
        for seat, hand in zip(Seat, _list(content["hands"]), strict=True):
            pdf.cell(
                0,
                5,
                t("hand-row", seat=seat, cards=" ".join(map(str, _list(hand)))),
                new_x="LMARGIN",
                new_y="NEXT",
            )
        _trick_lines(pdf, content)
        question = t("q-who-revoked")
    pdf.multi_cell(0, 6, question, new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 8, t("answer-here") + " " + "_" * 60, new_x="LMARGIN", new_y="NEXT")


def _card_row(
    pdf: FPDF, cards: Sequence[Card], trump: Suit | None, captions: Sequence[str]
) -> None:
    """Small card faces: rank and suit symbol, red or black; trumps with a thicker border."""
    x, y = pdf.l_margin, pdf.get_y() + 1
    for index, card in enumerate(cards):
        left = x + index * (CARD_W + 3)
        pdf.set_line_width(0.6 if card.suit is trump else 0.2)
        pdf.set_draw_color(*BLACK)
        pdf.rect(left, y, CARD_W, CARD_H, style="D", round_corners=True)
        pdf.set_text_color(*(RED if card.suit.is_red else BLACK))
        pdf.set_xy(left, y + 1)
        pdf.set_font("DejaVu", size=10)
        pdf.cell(CARD_W, 5, card.rank.symbol, align="C")
        pdf.set_xy(left, y + 7)
        pdf.set_font("DejaVu", size=14)
        pdf.cell(CARD_W, 8, card.suit.symbol, align="C")
        if captions:
            pdf.set_text_color(*BLACK)
            pdf.set_font("DejaVu", size=6)
            pdf.set_xy(left - 1.5, y + CARD_H + 0.5)
            pdf.cell(CARD_W + 3, 3, captions[index], align="C")
    pdf.set_text_color(*BLACK)
    pdf.set_font("DejaVu", size=10)
    pdf.set_xy(pdf.l_margin, y + CARD_H + (5 if captions else 2))


def _nat_lines(pdf: FPDF, content: Any) -> None:
    """`content` is an is-nat puzzle's content, already checked by the puzzles package."""
    if "summary" in content:
        summary = content["summary"]
        for pair in (0, 1):
            pdf.cell(
                0,
                5,
                t(
                    "pair-row",
                    pair=PAIRS[pair],
                    card_points=summary["card_points"][pair],
                    roem=sum(summary["roem"][pair]),
                    undeclared=sum(summary["undeclared_roem"][pair]),
                    tricks=summary["tricks_won"][pair],
                ),
                new_x="LMARGIN",
                new_y="NEXT",
            )
    elif "trick_table" in content:
        for number, row in enumerate(content["trick_table"], start=1):
            pdf.cell(
                0,
                5,
                t(
                    "table-row",
                    number=number,
                    pair=PAIRS[row["pair"]],
                    points=row["points"],
                    roem=row["roem"],
                    forgotten="" if row["declared"] else t("forgotten"),
                ),
                new_x="LMARGIN",
                new_y="NEXT",
            )
    else:
        _trick_lines(pdf, content)


def _trick_lines(pdf: FPDF, content: Any) -> None:
    for number, (leader, cards) in enumerate(content["tricks"], start=1):
        pdf.cell(
            0,
            5,
            t(
                "trick-row",
                number=number,
                leader=Seat(int(leader)),
                cards=" ".join(map(str, cards)),
            ),
            new_x="LMARGIN",
            new_y="NEXT",
        )


def _cards(value: JSON) -> list[Card]:
    return parse_cards(" ".join(map(str, _list(value))))


def _list(value: JSON) -> list[JSON]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value
