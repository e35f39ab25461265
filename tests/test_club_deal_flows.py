"""A shared deal at a club evening with AppTest: the teacher deals one numbered deal to the
group, two learners play it at the table (one with a rule mistake), the teacher sees who
finished and each one's mistakes by rule, and shows the deal trick by trick on the projector."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from klaverjas_core import AMSTERDAM
from klaverjas_table import LEARNER, TableGame
from klaverjas_table.table import computer_play, dealt
from klaverjas_trainer.storage.club import Assignment
from tests.test_club_flows import (
    PROFILE,
    PROJECTOR,
    TEACHER,
    club_of,
    data_dir,
    new_session,
    teacher_creates_a_group_with_a_set,
)
from tests.test_play_flows import PLAY, game_of, has_illegal, illegal_key, no_pause, step

__all__ = ["data_dir", "no_pause"]  # fixtures, re-used
NUMBER = 4242


def teacher_deals_to_the_group(data_dir: Path) -> tuple[AppTest, Assignment, str]:
    teacher = new_session()
    teacher_creates_a_group_with_a_set(teacher)
    teacher.number_input(key="deal_number").set_value(NUMBER)
    teacher.form_submit_button(key="assign_deal").click().run()
    assert not teacher.exception
    clubs = club_of(data_dir)
    (group,) = clubs.groups()
    (deal,) = [a for a in clubs.assignments(group.id) if a.is_deal]
    assert deal.seed == NUMBER
    return teacher, deal, group.code


def learner_plays_the_shared_deal(code: str, name: str, deal: Assignment, mistake: bool) -> None:
    app = new_session()
    app.switch_page(PROFILE).run()
    app.text_input(key="join_code").set_value(code)
    app.text_input(key="join_name").set_value(name)
    app.form_submit_button(key="join_button").click().run()
    app.switch_page(PLAY).run()
    assert any("match 4242" in m.value for m in app.markdown)  # listed as an assignment
    app.button(key=f"assignment-{deal.id}").click().run()
    assert not app.exception
    game = game_of(app)
    assert game.seed == NUMBER and app.session_state["play"].assignment_id == deal.id
    made = False
    for _ in range(80):
        game = game_of(app)
        if game.phase in ("score", "over"):
            break
        if mistake and not made and has_illegal(game):
            step(app, illegal_key)
            made = True
        step(app)
    assert game_of(app).phase == "score" and made == mistake


def test_a_shared_deal_dealt_played_and_reviewed_by_the_teacher(data_dir: Path) -> None:
    teacher, deal, code = teacher_deals_to_the_group(data_dir)
    learner_plays_the_shared_deal(code, "Anna", deal, mistake=True)
    learner_plays_the_shared_deal(code, "Bert", deal, mistake=False)
    clubs = club_of(data_dir)
    hands = []
    for member in clubs.members(deal.group_id):  # the same cards for both
        saved = clubs.store.load_game(member.id)
        assert saved is not None and saved[1] == deal.id
        played = TableGame.from_dict(saved[0]).deal
        hands.append(
            {
                card
                for leader, cards in played.tricks
                for offset, card in enumerate(cards)
                if (leader + offset) % 4 == LEARNER
            }
        )
    assert hands[0] == hands[1] == set(dealt(NUMBER, 0, AMSTERDAM).hands[LEARNER])

    teacher.switch_page(TEACHER).run()
    assert not teacher.exception
    frames = [frame.value for frame in teacher.dataframe]
    results = next(frame for frame in frames if "Rule mistakes" in frame.columns)
    rows = results.set_index("Learner")
    assert list(rows["Finished"]) == ["Yes", "Yes"]
    assert rows.loc["Anna", "Rule mistakes"] == 1 and rows.loc["Bert", "Rule mistakes"] == 0
    assert "×1" in rows.loc["Anna", "Rules of the mistakes"]
    assert rows.loc["Anna", "Decisions"] >= 2
    done = next(frame for frame in frames if any("match 4242" in str(c) for c in frame.columns))
    column = next(c for c in done.columns if "match 4242" in str(c))
    assert list(done[column]) == ["100%", "100%"]

    teacher.switch_page(PROJECTOR).run()
    teacher.radio(key="projector_source").set_value("deal").run()
    assert not teacher.exception
    said = [m.value for m in teacher.markdown]
    assert "The hands as dealt" in said
    (hands,) = [m for m in said if 'class="kj-table kj-deal"' in m]  # the four hands at their seats
    assert hands.count('class="kj-card') == 32 and "Dealer" in hands
    for _ in range(3):
        teacher.button(key="presenter_next").click().run()
    assert "Trick 3" in [m.value for m in teacher.markdown]
    assert not any("takes the trick" in m.value for m in teacher.markdown if "kj-felt" in m.value)
    teacher.button(key="presenter_reveal").click().run()
    assert any("takes the trick" in m.value for m in teacher.markdown if "kj-felt" in m.value)
    # The same deal with a revoke for the class to find: at its trick, revealed, "verzaakt!"
    revoked = computer_play(NUMBER, AMSTERDAM, revoke=True).revokes[0]
    teacher.toggle(key="projector_revoke").set_value(True).run()
    while not teacher.button(key="presenter_previous").disabled:  # back to the hands dealt
        teacher.button(key="presenter_previous").click().run()
    for _ in range(revoked.trick + 1):
        teacher.button(key="presenter_next").click().run()
    assert f"Trick {revoked.trick + 1}" in [m.value for m in teacher.markdown]
    if teacher.button(key="presenter_reveal").label == "Show the answer":
        teacher.button(key="presenter_reveal").click().run()
    assert not teacher.exception
    (called,) = [e.value for e in teacher.error if "calls “verzaakt!”" in e.value]
    assert f"{revoked.card} was a revoke by" in called
