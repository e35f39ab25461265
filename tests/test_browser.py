"""The page as a person sees it: `streamlit run` in the background, Debian's chromium driven by
Playwright through picking a name and answering one drill puzzle, with screenshots."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from klaverjas_core import parse_cards
from klaverjas_questions.positions import CardsAnswer
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.texts import language, t
from klaverjas_trainer.texts.catalogue import LANGUAGES
from puzzles import generate

from .english import ENGLISH
from .streamlit_server import running_app
from .walk import CHROMIUM, VIEWPORTS, Walk

PASSWORD = "club-evening"
#: The sign-in form's name field: the profile page also has a "Your name" to join a group,
#: and while the page is still being drawn that one can be the first on it.
SIGN_IN_NAME = ".st-key-new_name input"
DESKTOP = {"width": 1100, "height": 1300}
PHONE = VIEWPORTS["phone"]


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


def new_walk(browser: Browser, who: str, **context: object) -> Walk:
    """A person's own browser (a context: cookies of their own) on a page of it."""
    return Walk(browser.new_context(**context).new_page(), who=who)  # type: ignore[arg-type]


def sign_in(walk: Walk, url: str, name: str) -> None:
    """A new learner signs in on the profile page."""
    walk.open(f"{url}/profile")
    walk.page.locator(SIGN_IN_NAME).fill(name)
    walk.click(walk.page.get_by_role("button", name="Start"))
    expect(walk.page.get_by_role("heading", name="Settings")).to_be_visible()


def answer_one_drill_puzzle(walk: Walk, url: str, name: str) -> None:
    page = walk.page
    sign_in(walk, url, name)
    walk.click(page.get_by_role("link", name="Start a drill"))
    expect(page.get_by_text("Your hand")).to_be_visible()
    expect(page.locator(".kj-card").first).to_be_visible()
    # the first card of the hand (the settings above have button groups too)
    page.locator("[data-testid='stForm'] [data-testid='stButtonGroup'] button").first.click()
    walk.click(page.get_by_role("button", name="Answer"))
    expect(page.get_by_text("Rule:").first).to_be_visible()


def sign_in_teacher(walk: Walk, url: str) -> None:
    """The club teacher signs in on the teacher page (and the page has run again)."""
    walk.open(f"{url}/teacher")
    walk.page.get_by_label("Teacher password").fill(PASSWORD)
    walk.click(walk.page.get_by_role("button", name="Sign in"))


def next_after_a_fold(walk: Walk) -> None:
    """An answered puzzle's fold opened (its part runs again, the form kept locked without a
    scroll), then Next: the new puzzle's cards take a tap (the lock went with the answer), and
    it is answered."""
    page = walk.page
    walk.unfold("report-problem")
    walk.idle()  # the fold's run has drawn its part again, the lock with it
    walk.click(page.get_by_role("button", name="Next puzzle"))
    expect(page.get_by_text("Rule:")).to_have_count(0)
    card = page.locator("[data-testid='stForm'] button[data-variant='pills']").first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    walk.click(page.get_by_role("button", name="Answer"))
    expect(page.get_by_text("Rule:").first).to_be_visible()


def drill_by_keyboard(walk: Walk) -> None:
    """A puzzle answered without the mouse: in the hand's cards the arrows move and Space
    picks, Enter answers; N brings the next puzzle."""
    page = walk.page
    walk.click(page.get_by_role("button", name="Next puzzle"))
    expect(page.get_by_text("Rule:")).to_have_count(0)  # the new puzzle is up
    expect(page.get_by_role("button", name="Answer")).to_be_enabled()
    card = page.locator("[data-testid='stForm'] button[data-variant='pills']").first
    expect(card).to_have_attribute("aria-pressed", "false")
    card.focus()  # where Tab from the page's start arrives after the settings
    card.press("Space")
    expect(card).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    second = page.locator("[data-testid='stForm'] button[data-variant='pills']").nth(1)
    expect(second).to_have_attribute("aria-pressed", "true")
    walk.after(lambda: page.keyboard.press("Enter"))  # on the card: answers
    expect(page.get_by_text("Rule:").first).to_be_visible()
    expect(second).to_have_attribute("aria-pressed", "true")  # still chosen, as answered
    walk.after(lambda: page.keyboard.press("n"))
    expect(page.get_by_text("Rule:")).to_have_count(0)
    expect(page.get_by_role("button", name="Answer")).to_be_enabled()
    focused = page.locator("[data-testid='stForm'] button[data-variant='pills']:focus")
    expect(focused).to_have_count(1)  # the keyboard is on the new puzzle
    page.keyboard.press(" ")
    expect(focused).to_have_attribute("aria-pressed", "true")


def visit_lesson_and_progress(walk: Walk) -> None:
    """Open a lesson, answer its first check, then look at the progress page."""
    page = walk.page
    walk.click(page.get_by_role("link", name="Learn"))
    walk.click(".st-key-open-partner-exemption button")  # lesson 7
    expect(page.get_by_role("heading", name="7. Your partner is winning")).to_be_visible()
    for label in ("Q♥", "7♦"):
        page.locator("[data-testid='stButtonGroup'] button", has_text=label).click()
    walk.click(page.get_by_role("button", name="Check"))
    expect(page.get_by_text("Right!").first).to_be_visible()
    walk.screenshot("lesson", full_page=True)
    walk.click(page.get_by_role("link", name="Progress"))
    expect(page.get_by_role("heading", name="Per rule")).to_be_visible()
    walk.screenshot("progress", full_page=True)


def test_pick_a_name_and_answer_a_drill_puzzle_in_a_real_browser(
    browser: Browser, server: tuple[str, Path]
) -> None:
    url, _ = server
    desktop = new_walk(browser, "drill", viewport=DESKTOP)
    answer_one_drill_puzzle(desktop, url, "Anna")
    assert desktop.screenshot("desktop", full_page=True).stat().st_size > 10_000
    next_after_a_fold(desktop)
    drill_by_keyboard(desktop)
    visit_lesson_and_progress(desktop)
    phone = new_walk(browser, "drill", viewport=PHONE, device_scale_factor=2)
    answer_one_drill_puzzle(phone, url, "Anna")
    phone.screenshot("phone", full_page=True)


def play_cards_at_the_table(walk: Walk, url: str, name: str) -> int:
    """Sign in, deal a numbered deal, and play cards by tapping them (a hint first, then a
    highlighted card) until three are played; returns the cards played."""
    page = walk.page
    sign_in(walk, url, name)
    walk.click(page.get_by_role("link", name="Play a deal"))
    expect(page.get_by_role("heading", name="Play a deal")).to_be_visible()
    walk.unfold("play-more").get_by_label("Match number").fill("4242")
    walk.click(page.get_by_role("button", name="Deal the cards"))
    expect(page.locator(".kj-table")).to_be_visible()
    played = 0
    for _ in range(40):
        if page.get_by_role("button", name="Turn the trick").is_visible():
            walk.click(page.get_by_role("button", name="Turn the trick"))
        elif page.get_by_text("You may not pass here").is_visible():
            walk.click(".st-key-play-call-H button")
        elif page.get_by_text("Your call").is_visible():
            walk.click(page.get_by_role("button", name="Pass"))
        elif page.get_by_text("Your turn").is_visible():
            walk.click(page.get_by_role("button", name="Which cards may I play?"))
            expect(page.get_by_text("highlighted")).to_be_visible()
            walk.click(
                "[class*='st-key-play-card-'] [data-testid='stBaseButton-primary'] >> visible=true"
            )
            played += 1
            if played == 3:
                break
        else:
            pytest.fail("the table offers nothing to do")
    expect(page.locator(".kj-felt")).to_be_visible()
    walk.screenshot(name, full_page=True)
    return played


def test_play_cards_at_the_table_by_tapping_them_in_a_real_browser(
    browser: Browser, server: tuple[str, Path]
) -> None:
    url, data = server
    desktop = new_walk(browser, "play", viewport=DESKTOP)
    assert play_cards_at_the_table(desktop, url, "Piet") == 3
    phone = new_walk(browser, "play", viewport=PHONE, device_scale_factor=2)
    assert play_cards_at_the_table(phone, url, "Joke") == 3
    store = ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}"))
    for name in ("Piet", "Joke"):
        learner = next(found for found in store.learners() if found.name == name)
        assert store.load_game(learner.id) is not None  # the game is saved as it goes


def test_a_reload_keeps_the_learner_and_the_teacher_in_a_real_browser(
    browser: Browser, server: tuple[str, Path]
) -> None:
    """The sign-in is kept in a cookie: after a reload the learner continues with one tap,
    the projector keeps its teacher, and signing out forgets the learner on this device."""
    url, _ = server
    walk = new_walk(browser, "reload", viewport={"width": 1100, "height": 1000})
    page = walk.page
    walk.open(f"{url}/profile")
    page.locator(SIGN_IN_NAME).fill("Rosa")
    walk.click(page.get_by_role("button", name="Start"))
    expect(page.get_by_text("Playing as Rosa").first).to_be_visible()
    walk.cookie_kept("kj_learner")
    walk.open(f"{url}/drill")  # a reload: a new session
    walk.click(page.get_by_role("button", name="Continue as Rosa"))
    expect(page.get_by_text("Your hand")).to_be_visible()
    expect(page.get_by_text("Playing as Rosa").first).to_be_visible()
    walk.cookie_kept("kj_learner")
    walk.reload()  # and again next week: continuing did not use up the kept sign-in
    walk.click(page.get_by_role("button", name="Continue as Rosa"))
    expect(page.get_by_text("Your hand")).to_be_visible()
    walk.click(page.get_by_role("button", name="Sign out"))
    expect(page.get_by_text("Pick or type your name")).to_be_visible()
    walk.open(f"{url}/drill")
    expect(page.get_by_text("Pick or type your name")).to_be_visible()
    assert page.get_by_role("button", name="Continue as Rosa").count() == 0

    sign_in_teacher(walk, url)
    expect(page.get_by_role("link", name="Projector").first).to_be_visible()
    walk.cookie_kept("kj_teacher")
    walk.open(f"{url}/projector")  # the projector's browser reloads during the evening
    signed_in = page.get_by_text("What to show").or_(page.get_by_text("No groups yet"))
    expect(signed_in.first).to_be_visible()
    assert page.get_by_label("Teacher password").count() == 0


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


def test_teacher_dashboard_and_projector_in_a_real_browser(
    browser: Browser, server: tuple[str, Path]
) -> None:
    url, data = server
    seed_a_club(data)
    walk = new_walk(browser, "teacher", viewport={"width": 1200, "height": 1500})
    page = walk.page
    sign_in_teacher(walk, url)
    expect(page.get_by_text("Accuracy per learner and rule")).to_be_visible()
    expect(page.locator("[data-testid='stVegaLiteChart'] :is(canvas, svg)").first).to_be_visible()
    walk.screenshot("dashboard", full_page=True)
    walk.click(page.get_by_role("link", name="Projector").first)
    expect(page.get_by_text("Puzzle 1 of")).to_be_visible()
    walk.click(page.get_by_role("button", name="Show the answer"))
    expect(page.get_by_text("Legal:")).to_be_visible()
    walk.screenshot("projector", full_page=True)
    page.get_by_text("What to show").click()  # the choices, folded out of the way
    walk.click(page.get_by_text("a shared deal"))  # the shared deal, trick by trick
    expect(page.get_by_text("The hands as dealt")).to_be_visible()
    for _ in range(2):
        walk.click(page.get_by_role("button", name="Next"))
    expect(page.get_by_text("Trick 2", exact=True)).to_be_visible()
    assert page.get_by_text("takes the trick").count() == 0  # hidden for a new trick
    walk.click(page.get_by_role("button", name="Show the answer"))
    expect(page.get_by_text("takes the trick").first).to_be_visible()
    walk.screenshot("projector-deal", full_page=True)
    page.set_viewport_size({"width": 1920, "height": 1080})  # now on the club's projector
    walk.open(f"{url}/projector")  # a reload: the browser keeps the teacher signed in
    expect(page.get_by_role("button", name="Show the answer")).to_be_visible()
    main = page.locator("[data-testid='stMainBlockContainer']").bounding_box()
    assert main is not None and main["width"] > 1200  # wide, not a column
    walk.screenshot("projector-1920")


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_from_the_first_visit_in_a_real_browser(
    browser: Browser, server: tuple[str, Path], code: str
) -> None:
    """A browser set to the language sees the trainer in it at once, at desktop and phone
    width, and signs in and drills without one English word (screenshots per language)."""
    url, _ = server
    with language(code):
        words = {key: t(key) for key in ("your-name", "start", "go-drill", "your-hand")}
    for size, suffix in ((DESKTOP, ""), (PHONE, "-phone")):
        walk = new_walk(browser, "language", locale=code, viewport=size, device_scale_factor=1)
        page = walk.page
        walk.code = code
        walk.open(f"{url}/profile")
        page.locator(SIGN_IN_NAME).fill(f"Lena {code}{suffix}")
        walk.click(page.get_by_role("button", name=words["start"]))
        walk.click(page.get_by_role("link", name=words["go-drill"]))  # the same session
        expect(page.get_by_text(words["your-hand"]).first).to_be_visible()
        walk.screenshot(f"first-visit{suffix}", full_page=True)
        body = page.inner_text("body")
        if code != "en":
            assert not ENGLISH.findall(body), ENGLISH.findall(body)
        page.context.close()
