"""Printable worksheets: puzzles with card pictures and room to answer, then an answer key
with the core's explanations, as a PDF (fpdf2 with DejaVu Sans, which draws ♠ ♥ ♦ ♣)."""

from klaverjas_trainer.worksheets.pdf import PrintQuestion, WorksheetError, find_font, worksheet_pdf

__all__ = ["PrintQuestion", "WorksheetError", "find_font", "worksheet_pdf"]
