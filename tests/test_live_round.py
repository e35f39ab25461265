"""A live round in Debian's chromium: the teacher (desktop) starts it, the projector (1920 x
1080, then 1280 x 720) counts the answers as they come and shows them, and three phones in
Dutch, Ukrainian and Russian follow it without a tap or a reload: the invitation, the puzzle,
their own feedback after "show", the next puzzle, their result. One phone joins late by the
projector's join link (the QR code's), one reloads mid-round and comes back at the current
puzzle. Every wait is for what the person would see. Screenshots go to ``artifacts/``."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, ViewportSize, expect

from klaverjas_trainer.app.join_link import join_url
from klaverjas_trainer.app.live_round import round_puzzles
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.live import LiveRounds
from puzzles import Puzzle

from .test_browser import (
    server,  # noqa: F401  (the running app, a fixture)
    sign_in_teacher,
)
from .test_browser_phone_club import go_to
from .test_learner_matrix import other_cards, tap_cards
from .walk import VIEWPORTS, Walk

LOCALES = {"nl": "nl-NL", "uk": "uk-UA", "ru": "ru-RU"}


class Room:
    """The club's database, read as the test's eyes on the round."""

    def __init__(self, data: Path, name: str = "Live club") -> None:
        self.club = ClubStore(ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}")))
        self.group = self.club.create_group(name, "amsterdam")
        self.rounds = LiveRounds(self.club.store)

    def puzzle(self) -> tuple[int, int, Puzzle]:
        live = self.rounds.current(self.group.id)
        assert live is not None
        return live.id, live.at, round_puzzles(live.puzzles)[live.at]


def phone(browser: Browser, code: str) -> Walk:
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale=LOCALES[code])
    return Walk(context.new_page(), code, "live-phone")


def join(walk: Walk, url: str, name: str, code: str | None = None) -> None:
    """Join the group on the profile page; `code` typed, or filled in by the join link."""
    page = walk.page
    walk.open(url)
    if code is not None:
        page.locator(".st-key-join_code input").fill(code)
    page.locator(".st-key-join_name input").fill(name)
    walk.click(".st-key-join_button button")
    expect(page.locator(".st-key-profile_top")).to_be_visible()


def answer(walk: Walk, room: Room, *, right: bool) -> None:
    """The current puzzle on the phone, answered right or wrong; then "in"."""
    round_id, at, puzzle = room.puzzle()
    buttons = walk.page.locator(f".st-key-live-reply-{round_id}-{at} button")
    expect(buttons.first).to_be_visible()
    cards = puzzle.answer.cards if right else other_cards(puzzle.content.hand, puzzle.answer.cards)
    tap_cards(buttons, puzzle.content.hand, frozenset(cards))
    walk.click(".st-key-live_answer button")
    expect(walk.page.get_by_text(walk.words("live-sent", reply="").split(":")[0])).to_be_visible()


def test_a_live_round_on_a_projector_and_three_phones(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
) -> None:
    url, data = server
    room = Room(data)
    joke, oksana = phone(browser, "nl"), phone(browser, "uk")
    join(joke, f"{url}/profile", "Joke", room.group.code)
    join(oksana, f"{url}/profile", "Oksana", room.group.code)
    for walk in (joke, oksana):
        go_to(walk, walk.words("nav-home"))
    teacher = Walk(browser.new_context(viewport=VIEWPORTS["desktop"]).new_page(), who="teacher")
    sign_in_teacher(teacher, url)
    teacher.page.get_by_role("tab", name="Live round").click()  # tabs and folds: no run
    teacher.unfold("live-new")  # once still: a tap while it opens lands where Start was
    teacher.click(teacher.page.get_by_role("button", name="Start the live round"))
    expect(teacher.page.get_by_text("Puzzle 1 of 5 is on the phones")).to_be_visible()
    wall = projector(browser, url, {"width": 1920, "height": 1080})
    expect(wall.page.get_by_text("Live round · puzzle 1 of 5")).to_be_visible()
    expect(wall.page.get_by_text("Answered: 0 of 2 members")).to_be_visible()

    # The phones were on Home: the invitation comes to them, then the puzzle.
    for walk, right in ((joke, True), (oksana, False)):
        expect(walk.page.get_by_text(walk.words("live-invite"))).to_be_visible()
        walk.click(walk.page.get_by_role("link", name=walk.words("live-join")))
        answer(walk, room, right=right)
    expect(wall.page.get_by_text("Answered: 2 of 2 members")).to_be_visible()  # as they came
    wall.screenshot("projector-1920-asking")
    wall.click(wall.page.get_by_role("button", name="Show the answers"))
    expect(wall.page.get_by_text("How many chose what")).to_be_visible()
    wall.screenshot("projector-1920-shown")
    expect(joke.page.get_by_text(joke.words("right")).first).to_be_visible()  # own feedback
    expect(oksana.page.get_by_text(oksana.words("wrong")).first).to_be_visible()
    joke.screenshot("phone-nl-feedback")

    ivan = late_by_the_join_link(browser, url, room)
    wall.click(wall.page.get_by_role("button", name="Next puzzle"))
    expect(wall.page.get_by_text("Live round · puzzle 2 of 5")).to_be_visible()
    oksana.reload()  # mid-round: one tap to go on as herself, back at the current puzzle
    again = oksana.words("continue-as-member", name="Oksana", group="Live club")
    oksana.click(oksana.page.get_by_role("button", name=again))
    answer(oksana, room, right=False)
    for walk in (joke, ivan):
        answer(walk, room, right=True)
    ivan.screenshot("phone-ru-answered")
    expect(wall.page.get_by_text("Answered: 3 of 3 members")).to_be_visible()
    small = projector(browser, url, {"width": 1280, "height": 720})
    expect(small.page.get_by_text("Live round · puzzle 2 of 5")).to_be_visible()
    small.screenshot("projector-1280-asking")
    the_end(wall, teacher, [(joke, 2), (oksana, 0), (ivan, 1)], room)


def projector(browser: Browser, url: str, size: ViewportSize) -> Walk:
    """The teacher's laptop on a projector: signed in, on the projector page."""
    wall = Walk(browser.new_context(viewport=size).new_page(), who="projector")
    sign_in_teacher(wall, url)
    wall.open(f"{url}/projector")
    return wall


def late_by_the_join_link(browser: Browser, url: str, room: Room) -> Walk:
    """A Russian phone arrives after "show" by the join link (the QR code's), the code filled
    in: asked to join, it finds the puzzle shown, not answered."""
    ivan = phone(browser, "ru")
    join(ivan, join_url(url, room.group.code), "Иван")
    expect(ivan.page.get_by_text(ivan.words("live-invite"))).to_be_visible()
    ivan.click(ivan.page.get_by_role("link", name=ivan.words("live-join")))
    expect(ivan.page.get_by_text(ivan.words("live-missed"))).to_be_visible()
    return ivan


def the_end(wall: Walk, teacher: Walk, right: list[tuple[Walk, int]], room: Room) -> None:
    """Shown, ended: the group's result on the wall, each phone its own, the teacher's page
    who may need help; every answer stored."""
    wall.click(wall.page.get_by_role("button", name="Show the answers"))
    wall.click(wall.page.get_by_role("button", name="End the round"))
    expect(wall.page.get_by_text("The group's result per rule")).to_be_visible()
    wall.screenshot("projector-1920-result")
    for walk, count in right:
        result = walk.words("live-your-result", right=count, answered=5)
        expect(walk.page.get_by_text(result)).to_be_visible()
    teacher.reload()
    teacher.page.get_by_role("tab", name="Live round").click()
    expect(teacher.page.get_by_text("Oksana: 0 of 2 right")).to_be_visible()
    expect(teacher.page.get_by_text("Joke:")).to_have_count(0)
    members = room.club.members(room.group.id)
    counted = {m.name: len(room.club.store.answers(m.id)) for m in members}
    assert counted == {"Joke": 2, "Oksana": 2, "Иван": 1}
