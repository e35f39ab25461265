"""A deleted member's identity never goes to someone else: learner ids are never handed out
twice, so the deleted member's remembered device and open tab cannot become the newcomer's.
SQLite would give the next row the id of a deleted newest row; PostgreSQL's sequence never
repeats one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from klaverjas_trainer.storage import ProgressStore, StorageError, make_engine
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.store import AnswerRecord

pytestmark = pytest.mark.security


@pytest.fixture
def club(database: str) -> Iterator[ClubStore]:
    engine = make_engine(database)
    yield ClubStore(ProgressStore(engine))
    engine.dispose()


def an_answer() -> AnswerRecord:
    return AnswerRecord(
        source="lesson", item_id="x", kind="which-cards", rule="play.follow-suit",
        tags=("play.follow-suit",), rules="amsterdam", level=1, given='{"cards":[]}',
        correct=True, seconds=1.0,
    )  # fmt: skip


def test_a_newcomer_never_gets_a_deleted_members_id_device_or_tab(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam")
    club.join(group.code, "Anna", pin="7391")
    deleted = club.join(group.code, "Bert", pin="2468")  # the newest row
    device = club.store.remember(deleted)
    club.delete_learner(group.id, deleted.id)
    newcomer = club.join(group.code, "Carla", pin="1357")
    assert newcomer.id != deleted.id
    assert club.remembered(device) is None  # Bert's phone does not open Carla's profile
    with pytest.raises(StorageError):  # nor does Bert's open tab answer as her
        club.store.record(deleted.id, an_answer())
    assert club.store.answer_count(newcomer.id) == 0


def test_ids_stay_unique_over_many_deletions_of_the_newest(club: ClubStore) -> None:
    group = club.create_group("Club", "amsterdam")
    given = []
    for n in range(6):
        member = club.join(group.code, f"Member {n}")
        given.append(member.id)
        club.delete_learner(group.id, member.id)
    assert len(set(given)) == len(given)
