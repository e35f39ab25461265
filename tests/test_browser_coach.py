"""The coach in Debian's chromium, in every language at phone and desktop width: a learner whose
answers show a wrong rule answers one more puzzle that way and reads, in view and in their own
language, the wrong rule in one sentence with what it answers here; "Practise this" starts the
practice, and Progress lists the wrong rule. Screenshots: ``artifacts/coach-<device>-<lang>-*``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from klaverjas_core import AMSTERDAM, Card
from klaverjas_questions.misconceptions import BY_NAME, discriminates
from klaverjas_trainer.texts import language, rule_title
from klaverjas_trainer.texts.catalogue import LANGUAGES
from puzzles import Puzzle

from .streamlit_server import running_app
from .test_coach_flows import answers_as_a_believer, believer
from .test_learner_matrix import LearnerWalk, shown_puzzle, tap_cards
from .walk import FEEDBACK, LOCALES, VIEWPORTS, Walk, device_options

OVERTRUMP = BY_NAME["always-overtrump"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("coach")
    with running_app(data) as app:
        yield app.url, data


def answer_with(walk: Walk, puzzle: Puzzle, cards: frozenset[Card]) -> None:
    key = f"reply-{puzzle.id}"
    tap_cards(walk.page.locator(f".st-key-{key} button"), puzzle.content.hand, cards)
    walk.click(".st-key-answer_button button")


@pytest.mark.parametrize("device", VIEWPORTS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_coach_names_the_wrong_rule_in_the_learners_language(
    browser: Browser, server: tuple[str, Path], code: str, device: str
) -> None:
    url, data = server
    context = browser.new_context(locale=LOCALES[code], **device_options(device))
    walk = LearnerWalk(
        context.new_page(), code, f"coach-{device}", data, name=f"Coach {code} {device}"
    )
    try:
        walk.first_visit(url)
        store = walk.store()
        answers_as_a_believer(store, store.learner(walk.name).id)
        walk.go_to("nav-drill")
        walk.fold_settings(open_=True)
        walk.choose(".st-key-drill_rule", rule_title_in(code, "play.partner-winning"))
        walk.fold_settings(open_=False)
        for _ in range(20):  # the drill's own puzzles, until one shows the wrong rule
            puzzle = shown_puzzle(walk)
            if discriminates(OVERTRUMP, puzzle.kind, puzzle.content, AMSTERDAM):
                break
            answer_with(walk, puzzle, puzzle.answer.cards)
            walk.click(".st-key-next_button button")
        else:
            pytest.fail("twenty puzzles and none tells the wrong rule from the rule")
        answer_with(walk, puzzle, believer(puzzle).cards)
        box = walk.page.locator(".st-key-coach_noticed")
        expect(box).to_be_visible()
        expect(box).to_contain_text(walk.words("misconception:always-overtrump"))
        expect(box).to_contain_text(walk.words("coach-noticed"))
        walk.check("noticed", walk.page.locator(".st-key-answer-feedback"))
        walk.screenshot("noticed")
        expect(walk.page.locator(FEEDBACK).first).to_be_visible()
        walk.accessible("coach")
        walk.click(box.locator("button"))
        started = walk.words("practice-progress", number=1, count=5)
        expect(walk.page.get_by_text(started)).to_be_visible()
        walk.check("practice")
        walk.go_to("nav-progress")
        expect(walk.page.get_by_text(walk.words("coach-section"))).to_be_visible()
        title = walk.words("misconception-title:always-overtrump")
        expect(walk.page.get_by_text(title).first).to_be_visible()
        walk.check("progress")
        walk.screenshot("progress")
    except Exception:
        walk.screenshot("failed")
        raise
    finally:
        context.close()
    assert walk.problems == [], json.dumps(walk.problems, ensure_ascii=False, indent=1)


def rule_title_in(code: str, rule: str) -> str:
    with language(code):
        return rule_title(rule)
