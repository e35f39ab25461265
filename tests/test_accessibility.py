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

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect, sync_playwright

from .test_browser import (  # noqa: F401  (server: the running app, a fixture)
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    SIGN_IN_NAME,
    seed_a_club,
    server,
    sign_in_teacher,
)

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
GOLD = "rgb(184, 134, 11)"  # #b8860b, the border of a trump
#: Each card to tap as (its text, its border's colour).
FACES = """buttons => buttons.map(b => [
  b.querySelector("[data-testid='stMarkdownContainer']").innerText.trim(),
  getComputedStyle(b).borderTopColor])"""
PILLS = "[data-testid='stForm'] button[data-variant='pills']"
#: What fails the test: axe's two highest impacts.
BLOCKING = frozenset({"serious", "critical"})


def findings(page: Page, axe: Axe) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now: rule, impact and the elements (with axe's
    words for what is wrong, e.g. the two colours and their ratio)."""
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
    page.wait_for_timeout(600)  # a click's second run, and the styles after it
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
    found = axe.run(page).response["violations"]
    return [
        {
            "rule": violation["id"],
            "impact": violation["impact"],
            "nodes": [
                {
                    "target": node["target"],
                    "html": node["html"][:200],
                    "why": node.get("failureSummary", ""),
                }
                for node in violation["nodes"]
            ],
        }
        for violation in found
    ]


def blocking_findings(page: Page, axe: Axe) -> list[str]:
    """The serious and critical findings on the page now, each with up to three places."""
    return [
        f"axe {found['rule']} ({found['impact']}) at {[n['target'] for n in found['nodes']][:3]}"
        for found in findings(page, axe)
        if found["impact"] in BLOCKING
    ]


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


def to_my_turn(page: Page) -> None:
    """Call hearts (the learner holds four in match 4242's first deal) and turn tricks until
    the learner is to play a card."""
    idle = page.locator(IDLE)
    for _ in range(30):
        page.wait_for_timeout(300)
        expect(idle).to_be_visible(timeout=30_000)
        if page.get_by_text("Your turn").is_visible():
            return
        if page.get_by_role("button", name="Turn the trick").is_visible():
            page.get_by_role("button", name="Turn the trick").click()
        elif page.get_by_text("Your call").is_visible():
            page.locator(".st-key-play-call-H button >> visible=true").first.click()
    raise AssertionError("the learner's turn did not come")


def reload_the_drill(page: Page) -> None:
    """A reload (a new session): "Continue as", then the same puzzle, answered as it was."""
    hand = page.locator(PILLS).evaluate_all(FACES)
    feedback = page.get_by_role("alert").first.inner_text()
    page.wait_for_timeout(500)  # the sign-in cookie is written after the run
    page.reload()
    page.get_by_role("button", name="Continue as Ada").click()
    expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
    expect(page.locator(PILLS).first).to_be_visible(timeout=30_000)
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
    assert page.get_by_role("alert").first.inner_text() == feedback
    assert [text for text, _ in page.locator(PILLS).evaluate_all(FACES)] == [
        text for text, _ in hand
    ]
    expect(page.get_by_role("button", name="Next puzzle")).to_be_visible()


def open_link(page: Page, name: str) -> None:
    page.get_by_role("link", name=name).first.click()
    page.wait_for_timeout(300)
    expect(page.locator(IDLE)).to_be_visible(timeout=30_000)


def learner_pages(page: Page, url: str) -> dict[str, Callable[[], None]]:
    """Each step brings the page to the state scanned under its name (run in order, one
    session)."""

    def profile() -> None:
        page.goto(f"{url}/profile")
        expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
        page.locator(SIGN_IN_NAME).fill("Ada")
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_role("heading", name="Settings")).to_be_visible(timeout=30_000)

    def home() -> None:
        open_link(page, "Home")
        expect(page.get_by_role("button", name="Start lesson 1: The table")).to_be_visible(
            timeout=30_000
        )

    def learn() -> None:
        open_link(page, "Learn")
        page.locator(".st-key-open-partner-exemption button").click()  # lesson 7: cards to tap
        expect(page.get_by_role("heading", name="7. Your partner is winning")).to_be_visible(
            timeout=30_000
        )

    def drill() -> None:
        open_link(page, "Drill")
        expect(page.get_by_text("Your hand").first).to_be_visible(timeout=30_000)
        expect(page.locator(PILLS).first).to_be_visible()
        expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
        trump = page.locator(".kj-trump-badge").inner_text()[-1]
        assert_trumps_gold(page.locator(PILLS).evaluate_all(FACES), trump, both=False)

    def drill_answered() -> None:
        page.locator(PILLS).first.click()
        page.get_by_role("button", name="Answer").click()
        expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)

    def play() -> None:
        open_link(page, "Play")
        page.get_by_label("Match number").fill("4242")
        page.get_by_role("button", name="Deal the cards").click()
        expect(page.locator(".kj-table")).to_be_visible(timeout=30_000)

    def play_turn() -> None:  # the cards to tap, with their key hints, and the legal ones lit
        to_my_turn(page)
        expect(page.locator(IDLE)).to_be_visible(timeout=30_000)
        trump = page.get_by_text("Trumps: ").first.inner_text().split(",")[0][-1]
        cards = page.locator("[class*='st-key-play-card-'] button")
        assert_trumps_gold(cards.evaluate_all(FACES), trump)  # before the hint lights some
        page.screenshot(path=str(ARTIFACTS / "trump-border-table.png"))
        page.get_by_role("button", name="Which cards may I play?").click()
        expect(page.get_by_text("highlighted")).to_be_visible(timeout=30_000)

    def progress() -> None:
        open_link(page, "Progress")
        expect(page.get_by_role("heading", name="Per rule")).to_be_visible(timeout=30_000)

    return {
        "profile": profile,
        "home": home,
        "learn": learn,
        "drill": drill,
        "drill-answered": drill_answered,
        "drill-reloaded": lambda: reload_the_drill(page),
        "play": play,
        "play-turn": play_turn,
        "progress": progress,
    }


def teacher_pages(page: Page, url: str) -> dict[str, Callable[[], None]]:
    def club() -> None:
        sign_in_teacher(page, url)
        expect(page.get_by_text("Accuracy per learner and rule")).to_be_visible(timeout=30_000)
        page.wait_for_timeout(1500)  # the chart draws after the run

    def projector() -> None:
        open_link(page, "Projector")
        expect(page.get_by_text("Puzzle 1 of")).to_be_visible(timeout=30_000)

    def projector_answer() -> None:
        page.get_by_role("button", name="Show the answer").click()
        expect(page.get_by_role("button", name="Hide the answer")).to_be_visible(timeout=30_000)

    return {"club": club, "projector": projector, "projector-answer": projector_answer}


def test_no_serious_accessibility_finding_on_any_page(server: tuple[str, Path]) -> None:  # noqa: F811
    url, data = server
    seed_a_club(data)
    ARTIFACTS.mkdir(exist_ok=True)
    axe = Axe()
    report: dict[str, list[dict[str, Any]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        for steps in (learner_pages, teacher_pages):
            page = context.new_page()
            for name, step in steps(page, url).items():
                step()
                report[name] = findings(page, axe)
                page.screenshot(path=str(ARTIFACTS / f"axe-{name}.png"), full_page=True)
            page.close()
        browser.close()
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
