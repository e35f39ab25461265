"""Club mode data: join codes, PINs, the teacher password, assignments, group isolation, the
dashboard's numbers, and deleting a learner with all their data."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from klaverjas_core import parse_cards
from klaverjas_questions.positions import WHICH_CARDS, CardsAnswer
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, make_engine
from klaverjas_trainer.storage.__main__ import main as storage_main
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.club_stats import (
    answer_spread,
    card_choices,
    completion,
    heatmap,
    weakest_rules,
)
from klaverjas_trainer.storage.stats import MIN_ANSWERS


@pytest.fixture
def club(tmp_path: Path) -> ClubStore:
    return ClubStore(ProgressStore(make_engine(f"sqlite:///{tmp_path / 'club.sqlite3'}")))


def answer(rule: str, correct: bool, item: str = "p1", given: str = "Q♥") -> AnswerRecord:
    """A which-cards answer choosing the cards in `given`, stored as the canonical reply."""
    reply = CardsAnswer.of(parse_cards(given))
    return AnswerRecord("puzzle", item, "which-cards", rule, (rule,), "amsterdam", 1,
                        WHICH_CARDS.encode(reply), correct, 1.0, seed=1)  # fmt: skip


def test_a_group_gets_a_short_unambiguous_code(club: ClubStore) -> None:
    group = club.create_group("Tuesday beginners", "rotterdam+four_low_100")
    assert len(group.code) == 6 and not set(group.code) & set("01OI")
    assert club.group_by_code(f" {group.code.lower()} ") == group


def test_joining_with_the_code_gives_the_group_rules(club: ClubStore) -> None:
    group = club.create_group("Club", "rotterdam+four_low_100")
    anna = club.join(group.code, "Anna")
    assert anna.settings == {"rules": "rotterdam", "variants": ["four_low_100"], "group": group.id}
    assert club.join(group.code, "Anna").id == anna.id  # joining again is the same learner
    with pytest.raises(ValueError, match="no group with the code"):
        club.join("ZZZZZZ", "Anna")


def test_joining_again_keeps_the_members_own_language(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam", language="nl")
    anna = club.join(group.code, "Anna")
    club.store.save_settings(anna.id, anna.settings | {"language": "uk"})
    again = club.join(group.code, "Anna")
    assert again.settings["language"] == "uk"
    assert again.settings["rules"] == "amsterdam" and again.settings["group"] == group.id


def test_the_same_name_in_two_groups_and_at_home_are_three_people(club: ClubStore) -> None:
    first, second = club.create_group("A", "amsterdam"), club.create_group("B", "amsterdam")
    ids = {club.join(first.code, "Anna").id, club.join(second.code, "Anna").id,
           club.store.learner("Anna").id}  # fmt: skip
    assert len(ids) == 3
    assert [learner.name for learner in club.store.learners()] == ["Anna"]  # members not listed


def test_a_pin_protects_a_name(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam")
    club.join(group.code, "Anna", pin="1234")
    assert club.join(group.code, "Anna", pin="1234").name == "Anna"
    with pytest.raises(ValueError, match="PIN does not match"):
        club.join(group.code, "Anna", pin="9999")
    with pytest.raises(ValueError, match="PIN does not match"):
        club.join(group.code, "Anna")
    with pytest.raises(ValueError, match="four digits"):
        club.join(group.code, "Bert", pin="12")


def test_the_teacher_password_is_stored_hashed(club: ClubStore) -> None:
    assert not club.teacher_password_set()
    with pytest.raises(ValueError, match="at least 6"):
        club.set_teacher_password("abc")
    club.set_teacher_password("klaverjas")
    assert club.check_teacher_password("klaverjas")
    assert not club.check_teacher_password("wrong")
    stored = club._stored_password()
    assert stored is not None and "klaverjas" not in stored and stored.startswith("scrypt:")
    with pytest.raises(ValueError, match="already set"):
        club.set_teacher_password("another one")


def test_a_server_password_from_the_environment(
    club: ClubStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "from-the-server")
    assert club.teacher_password_set()
    assert club.check_teacher_password("from-the-server")
    assert not club.check_teacher_password("guess")


def test_one_groups_answers_never_include_another_groups(club: ClubStore) -> None:
    first, second = club.create_group("A", "amsterdam"), club.create_group("B", "amsterdam")
    anna, bert = club.join(first.code, "Anna"), club.join(second.code, "Bert")
    club.store.record(anna.id, answer("play.follow-suit", True))
    club.store.record(bert.id, answer("play.must-trump", False))
    club.store.record(club.store.learner("Home").id, answer("play.lead-any", True))
    assert list(club.group_answers(first.id)["learner"]) == ["Anna"]
    assert list(club.group_answers(second.id)["learner"]) == ["Bert"]
    assert [m.name for m in club.members(first.id)] == ["Anna"]


def test_dashboard_numbers(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam")
    anna, bert = club.join(group.code, "Anna"), club.join(group.code, "Bert")
    shared = club.assign(group.id, kind="which-cards", rule="play.no-undertrump", count=2, seed=9)
    lesson = club.assign(group.id, lesson_id="roem")
    for n in range(MIN_ANSWERS):
        club.store.record(anna.id, answer("play.follow-suit", True, f"x{n}"))
        club.store.record(bert.id, answer("play.follow-suit", n == 0, f"x{n}"))
    club.store.record(anna.id, answer("play.no-undertrump", True, "p1", "7♦ 8♠"),
                      assignment_id=shared.id)  # fmt: skip
    club.store.record(bert.id, answer("play.no-undertrump", False, "p1", "Q♥"),
                      assignment_id=shared.id)  # fmt: skip
    club.store.save_lesson_step(anna.id, "roem", 5, completed=True)
    totals = club.rule_totals(group.id)
    assigned = club.assignment_answers(group.id)

    grid = heatmap(totals)
    assert grid.loc["Anna", "play.follow-suit"] == 1.0
    assert grid.loc["Bert", "play.follow-suit"] == pytest.approx(0.2)
    assert grid["play.no-undertrump"].isna().all()  # one answer each: not enough yet
    assert weakest_rules(totals)["rule"].tolist() == ["play.follow-suit"]

    done = completion(assigned, club.lessons_completed(group.id), ["Anna", "Bert"],
                      club.assignments(group.id))  # fmt: skip
    assert done.loc["Anna", shared.id] == 0.5 and done.loc["Bert", shared.id] == 0.5
    assert done.loc["Anna", lesson.id] == 1.0 and done.loc["Bert", lesson.id] == 0.0

    picks = card_choices(assigned, shared.id)
    assert dict(zip(picks["card"], picks["learners"], strict=True)) == {"7♦": 1, "8♠": 1, "Q♥": 1}
    spread = answer_spread(assigned, shared.id)
    assert sorted(zip(spread["given"], spread["learners"], strict=True)) == [
        ('{"cards":["7♦","8♠"]}', 1),
        ('{"cards":["Q♥"]}', 1),
    ]


def test_deleting_a_learner_removes_all_their_data(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam")
    anna, bert = club.join(group.code, "Anna"), club.join(group.code, "Bert")
    club.store.record(anna.id, answer("play.follow-suit", True))
    club.store.record(bert.id, answer("play.follow-suit", True))
    club.store.save_lesson_step(anna.id, "roem", 2, completed=False)
    club.delete_learner(group.id, anna.id)
    assert [m.name for m in club.members(group.id)] == ["Bert"]
    assert club.store.answer_count(anna.id) == 0 and club.store.lesson_steps(anna.id) == {}
    assert club.store.answer_count(bert.id) == 1


def test_an_assignment_is_a_lesson_or_a_puzzle_set(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam")
    with pytest.raises(ValueError, match="either a lesson or a puzzle set"):
        club.assign(group.id)
    with pytest.raises(ValueError, match="1 to 50 puzzles"):
        club.assign(group.id, kind="which-cards", rule="play.follow-suit", count=0)
    with pytest.raises(ValueError, match="rule that the trainer knows, not 'which-cards' and 'x'"):
        club.assign(group.id, kind="which-cards", rule="x", count=5)  # nothing could draw it
    with pytest.raises(ValueError, match=r"not 'which-card' and 'play\.follow-suit'"):
        club.assign(group.id, kind="which-card", rule="play.follow-suit", count=5)
    assert club.assignments(group.id) == []
    assert os.environ.get("KLAVERJAS_TEACHER_PASSWORD") is None


@pytest.mark.security
def test_the_first_password_needs_the_set_up_code(club: ClubStore) -> None:
    code = club.setup_code()
    assert code is not None and len(code) == 14 and club.setup_code() == code  # one code
    with pytest.raises(ValueError, match="set-up code is not right"):
        club.claim_teacher("AAAA-BBBB-CCCC", "klaverjas")
    with pytest.raises(ValueError, match="set-up code is not right"):
        club.claim_teacher(code + "X", "klaverjas")
    assert not club.teacher_password_set()
    club.claim_teacher(f" {code.lower()} ", "klaverjas")
    assert club.check_teacher_password("klaverjas")
    assert club.setup_code() is None  # used up: nobody else can claim the club
    with pytest.raises(ValueError, match="set-up code is not right"):
        club.claim_teacher(code, "taken-over")


@pytest.mark.security
def test_the_operator_sets_or_replaces_the_password_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("KLAVERJAS_DATABASE_URL", raising=False)
    monkeypatch.delenv("KLAVERJAS_TEACHER_PASSWORD", raising=False)
    monkeypatch.setenv("KLAVERJAS_DATA_DIR", str(tmp_path))
    for password in ("first-one", "second-one"):
        monkeypatch.setattr("sys.stdin", io.StringIO(password + "\n"))
        assert storage_main(["teacher-password"]) == 0
    club = ClubStore(ProgressStore())
    assert club.check_teacher_password("second-one") and not club.check_teacher_password(
        "first-one"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert storage_main(["teacher-password"]) == 2
    assert "at least 6" in capsys.readouterr().err
