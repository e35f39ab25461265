"""Three members at one table in Debian's chromium, each on a phone (Dutch, Ukrainian, Russian),
a computer in the fourth seat, and the teacher at a desktop: one opens a table, the others go to
it from the group's list or by its link, and sit; every seat, deal and card reaches the other
phones by themselves (the table's event stream, no tap and no reload); a card the rules forbid
is refused on the phone that tried it (coach mode); one phone drops out — the others are told,
then the computer plays that seat — and comes back to the same seat and hand; the teacher
watches the table with every hand, pauses it (the phones say so and take no card), lets it go
on and takes back a card with a reason the phones show. The server waits 2 s before a phone
counts as gone and 3 s more before the computer plays for it. Every wait is for what the
person would see. Screenshots go to ``artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from klaverjas_core import Seat
from klaverjas_table import TableGame
from klaverjas_trainer.app.club_table_views import table_url
from klaverjas_trainer.app.table_moves import game_of
from klaverjas_trainer.storage.club_tables import ClubTable, ClubTables

from .streamlit_server import running_app
from .test_browser import PASSWORD, sign_in_teacher
from .test_browser_phone_club import go_to
from .test_browser_revoke import call_revoke
from .test_live_round import LOCALES, Room, join
from .walk import CHROMIUM, VIEWPORTS, Walk


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app with short waits for a phone that left (2 s, then 3 s before the computer)."""
    assert Path(CHROMIUM).exists(), "the walks need Debian's chromium (see .ci/run)"
    data = tmp_path_factory.mktemp("data")
    env = {"KLAVERJAS_TEACHER_PASSWORD": PASSWORD, "KLAVERJAS_TABLE_QUIET": "2",
           "KLAVERJAS_TABLE_WAIT": "3"}  # fmt: skip
    with running_app(data, env=env) as app:
        yield app.url, data


REASON = "Kijk eerst naar de troef"


def phone(browser: Browser, code: str) -> Walk:
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale=LOCALES[code])
    return Walk(context.new_page(), code, "table-phone")


class Table:
    """The test's eyes on the table: the database the app writes."""

    def __init__(self, room: Room) -> None:
        self.tables = ClubTables(room.club.store)
        self.group_id = room.group.id

    def now(self) -> ClubTable:
        (table,) = self.tables.of_group(self.group_id)
        return table

    def game(self) -> TableGame:
        game = game_of(self.now())
        assert game is not None
        return game


def tap(walk: Walk, key: str) -> None:
    """Tap the button `key` once the phone shows it (it may come by the table's stream)."""
    button = walk.page.locator(f".st-key-{key} button").filter(visible=True)
    expect(button.first).to_be_visible()  # a horizontal row keeps a hidden copy before it
    walk.click(button)


def test_three_phones_play_at_one_table_and_the_teacher_watches_it(
    browser: Browser, server: tuple[str, Path]
) -> None:
    url, data = server
    room = Room(data)
    joke, oksana = phone(browser, "nl"), phone(browser, "uk")
    join(joke, f"{url}/profile", "Joke", room.group.code)
    join(oksana, f"{url}/profile", "Oksana", room.group.code)

    go_to(joke, joke.words("nav-table"))  # the page list, in the same session
    joke.unfold("together-new")
    joke.page.locator(".st-key-table_seed input").fill("8")
    tap(joke, "table_open")
    expect(joke.page.get_by_text(joke.words("together-waiting-start"))).to_be_visible()
    table = Table(room)
    go_to(oksana, oksana.words("nav-table"))
    tap(oksana, f"table-go-{table.now().id}")
    tap(oksana, "table-sit-W")
    expect(joke.page.get_by_text("Oksana")).to_be_visible()  # by the stream: no tap, no reload
    ivan = phone(browser, "ru")  # by the table's link (its QR code), then the join form
    join(ivan, f"{url}/profile", "Иван", room.group.code)
    ivan.open(table_url(url, table.now().code))  # a new page: he goes on as himself
    again = ivan.words("continue-as-member", name="Иван", group="Live club")
    ivan.click(ivan.page.get_by_role("button", name=again))
    tap(ivan, "table-sit-N")
    expect(oksana.page.get_by_text("Иван")).to_be_visible()
    tap(joke, "table-deal")
    phones = {Seat.NORTH: ivan, Seat.SOUTH: joke, Seat.WEST: oksana}
    expect(oksana.page.locator("[data-testid='stAlertContentError']")).to_have_count(0)

    refused = play_tricks(table, phones, tricks=2)
    assert refused
    for walk in phones.values():
        walk.screenshot("two-tricks")
    oksana = drop_out_and_back(browser, url, table, phones, oksana)
    phones[Seat.WEST] = oksana

    the_teacher_holds_and_takes_back(browser, url, table, phones)
    play_tricks(table, phones, tricks=8, try_forbidden=False)  # to the deal's end
    for walk in phones.values():  # the score sheet for all, each their own review
        expect(walk.page.get_by_text(walk.words("score-title", deal=1))).to_be_visible()
        review = walk.unfold("review-title")
        expect(review.get_by_text(walk.words("trick-n", n=8), exact=False).first).to_be_visible()
        walk.screenshot("deal-over")
    members = room.club.members(room.group.id)
    stored = sum(len(room.club.store.answers(member.id)) for member in members)
    assert stored == len(table.game().steps()) > 0  # every decision, each its member's


def the_teacher_holds_and_takes_back(
    browser: Browser, url: str, table: Table, phones: dict[Seat, Walk]
) -> None:
    """The teacher (desktop) pauses the table: every phone says so and takes no card; lets it
    go on; a card is played; the teacher takes it back with a reason every phone shows."""
    teacher = Walk(browser.new_context(viewport=VIEWPORTS["desktop"]).new_page(), who="teacher")
    sign_in_teacher(teacher, url)
    teacher.page.get_by_role("tab", name="Tables").click()  # tabs: no run
    code = table.now().code
    expect(teacher.page.get_by_text(f"Table {code}")).to_be_visible()
    teacher.screenshot("tables")
    table_id = table.now().id
    teacher.click(f".st-key-watch-hold-{table_id} button")
    for walk in phones.values():  # the pause reaches both phones by itself
        expect(walk.page.get_by_text(walk.words("together-paused"))).to_be_visible()
    seat = table.game().to_act
    assert seat in phones
    teacher.click(f".st-key-watch-hold-{table_id} button")  # let it go on
    expect(phones[seat].page.get_by_text(phones[seat].words("together-paused"))).to_have_count(0)
    game = table.game()
    card = next(iter(game.legal_cards()))
    tap(phones[seat], f"play-card-{card.letters()}")
    assert card not in table.game().deal.hand(seat)
    teacher.page.locator(f".st-key-watch-reason-{table_id} input").fill(REASON)
    teacher.click(f".st-key-watch-back-go-{table_id} button")
    assert table.game().to_act is seat and card in table.game().deal.hand(seat)
    for walk in phones.values():
        expect(walk.page.get_by_text(REASON)).to_be_visible()
    phones[seat].screenshot("taken-back")
    teacher.screenshot("taken-back")
    back = phones[seat].page.locator(f".st-key-play-card-{card.letters()} button")
    expect(back.filter(visible=True).first).to_be_visible()
    on_the_wall(browser, url, table, phones)


def on_the_wall(browser: Browser, url: str, table: Table, phones: dict[Seat, Walk]) -> None:
    """The table on the projector (the Tables tab's link): who sits where and the trick, the
    hands hidden; a card played on a phone comes to the wall by itself."""
    wall = Walk(browser.new_context(viewport={"width": 1920, "height": 1080}).new_page(),
                who="projector")  # fmt: skip
    sign_in_teacher(wall, url)
    wall.open(f"{url}/projector?table={table.now().id}")
    expect(wall.page.get_by_text(f"Table {table.now().code}")).to_be_visible()
    expect(wall.page.locator(".kj-hand")).to_have_count(0)  # hands hidden until shown
    game = table.game()
    seat = game.to_act
    assert seat in phones and game.phase == "play"
    card = next(iter(game.legal_cards()))
    tap(phones[seat], f"play-card-{card.letters()}")
    expect(wall.page.locator(f'.kj-felt [aria-label="{card}"]')).to_be_visible()
    wall.screenshot("table")


def drop_out_and_back(
    browser: Browser, url: str, table: Table, phones: dict[Seat, Walk], gone: Walk
) -> Walk:
    """West's phone closes: the others are told, then the computer plays West; the same
    member on a new page of the same browser goes on as herself, back at her seat and hand."""
    context = gone.page.context
    gone.page.close()
    joke = phones[Seat.SOUTH]
    told = joke.words("together-gone-computer", seat=f"{joke.words('seat-W')} (Oksana)")
    expect(joke.page.get_by_text(told)).to_be_visible()  # waited for, then played for
    joke.screenshot("west-away")
    assert Seat.WEST not in table.game().humans
    back = Walk(context.new_page(), gone.code, gone.who)
    back.open(f"{url}/table")
    again = back.words("continue-as-member", name="Oksana", group="Live club")
    back.click(back.page.get_by_role("button", name=again))  # straight back to her seat
    expect(joke.page.get_by_text(told)).to_have_count(0)  # by the stream: she is back
    assert Seat.WEST in table.game().humans
    back.screenshot("back")
    return back


def play_tricks(
    table: Table, phones: dict[Seat, Walk], *, tricks: int, try_forbidden: bool = True
) -> bool:
    """Play on from the phones, each tap on the phone whose turn it is once it shows that turn
    (it came by the stream), up to `tricks` turned; the first time a member holds a card the
    rules forbid, it is tried first and refused. Whether one was refused."""
    refused = not try_forbidden
    while (game := table.game()).record.turned < tricks:
        if game.phase == "trick":
            tap(phones[Seat.SOUTH], "table-turn")
            continue
        seat = game.to_act
        assert seat in phones
        walk = phones[seat]
        if game.phase == "call":
            tap(walk, "play-call-H" if game.must_name else "play-call-pass")
            continue
        legal = game.legal_cards()
        illegal = [card for card in game.deal.hand(seat) if card not in legal]
        if illegal and not refused:
            tap(walk, f"play-card-{illegal[0].letters()}")
            expect(walk.page.locator("[data-testid='stAlertContentError']")).to_be_visible()
            assert table.game().to_act is seat
            walk.screenshot("refused")
            refused = True
            continue
        tap(walk, f"play-card-{next(iter(legal)).letters()}")
    return refused


def revoking_seed() -> int:
    """A club match where South, playing first legal cards, holds a card the rules forbid in
    trick 1 or 2 (with West beside her at the table, and passes or ♥ to choose trumps)."""
    for seed in range(1, 200):  # a match number is 1 or more
        game = TableGame.new(seed, mode="club", humans=(Seat.SOUTH, Seat.WEST), revokes="never")
        while game.record.turned < 2:
            if game.phase == "trick":
                game.turn_trick()
            elif game.phase == "call":
                game.call("♥" if game.must_name else "pass")
            elif game.to_act is Seat.SOUTH and len(game.legal_cards()) < len(
                game.deal.hand(Seat.SOUTH)
            ):
                return seed
            else:
                game.play(next(iter(game.legal_cards())))
    raise AssertionError("no club match of 200 lets South revoke early")


def test_at_a_club_table_a_member_calls_another_members_revoke(
    browser: Browser, server: tuple[str, Path]
) -> None:
    """Club mode: Anna (nl) plays a card the rules forbid — the table takes it, as a real one
    would — and Bohdan (uk), on his own phone, calls "verzaakt!" on it: right, with the rule."""
    url, data = server
    room = Room(data, "Club table")
    anna, bohdan = phone(browser, "nl"), phone(browser, "uk")
    join(anna, f"{url}/profile", "Anna", room.group.code)
    join(bohdan, f"{url}/profile", "Bohdan", room.group.code)
    go_to(anna, anna.words("nav-table"))
    body = anna.unfold("together-new")
    anna.pick(
        body.locator(".st-key-table_mode label").filter(has_text=anna.words("play-mode-club"))
    )
    body.locator(".st-key-table_seed input").fill(str(revoking_seed()))
    tap(anna, "table_open")
    table = Table(room)
    go_to(bohdan, bohdan.words("nav-table"))
    tap(bohdan, f"table-go-{table.now().id}")
    tap(bohdan, "table-sit-W")
    tap(anna, "table-deal")
    phones = {Seat.SOUTH: anna, Seat.WEST: bohdan}
    while not (game := table.game()).deal.revokes:
        if game.phase == "trick":
            tap(anna, "table-turn")
            continue
        seat = game.to_act
        assert seat in phones
        if game.phase == "call":
            tap(phones[seat], "play-call-H" if game.must_name else "play-call-pass")
            continue
        legal = game.legal_cards()
        illegal = [card for card in game.deal.hand(seat) if card not in legal]
        card = illegal[0] if seat is Seat.SOUTH and illegal else next(iter(legal))
        tap(phones[seat], f"play-card-{card.letters()}")
    (revoke,) = game.deal.revokes
    assert revoke.seat is Seat.SOUTH
    expect(bohdan.page.locator(".kj-felt")).to_be_visible()
    call_revoke(bohdan, game, revoke)
    bohdan.click(".st-key-revoke_call_submit button")
    verdict = bohdan.page.locator("[data-testid='stAlert']").filter(
        has_text=bohdan.words("revoke-call-right")
    )
    expect(verdict).to_be_visible()
    bohdan.screenshot("revoke-called")
    assert (Seat.SOUTH, revoke.trick) in table.game().calls()
