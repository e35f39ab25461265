"""The Play page as a learner meets it (AppTest): who called and who passed is said at the
table and in the review, in the learner's language; the deal's review explains each roem
claim (what was claimed, what the trick held, item by item); the pace of the computers' cards
is a setting kept with the profile, and "instant" lays their cards down without waiting."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import RuleId, Seat, judge_trick
from klaverjas_table import TableGame
from klaverjas_trainer.app import play_views
from klaverjas_trainer.storage.stats import rule_stats
from klaverjas_trainer.texts import card_text, language
from tests.test_app_flows import answers_of, fresh_app, sign_in, stored
from tests.test_play_flows import PLAY, game_of, start, step

SEATS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
DUTCH_SEATS = {Seat.NORTH: "Noord", Seat.EAST: "Oost", Seat.SOUTH: "Zuid", Seat.WEST: "West"}


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The table's pauses between two computer cards, recorded instead of slept; no pace
    fixed by the environment."""
    monkeypatch.delenv(play_views.PACE_ENV, raising=False)
    slept: list[float] = []
    monkeypatch.setattr(play_views, "time", SimpleNamespace(sleep=slept.append))
    return slept


def texts(app: AppTest) -> list[str]:
    return [str(m.value) for m in app.markdown]


# --- who called and who passed ---------------------------------------------------------------


def expected_calls(game: TableGame, seats: dict[Seat, str], passed: str, chose: str) -> str:
    first = game.dealer.left
    said = []
    for number, call in enumerate(game.record.calls):
        seat = Seat((first + number) % 4)
        name = f"{seats[seat]} (you)" if seat is Seat.SOUTH else seats[seat]
        said.append(f"{name} {passed}" if call == "pass" else f"{name} {chose} {call}")
    return ", ".join(said)


def test_the_table_says_who_passed_and_who_chose_when_the_learner_never_called(
    data_dir: Path, waits: list[float]
) -> None:
    app = start(sign_in(fresh_app(), "Wim"), seed=1002)  # North passes, East names hearts
    game = game_of(app)
    assert game.phase == "play" and game.record.calls == ["pass", "♥"]
    calls = expected_calls(game, SEATS, "passed", "chose")
    assert calls == "North passed, East chose ♥"
    assert any(f"Choosing trumps: {calls}." in text for text in texts(app))
    while game_of(app).record.turned == 0:  # said until the first trick is turned
        step(app)
    assert not any("Choosing trumps" in text for text in texts(app))


def test_the_calls_are_said_in_dutch(data_dir: Path, waits: list[float]) -> None:
    app = sign_in(fresh_app(), "Els")
    app.session_state["profile"].language = "nl"
    start(app, seed=300)  # two passes (the learner's among them), then hearts
    game = game_of(app)
    while game.phase == "call":
        step(app)
    assert len(game.record.calls) == 3
    calls = expected_calls(game, DUTCH_SEATS, "past", "maakt").replace("(you)", "(jij)")
    calls = calls.replace("♥", "♥ troef")
    assert any(f"Troef maken: {calls}." in text for text in texts(app)), texts(app)


# --- roem in the review ----------------------------------------------------------------------


def roem_of(game: TableGame, number: int) -> int:
    return judge_trick(game.deal.tricks[number][1], game.deal.trump, game.rules).roem_points


def test_the_review_explains_each_roem_claim_and_the_answers_are_filed_by_their_rule(
    data_dir: Path, waits: list[float]
) -> None:
    """Seed 300: our pair takes tricks 1 and 4 with roem and trick 3 without. The learner
    claims 20 too many on trick 1, 20 on trick 3 and says nothing on trick 4."""
    app = start(sign_in(fresh_app(), "Roos"), seed=300)
    claims = {0: 20, 2: 20}  # trick 1: its roem + 20; trick 3: 20 on a trick with none
    for _ in range(80):
        game = game_of(app)
        if game.phase == "score":
            break
        number = game.record.turned
        if game.phase == "trick" and game.can_declare() and number in claims:
            amount = claims.pop(number) + roem_of(game, number)
            app.segmented_control(key="play_roem_amount").set_value(amount)
            app.button(key="play_roem_submit").click().run()
            assert not app.exception
            continue
        step(app)
    game = game_of(app)
    assert game.phase == "score" and not claims
    assert roem_of(game, 0) and not roem_of(game, 2) and roem_of(game, 3)
    review = texts(app)
    held = roem_of(game, 0)
    judged = judge_trick(game.deal.tricks[0][1], game.deal.trump, game.rules)
    wrong = next(t for t in review if t.startswith(f"- You declared {held + 20} roem"))
    assert f"but the trick held {held}." in wrong and f"It counted as {held}." in wrong
    for item in judged.roem:  # itemised from the core's roem items
        assert all(card_text(card) in wrong for card in item.cards)
    none = "- You declared 20 roem, but the trick held no roem, so nothing counted."
    assert none in review
    missed = next(t for t in review if t.startswith("- Your pair did not declare the "))
    assert f"the {roem_of(game, 3)} roem in this trick, so it did not count." in missed
    answers = answers_of(data_dir, "Roos")
    roem = answers[answers["kind"] == "count-trick"].sort_values("item_id")
    assert not roem["correct"].any() and len(roem) == 3
    first, second, fourth = (roem[roem["item_id"].str.endswith(f"/{n}")] for n in (1, 3, 4))
    assert first["rule"].item() == judged.roem[0].rule.value  # the trick's roem
    assert second["rule"].item() == RuleId.ROEM_RUN_OF_THREE.value  # what 20 names
    assert fourth["rule"].item() == RuleId.ROEM_DECLARE.value  # left undeclared
    per_rule = rule_stats(answers)  # what Progress shows per rule
    declare = per_rule[per_rule["rule"] == RuleId.ROEM_DECLARE.value]
    assert declare["attempts"].tolist() == [1]  # only the roem left undeclared


# --- the pace --------------------------------------------------------------------------------


def test_the_pace_is_kept_with_the_profile_and_comes_back_after_a_restart(
    data_dir: Path, waits: list[float]
) -> None:
    app = sign_in(fresh_app(), "Pim")
    app.switch_page(PLAY).run()
    pace = app.radio(key="play_pace")
    assert pace.value == "normal" and pace.options == ["Normal", "Quick", "Instant"]
    pace.set_value("quick").run()
    assert not app.exception
    assert app.session_state["profile"].pace == "quick"
    assert stored(data_dir, "Pim").learner("Pim").settings["pace"] == "quick"
    again = sign_in(fresh_app(), "Pim")  # a new session and a new store: a restart
    again.switch_page(PLAY).run()
    assert again.session_state["profile"].pace == "quick"
    assert again.radio(key="play_pace").value == "quick"


def test_the_computers_cards_arrive_at_the_chosen_pace_and_instant_means_no_waiting(
    data_dir: Path, waits: list[float]
) -> None:
    """Seed 1000: West names hearts and leads, North and East follow: three computer cards
    come onto the table before the learner's first card."""
    app = start(sign_in(fresh_app(), "Ivo"), seed=1000)
    assert len(game_of(app).deal.current) == 3
    assert waits == [0.7, 0.7, 0.7]  # normal: one by one
    app.run()  # a rerun (any widget) deals nothing out again, and the view left the model be
    assert waits == [0.7, 0.7, 0.7] and len(game_of(app).recent) == 4  # a call, 3 cards
    app.button(key="play-hint").click().run()  # nor does a hint, which is no move
    assert waits == [0.7, 0.7, 0.7]
    app.radio(key="play_pace").set_value("quick").run()
    start(app, seed=1000)
    assert waits[3:] == [0.25, 0.25, 0.25]
    app.radio(key="play_pace").set_value("instant").run()
    start(app, seed=1000)
    assert waits[6:] == []  # instant: all at once, no waiting
    for _ in range(12):  # a few tricks more, turning and playing: still no waiting
        step(app)
    assert waits[6:] == []


def test_the_environment_still_sets_the_seconds_but_instant_never_waits(
    data_dir: Path, waits: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(play_views.PACE_ENV, "0.15")
    app = start(sign_in(fresh_app(), "Jet"), seed=1000)
    assert waits == [0.15, 0.15, 0.15]
    app.radio(key="play_pace").set_value("instant").run()
    start(app, seed=1000)
    assert waits[3:] == []


def test_the_pace_speaks_the_learner_s_language(data_dir: Path, waits: list[float]) -> None:
    app = sign_in(fresh_app(), "Olga")
    app.session_state["profile"].language = "uk"
    app.switch_page(PLAY).run()
    pace = app.radio(key="play_pace")
    with language("uk"):
        assert pace.label == "Темп гри за столом"
        assert pace.options == ["Звичайний", "Швидкий", "Миттєвий"]
