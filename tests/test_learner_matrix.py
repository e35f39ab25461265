"""The learner's own path, walked in Debian's chromium in every language at phone and desktop
width: the first visit, a lesson step answered wrong and then right, every drill kind answered
wrong and then right by tapping, a whole deal at the table (a call, refused cards, roem, the
score sheet, the stronger player's analysis), Progress, a reload that keeps the learner, and a
switch of language. After each action the page is checked as the learner sees it (`page_checks`): no
word of another language, the reaction in view, nothing wider than the screen, the language's
rank letters. Every problem of a walk is said at once, with a screenshot of each screen that
had one (``artifacts/matrix-<language>-<device>-<step>.png``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page, expect

from klaverjas_core import Card
from klaverjas_questions.count_trick import TrickCount
from klaverjas_questions.is_nat import NatAnswer
from klaverjas_questions.positions import CardsAnswer, CityAnswer, LegalAnswer
from klaverjas_questions.who_revoked import RevokeAnswer
from klaverjas_trainer.app.language import language_name
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.texts import card_text, language, rule_title, t
from klaverjas_trainer.texts.catalogue import LANGUAGES
from lessons import load_course
from puzzles import PUZZLE_KINDS, Puzzle, generate

from .page_checks import page_problems
from .streamlit_server import running_app
from .test_accessibility import blocking_findings
from .test_browser import ARTIFACTS

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
LOCALES = {"nl": "nl-NL", "uk": "uk-UA", "ru": "ru-RU", "en": "en-GB"}
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
WAIT = 30_000
#: Guesses at a drill kind until one is wrong: alternating yes and no, four guesses were all
#: right in up to one walk of 16; twelve in up to one of 4,096.
GUESSES = 12
#: The answer the learner sees after Answer (or Check): the first alert of the form's result.
FEEDBACK = "[data-testid='stAlert']"
#: Screens kept as screenshots whatever they show, to look at: a wrong answer, a refused card.
SHOWN = frozenset({"drill-which-cards-wrong", "lesson-wrong", "table-refused", "table-analysis"})
#: The deal the walk plays: the same cards every run, so it meets a refused card and roem.
DEAL_NUMBER = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("matrix")
    with running_app(data, env={"KLAVERJAS_PLAY_PACE": "0"}) as app:
        yield app.url, data


@dataclass
class Walk:
    """One learner's walk: the page, the language, and what went wrong on the way."""

    page: Page
    code: str
    device: str
    data: Path
    name: str
    problems: list[str] = field(default_factory=list)
    axe: Axe = field(default_factory=Axe)

    def words(self, key: str, **fields: object) -> str:
        with language(self.code):
            return t(key, **fields)

    def idle(self) -> None:
        self.page.wait_for_timeout(250)  # a click's run may not have started yet
        expect(self.page.locator(IDLE)).to_be_visible(timeout=WAIT)

    def settle(self) -> None:
        """Idle, and still idle a moment later: on a busy machine a click's run can start after
        `idle` has looked, and a form filled in then is drawn again under the fingers."""
        for _ in range(20):
            self.idle()
            self.page.wait_for_timeout(400)
            if self.page.locator(IDLE).count():
                return
        raise AssertionError("the page kept running for 20 looks")

    def check(self, step: str, reaction: Locator | None = None) -> None:
        """The page after `step`, as the learner sees it; a screenshot when it has problems."""
        self.idle()
        found = page_problems(self.page, self.code, reaction)
        if found or step in SHOWN:
            shot = ARTIFACTS / f"matrix-{self.code}-{self.device}-{step}.png"
            ARTIFACTS.mkdir(exist_ok=True)
            self.page.screenshot(path=str(shot))
            self.problems += [f"{step}: {problem}" for problem in found]

    def accessible(self, step: str) -> None:
        """axe-core's serious and critical findings (contrast, names, roles) on the page now."""
        self.problems += [f"{step}: {found}" for found in blocking_findings(self.page, self.axe)]

    def store(self) -> ProgressStore:
        return ProgressStore(make_engine(f"sqlite:///{self.data / 'trainer.sqlite3'}"))

    def last_answer(self) -> dict[str, Any]:
        store = self.store()
        rows = store.answers(store.learner(self.name).id).to_dict("records")
        return rows[-1] if rows else {}

    def go_to(self, title_key: str) -> None:
        """A page from the page list; on a phone the list is opened first."""
        if self.device == "phone":
            self.page.locator("[data-testid='stExpandSidebarButton']").click()
        self.page.get_by_role("link", name=self.words(title_key)).click()
        self.idle()

    # --- the steps ---------------------------------------------------------------------

    def first_visit(self, url: str) -> None:
        self.page.goto(url)
        self.idle()
        self.check("first-visit")
        self.page.locator(".st-key-new_name input").fill(self.name)
        self.page.locator(".st-key-start_button button").click()
        self.idle()
        expect(self.page.get_by_text(self.name).first).to_be_attached(timeout=WAIT)
        self.check("signed-in")
        self.accessible("home")

    def lesson_wrong_then_right(self) -> None:
        lesson = load_course().lessons[0]
        self.go_to("nav-learn")
        self.page.locator(f".st-key-open-{lesson.id} button").click()
        self.idle()
        self.check("lesson-open")
        key = f"check-{lesson.id}-0"
        seats = self.page.locator(f".st-key-{key}-reply button")
        seats.nth(0).click()  # North: the learner sits South
        self.page.locator(f".st-key-{key}-submit button").click()
        self.idle()
        self.check("lesson-wrong", self.page.locator(FEEDBACK))
        self.accessible("learn")
        assert self.last_answer()["correct"] is False
        self.page.locator(f".st-key-{key}-again button").click()
        self.idle()
        seats.nth(2).click()
        self.page.locator(f".st-key-{key}-submit button").click()
        self.idle()
        self.check("lesson-right", self.page.locator(FEEDBACK))
        assert self.last_answer()["correct"] is True

    def drill_settings(self, kind: str, mode: str) -> None:
        """The drill's settings, opened, set and folded again (the puzzle comes first)."""
        self.fold_settings(open_=True)
        wanted = self.words(f"kind-{kind}")
        if self.page.locator(".st-key-drill_kind").get_by_text(wanted, exact=True).count() == 0:
            choose(self.page, ".st-key-drill_kind", wanted)
            self.idle()
        self.fold_settings(open_=True)
        self.page.locator(".st-key-drill_mode label").filter(
            has_text=self.words(f"mode-{mode}")
        ).click()
        self.idle()
        self.fold_settings(open_=False)

    def fold_settings(self, *, open_: bool) -> None:
        summary = self.page.locator("[data-testid='stExpander'] summary").filter(
            has_text=self.words("settings")
        )
        kind = self.page.locator(".st-key-drill_kind")
        for _ in range(3):
            try:  # the expander animates: wait until it is done either way
                expect(kind).to_be_visible(timeout=1_500) if open_ else expect(kind).to_be_hidden(
                    timeout=1_500
                )
                return
            except AssertionError:
                summary.click()
        raise AssertionError("the drill's settings did not fold")

    def drill_wrong_then_right(self, kind: str) -> None:
        self.drill_settings(kind, "normal")
        for attempt in range(GUESSES):  # a guess is seldom right; then another puzzle
            guess(self.page, kind, attempt)
            self.page.locator(".st-key-answer_button button").click()
            self.idle()
            self.check(f"drill-{kind}-wrong", self.page.locator(FEEDBACK))
            if kind == PUZZLE_KINDS[0]:
                self.accessible("drill")
            answered = self.last_answer()
            assert answered["kind"] == kind
            if not answered["correct"]:
                break
            self.page.locator(".st-key-next_button button").click()
            self.idle()
        else:
            pytest.fail(f"{GUESSES} guesses at {kind} were all right")
        puzzle = answered_puzzle(answered)
        self.drill_settings(kind, "mistakes")  # the mistake comes back: now answered right
        reply(self.page, puzzle, self.code)
        self.page.locator(".st-key-answer_button button").click()
        self.idle()
        self.check(f"drill-{kind}-right", self.page.locator(FEEDBACK))
        again = self.last_answer()
        assert (again["item_id"], again["correct"]) == (puzzle.id, True), (
            again["given"],
            puzzle.answer,
        )
        self.drill_settings(kind, "normal")

    def whole_deal(self) -> None:
        """One deal at the table in coach mode: call or pass, cards tapped from the left (a
        refused one said in view, then the next), roem declared, tricks turned, the score."""
        self.go_to("nav-play")
        self.page.locator(".st-key-play_seed input").fill(str(DEAL_NUMBER))
        self.page.locator(".st-key-play_start button").click()
        self.idle()
        self.check("table")
        refused = 0
        for _ in range(120):  # a deal is 8 tricks: a bounded walk through it
            if self.visible(".st-key-play-next-deal"):
                break
            if self.visible(".st-key-play-call-pass"):
                self.tap(".st-key-play-call-pass button")
                if self.visible(".st-key-play-call-pass"):  # must name: the first suit
                    self.tap("[class*='st-key-play-call-'] button")
                self.check("table-called")
            elif self.visible("[class*='st-key-play-card-']"):
                cards = self.page.locator("[class*='st-key-play-card-'] button >> visible=true")
                before = cards.count()
                for index in range(before):
                    cards.nth(index).click()
                    self.idle()
                    if cards.count() < before or not self.visible("[class*='st-key-play-card-']"):
                        break
                    refused += 1  # refused, said above the hand: it must be in view
                    self.check("table-refused", self.page.locator(".st-key-play-reaction"))
            elif self.visible(".st-key-play_roem_submit"):
                self.page.locator(".st-key-play_roem_amount button").first.click()
                self.tap(".st-key-play_roem_submit button")
                self.check("table-roem", self.page.locator(".st-key-play-reaction"))
            elif self.visible(".st-key-play-turn"):
                self.tap(".st-key-play-turn button")
            else:
                self.idle()
        else:
            pytest.fail("the deal did not end")
        self.check("table-score")
        self.tap("[class*='st-key-analysis-'] button")  # a stronger player weighs the cards
        weighed = self.page.locator(".st-key-analysis")
        expect(weighed.locator("[data-testid='stTable']")).to_be_visible(timeout=WAIT)
        self.check("table-analysis", weighed)
        self.accessible("play")
        assert refused > 0, "no card was refused: the walk saw no refusal"

    def visible(self, selector: str) -> bool:
        return self.page.locator(selector).first.is_visible()

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.idle()

    def progress(self) -> None:
        self.go_to("nav-progress")
        expect(self.page.locator("[data-testid='stDataFrame'], [data-testid='stTable']").first)
        self.check("progress")
        self.accessible("progress")
        self.go_to("nav-settings")
        self.check("profile")
        self.accessible("profile")

    def reload_and_switch(self, other: str) -> None:
        self.page.reload()
        self.idle()
        self.page.get_by_role("button", name=self.words("continue-as", name=self.name)).click()
        self.idle()
        self.check("reloaded")
        if self.device == "phone":
            self.page.locator("[data-testid='stExpandSidebarButton']").click()
        with language(other):
            choose(self.page, ".st-key-language_choice", language_name(other))
        self.code = other
        self.idle()
        expect(
            self.page.get_by_role("link", name=self.words("nav-drill"), exact=True).first
        ).to_be_attached()
        self.check("switched")


def open_select(page: Page, box: str) -> None:
    """A Streamlit select box's list, opened (a click while the page settles may not)."""
    listbox = page.get_by_role("listbox")
    combobox = page.locator(box).get_by_role("combobox")
    for _ in range(3):
        page.wait_for_timeout(300)
        combobox.scroll_into_view_if_needed()
        combobox.click(force=True)
        try:
            expect(listbox).to_be_visible(timeout=3_000)
            return
        except AssertionError:
            page.keyboard.press("Escape")
    expect(listbox).to_be_visible(timeout=WAIT)


def choose(page: Page, box: str, option: str | None) -> None:
    """An option of a select box, typed as a person would (None: the first one)."""
    open_select(page, box)
    if option is None:
        page.get_by_role("option").first.click()
        return
    page.keyboard.type(option)  # filters the list (a long one shows only some options)
    page.get_by_role("option", name=option, exact=True).first.click()


# --- answering a drill puzzle -------------------------------------------------------------


def reply_key(page: Page) -> str:
    """The drill's reply widgets are keyed by the puzzle's id: ``st-key-reply-<id>...``."""
    classes = page.locator("[class*='st-key-reply-']").first.get_attribute("class") or ""
    found = re.search(r"st-key-(reply-[\w-]+?)(?:-(?:amsterdam|rotterdam|winner|points|roem|"
                      r"nat|0|1|card|rule))?(?:\s|$)", classes)  # fmt: skip
    assert found, classes
    return found.group(1)


def guess(page: Page, kind: str, attempt: int) -> None:
    """A reply without looking: every card, "yes" then "no", one point. It is nearly always
    wrong."""
    key = reply_key(page)
    if kind == "which-cards":
        tap_all(page.locator(f".st-key-{key} button"))
    elif kind == "amsterdam-or-rotterdam":
        for city in ("amsterdam", "rotterdam"):
            tap_all(page.locator(f".st-key-{key}-{city} button"))
    elif kind == "card-legal":
        page.locator(f".st-key-{key} button").nth(attempt % 2).click()
    elif kind == "count-trick":
        for part in ("winner", "points", "roem"):
            widget = page.locator(f".st-key-{key}-{part}")
            if widget.count() and part == "winner":
                widget.locator("button").last.click()
            elif widget.count():
                widget.locator("input").fill("1")
    elif kind == "is-nat":
        page.locator(f".st-key-{key}-nat button").first.click()
        for pair in ("0", "1"):
            page.locator(f".st-key-{key}-{pair} input").fill("1")
    elif kind == "who-revoked":
        for part in ("card", "rule"):
            choose(page, f".st-key-{key}-{part}", None)
    page.wait_for_timeout(200)


def tap_all(buttons: Locator) -> None:
    for index in range(buttons.count()):
        buttons.nth(index).click()


def answered_puzzle(row: dict[str, Any]) -> Puzzle:
    """The puzzle a stored answer was given on, made again from its seed."""
    puzzle = generate(
        row["kind"], row["rule"], seed=int(row["seed"]), rules=row["rules"], level=int(row["level"])
    )
    assert puzzle.id == row["item_id"]
    return puzzle


def tap_cards(buttons: Locator, hand: tuple[Card, ...], chosen: frozenset[Card]) -> None:
    for index, card in enumerate(hand):
        if card in chosen:
            buttons.nth(index).click()


def reply(page: Page, puzzle: Puzzle, code: str) -> None:
    """The right answer, tapped and typed in the learner's language."""
    key = reply_key(page)
    answer: Any = puzzle.answer
    content: Any = puzzle.content
    if isinstance(answer, CardsAnswer):
        tap_cards(page.locator(f".st-key-{key} button"), content.hand, answer.cards)
    elif isinstance(answer, CityAnswer):
        for city in ("amsterdam", "rotterdam"):
            buttons = page.locator(f".st-key-{key}-{city} button")
            tap_cards(buttons, content.hand, getattr(answer, city))
    elif isinstance(answer, LegalAnswer):
        page.locator(f".st-key-{key} button").nth(0 if answer.legal else 1).click()
    elif isinstance(answer, TrickCount):
        if "winner" in content.ask:
            index = list(content.trick).index(answer.winner)
            page.locator(f".st-key-{key}-winner button").nth(index).click()
        for part in ("points", "roem"):
            if part in content.ask:
                page.locator(f".st-key-{key}-{part} input").fill(str(getattr(answer, part)))
    elif isinstance(answer, NatAnswer):
        page.locator(f".st-key-{key}-nat button").nth(0 if answer.nat else 1).click()
        for pair in (0, 1):
            page.locator(f".st-key-{key}-{pair} input").fill(str(answer.points[pair]))
    elif isinstance(answer, RevokeAnswer):
        with language(code):
            choose(page, f".st-key-{key}-card", card_text(answer.card))
            choose(page, f".st-key-{key}-rule", rule_title(answer.rule))
    else:
        raise AssertionError(f"no way to answer {type(answer).__name__}")
    page.wait_for_timeout(200)


@pytest.mark.parametrize("device", VIEWPORTS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_a_learner_walks_the_trainer_in_their_language(
    browser: Browser, server: tuple[str, Path], code: str, device: str
) -> None:
    url, data = server
    context = browser.new_context(locale=LOCALES[code], viewport=VIEWPORTS[device])
    walk = Walk(context.new_page(), code, device, data, name=f"Lerner {code} {device}")
    try:
        walk.first_visit(url)
        walk.lesson_wrong_then_right()
        walk.go_to("nav-drill")
        for kind in PUZZLE_KINDS:
            walk.drill_wrong_then_right(kind)
        walk.whole_deal()
        walk.progress()
        walk.reload_and_switch(LANGUAGES[(LANGUAGES.index(code) + 1) % len(LANGUAGES)])
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        walk.page.screenshot(path=str(ARTIFACTS / f"matrix-{code}-{device}-failed.png"))
        raise
    finally:
        context.close()
    assert walk.problems == [], json.dumps(walk.problems, ensure_ascii=False, indent=1)
