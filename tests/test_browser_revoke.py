"""A club table in Debian's chromium, in every language on a phone and in English at a desktop:
an opponent revokes, the learner opens "Verzaakt!", names the player and the trick, and reads
the verdict in view and in their own language; the deal ends lost for the revoking pair, and
the call is stored as a right "who revoked" answer. Screenshots: ``artifacts/revoke-*.png``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from klaverjas_core import Revoke
from klaverjas_table import TableGame
from klaverjas_table.table import OPPONENTS
from klaverjas_trainer.texts import language, seat_name
from klaverjas_trainer.texts.catalogue import LANGUAGES

from .streamlit_server import running_app
from .test_learner_matrix import LearnerWalk
from .walk import LOCALES, Walk, device_options

WALKS = [(code, "phone") for code in LANGUAGES] + [("en", "desktop")]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("revoke")
    with running_app(data, env={"KLAVERJAS_PLAY_PACE": "0"}) as app:
        yield app.url, data


def next_move(game: TableGame) -> str:
    """The button the walk taps: pass (♥ when made to name), the first legal card, turn."""
    if game.phase == "call":
        return "play-call-H" if game.must_name else "play-call-pass"
    if game.phase == "trick":
        return "play-turn"
    return f"play-card-{next(iter(game.legal_cards())).letters()}"


def revoking_seed() -> int:
    """A club match whose first deal has an opponent's revoke before its last trick, played
    the way the walk plays it."""
    for seed in range(1, 200):
        game = TableGame.new(seed=seed, rules="amsterdam", mode="club")
        while game.phase in ("call", "play", "trick") and not game.deal.revokes:
            key = next_move(game)
            if key == "play-turn":
                game.turn_trick()
            elif key.startswith("play-call-"):
                game.call("♥" if key.endswith("H") else "pass")
            else:
                game.play(next(iter(game.legal_cards())))
        revokes = game.deal.revokes
        if revokes and revokes[0].seat in OPPONENTS and game.phase in ("play", "trick"):
            return seed
    raise AssertionError("no club match of 200 has an early opponent's revoke")


def saved_game(walk: LearnerWalk) -> TableGame:
    store = walk.store()
    saved = store.load_game(store.learner(walk.name).id)
    assert saved is not None
    return TableGame.from_dict(saved[0])


def call_revoke(walk: Walk, game: TableGame, revoke: Revoke) -> None:
    """Open "Verzaakt!" and choose the revoking player and the trick (each seen chosen)."""
    page = walk.page
    walk.idle()  # the call is made on the table as drawn after the revoke
    walk.unfold("revoke-call-open")  # opened and still: each tap lands where it is seen
    with language(walk.code):
        seat = page.locator(".st-key-revoke_call_seat").get_by_role(
            "radio", name=seat_name(revoke.seat)
        )
    tricks = len(game.deal.tricks) + (1 if game.deal.current else 0)
    trick = page.locator(".st-key-revoke_call_trick").get_by_role("radio")
    expect(trick).to_have_count(tricks)
    walk.pick(seat, seat)  # in the box just unfolded: each tap seen taken
    walk.pick(trick.nth(revoke.trick), trick.nth(revoke.trick))


@pytest.mark.parametrize(("code", "device"), WALKS)
def test_a_learner_calls_an_opponents_revoke(
    browser: Browser, server: tuple[str, Path], code: str, device: str
) -> None:
    url, data = server
    seed = revoking_seed()
    context = browser.new_context(locale=LOCALES[code], **device_options(device))
    walk = LearnerWalk(
        context.new_page(), code, f"revoke-{device}", data, name=f"Beller {code} {device}"
    )
    page = walk.page
    try:
        walk.first_visit(url)
        walk.go_to("nav-play")
        club = page.locator(".st-key-play_mode label").filter(has_text=walk.words("play-mode-club"))
        walk.after(lambda: walk.pick(club))  # the form below follows the choice
        walk.unfold("play-more").locator(".st-key-play_seed input").fill(str(seed))
        walk.click(".st-key-play_start button")
        for _ in range(60):
            game = saved_game(walk)
            if game.deal.revokes:
                break
            walk.click(f".st-key-{next_move(game)} button >> visible=true")  # a phone hides one
        (revoke,) = game.deal.revokes
        call_revoke(walk, game, revoke)
        walk.click(".st-key-revoke_call_submit button")
        verdict = page.locator("[data-testid='stAlert']").filter(
            has_text=walk.words("revoke-call-right")
        )
        expect(verdict).to_be_visible()
        walk.check("called", verdict)
        walk.screenshot("called")
        for _ in range(60):
            game = saved_game(walk)
            if game.phase in ("score", "over"):
                break
            walk.click(f".st-key-{next_move(game)} button >> visible=true")  # a phone hides one
        walk.check("score")
        assert game.score().revoked_by == revoke.seat.pair
    except Exception:
        walk.screenshot("failed")
        raise
    finally:
        context.close()
    assert walk.problems == [], json.dumps(walk.problems, ensure_ascii=False, indent=1)
    store = walk.store()
    answers = store.answers(store.learner(walk.name).id)
    calls = answers[answers["kind"] == "who-revoked"]
    assert list(calls["correct"]) == [True]
