"""Cards as pictures: small HTML/CSS card faces (Streamlit strips SVG), two- or four-colour.

Every text that reaches HTML goes through `html.escape`.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from klaverjas_core import Card, Suit
from klaverjas_trainer.texts import current

TWO_COLOURS = {
    Suit.CLUBS: "#111",
    Suit.DIAMONDS: "#c8102e",
    Suit.HEARTS: "#c8102e",
    Suit.SPADES: "#111",
}
FOUR_COLOURS = {
    Suit.CLUBS: "#1b7a2f",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.HEARTS: "#c8102e",
    Suit.SPADES: "#111",
}

CSS = """
<style>
/* A style sent alone (board.page_style) takes no room: its empty box gets no gap either. */
.stElementContainer:has(> .stMarkdown [data-testid="stMarkdownContainer"] > style:only-child)
{ display: none; }
.kj-row { display: flex; flex-wrap: wrap; gap: .4rem; align-items: flex-end;
  margin: .2rem 0 .6rem; }
.kj-card { display: inline-flex; flex-direction: column; justify-content: space-between;
  width: 3.2rem; height: 4.4rem; padding: .25rem .35rem; border: 1px solid #999;
  border-radius: .45rem; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.25);
  font-weight: 700; font-size: 1.25rem; line-height: 1; }
.kj-large .kj-card { width: 4.4rem; height: 6rem; font-size: 1.8rem; }
.kj-card .kj-suit { font-size: 1.6em; align-self: flex-end; }
.kj-card.kj-trump { border: 2px solid #b8860b; background: #fff8e1; }
.kj-card.kj-mark { outline: 3px solid #2962ff; }
.kj-card.kj-legal { outline: 3px solid #1b7a2f; }
/* Not allowed: dimmed by a grey face, not by fading the ink (which fell to 2.7:1). */
.kj-card.kj-illegal { background: #e9e8e6; box-shadow: none; }
.kj-card.kj-wrong { outline: 4px solid #c8102e; background: #fdecea; }
.kj-check { font-weight: 600; }
.kj-slot { display: flex; flex-direction: column; align-items: center; gap: .15rem;
  font-size: .8rem; color: #555; }
/* A caption's look for words inside a picture's element ("Your hand"), darker (7:1). */
.stMarkdown p.kj-label { font-size: .875rem; color: #555; margin: 0 0 .2rem; }
.kj-trump-badge { display: inline-block; padding: .1rem .5rem; border-radius: 1rem;
  background: #fff8e1; border: 1px solid #b8860b; font-weight: 600; }
/* Card and answer pills large enough for a thumb (they were 41 x 32 px). */
[data-testid="stForm"] [data-testid="stButtonGroup"] button { min-height: 2.9rem;
  min-width: 3.1rem; }
[data-testid="stForm"] [data-testid="stButtonGroup"] button p { font-size: 1.2rem;
  font-weight: 600; }
/* Card pills look like the cards they stand for: tap the card itself. */
[data-testid="stForm"] button[data-variant="pills"] { min-width: 3.4rem; min-height: 4.6rem;
  border-radius: .45rem; border: 1px solid #999; background: #fff;
  box-shadow: 0 1px 2px rgba(0,0,0,.25); align-items: flex-start; padding: .3rem .45rem; }
[data-testid="stForm"] button[data-variant="pills"] p { font-size: 1.45rem; font-weight: 700; }
/* Once answered, a card to tap says on its face what it was (see board.picked_marks). */
[data-testid="stForm"] button[data-variant="pills"]::after { display: block; margin-top: .3rem;
  font-size: .72rem; font-weight: 600; line-height: 1.1; color: #222; max-width: 4.6rem;
  white-space: normal; }
/* A locked (answered) card keeps its face; a chosen one's lift clears the question above. */
[data-testid="stForm"] button[data-variant="pills"]:disabled { opacity: 1; cursor: default; }
[data-testid="stForm"] [data-testid="stButtonGroup"] [role="toolbar"] { padding-top: .5rem; }
[data-testid="stForm"] button[data-variant="pills"] { flex-direction: column;
  justify-content: flex-start; }
/* The first screen is for the puzzle: less empty room above the page's title. */
[data-testid="stMainBlockContainer"] { padding-top: 3.5rem; }
@media (max-width: 640px) { [data-testid="stMainBlockContainer"] { padding-top: 3rem; } }
/* A button's key hint ("Enter", "N", "1"): Streamlit fades it to 60 %, 2.8:1 on a red button;
   full strength and a smaller, lighter face keep it quiet and readable (4.5:1 and more). */
button kbd[aria-label] { opacity: 1; font-weight: 400; font-size: .8em; }
/* ... and only where there is a keyboard: a touch screen with no fine pointer has none. */
@media (hover: none) and (pointer: coarse) { button kbd[aria-label] { display: none; } }
/* An answered question's cards are locked (disabled): its words stay readable (Streamlit
   greys a disabled widget's label to 40 %, 2.6:1). */
[data-testid="stForm"] label[data-testid="stWidgetLabel"] { color: inherit; }
/* A chosen seat, yes/no or level (segmented buttons): Streamlit writes it in the red of the
   theme on a pale red, under 4.5:1, and fades it further once the answer is locked. */
[data-testid="stButtonGroup"] button[data-selected="true"]:not([data-variant="pills"]),
[data-testid="stButtonGroup"] button[data-selected="true"]:not([data-variant="pills"]) p {
  color: #8f1d2c; opacity: 1; }
[data-testid="stForm"] button[data-variant="pills"][aria-pressed="true"] {
  outline: 4px solid #2962ff; background: #e8f0fe; transform: translateY(-.4rem);
  color: #111; }  /* a black suit stays black when chosen */
</style>
"""

#: With "Larger text and cards" the pills, answer buttons and all text grow with the pictures.
LARGE_CSS = """
<style>
[data-testid="stForm"] [data-testid="stButtonGroup"] button { min-height: 3.8rem;
  min-width: 4rem; }
[data-testid="stForm"] [data-testid="stButtonGroup"] button p { font-size: 1.6rem; }
[data-testid="stForm"] button[data-variant="pills"] { min-width: 4.4rem; min-height: 6rem; }
[data-testid="stForm"] button[data-variant="pills"] p { font-size: 1.9rem; }
.stMarkdown p, .stMarkdown li, [data-testid="stWidgetLabel"] p { font-size: 1.2rem; }
/* a choice's options (the table's pace) and a lesson's "Step 1 of 5" over its bar */
[data-testid="stRadio"] label p, [data-testid="stProgress"] p { font-size: 1.2rem; }
/* ... and every small text with them: the words on an answered card, captions, tables (the
   Progress table), a reaction's words. */
[data-testid="stForm"] button[data-variant="pills"]::after { font-size: 1rem;
  max-width: 6rem; }
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p,
.stMarkdown p.kj-label { font-size: 1.1rem; }
[data-testid="stTable"] th, [data-testid="stTable"] td, [data-testid="stTable"] p,
[data-testid="stAlert"] p, [data-testid="stExpander"] summary p { font-size: 1.15rem !important; }
.kj-slot, .kj-tricks caption, .kj-tricks .kj-note { font-size: 1rem; }
[data-testid="stBaseButton-primary"] p, [data-testid="stBaseButton-secondary"] p,
[data-testid="stBaseButton-secondaryFormSubmit"] p, [data-testid="stBaseButton-primaryFormSubmit"] p
  { font-size: 1.2rem; }
</style>
"""


def card_html(
    card: Card, trump: Suit | None, *, four_colour: bool, mark: bool = False, state: str = ""
) -> str:
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
    classes = "kj-card" + (" kj-trump" if card.suit is trump else "") + (" kj-mark" if mark else "")
    classes += "".join(f" kj-{part}" for part in state.split())
    rank = current().ranks.get(card.rank.symbol, card.rank.symbol)  # B, V, H in Dutch
    label = html.escape(f"{rank}{card.suit.symbol}")
    return (
        f'<span class="{classes}" style="color:{colour}" role="img" aria-label="{label}">'
        f"<span>{html.escape(rank)}</span>"
        f'<span class="kj-suit">{html.escape(card.suit.symbol)}</span></span>'
    )


def row_html(
    cards: Sequence[Card],
    trump: Suit | None,
    *,
    four_colour: bool,
    large: bool,
    captions: Sequence[str] = (),
    marked: Card | None = None,
    checks: Mapping[Card, tuple[str, str]] | None = None,
) -> str:
    """A row of cards, each with an optional caption (who played it). After an answer,
    `checks` gives each card a state (``legal``, ``illegal``, plus ``wrong`` for the
    learner's mistakes) and the words that say it under the card."""
    parts = []
    for index, card in enumerate(cards):
        state, note = (checks or {}).get(card, ("", ""))
        face = card_html(card, trump, four_colour=four_colour, mark=card is marked, state=state)
        caption = html.escape(captions[index]) if captions else ""
        if note:
            caption += (
                "<br>" if caption else ""
            ) + f'<span class="kj-check">{html.escape(note)}</span>'
        if caption:
            face = f'<span class="kj-slot">{face}<span>{caption}</span></span>'
        parts.append(face)
    size = " kj-large" if large else ""
    return f'<div class="kj-row{size}">{"".join(parts)}</div>'


def trump_badge(trump: Suit, label: str, *, four_colour: bool) -> str:
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[trump]
    return (
        f'<span class="kj-trump-badge">{html.escape(label)}: '
        f'<span style="color:{colour}">{html.escape(trump.symbol)}</span></span>'
    )


def card_label(card: Card | str, *, four_colour: bool) -> str:
    """A card as a coloured Markdown label for pills and buttons, e.g. ``:red[Q♥]``."""
    text = current().card(card) if isinstance(card, Card) else str(card)
    return _coloured(text, Suit.parse(text[-1]), four_colour=four_colour)


def suit_label(suit: Suit, *, four_colour: bool) -> str:
    """A suit symbol as a coloured Markdown label, e.g. ``:red[♥]``."""
    return _coloured(suit.symbol, suit, four_colour=four_colour)


def _coloured(text: str, suit: Suit, *, four_colour: bool) -> str:
    if suit.is_red:
        colour = "blue" if four_colour and suit is Suit.DIAMONDS else "red"
        return f":{colour}[{text}]"
    if four_colour and suit is Suit.CLUBS:
        return f":green[{text}]"
    return text
