"""The trainer as a newcomer and a club teacher meet it, in Debian's chromium: the first
visit, lesson 1, a reload that keeps the learner, a drill answered by tapping the cards and
then by keyboard alone, at phone and desktop width; and the projector at 1920 x 1080 showing
every puzzle kind, a lesson and a shared deal with the seats at the table. Screenshots go to
``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from klaverjas_core import RuleSet
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from puzzles import PUZZLE_KINDS, targets

from .test_browser import (  # noqa: F401  (server: the running app, a fixture)
    drill_by_keyboard,
    server,
    sign_in_teacher,
)
from .walk import VIEWPORTS, Walk

PILLS = "[data-testid='stForm'] button[data-variant='pills']"


def stored_answers(data: Path, name: str) -> int:
    store = ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}"))
    return len(store.answers(store.learner(name).id))


def go_to(walk: Walk, title: str) -> None:
    """A page from the page list; on a phone the list is opened first and folds after the tap."""
    if walk.phone:
        walk.page.locator("[data-testid='stExpandSidebarButton']").click()
    walk.click(walk.page.get_by_role("link", name=title))
    if walk.phone:
        expect(walk.page.locator("[data-testid='stSidebarNav']")).not_to_be_in_viewport()


@pytest.mark.parametrize("device", VIEWPORTS)
def test_a_newcomer_s_first_visit_lesson_reload_and_drill(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
    device: str,
) -> None:
    url, data = server
    name = f"Nel {device}"
    walk = Walk(browser.new_page(viewport=VIEWPORTS[device]), who=f"journey-{device}")
    page = walk.page
    walk.open(url)  # the first visit: what the trainer is, and a name to start with
    expect(page.get_by_role("heading", name="Learn Klaverjas")).to_be_visible()
    page.get_by_role("textbox", name="Your name").fill(name)
    walk.click(page.get_by_role("button", name="Start"))
    walk.click(page.get_by_role("button", name="Start lesson 1: The table"))
    expect(page.get_by_role("heading", name="1. The table")).to_be_visible()
    expect(page.locator(".kj-table")).to_be_visible()  # the seats, drawn
    page.locator("[data-testid='stButtonGroup'] button", has_text="South").click()
    walk.after(lambda: page.keyboard.press("Enter"))  # answers, as Check's shortcut says
    expect(page.get_by_text("Right!").first).to_be_visible()
    walk.screenshot("lesson1", full_page=True)
    walk.click(page.get_by_role("button", name="Next"))
    expect(page.get_by_text("Step 2 of 5")).to_be_visible()
    walk.cookie_kept("kj_learner")

    walk.reload()  # F5: a new session, the same learner
    walk.click(page.get_by_role("button", name=f"Continue as {name}"))
    expect(page.get_by_text(f"Playing as {name}").first).to_be_attached()
    expect(page.get_by_text("step 2 of 5")).to_be_visible()  # where she was

    go_to(walk, "Drill")
    expect(page.get_by_text("Your hand")).to_be_visible()
    answer = page.get_by_role("button", name="Answer")
    walk.screenshot("drill")
    expect(answer).to_be_in_viewport()  # no scrolling to answer, on a phone too
    page.locator(PILLS).first.click()  # tap a card itself
    walk.click(answer)
    expect(page.get_by_text("Rule:").first).to_be_visible()
    marks = page.locator(PILLS).evaluate_all(
        "cards => cards.map(c => getComputedStyle(c, '::after').content)"
    )
    assert marks and all(mark not in ("none", "normal", '""') for mark in marks)
    tapped = marks[0]  # the first card, the one tapped: chosen and marked so
    assert "chosen" in tapped or tapped == '"allowed"', marks
    walk.screenshot("drill-answered")
    assert stored_answers(data, name) == 2  # the lesson's check and the drill's puzzle

    drill_by_keyboard(walk)  # the next puzzles by keyboard alone
    assert stored_answers(data, name) == 3
    walk.screenshot("keyboard")
    page.close()


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


def choose(walk: Walk, label: str, option: int | str) -> None:
    """An option of a Streamlit select box in the projector's "What to show" pop-over (opened
    when it is closed), by the option's place or its text, and the run it starts."""
    page = walk.page
    box = page.get_by_role("combobox", name=label)
    if not box.is_visible():
        page.get_by_role("button", name="What to show").click()
    shown = box.input_value()
    box.fill("")  # the whole list, opened as one types
    page.keyboard.press("ArrowDown")
    options = page.get_by_role("option")
    expect(options.first).to_be_visible()
    chosen = options.nth(option) if isinstance(option, int) else options.filter(has_text=option)
    if chosen.first.inner_text().strip() == shown:
        page.keyboard.press("Escape")  # chosen already: choosing it again asks for no run
        return
    walk.click(chosen)


def test_the_projector_shows_every_kind_at_the_table_on_a_wall(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
) -> None:
    url, data = server
    kinds = seed_a_projector_club(data)
    walk = Walk(browser.new_page(viewport={"width": 1920, "height": 1080}), who="wall")
    wall = walk.page
    sign_in_teacher(walk, url)
    walk.click(wall.get_by_role("link", name="Projector").first)
    expect(wall.get_by_text("What to show")).to_be_visible()
    choose(walk, "Group", "Wall club")
    for index in range(kinds):
        choose(walk, "Puzzle set", index)
        expect(wall.get_by_text("Puzzle 1 of 2")).to_be_visible()
        board = wall.locator(".kj-table, .kj-tricks").first
        expect(board).to_be_visible()
        expect(wall.get_by_text("North").first).to_be_visible()  # the seats, by name
        show = wall.get_by_role("button", name="Show the answer")
        expect(show).to_be_in_viewport()  # the bar is on the wall, not below it
        walk.click(show)
        expect(wall.get_by_role("button", name="Hide the answer")).to_be_visible()
        kind = PUZZLE_KINDS[index]
        if kind == "count-trick":  # the parts the class works out are on the wall
            expect(wall.get_by_text("Card points").first).to_be_visible()
            expect(wall.locator(".kj-win .kj-card")).to_have_count(1)  # and who takes it
        walk.screenshot(kind)
        walk.after(lambda: wall.keyboard.press("ArrowRight"))  # a presenter's key: the next one
        expect(wall.get_by_text("Puzzle 2 of 2")).to_be_visible()
        expect(wall.get_by_role("button", name="Show the answer")).to_be_visible()
    if not wall.get_by_text("a lesson", exact=True).is_visible():
        wall.get_by_role("button", name="What to show").click()
    walk.click(wall.get_by_text("a lesson", exact=True))
    choose(walk, "Lesson", "4. Following suit")
    walk.click(wall.get_by_role("button", name="Next"))
    expect(wall.get_by_text("Step 2 of")).to_be_visible()
    expect(wall.locator(".kj-table")).to_be_visible()
    expect(wall.get_by_text("you", exact=True).first).to_be_visible()
    walk.screenshot("lesson")
    wall.close()


def test_signing_out_everywhere_ends_an_open_drill_on_another_device(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
) -> None:
    # The drill's board reruns on its own (a fragment) and skips the page's frame: its clicks
    # check the sign-in themselves, so the other device's next Answer stores nothing.
    url, data = server
    name = "Sigrid"
    phone, laptop = (
        Walk(browser.new_context(viewport=VIEWPORTS[d]).new_page(), who=f"sign-out-{d}")
        for d in ("phone", "desktop")
    )
    for walk in (phone, laptop):
        walk.open(f"{url}/profile")
        walk.page.locator(".st-key-new_name input").fill(name)
        walk.click(".st-key-start_button button")
        expect(walk.page.get_by_text(f"Playing as {name}").first).to_be_attached()
    go_to(laptop, "Drill")
    expect(laptop.page.get_by_text("Your hand")).to_be_visible()
    phone.click(phone.page.get_by_role("button", name="Sign out on every device"))
    expect(phone.page.locator(".st-key-start_button button")).to_be_visible()
    laptop.page.locator(PILLS).first.click()
    laptop.click(laptop.page.get_by_role("button", name="Answer"))
    expect(laptop.page.get_by_text("You were signed out").first).to_be_visible()
    expect(laptop.page.get_by_text("Rule:")).to_have_count(0)
    for walk in (phone, laptop):
        walk.page.context.close()
    assert stored_answers(data, name) == 0
