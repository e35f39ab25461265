"""Club evening with AppTest: the teacher sets a password, creates a group and assigns a
puzzle set; two learners join with the code and answer it; the dashboard shows both."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_trainer import texts
from klaverjas_trainer.app.assignments import describe
from klaverjas_trainer.app.report import fold_key
from klaverjas_trainer.app.services import _announce_setup_code, _store
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.findings import Findings
from klaverjas_trainer.storage.reports import Reports
from klaverjas_trainer.texts import describe_answer
from lessons import load_course
from puzzles import generate

APP = str(Path(__file__).resolve().parent.parent / "trainer_app.py")
TEACHER, PROFILE = (
    "klaverjas_trainer/app/pages/teacher_page.py",
    "klaverjas_trainer/app/pages/profile_page.py",
)
DRILL, PROJECTOR = (
    "klaverjas_trainer/app/pages/drill_page.py",
    "klaverjas_trainer/app/pages/projector_page.py",
)


@pytest.fixture
def data_dir(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The flows' data folder, with no teacher password yet, and nothing cached of another."""
    monkeypatch.delenv("KLAVERJAS_TEACHER_PASSWORD", raising=False)
    _store.clear()
    _announce_setup_code.clear()
    return data_dir


def club_of(data_dir: Path) -> ClubStore:
    return ClubStore(ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}")))


def new_session() -> AppTest:
    return AppTest.from_file(APP, default_timeout=60).run()


def teacher_creates_a_group_with_a_set(app: AppTest) -> None:
    app.switch_page(TEACHER).run()
    (data_dir,) = {Path(os.environ["KLAVERJAS_DATA_DIR"])}
    code = club_of(data_dir).setup_code()  # what the server printed in its log
    assert code is not None
    app.text_input(key="setup_code").set_value(code.lower().replace("-", " "))
    app.text_input(key="new_password").set_value("klaverjas")
    app.text_input(key="new_password2").set_value("klaverjas")
    app.form_submit_button(key="set_password").click().run()
    assert not app.exception
    app.text_input(key="group_name").set_value("Tuesday <b>beginners</b>")
    app.form_submit_button(key="create_group").click().run()
    assert not app.exception
    assert app.text_input(key="group_name").value == ""  # emptied for the next group
    assert any(s.value.startswith("Group **Tuesday") for s in app.success)
    app.radio(key="assign_what").set_value("set")
    app.selectbox(key="assign_kind").set_value("which-cards")
    app.selectbox(key="assign_rule").set_value("play.no-undertrump")
    app.number_input(key="assign_count").set_value(2)
    app.number_input(key="assign_seed").set_value(11)
    app.form_submit_button(key="assign_button").click().run()
    assert not app.exception
    assert any(s.value.startswith("Assigned: ") for s in app.success)  # and what


def member_session(code: str, name: str) -> AppTest:
    """A new browser session of a group member, joined with the code (typed in lower case)."""
    app = new_session()
    app.switch_page(PROFILE).run()
    app.text_input(key="join_code").set_value(code.lower())
    app.text_input(key="join_name").set_value(name)
    app.form_submit_button(key="join_button").click().run()
    assert not app.exception and not app.error
    return app


def learner_answers_the_set(data_dir: Path, code: str, name: str, right: bool) -> None:
    app = member_session(code, name)
    app.switch_page(DRILL).run()
    (assignment,) = club_of(data_dir).assignments(club_of(data_dir).group_by_code(code).id)
    app.button(key=f"assignment-{assignment.id}").click().run()
    assert not app.exception
    assert any("Assignment: puzzle 1 of 2" in m.value for m in app.markdown)
    puzzle = app.session_state["drill"].choice.puzzle
    assert puzzle == generate("which-cards", "play.no-undertrump", seed=11, rules=puzzle.rules)
    assert puzzle.seed == 11 and puzzle.rule.value == "play.no-undertrump"
    wrong = [c for c in puzzle.content.hand if c not in puzzle.answer.cards][:1]
    app.pills[0].set_value(list(puzzle.answer.cards) if right else wrong)
    app.form_submit_button[0].click().run()
    assert not app.exception


def test_a_club_evening(data_dir: Path) -> None:
    teacher = new_session()
    teacher_creates_a_group_with_a_set(teacher)
    (group,) = club_of(data_dir).groups()
    assert group.name == "Tuesday <b>beginners</b>"
    words = [m.value for m in teacher.markdown if 'class="kj-join ' not in m.value]  # not the QR
    (join,) = [said for said in words if group.code in said]
    assert join.endswith("Amsterdam rules") or " · Amsterdam rules · " in join  # words, not ids
    assert not any("<b>" in m.value for m in teacher.success)  # the name is escaped

    learner_answers_the_set(data_dir, group.code, "Anna", right=True)
    learner_answers_the_set(data_dir, group.code, "Bert", right=False)

    teacher.switch_page(TEACHER).run()
    assert not teacher.exception
    frames = [frame.value for frame in teacher.dataframe]
    heat = frames[0]
    # Too few answers for a verdict, but each gets a cell (right/answers), Bert's first.
    assert list(heat.index) == ["Bert", "Anna"] and list(heat.iloc[:, 0]) == ["0/1", "1/1"]
    assert heat.index.name == "Learner"
    done = next(frame for frame in frames if any("2 puzzles" in str(c) for c in frame.columns))
    assert list(done.index) == ["Anna", "Bert"]
    assert list(done.iloc[:, 0]) == ["50%", "50%"]
    picks = frames[-2]  # how many chose each card
    assert picks["Learners"].sum() >= 2 and set(picks["Puzzle "]) == {1}
    spread = frames[-1]
    assert sorted(spread["Learners"]) == [1, 1]
    assert sorted(spread["Right?"]) == [False, True]

    teacher.switch_page(PROJECTOR).run()
    assert not teacher.exception
    assert "Puzzle 1 of 2" in [m.value for m in teacher.markdown]  # in the presenter's bar
    assert teacher.button(key="presenter_previous").disabled  # the first puzzle
    assert not any(m.value.startswith("## ") for m in teacher.markdown)  # not yet revealed
    teacher.button(key="presenter_reveal").click().run()
    assert not teacher.exception
    assert any(m.value.startswith("## ") for m in teacher.markdown)  # the answer, large
    marked = [m.value for m in teacher.markdown if 'class="kj-row' in m.value]  # the hand
    assert marked and "kj-legal" in marked[-1]  # each card marked as the answer says
    assert teacher.button(key="presenter_reveal").label == "Hide the answer"
    teacher.button(key="presenter_next").click().run()  # the next puzzle
    assert "Puzzle 2 of 2" in [m.value for m in teacher.markdown]
    assert teacher.button(key="presenter_next").disabled  # the last one
    assert teacher.button(key="presenter_reveal").label == "Show the answer"
    assert not any(m.value.startswith("## ") for m in teacher.markdown)  # not shown at once
    teacher.button(key="presenter_previous").click().run()
    assert "Puzzle 1 of 2" in [m.value for m in teacher.markdown]
    assert not any(m.value.startswith("## ") for m in teacher.markdown)


def test_teacher_pages_need_the_password(data_dir: Path) -> None:
    club_of(data_dir).set_teacher_password("secret-1")
    app = new_session()
    app.switch_page(TEACHER).run()
    app.text_input(key="teacher_password").set_value("guess")
    app.form_submit_button(key="teacher_sign_in").click().run()
    assert "That password is not right." in app.error[0].value
    assert not app.tabs
    app.switch_page(PROJECTOR).run()
    assert "This page is for the teacher" in app.info[0].value


def test_a_learner_with_a_pin_cannot_be_impersonated(data_dir: Path) -> None:
    group = club_of(data_dir).create_group("Club", "amsterdam")
    club_of(data_dir).join(group.code, "Anna", pin="1234")
    app = new_session()
    app.switch_page(PROFILE).run()
    app.text_input(key="join_code").set_value(group.code)
    app.text_input(key="join_name").set_value("Anna")
    app.text_input(key="join_pin").set_value("0000")
    app.form_submit_button(key="join_button").click().run()
    assert "PIN does not match" in app.error[0].value


@pytest.mark.security
def test_the_first_visitor_cannot_take_the_club_without_the_set_up_code(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stranger = new_session()
    stranger.switch_page(TEACHER).run()
    code = club_of(data_dir).setup_code()
    assert code is not None and f"Set-up code for the Club page: {code}" in capsys.readouterr().err
    assert not any(code in m.value for m in stranger.markdown)  # in the log, not the page
    stranger.text_input(key="setup_code").set_value("AAAA-BBBB-CCCC")
    stranger.text_input(key="new_password").set_value("mine-now")
    stranger.text_input(key="new_password2").set_value("mine-now")
    stranger.form_submit_button(key="set_password").click().run()
    assert "set-up code is not right" in stranger.error[0].value
    assert not club_of(data_dir).teacher_password_set()
    assert club_of(data_dir).setup_code() is not None  # still waiting for the real teacher


@pytest.mark.security
def test_the_teacher_signs_out_and_is_signed_out_when_idle(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club_of(data_dir).set_teacher_password("secret-1")
    app = new_session()
    app.switch_page(TEACHER).run()
    app.text_input(key="teacher_password").set_value("secret-1")
    app.form_submit_button(key="teacher_sign_in").click().run()
    assert not app.exception and app.sidebar.button(key="teacher_sign_out")
    app.sidebar.button(key="teacher_sign_out").click().run()
    assert app.text_input(key="teacher_password")  # asked again
    app.switch_page(PROJECTOR).run()
    assert "This page is for the teacher" in app.info[0].value
    monkeypatch.setenv("KLAVERJAS_TEACHER_IDLE_MINUTES", "0")
    app.switch_page(TEACHER).run()
    app.text_input(key="teacher_password").set_value("secret-1")
    app.form_submit_button(key="teacher_sign_in").click().run()  # its rerun is already idle
    assert "signed out of the teacher pages after 0 minutes" in app.info[0].value
    assert app.text_input(key="teacher_password")


@pytest.mark.security
def test_guessing_a_members_pin_is_told_to_wait(data_dir: Path) -> None:
    group = club_of(data_dir).create_group("Club", "amsterdam")
    club_of(data_dir).join(group.code, "Anna", pin="7391")
    guesser = new_session()
    guesser.switch_page(PROFILE).run()
    said = []
    for guess in range(7):
        guesser.text_input(key="join_code").set_value(group.code)
        guesser.text_input(key="join_name").set_value("Anna")
        guesser.text_input(key="join_pin").set_value(f"{guess:04d}")
        guesser.form_submit_button(key="join_button").click().run()
        said.append(guesser.error[0].value)
    assert all("PIN does not match" in words for words in said[:5])
    assert all("please wait 1 min and try again" in words for words in said[5:])


def test_a_who_revoked_set_does_not_name_its_rule_to_the_learner(data_dir: Path) -> None:
    """The broken rule is half of a who-revoked answer; the teacher chose it and sees it."""
    club = club_of(data_dir)
    group = club.create_group("Dinsdag", "amsterdam")
    club.assign(group.id, kind="who-revoked", rule="play.must-overtrump", count=3, seed=2)
    app = member_session(group.code, "Anna")
    app.switch_page(DRILL).run()
    assert not app.exception
    (listed,) = [m.value for m in app.markdown if "3 puzzles" in m.value]
    assert listed.startswith("**3 puzzles: Who revoked? · level 1**")
    assert "Must overtrump" not in listed
    (work,) = club.assignments(group.id)
    with texts.language("en"):
        assert "Must overtrump" in describe(work, load_course())  # the teacher's lists


def test_the_teacher_sees_who_shows_each_wrong_rule(data_dir: Path) -> None:
    teacher = new_session()
    teacher_creates_a_group_with_a_set(teacher)
    clubs = club_of(data_dir)
    (group,) = clubs.groups()
    teacher.switch_page(TEACHER).run()
    assert "The trainer sees no wrong rule in this group's answers yet." in [
        c.value for c in teacher.caption
    ]
    findings = Findings(clubs.store)
    bert, cora = clubs.join(group.code, "Bert").id, clubs.join(group.code, "Cora").id
    findings.keep(bert, group.rules, ["always-overtrump"])
    findings.keep(cora, group.rules, ["always-overtrump", "discard-when-void"])
    findings.keep(cora, group.rules, ["discard-when-void"])
    findings.keep(cora, "rotterdam", ["undertrump-freely"])  # not the group's rules: left out
    teacher.switch_page(TEACHER).run()
    assert not teacher.exception
    (table,) = [t.value for t in teacher.table]
    rows = table.to_dict("records")
    assert rows == [
        {"Wrong rule": "Always overtrumping, even over the partner", "Learners": "Bert",
         "No longer seen": "Cora"},
        {"Wrong rule": "Discarding while holding a trump", "Learners": "Cora",
         "No longer seen": ""},
    ]  # fmt: skip


def test_a_learners_report_reaches_the_teacher_with_its_position(data_dir: Path) -> None:
    teacher = new_session()
    teacher_creates_a_group_with_a_set(teacher)
    (group,) = club_of(data_dir).groups()
    learner_answers_the_set(data_dir, group.code, "Anna", right=False)  # a wrong answer kept
    # ... then Anna reports the puzzle, in the same session: its own run of the drill page
    app = member_session(group.code, "Anna")
    app.switch_page(DRILL).run()
    puzzle = app.session_state["drill"].choice.puzzle
    note = f"report-note-drill-{puzzle.id}"
    app.session_state[fold_key(f"drill-{puzzle.id}")] = True  # unfolded: the form is drawn
    app.run()
    app.text_area(key=note).set_value("<b>7♦</b> *mag* toch?")
    app.button(key=f"report-send-drill-{puzzle.id}").click().run()
    assert not app.exception
    assert [s.value for s in app.success][-1] == (
        "Thank you: the teacher sees your report with this position."
    )
    app.text_area(key=note).set_value("again")
    app.button(key=f"report-send-drill-{puzzle.id}").click().run()
    assert [w.value for w in app.warning][-1] == (
        "That won't do: you reported this already; the teacher has not looked at it yet."
    )

    teacher.switch_page(TEACHER).run()
    assert not teacher.exception
    said = [m.value for m in teacher.markdown]
    group_words = "Tuesday &lt;b&gt;beginners&lt;/b&gt;"  # escaped: the teacher typed it
    assert any(line.startswith(f"**Anna** · {group_words} · ") for line in said)
    assert any(line.endswith(" · English") for line in said)  # the language it was read in
    assert "Their note: &lt;b&gt;7♦&lt;/b&gt; \\*mag\\* toch?" in said  # escaped, not drawn
    given = app.session_state["drill"].given
    reply = puzzle.question.decode(given)
    assert f"Their reply: {describe_answer(puzzle.kind, puzzle.content, reply)}" in said
    assert (
        f"The trainer's answer: {describe_answer(puzzle.kind, puzzle.content, puzzle.answer)}"
        in said
    )
    assert any('class="kj-row' in line for line in said)  # the position, drawn
    (row,) = Reports(club_of(data_dir).store).open_reports().to_dict("records")
    teacher.button(key=f"resolve-{row['id']}").click().run()
    assert not teacher.exception
    assert "No open reports." in [c.value for c in teacher.caption]
    assert "1 report resolved" in [c.value for c in teacher.caption]


def test_the_same_set_assigned_twice_keeps_the_club_page_and_can_be_closed(
    data_dir: Path,
) -> None:
    """Assign pressed twice (the same set): two columns that tell the sets apart, the page
    whole below them, and Close takes one away with its answers kept (issue 34, D22)."""
    teacher = new_session()
    teacher_creates_a_group_with_a_set(teacher)
    (group,) = club_of(data_dir).groups()
    learner_answers_the_set(data_dir, group.code, "Anna", right=True)
    teacher.switch_page(TEACHER).run()
    teacher.form_submit_button(key="assign_button").click().run()  # the same set again
    teacher.run()  # the dashboard, drawn above the form, as the next visit shows it
    assert not teacher.exception
    first, second = club_of(data_dir).assignments(group.id)
    frames = [f.value for f in teacher.dataframe]
    done = next(f for f in frames if any("2 puzzles" in str(c) for c in f.columns))
    assert list(done.columns) == [describe(first, load_course()), describe(second, load_course())]
    assert done.columns[0] != done.columns[1]
    assert teacher.form_submit_button(key="assign_button")  # the form below still drawn
    teacher.button(key=f"close-assignment-{first.id}").click().run()
    assert not teacher.exception
    assert [a.id for a in club_of(data_dir).assignments(group.id)] == [second.id]
    assert not any(
        describe(first, load_course()) in str(c) for f in teacher.dataframe for c in f.value.columns
    )
    answered = club_of(data_dir).assignment_answers(group.id)
    assert first.id in set(answered["assignment_id"])  # its answers are kept
    teacher.button(key=f"reopen-assignment-{first.id}").click().run()
    assert [a.id for a in club_of(data_dir).assignments(group.id)] == [first.id, second.id]
    member = member_session(group.code, "Bert")  # a member's list tells the two apart too
    member.switch_page(DRILL).run()
    labels = [m.value for m in member.markdown if m.value.startswith("**#")]
    assert [label.split(" · ", 1)[0] for label in labels] == [f"**#{first.id}", f"**#{second.id}"]


def test_a_members_name_typed_on_home_offers_the_group_sign_in(data_dir: Path) -> None:
    """A member types her name on Home on another phone: no second, empty profile; she is told
    the name is a group member's and signs in with the group's code there (issue 34, A3)."""
    teacher = new_session()
    teacher_creates_a_group_with_a_set(teacher)
    (group,) = club_of(data_dir).groups()
    member_session(group.code, "Anna")
    phone = new_session()
    phone.text_input(key="new_name").set_value("Anna")
    phone.form_submit_button(key="start_button").click().run()
    assert not phone.exception
    store = club_of(data_dir).store
    assert [learner.name for learner in store.learners()] == []  # no personal "Anna" made
    assert any("is the name of a member of a club group" in w.value for w in phone.warning)
    assert phone.text_input(key="join_name").value == "Anna"  # the group's sign-in, filled in
    phone.text_input(key="join_code").set_value(group.code)
    phone.form_submit_button(key="join_button").click().run()
    assert not phone.exception
    assert phone.session_state["profile"].group.code == group.code  # signed in as the member
    other = new_session()  # someone else called Anna starts her own profile all the same
    other.text_input(key="new_name").set_value("Anna")
    other.form_submit_button(key="start_button").click().run()
    other.button(key="name_new_anyway").click().run()
    assert not other.exception
    assert [learner.name for learner in store.learners()] == ["Anna"]
