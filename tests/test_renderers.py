"""Every question kind is drawn and asked by the app (drill, lessons, projector), described in
words, and every puzzle kind printed on a worksheet: a new kind without its renderers fails."""

from __future__ import annotations

from klaverjas_core import Seat, parse_cards
from klaverjas_questions import KINDS
from klaverjas_trainer.app.questions import RENDERERS
from klaverjas_trainer.app.table_view import mover_view
from klaverjas_trainer.texts import DESCRIBERS
from klaverjas_trainer.worksheets import RENDERERS as SHEET_RENDERERS
from puzzles import PUZZLE_KINDS


def test_every_question_kind_has_an_app_renderer_and_words_for_its_answer() -> None:
    assert set(RENDERERS) == set(KINDS)
    assert set(DESCRIBERS) == set(KINDS)


def test_every_puzzle_kind_prints_on_a_worksheet() -> None:
    assert set(PUZZLE_KINDS) <= set(KINDS)
    assert set(SHEET_RENDERERS) == set(PUZZLE_KINDS)


def test_the_trick_so_far_sits_at_the_table_as_the_player_to_move_sees_it() -> None:
    """The mover is South: the card before theirs is East's (the right opponent), the one
    before that North's (the partner), the first of three West's (the left opponent)."""
    three = parse_cards("A♣ 7♣ K♣")
    assert mover_view(three) == dict(zip((Seat.WEST, Seat.NORTH, Seat.EAST), three, strict=True))
    assert mover_view(three[:1]) == {Seat.EAST: three[0]}
    assert mover_view(()) == {}
