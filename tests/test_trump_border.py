"""Trumps wear the gold border the hand's caption promises ("trumps have a gold border")
wherever cards are drawn: card pictures in the hand, the trick and whole tricks, the cards to
tap in a puzzle or a lesson, and the cards to tap at the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from klaverjas_core import Seat, Suit, parse_cards
from klaverjas_trainer.app.board import TRUMP_FACE, trump_buttons_css, trump_pills_css
from klaverjas_trainer.app.cards import CSS, card_html, row_html
from klaverjas_trainer.app.table_view import table_html, tricks_html

from .test_app_flows import DRILL, drill_puzzle, fresh_app, sign_in

GOLD = "#b8860b"
HAND = parse_cards("7♣ J♥ A♠ 9♥ K♦")


def trumps_drawn(picture: str) -> list[str]:
    """The cards drawn with the trump class, by their label."""
    return re.findall(r'class="kj-card kj-trump[^"]*"[^>]*aria-label="([^"]+)"', picture)


def test_the_trump_class_draws_a_gold_border() -> None:
    rule = re.search(r"\.kj-card\.kj-trump \{([^}]*)\}", CSS)
    assert rule is not None and f"border: 2px solid {GOLD}" in rule.group(1)
    assert f"border: 2px solid {GOLD}" in TRUMP_FACE  # the cards to tap look the same


def test_trumps_in_a_hand_a_trick_and_whole_tricks_are_drawn_gold() -> None:
    assert trumps_drawn(row_html(HAND, Suit.HEARTS, four_colour=False, large=False)) == [
        "J♥",
        "9♥",
    ]
    assert trumps_drawn(card_html(HAND[0], Suit.CLUBS, four_colour=True)) == ["7♣"]
    assert trumps_drawn(row_html(HAND, None, four_colour=False, large=False)) == []
    table = table_html(
        dealer=None, trick={Seat.WEST: HAND[1], Seat.NORTH: HAND[2]}, trump=Suit.HEARTS,
        choosers=None, to_act=Seat.EAST,
    )  # fmt: skip
    assert trumps_drawn(table) == ["J♥"]
    tricks = tricks_html([(Seat.NORTH, HAND[:4])], Suit.SPADES, four_colour=False)
    assert trumps_drawn(tricks) == ["A♠"]


def test_the_trumps_to_tap_get_the_gold_border_by_their_place() -> None:
    css = trump_pills_css("reply-wc-1", HAND, Suit.HEARTS)
    places = re.findall(r'\.st-key-reply-wc-1 \[data-variant="pills"\]:nth-of-type\((\d)\)', css)
    assert places == ["2", "4"] and css.count(GOLD) == 2
    assert trump_pills_css("reply-wc-1", HAND, None) == ""
    assert trump_pills_css("reply-wc-1", parse_cards("7♣ A♠"), Suit.HEARTS) == ""


def test_the_trumps_at_the_table_get_the_gold_border_by_their_key() -> None:
    css = trump_buttons_css(HAND, Suit.HEARTS, "play-card-")
    assert re.findall(r"\.st-key-play-card-(\w+) button", css) == ["JH", "9H"]
    assert css.count(GOLD) == 2 and trump_buttons_css(HAND, None, "play-card-") == ""


def test_the_drill_s_cards_to_tap_carry_the_style_for_their_trumps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KLAVERJAS_DATABASE_URL", raising=False)
    monkeypatch.setenv("KLAVERJAS_DATA_DIR", str(tmp_path))
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    for _ in range(4):  # a few puzzles: a hand with trumps in it among them
        puzzle = drill_puzzle(app)
        hand, trump = puzzle.content.hand, puzzle.content.trump
        styles = [m.value for m in app.markdown if GOLD in m.value]  # in the puzzle's part
        expected = [str(i) for i, card in enumerate(hand, start=1) if card.suit is trump]
        found = [
            place
            for style in styles
            for place in re.findall(
                rf'\.st-key-reply-{puzzle.id} \[data-variant="pills"\]:nth-of-type\((\d)\)', style
            )
        ]
        assert found == expected, (hand, trump, styles)
        app.pills(key=f"reply-{puzzle.id}").set_value([hand[0]])
        app.form_submit_button[0].click().run()
        app.button(key="next_button").click().run()
