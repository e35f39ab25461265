"""Playing whole deals on the Play page with AppTest: coach mode refuses an illegal card and
names its rule, club mode lets a revoke through and the computers call it, roem is declared
right and wrong, the score sheet appears, a game resumes after a restart, and every decision
is stored as an answer from play."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import judge_trick
from klaverjas_table import LEARNER, TableGame
from klaverjas_table.analysis import CardChoice, analyse_deal
from klaverjas_table.table import OPPONENTS
from klaverjas_trainer.app.play_views import ledger_table
from klaverjas_trainer.storage.analyses import Analyses
from tests.test_app_flows import PROGRESS, answers_of, fresh_app, sign_in, stored

PLAY = "klaverjas_trainer/app/pages/play_page.py"


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("KLAVERJAS_PLAY_PACE", "0")
    yield


def game_of(app: AppTest) -> TableGame:
    game = app.session_state["play"].game
    assert isinstance(game, TableGame)
    return game


def start(app: AppTest, seed: int, mode: str = "coach", revokes: str = "") -> AppTest:
    app.switch_page(PLAY).run()
    app.radio(key="play_mode").set_value(mode).run()  # the form follows the choice
    if revokes:
        app.radio(key="play_revokes").set_value(revokes)
    app.number_input(key="play_seed").set_value(seed)
    app.button(key="play_start").click().run()
    assert not app.exception
    return app


def step(app: AppTest, choose: Callable[[TableGame], str] | None = None) -> AppTest:
    """One move the way a learner makes it: a call, a card (the first legal one unless
    `choose` names another button), or turning the trick."""
    game = game_of(app)
    key = choose(game) if choose is not None else ""
    if not key:
        if game.phase == "call":
            key = f"play-call-{'H' if game.must_name else 'pass'}"
        elif game.phase == "play":
            key = f"play-card-{next(iter(game.legal_cards())).letters()}"
        elif game.phase == "trick":
            key = "play-turn"
        else:
            key = "play-next-deal"
    app.button(key=key).click().run()
    assert not app.exception, app.exception
    return app


def has_illegal(game: TableGame) -> bool:
    return game.phase == "play" and len(game.legal_cards()) < len(game.deal.hand(LEARNER))


def illegal_key(game: TableGame) -> str:
    card = next(c for c in game.deal.hand(LEARNER) if c not in game.legal_cards())
    return f"play-card-{card.letters()}"


def test_a_whole_deal_in_coach_mode_refuses_an_illegal_card_and_stores_each_decision(
    data_dir: Path,
) -> None:
    app = start(sign_in(fresh_app(), "Anna"), seed=101)
    tables = [m.value for m in app.markdown if 'class="kj-table"' in m.value]
    assert len(tables) == 1 and "South (you)" in tables[0]  # the table, the learner at South
    refused = False
    for _ in range(80):
        game = game_of(app)
        if game.phase == "score":
            break
        if not refused and has_illegal(game):
            before = game.deal.hand(LEARNER)
            step(app, illegal_key)
            assert app.error and "is not allowed" in app.error[0].value
            assert game_of(app).deal.hand(LEARNER) == before  # the card stays in hand
            refused = True
            step(app)  # now a legal card
            assert app.success and app.success[0].value.startswith("Right!")
            continue
        step(app)
    game = game_of(app)
    assert refused and game.phase == "score"
    assert any("Score of deal 1" in h.value for h in app.subheader)
    answers = answers_of(data_dir, "Anna")
    plays = answers[answers["source"] == "play"]
    assert len(plays) == len(game.steps()) > 0
    assert (~plays["correct"]).sum() == sum(not s.correct for s in game.steps()) >= 1
    assert set(plays["kind"]) <= {"card-legal", "may-pass", "count-trick"}
    played = [str(s.card) for s in game.steps() if s.question == "card-legal"]
    cards = plays.loc[plays["kind"] == "card-legal", "item_id"].str.rsplit("/", n=1).str[-1]
    assert list(cards) == played != []  # each card in its decision, the refused one too
    app.switch_page(PROGRESS).run()  # the decisions show per rule, marked as from play
    per_rule = app.table[0].value
    assert per_rule["From play"].sum() == len(plays) == per_rule["Answers"].sum()


def test_a_revoke_in_club_mode_is_called_at_the_trick_and_loses_the_deal(data_dir: Path) -> None:
    app = start(sign_in(fresh_app(), "Bram"), seed=202, mode="club")
    revoked = False
    for _ in range(80):
        game = game_of(app)
        if game.phase == "score":
            break
        if not revoked and has_illegal(game):
            step(app, illegal_key)
            assert not app.error  # accepted in silence, as at a real table
            revoked = True
            while game_of(app).phase == "play":
                step(app)
            step(app)  # turn the trick: the computers call it
            assert any("verzaakt" in e.value for e in app.error)
            continue
        step(app)
    score = game_of(app).score()
    assert revoked and score.revoked_by == LEARNER.pair
    assert any("revoked" in m.value for m in app.markdown)


def _seed_with_roem() -> tuple[int, int]:
    """A seed where playing the first legal card each time brings a trick with roem that our
    pair takes; and the number of moves before it lies on the table."""
    for seed in range(300, 700):
        game = TableGame.new(seed, "amsterdam", "coach")
        for moves in range(60):
            if game.phase == "trick" and game.can_declare():
                cards = game.deal.tricks[game.record.turned][1]
                if judge_trick(cards, game.deal.trump, game.rules).roem:
                    return seed, moves
            if game.phase in ("score", "over"):
                break
            if game.phase == "call":
                game.call("♥" if game.must_name else "pass")
            elif game.phase == "play":
                game.play(next(iter(game.legal_cards())))
            else:
                game.turn_trick()
    raise AssertionError("no seed gave our pair a trick with roem")


@pytest.mark.parametrize("right", [True, False])
def test_roem_declared_on_the_table_is_checked_by_the_core(data_dir: Path, right: bool) -> None:
    seed, moves = _seed_with_roem()
    app = start(sign_in(fresh_app(), "Cor"), seed=seed)
    for _ in range(moves):
        step(app)
    game = game_of(app)
    cards = game.deal.tricks[game.record.turned][1]
    roem = judge_trick(cards, game.deal.trump, game.rules).roem_points
    app.segmented_control(key="play_roem_amount").set_value(roem if right else roem + 20)
    app.button(key="play_roem_submit").click().run()
    assert not app.exception
    if right:
        assert app.success and app.success[0].value.startswith(f"Right: {roem} roem")
    else:
        assert app.error and f"holds {roem} roem, not {roem + 20}" in app.error[0].value
    answers = answers_of(data_dir, "Cor")
    roem_answers = answers[answers["kind"] == "count-trick"]
    assert list(roem_answers["correct"]) == [right]


def test_a_game_resumes_at_the_same_card_after_a_restart(data_dir: Path) -> None:
    app = start(sign_in(fresh_app(), "Dina"), seed=303)
    for _ in range(9):
        step(app)
    saved = game_of(app).to_dict()
    again = sign_in(fresh_app(), "Dina")  # a new session and a new store: a restart
    again.switch_page(PLAY).run()
    assert not again.exception
    assert game_of(again).to_dict() == saved


def test_a_hint_highlights_the_legal_cards_and_the_decision_is_not_counted(
    data_dir: Path,
) -> None:
    app = start(sign_in(fresh_app(), "Eva"), seed=101)
    while not has_illegal(game_of(app)):
        step(app)
    app.button(key="play-hint").click().run()
    game = game_of(app)
    legal = set(game.legal_cards())
    assert app.info and "highlighted" in app.info[0].value
    primary = {
        b.key
        for b in app.button
        if b.key and b.key.startswith("play-card-") and b.proto.type == "primary"
    }
    assert primary == {f"play-card-{card.letters()}" for card in legal}
    step(app)
    answers = answers_of(data_dir, "Eva")
    assert answers["hinted"].tolist()[-1] is True


def test_the_score_sheet_itemises_both_pairs_as_the_core_scored_them() -> None:
    for seed in range(30):
        game = TableGame.new(seed, "amsterdam", "club")
        while game.phase != "score":
            if game.phase == "call":
                game.call("♣" if game.must_name else "pass")
            elif game.phase == "play":
                game.play(next(iter(game.legal_cards())))
            else:
                game.turn_trick()
        score = game.score()
        sheet = ledger_table(score)
        assert list(sheet.loc["Written down"]) == list(score.points)
        assert list(sheet.loc["Total before nat"]) == list(score.totals)
        cards = sheet.loc["Card points"] + sheet.loc["Last trick"]
        assert list(cards) == list(score.card_points) and sum(cards) == 162
        assert sum(sheet.loc["Last trick"]) == 10
        assert list(sheet.loc["Tricks won"]) == list(score.tricks_won or ())


def test_a_second_tap_on_a_stale_button_changes_nothing(data_dir: Path) -> None:
    """Two quick taps on a card that completes the trick: the second reaches the page after
    the move has moved on, and is ignored (no error, nothing played)."""
    app = start(sign_in(fresh_app(), "Fien"), seed=101)
    for _ in range(60):
        game = game_of(app)
        if game.phase == "play" and len(game.deal.current) == 3:
            break
        step(app)
    game = game_of(app)
    card = next(iter(game.legal_cards()))
    button = app.button(key=f"play-card-{card.letters()}")
    button.click().run()
    assert game_of(app).phase == "trick"
    before = game_of(app).to_dict()
    button.click().run()  # the same, now stale, button
    assert not app.exception
    assert game_of(app).to_dict() == before


def test_the_analysis_of_a_finished_deal_is_shown_kept_and_on_progress(data_dir: Path) -> None:
    app = start(sign_in(fresh_app(), "Anna"), seed=303)
    for _ in range(80):
        if game_of(app).phase == "score":
            break
        step(app)
    game = game_of(app)
    assert game.phase == "score"
    app.button(key=f"analysis-{game.seed}-0").click().run()
    assert not app.exception
    expected = analyse_deal(game, 0)
    summary = next(m.value for m in app.markdown if m.value.startswith("Card choices as good"))
    best, given = expected.best_found, f"{expected.given_away:.0f}"
    assert f"**{best} of {len(expected.choices)}**" in summary and f"**{given} points**" in summary
    table = next(t.value for t in app.table if "Your card" in t.value.columns)
    assert list(table["Your card"]) == [str(choice.played) for choice in expected.choices]
    stronger = [stronger_words(choice) for choice in expected.choices]
    assert list(table["Stronger player's card"]) == stronger
    store = stored(data_dir, "Anna")
    (kept,) = Analyses(store).of_learner(store.learner("Anna").id).to_dict("records")
    assert (kept["game_seed"], kept["deal"], kept["choices"]) == (303, 0, len(expected.choices))
    assert kept["given_away"] == pytest.approx(expected.given_away, abs=0.5)
    app.switch_page(PROGRESS).run()
    assert not app.exception
    said = [m.value for m in app.markdown]
    assert any(line.startswith("1 deal analysed: on average ") for line in said)


def stronger_words(choice: CardChoice) -> str:
    """The stronger player's column in English: the card, or the best ones where the learner's
    card is worse than each, or "too close to call"."""
    if choice.best is not None:
        return str(choice.best)
    top = [str(card) for card in choice.top]
    if choice.played in choice.top:
        return "too close to call"
    return f"{', '.join(top[:-1])} or {top[-1]}"


def test_an_opponents_revoke_called_at_a_club_table_loses_them_the_deal(data_dir: Path) -> None:
    app = start(sign_in(fresh_app(), "Cora"), seed=0, mode="club")
    for seed in range(1, 60):  # a match in which an opponent revokes in the first deal
        game = game_of(app)
        for _ in range(80):
            if game_of(app).phase == "score" or any(r.seat in OPPONENTS for r in game.deal.revokes):
                break
            step(app)
        if game_of(app).deal.revokes:
            break
        app = start(app, seed=seed, mode="club")
    game = game_of(app)
    (revoke,) = game.deal.revokes
    assert game.phase in ("play", "trick")
    # a false call first: a card that was allowed, graded wrong with why
    seat, trick = next(
        (seat, trick)
        for trick in range(revoke.trick + 1)
        for seat in (LEARNER.partner, *OPPONENTS)
        if game.revoke_call_problem(seat, trick) is None
        and (seat, trick) != (revoke.seat, revoke.trick)
    )
    app.segmented_control(key="revoke_call_seat").set_value(seat)
    app.segmented_control(key="revoke_call_trick").set_value(trick + 1)
    app.button(key="revoke_call_submit").click().run()
    assert not app.exception
    name = {LEARNER.partner: "North", OPPONENTS[0]: "West", OPPONENTS[1]: "East"}[seat]
    assert any(e.value.startswith(f"Not a revoke: {name} was allowed to play ") for e in app.error)
    app.segmented_control(key="revoke_call_seat").set_value(revoke.seat)
    app.segmented_control(key="revoke_call_trick").set_value(revoke.trick + 1)
    app.button(key="revoke_call_submit").click().run()
    assert not app.exception
    said = [s.value for s in app.success]
    assert any(line.startswith("Right: verzaakt! ") for line in said), said
    # the same call again is refused in words; nothing is stored for it
    app.segmented_control(key="revoke_call_seat").set_value(revoke.seat)
    app.segmented_control(key="revoke_call_trick").set_value(revoke.trick + 1)
    app.button(key="revoke_call_submit").click().run()
    assert any("already" in w.value for w in app.warning)
    for _ in range(80):
        if game_of(app).phase == "score":
            break
        step(app)
    score = game_of(app).score()
    assert score.revoked_by == revoke.seat.pair and score.points[revoke.seat.pair] == 0
    answers = answers_of(data_dir, "Cora")
    calls = answers[answers["kind"] == "who-revoked"]
    assert list(calls["correct"]) == [False, True]
    assert list(calls["rule"])[-1] == revoke.verdict.rule.value


def test_a_club_match_started_without_revokes_is_kept_so(data_dir: Path) -> None:
    app = start(sign_in(fresh_app(), "Dirk"), seed=0, mode="club")
    assert game_of(app).revokes == "sometimes"  # the form's default
    app = start(app, seed=3, mode="club", revokes="never")
    game = game_of(app)
    assert (game.mode, game.revokes) == ("club", "never")
    saved = stored(data_dir, "Dirk")
    kept = saved.load_game(saved.learner("Dirk").id)
    assert kept is not None and TableGame.from_dict(kept[0]).revokes == "never"


def test_a_newcomer_deals_with_one_tap_the_rest_folded(data_dir: Path) -> None:
    """The Play page for a newcomer: one tap deals (the rules are the profile's); the computer
    players and a match number wait under "More choices", and the revoke rate shows only for
    a club table, where it means something; the match and its number are explained where the
    table names them (issue 34, B10)."""
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(PLAY).run()
    more = next(e for e in app.expander if e.label == "More choices")
    assert {w.key for w in more.radio} == {"play_level"}  # no revoke rate at a coach table
    assert [n.key for n in more.number_input] == ["play_seed"]
    assert app.button(key="play_start").label == "Deal the cards"
    app.radio(key="play_mode").set_value("club").run()
    more = next(e for e in app.expander if e.label == "More choices")
    assert {w.key for w in more.radio} == {"play_level", "play_revokes"}
    app.radio(key="play_mode").set_value("coach").run()
    app.button(key="play_start").click().run()  # the one tap
    assert not app.exception
    assert game_of(app).mode == "coach"
    # "match 1234" says what a match is and what its number does, beside it
    (status,) = [c for c in app.caption if c.value.startswith("Deal 1 of 16 · match ")]
    assert status.proto.help == (
        "A match is 16 deals; the pair with the higher total wins. The match number deals the "
        "same cards to everyone who plays it."
    )
