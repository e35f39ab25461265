"""The analysis on the Play page with AppTest: weighed in a worker process (the pool the
server's sessions share) while the page's run waits asleep, then the rows, kept at once; a
worker that dies is said and the learner can try again; "too close to call" and the reasons in
every language; rows kept before reasons came still read; the rows add up to the figure.
(Without a server, as in the other AppTest flows, the page weighs inline.)"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import Card, RuleId
from klaverjas_table.analysis import Reason, ReasonKind
from klaverjas_trainer.app import analysis_view
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.analyses import Analyses
from klaverjas_trainer.texts import LANGUAGES, catalogue, language
from tests.test_app_flows import fresh_app, sign_in, stored
from tests.test_play_flows import game_of, start, step


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("KLAVERJAS_PLAY_PACE", "0")
    yield


@pytest.fixture
def pooled(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """One worker process even without a server; a fresh pool, shut down afterwards."""
    monkeypatch.setenv("KLAVERJAS_ANALYSIS_WORKERS", "1")
    analysis_view.analysis_pool.clear()
    yield
    analysis_view.analysis_pool.clear()  # its on_release shuts the pool down


def dies(saved: dict[str, Any], number: int, *, each: Callable[[int, int], None]) -> None:
    del saved, number, each
    os.kill(os.getpid(), signal.SIGKILL)


def to_the_score(name: str, seed: int) -> AppTest:
    app = start(sign_in(fresh_app(), name), seed=seed)
    for _ in range(80):
        if game_of(app).phase == "score":
            break
        step(app)
    assert game_of(app).phase == "score"
    return app


#: How long a run may wait for the worker: only a pool that never answers fails. The workers run
#: at nice 19 by design (a click comes first), so beside CPU hogs they wait for the cores for
#: minutes (120 s was once too short beside two other CPU-bound processes on two cores).
WAIT = 900


def rerun_until(app: AppTest, done: Callable[[AppTest], bool], timeout: float = WAIT) -> None:
    """Run the page again (as the fragment's timer would) until `done`."""
    deadline = time.monotonic() + timeout
    while not done(app):
        assert time.monotonic() < deadline, "the analysis did not arrive in time"
        time.sleep(0.2)
        app.run(timeout=WAIT)
        assert not app.exception


def has_rows(app: AppTest) -> bool:
    return any("Your card" in table.value.columns for table in app.table)


def test_the_analysis_runs_in_a_worker_and_the_page_follows_it(
    data_dir: Path, pooled: None
) -> None:
    app = to_the_score("Wim", 303)
    game = game_of(app)
    app.button(key=f"analysis-{game.seed}-0").click().run(timeout=WAIT)  # it waits, asleep
    assert not app.exception
    rerun_until(app, has_rows)
    table = next(t.value for t in app.table if "Your card" in t.value.columns)
    (why,) = [m.value for m in app.markdown if m.value.startswith("**Why**")]
    assert why.count("\n- **Trick ") == len(table)  # a reason for every row
    summary = next(m.value for m in app.markdown if m.value.startswith("Card choices as good"))
    given = sum(int(points) for points in table["Points given away"])
    assert f"**{given} points**" in summary  # the rows add up to the figure shown
    store = stored(data_dir, "Wim")
    kept = Analyses(store).detail(store.learner("Wim").id, game.seed, 0)
    assert kept is not None and [row["played"] for row in kept] == list(table["Your card"])


def test_a_dead_worker_is_said_and_the_learner_tries_again(
    data_dir: Path, pooled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = to_the_score("Jet", 304)
    game = game_of(app)
    monkeypatch.setattr(analysis_view, "analysis_rows", dies)
    app.button(key=f"analysis-{game.seed}-0").click().run(timeout=WAIT)
    words = catalogue("en").text("analysis-failed")
    rerun_until(app, lambda a: any(w.value == words for w in a.warning))
    assert app.button(key="play-next-deal")  # the learner carries on
    monkeypatch.undo()
    monkeypatch.setenv("KLAVERJAS_ANALYSIS_WORKERS", "1")
    app.button(key=f"analysis-retry-{game.seed}-0").click().run(timeout=WAIT)
    rerun_until(app, has_rows)
    assert not any(w.value == words for w in app.warning)


DETAIL = [
    {"trick": 1, "played": "A♦", "best": "", "top": ["7♦", "A♦"], "given_away": 0,
     "legal": True, "samples": 4096,
     "reason": {"kind": "equal", "worse": "A♦", "better": "7♦", "points": 5}},
    {"trick": 2, "played": "8♣", "best": "J♣", "top": ["J♣"], "given_away": 13,
     "legal": True, "samples": 1024,
     "reason": {"kind": "trick-given", "worse": "8♣", "better": "J♣", "points": 11}},
    {"trick": 3, "played": "7♠", "best": "9♥", "top": ["9♥"], "given_away": 171,
     "legal": False, "samples": 512,
     "reason": {"kind": "revoke-deal", "worse": "7♠", "points": 0, "rule": "play.follow-suit"}},
    {"trick": 4, "played": "K♥", "best": "", "top": ["Q♥", "A♥"], "given_away": 7,
     "legal": True, "samples": 4096,
     "reason": {"kind": "nat-us", "worse": "K♥", "better": "Q♥", "points": 6,
                "percent": [40, 35]}},
]  # fmt: skip


def shown(code: str, detail: list[dict[str, Any]], took_all: bool) -> AppTest:
    def page(code, detail, took_all):  # type: ignore[no-untyped-def]  # its source is the script
        from klaverjas_trainer.app.analysis_view import show_choices  # noqa: PLC0415
        from klaverjas_trainer.texts import set_language  # noqa: PLC0415

        set_language(code)
        show_choices(detail, took_all=took_all)

    app = AppTest.from_function(page, kwargs={"code": code, "detail": detail, "took_all": took_all})
    return app.run()


@pytest.mark.parametrize("code", LANGUAGES)
def test_too_close_to_call_and_the_reasons_in_every_language(code: str) -> None:
    app = shown(code, DETAIL, took_all=True)
    assert not app.exception
    words = catalogue(code)
    (table,) = [t.value for t in app.table]
    stronger = list(table[words.text("col-stronger-card")])
    too_close = words.text("analysis-too-close")
    assert stronger[0] == too_close  # the learner's card is one of the best: none stands out
    assert too_close not in stronger[1:]
    # the learner's K♥ is worse than either of the best two: they are named, as alternatives
    queen, ace = (words.card(Card.parse(card)) for card in ("Q♥", "A♥"))
    assert stronger[3] == {"nl": f"{queen} of {ace}", "uk": f"{queen} або {ace}",
                           "ru": f"{queen} или {ace}", "en": f"{queen} or {ace}"}[code]  # fmt: skip
    assert words.text("col-why") not in table  # why is said in whole lines, under the table
    (said,) = [m.value for m in app.markdown if m.value.startswith(f"**{words.text('col-why')}")]
    reasons = said.split("\n- ")[1:]
    assert len(reasons) == 4 and "11" in reasons[1] and "40" in reasons[3]
    trick = words.text("col-trick")
    assert [r.split(".**")[0] for r in reasons] == [f"**{trick} {n}" for n in (1, 2, 3, 4)]
    assert list(table[words.text("col-given-away")]) == ["0", "13", "171", "7"]
    assert any(m.value.count("191") for m in app.markdown)  # 0 + 13 + 171 + 7
    assert any(i.value == words.text("analysis-all-tricks") for i in app.info)


#: "1 points", "1 more card points", "1 punten": a count of one said with a plural noun.
ONE_AS_MANY = re.compile(r"\b1 (more )?(card )?points\b|\b1 (kaart)?punten\b")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_reason_reads_for_one_point_and_for_many(code: str) -> None:
    """Each kind of reason, for 1, 2, 5 and 21 points: every placeholder filled, the points
    said where the sentence counts them (a plural message, its form chosen by the points), and
    never "1 points"."""
    worse, better = Card.parse("A♦"), Card.parse("7♦")
    for kind in ReasonKind:
        for points in (1, 2, 5, 21):
            reason = Reason(kind, worse, better, points, (60, 25), RuleId.PLAY_FOLLOW_SUIT)
            with language(code):
                text = analysis_view.reason_text(reason)
            assert "{" not in text and not ONE_AS_MANY.search(text), (code, kind, text)
            if kind in analysis_view.COUNTED:
                assert re.search(rf"\b{points}\b", text), (code, kind, text)
                assert isinstance(catalogue(code).messages[f"analysis-reason-{kind}"], tuple)


def test_a_row_kept_before_reasons_came_still_reads() -> None:
    old = [
        {"trick": 2, "played": "8♣", "best": "J♣", "given_away": 12.6, "legal": True},
        {"trick": 5, "played": "9♠", "best": "9♠", "given_away": 0.0, "legal": True},
    ]
    app = shown("en", old, took_all=False)
    assert not app.exception
    (table,) = [t.value for t in app.table]
    assert list(table["Stronger player's card"]) == ["J♣", "9♠"]
    assert "Why" not in table.columns
    assert list(table["Points given away"]) == ["13", "0"]
    assert any("**13 points**" in m.value for m in app.markdown)
    assert not app.info  # no pit note where the pair did not take every trick


def test_rows_kept_now_and_before_read_back_and_add_up(tmp_path: Path) -> None:
    store = ProgressStore(make_engine(f"sqlite:///{tmp_path / 'kept.sqlite3'}"))
    learner = store.learner("Kees").id
    analyses = Analyses(store)
    analyses.keep(learner, 11, 0, rules="amsterdam", detail=DETAIL)
    assert analyses.detail(learner, 11, 0) == DETAIL
    old = [{"trick": 2, "played": "8♣", "best": "J♣", "given_away": 12.6, "legal": True}]
    analyses.keep(learner, 12, 0, rules="amsterdam", detail=old)
    assert analyses.detail(learner, 12, 0) == old
    frame = analyses.of_learner(learner)
    assert list(frame["given_away"]) == [191, 12.6]
    assert list(frame["best_found"]) == [1, 0] and list(frame["choices"]) == [4, 1]
