"""The learner's own path, walked in Debian's chromium in every language at phone and desktop
width: the first visit, a lesson step answered wrong and then right, every drill kind answered
wrong and then right by tapping, a whole deal at the table (a call, refused cards, roem, the
score sheet, the stronger player's analysis), Progress, a reload that keeps the learner, and a
switch of language. After each action the page is checked as the learner sees it (`page_checks`): no
word of another language, the reaction in view, nothing wider than the screen, the language's
rank letters. Every problem of a walk is said at once, with a screenshot of each screen that
had one (``artifacts/matrix-<device>-<language>-<step>.png``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from klaverjas_core import Card
from klaverjas_questions.count_trick import TrickCount
from klaverjas_questions.is_nat import NatAnswer
from klaverjas_questions.positions import CardsAnswer, CityAnswer, LegalAnswer
from klaverjas_questions.who_revoked import RevokeAnswer
from klaverjas_trainer.app.language import language_name
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.drill_places import DrillPlaces
from klaverjas_trainer.texts import card_text, language, rule_title, t
from klaverjas_trainer.texts.answers import pair_name
from klaverjas_trainer.texts.catalogue import LANGUAGES
from lessons import load_course
from puzzles import PUZZLE_KINDS, Puzzle, generate

from .accessibility import blocking_findings
from .streamlit_server import running_app
from .walk import FEEDBACK, LOCALES, VIEWPORTS, Walk, device_options

#: Screens kept as screenshots whatever they show, to look at: a wrong and a right answer, a
#: refused card, the analysis, a refused join.
SHOWN = frozenset({
    "drill-which-cards-wrong", "drill-which-cards-right", "drill-is-nat-incomplete",
    "lesson-wrong", "table-refused", "table-analysis", "join-refused",
})  # fmt: skip
#: The drill kinds first answered with a part left empty (every card, or the points).
INCOMPLETE = frozenset({"which-cards", "is-nat"})
#: The deal the walk plays: the same cards every run, so it meets a refused card and roem.
DEAL_NUMBER = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("matrix")
    with running_app(data, env={"KLAVERJAS_PLAY_PACE": "0"}) as app:
        yield app.url, data


class LearnerWalk(Walk):
    """A learner's walk through the trainer, step by step."""

    def accessible(self, step: str) -> None:
        """axe-core's serious and critical findings (contrast, names, roles) on the page now."""
        self.idle()
        self.problems += [f"{step}: {found}" for found in blocking_findings(self.page)]

    def store(self) -> ProgressStore:
        assert self.data is not None
        return ProgressStore(make_engine(f"sqlite:///{self.data / 'trainer.sqlite3'}"))

    def last_answer(self) -> dict[str, Any]:
        store = self.store()
        rows = store.answers(store.learner(self.name).id).to_dict("records")
        return rows[-1] if rows else {}

    def shown(self, step: str, reaction: Locator | None = None) -> None:
        """`check`, with a screenshot kept of the screens looked at whatever they show."""
        self.check(step, reaction, always=step in SHOWN)

    # --- the steps ---------------------------------------------------------------------

    def first_visit(self, url: str) -> None:
        self.open(url)
        self.shown("first-visit")
        self.page.locator(".st-key-new_name input").fill(self.name)
        self.click(".st-key-start_button button")
        expect(self.page.get_by_text(self.name).first).to_be_attached()
        self.shown("signed-in")
        self.accessible("home")

    def lesson_wrong_then_right(self) -> None:
        lesson = load_course().lessons[0]
        self.go_to("nav-learn")
        self.click(f".st-key-open-{lesson.id} button")
        self.shown("lesson-open")
        key = f"check-{lesson.id}-0"
        seats = self.page.locator(f".st-key-{key}-reply button")
        seats.nth(0).click()  # North: the learner sits South
        self.click(f".st-key-{key}-submit button")
        self.shown("lesson-wrong", self.page.locator(FEEDBACK))
        self.accessible("learn")
        assert self.last_answer()["correct"] is False
        self.click(f".st-key-{key}-again button")
        seats.nth(2).click()
        self.click(f".st-key-{key}-submit button")
        self.shown("lesson-right", self.page.locator(FEEDBACK))
        assert self.last_answer()["correct"] is True
        self.click(".st-key-step_next button")
        self.starts_on_screen("lesson-next", self.page.locator(".st-key-lesson_top"))

    def starts_on_screen(self, step: str, top: Locator) -> None:
        """After Next, the new step or puzzle starts at its top: `top`'s upper edge on the
        screen (not scrolled away above it, nor below the fold)."""
        self.check(step, top)
        box, size = top.first.bounding_box(), self.page.viewport_size
        assert box is not None and size is not None
        if not 0 <= box["y"] <= size["height"] / 2:
            self.screenshot(step)
            self.problems.append(f"{step}: its top is at y={box['y']:.0f}, not on the screen")

    def answer_incomplete(self, kind: str) -> None:
        """Answer with a part left empty: refused in view, naming each empty part."""
        key = reply_key(self.page)
        with language(self.code):
            if kind == "is-nat":  # one pair's points typed, the rest left empty
                type_number(self.page.locator(f".st-key-{key}-0 input"), 100)
                empty = [t("nat-question"), t("written", pair=pair_name(1))]
            else:
                empty = [t("select-legal")]
        self.click(".st-key-answer_button button")
        said = self.page.locator(".st-key-answer-missing")
        for part in empty:
            expect(said).to_contain_text(part)
        self.shown(f"drill-{kind}-incomplete", said)

    def drill_settings(self, kind: str, mode: str) -> None:
        """The drill's settings, opened, set and folded again (the puzzle comes first)."""
        self.fold_settings(open_=True)
        wanted = self.words(f"kind-{kind}")
        if self.chosen(".st-key-drill_kind") != wanted:
            self.choose(".st-key-drill_kind", wanted)
        self.fold_settings(open_=True)
        label = self.page.locator(".st-key-drill_mode label").filter(
            has_text=self.words(f"mode-{mode}")
        )
        if not label.locator("input").is_checked():  # a tap on the chosen one asks for no run
            self.after(lambda: self.pick(label))
        self.fold_settings(open_=False)

    def fold_settings(self, *, open_: bool) -> None:
        """Open or fold the drill's settings (a tap on its title when it is not so already)."""
        summary = self.page.locator("[data-testid='stExpander'] summary").filter(
            has_text=self.words("settings")
        )
        kind = self.page.locator(".st-key-drill_kind")
        if kind.is_visible() == open_:
            return
        summary.click()
        if not open_:
            expect(kind).to_be_hidden()
            return
        expect(kind).to_be_visible()
        # opening: a tap in it lands where it is seen once it is still
        title = self.page.locator("summary", has_text=self.words("settings"))
        self.still(self.page.locator("[data-testid='stExpander']").filter(has=title))

    def drill_wrong_then_right(self, kind: str) -> None:
        """A puzzle of `kind` answered wrong on purpose (the walk knows its answer from the
        drill's kept place), then, replayed from the mistakes, answered right."""
        self.drill_settings(kind, "normal")
        puzzle = shown_puzzle(self)
        assert puzzle.kind == kind
        if kind in INCOMPLETE:
            self.answer_incomplete(kind)
        reply(self, puzzle, right=False)
        self.click(".st-key-answer_button button")
        self.shown(f"drill-{kind}-wrong", self.page.locator(FEEDBACK))
        if kind == PUZZLE_KINDS[0]:
            self.accessible("drill")
            self.click(".st-key-next_button button")  # the next puzzle starts at its top
            self.starts_on_screen("drill-next", self.page.locator("[data-testid='stForm']"))
        answered = self.last_answer()
        assert (answered["kind"], answered["item_id"], answered["correct"]) == (
            kind,
            puzzle.id,
            False,
        ), answered["given"]
        self.drill_settings(kind, "mistakes")  # the mistake comes back: now answered right
        assert shown_puzzle(self).id == puzzle.id
        reply(self, puzzle, right=True)
        self.click(".st-key-answer_button button")
        self.shown(f"drill-{kind}-right", self.page.locator(FEEDBACK))
        again = self.last_answer()
        assert (again["item_id"], again["correct"]) == (puzzle.id, True), (
            again["given"],
            puzzle.answer,
        )  # the next kind's settings go back to the normal mode

    def whole_deal(self) -> None:
        """One deal at the table in coach mode: call or pass, cards tapped from the left (a
        refused one said in view, then the next), roem declared, tricks turned, the score."""
        self.go_to("nav-play")
        self.unfold("play-more").locator(".st-key-play_seed input").fill(str(DEAL_NUMBER))
        self.click(".st-key-play_start button")
        self.shown("table")
        refused = 0
        for _ in range(120):  # a deal is 8 tricks: a bounded walk through it
            if self.visible(".st-key-play-next-deal"):
                break
            if self.visible(".st-key-play-call-pass"):
                self.click(".st-key-play-call-pass button")
                if self.visible(".st-key-play-call-pass"):  # must name: the first suit
                    self.click("[class*='st-key-play-call-'] button")
                self.shown("table-called")
            elif self.visible("[class*='st-key-play-card-']"):
                cards = self.page.locator("[class*='st-key-play-card-'] button >> visible=true")
                before = cards.count()
                for index in range(before):
                    self.click(cards.nth(index))
                    if cards.count() < before or not self.visible("[class*='st-key-play-card-']"):
                        break
                    refused += 1  # refused, said above the hand: it must be in view
                    self.shown("table-refused", self.page.locator(".st-key-play-reaction"))
            elif self.visible(".st-key-play_roem_submit"):
                self.page.locator(".st-key-play_roem_amount button").first.click()
                self.click(".st-key-play_roem_submit button")
                self.shown("table-roem", self.page.locator(".st-key-play-reaction"))
            elif self.visible(".st-key-play-turn"):
                self.click(".st-key-play-turn button")
            else:
                pytest.fail("the table offers nothing to do")
        else:
            pytest.fail("the deal did not end")
        self.shown("table-score")
        self.click("[class*='st-key-analysis-'] button")  # a stronger player weighs the cards
        weighed = self.page.locator(".st-key-analysis")
        expect(weighed.locator("[data-testid='stTable']")).to_be_visible()
        self.shown("table-analysis", weighed)
        self.accessible("play")
        assert refused > 0, "no card was refused: the walk saw no refusal"

    def progress(self) -> None:
        self.go_to("nav-progress")
        expect(
            self.page.locator("[data-testid='stDataFrame'], [data-testid='stTable']").first
        ).to_be_visible()
        self.shown("progress")
        self.accessible("progress")
        self.go_to("nav-settings")
        self.shown("profile")
        self.accessible("profile")
        self.join_refused()

    def join_refused(self) -> None:
        """A mistyped group code at the foot of the profile page: refused in view."""
        self.page.locator(".st-key-join_code input").fill("QQQQQQ")
        self.page.locator(".st-key-join_name input").fill(self.name)
        self.click(".st-key-join_button button")
        said = self.page.locator(".st-key-join-refused")
        expect(said).to_be_visible()
        self.shown("join-refused", said)

    def reload_and_switch(self, other: str) -> None:
        self.reload()
        self.click(self.page.get_by_role("button", name=self.words("continue-as", name=self.name)))
        self.shown("reloaded")
        if self.phone:
            self.page.locator("[data-testid='stExpandSidebarButton']").click()
        with language(other):
            self.choose(".st-key-language_choice", language_name(other))
        self.code = other
        expect(
            self.page.get_by_role("link", name=self.words("nav-drill"), exact=True).first
        ).to_be_attached()
        self.shown("switched")


# --- answering a drill puzzle -------------------------------------------------------------


def reply_key(page: Page) -> str:
    """The drill's reply widgets are keyed by the puzzle's id: ``st-key-reply-<id>...``."""
    classes = page.locator("[class*='st-key-reply-']").first.get_attribute("class") or ""
    found = re.search(r"st-key-(reply-[\w-]+?)(?:-(?:amsterdam|rotterdam|winner|points|roem|"
                      r"nat|0|1|card|rule))?(?:\s|$)", classes)  # fmt: skip
    assert found, classes
    return found.group(1)


def shown_puzzle(walk: Walk) -> Puzzle:
    """The drill puzzle on the learner's screen, made again from the drill's kept place."""
    assert walk.data is not None
    store = ProgressStore(make_engine(f"sqlite:///{walk.data / 'trainer.sqlite3'}"))
    place = DrillPlaces(store).load(store.learner(walk.name).id)
    assert place is not None and place["puzzle"] is not None
    kept = place["puzzle"]
    puzzle = generate(kept["kind"], kept["rule"], seed=kept["seed"], rules=kept["rules"],
                      level=kept["level"], version=kept["version"])  # fmt: skip
    assert puzzle.id == kept["id"]
    return puzzle


def tap_cards(buttons: Locator, hand: tuple[Card, ...], chosen: frozenset[Card]) -> None:
    """Tap the `chosen` cards of the hand, each then seen chosen."""
    for index, card in enumerate(hand):
        if card in chosen:
            buttons.nth(index).click()
            expect(buttons.nth(index)).to_have_attribute("aria-pressed", "true")


def other_cards(hand: tuple[Card, ...], cards: frozenset[Card]) -> frozenset[Card]:
    """A choice of cards that is not `cards`: the whole hand, or its first card alone."""
    return frozenset(hand) if frozenset(hand) != cards else frozenset(hand[:1])


def type_number(field_: Locator, value: int) -> None:
    field_.fill(str(value))
    field_.press("Tab")  # a number field takes its value when left
    expect(field_).to_have_value(str(value))


def reply(walk: Walk, puzzle: Puzzle, *, right: bool) -> None:
    """The answer, right or wrong on purpose (one part of it wrong), tapped and typed in the
    learner's language."""
    page = walk.page
    key = reply_key(page)
    answer: Any = puzzle.answer
    content: Any = puzzle.content
    if isinstance(answer, CardsAnswer):
        cards = answer.cards if right else other_cards(content.hand, answer.cards)
        tap_cards(page.locator(f".st-key-{key} button"), content.hand, cards)
    elif isinstance(answer, CityAnswer):
        for city in ("amsterdam", "rotterdam"):
            cards = getattr(answer, city)
            if not right and city == "amsterdam":
                cards = other_cards(content.hand, cards)
            tap_cards(page.locator(f".st-key-{key}-{city} button"), content.hand, cards)
    elif isinstance(answer, LegalAnswer):
        page.locator(f".st-key-{key} button").nth(0 if answer.legal == right else 1).click()
    elif isinstance(answer, TrickCount):
        wrong = None if right else content.ask[-1]  # the last part asked
        if "winner" in content.ask:
            index = list(content.trick).index(answer.winner)
            if wrong == "winner":
                index = (index + 1) % len(content.trick)
            page.locator(f".st-key-{key}-winner button").nth(index).click()
        for part in ("points", "roem"):
            if part in content.ask:
                field_ = page.locator(f".st-key-{key}-{part} input")
                type_number(field_, getattr(answer, part) + (part == wrong))
    elif isinstance(answer, NatAnswer):
        page.locator(f".st-key-{key}-nat button").nth(0 if answer.nat == right else 1).click()
        for pair in (0, 1):
            type_number(page.locator(f".st-key-{key}-{pair} input"), answer.points[pair])
    elif isinstance(answer, RevokeAnswer):
        with language(walk.code):
            card, rule = card_text(answer.card), rule_title(answer.rule)
        walk.choose(f".st-key-{key}-card", card if right else None, avoid=card, runs=False)
        walk.choose(f".st-key-{key}-rule", rule, runs=False)
    else:
        raise AssertionError(f"no way to answer {type(answer).__name__}")


def kinds_walked(code: str, device: str) -> tuple[str, ...]:
    """Every puzzle kind on a phone, where a page is narrowest; on a desktop half of them, by
    turns in the languages, so that each kind is walked at desktop width in two languages (all
    of them on four desktops cost the suite about a minute)."""
    if device == "phone":
        return PUZZLE_KINDS
    return PUZZLE_KINDS[LANGUAGES.index(code) % 2 :: 2]


@pytest.mark.parametrize("device", VIEWPORTS)
@pytest.mark.parametrize("code", LANGUAGES)
def test_a_learner_walks_the_trainer_in_their_language(
    browser: Browser, server: tuple[str, Path], code: str, device: str
) -> None:
    url, data = server
    context = browser.new_context(locale=LOCALES[code], **device_options(device))
    walk = LearnerWalk(
        context.new_page(), code, f"matrix-{device}", data, name=f"Lerner {code} {device}"
    )
    try:
        walk.first_visit(url)
        walk.lesson_wrong_then_right()
        walk.go_to("nav-drill")
        for kind in kinds_walked(code, device):
            walk.drill_wrong_then_right(kind)
        walk.whole_deal()
        walk.progress()
        walk.reload_and_switch(LANGUAGES[(LANGUAGES.index(code) + 1) % len(LANGUAGES)])
    except Exception:
        walk.screenshot("failed")
        raise
    finally:
        context.close()
    assert walk.problems == [], json.dumps(walk.problems, ensure_ascii=False, indent=1)
