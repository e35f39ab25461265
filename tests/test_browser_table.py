"""The reaction to a tap at the table is where the learner looks, in Debian's chromium at
phone (390 x 844) and desktop (1280 x 900) size: in coach mode an illegal card's refusal, in
club mode the computers' "verzaakt!" after the trick is turned, each wholly inside the
viewport. Match 1000: West names hearts and leads J♥, North and East follow; South holds 9♦
as well as hearts, so 9♦ is the illegal card. Screenshots go to ``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from klaverjas_core import Card
from klaverjas_table import LEARNER, TableGame

from .test_browser import SIGN_IN_NAME, server  # noqa: F401  (server: the running app, a fixture)
from .test_browser_journey import go_to
from .walk import VIEWPORTS, Walk

MATCH = 1000


def illegal_card() -> Card:
    game = TableGame.new(MATCH, "amsterdam", "coach")
    assert game.phase == "play" and len(game.deal.current) == 3  # the learner plays last
    return next(card for card in game.deal.hand(LEARNER) if card not in game.legal_cards())


def deal(walk: Walk, mode: str) -> None:
    """A new match with this number, in coach or club mode (the form of the first visit or,
    with a game on, the one under "New match")."""
    page = walk.page
    new_match = page.get_by_text("New match")
    if new_match.is_visible():
        new_match.click()  # the form under it shows every choice
    else:
        walk.unfold("play-more")
    choice = page.locator(".st-key-play_mode label").filter(
        has_text="Club: " if mode == "club" else "Coach: "
    )
    if not choice.locator("input").is_checked():  # the form below follows the choice
        walk.after(lambda: walk.pick(choice))
    form = page.locator("[data-testid='stForm']", has=page.get_by_label("Match number"))
    form.get_by_label("Match number").fill(str(MATCH))
    walk.click(form.get_by_role("button", name="Deal the cards"))
    expect(page.get_by_text(f"match {MATCH}").first).to_be_visible()


def tap(walk: Walk, card: Card) -> None:
    walk.click(f".st-key-play-card-{card.letters()} [data-testid^='stBaseButton'] >> visible=true")


@pytest.mark.parametrize("device", VIEWPORTS)
def test_a_refused_card_and_a_called_revoke_are_in_view(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
    device: str,
) -> None:
    url, _ = server
    card = illegal_card()
    walk = Walk(browser.new_page(viewport=VIEWPORTS[device]), who=f"table-{device}")
    page = walk.page
    walk.open(url)
    page.locator(SIGN_IN_NAME).fill(f"Tafel {device}")
    walk.click(page.get_by_role("button", name="Start"))
    expect(page.get_by_text(f"Playing as Tafel {device}").first).to_be_attached()
    go_to(walk, "Play")
    expect(page.get_by_role("button", name="Deal the cards")).to_be_visible()

    deal(walk, "coach")
    expect(page.get_by_text("Your turn")).to_be_visible()
    tap(walk, card)
    refused = page.locator("[data-testid='stAlert']", has_text=f"{card} is not allowed")
    expect(refused).to_be_visible()
    expect(refused).to_be_in_viewport(ratio=1)  # all of it, where the learner looks
    walk.screenshot("refused")

    deal(walk, "club")
    expect(page.get_by_text("Your turn")).to_be_visible()
    tap(walk, card)  # accepted in silence, as at a real table
    turn = page.get_by_role("button", name="Turn the trick")
    expect(turn).to_be_visible()
    expect(page.locator("[data-testid='stAlert']", has_text="not allowed")).to_have_count(0)
    walk.click(turn)
    called = page.locator("[data-testid='stAlert']", has_text="verzaakt")
    expect(called).to_be_visible()
    expect(called).to_be_in_viewport(ratio=1)
    walk.screenshot("verzaakt")
    page.close()
