"""The trainer as a newcomer and a club teacher meet it, in Debian's chromium: the first
visit, lesson 1, a reload that keeps the learner, a drill answered by tapping the cards and
then by keyboard alone, at phone and desktop width; and the projector at 1920 x 1080 showing
every puzzle kind, a lesson and a shared deal with the seats at the table. Screenshots go to
``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from klaverjas_core import RuleSet
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from puzzles import PUZZLE_KINDS, targets

from .test_browser import (  # noqa: F401  (server: the running app, a fixture)
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    drill_by_keyboard,
    server,
    sign_in_teacher,
)

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
PILLS = "[data-testid='stForm'] button[data-variant='pills']"


def stored_answers(data: Path, name: str) -> int:
    store = ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}"))
    return len(store.answers(store.learner(name).id))


def go_to(page: Page, title: str, device: str) -> None:
    """A page from the page list; on a phone the list is opened first and folds after the tap."""
    if device == "phone":
        page.locator("[data-testid='stExpandSidebarButton']").click()
    page.get_by_role("link", name=title).click()
    if device == "phone":
        expect(page.locator("[data-testid='stSidebarNav']")).not_to_be_in_viewport(timeout=10_000)


@pytest.mark.parametrize("device", VIEWPORTS)
def test_a_newcomer_s_first_visit_lesson_reload_and_drill(
    server: tuple[str, Path],  # noqa: F811
    device: str,
) -> None:
    url, data = server
    name = f"Nel {device}"
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=VIEWPORTS[device])
        idle = page.locator(IDLE)
        page.goto(url)  # the first visit: what the trainer is, and a name to start with
        expect(page.get_by_role("heading", name="Learn Klaverjas")).to_be_visible(timeout=30_000)
        page.get_by_role("textbox", name="Your name").fill(name)
        page.get_by_role("button", name="Start").click()
        start = page.get_by_role("button", name="Start lesson 1: The table")
        expect(start).to_be_visible(timeout=30_000)
        start.click()
        expect(page.get_by_role("heading", name="1. The table")).to_be_visible(timeout=30_000)
        expect(page.locator(".kj-table")).to_be_visible()  # the seats, drawn
        page.locator("[data-testid='stButtonGroup'] button", has_text="South").click()
        page.keyboard.press("Enter")  # answers, as Check's shortcut says (not: drop South)
        expect(page.get_by_text("Right!").first).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / f"journey-lesson1-{device}.png"), full_page=True)
        page.get_by_role("button", name="Next").click()
        expect(page.get_by_text("Step 2 of 5")).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)  # the sign-in cookie is written after the run

        page.reload()  # F5: a new session, the same learner
        page.get_by_role("button", name=f"Continue as {name}").click()
        expect(page.get_by_text(f"Playing as {name}").first).to_be_attached(timeout=30_000)
        expect(page.get_by_text("step 2 of 5")).to_be_visible(timeout=30_000)  # where she was

        go_to(page, "Drill", device)
        expect(page.get_by_text("Your hand")).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        answer = page.get_by_role("button", name="Answer")
        page.screenshot(path=str(ARTIFACTS / f"journey-drill-{device}.png"))
        expect(answer).to_be_in_viewport()  # no scrolling to answer, on a phone too
        page.locator(PILLS).first.click()  # tap a card itself
        answer.click()
        expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        marks = page.locator(PILLS).evaluate_all(
            "cards => cards.map(c => getComputedStyle(c, '::after').content)"
        )
        assert marks and all(mark not in ("none", "normal", '""') for mark in marks)
        tapped = marks[0]  # the first card, the one tapped: chosen and marked so
        assert "chosen" in tapped or tapped == '"allowed"', marks
        page.screenshot(path=str(ARTIFACTS / f"journey-drill-answered-{device}.png"))
        assert stored_answers(data, name) == 2  # the lesson's check and the drill's puzzle

        drill_by_keyboard(page)  # the next puzzles by keyboard alone
        assert stored_answers(data, name) == 3
        page.screenshot(path=str(ARTIFACTS / f"journey-keyboard-{device}.png"))
        browser.close()


def seed_a_projector_club(data: Path) -> int:
    """A group with a two-puzzle set of every puzzle kind, a lesson and a shared deal."""
    club = ClubStore(ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}")))
    group = club.create_group("Wall club", "amsterdam")
    for kind in PUZZLE_KINDS:
        rule = targets(kind, RuleSet.parse("amsterdam"))[0].value
        club.assign(group.id, kind=kind, rule=rule, level=3, count=2, seed=3)  # nat: tricks
    club.assign(group.id, lesson_id="following-suit")
    club.assign_deal(group.id, 77)
    return len(PUZZLE_KINDS)


def choose(page: Page, label: str, option: int | str) -> None:
    """An option of a Streamlit select box in the projector's "What to show" pop-over (opened
    when it is closed), by the option's place or its text."""
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
    box = page.get_by_role("combobox", name=label)
    page.wait_for_timeout(500)  # a run just started by a click may still be drawing the box
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
    if not box.is_visible():
        page.get_by_role("button", name="What to show").click()
    expect(box).to_be_visible(timeout=10_000)
    box.click()
    expect(page.get_by_role("listbox")).to_be_visible(timeout=10_000)
    options = page.get_by_role("option")
    chosen = options.nth(option) if isinstance(option, int) else options.filter(has_text=option)
    chosen.first.click()
    page.wait_for_timeout(300)
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)


def test_the_projector_shows_every_kind_at_the_table_on_a_wall(
    server: tuple[str, Path],  # noqa: F811
) -> None:
    url, data = server
    kinds = seed_a_projector_club(data)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        wall = browser.new_page(viewport={"width": 1920, "height": 1080})
        idle = wall.locator(IDLE)
        sign_in_teacher(wall, url)
        expect(wall.get_by_role("link", name="Projector").first).to_be_visible(timeout=30_000)
        wall.get_by_role("link", name="Projector").first.click()
        expect(wall.get_by_text("What to show")).to_be_visible(timeout=30_000)
        choose(wall, "Group", "Wall club")
        for index in range(kinds):
            choose(wall, "Puzzle set", index)
            expect(wall.get_by_text("Puzzle 1 of 2")).to_be_visible(timeout=30_000)
            board = wall.locator(".kj-table, .kj-tricks").first
            expect(board).to_be_visible()
            expect(wall.get_by_text("North").first).to_be_visible()  # the seats, by name
            show = wall.get_by_role("button", name="Show the answer")
            expect(show).to_be_in_viewport()  # the bar is on the wall, not below it
            show.click()
            expect(wall.get_by_role("button", name="Hide the answer")).to_be_visible(timeout=30_000)
            expect(idle).to_be_visible(timeout=30_000)
            kind = PUZZLE_KINDS[index]
            if kind == "count-trick":  # the parts the class works out are on the wall
                expect(wall.get_by_text("Card points").first).to_be_visible()
                expect(wall.locator(".kj-win .kj-card")).to_have_count(1)  # and who takes it
            wall.screenshot(path=str(ARTIFACTS / f"projector-{kind}.png"))
            wall.keyboard.press("ArrowRight")  # a presenter's key: the next puzzle
            expect(wall.get_by_text("Puzzle 2 of 2")).to_be_visible(timeout=30_000)
            expect(wall.get_by_role("button", name="Show the answer")).to_be_visible()
        if not wall.get_by_text("a lesson", exact=True).is_visible():
            wall.get_by_role("button", name="What to show").click()
        wall.get_by_text("a lesson", exact=True).click()
        expect(idle).to_be_visible(timeout=30_000)
        choose(wall, "Lesson", "4. Following suit")
        wall.get_by_role("button", name="Next").click()
        expect(wall.get_by_text("Step 2 of")).to_be_visible(timeout=30_000)
        expect(wall.locator(".kj-table")).to_be_visible()
        expect(wall.get_by_text("you", exact=True).first).to_be_visible()
        wall.screenshot(path=str(ARTIFACTS / "projector-lesson.png"))
        browser.close()


def test_signing_out_everywhere_ends_an_open_drill_on_another_device(
    server: tuple[str, Path],  # noqa: F811
) -> None:
    # The drill's board reruns on its own (a fragment) and skips the page's frame: its clicks
    # check the sign-in themselves, so the other device's next Answer stores nothing.
    url, data = server
    name = "Sigrid"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        phone, laptop = (browser.new_page(viewport=VIEWPORTS[d]) for d in ("phone", "desktop"))
        for page in (phone, laptop):
            page.goto(f"{url}/profile")
            page.locator(".st-key-new_name input").fill(name)
            page.locator(".st-key-start_button button").click()
            expect(page.get_by_text(f"Playing as {name}").first).to_be_attached(timeout=30_000)
        go_to(laptop, "Drill", "desktop")
        expect(laptop.get_by_text("Your hand")).to_be_visible(timeout=30_000)
        expect(laptop.locator(IDLE)).to_be_visible(timeout=30_000)
        phone.get_by_role("button", name="Sign out on every device").click()
        expect(phone.locator(".st-key-start_button button")).to_be_visible(timeout=30_000)
        laptop.locator(PILLS).first.click()
        laptop.get_by_role("button", name="Answer").click()
        expect(laptop.get_by_text("You were signed out").first).to_be_visible(timeout=30_000)
        expect(laptop.get_by_text("Rule:")).to_have_count(0)
        browser.close()
    assert stored_answers(data, name) == 0
