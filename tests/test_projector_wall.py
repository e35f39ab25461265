"""The projector from the back of a clubroom, in Debian's chromium at 1920 x 1080 and 1280 x
720: for a shared deal (the hands as dealt, then the trick with the revoke to call), a puzzle
set's puzzle and its answer, and a lesson step, the cards and the sentence that matters are
on the wall above the fold, the cards large. Screenshots go to ``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from klaverjas_questions.positions import CardsAnswer
from klaverjas_table.table import computer_play
from klaverjas_trainer.app.answering import grade, puzzle_asked
from klaverjas_trainer.app.live_round import keys_for_rule, round_puzzles
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore, Group
from klaverjas_trainer.storage.live import LiveRounds

from .test_browser import (
    server,  # noqa: F401  (the running app, a fixture)
    sign_in_teacher,
)
from .test_learner_matrix import other_cards
from .walk import Walk

WALLS: dict[str, ViewportSize] = {
    "1920": {"width": 1920, "height": 1080},
    "1280": {"width": 1280, "height": 720},
}
DEAL_NUMBER = 424_242
#: A card on the wall is at least this share of the screen's height (46 x 64 px at 1080 was
#: too small for the back of the room).
CARD_SHARE = 0.08
#: ... and the sentence that matters is in type of at least this share (26 px at 1080).
TYPE_SHARE = 0.024
#: The join code's QR code, to scan from a seat: at least this share of the screen's height.
QR_SHARE = 0.2


def on_the_wall(page: Page, part: Locator, what: str) -> None:
    """Every match of `part` lies wholly inside the screen: nothing under the fold or past
    its right edge."""
    size = page.viewport_size
    assert size is not None
    boxes = [box for box in (part.nth(i).bounding_box() for i in range(part.count())) if box]
    assert boxes, f"no {what} drawn"
    low = max(box["y"] + box["height"] for box in boxes)
    assert low <= size["height"] + 1, f"{what} run {low - size['height']:.0f} px under the fold"
    right = max(box["x"] + box["width"] for box in boxes)
    assert right <= size["width"] + 1, f"{what} run {right - size['width']:.0f} px off the wall"


def cards_large(page: Page, what: str) -> None:
    """Every card on the wall, each at least `CARD_SHARE` of the screen high."""
    cards = page.locator(".kj-card").filter(visible=True)
    on_the_wall(page, cards, f"{what}: cards")
    height = page.viewport_size["height"] if page.viewport_size else 0
    box = cards.first.bounding_box()
    assert box is not None
    assert box["height"] >= CARD_SHARE * height, f"{what}: cards {box['height']:.0f} px high"


def type_large(page: Page, words: Locator, what: str) -> None:
    """The words in type of at least `TYPE_SHARE` of the screen's height."""
    height = page.viewport_size["height"] if page.viewport_size else 0
    size = words.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= TYPE_SHARE * height, f"{what} in {size:.0f} px type"


def show_group(wall: Walk, group: Group) -> None:
    """The projector's group: `group` (other tests' groups share the server)."""
    page, box, name = wall.page, ".st-key-projector_group", f"{group.name} ({group.code})"
    page.get_by_role("button", name=wall.words("presenter-choose")).click()  # a popover: no run
    if wall.chosen(box) != name:
        wall.choose(box, name)
    page.keyboard.press("Escape")


def choose(wall: Walk, source: str) -> None:
    """In the projector's chooser: what to show."""
    page = wall.page
    page.get_by_role("button", name=wall.words("presenter-choose")).click()  # a popover: no run
    wall.click(page.get_by_text(wall.words(f"assign-{source}"), exact=True))


def press(wall: Walk, key: str) -> None:
    wall.click(f".st-key-{key} button")


@pytest.mark.parametrize("size", WALLS)
def test_the_wall_shows_deal_set_and_lesson_above_the_fold(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
    size: str,
) -> None:
    url, data = server
    club = ClubStore(ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}")))
    group = club.create_group(f"Wall {size}", "amsterdam")
    club.assign(group.id, kind="which-cards", rule="play.must-overtrump", count=3, seed=7)
    club.assign_deal(group.id, DEAL_NUMBER)
    club.assign(group.id, lesson_id="card-order-and-points")  # its steps have cards
    revoked = computer_play(DEAL_NUMBER, group.rules, revoke=True).revokes[0].trick

    wall = Walk(browser.new_context(viewport=WALLS[size]).new_page(), who=f"wall-{size}")
    sign_in_teacher(wall, url)
    wall.open(f"{url}/projector")
    page = wall.page
    show_group(wall, group)
    choose(wall, "deal")
    wall.click(page.get_by_text(wall.words("projector-revoke")))
    page.keyboard.press("Escape")
    expect(page.get_by_text(wall.words("hands-dealt"))).to_be_visible()
    wall.idle()
    wall.screenshot("deal-dealt")
    cards_large(page, "the hands as dealt")
    for _ in range(revoked + 1):
        press(wall, "presenter_next")
    press(wall, "presenter_reveal")
    called = page.locator("[data-testid='stAlertContentError']")
    expect(called).to_be_visible()
    wall.idle()
    wall.screenshot("deal-revoke")
    cards_large(page, "the revoke's trick")
    on_the_wall(page, called, "the revoke's sentence")
    type_large(page, called.locator("p"), "the revoke's sentence")

    choose(wall, "set")
    page.keyboard.press("Escape")
    press(wall, "presenter_reveal")
    said = page.locator("[data-testid='stMarkdownContainer'] h2")
    expect(said).to_be_visible()
    wall.idle()
    wall.screenshot("set-answer")
    cards_large(page, "the set's puzzle")
    on_the_wall(page, said, "the set's answer")
    explained = page.locator("[data-testid='stMarkdownContainer'] p", has_text="overtrump")
    on_the_wall(page, explained, "the answer's explanation")
    type_large(page, explained, "the answer's explanation")

    choose(wall, "lesson")
    page.keyboard.press("Escape")
    expect(page.locator(".kj-card").first).to_be_visible()
    wall.idle()
    wall.screenshot("lesson")
    cards_large(page, "the lesson's step")


@pytest.mark.parametrize("size", WALLS)
def test_the_live_round_fills_the_wall_asking_shown_and_over(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
    size: str,
) -> None:
    """While a puzzle is asked, the join code's QR code is large beside it; after "show",
    how many chose what and the answer's words; at the end, the result per rule."""
    url, data = server
    club = ClubStore(ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}")))
    group = club.create_group(f"Live wall {size}", "amsterdam")
    rounds = LiveRounds(club.store)
    keys = keys_for_rule("which-cards", "play.must-overtrump", group.rules, count=2, seed=5)
    live = rounds.start(group.id, keys)
    puzzle = round_puzzles(live.puzzles)[0]
    for number, name in enumerate(("Anna", "Bert", "Carla")):
        member = club.join(group.code, name)
        cards = puzzle.answer.cards
        given = cards if number else other_cards(puzzle.content.hand, cards)  # one wrong
        graded = grade(puzzle_asked(puzzle), CardsAnswer.of(given))
        rounds.answer(live.id, 0, member.id, graded.answer(seconds=5.0))

    wall = Walk(browser.new_context(viewport=WALLS[size]).new_page(), who=f"live-wall-{size}")
    sign_in_teacher(wall, url)
    wall.open(f"{url}/projector")
    show_group(wall, group)  # a round on: the wall shows it at first
    page = wall.page
    qr = page.locator(".kj-join-large svg")
    expect(qr).to_be_visible()
    wall.screenshot("asking")
    cards_large(page, "the asked puzzle")
    on_the_wall(page, qr, "the join code")
    box = qr.bounding_box()
    assert box is not None and box["height"] >= QR_SHARE * WALLS[size]["height"]

    wall.click(page.get_by_role("button", name=wall.words("live-show")))
    chose = page.get_by_text(wall.words("live-chose"))
    expect(chose).to_be_visible()
    wall.idle()
    wall.screenshot("shown")
    cards_large(page, "the shown puzzle")
    answer = page.locator(
        "[data-testid='stMarkdownContainer'] h2", has_text=wall.words("answer-was", answer="")[:6]
    )
    on_the_wall(page, answer, "the answer")
    on_the_wall(page, chose, "how many chose what")
    every_word = page.locator("[data-testid='stMain'] [data-testid='stMarkdownContainer']")
    on_the_wall(page, every_word.filter(visible=True), "the shown puzzle's words")

    wall.click(page.get_by_role("button", name=wall.words("live-end")))
    result = page.get_by_role("heading", name=wall.words("live-class-result"))
    expect(result).to_be_visible()
    wall.idle()
    wall.screenshot("over")
    rows = page.locator("[data-testid='stMarkdownContainer'] h2")
    on_the_wall(page, rows, "the result per rule")
