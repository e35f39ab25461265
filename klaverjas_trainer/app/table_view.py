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
from klaverjas_trainer.texts import seat_name, t

TABLE_CSS: Final = """
<style>
.kj-table { display: grid; gap: .35rem; max-width: 34rem; margin: .3rem auto .8rem;
  grid-template-columns: 1fr 2.2fr 1fr; grid-template-areas: ". n ." "w felt e" ". s ."; }
.kj-table .kj-seat { display: flex; flex-direction: column; align-items: center;
  justify-content: center; text-align: center; font-size: .95rem; line-height: 1.25; }
.kj-table .kj-seat b { font-size: 1.05rem; }
.kj-table .kj-role { color: #444; font-size: .85rem; }
.kj-table .kj-chip { display: inline-block; margin-top: .15rem; padding: 0 .45rem;
  border-radius: 1rem; font-size: .8rem; font-weight: 600; border: 1px solid #777;
  background: #fff; color: #222; }
.kj-table .kj-chip.kj-choosers { border-color: #b8860b; background: #fff8e1; }
.kj-table .kj-turn b { text-decoration: underline; text-decoration-thickness: 3px; }
.kj-felt { grid-area: felt; display: grid; min-height: 13.5rem; padding: .4rem;
  border-radius: 1.2rem; background: #2e7d4f; border: 3px solid #1f5c39;
  grid-template-columns: 1fr 1fr 1fr; grid-template-rows: 1fr 1fr 1fr;
  grid-template-areas: ". n ." "w c e" ". s ."; align-items: center; justify-items: center; }
.kj-felt .kj-c { grid-area: c; color: #fff; font-size: .85rem; text-align: center; }
.kj-felt .kj-win .kj-card { outline: 4px solid #ffd54f; }
.kj-n { grid-area: n; } .kj-e { grid-area: e; } .kj-s { grid-area: s; } .kj-w { grid-area: w; }
[class*="st-key-play-card-"] button { min-width: 3.6rem; min-height: 4.9rem; padding: .2rem .3rem; }
[class*="st-key-play-card-"] button p { font-size: 1.5rem; font-weight: 700; }
[class*="st-key-play-card-"] button[kind="primary"] { background: #e8f5e9; color: #111;
  border: 3px solid #1b7a2f; }
[class*="st-key-play-call-"] button { min-width: 3.2rem; min-height: 3rem; }
[class*="st-key-play-call-"] button p { font-size: 1.35rem; font-weight: 700; }
</style>
"""

#: With "Larger cards" the cards to tap grow too.
LARGE_CSS: Final = """
<style>
[class*="st-key-play-card-"] button { min-width: 4.6rem; min-height: 6.3rem; }
[class*="st-key-play-card-"] button p { font-size: 2rem; }
.kj-table .kj-seat { font-size: 1.1rem; }
</style>
"""

#: Where each seat sits seen from the learner (South).
ROLES: Final = {
    Seat.SOUTH: "role-you",
    Seat.NORTH: "player-2",  # partner
    Seat.WEST: "player-3",  # left opponent: the turn passes to the left
    Seat.EAST: "player-1",  # right opponent
}
AREAS: Final = {Seat.NORTH: "kj-n", Seat.EAST: "kj-e", Seat.SOUTH: "kj-s", Seat.WEST: "kj-w"}


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
) -> str:
    """The table with the cards of one trick by seat; `winner` marks the taking card (no
    `dealer`: a puzzle's position, where who dealt does not matter)."""
    seats = []
    for seat in Seat:
        chips = []
        if seat is dealer:
            chips.append(f'<span class="kj-chip">{html.escape(t("dealer-chip"))}</span>')
        if choosers is not None and trump is not None and seat.pair == choosers:
            label = html.escape(t("choosers-chip", trump=trump.symbol))
            chips.append(f'<span class="kj-chip kj-choosers">{label}</span>')
        turn = " kj-turn" if seat is to_act else ""
        seats.append(
            f'<div class="kj-seat {AREAS[seat]}{turn}"><b>{html.escape(seat_name(seat))}</b>'
            f'<span class="kj-role">{html.escape(t(ROLES[seat]))}</span>{"".join(chips)}</div>'
        )
    played = []
    for seat, card in trick.items():
        face = card_html(card, trump, four_colour=four_colour)
        win = " kj-win" if seat is winner else ""
        played.append(f'<div class="{AREAS[seat]}{win}">{face}</div>')
    label = html.escape(t("table-label"))
    middle = f'<div class="kj-c">{html.escape(centre)}</div>'
    return (
        f'<div class="kj-table" role="img" aria-label="{label}">{"".join(seats)}'
        f'<div class="kj-felt">{"".join(played)}{middle}</div></div>'
    )


def mover_view(trick: Sequence[Card]) -> dict[Seat, Card]:
    """A trick so far seen by the player to move, who sits South: the card before theirs came
    from East (the right opponent), the one before from North (the partner), the first of
    three from West (the left opponent)."""
    count = len(trick)
    return {Seat((Seat.SOUTH - (count - i)) % 4): card for i, card in enumerate(trick)}
