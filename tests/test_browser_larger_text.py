""" "Larger text and cards" in Debian's chromium on a phone, in Dutch, Ukrainian and Russian:
with it on, no text a learner reads on the drill (answered, its marks on the cards), a lesson,
the table (dealt), Progress or Home is smaller than 16 px (issue 34, B8: card marks were
11.5 px, chips 12-14 px, the Progress table 13.6 px). A screenshot of each page:
``artifacts/larger-<language>-*.png``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest
from playwright.sync_api import Browser, expect

from lessons import load_course

from .streamlit_server import running_app
from .test_learner_matrix import LearnerWalk, reply, shown_puzzle
from .walk import FEEDBACK, LOCALES, device_options

#: Visible text in the page's main part smaller than `min` px: (size, text), icons left out.
SMALL_TEXT: Final = """min => {
  const found = [];
  const main = document.querySelector("[data-testid='stMain']");
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent.trim()) continue;
    if (parent.closest("[data-testid='stIconMaterial'], style, script")) continue;
    if (!parent.checkVisibility({visibilityProperty: true})) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < min) found.push([size, node.textContent.trim().slice(0, 40)]);
  }
  for (const el of main.querySelectorAll("button[data-variant='pills']")) {  // a card's mark
    const after = getComputedStyle(el, "::after");
    if (after.content !== "none" && after.content !== "normal" && after.content !== '""'
        && parseFloat(after.fontSize) < min) found.push([parseFloat(after.fontSize), "mark"]);
  }
  return found;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("larger")
    with running_app(data) as app:
        yield app.url, data


@pytest.mark.parametrize("code", ["nl", "uk", "ru"])
def test_larger_text_leaves_no_small_text(
    browser: Browser, server: tuple[str, Path], code: str
) -> None:
    url, data = server
    context = browser.new_context(locale=LOCALES[code], **device_options("phone"))
    walk = LearnerWalk(context.new_page(), code, "larger", data, name=f"Oma Groot {code}")
    page = walk.page
    try:
        walk.first_visit(url)
        walk.go_to("nav-settings")
        toggle = page.locator(".st-key-set_large label")
        toggle.click()  # in the settings form: no run until Save
        expect(page.locator(".st-key-set_large input")).to_be_checked()
        walk.click(".st-key-save_settings button")
        walk.go_to("nav-drill")
        reply(walk, shown_puzzle(walk), right=False)
        walk.click(".st-key-answer_button button")
        expect(page.locator(FEEDBACK).first).to_be_visible()
        small = {"drill": page.evaluate(SMALL_TEXT, 16)}
        walk.screenshot("drill", full_page=True)
        lesson = load_course().lessons[0]
        walk.go_to("nav-learn")
        walk.click(f".st-key-open-{lesson.id} button")
        expect(page.locator(".st-key-lesson_top")).to_be_visible()
        small["lesson"] = page.evaluate(SMALL_TEXT, 16)
        walk.go_to("nav-play")
        walk.click(".st-key-play_start button")  # one tap deals
        expect(page.locator(".kj-table").first).to_be_visible()
        small["table"] = page.evaluate(SMALL_TEXT, 16)
        walk.screenshot("table", full_page=True)
        walk.go_to("nav-progress")
        small["progress"] = page.evaluate(SMALL_TEXT, 16)
        walk.screenshot("progress", full_page=True)
        walk.go_to("nav-home")
        small["home"] = page.evaluate(SMALL_TEXT, 16)
    except Exception:
        walk.screenshot("failed")
        raise
    finally:
        context.close()
    assert small == {key: [] for key in ("drill", "lesson", "table", "progress", "home")}, small
