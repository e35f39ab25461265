"""The one table picture: who sits where from the viewer's seat, the roles beside the names,
each card of a trick at its seat, the leader marked, hands at their seats, whole tricks seat by
seat; and the words a board states hold in its position (no answer given away)."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import Seat, Suit, parse_cards
from klaverjas_trainer.app.board import css_string, key_class
from klaverjas_trainer.app.table_view import table_html, tricks_html
from klaverjas_trainer.seating import PLACES, leader_of, place, role_key, trick_by_seat


def seat_block(picture: str, seat: str) -> str:
    """The HTML of one seat's label block, found by the seat's name."""
    found = re.search(rf'<div class="kj-seat (kj-\w+)[^"]*"><b>{seat}</b>(.*?)</div>', picture)
    assert found is not None, seat
    return found.group(1) + " " + found.group(2)


@pytest.mark.parametrize("viewer", list(Seat))
def test_the_viewer_sits_at_the_bottom_and_the_turn_passes_to_the_left(viewer: Seat) -> None:
    assert place(viewer, viewer) == "bottom"
    assert place(viewer.left, viewer) == "left"  # the next to play sits on the left
    assert place(viewer.partner, viewer) == "top"
    assert [place(Seat((viewer + i) % 4), viewer) for i in range(4)] == list(PLACES)
    assert role_key(viewer, viewer) == "role-you"
    assert role_key(viewer.partner, viewer) == "player-2"  # partner


def test_a_picture_judged_from_outside_has_no_you() -> None:
    assert place(Seat.SOUTH, None) == "bottom" and role_key(Seat.SOUTH, None) is None
    picture = table_html(dealer=None, trick={}, trump=None, choosers=None, to_act=None,
                         viewer=None)  # fmt: skip
    assert "(you)" not in picture and "kj-role" not in picture


def test_the_mover_s_table_names_every_seat_with_its_role() -> None:
    """East to move after North led: East at the bottom as you, South (next) on the left,
    West opposite as partner, North on the right; North's card at North's seat, marked led."""
    trick = parse_cards("A♣")
    picture = table_html(
        dealer=None, trick=trick_by_seat(Seat.NORTH, trick), trump=Suit.HEARTS, choosers=None,
        to_act=Seat.EAST, viewer=Seat.EAST, leader=Seat.NORTH,
    )  # fmt: skip
    assert seat_block(picture, "East").startswith("kj-bottom") and "you" in seat_block(
        picture, "East"
    )
    assert seat_block(picture, "South").startswith("kj-left")
    assert "left opponent" in seat_block(picture, "South")
    assert seat_block(picture, "West").startswith("kj-top")
    assert "partner" in seat_block(picture, "West")
    assert seat_block(picture, "North").startswith("kj-right")
    assert "led" in seat_block(picture, "North") and "led" not in seat_block(picture, "East")
    assert re.search(r'<div class="kj-right"><span class="kj-card[^>]*aria-label="A♣"', picture)
    assert "South (left opponent)" in picture  # the label a screen reader reads
    assert '<div class="kj-seat kj-bottom kj-turn"><b>East</b>' in picture  # East to play


def test_hands_are_drawn_at_their_seats() -> None:
    hands = {seat: parse_cards(cards) for seat, cards in zip(
        Seat, ["A♣ K♣", "A♦ K♦", "A♥ K♥", "A♠ K♠"], strict=True)}  # fmt: skip
    picture = table_html(dealer=Seat.WEST, trick={}, trump=Suit.SPADES, choosers=None,
                         to_act=None, viewer=None, hands=hands)  # fmt: skip
    assert 'class="kj-table kj-deal"' in picture and "kj-felt" not in picture
    for seat, cards in hands.items():
        block = re.search(rf"<b>{seat_name_en(seat)}</b>.*?</div></div>", picture)
        assert block is not None
        assert re.findall(r'aria-label="(..)"', block.group(0)) == [str(c) for c in cards]
    assert "Dealer" in seat_block(picture, "West")


def seat_name_en(seat: Seat) -> str:
    return seat.name.capitalize()


def test_whole_tricks_put_each_card_under_the_seat_that_played_it() -> None:
    """Led from West: W, N, E, S in playing order; the columns read N, E, S, W."""
    tricks = [(Seat.WEST, parse_cards("7♣ A♣ 8♣ 9♣")), (Seat.NORTH, parse_cards("K♦ Q♦ J♦ 7♦"))]
    grid = tricks_html(tricks, Suit.HEARTS, four_colour=False, notes={1: "not declared"})
    rows = re.findall(r"<tr><th>(.*?)</tr>", grid.split("<tbody>", 1)[1])
    cells = [re.findall(r'<td( class="kj-led")?>.*?aria-label="(..)"', row) for row in rows]
    assert [card for _, card in cells[0]] == ["A♣", "8♣", "9♣", "7♣"]  # N E S W
    assert [bool(led) for led, _ in cells[0]] == [False, False, False, True]  # West led
    assert [card for _, card in cells[1]] == ["K♦", "Q♦", "J♦", "7♦"]
    assert "not declared" in rows[1] and "not declared" not in rows[0]


def test_the_trick_so_far_is_placed_back_from_the_player_to_move() -> None:
    """The mover is South: the card before theirs is East's (the right opponent), the one
    before that North's (the partner), the first of three West's (the left opponent)."""
    cards = parse_cards("A♣ 7♣ K♣")
    leader = leader_of(Seat.SOUTH, len(cards))
    assert leader is Seat.WEST
    assert trick_by_seat(leader, cards) == {Seat.WEST: cards[0], Seat.NORTH: cards[1],
                                            Seat.EAST: cards[2]}  # fmt: skip
    assert trick_by_seat(leader_of(Seat.SOUTH, 1), cards[:1]) == {Seat.EAST: cards[0]}
    assert trick_by_seat(leader_of(Seat.SOUTH, 0), ()) == {}


def test_a_mark_on_a_card_to_tap_cannot_break_out_of_its_style() -> None:
    assert css_string('a"b\\c</style>') == '"a\\22 b\\5c c\\3c /style>"'
    assert key_class("reply-which/cards 1") == "st-key-reply-which-cards-1"


BOARD_SCRIPT = """
import streamlit as st
from klaverjas_trainer.app.questions import view_of
from klaverjas_trainer.app.services import profile
from puzzles import generate
kind, rule, seed = st.session_state["puzzle"]
puzzle = generate(kind, rule, seed=seed, level=3)
view_of(kind).board(puzzle.content, profile(), None)
"""


@pytest.mark.parametrize(
    ("kind", "rule", "drawn"),
    [
        ("which-cards", "play.must-overtrump", 'class="kj-table"'),
        ("card-legal", "play.no-undertrump", 'class="kj-table"'),
        ("amsterdam-or-rotterdam", "play.partner-winning", 'class="kj-table"'),
        ("count-trick", "roem.stuk", 'class="kj-table"'),
        ("who-revoked", "play.follow-suit", 'class="kj-table kj-deal"'),
    ],
)
def test_every_puzzle_kind_is_drawn_at_the_table_with_seats(
    kind: str, rule: str, drawn: str
) -> None:
    """Positions, a trick to count and a deal's hands all sit at the table; who takes a trick
    to count is not ringed (that is the question)."""
    for seed in range(6):
        app = AppTest.from_string(BOARD_SCRIPT)
        app.session_state["puzzle"] = (kind, rule, seed)
        app.run()
        assert not app.exception
        said = "\n".join(m.value for m in app.markdown)
        assert drawn in said and "North" in said and "West" in said
        assert "kj-win" not in said.split("</style>")[-1]
        if kind == "who-revoked":
            assert 'class="kj-tricks"' in said


def test_an_is_nat_deal_of_tricks_is_laid_out_seat_by_seat() -> None:
    app = AppTest.from_string(BOARD_SCRIPT)
    for seed in range(40):  # is-nat has three shapes; find the one with the tricks
        app.session_state["puzzle"] = ("is-nat", "score.nat", seed)
        app.run()
        said = "\n".join(m.value for m in app.markdown)
        if 'class="kj-tricks"' in said:
            assert said.count("<tr><th>Trick") == 8
            return
    pytest.fail("no is-nat puzzle with its tricks in 40 seeds")
