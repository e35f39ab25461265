"""A club evening walked in Debian's chromium in every language: the teacher (1280 x 900) opens
the Club page on a fresh server without a teacher password, types the one-time set-up code,
chooses the password, makes a group with house rules and reads its join code from the page;
two learners (390 x 844, each in their own browser) join with the code, a name and a PIN; the
teacher assigns a puzzle set and a shared deal; each learner answers a puzzle of the set from
their assignments; the teacher sees the dashboard (the heat-map with both learners, the
completion) and puts the set's puzzle and its answer on the projector (1920 x 1080).

After each action the page is checked as its reader sees it (`page_checks`): no word of another
language, the reaction in view, nothing wider than the screen, the language's rank letters.
Every problem of an evening is said at once, with a screenshot of each screen that had one
(``artifacts/club-<person>-<language>-<step>.png``)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from klaverjas_trainer.app.language import language_name
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import TEACHER_PASSWORD_ENV, ClubStore
from klaverjas_trainer.texts.catalogue import LANGUAGES

from .page_checks import foreign_words, wrong_rank_letters
from .streamlit_server import running_app
from .walk import FEEDBACK, LOCALES, VIEWPORTS, WAIT, Walk

TEACHER_SCREEN: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = VIEWPORTS["phone"]
WALL: ViewportSize = {"width": 1920, "height": 1080}
PASSWORD = "klaverjas-avond"
#: The set the teacher assigns: "May I play this card?", answered with one tap.
SET_KIND = "card-legal"
SET_COUNT, SET_SEED, DEAL_NUMBER = 2, 7, 77
#: Names as a club in that language writes them (a name is no language; these read as one).
GROUPS = {"nl": "Dinsdagavond", "uk": "Вівторок", "ru": "Вторник", "en": "Tuesday club"}
LEARNERS = {
    "nl": ("Anna", "Piet"),
    "uk": ("Оксана", "Тарас"),
    "ru": ("Анна", "Пётр"),
    "en": ("Anna", "Peter"),
}
PINS = ("4821", "1379")
#: Set to 1 for a screenshot of every screen, not only of those with a problem.
EVERY_SCREEN = "KLAVERJAS_CLUB_MATRIX_SHOTS"
#: What Streamlit shows as an alert's text; the visible one is the reaction of a tab's form.
VISIBLE_ALERT = "[data-testid='stAlert']:visible"


#: A data frame is drawn on a canvas (`page_checks` does not see it); its cells are also in a
#: table for screen readers, which is what the checks read here.
GRID_CELLS: Final = """() => [...document.querySelectorAll(
  "[data-testid='stDataFrame'] table th, [data-testid='stDataFrame'] table td")]
  .filter(cell => cell.closest("[data-testid='stDataFrame']").checkVisibility())
  .map(cell => cell.textContent.trim()).filter(Boolean)"""


def grid_cells(page: Page) -> list[str]:
    return list(page.evaluate(GRID_CELLS))


def grid_problems(page: Page, code: str) -> list[str]:
    """The visible data frames' headers and cells: in the language, with its rank letters."""
    cells = grid_cells(page)
    found = [f"foreign in a table: {text[:120]}" for text in foreign_words(cells, code)]
    return found + [
        f"rank letter in a table: {text[:80]}" for text in wrong_rank_letters(cells, code)
    ]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A fresh server and data folder: the set-up code is once per database. No teacher
    password in its environment (an empty one is none), so the Club page asks for the code."""
    env = {TEACHER_PASSWORD_ENV: "", "KLAVERJAS_PLAY_PACE": "0"}
    with running_app(tmp_path, env=env) as app:
        yield app.url, tmp_path


class Person(Walk):
    """One person's browser at the evening: the page checks add the tables' cells."""

    def page_problems(self, reaction: Locator | None) -> list[str]:
        return super().page_problems(reaction) + grid_problems(self.page, self.code)

    def tab(self, key: str) -> None:
        """A tab of the page (drawn already: no run)."""
        tab = self.page.get_by_role("tab", name=self.words(key), exact=True)
        tab.click()
        expect(tab).to_have_attribute("aria-selected", "true")

    def fill(self, key: str, value: str) -> None:
        field_ = self.page.locator(f".st-key-{key} input")
        field_.fill(value)
        field_.press("Tab")  # a number field takes its value when left
        expect(field_).to_have_value(value)


@dataclass
class Evening:
    url: str
    data: Path
    code: str
    browser: Browser
    problems: list[str] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)

    def clubs(self) -> ClubStore:
        return ClubStore(ProgressStore(make_engine(f"sqlite:///{self.data / 'trainer.sqlite3'}")))

    def person(self, who: str, viewport: ViewportSize) -> Person:
        context = self.browser.new_context(locale=LOCALES[self.code], viewport=viewport)
        person = Person(
            context.new_page(),
            self.code,
            f"club-{who}",
            problems=self.problems,
            every_screen=bool(os.environ.get(EVERY_SCREEN)),
        )
        self.people.append(person)
        return person

    def close(self) -> None:
        for person in self.people:
            person.page.context.close()


# --- the teacher -------------------------------------------------------------------------


def claim_the_club(teacher: Person, evening: Evening, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Club page asks for the set-up code from the server's log (read here as the operator
    does, `python -m klaverjas_trainer.storage setup-code`), then the password, twice."""
    teacher.open(evening.url)
    teacher.go_to("nav-teacher")
    expect(teacher.page.locator(".st-key-setup_code input")).to_be_visible(timeout=WAIT)
    teacher.check("club-first-open", teacher.page.locator(".st-key-setup_code"))
    monkeypatch.delenv(TEACHER_PASSWORD_ENV, raising=False)
    setup_code = evening.clubs().setup_code()
    assert setup_code, "no set-up code while no teacher password is set"
    teacher.fill("setup_code", setup_code.lower())  # as read from a log: case does not matter
    teacher.fill("new_password", PASSWORD)
    teacher.fill("new_password2", PASSWORD)
    teacher.click(".st-key-set_password button")
    group_name = teacher.page.locator(".st-key-group_name input")
    expect(group_name).to_be_visible(timeout=WAIT)
    teacher.check("password-chosen", group_name)


def make_the_group(teacher: Person, name: str) -> str:
    """A group with Rotterdam rules, one house variant and the evening's language; its join
    code as the page shows it."""
    page = teacher.page
    teacher.fill("group_name", name)
    page.locator(".st-key-group_city label").filter(
        has_text=teacher.words("rules-rotterdam")
    ).click()
    page.locator(".st-key-group_variants button").filter(
        has_text=teacher.words("variant-four_low_100")
    ).click()
    teacher.choose(".st-key-group_language", language_name(teacher.code), runs=False)
    teacher.click(".st-key-create_group button")
    shown = page.locator("[data-testid='stMarkdownContainer'] h1 code")
    expect(shown).to_be_visible(timeout=WAIT)
    teacher.check("group-created", page.locator(VISIBLE_ALERT), accessible=True)
    return shown.inner_text().strip()


def assign_set_and_deal(teacher: Person) -> None:
    page = teacher.page
    teacher.tab("tab-assign")
    teacher.choose(".st-key-assign_kind", teacher.words(f"kind-{SET_KIND}"))
    teacher.fill("assign_count", str(SET_COUNT))
    teacher.fill("assign_seed", str(SET_SEED))
    teacher.click(".st-key-assign_button button")
    teacher.check("set-assigned", page.locator(VISIBLE_ALERT), accessible=True)
    teacher.tab("tab-deal")
    teacher.fill("deal_number", str(DEAL_NUMBER))
    teacher.click(".st-key-assign_deal button")
    teacher.check("deal-assigned", page.locator(VISIBLE_ALERT), accessible=True)


def see_the_dashboard(teacher: Person, names: tuple[str, ...]) -> None:
    """The Club page again (a run with the learners' answers): the heat-map and completion."""
    page = teacher.page
    teacher.reload()
    if page.locator(".st-key-teacher_password input").is_visible():  # the sign-in is kept...
        teacher.problems.append("teacher dashboard: the reload asked for the password again")
        teacher.fill("teacher_password", PASSWORD)
        teacher.click(".st-key-teacher_sign_in button")
    teacher.tab("tab-dashboard")
    heading = page.get_by_role("heading", name=teacher.words("heatmap"))
    expect(heading).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("heading", name=teacher.words("completion"))).to_be_visible()
    chart = page.locator("[data-testid='stVegaLiteChart']").first
    expect(chart).to_be_visible()
    for name in names:  # both learners have a row of the heat-map, and of the completion
        expect(chart).to_contain_text(name)
    # The tables' screen-reader cells are filled after they are drawn: both learners in the
    # heat-map's table and the completion's.
    page.wait_for_function(
        f"names => names.every(name => ({GRID_CELLS})().filter(c => c === name).length >= 2)",
        arg=list(names),
        timeout=WAIT,
    )
    teacher.check("dashboard", heading, accessible=True)


def project_the_set(teacher: Person) -> None:
    """The projector on the wall: the set's first puzzle, then its answer."""
    page = teacher.page
    page.set_viewport_size(WALL)
    teacher.click(page.get_by_role("link", name=teacher.words("nav-projector")).first)
    bar = page.locator(".st-key-presenter-bar")
    expect(bar).to_be_visible(timeout=WAIT)
    expect(bar.get_by_text(teacher.words("puzzle-of", n=1, count=SET_COUNT))).to_be_visible()
    board = page.locator(".kj-table, .kj-tricks, .kj-card").first
    expect(board).to_be_visible()
    teacher.check("projector", board, accessible=True)
    teacher.click(".st-key-presenter_reveal button")
    expect(page.locator(".st-key-presenter_reveal button")).to_contain_text(
        teacher.words("presenter-hide"), timeout=WAIT
    )
    answer = page.locator("[data-testid='stMarkdownContainer'] h2")
    expect(answer.first).to_be_visible(timeout=WAIT)
    teacher.check("projector-answer", answer, accessible=True)


# --- the learners ------------------------------------------------------------------------


def join(learner: Person, url: str, join_code: str, name: str, pin: str) -> None:
    page = learner.page
    learner.open(url)
    learner.check("first-visit")
    learner.go_to("nav-settings")
    expect(page.locator(".st-key-join_code input")).to_be_visible(timeout=WAIT)
    learner.check("profile")
    learner.fill("join_code", join_code.lower())  # typed as heard
    learner.fill("join_name", name)
    learner.fill("join_pin", pin)
    learner.click(".st-key-join_button button")
    confirmation = page.locator(".st-key-profile_top [data-testid='stAlert']")
    expect(confirmation).to_be_visible(timeout=WAIT)
    learner.check("joined", confirmation, accessible=True)


def answer_from_assignments(learner: Person, assignment_id: int) -> None:
    page = learner.page
    learner.go_to("nav-home")
    start = page.locator(f".st-key-assignment-{assignment_id} button")
    expect(start).to_be_visible(timeout=WAIT)
    learner.check("home-assignments", start, accessible=True)
    learner.click(start)
    expect(page.locator(".st-key-answer_button button")).to_be_visible(timeout=WAIT)
    learner.check("set-puzzle", page.locator("[class*='st-key-reply-']"))
    page.locator("[class*='st-key-reply-'] button").first.click()  # any answer: "yes"
    learner.click(".st-key-answer_button button")
    learner.check("set-answered", page.locator(FEEDBACK), accessible=True)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_club_evening_in_the_teachers_language(
    browser: Browser,
    server: tuple[str, Path],
    code: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url, data = server
    evening = Evening(url, data, code, browser)
    teacher = evening.person("teacher", TEACHER_SCREEN)
    names = LEARNERS[code]
    learners = [evening.person(f"learner-{n + 1}", PHONE) for n in range(len(names))]
    current = teacher
    try:
        claim_the_club(teacher, evening, monkeypatch)
        join_code = make_the_group(teacher, GROUPS[code])
        (group,) = evening.clubs().groups()
        assert join_code == group.code
        assert group.rules == "rotterdam+four_low_100" and group.language == code
        for learner, name, pin in zip(learners, names, PINS, strict=True):
            current = learner
            join(learner, url, join_code, name, pin)
        assert [m.name for m in evening.clubs().members(group.id)] == sorted(names)
        current = teacher
        assign_set_and_deal(teacher)
        work = evening.clubs().assignments(group.id)
        assert [(a.kind, a.count, a.seed) for a in work if a.is_set] == [
            (SET_KIND, SET_COUNT, SET_SEED)
        ]
        assert [a.seed for a in work if a.is_deal] == [DEAL_NUMBER]
        (the_set,) = [a for a in work if a.is_set]
        for learner in learners:
            current = learner
            answer_from_assignments(learner, the_set.id)
        answered = evening.clubs().assignment_answers(group.id)
        assert set(answered["learner"]) == set(names), answered
        current = teacher
        see_the_dashboard(teacher, names)
        project_the_set(teacher)
    except Exception:
        current.screenshot("failed")
        raise
    finally:
        evening.close()
    assert evening.problems == [], json.dumps(evening.problems, ensure_ascii=False, indent=1)
