"""'Report a problem' in Debian's chromium: a learner on a phone, in each language, reports a
drill puzzle and a lesson step, each once answered (the locked form of an answered question
must leave the report's Send open to a tap), and a card to play at the table (each thanked in
view, in their language); the teacher, at a desktop, finds the three on the Club page with the
note shown as typed (markup escaped) and the position drawn, and marks one resolved.
Screenshots: ``artifacts/report-<lang>-*.png`` (the teacher's view: ``report-teacher-*``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, expect

from klaverjas_trainer.storage.reports import Reports
from klaverjas_trainer.texts.catalogue import LANGUAGES
from lessons import load_course

from .streamlit_server import running_app
from .test_browser import PASSWORD, sign_in_teacher
from .test_learner_matrix import LearnerWalk, reply, shown_puzzle
from .walk import LOCALES, VIEWPORTS, WAIT, Walk, device_options

NOTES = {
    "nl": "<b>7♦</b> mag hier toch ook?",
    "uk": "<b>7♦</b> тут теж можна?",
    "ru": "<b>7♦</b> здесь тоже можно?",
    "en": "<b>7♦</b> is allowed here too?",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("reports")
    env = {"KLAVERJAS_TEACHER_PASSWORD": PASSWORD, "KLAVERJAS_PLAY_PACE": "0"}
    with running_app(data, env=env) as app:
        yield app.url, data


def send_report(walk: Walk, where: str, note: str) -> None:
    """Open the page's 'Report a problem', type `note`, send it: thanked in view."""
    walk.idle()  # the form is filled in on the page as drawn at last
    title = walk.page.locator("summary", has_text=walk.words("report-problem"))
    folded = walk.page.locator("[data-testid='stExpander']").filter(has=title).last
    folded.locator("summary").click()
    box = walk.page.locator("[class*='st-key-report-note-'] textarea").last
    expect(box).to_be_visible(timeout=WAIT)
    walk.still(folded)  # opened: a tap on Send lands where it is seen
    box.fill(note)
    expect(box).to_have_value(note)
    walk.click(walk.page.locator("[class*='st-key-report-send-'] button").last)
    thanks: Locator = walk.page.locator("[class*='st-key-report-said-']").last
    expect(thanks).to_contain_text(walk.words("report-thanks"), timeout=WAIT)
    walk.check(f"report-{where}", thanks)
    walk.screenshot(where)


def to_the_first_card(walk: Walk) -> None:
    """A new match at the table, to the learner's first card: pass, or name a suit when the
    learner must."""
    walk.go_to("nav-play")
    walk.click(".st-key-play_start button")
    for _ in range(10):
        if walk.visible("[class*='st-key-play-card-']"):
            return
        if walk.visible(".st-key-play-call-pass"):
            walk.click(".st-key-play-call-pass button")
            if walk.visible(".st-key-play-call-pass"):
                walk.click("[class*='st-key-play-call-'] button")
        else:
            pytest.fail("the table offers nothing to do")
    pytest.fail("no card to play after the trump call")


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_learners_reports_reach_the_teacher(
    browser: Browser, server: tuple[str, Path], code: str
) -> None:
    url, data = server
    context = browser.new_context(locale=LOCALES[code], **device_options("phone"))
    walk = LearnerWalk(context.new_page(), code, "report", data, name=f"Melder {code}")
    teacher = browser.new_context(locale="en-GB", viewport=VIEWPORTS["desktop"])
    try:
        walk.first_visit(url)
        walk.go_to("nav-drill")
        reply(walk, shown_puzzle(walk), right=True)
        walk.click(".st-key-answer_button button")
        send_report(walk, "drill", NOTES[code])
        lesson = load_course().lessons[0]
        walk.go_to("nav-learn")
        walk.click(f".st-key-open-{lesson.id} button")
        walk.page.locator(f".st-key-check-{lesson.id}-0-reply button").nth(2).click()
        walk.click(f".st-key-check-{lesson.id}-0-submit button")
        send_report(walk, "lesson", f"{NOTES[code]} (les)")
        to_the_first_card(walk)
        send_report(walk, "table", f"{NOTES[code]} (tafel)")
        reader = Walk(teacher.new_page(), who="report-teacher")
        page = reader.page
        sign_in_teacher(reader, url)
        title = page.locator("summary", has_text="Reports from learners")
        expect(title).to_be_visible(timeout=WAIT)
        reports = page.locator("[data-testid='stExpander']").filter(has=title)
        reports.locator("summary").click()
        mine = page.locator("[class*='st-key-reported-']").filter(has_text=walk.name)
        expect(mine).to_have_count(3, timeout=WAIT)
        expect(mine.first).to_contain_text(f"Their note: {NOTES[code]} (tafel)")  # as typed
        expect(mine.first.locator(".kj-card").first).to_be_visible()  # the position, drawn
        reader.still(reports)
        reader.screenshot(code)
        reader.click(mine.first.get_by_role("button", name="Mark resolved"))
        expect(mine).to_have_count(2)
    except Exception:
        walk.screenshot("failed")
        raise
    finally:
        context.close()
        teacher.close()
    assert walk.problems == [], json.dumps(walk.problems, ensure_ascii=False, indent=1)
    store = walk.store()
    sent = Reports(store).open_reports()
    sent = sent[sent["learner"] == walk.name]
    assert sorted(sent["source"]) == ["lesson", "puzzle"]  # the table's was resolved
    assert set(sent["language"]) == {code}
