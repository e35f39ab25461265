"""A club learner on a phone (390 x 844, Dutch and Russian browsers), in Debian's chromium:
joining a group on the profile page (the confirmation at the top, in view), Home with the
assignments first and buttons that say what they start, Progress with every column on the
screen, and a who-revoked puzzle whose four hands stand one under the other in table order.
On every page no element is wider than the screen and no text is cut off. Screenshots go to
``artifacts/``."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore, Group
from klaverjas_trainer.texts import language, t

from .test_browser import server  # noqa: F401  (the running app, a fixture)
from .test_club import answer
from .walk import VIEWPORTS, Walk, device_options

PHONE: ViewportSize = VIEWPORTS["phone"]
PIN = "2468"

#: What sticks out: an element of the page whose box leaves the screen, or a text cut off
#: inside its box (a label with an ellipsis); screen-reader-only boxes (1 px) are skipped.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth, found = [];
  for (const el of document.querySelectorAll("[data-testid='stMain'] *")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) { continue; }
    const text = (el.innerText || "").trim().slice(0, 60);
    if (box.right > width + 1 || box.left < -1) {
      found.push(`${el.tagName} ${Math.round(box.left)}..${Math.round(box.right)} ${text}`);
    } else if (el.clientWidth > 2 && el.scrollWidth > el.clientWidth + 1 && text
               && getComputedStyle(el).overflowX !== "visible") {
      found.push(`cut: ${el.tagName} ${el.scrollWidth} > ${el.clientWidth} ${text}`);
    }
  }
  return found;
}"""


def fits(walk: Walk, name: str) -> None:
    """Nothing on the page wider than the phone; a screenshot of the whole page."""
    walk.idle()
    walk.screenshot(name, full_page=True)
    assert walk.page.evaluate(OVERFLOW) == [], name


def go_to(walk: Walk, title: str) -> None:
    """A page from the page list, opened on a phone (it folds after the tap)."""
    walk.page.locator("[data-testid='stExpandSidebarButton']").click()
    nav = walk.page.locator("[data-testid='stSidebarNav']")
    walk.click(nav.get_by_role("link", name=title, exact=True))
    expect(walk.page.locator("[data-testid='stSidebarNav']")).not_to_be_in_viewport()


def tops(page: Page, selector: str) -> list[float]:
    return [box["y"] for box in page.locator(selector).evaluate_all(
        "els => els.map(e => e.getBoundingClientRect())"
    )]  # fmt: skip


def who_revoked_stacked(walk: Walk, code: str, home: str, assignment: int) -> None:
    """A who-revoked puzzle from Home: the hands one under the other, N, E, S, W."""
    page = walk.page
    go_to(walk, home)
    walk.click(f".st-key-assignment-{assignment} button")
    seats = page.locator(".kj-revoke .kj-table.kj-deal .kj-seat")
    expect(seats).to_have_count(4)
    with language(code):
        order = [t(f"seat-{seat}") for seat in "NESW"]
    names = [text.split("\n")[0].strip() for text in seats.all_inner_texts()]
    by_height = [n for _, n in sorted(zip(tops(page, ".kj-revoke .kj-seat"), names, strict=True))]
    assert by_height == order  # table order, one under the other
    seats.first.scroll_into_view_if_needed()
    walk.screenshot("who-revoked-hands")
    fits(walk, "who-revoked")


@pytest.mark.parametrize("locale", ["nl-NL", "ru-RU"])
def test_a_club_learner_on_a_phone(
    browser: Browser,
    server: tuple[str, Path],  # noqa: F811
    locale: str,
) -> None:
    url, data = server
    code = locale.split("-", maxsplit=1)[0]
    club = ClubStore(ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}")))
    group = club.create_group(f"Dinsdagavond beginners Amsterdam-Noord {code}", "amsterdam")
    revoke = club.assign(group.id, kind="who-revoked", rule="play.follow-suit", count=2, seed=5)
    club.assign(group.id, lesson_id="following-suit")
    club.assign_deal(group.id, 77)
    name = f"Joke {code}"
    with language(code):
        words = {key: t(key) for key in ("nav-home", "nav-progress", "who-are-you")}
        joined = t("joined-group", group=group.name).replace("**", "")
        start_set = t("start-set", kind=t("kind-who-revoked"))
    context = browser.new_context(viewport=PHONE, locale=locale)
    walk = Walk(context.new_page(), code, "phone-club")
    page = walk.page

    # Profile: join the group far down the page; the top says so, in view.
    walk.open(f"{url}/profile")
    expect(page.get_by_role("heading", name=words["who-are-you"])).to_be_visible()
    page.locator(".st-key-join_code input").fill(group.code)
    page.locator(".st-key-join_name input").fill(name)
    page.locator(".st-key-join_pin input").fill(PIN)
    walk.click(".st-key-join_button button")
    confirmation = page.locator(".st-key-profile_top").get_by_text(joined)
    expect(confirmation).to_be_visible()
    expect(confirmation).to_be_in_viewport()  # once the page's scroll has brought it there
    expect(page.locator(".st-key-profile_top").get_by_text(group.name).first).to_be_visible()
    fits(walk, "profile-joined")

    (member,) = [m for m in club.members(group.id) if m.name == name]
    for n in range(6):  # answers for Progress, one rule wrong half the time
        club.store.record(member.id, answer("play.follow-suit", n % 2 == 0, f"x{n}"))
        club.store.record(member.id, answer("play.must-overtrump", n > 0, f"y{n}"))

    # Home: the group and its assignments first, each button saying what it starts.
    go_to(walk, words["nav-home"])
    start = page.locator(f".st-key-assignment-{revoke.id} button")
    expect(start).to_have_accessible_name(start_set)
    lesson = page.locator(".st-key-home_lesson button")
    expect(lesson).to_be_visible()
    below = min(tops(page, ".st-key-home_lesson button"))
    assert max(tops(page, "[class*='st-key-assignment-'] button")) < below  # work first
    labels = page.locator("[class*='st-key-assignment-'] button p").all_inner_texts()
    with language(code):
        plain = t("start-assignment")
    assert len(set(labels)) == len(labels) == 3 and plain not in labels  # none alike
    expect(page.get_by_text(group.name).first).to_be_in_viewport()
    fits(walk, "home")

    # Progress: every column of the table on the screen.
    go_to(walk, words["nav-progress"])
    cells = page.locator("[data-testid='stTable'] th")
    expect(cells.first).to_be_visible()
    fits(walk, "progress")

    who_revoked_stacked(walk, code, words["nav-home"], revoke.id)
    context.close()
    on_another_phone(browser, url, club, group, name, locale)


def on_another_phone(
    browser: Browser, url: str, club: ClubStore, group: Group, name: str, locale: str
) -> None:
    """The member types her name on Home on another phone: no second, empty profile; the
    group's sign-in is offered in view, a wrong PIN is refused in view, the right one signs
    her in as the member (issue 34, A2 and A3)."""
    context = browser.new_context(locale=locale, **device_options("phone"))
    walk = Walk(context.new_page(), locale.split("-", maxsplit=1)[0], "phone-club-again")
    page = walk.page
    walk.open(url)
    page.locator(".st-key-new_name input").fill(name)
    walk.click(".st-key-start_button button")
    offer = page.locator(".st-key-member-name")
    expect(offer).to_be_in_viewport()
    offer.locator(".st-key-join_code input").fill(group.code)
    expect(offer.locator(".st-key-join_name input")).to_have_value(name)
    offer.locator(".st-key-join_pin input").fill("9999")
    walk.click(".st-key-join_button button")
    refused = page.locator(".st-key-join-refused")
    expect(refused).to_be_in_viewport()
    fits(walk, "wrong-pin")
    offer.locator(".st-key-join_pin input").fill(PIN)
    walk.click(".st-key-join_button button")
    expect(page.locator(".st-key-member-name")).to_have_count(0)
    expect(page.get_by_text(name).first).to_be_visible()
    assert [member.name for member in club.members(group.id)].count(name) == 1
    assert name not in [learner.name for learner in club.store.learners()]  # no personal one
    context.close()
