"""The reaction to a tap at the table is where the learner looks, in Debian's chromium at
phone (390 x 844) and desktop (1280 x 900) size: in coach mode an illegal card's refusal, in
club mode the computers' "verzaakt!" after the trick is turned, each wholly inside the
viewport. Match 1000: West names hearts and leads J♥, North and East follow; South holds 9♦
as well as hearts, so 9♦ is the illegal card. Screenshots go to ``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect, sync_playwright

from klaverjas_core import Card
from klaverjas_table import LEARNER, TableGame

from .test_browser import (  # noqa: F401  (server: the running app, a fixture)
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    SIGN_IN_NAME,
    server,
)
from .test_browser_journey import IDLE, VIEWPORTS, go_to

MATCH = 1000


def illegal_card() -> Card:
    game = TableGame.new(MATCH, "amsterdam", "coach")
    assert game.phase == "play" and len(game.deal.current) == 3  # the learner plays last
    return next(card for card in game.deal.hand(LEARNER) if card not in game.legal_cards())


def deal(page: Page, mode: str) -> None:
    """A new match with this number, in coach or club mode (the form of the first visit or,
    with a game on, the one under "New match")."""
    new_match = page.get_by_text("New match")
    if new_match.is_visible():
        new_match.click()
    form = page.locator("[data-testid='stForm']", has=page.get_by_label("Match number"))
    form.get_by_text("Club: " if mode == "club" else "Coach: ").click()
    form.get_by_label("Match number").fill(str(MATCH))
    form.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_text(f"match {MATCH}").first).to_be_visible(timeout=30_000)
    page.wait_for_timeout(300)
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)


def tap(page: Page, card: Card) -> None:
    page.locator(
        f".st-key-play-card-{card.letters()} [data-testid^='stBaseButton'] >> visible=true"
    ).click()


@pytest.mark.parametrize("device", VIEWPORTS)
def test_a_refused_card_and_a_called_revoke_are_in_view(
    server: tuple[str, Path],  # noqa: F811
    device: str,
) -> None:
    url, _ = server
    card = illegal_card()
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        size = VIEWPORTS[device]
        page = browser.new_page(viewport=ViewportSize(width=size["width"], height=size["height"]))
        idle = page.locator(IDLE)
        page.goto(url)
        expect(idle).to_be_visible(timeout=30_000)
        page.locator(SIGN_IN_NAME).fill(f"Tafel {device}")
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_text(f"Playing as Tafel {device}").first).to_be_attached(timeout=30_000)
        go_to(page, "Play", device)
        expect(page.get_by_label("Match number")).to_be_visible(timeout=30_000)

        deal(page, "coach")
        expect(page.get_by_text("Your turn")).to_be_visible(timeout=30_000)
        tap(page, card)
        refused = page.locator("[data-testid='stAlert']", has_text=f"{card} is not allowed")
        expect(refused).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        expect(refused).to_be_in_viewport(ratio=1)  # all of it, where the learner looks
        page.screenshot(path=str(ARTIFACTS / f"table-refused-{device}.png"))

        deal(page, "club")
        expect(page.get_by_text("Your turn")).to_be_visible(timeout=30_000)
        tap(page, card)  # accepted in silence, as at a real table
        turn = page.get_by_role("button", name="Turn the trick")
        expect(turn).to_be_visible(timeout=30_000)
        expect(page.locator("[data-testid='stAlert']", has_text="not allowed")).to_have_count(0)
        turn.click()
        called = page.locator("[data-testid='stAlert']", has_text="verzaakt")
        expect(called).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        expect(called).to_be_in_viewport(ratio=1)
        page.screenshot(path=str(ARTIFACTS / f"table-verzaakt-{device}.png"))
        browser.close()
