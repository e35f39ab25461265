"""A damaged row in the database (a drill place whose reason names no message, a saved game
nested too deeply to read) is refused with a message on the page: the learner carries on with
a fresh drill or a new match, and every answer stays stored (issue 34, item 21)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import update

from klaverjas_trainer.app import drill
from klaverjas_trainer.storage import ProgressStore, db
from klaverjas_trainer.storage.drill_places import DrillPlaces
from klaverjas_trainer.storage.schema import drill_places, games
from klaverjas_trainer.texts import t

from .test_app_flows import DRILL, HOME, drill_puzzle, fresh_app, sign_in, stored
from .test_drill_resume import record_for
from .test_play_flows import PLAY

pytestmark = pytest.mark.security  # hostile input: the trust probes

#: JSON nested deeper than Python's parser recurses: ``json.loads`` raises RecursionError.
TOO_DEEP = '{"a":' * 100_000 + "1" + "}" * 100_000


def anna_with_a_drill(data_dir: Path) -> tuple[ProgressStore, int]:
    """Anna, who answered once and has a drill place kept."""
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    assert not app.exception and drill_puzzle(app) is not None
    store = stored(data_dir, "Anna")
    learner = store.learner("Anna")
    return store, learner.id


def answered_once(store: ProgressStore, learner_id: int) -> None:
    place = DrillPlaces(store).load(learner_id)
    assert place is not None
    puzzle = drill.resume(learner_id, place).choice
    assert puzzle is not None
    store.record(learner_id, record_for(puzzle.puzzle))


def test_a_drill_place_whose_reason_names_no_message_is_refused_and_the_drill_goes_on(
    data_dir: Path,
) -> None:
    store, anna = anna_with_a_drill(data_dir)
    places = DrillPlaces(store)
    place = places.load(anna)
    assert place is not None and place["puzzle"] is not None
    place["puzzle"]["reason"] = {"key": "no-such-message", "fields": {}}
    places.save(anna, place)

    app = sign_in(fresh_app(), "Anna")  # a new session: the kept place is read
    app.switch_page(DRILL).run()
    assert not app.exception
    assert t("drill-place-damaged") in [warning.value for warning in app.warning]
    assert drill_puzzle(app).id == place["puzzle"]["id"]  # the puzzle itself was fine


def test_a_drill_place_nested_too_deeply_gives_a_fresh_drill_with_a_message(
    data_dir: Path,
) -> None:
    store, anna = anna_with_a_drill(data_dir)
    answered_once(store, anna)
    with store.engine.begin() as connection:
        connection.execute(
            update(drill_places).where(drill_places.c.learner_id == anna).values(place=TOO_DEEP)
        )

    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    assert not app.exception
    assert t("drill-place-damaged") in [warning.value for warning in app.warning]
    assert drill_puzzle(app) is not None  # a fresh puzzle to answer
    assert store.answer_count(anna) == 1  # the answer stays
    with store.engine.begin() as connection:
        connection.execute(
            update(drill_places).where(drill_places.c.learner_id == anna).values(place=TOO_DEEP)
        )
    with pytest.raises(db.DamagedRowError, match="drill place"):  # a typed error, not a crash
        DrillPlaces(store).load(anna)


def test_a_saved_game_nested_too_deeply_is_put_away_with_a_message(data_dir: Path) -> None:
    store, anna = anna_with_a_drill(data_dir)
    answered_once(store, anna)
    store.save_game(anna, {"version": 0})
    with store.engine.begin() as connection:
        connection.execute(update(games).where(games.c.learner_id == anna).values(state=TOO_DEEP))
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(HOME).run()
    assert not app.exception
    app.switch_page(PLAY).run()
    assert not app.exception
    assert t("play-resume-broken") in [warning.value for warning in app.warning]
    assert store.load_game(anna) is None  # put away: the next visit starts clean
    assert store.answer_count(anna) == 1
    store.save_game(anna, {"version": 0})
    with store.engine.begin() as connection:
        connection.execute(update(games).where(games.c.learner_id == anna).values(state=TOO_DEEP))
    with pytest.raises(db.DamagedRowError, match="saved game"):  # a typed error, not a crash
        store.load_game(anna)
