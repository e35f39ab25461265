"""Printable worksheets: every kind renders with real card symbols, the answer key agrees with
the core, the same seed prints the same bytes, and a missing font is said plainly."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import segno
from pypdf import PdfReader

from klaverjas_core import Rank
from klaverjas_trainer.app.questions import printed_worksheet
from klaverjas_trainer.texts import describe_answer, t
from klaverjas_trainer.texts.answers import pair_name
from klaverjas_trainer.texts.catalogue import language
from klaverjas_trainer.worksheets import WorksheetError
from klaverjas_trainer.worksheets import pdf as worksheet_module
from klaverjas_trainer.worksheets.__main__ import main
from puzzles import generate

ONE_OF_EACH = [
    ("which-cards", "play.must-overtrump"), ("card-legal", "play.no-undertrump"),
    ("is-nat", "score.nat"), ("count-trick", "roem.stuk"),
    ("amsterdam-or-rotterdam", "play.partner-winning"), ("who-revoked", "play.follow-suit"),
]  # fmt: skip


def text_of(document: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages)


def test_every_kind_renders_with_its_cards_and_a_matching_answer_key() -> None:
    puzzles = [generate(kind, rule, seed=n, level=n % 3 + 1) for n, (kind, rule) in
               enumerate(ONE_OF_EACH)]  # fmt: skip
    text = text_of(printed_worksheet(puzzles))
    assert "Klaverjas worksheet" in text and "Answer key" in text
    for symbol in "♠♥♦♣":
        assert symbol in text
    key = text.split("Answer key", 1)[1]
    for number, puzzle in enumerate(puzzles, start=1):
        words = describe_answer(puzzle.kind, puzzle.content, puzzle.answer)
        assert f"Puzzle {number} · Answer: {words}" in key.replace("\n", " ")


def test_the_same_seed_prints_the_same_sheet() -> None:
    first = printed_worksheet([generate("which-cards", "play.follow-suit", seed=4)])
    assert printed_worksheet([generate("which-cards", "play.follow-suit", seed=4)]) == first
    assert printed_worksheet([generate("which-cards", "play.follow-suit", seed=5)]) != first


def test_a_missing_font_is_said_plainly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(worksheet_module, "FONT_CANDIDATES", (tmp_path / "none.ttf",))
    monkeypatch.setattr(worksheet_module, "_bundled", lambda: None)
    monkeypatch.delenv("KLAVERJAS_FONT", raising=False)
    with pytest.raises(WorksheetError, match="needs the DejaVu Sans font"):
        printed_worksheet([generate("which-cards", "play.follow-suit", seed=1)])


def test_command_line_writes_a_sheet(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    argv = ["--kind", "count-trick", "--rule", "roem.run-of-three", "--count", "4", "--seed", "3",
            "--level", "3", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    reader = PdfReader(out)
    assert "4 puzzles · Amsterdam rules · level 3" in reader.pages[0].extract_text()
    assert main([*argv[:-2], "--rules", "rotterdam+nonsense", "--out", str(out)]) == 2


def test_a_sheet_printed_with_older_generators_prints_again_the_same(tmp_path: Path) -> None:
    first, again, now = tmp_path / "v1.pdf", tmp_path / "v1-again.pdf", tmp_path / "v2.pdf"
    argv = ["--kind", "is-nat", "--rule", "score.nat", "--count", "6", "--seed", "3"]
    assert main([*argv, "--generator-version", "1", "--out", str(first)]) == 0
    assert main([*argv, "--generator-version", "1", "--out", str(again)]) == 0
    assert main([*argv, "--out", str(now)]) == 0
    assert first.read_bytes() == again.read_bytes() != now.read_bytes()


def test_the_font_is_found_without_debian_packages(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(worksheet_module, "FONT_CANDIDATES", (tmp_path / "none.ttf",))
    monkeypatch.delenv("KLAVERJAS_FONT", raising=False)
    assert worksheet_module.find_font().name == "DejaVuSans.ttf"


def test_a_sheet_in_ukrainian_uses_its_words_and_rank_letters(tmp_path: Path) -> None:
    out = tmp_path / "sheet-uk.pdf"
    argv = ["--kind", "which-cards", "--rule", "play.must-overtrump", "--count", "2",
            "--seed", "7", "--language", "uk", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    text = text_of(out.read_bytes())
    assert "Klaverjas worksheet" not in text and "Answer key" not in text
    assert "Д♦" in text or "Т♠" in text  # the Ukrainian letters for queen and ace


def test_a_card_in_a_dutch_question_has_the_dutch_rank_letter() -> None:
    puzzle = next(
        p for seed in range(50)
        if (p := generate("card-legal", "play.follow-suit", seed=seed)).content.card.rank
        in (Rank.JACK, Rank.QUEEN, Rank.KING)
    )  # fmt: skip
    card = puzzle.content.card
    dutch = {Rank.JACK: "B", Rank.QUEEN: "V", Rank.KING: "H"}[card.rank] + card.suit.symbol
    with language("nl"):
        text = text_of(printed_worksheet([puzzle])).replace("\n", " ")
    assert f"Mag je {dutch} spelen?" in text


def test_a_printed_position_sits_at_the_table_with_the_app_s_seat_names() -> None:
    """The player to move at the bottom as "you", the others named by seat and role, and the
    one who led marked: the words of the app's table picture."""
    puzzle = generate("which-cards", "play.must-overtrump", seed=3)
    text = text_of(printed_worksheet([puzzle])).split("Answer key", 1)[0]
    for words in (
        "South (you)",
        "West (left opponent)",
        "North (partner)",
        "East (right opponent)",
    ):
        assert words in text
    assert text.count("· led") == (1 if puzzle.content.trick else 0)


def test_a_printed_trick_to_count_has_its_seats_and_no_you() -> None:
    puzzle = generate("count-trick", "roem.stuk", seed=2)
    text = text_of(printed_worksheet([puzzle])).split("Answer key", 1)[0]
    assert "(you)" not in text and "(partner)" not in text  # judged from outside the table
    assert all(seat in text for seat in ("North", "East", "South", "West"))
    assert text.count("· led") == 1


@pytest.mark.parametrize("code", ["en", "uk"])
def test_a_printed_trick_table_says_which_pair_revoked_and_marks_its_trick(code: str) -> None:
    puzzle = generate("is-nat", "score.revoke", seed=3, level=1)
    rows = puzzle.content.trick_table
    number, revoke = next(
        (n, row) for n, row in enumerate(rows, start=1) if row.revoked_by is not None
    )
    with language(code):
        expected = t(
            "table-revoke-called", pair=pair_name(revoke.revoked_by), trick=number, mark="*"
        )
        text = text_of(printed_worksheet([puzzle])).replace("\n", " ")
    assert expected in text
    assert text.count("*") == 2  # in the sentence and beside the revoke's row


@pytest.mark.parametrize("code", ["nl", "uk"])
def test_no_text_on_a_sheet_is_smaller_than_ten_points(code: str) -> None:
    """Seat names around the table and the answer key's reasons included (they were 8 and
    9 pt): a sheet is read at arm's length, by older players too."""
    puzzles = [generate(kind, rule, seed=n, level=3) for n, (kind, rule) in enumerate(ONE_OF_EACH)]
    with language(code):
        document = printed_worksheet(puzzles)
    sizes: set[float] = set()
    for page in PdfReader(io.BytesIO(document)).pages:
        page.extract_text(visitor_operand_before=lambda op, args, *_: (
            sizes.add(float(args[1])) if op == b"Tf" else None))  # fmt: skip
    assert sizes and min(sizes) >= worksheet_module.SMALLEST_PT == 10, sorted(sizes)


def test_a_club_sheet_carries_the_groups_join_code() -> None:
    """The join link's QR code at the top (one filled square per dark module of segno's
    matrix, nothing else added) and the code under it, for who cannot scan."""
    puzzles = [generate("which-cards", "play.follow-suit", seed=4)]
    link = "https://club.example/profile?join=KLV7QM"
    plain = printed_worksheet(puzzles)
    club = printed_worksheet(puzzles, join=(link, "KLV7QM"))
    assert "Scan to join · code KLV7QM" in text_of(club)

    def squares(document: bytes) -> int:
        page = PdfReader(io.BytesIO(document)).pages[0]
        return page.get_contents().get_data().count(b" re f")  # type: ignore[union-attr]

    dark = sum(sum(row) for row in segno.make(link, error="m").matrix_iter(border=2))
    assert squares(club) - squares(plain) == dark
