"""A live round with AppTest: the teacher starts it on the Club page, members are asked to join
on whatever page they are, answer on the Live round page, the projector counts and then shows
how many chose what; each phone shows its own feedback; at the end the group's result per rule,
each member's own, and who may need help. (The live updates themselves, without a reload, are
the browser test's: AppTest cannot drive the listener.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import RuleSet
from klaverjas_questions.misconceptions import BY_NAME, discriminates
from klaverjas_trainer.app.live_round import round_puzzles
from klaverjas_trainer.app.live_views import _puzzles
from klaverjas_trainer.app.services import _announce_setup_code, _store
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.storage.live import LiveRounds

from .test_club_flows import PROJECTOR, TEACHER, club_of, member_session, new_session

LIVE = "klaverjas_trainer/app/pages/live_page.py"
HOME = "klaverjas_trainer/app/pages/home_page.py"


@pytest.fixture
def data_dir(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "klaverjas")
    _store.clear()
    _announce_setup_code.clear()
    _puzzles.clear()
    return data_dir


def teacher_with_a_group() -> tuple[AppTest, str]:
    teacher = new_session()
    teacher.switch_page(TEACHER).run()
    teacher.text_input(key="teacher_password").set_value("klaverjas")
    teacher.form_submit_button(key="teacher_sign_in").click().run()
    teacher.text_input(key="group_name").set_value("Thursday")
    teacher.form_submit_button(key="create_group").click().run()
    assert not teacher.exception
    (data_dir,) = {Path(os.environ["KLAVERJAS_DATA_DIR"])}
    (group,) = club_of(data_dir).groups()
    return teacher, group.code


def texts(app: AppTest) -> list[str]:
    return (
        [m.value for m in app.markdown]
        + [s.value for s in app.success]
        + [i.value for i in app.info]
    )


def join_and_answer(member: AppTest, right: bool) -> None:
    """From the home page: the invitation, then the puzzle on the Live round page."""
    member.switch_page(HOME).run()
    assert any("live round has started" in m.value for m in member.markdown)
    member.switch_page(LIVE).run()  # the invitation's link (AppTest cannot follow one)
    assert not member.exception
    puzzle = current_puzzle(member)
    hand = puzzle.content.hand
    wrong = [card for card in hand if card not in puzzle.answer.cards][:1]
    member.pills[0].set_value(list(puzzle.answer.cards) if right else wrong)
    member.form_submit_button(key="live_answer").click().run()
    assert not member.exception
    assert any(s.value.startswith("Your answer is in") for s in member.success)


def current_puzzle(app: AppTest):  # type: ignore[no-untyped-def]
    (data_dir,) = {Path(os.environ["KLAVERJAS_DATA_DIR"])}
    club = club_of(data_dir)
    live = LiveRounds(club.store).current(club.groups()[0].id)
    assert live is not None
    return _puzzles(tuple(tuple(sorted(k.items())) for k in live.puzzles))[live.at]


def start_a_round_of_two(teacher: AppTest) -> None:
    teacher.radio(key="live_from").set_value("rule")
    teacher.selectbox(key="live_kind").set_value("which-cards")
    teacher.selectbox(key="live_rule_which-cards").set_value("play.follow-suit")
    teacher.select_slider(key="live_count").set_value(2)
    teacher.button(key="live_start").click().run()
    assert not teacher.exception
    assert any("Puzzle 1 of 2 is on the phones" in m for m in texts(teacher))


def test_a_live_round(data_dir: Path) -> None:
    teacher, code = teacher_with_a_group()
    anna, bert = member_session(code, "Anna"), member_session(code, "Bert")
    anna.switch_page(HOME).run()
    assert not any("live round has started" in m.value for m in anna.markdown)  # none yet

    start_a_round_of_two(teacher)

    join_and_answer(anna, right=True)
    join_and_answer(bert, right=False)
    # The projector counts, with nobody's name, and shows nothing of the answer yet.
    teacher.switch_page(PROJECTOR).run()
    assert not teacher.exception
    shown = " ".join(texts(teacher))
    assert "Answered: 2 of 2 members" in shown and "Anna" not in shown and "Bert" not in shown
    assert "How many chose what" not in shown
    teacher.button(key="live_show_projector").click().run()
    assert not teacher.exception
    shown = " ".join(texts(teacher))
    assert "How many chose what" in shown and "The answer:" in shown
    assert "Rule: **" in shown

    anna.run()  # the stream would rerun her page's part; here: a run
    assert any(s.value.startswith("Right!") for s in anna.success)
    bert.run()
    assert any(e.value.startswith("Not quite.") for e in bert.error)
    carl = member_session(code, "Carl")  # late: this puzzle is shown already
    carl.switch_page(LIVE).run()
    assert any("You did not answer this puzzle" in i.value for i in carl.info)
    assert not carl.form_submit_button  # nothing to answer

    teacher.button(key="live_next_projector").click().run()
    assert "Live round · puzzle 2 of 2" in " ".join(texts(teacher))
    the_second_puzzle_and_the_end(teacher, anna, bert, carl)


def the_second_puzzle_and_the_end(
    teacher: AppTest, anna: AppTest, bert: AppTest, carl: AppTest
) -> None:
    anna.run()
    carl.run()
    for member in (anna, carl):
        puzzle = current_puzzle(member)
        member.pills[0].set_value(list(puzzle.answer.cards))
        member.form_submit_button(key="live_answer").click().run()
        assert not member.exception
    teacher.run()
    teacher.button(key="live_show_projector").click().run()
    teacher.button(key="live_end_projector").click().run()
    assert not teacher.exception
    assert any("The group's result per rule" in h.value for h in teacher.header)
    assert any("4 answers right" in m or "of 4 answers right" in m for m in texts(teacher))

    anna.run()
    assert any("Your result: 2 of 2 right" in m for m in texts(anna))
    bert.run()
    assert any("Your result: 0 of 2 right" in m for m in texts(bert))
    bert.switch_page(HOME).run()
    assert not any("live round has started" in m.value for m in bert.markdown)  # over

    teacher.switch_page(TEACHER).run()
    assert not teacher.exception
    said = " ".join(texts(teacher))
    assert "The round is over." in said and "Bert: 0 of 1 right" in said
    assert "Anna:" not in said and "Carl:" not in said
    (data_dir,) = {Path(os.environ["KLAVERJAS_DATA_DIR"])}
    club = club_of(data_dir)
    counted = {m.name: len(club.store.answers(m.id)) for m in club.members(club.groups()[0].id)}
    assert counted == {"Anna": 2, "Bert": 1, "Carl": 1}  # Progress counts them


def test_a_phone_that_scanned_the_join_code_finds_it_filled_in(data_dir: Path) -> None:
    _, code = teacher_with_a_group()
    phone = AppTest.from_file(str(Path(__file__).resolve().parent.parent / "trainer_app.py"))
    phone.query_params["join"] = code
    phone.run()
    phone.switch_page("klaverjas_trainer/app/pages/profile_page.py").run()
    assert phone.text_input(key="join_code").value == code
    phone.text_input(key="join_name").set_value("Dina")
    phone.form_submit_button(key="join_button").click().run()
    assert not phone.exception and not phone.error
    assert any("Dina" in m.value for m in phone.markdown)


def test_a_round_on_the_wrong_rule_most_members_follow(data_dir: Path) -> None:
    """The coach's suggestion: offered once the trainer sees a wrong rule in members'
    answers; its round's puzzles each tell that rule from the real one."""
    teacher, code = teacher_with_a_group()
    assert teacher.radio(key="live_from").options == [
        "a kind and a rule",
        "a puzzle set of the group",
    ]
    for name in ("Anna", "Bert"):
        member_session(code, name)
    club = club_of(data_dir)
    group = club.groups()[0]
    for member in club.members(group.id):
        Findings(club.store).keep(member.id, group.rules, ["always-overtrump"])
    teacher.run()
    teacher.radio(key="live_from").set_value("coach").run()
    said = " ".join(c.value for c in teacher.caption)
    assert "2 members follow the wrong rule **Always overtrumping, even over the partner**" in said
    teacher.select_slider(key="live_count").set_value(3)
    teacher.button(key="live_start").click().run()
    assert not teacher.exception
    assert any("Puzzle 1 of 3 is on the phones" in m for m in texts(teacher))
    live = LiveRounds(club.store).current(group.id)
    assert live is not None
    entry = BY_NAME["always-overtrump"]
    for puzzle in round_puzzles(live.puzzles):
        assert discriminates(entry, puzzle.kind, puzzle.content, RuleSet.parse(group.rules))
