"""Schema 2 on a copy of a real schema-1 database (``tests/data/progress_v1.sql``, made by the
trainer before replies were facts): every row keeps its meaning, none is lost."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import select

from klaverjas_questions import KINDS, question_kind
from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.legacy import convert
from klaverjas_trainer.storage.schema import LATEST, assignments, migrate, schema_version
from lessons import load_course
from puzzles import generate

OLD_DATABASE = Path(__file__).parent / "data" / "progress_v1.sql"
COLUMNS = "id, source, kind, rule, rules, level, seed, item_id, given, correct"


@pytest.fixture
def old_database(tmp_path: Path) -> Path:
    path = tmp_path / "trainer.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.executescript(OLD_DATABASE.read_text(encoding="utf-8"))
    return path


def rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT {COLUMNS} FROM answers ORDER BY id").fetchall()


def test_the_old_database_holds_every_kind_as_the_old_app_stored_it(old_database: Path) -> None:
    before = rows(old_database)
    kinds = {(source, kind) for _, source, kind, *_ in before}
    assert len(before) == 255 and len(kinds) == 22
    assert ("lesson", "legal-cards") in kinds and ("puzzle", "count-trick") in kinds


def test_migration_2_keeps_every_answer_and_its_meaning(old_database: Path) -> None:
    before = rows(old_database)
    engine = make_engine(f"sqlite:///{old_database}")
    ProgressStore(engine)  # opening the store migrates
    after = rows(old_database)
    assert [row[0] for row in after] == [row[0] for row in before]  # no row lost or added
    checks = {
        f"{lesson.id}/{index}": step.check
        for lesson in load_course().lessons
        for index, step in enumerate(lesson.steps)
        if step.check is not None
    }
    renamed = set()
    for old, new in zip(before, after, strict=True):
        _, source, kind, rule, rules, level, seed, item_id, given, correct = new
        assert new[9] == old[9] and new[3] == old[3]  # right/wrong and the rule are kept
        assert kind in KINDS and '"legacy"' not in str(given), (old, new)
        question = question_kind(str(kind))
        reply = question.decode(str(given))
        assert question.encode(reply) == given  # canonical
        if source == "lesson":
            check = checks[str(item_id)]
            assert check.kind is question and check.grade(reply).correct == bool(correct)
        else:
            # A version-1 database was answered on the puzzles of generators version 1.
            puzzle = generate(str(kind), str(rule), seed=int(str(seed)), rules=str(rules),
                              level=int(str(level)), version=1)  # fmt: skip
            graded = question.grade(puzzle.content, puzzle.rules, reply)
            assert graded.correct == bool(correct), (old, new)
        if kind != old[2]:
            renamed.add((old[2], kind))
    assert renamed == {
        ("legal-cards", "which-cards"), ("trick-winner", "count-trick"),
        ("trick-points", "count-trick"), ("trick-roem", "count-trick"),
        ("nat", "is-nat"), ("deal-score", "is-nat"),
    }  # fmt: skip
    with engine.connect() as connection:
        assert connection.execute(select(schema_version.c.version)).scalar() == LATEST == 17
        versions = connection.execute(select(assignments.c.generator_version)).scalars().all()
    assert versions == [1]
    assert migrate(engine) == LATEST and rows(old_database) == after  # a second start: no change


@pytest.mark.parametrize(
    ("source", "kind", "given", "expected"),
    [
        ("puzzle", "which-cards", "", ("which-cards", '{"cards":[]}')),
        ("puzzle", "card-legal", "-", ("card-legal", '{"legal":null}')),
        ("puzzle", "amsterdam-or-rotterdam", "A:  / R: 7♥",
         ("amsterdam-or-rotterdam", '{"amsterdam":[],"rotterdam":["7♥"]}')),
        ("puzzle", "who-revoked", "card=None, rule=None",
         ("who-revoked", '{"card":null,"rule":null,"seat":null,"trick":null}')),
        ("lesson", "nat", "nat, 0 to 182", ("is-nat", '{"nat":true,"points":[0,182]}')),
        ("lesson", "trick-winner", "A♣",
         ("count-trick", '{"points":null,"roem":null,"winner":"A♣"}')),
        ("puzzle", "which-cards", "Q♥ 1X", ("which-cards", '{"legacy":"Q♥ 1X"}')),
        ("lesson", "partner", "Somebody", ("partner", '{"legacy":"Somebody"}')),
    ],
)  # fmt: skip
def test_old_replies_convert_or_are_kept_as_they_were(
    source: str, kind: str, given: str, expected: tuple[str, str]
) -> None:
    assert convert(source, kind, given, lambda index: None) == expected
