"""Laying out puzzles on A4 pages, with an answer key at the end.

The same puzzles give the same bytes: the document date is fixed, so a teacher can print the
same sheet again from its seed (and, after the generators change, their version).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import segno
from fpdf import FPDF

from klaverjas_core import Card, Seat, Suit
from klaverjas_questions.count_trick import TrickContent
from klaverjas_questions.is_nat import NatContent
from klaverjas_questions.positions import CardQuestion, PositionContent
from klaverjas_questions.who_revoked import RevokeContent
from klaverjas_trainer import texts
from klaverjas_trainer.seating import leader_of, place, role_key, trick_by_seat
from klaverjas_trainer.texts import current, describe_answer, explain, seat_name
from klaverjas_trainer.texts.answers import pair_name, table_roem
from puzzles import Puzzle

FONT_ENV: Final = "KLAVERJAS_FONT"
FONT_CANDIDATES: Final = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),
)
FIXED_DATE: Final = datetime(2026, 1, 1, tzinfo=UTC)
RED: Final = (200, 16, 46)
BLACK: Final = (17, 17, 17)
CARD_W, CARD_H = 12.0, 17.0  # millimetres
#: The smallest text on a sheet (seat names, the answer key's reasons): read at arm's length.
SMALLEST_PT: Final = 10
#: Beside the printed trick table's row of a called revoke (a glyph every printer font has).
PRINTED_REVOKE_MARK: Final = "*"


class WorksheetError(RuntimeError):
    """A worksheet cannot be made; the message says what to install or change."""


def t(key: str, **fields: object) -> str:
    """A worksheet word from the catalogue (its ``sheet-`` messages)."""
    return texts.t(f"sheet-{key}", **fields)


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


#: How one puzzle's question is printed: it draws the content and returns the question's words
#: (each kind's view in the app names its own, e.g. `print_which_cards`).
PrintQuestion = Callable[[FPDF, Puzzle], str]


def worksheet_pdf(
    puzzles: Sequence[Puzzle],
    print_question: PrintQuestion,
    *,
    subtitle: str = "",
    join: tuple[str, str] | None = None,
) -> bytes:
    """The worksheet and its answer key as PDF bytes; with `join` (the group's join link and
    code), the link's QR code at the top right, for a phone to join the group."""
    pdf = FPDF(format="A4")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title(t("title"))
    pdf.add_font("DejaVu", "", str(find_font()))
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    if join is not None:
        _join_code(pdf, *join)
    pdf.set_font("DejaVu", size=18)
    pdf.cell(0, 10, t("title"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=10)
    if subtitle:
        pdf.cell(0, 6, subtitle, new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 8, t("name-line"), new_x="LMARGIN", new_y="NEXT")
    for number, puzzle in enumerate(puzzles, start=1):
        _puzzle(pdf, number, puzzle, print_question)
    pdf.add_page()
    pdf.set_font("DejaVu", size=16)
    pdf.cell(0, 10, t("answer-key"), new_x="LMARGIN", new_y="NEXT")
    for number, puzzle in enumerate(puzzles, start=1):
        pdf.set_font("DejaVu", size=11)
        words = describe_answer(puzzle.kind, puzzle.content, puzzle.answer)
        heading = f"{t('puzzle', number=number)} · {t('answer', answer=words)}"
        pdf.cell(0, 7, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("DejaVu", size=SMALLEST_PT)
        pdf.multi_cell(0, 5.5, explain(puzzle.solution.facts), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
    return bytes(pdf.output())


#: The join QR code's side on paper, in millimetres (a phone reads it from an arm's length).
QR_SIDE: Final = 28


def _join_code(pdf: FPDF, link: str, code: str) -> None:
    """The join link as a QR code (segno's modules drawn as squares: no image to embed) at the
    page's top right, the group's code under it; the cursor is left where it was."""
    rows = [list(row) for row in segno.make(link, error="m").matrix_iter(border=2)]
    module = QR_SIDE / len(rows)
    left, top = pdf.w - pdf.r_margin - QR_SIDE, pdf.t_margin
    x, y = pdf.get_x(), pdf.get_y()
    pdf.set_fill_color(0, 0, 0)
    for row, modules in enumerate(rows):
        for column, dark in enumerate(modules):
            if dark:
                pdf.rect(left + column * module, top + row * module, module, module, style="F")
    pdf.set_font("DejaVu", size=SMALLEST_PT)
    pdf.set_xy(left - 10, top + QR_SIDE)
    pdf.cell(QR_SIDE + 10, 5, t("join", code=code), align="C")
    pdf.set_xy(x, y)


#: Room a puzzle takes at most (a table, a hand and the question), in millimetres.
PUZZLE_ROOM: Final = 110


def _puzzle(pdf: FPDF, number: int, puzzle: Puzzle, print_question: PrintQuestion) -> None:
    if pdf.get_y() > pdf.h - pdf.b_margin - PUZZLE_ROOM:
        pdf.add_page()
    pdf.ln(3)
    pdf.set_font("DejaVu", size=12)
    pdf.cell(0, 7, t("puzzle", number=number), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("DejaVu", size=10)
    trump = getattr(puzzle.content, "trump", None)
    if isinstance(trump, Suit):
        pdf.cell(0, 6, t("trumps", suit=trump.symbol), new_x="LMARGIN", new_y="NEXT")
    question = print_question(pdf, puzzle)
    pdf.multi_cell(0, 6, question, new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 8, t("answer-here") + " " + "_" * 60, new_x="LMARGIN", new_y="NEXT")


def _position(pdf: FPDF, position: PositionContent) -> None:
    """The table with the trick so far, the player to move at the bottom ("you"), then the
    hand: the same picture as in the app."""
    count = len(position.trick)
    mover = position.to_move or Seat.SOUTH
    label = t("trick-so-far") if position.trick else t("no-cards-yet")
    pdf.cell(0, 6, label, new_x="LMARGIN", new_y="NEXT")
    leader = leader_of(mover, count)
    _table(pdf, trick_by_seat(leader, position.trick), position.trump, mover, leader)
    pdf.cell(0, 6, t("your-hand"), new_x="LMARGIN", new_y="NEXT")
    _card_row(pdf, position.hand, position.trump)


def print_which_cards(pdf: FPDF, content: PositionContent) -> str:
    _position(pdf, content)
    return t("q-which-cards")


def print_card_legal(pdf: FPDF, content: CardQuestion) -> str:
    _position(pdf, content.position)
    return t("q-card-legal", card=current().card(content.card))


def print_city(pdf: FPDF, content: PositionContent) -> str:
    _position(pdf, content)
    return t("q-amsterdam-or-rotterdam")


def print_count_trick(pdf: FPDF, content: TrickContent) -> str:
    leader = content.leader
    if leader is None:  # no seats given: the cards in playing order
        _card_row(pdf, content.trick, content.trump)
    else:
        _table(pdf, trick_by_seat(leader, content.trick), content.trump, None, leader)
    if content.trick_number == 8:
        pdf.cell(0, 6, t("last-trick"), new_x="LMARGIN", new_y="NEXT")
    return t("q-count-trick", roem=t("q-count-trick-roem") if "roem" in content.ask else "")


def print_is_nat(pdf: FPDF, content: NatContent) -> str:
    _nat_lines(pdf, content)
    return t("q-is-nat", pair=pair_name(content.choosers))


def print_who_revoked(pdf: FPDF, content: RevokeContent) -> str:
    for seat, hand in zip(Seat, content.hands, strict=True):
        pdf.cell(
            0, 5, t("hand-row", seat=seat_name(seat), cards=current().cards(hand)),
            new_x="LMARGIN", new_y="NEXT",
        )  # fmt: skip
    _trick_lines(pdf, content.tricks)
    return t("q-who-revoked")


def _card(pdf: FPDF, card: Card, trump: Suit | None, left: float, top: float) -> None:
    """A small card face: rank and suit symbol, red or black; a trump with a thicker border."""
    pdf.set_line_width(0.6 if card.suit is trump else 0.2)
    pdf.set_draw_color(*BLACK)
    pdf.set_fill_color(255, 255, 255)
    pdf.rect(left, top, CARD_W, CARD_H, style="DF", round_corners=True)
    pdf.set_text_color(*(RED if card.suit.is_red else BLACK))
    pdf.set_xy(left, top + 1)
    pdf.set_font("DejaVu", size=10)
    pdf.cell(CARD_W, 5, current().card(card)[:-1], align="C")  # the rank, as the language has it
    pdf.set_xy(left, top + 7)
    pdf.set_font("DejaVu", size=14)
    pdf.cell(CARD_W, 8, card.suit.symbol, align="C")
    pdf.set_text_color(*BLACK)


#: The cloth of the printed table (millimetres) and where each place's card lies on it.
FELT_W, FELT_H, LABEL_W = 64.0, 46.0, 50.0
CARD_AT: Final = {
    "top": ((FELT_W - CARD_W) / 2, 2.0),
    "bottom": ((FELT_W - CARD_W) / 2, FELT_H - CARD_H - 2),
    "left": (3.0, (FELT_H - CARD_H) / 2),
    "right": (FELT_W - CARD_W - 3, (FELT_H - CARD_H) / 2),
}


def _table(
    pdf: FPDF,
    trick: dict[Seat, Card],
    trump: Suit | None,
    viewer: Seat | None,
    leader: Seat | None,
) -> None:
    """The table as in the app: each seat's name and role around the cloth ("you" at the
    bottom when there is a "you"), the one who led marked, each card of the trick at its seat."""
    x = pdf.l_margin + LABEL_W
    y = pdf.get_y() + 7
    pdf.set_draw_color(*BLACK)
    pdf.set_line_width(0.3)
    pdf.set_fill_color(226, 240, 231)  # a light cloth: it prints on any printer
    pdf.rect(x, y, FELT_W, FELT_H, style="DF", round_corners=True)
    for seat, card in trick.items():
        dx, dy = CARD_AT[place(seat, viewer)]
        _card(pdf, card, trump, x + dx, y + dy)
    pdf.set_font("DejaVu", size=SMALLEST_PT)
    for seat in Seat:
        role = role_key(seat, viewer)
        words = seat_name(seat) + ("" if role is None else f" ({texts.t(role)})")
        if seat is leader and trick:
            words += f" · {texts.t('leader-chip')}"
        where = place(seat, viewer)
        if where == "top":
            pdf.set_xy(x - LABEL_W, y - 6)
            pdf.cell(FELT_W + 2 * LABEL_W, 5, words, align="C")
        elif where == "bottom":
            pdf.set_xy(x - LABEL_W, y + FELT_H + 1)
            pdf.cell(FELT_W + 2 * LABEL_W, 5, words, align="C")
        else:
            left = x - LABEL_W if where == "left" else x + FELT_W + 1
            pdf.set_xy(left, y + FELT_H / 2 - 7.5)
            pdf.multi_cell(LABEL_W - 1, 5, words, align="R" if where == "left" else "L")
    pdf.set_font("DejaVu", size=10)
    pdf.set_xy(pdf.l_margin, y + FELT_H + 8)


def _card_row(pdf: FPDF, cards: Sequence[Card], trump: Suit | None) -> None:
    """A row of small card faces."""
    x, y = pdf.l_margin, pdf.get_y() + 1
    for index, card in enumerate(cards):
        _card(pdf, card, trump, x + index * (CARD_W + 3), y)
    pdf.set_text_color(*BLACK)
    pdf.set_font("DejaVu", size=10)
    pdf.set_xy(pdf.l_margin, y + CARD_H + 2)


def _nat_lines(pdf: FPDF, content: NatContent) -> None:
    if content.summary is not None:
        summary = content.summary
        for pair in (0, 1):
            tricks = "-" if summary.tricks_won is None else summary.tricks_won[pair]
            pdf.cell(
                0,
                5,
                t(
                    "pair-row",
                    pair=pair_name(pair),
                    card_points=summary.card_points[pair],
                    roem=sum(summary.roem[pair]),
                    undeclared=sum(summary.undeclared_roem[pair]),
                    tricks=tricks,
                ),
                new_x="LMARGIN",
                new_y="NEXT",
            )
    elif content.trick_table is not None:
        revoke = content.revoke_row
        if revoke is not None and revoke.revoked_by is not None:
            number = content.trick_table.index(revoke) + 1
            words = t("table-revoke-called", pair=pair_name(revoke.revoked_by), trick=number,
                      mark=PRINTED_REVOKE_MARK)  # fmt: skip
            pdf.multi_cell(0, 5, words, new_x="LMARGIN", new_y="NEXT")
        pdf.cell(0, 5, t("table-last-trick"), new_x="LMARGIN", new_y="NEXT")
        for number, row in enumerate(content.trick_table, start=1):
            line = t(
                "table-row",
                number=number,
                pair=pair_name(row.pair),
                points=row.points,
                roem=table_roem(row.pair, row.roem),
                forgotten="" if row.declared else t("forgotten"),
            )
            mark = f" {PRINTED_REVOKE_MARK}" if row is revoke else ""
            pdf.cell(0, 5, line + mark, new_x="LMARGIN", new_y="NEXT")
    elif content.tricks is not None:
        _trick_lines(pdf, content.tricks, content.declared)


def _trick_lines(
    pdf: FPDF,
    tricks: Sequence[tuple[Seat, Sequence[Card]]],
    declared: frozenset[int] | None = None,
) -> None:
    """One line per trick; with `declared`, the tricks whose roem was not declared say so."""
    for number, (leader, cards) in enumerate(tricks, start=1):
        forgotten = declared is not None and number - 1 not in declared
        line = t("trick-row", number=number, leader=seat_name(leader), cards=current().cards(cards))
        pdf.cell(0, 5, line + (t("forgotten") if forgotten else ""), new_x="LMARGIN", new_y="NEXT")
