"""axe-core in Debian's chromium on every page a learner and a teacher see: Home, Learn (a
lesson step), Drill (a puzzle, then after an answer), Play (at the table), Progress, Profile,
Club (the teacher's page, signed in) and Projector. No serious or critical finding, the
color-contrast rule (4.5:1 for text) among them. The findings of every scan go to
``artifacts/axe-findings.json``, a screenshot of each page beside it.

axe-core comes with the `axe-playwright-python` package (its ``axe.min.js``), nothing is
fetched at run time.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

from .accessibility import BLOCKING, findings
from .test_browser import (
    PASSWORD,
    SIGN_IN_NAME,
    seed_a_club,
    server,  # noqa: F401  (the running app, a fixture)
)
from .walk import ARTIFACTS, FEEDBACK, Walk

GOLD = "rgb(184, 134, 11)"  # #b8860b, the border of a trump
#: Each card to tap as (its text, its border's colour).
FACES = """buttons => buttons.map(b => [
  b.querySelector("[data-testid='stMarkdownContainer']").innerText.trim(),
  getComputedStyle(b).borderTopColor])"""
PILLS = "[data-testid='stForm'] button[data-variant='pills']"
#: A chart as drawn (after the run, by its own script).
CHART = "[data-testid='stVegaLiteChart'] :is(canvas, svg)"


def assert_trumps_gold(faces: list[Any], trump: str, *, both: bool = True) -> None:
    """The trumps among the cards to tap have the gold border, the other cards do not (and,
    with `both`, there are cards of each)."""
    faces = list(dict.fromkeys(tuple(face) for face in faces))  # a card drawn twice: once
    assert trump in "♠♥♦♣" and faces, (trump, faces)
    trumps = {text.endswith(trump) for text, _ in faces}
    assert trumps == {True, False} or not both, (trump, faces)
    assert [(text, colour == GOLD) for text, colour in faces] == [
        (text, text.endswith(trump)) for text, _ in faces
    ]


def to_my_turn(walk: Walk) -> None:
    """Call hearts (the learner holds four in match 4242's first deal) and turn tricks until
    the learner is to play a card."""
    page = walk.page
    for _ in range(30):
        walk.idle()
        if page.get_by_text("Your turn").is_visible():
            return
        if page.get_by_role("button", name="Turn the trick").is_visible():
            walk.click(page.get_by_role("button", name="Turn the trick"))
        elif page.get_by_text("Your call").is_visible():
            walk.click(".st-key-play-call-H button >> visible=true")
    raise AssertionError("the learner's turn did not come")


def reload_the_drill(walk: Walk) -> None:
    """A reload (a new session): "Continue as", then the same puzzle, answered as it was."""
    page = walk.page
    hand = page.locator(PILLS).evaluate_all(FACES)
    feedback = page.locator(FEEDBACK).first.inner_text()
    walk.reload()
    walk.click(page.get_by_role("button", name="Continue as Ada"))
    expect(page.get_by_text("Rule:").first).to_be_visible()
    expect(page.locator(PILLS).first).to_be_visible()
    assert page.locator(FEEDBACK).first.inner_text() == feedback
    assert [text for text, _ in page.locator(PILLS).evaluate_all(FACES)] == [
        text for text, _ in hand
    ]
    expect(page.get_by_role("button", name="Next puzzle")).to_be_visible()


def learner_pages(walk: Walk, url: str) -> dict[str, Callable[[], None]]:
    """Each step brings the page to the state scanned under its name (run in order, one
    session)."""
    page = walk.page

    def link(name: str) -> None:
        walk.click(page.get_by_role("link", name=name))

    def profile() -> None:
        walk.open(f"{url}/profile")
        page.locator(SIGN_IN_NAME).fill("Ada")
        walk.click(page.get_by_role("button", name="Start"))
        expect(page.get_by_role("heading", name="Settings")).to_be_visible()

    def home() -> None:
        link("Home")
        expect(page.get_by_role("button", name="Start lesson 1: The table")).to_be_visible()

    def learn() -> None:
        link("Learn")
        walk.click(".st-key-open-partner-exemption button")  # lesson 7: cards to tap
        expect(page.get_by_role("heading", name="7. Your partner is winning")).to_be_visible()

    def drill() -> None:
        link("Drill")
        expect(page.get_by_text("Your hand").first).to_be_visible()
        expect(page.locator(PILLS).first).to_be_visible()
        trump = page.locator(".kj-trump-badge").inner_text()[-1]
        assert_trumps_gold(page.locator(PILLS).evaluate_all(FACES), trump, both=False)

    def drill_answered() -> None:
        page.locator(PILLS).first.click()
        walk.click(page.get_by_role("button", name="Answer"))
        expect(page.get_by_text("Rule:").first).to_be_visible()

    def play() -> None:
        link("Play")
        walk.unfold("play-more").get_by_label("Match number").fill("4242")
        walk.click(page.get_by_role("button", name="Deal the cards"))
        expect(page.locator(".kj-table")).to_be_visible()

    def play_turn() -> None:  # the cards to tap, with their key hints, and the legal ones lit
        to_my_turn(walk)
        trump = page.get_by_text("Trumps: ").first.inner_text().split(",")[0][-1]
        cards = page.locator("[class*='st-key-play-card-'] button")
        assert_trumps_gold(cards.evaluate_all(FACES), trump)  # before the hint lights some
        walk.screenshot("trump-border-table")
        walk.click(page.get_by_role("button", name="Which cards may I play?"))
        expect(page.get_by_text("highlighted")).to_be_visible()

    def progress() -> None:
        link("Progress")
        expect(page.get_by_role("heading", name="Per rule")).to_be_visible()

    return {
        "profile": profile,
        "home": home,
        "learn": learn,
        "drill": drill,
        "drill-answered": drill_answered,
        "drill-reloaded": lambda: reload_the_drill(walk),
        "play": play,
        "play-turn": play_turn,
        "progress": progress,
    }


def teacher_pages(walk: Walk, url: str) -> dict[str, Callable[[], None]]:
    page = walk.page

    def club() -> None:
        walk.open(f"{url}/teacher")
        page.get_by_label("Teacher password").fill(PASSWORD)
        walk.click(page.get_by_role("button", name="Sign in"))
        expect(page.get_by_text("Accuracy per learner and rule")).to_be_visible()
        expect(page.locator(CHART).first).to_be_visible()

    def projector() -> None:
        walk.click(page.get_by_role("link", name="Projector").first)
        expect(page.get_by_text("Puzzle 1 of")).to_be_visible()

    def projector_answer() -> None:
        walk.click(page.get_by_role("button", name="Show the answer"))
        expect(page.get_by_role("button", name="Hide the answer")).to_be_visible()

    return {"club": club, "projector": projector, "projector-answer": projector_answer}


def test_no_serious_accessibility_finding_on_any_page(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
) -> None:
    url, data = server
    seed_a_club(data)
    report: dict[str, list[dict[str, Any]]] = {}
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        for steps in (learner_pages, teacher_pages):
            walk = Walk(context.new_page(), who="axe")
            for name, step in steps(walk, url).items():
                try:
                    step()
                except Exception:
                    walk.screenshot(f"{name}-failed", full_page=True)
                    raise
                walk.idle()
                report[name] = findings(walk.page)
                walk.screenshot(name, full_page=True)
            walk.page.close()
    finally:
        context.close()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "axe-findings.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    assert len(report) == 12  # every page was scanned
    blocking = {
        name: [(f["rule"], f["impact"], len(f["nodes"])) for f in found if f["impact"] in BLOCKING]
        for name, found in report.items()
    }
    assert blocking == {name: [] for name in report}, json.dumps(report, indent=1)[:6000]
    contrast = {
        name: [f for f in found if f["rule"] == "color-contrast"] for name, found in report.items()
    }
    assert contrast == {name: [] for name in report}
