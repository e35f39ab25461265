"""Guessing a PIN from many sessions at once, through the real server as browsers speak to it
(Streamlit's websocket protocol, from the frames chromium sent, `benchmarks/load_ws.py`): 40
sessions that send the sign-in form with a wrong PIN at the same moment get the free tries of
one session, on SQLite and on PostgreSQL. (`test_guessing_race.py` measures a whole day.)"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from klaverjas_trainer.storage import ProgressStore, make_engine
from klaverjas_trainer.storage.limits import FREE_TRIES

from .streamlit_server import ROOT, running_app
from .test_load_ws import load_ws

pytestmark = pytest.mark.security

SESSIONS = 40


@pytest.fixture
def server(database: str) -> Iterator[str]:
    """The app on its own database (the `database` URL), with Anna's PIN set."""
    engine = make_engine(database)
    ProgressStore(engine).learner("Anna", pin="7391")
    engine.dispose()
    data = Path(tempfile.mkdtemp(prefix="kj-guess-"))
    env = {"PYTHONPATH": str(ROOT)}
    if database.startswith("postgresql"):
        env["KLAVERJAS_DATABASE_URL"] = database
    else:  # the app's own SQLite file is in its data folder: start from that one
        (data / "trainer.sqlite3").write_bytes(Path(database.split("///", 1)[1]).read_bytes())
    with running_app(data, env=env) as app:
        yield app.url


async def guess_at_once(base: str, pins: list[str]) -> list[str]:
    """Each session opens the profile page, then all send the sign-in form as "Anna" with
    their PIN together; what each was told (the page's alerts)."""
    ws = load_ws()
    recording = ws.Recording.load(ws.FRAMES)
    guessers = [ws.Learner("Anna", base, recording) for _ in pins]
    for guesser in guessers:
        await guesser.connect()
        await guesser.run(guesser.frame("open"))
    frames = []
    for guesser, pin in zip(guessers, pins, strict=True):
        message = BackMsg.FromString(guesser.frame("sign_in"))
        for widget in message.rerun_script.widget_states.widgets:
            if ws.key_of(widget.id) == "own_pin":
                widget.string_value = pin
        frames.append(message.SerializeToString())

    async def told(guesser: object, frame: bytes) -> str:
        socket = guesser.socket  # type: ignore[attr-defined]
        await socket.send(frame)
        said = []
        async with asyncio.timeout(120):
            while True:
                message = ForwardMsg.FromString(ws._payload(await socket.recv()))
                if message.delta.new_element.WhichOneof("type") == "alert":
                    said.append(message.delta.new_element.alert.body)
                finished = message.WhichOneof("type") == "script_finished"
                if finished and message.script_finished != ws.EARLY_FOR_RERUN:
                    break
        await socket.close()
        return " ".join(said)

    return await asyncio.gather(*(told(g, f) for g, f in zip(guessers, frames, strict=True)))


def test_forty_sessions_guessing_through_the_server_get_the_free_tries_of_one(
    server: str,
) -> None:
    answers = asyncio.run(guess_at_once(server, [f"{n:04d}" for n in range(SESSIONS)]))
    checked = [a for a in answers if "does not match" in a]
    waiting = [a for a in answers if "wait" in a]
    assert len(checked) == FREE_TRIES and len(waiting) == SESSIONS - FREE_TRIES, answers[:3]
