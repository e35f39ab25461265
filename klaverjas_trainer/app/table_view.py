"""The card table as a picture: four seats around a green cloth, each with its name and its
place from the learner's view (you, partner, left and right opponent), the dealer and the pair
that chose trumps marked, and the trick laid out by seat in the middle.

HTML and CSS only (Streamlit strips SVG); every word goes through `html.escape`.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Final

from klaverjas_core import Card, Seat, Suit
from klaverjas_trainer.app.cards import card_html
from klaverjas_trainer.seating import PLACES, place, role_key, trick_by_seat
from klaverjas_trainer.texts import seat_name, t

TABLE_CSS: Final = """
<style>
.kj-table { display: grid; gap: .35rem; max-width: 34rem; margin: .3rem auto .8rem;
  grid-template-columns: 1fr 2.2fr 1fr;
  grid-template-areas: ". top ." "left felt right" ". bottom ."; }
.kj-table .kj-seat { display: flex; flex-direction: column; align-items: center;
  justify-content: center; text-align: center; font-size: .95rem; line-height: 1.25; }
.kj-table .kj-seat b { font-size: 1.05rem; }
.kj-table .kj-role { color: #444; font-size: .85rem; }
.kj-table .kj-chip { display: inline-block; margin-top: .15rem; padding: 0 .45rem;
  border-radius: 1rem; font-size: .8rem; font-weight: 600; border: 1px solid #777;
  background: #fff; color: #222; }
.kj-table .kj-chip.kj-choosers { border-color: #b8860b; background: #fff8e1; }
.kj-table .kj-turn b { text-decoration: underline; text-decoration-thickness: 3px; }
.kj-felt { grid-area: felt; display: grid; min-height: 11.5rem; padding: .3rem;
  border-radius: 1.2rem; background: #2e7d4f; border: 3px solid #1f5c39;
  grid-template-columns: 1fr 1fr 1fr; grid-template-rows: 1fr 1fr 1fr;
  grid-template-areas: ". top ." "left c right" ". bottom .";
  align-items: center; justify-items: center; }
.kj-felt .kj-c { grid-area: c; color: #fff; font-size: .85rem; text-align: center; }
.kj-felt .kj-win .kj-card { outline: 4px solid #ffd54f; }
.kj-felt .kj-card { width: 2.9rem; height: 4rem; }
.kj-top { grid-area: top; } .kj-left { grid-area: left; } .kj-bottom { grid-area: bottom; }
.kj-right { grid-area: right; }
.kj-table .kj-chip.kj-leader { border-color: #2962ff; background: #e8f0fe; }
/* A deal's hands at their seats: wide enough for eight cards, stacked on a phone. */
.kj-table.kj-deal { max-width: 60rem; grid-template-columns: 1fr 1fr 1fr;
  grid-template-areas: ". top ." "left . right" ". bottom ."; }
.kj-hand { display: flex; flex-wrap: wrap; justify-content: center; gap: .2rem;
  margin-top: .25rem; }
.kj-hand .kj-card, .kj-tricks .kj-card { width: 2.4rem; height: 3.2rem; font-size: 1rem;
  padding: .15rem .25rem; }
/* Every hand and the trick among them (the teacher watching a table). */
.kj-table.kj-deal.kj-trick { grid-template-areas: ". top ." "left felt right" ". bottom ."; }
@media (max-width: 640px) { .kj-table.kj-deal { grid-template-columns: 1fr;
  grid-template-areas: "top" "left" "right" "bottom"; }
  .kj-table.kj-deal.kj-trick { grid-template-areas: "top" "left" "felt" "right" "bottom"; } }
/* On a phone the table is smaller, so Answer stays on the first screen under the hand. */
@media (max-width: 640px) {
  .kj-table { gap: .15rem; margin: .1rem auto .3rem; }
  .kj-table .kj-seat { font-size: .85rem; } .kj-table .kj-seat b { font-size: .95rem; }
  .kj-felt { min-height: 9.5rem; padding: .2rem; }
  .kj-felt .kj-card { width: 2.6rem; height: 3.5rem; font-size: 1.05rem; padding: .15rem .25rem; }
  .kj-felt .kj-c { font-size: .75rem; }
}
/* Two pictures side by side where the page is wide enough, else one under the other. */
.kj-side { display: flex; flex-wrap: wrap; gap: 1rem 2.5rem; align-items: flex-start; }
.kj-side > div { flex: 0 1 auto; }
.kj-side .kj-table.kj-deal { margin: 0; width: 34rem; max-width: 100%; }
.kj-side .kj-part { color: #555; font-size: .9rem; margin: 0 0 .2rem; }
.kj-tricks { border-collapse: collapse; margin: .3rem 0 .8rem; }
.kj-tricks caption { caption-side: top; text-align: left; color: #444; font-size: .9rem; }
.kj-tricks th, .kj-tricks td { padding: .2rem .35rem; text-align: center; font-size: .9rem; }
.kj-tricks tbody th { text-align: left; font-weight: 600; white-space: nowrap; }
.kj-tricks td.kj-led .kj-card { outline: 3px solid #2962ff; }
.kj-tricks .kj-note { font-weight: 400; color: #8a1c1c; font-size: .8rem; }
[class*="st-key-play-card-"] button { min-width: 3.6rem; min-height: 4.9rem; padding: .2rem .3rem; }
[class*="st-key-play-card-"] button p { font-size: 1.5rem; font-weight: 700; }
[class*="st-key-play-card-"] button[kind="primary"] { background: #e8f5e9; color: #111;
  border: 3px solid #1b7a2f; }
[class*="st-key-play-call-"] button { min-width: 3.2rem; min-height: 3rem; }
[class*="st-key-play-call-"] button p { font-size: 1.35rem; font-weight: 700; }
</style>
"""

#: With "Larger text and cards" the cards to tap grow too.
LARGE_CSS: Final = """
<style>
[class*="st-key-play-card-"] button { min-width: 4.6rem; min-height: 6.3rem; }
[class*="st-key-play-card-"] button p { font-size: 2rem; }
.kj-table { max-width: 50rem; }
.kj-table .kj-seat { font-size: 1.3rem; } .kj-table .kj-seat b { font-size: 1.5rem; }
.kj-table .kj-role { font-size: 1.1rem; } .kj-table .kj-chip { font-size: 1rem; }
.kj-felt { min-height: 21rem; }
.kj-felt .kj-card { width: 4.4rem; height: 6rem; font-size: 1.8rem; }
.kj-felt .kj-c { font-size: 1.1rem; }
.kj-hand .kj-card, .kj-tricks .kj-card { width: 3.4rem; height: 4.6rem; font-size: 1.5rem; }
.kj-tricks th, .kj-tricks td { font-size: 1.3rem; }
.kj-side .kj-table.kj-deal { width: 42rem; } .kj-side .kj-part { font-size: 1.2rem; }
</style>
"""

AREAS: Final = {place: f"kj-{place}" for place in PLACES}


def table_html(
    *,
    dealer: Seat | None,
    trick: Mapping[Seat, Card],
    trump: Suit | None,
    choosers: int | None,
    to_act: Seat | None,
    winner: Seat | None = None,
    centre: str = "",
    four_colour: bool = False,
    viewer: Seat | None = Seat.SOUTH,
    leader: Seat | None = None,
    hands: Mapping[Seat, Sequence[Card]] | None = None,
) -> str:
    """The table with the cards of one trick by seat; `winner` marks the taking card (no
    `dealer`: a puzzle's position, where who dealt does not matter). `viewer` sits at the
    bottom with "you" and the others' roles beside their names (None: a deal judged from
    outside, South at the bottom, no roles); `leader` is marked as the one who led; `hands`
    are drawn at their seats (the table is then wider and has no cloth in the middle)."""
    seats, named = [], []
    for seat in Seat:
        chips = []
        if seat is dealer:
            chips.append(_chip(t("dealer-chip")))
        if choosers is not None and trump is not None and seat.pair == choosers:
            chips.append(_chip(t("choosers-chip", trump=trump.symbol), "kj-choosers"))
        if seat is leader:
            chips.append(_chip(t("leader-chip"), "kj-leader"))
        role = role_key(seat, viewer)
        words = seat_name(seat) if role is None else f"{seat_name(seat)} ({t(role)})"
        named.append(words)
        role_html = "" if role is None else f'<span class="kj-role">{html.escape(t(role))}</span>'
        hand = ""
        if hands is not None:
            faces = "".join(card_html(card, trump, four_colour=four_colour) for card in hands[seat])
            hand = f'<div class="kj-hand">{faces}</div>'
        turn = " kj-turn" if seat is to_act else ""
        seats.append(
            f'<div class="kj-seat {AREAS[place(seat, viewer)]}{turn}">'
            f"<b>{html.escape(seat_name(seat))}</b>{role_html}{''.join(chips)}{hand}</div>"
        )
    played = []
    for seat, card in trick.items():
        face = card_html(card, trump, four_colour=four_colour)
        win = " kj-win" if seat is winner else ""
        played.append(f'<div class="{AREAS[place(seat, viewer)]}{win}">{face}</div>')
    label = html.escape(t("table-label-seats", seats=", ".join(named)))
    middle = f'<div class="kj-c">{html.escape(centre)}</div>'
    felt = (
        ""
        if hands is not None and not trick
        else (f'<div class="kj-felt">{"".join(played)}{middle}</div>')
    )
    wide = "" if hands is None else " kj-deal kj-trick" if trick else " kj-deal"
    return (
        f'<div class="kj-table{wide}" role="img" aria-label="{label}">{"".join(seats)}{felt}</div>'
    )


def _chip(words: str, kind: str = "") -> str:
    return f'<span class="kj-chip {kind}">{html.escape(words)}</span>'


def tricks_html(
    tricks: Sequence[tuple[Seat, Sequence[Card]]],
    trump: Suit | None,
    *,
    four_colour: bool,
    notes: Mapping[int, str] | None = None,
) -> str:
    """Whole tricks, one row each, every card in its seat's column and the card that led
    ringed; `notes` adds words to a trick's row (by trick index from 0)."""
    head = "".join(f"<th>{html.escape(seat_name(seat))}</th>" for seat in Seat)
    rows = []
    for number, (leader, cards) in enumerate(tricks):
        by_seat = trick_by_seat(leader, cards)
        cells = []
        for seat in Seat:
            card = by_seat.get(seat)
            face = "" if card is None else card_html(card, trump, four_colour=four_colour)
            led = ' class="kj-led"' if seat is leader else ""
            cells.append(f"<td{led}>{face}</td>")
        note = (notes or {}).get(number, "")
        note_html = f'<br><span class="kj-note">{html.escape(note)}</span>' if note else ""
        title = html.escape(t("trick-n", n=number + 1))
        rows.append(f"<tr><th>{title}{note_html}</th>{''.join(cells)}</tr>")
    caption = html.escape(t("tricks-caption"))
    return (
        f'<table class="kj-tricks"><caption>{caption}</caption>'
        f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
