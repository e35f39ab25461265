"""Real faults, not simulated ones: the database's disk really fills up (a small tmpfs), and
PostgreSQL is really stopped and started again, while a learner answers a drill and plays at
the table. Counted each time: answers acknowledged on the page against answers stored."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_trainer.app.services import _store
from klaverjas_trainer.storage import ProgressStore, make_engine

from .conftest import postgres_url
from .streamlit_server import free_port
from .test_app_flows import DRILL, drill_puzzle, fresh_app, sign_in
from .test_faults import acknowledged
from .test_play_flows import game_of, start, step

pytestmark = pytest.mark.security  # the trust probes (issue 15)


class SmallDisk:
    """A 3 MB tmpfs holding the database; `fill` takes every free byte, `free` gives it back."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.filler = path / "filler"

    def fill(self) -> None:
        chunk = b"\0" * 4096
        handle = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            while True:
                os.write(handle, chunk)
        except OSError:
            pass  # no space left
        finally:
            os.close(handle)
        assert os.statvfs(self.path).f_bavail == 0

    def free(self) -> None:
        self.filler.unlink()


@pytest.fixture
def small_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SmallDisk]:
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(mount)],
        check=False,
        capture_output=True,
    )
    if done.returncode != 0:
        if os.environ.get("CI"):
            pytest.fail(f"CI must be able to mount a small tmpfs: {done.stderr.decode()}")
        pytest.skip("cannot mount a tmpfs here (needs root)")
    monkeypatch.delenv("KLAVERJAS_DATABASE_URL", raising=False)
    monkeypatch.setenv("KLAVERJAS_DATA_DIR", str(mount))
    monkeypatch.setenv("KLAVERJAS_PLAY_PACE", "0")
    try:
        yield SmallDisk(mount)
    finally:
        _store.clear()
        subprocess.run(["umount", "-l", str(mount)], check=False)


def answers_in(folder: Path) -> int:
    store = ProgressStore(make_engine(f"sqlite:///{folder / 'trainer.sqlite3'}"))
    try:
        return store.answer_count()
    finally:
        store.engine.dispose()


def answer_right(app: AppTest) -> None:
    puzzle = drill_puzzle(app)
    app.pills[0].set_value(list(puzzle.answer.cards))
    app.form_submit_button[0].click().run()


def test_a_full_disk_refuses_the_answer_and_nothing_unsaved_is_shown_graded(
    small_disk: SmallDisk,
) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_kind").set_value("which-cards").run()
    answer_right(app)
    assert acknowledged(app) == 1 and answers_in(small_disk.path) == 1
    app.button(key="next_button").click().run()
    small_disk.fill()
    shown = 0
    for _ in range(3):  # a few answers while the disk is full
        answer_right(app)
        shown += acknowledged(app)
        assert not app.exception
    assert shown == 0 and "cannot be saved right now" in app.error[0].value
    small_disk.free()
    app.run()  # the same page once space is back: still not graded
    assert acknowledged(app) == 0 and answers_in(small_disk.path) == 1
    app.form_submit_button[0].click().run()  # one more tap stores and grades it
    assert acknowledged(app) == 1 and answers_in(small_disk.path) == 2


def test_a_full_disk_holds_the_game_at_the_table_until_the_move_is_stored(
    small_disk: SmallDisk,
) -> None:
    app = start(sign_in(fresh_app(), "Bram"), seed=101)
    for _ in range(5):
        step(app)
    before = game_of(app).to_dict()
    small_disk.fill()
    step(app)
    assert any("cannot be saved right now" in e.value for e in app.error)
    assert game_of(app).to_dict() == before  # the move did not happen
    small_disk.free()
    step(app)
    assert game_of(app).to_dict() != before and not app.error
    saved = ProgressStore(make_engine(f"sqlite:///{small_disk.path / 'trainer.sqlite3'}"))
    learner = next(found for found in saved.learners() if found.name == "Bram")
    stored_game = saved.load_game(learner.id)
    assert stored_game is not None and stored_game[0] == game_of(app).to_dict()
    assert saved.answer_count(learner.id) == len(game_of(app).steps())
    saved.engine.dispose()


class Postgres:
    """A PostgreSQL server of this test's own, stopped and started for real. It is not the
    server the other tests share: they may be running beside this one (pytest-xdist), and a
    stop would cut them off. Made with Debian's `initdb` in a folder of its own, run as the
    `postgres` user (the server refuses root) on a free port of 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        version = sorted(os.listdir("/usr/lib/postgresql"), key=int)[-1]
        self.bin = Path("/usr/lib/postgresql") / version / "bin"
        self.folder = folder
        self.port = free_port()
        self.url = f"postgresql+psycopg://trainer@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *arguments: str) -> None:
        subprocess.run(
            ["runuser", "-u", "postgres", "--", str(self.bin / program), *arguments],
            check=True,
            capture_output=True,
        )

    def create(self) -> None:
        shutil.chown(self.folder, "postgres")
        self._run("initdb", "-D", str(self.folder / "data"), "-U", "trainer", "--auth=trust")
        self.start()

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")

    def ready(self) -> bool:
        ready = ["pg_isready", "-h", "127.0.0.1", "-p", str(self.port), "-q"]
        return subprocess.run(ready, check=False).returncode == 0

    def start(self) -> None:
        if self.ready():
            return
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-o", options, "-w",
                  "-l", str(self.folder / "server.log"), "start")  # fmt: skip
        assert self.ready(), "PostgreSQL did not come back"

    def answers(self) -> int:
        store = ProgressStore(make_engine(self.url))
        try:
            return store.answer_count()
        finally:
            store.engine.dispose()


@pytest.fixture
def postgres(monkeypatch: pytest.MonkeyPatch) -> Iterator[Postgres]:
    postgres_url()  # only where the suite has PostgreSQL (CI must)
    if os.geteuid() != 0:
        pytest.skip("a server of its own is started as the postgres user: needs root")
    server = Postgres(Path(tempfile.mkdtemp(prefix="kj-postgres-")))
    server.create()
    monkeypatch.setenv("KLAVERJAS_DATABASE_URL", server.url)
    monkeypatch.setenv("KLAVERJAS_PLAY_PACE", "0")
    try:
        yield server
    finally:
        _store.clear()
        with warnings.catch_warnings():
            # Connections the server's stop cut off are dropped here, not mid-way another test.
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()
        if server.ready():
            server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)


@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_postgres_stopped_mid_session_nothing_unsaved_is_shown_graded(postgres: Postgres) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_kind").set_value("which-cards").run()
    answer_right(app)
    assert acknowledged(app) == 1 and postgres.answers() == 1
    app.button(key="next_button").click().run()
    postgres.stop()
    answer_right(app)
    assert not app.exception and acknowledged(app) == 0
    assert any("cannot be saved right now" in e.value for e in app.error)
    postgres.start()
    app.run()  # the database is back: the refused answer is still not shown as graded
    assert acknowledged(app) == 0 and postgres.answers() == 1
    app.form_submit_button[0].click().run()
    assert acknowledged(app) == 1 and postgres.answers() == 2


@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_postgres_stopped_mid_deal_holds_the_game_until_the_move_is_stored(
    postgres: Postgres,
) -> None:
    app = start(sign_in(fresh_app(), "Bram"), seed=101)
    for _ in range(5):
        step(app)
    before = game_of(app).to_dict()
    postgres.stop()
    step(app)
    assert not app.exception and game_of(app).to_dict() == before
    assert any("cannot be saved right now" in e.value for e in app.error)
    postgres.start()
    step(app)
    assert game_of(app).to_dict() != before
    assert postgres.answers() == len(game_of(app).steps())
