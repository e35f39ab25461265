"""The page as a person sees it: `streamlit run` in the background, Debian's chromium driven by
Playwright through picking a name and answering one drill puzzle, with screenshots."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from klaverjas_core import parse_cards
from klaverjas_questions.positions import CardsAnswer
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.texts import language, t
from klaverjas_trainer.texts.catalogue import LANGUAGES
from puzzles import generate

from .english import ENGLISH
from .streamlit_server import running_app

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "club-evening"
ARTIFACTS = ROOT / "artifacts"
#: The sign-in form's name field: the profile page also has a "Your name" to join a group,
#: and while the page is still being drawn that one can be the first on it.
SIGN_IN_NAME = ".st-key-new_name input"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("CI must install Debian's chromium (see .ci/run)")
        pytest.skip("chromium is not installed")
    data = tmp_path_factory.mktemp("data")
    env = {"KLAVERJAS_TEACHER_PASSWORD": PASSWORD, "KLAVERJAS_PLAY_PACE": "0.15"}
    with running_app(data, env=env) as app:
        yield app.url, data


def answer_one_drill_puzzle(page: Page, server: str, screenshot: Path) -> None:
    idle = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
    page.goto(f"{server}/profile")
    expect(idle).to_be_visible(timeout=30_000)
    page.locator(SIGN_IN_NAME).fill("Anna")
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_role("heading", name="Settings")).to_be_visible(timeout=30_000)
    page.get_by_role("link", name="Start a drill").click()
    expect(page.get_by_text("Your hand")).to_be_visible(timeout=30_000)
    expect(page.locator(".kj-card").first).to_be_visible()
    # the first card of the hand (the settings above have button groups too)
    page.locator("[data-testid='stForm'] [data-testid='stButtonGroup'] button").first.click()
    page.get_by_role("button", name="Answer").click()
    expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
    expect(idle).to_be_visible(timeout=30_000)
    page.screenshot(path=str(screenshot), full_page=True)


def sign_in_teacher(page: Page, url: str) -> None:
    """The club teacher signs in on the teacher page (and the page has run again)."""
    page.goto(f"{url}/teacher")
    expect(
        page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
    ).to_be_visible(timeout=30_000)
    page.get_by_label("Teacher password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()


def drill_by_keyboard(page: Page) -> None:
    """A puzzle answered without the mouse: in the hand's cards the arrows move and Space
    picks, Enter answers; N brings the next puzzle."""
    idle = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
    page.get_by_role("button", name="Next puzzle").click()
    expect(page.get_by_text("Rule:")).to_have_count(0, timeout=30_000)  # the new puzzle is up
    # "Next" runs the page twice: wait until the second run has finished too.
    page.wait_for_timeout(500)
    expect(idle).to_be_visible(timeout=30_000)
    expect(page.get_by_role("button", name="Answer")).to_be_enabled(timeout=30_000)
    card = page.locator("[data-testid='stForm'] button[data-variant='pills']").first
    expect(card).to_have_attribute("aria-pressed", "false")
    card.focus()  # where Tab from the page's start arrives after the settings
    card.press("Space")
    expect(card).to_have_attribute("aria-pressed", "true", timeout=30_000)
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    second = page.locator("[data-testid='stForm'] button[data-variant='pills']").nth(1)
    expect(second).to_have_attribute("aria-pressed", "true", timeout=30_000)
    page.keyboard.press("Enter")  # on the card: answers (the browser alone would drop it)
    expect(page.get_by_text("Rule:").first).to_be_visible(timeout=30_000)
    expect(second).to_have_attribute("aria-pressed", "true")  # still chosen, as answered
    expect(idle).to_be_visible(timeout=30_000)
    page.keyboard.press("n")
    expect(page.get_by_text("Rule:")).to_have_count(0, timeout=30_000)
    page.wait_for_timeout(800)  # both runs of Next, and the focus script after them
    expect(idle).to_be_visible(timeout=30_000)
    expect(page.get_by_role("button", name="Answer")).to_be_enabled(timeout=30_000)
    focused = page.locator("[data-testid='stForm'] button[data-variant='pills']:focus")
    expect(focused).to_have_count(1, timeout=30_000)  # the keyboard is on the new puzzle
    page.keyboard.press(" ")
    expect(focused).to_have_attribute("aria-pressed", "true", timeout=30_000)


def visit_lesson_and_progress(page: Page) -> None:
    """Open a lesson, answer its first check, then look at the progress page."""
    idle = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
    page.get_by_role("link", name="Learn").click()
    page.locator(".st-key-open-partner-exemption button").click()  # lesson 7
    expect(page.get_by_role("heading", name="7. Your partner is winning")).to_be_visible(
        timeout=30_000
    )
    for label in ("Q♥", "7♦"):
        page.locator("[data-testid='stButtonGroup'] button", has_text=label).click()
    page.get_by_role("button", name="Check").click()
    expect(page.get_by_text("Right!").first).to_be_visible(timeout=30_000)
    expect(idle).to_be_visible(timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "lesson.png"), full_page=True)
    page.get_by_role("link", name="Progress").click()
    expect(page.get_by_role("heading", name="Per rule")).to_be_visible(timeout=30_000)
    expect(idle).to_be_visible(timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "progress.png"), full_page=True)


def test_pick_a_name_and_answer_a_drill_puzzle_in_a_real_browser(server: tuple[str, Path]) -> None:
    url, _ = server
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desktop = browser.new_page(viewport={"width": 1100, "height": 1300})
        answer_one_drill_puzzle(desktop, url, ARTIFACTS / "drill.png")
        drill_by_keyboard(desktop)
        visit_lesson_and_progress(desktop)
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        answer_one_drill_puzzle(phone, url, ARTIFACTS / "drill-phone.png")
        browser.close()
    assert (ARTIFACTS / "drill.png").stat().st_size > 10_000


def play_cards_at_the_table(page: Page, server: str, name: str, screenshot: Path) -> int:
    """Sign in, deal a numbered deal, and play cards by tapping them (a hint first, then a
    highlighted card) until three are played; returns the cards played."""
    idle = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
    page.goto(f"{server}/profile")
    expect(idle).to_be_visible(timeout=30_000)
    page.locator(SIGN_IN_NAME).fill(name)
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_role("heading", name="Settings")).to_be_visible(timeout=30_000)
    page.get_by_role("link", name="Play a deal").click()
    expect(page.get_by_role("heading", name="Play a deal")).to_be_visible(timeout=30_000)
    page.get_by_label("Match number").fill("4242")
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.locator(".kj-table")).to_be_visible(timeout=30_000)
    played = 0
    for _ in range(40):
        page.wait_for_timeout(300)  # let the click's run start before waiting for its end
        expect(idle).to_be_visible(timeout=30_000)
        if page.get_by_role("button", name="Turn the trick").is_visible():
            page.get_by_role("button", name="Turn the trick").click()
        elif page.get_by_text("You may not pass here").is_visible():
            page.locator(".st-key-play-call-H button").click()
        elif page.get_by_text("Your call").is_visible():
            page.get_by_role("button", name="Pass").click()
        elif page.get_by_text("Your turn").is_visible():
            page.get_by_role("button", name="Which cards may I play?").click()
            expect(page.get_by_text("highlighted")).to_be_visible(timeout=30_000)
            tap = page.locator(
                "[class*='st-key-play-card-'] [data-testid='stBaseButton-primary'] >> visible=true"
            )
            tap.first.click()
            played += 1
            if played == 3:
                break
    expect(idle).to_be_visible(timeout=30_000)
    expect(page.locator(".kj-felt")).to_be_visible()
    page.screenshot(path=str(screenshot), full_page=True)
    return played


def test_play_cards_at_the_table_by_tapping_them_in_a_real_browser(
    server: tuple[str, Path],
) -> None:
    url, data = server
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desktop = browser.new_page(viewport={"width": 1100, "height": 1300})
        assert play_cards_at_the_table(desktop, url, "Piet", ARTIFACTS / "play.png") == 3
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        assert play_cards_at_the_table(phone, url, "Joke", ARTIFACTS / "play-phone.png") == 3
        browser.close()
    store = ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}"))
    for name in ("Piet", "Joke"):
        learner = next(found for found in store.learners() if found.name == name)
        assert store.load_game(learner.id) is not None  # the game is saved as it goes


def test_a_reload_keeps_the_learner_and_the_teacher_in_a_real_browser(
    server: tuple[str, Path],
) -> None:
    """The sign-in is kept in a cookie: after a reload the learner continues with one tap,
    the projector keeps its teacher, and signing out forgets the learner on this device."""
    url, _ = server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 1000})
        idle = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
        page.goto(f"{url}/profile")
        expect(idle).to_be_visible(timeout=30_000)
        page.locator(SIGN_IN_NAME).fill("Rosa")
        page.get_by_role("button", name="Start").click()
        expect(page.get_by_text("Playing as Rosa").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)
        page.goto(f"{url}/drill")  # a reload: a new session
        expect(page.get_by_role("button", name="Continue as Rosa")).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="Continue as Rosa").click()
        expect(page.get_by_text("Your hand")).to_be_visible(timeout=30_000)
        expect(page.get_by_text("Playing as Rosa").first).to_be_visible()
        page.wait_for_timeout(500)
        page.reload()  # and again next week: continuing did not use up the kept sign-in
        page.get_by_role("button", name="Continue as Rosa").click()
        expect(page.get_by_text("Your hand")).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="Sign out").click()
        page.wait_for_timeout(800)
        page.goto(f"{url}/drill")
        expect(idle).to_be_visible(timeout=30_000)
        expect(page.get_by_text("Pick or type your name")).to_be_visible(timeout=30_000)
        assert page.get_by_role("button", name="Continue as Rosa").count() == 0

        sign_in_teacher(page, url)
        expect(page.get_by_role("link", name="Projector").first).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)
        page.goto(f"{url}/projector")  # the projector's browser reloads during the evening
        signed_in = page.get_by_text("What to show").or_(page.get_by_text("No groups yet"))
        expect(signed_in.first).to_be_visible(timeout=30_000)
        assert page.get_by_label("Teacher password").count() == 0
        browser.close()


def seed_a_club(data: Path) -> None:
    """A group with four learners who answered a shared set and some drills."""
    club = ClubStore(ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}")))
    group = club.create_group("Tuesday beginners", "amsterdam")
    shared = club.assign(group.id, kind="which-cards", rule="play.no-undertrump", count=3, seed=5)
    club.assign(group.id, lesson_id="partner-exemption")
    club.assign_deal(group.id, 4242)
    rules = ["play.follow-suit", "play.must-trump", "play.no-undertrump", "play.partner-winning"]
    for number, name in enumerate(["Anna", "Bert", "Cor", "Dirk"]):
        learner = club.join(group.code, name)
        for index, rule in enumerate(rules * 6):
            right = (index + number) % 3 != 0
            club.store.record(
                learner.id,
                AnswerRecord(
                    "puzzle",
                    f"x{index}",
                    "which-cards",
                    rule,
                    (rule,),
                    "amsterdam",
                    1,
                    '{"cards":[]}',
                    right,
                    2.0,
                    seed=index,
                ),
            )
        puzzle = generate("which-cards", "play.no-undertrump", seed=5, rules="amsterdam")
        chosen = puzzle.answer if number % 2 else CardsAnswer.of(parse_cards("Q♥"))
        given = puzzle.question.encode(chosen)
        club.store.record(
            learner.id,
            AnswerRecord(
                "puzzle",
                puzzle.id,
                "which-cards",
                "play.no-undertrump",
                ("play.no-undertrump",),
                "amsterdam",
                1,
                given,
                number % 2 == 1,
                3.0,
                seed=5,
            ),
            assignment_id=shared.id,
        )


def test_teacher_dashboard_and_projector_in_a_real_browser(server: tuple[str, Path]) -> None:
    url, data = server
    seed_a_club(data)
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 1500})
        idle = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
        sign_in_teacher(page, url)
        expect(page.get_by_text("Accuracy per learner and rule")).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        page.wait_for_timeout(1500)  # the chart draws after the run
        page.screenshot(path=str(ARTIFACTS / "dashboard.png"), full_page=True)
        page.get_by_role("link", name="Projector").first.click()
        expect(page.get_by_text("Puzzle 1 of")).to_be_visible(timeout=30_000)
        page.get_by_role("button", name="Show the answer").click()
        expect(page.get_by_text("Legal:")).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / "projector.png"), full_page=True)
        page.get_by_text("What to show").click()  # the choices, folded out of the way
        page.get_by_text("a shared deal").click()  # the shared deal, trick by trick
        expect(page.get_by_text("The hands as dealt")).to_be_visible(timeout=30_000)
        for _ in range(2):
            expect(idle).to_be_visible(timeout=30_000)
            page.get_by_role("button", name="Next").click()
            page.wait_for_timeout(300)
        expect(page.get_by_text("Trick 2", exact=True)).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        assert page.get_by_text("takes the trick").count() == 0  # hidden for a new trick
        page.get_by_role("button", name="Show the answer").click()
        expect(page.get_by_text("takes the trick").first).to_be_visible(timeout=30_000)
        expect(idle).to_be_visible(timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / "projector-deal.png"), full_page=True)
        wall = page  # the same browser, now on the club's projector
        wall.set_viewport_size({"width": 1920, "height": 1080})
        wall.goto(f"{url}/projector")  # a reload: the browser keeps the teacher signed in
        expect(wall.get_by_role("button", name="Show the answer")).to_be_visible(timeout=30_000)
        main = wall.locator("[data-testid='stMainBlockContainer']").bounding_box()
        assert main is not None and main["width"] > 1200  # wide, not a column
        wall.screenshot(path=str(ARTIFACTS / "projector-1920.png"))
        browser.close()


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_from_the_first_visit_in_a_real_browser(
    server: tuple[str, Path], code: str
) -> None:
    """A browser set to the language sees the trainer in it at once, at desktop and phone
    width, and signs in and drills without one English word (screenshots per language)."""
    url, _ = server
    with language(code):
        words = {key: t(key) for key in ("your-name", "start", "go-drill", "your-hand")}
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width, height, suffix in ((1100, 1300, ""), (390, 844, "-phone")):
            context = browser.new_context(
                locale=code, viewport={"width": width, "height": height}, device_scale_factor=1
            )
            page = context.new_page()
            idle = page.locator("[data-testid='stApp'][data-test-script-state='notRunning']")
            page.goto(f"{url}/profile")
            expect(idle).to_be_visible(timeout=30_000)
            page.locator(SIGN_IN_NAME).fill(f"Lena {code}{suffix}")
            page.get_by_role("button", name=words["start"]).click()
            expect(idle).to_be_visible(timeout=30_000)
            page.get_by_role("link", name=words["go-drill"]).click()  # the same session
            expect(page.get_by_text(words["your-hand"]).first).to_be_visible(timeout=30_000)
            expect(idle).to_be_visible(timeout=30_000)
            page.screenshot(path=str(ARTIFACTS / f"language-{code}{suffix}.png"), full_page=True)
            body = page.inner_text("body")
            if code != "en":
                assert not ENGLISH.findall(body), ENGLISH.findall(body)
            context.close()
        browser.close()
