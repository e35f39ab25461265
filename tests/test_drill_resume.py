"""The drill's place is kept over a reload, as the table's game is: a new session of the same
learner (a reload, another day) gets the same settings and the same puzzle, answered as it was
if the answer was given and Next not yet tapped; the place is stored with the answer in one
transaction, so a database that fails loses nothing and grades nothing unsaved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select
from streamlit.testing.v1 import AppTest

from klaverjas_trainer.app import drill
from klaverjas_trainer.app.drill import DrillState
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, StorageError, make_engine
from klaverjas_trainer.storage.drill_places import DrillPlaces
from klaverjas_trainer.storage.schema import LATEST, drill_places, migrate, schema_version
from klaverjas_trainer.storage.tokens import SignInEndedError
from puzzles import Puzzle, generate

from .conftest import postgres_url
from .streamlit_server import fresh_database
from .test_app_flows import DRILL, HOME, drill_puzzle, fresh_app, sign_in, stored


def answers_of(data_dir: Path, name: str) -> int:
    store = stored(data_dir, name)
    return store.answer_count(store.learner(name).id)


def drill_for(name: str) -> Any:
    """A new session (a reload: nothing of the old one is left) of `name` on the drill page."""
    app = sign_in(fresh_app(), name)
    app.switch_page(DRILL).run()
    assert not app.exception
    return app


def test_a_new_session_gets_the_same_puzzle_and_settings(data_dir: Path) -> None:
    app = drill_for("Anna")
    app.selectbox(key="drill_kind").set_value("amsterdam-or-rotterdam").run()
    app.selectbox(key="drill_rule").set_value("play.partner-winning").run()
    app.segmented_control(key="drill_level").set_value(2).run()
    app.radio(key="drill_mode").set_value("streak").run()
    before = drill_puzzle(app)
    assert (before.kind, before.rule.value, before.level) == (
        "amsterdam-or-rotterdam",
        "play.partner-winning",
        2,
    )

    again = drill_for("Anna")
    after = drill_puzzle(again)
    assert (after.id, after.seed, after.rules.name) == (before.id, before.seed, before.rules.name)
    assert after.content == before.content
    assert again.selectbox(key="drill_kind").value == "amsterdam-or-rotterdam"
    assert again.selectbox(key="drill_rule").value == "play.partner-winning"
    assert again.segmented_control(key="drill_level").value == 2
    assert again.radio(key="drill_mode").value == "streak"
    assert not again.error and not again.success  # not answered: nothing graded
    assert answers_of(data_dir, "Anna") == 0


def test_an_answered_puzzle_comes_back_answered_until_next(data_dir: Path) -> None:
    app = drill_for("Anna")
    app.selectbox(key="drill_rule").set_value("play.must-overtrump").run()
    puzzle = drill_puzzle(app)
    wrong = [card for card in puzzle.content.hand if card not in puzzle.answer.cards][:1]
    app.pills(key=f"reply-{puzzle.id}").set_value(wrong)
    app.form_submit_button[0].click().run()
    assert app.error[0].value.startswith("Not quite.")

    def words(page: AppTest) -> list[str]:  # the text shown (a style goes with other elements)
        return [m.value for m in page.markdown if not m.value.startswith("<style>")]

    shown = words(app)
    assert answers_of(data_dir, "Anna") == 1

    again = drill_for("Anna")  # a reload before Next
    assert drill_puzzle(again).id == puzzle.id
    assert again.error[0].value == app.error[0].value  # the same feedback
    assert words(again) == shown
    assert again.pills(key=f"reply-{puzzle.id}").value == wrong  # the reply as given
    assert again.pills(key=f"reply-{puzzle.id}").disabled
    assert again.form_submit_button[0].disabled  # an answered puzzle takes no second answer
    assert answers_of(data_dir, "Anna") == 1  # shown again, not stored again

    again.button(key="next_button").click().run()
    following = drill_puzzle(again)
    assert following.id != puzzle.id and not again.error
    assert drill_puzzle(drill_for("Anna")).id == following.id  # Next moved the place on


def test_each_learner_has_a_place_of_their_own(data_dir: Path) -> None:
    anna = drill_puzzle(drill_for("Anna"))
    app = drill_for("Bert")
    bert = drill_puzzle(app)
    assert app.selectbox(key="drill_kind").value == "which-cards"
    sign_in(app, "Anna").switch_page(DRILL).run()  # Anna on Bert's device, in his session
    assert drill_puzzle(app).id == anna.id
    assert drill_puzzle(drill_for("Bert")).id == bert.id


def test_a_failing_database_loses_no_answer_and_grades_nothing_unsaved(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = drill_for("Anna")
    puzzle = drill_puzzle(app)

    def fail(*args: object, **kwargs: object) -> None:
        raise StorageError("the progress database cannot be used: disk I/O error")

    with monkeypatch.context() as failing:
        failing.setattr(DrillPlaces, "save", fail)
        app.pills(key=f"reply-{puzzle.id}").set_value(list(puzzle.answer.cards))
        app.form_submit_button[0].click().run()
    assert not app.exception
    assert "cannot be saved" in app.error[0].value  # said, and not graded
    assert not app.success and answers_of(data_dir, "Anna") == 0
    assert drill_puzzle(app).id == puzzle.id  # the puzzle is still there to answer
    assert not [b for b in app.button if b.key == "next_button"]  # no Next without a grade

    app.form_submit_button[0].click().run()  # the database is back: the same answer goes in
    assert app.success[0].value.startswith("Right!")
    assert answers_of(data_dir, "Anna") == 1
    again = drill_for("Anna")
    assert drill_puzzle(again).id == puzzle.id and again.success


def test_a_place_that_cannot_be_saved_still_shows_the_puzzle(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise StorageError("the progress database cannot be used: database is locked")

    monkeypatch.setattr(DrillPlaces, "save", fail)
    app = drill_for("Anna")
    assert drill_puzzle(app) is not None and app.form_submit_button


def record_for(puzzle: Puzzle) -> AnswerRecord:
    return AnswerRecord(
        "puzzle",
        puzzle.id,
        puzzle.kind,
        puzzle.rule.value,
        (puzzle.rule.value,),
        puzzle.rules.name,
        puzzle.level,
        puzzle.question.encode(puzzle.answer),
        True,
        2.0,
        seed=puzzle.seed,
    )


def check_places(store: ProgressStore) -> None:
    places = DrillPlaces(store)
    learner = store.learner("Anna")
    assert places.load(learner.id) is None
    puzzle = generate("which-cards", "play.follow-suit", seed=4, rules="amsterdam")
    state = DrillState(choice=drill.Choice(puzzle), kind="which-cards", mode="streak")
    places.save(learner.id, drill.place_of(state))
    assert places.load(learner.id) == drill.place_of(state)
    with pytest.raises(TypeError):  # the place cannot be written: the answer is not either
        places.save(learner.id, {"puzzle": object()}, record_for(puzzle))
    assert store.answer_count(learner.id) == 0
    assert places.load(learner.id) == drill.place_of(state)  # the old place is kept
    places.save(learner.id, drill.place_of(state, given="{}"), record_for(puzzle))
    assert store.answer_count(learner.id) == 1
    places.save(learner.id, None)
    assert places.load(learner.id) is None
    check_sign_in_kept(store, places, puzzle)


def check_sign_in_kept(store: ProgressStore, places: DrillPlaces, puzzle: Puzzle) -> None:
    """The drill's writes check the learner's sign-in in their own transaction: while it holds
    they are made; once it ended (or for another learner's token) nothing is written."""
    anna, bert = store.learner("Anna"), store.learner("Bert")
    token = store.remember(anna)
    state = DrillState(choice=drill.Choice(puzzle))
    places.save(anna.id, drill.place_of(state), sign_in=token)  # holds: kept
    answered = drill.place_of(state, given="{}")
    places.save(anna.id, answered, record_for(puzzle), sign_in=token)
    assert store.answer_count(anna.id) == 2 and places.load(anna.id) == answered
    with pytest.raises(SignInEndedError):  # Anna's token does not sign Bert's answers
        places.save(bert.id, drill.place_of(state), record_for(puzzle), sign_in=token)
    store.sign_out_everywhere(anna.id)  # on another device
    for answer in (record_for(puzzle), None):
        with pytest.raises(SignInEndedError):
            places.save(anna.id, drill.place_of(state), answer, sign_in=token)
    assert store.answer_count(anna.id) == 2 and places.load(anna.id) == answered
    assert store.answer_count(bert.id) == 0 and places.load(bert.id) is None
    places.save(anna.id, None)


def test_places_are_kept_in_sqlite(tmp_path: Path) -> None:
    store = ProgressStore(make_engine(f"sqlite:///{tmp_path / 'trainer.sqlite3'}"))
    check_places(store)


def test_a_place_alone_is_written_without_waiting_for_the_disk(tmp_path: Path) -> None:
    """SQLite: a place without an answer is committed unsynced; the connection goes back to
    the pool synced again (FULL), also after a failed write, so answers stay synced."""
    engine = make_engine(f"sqlite:///{tmp_path / 'trainer.sqlite3'}")
    store = ProgressStore(engine)
    places, anna = DrillPlaces(store), store.learner("Anna").id
    seen: list[int] = []

    @event.listens_for(engine, "commit")
    def synchronous(connection: Any) -> None:
        raw = connection.connection.dbapi_connection
        seen.append(raw.execute("PRAGMA synchronous").fetchone()[0])

    puzzle = generate("which-cards", "play.follow-suit", seed=4, rules="amsterdam")
    state = DrillState(choice=drill.Choice(puzzle))
    places.save(anna, drill.place_of(state))
    places.save(anna, drill.place_of(state, given="{}"), record_for(puzzle))
    with pytest.raises(TypeError):
        places.save(anna, {"puzzle": object()})
    assert seen == [1, 2]  # NORMAL for the place, FULL for the answer
    with engine.connect() as connection:  # every pooled connection is back to FULL
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2
    assert places.load(anna) == drill.place_of(state, given="{}")
    with store.engine.connect() as connection:
        assert connection.execute(select(schema_version.c.version)).scalar() == LATEST


def test_places_are_kept_in_postgresql() -> None:
    with fresh_database(postgres_url()) as url:
        engine = make_engine(url)
        try:
            assert migrate(engine) == LATEST
            check_places(ProgressStore(engine))
            with engine.connect() as connection:
                assert connection.execute(select(drill_places.c.learner_id)).all() == []
        finally:
            engine.dispose()


def test_a_damaged_or_old_place_gives_a_fresh_drill() -> None:
    puzzle = generate("which-cards", "play.follow-suit", seed=4, rules="amsterdam")
    good = drill.place_of(DrillState(choice=drill.Choice(puzzle), level=2))
    assert drill.resume(7, good).choice is not None
    assert drill.resume(7, good).level == 2
    damaged: list[dict[str, Any] | None] = [
        None,
        {},
        {**good, "version": 99},
        {**good, "puzzle": {**good["puzzle"], "seed": "x"}},
        {**good, "puzzle": {**good["puzzle"], "id": "another"}},  # not the puzzle it made
        {**good, "puzzle": {**good["puzzle"], "kind": "no-such-kind"}},
        {**good, "kind": "no-such-kind", "rule": 3, "level": 9, "mode": "sleep"},
    ]
    for place in damaged:
        state = drill.resume(7, place)
        assert state.learner_id == 7
        assert (state.kind, state.rule, state.level, state.mode) in (
            ("which-cards", "auto", 1, "normal"),
            ("which-cards", "auto", 2, "normal"),
        )
        if place and place.get("kind") == "no-such-kind":
            assert (state.kind, state.level, state.mode) == ("which-cards", 1, "normal")
        if place is None or place.get("puzzle", {}).get("id") != puzzle.id:
            assert state.choice is None and state.fresh
    unreadable = {**good, "puzzle": {**good["puzzle"], "given": "not json"}}
    state = drill.resume(7, unreadable)
    assert state.choice is not None and state.grade is None  # the puzzle, to answer again


def test_a_drill_started_from_home_or_a_set_is_not_replaced_by_the_kept_place(
    data_dir: Path,
) -> None:
    kept = drill_puzzle(drill_for("Anna"))  # the place kept: a which-cards puzzle
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(HOME).run()
    app.button(key="home_drill").click().run()  # today's suggestion, on the drill page
    app.switch_page(DRILL).run()
    assert not app.exception
    chosen = drill_puzzle(app)
    assert app.session_state["drill"].rule != "auto" and chosen.id != kept.id
    assert chosen.rule.value == app.session_state["drill"].rule
