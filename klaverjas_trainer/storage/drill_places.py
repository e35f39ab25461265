"""Where each learner is in the drill: its settings and the puzzle on screen, kept in the
database (table ``drill_places``, schema v8) so a reload or a new session goes on at the same
puzzle. The place is JSON that the app writes and reads (`klaverjas_trainer.app.drill`); this
module only keeps it, and keeps an answer together with the place it leads to.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection, bindparam, select

from klaverjas_trainer.storage.db import DamagedRowError, read_json, reading, writing
from klaverjas_trainer.storage.schema import answers, drill_places
from klaverjas_trainer.storage.store import AnswerRecord, ProgressStore
from klaverjas_trainer.storage.tokens import SignInEndedError

# Built once: every answer and every new puzzle writes the place, and building a statement
# costs more than running it on SQLite.
_ADD_ANSWER = answers.insert()
_KEY = drill_places.c.learner_id == bindparam("learner")
_MOVE = (
    drill_places.update().where(_KEY).values(place=bindparam("kept"), updated_at=bindparam("at"))
)
_FIRST = drill_places.insert().values(
    learner_id=bindparam("learner"), place=bindparam("kept"), updated_at=bindparam("at")
)
_FORGET = drill_places.delete().where(_KEY)
_READ = select(drill_places.c.place).where(_KEY)


class DrillPlaces:
    """The drill's place per learner, on top of the learner store (the same database)."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.engine = store.engine

    def save(
        self,
        learner_id: int,
        place: Mapping[str, Any] | None,
        answer: AnswerRecord | None = None,
        *,
        settings: Mapping[str, object] | None = None,
        sign_in: str | None = None,
    ) -> None:
        """Keep the learner's place (None: forget it), with the answer given on it if any and
        the learner's `settings` when they changed with it (a new best streak), in one
        transaction: an answer is stored exactly when the place that shows it answered is.
        An answer that names no known kind or rule raises ValueError, before anything is
        written. With `sign_in` (the learner's token) the transaction first checks that it
        still holds, and writes nothing but raises `SignInEndedError` if it does not: the
        page's check of the sign-in, with no query of its own.

        A place alone is written without waiting for the disk (see `writing`): a power cut
        may lose it (a reload then shows the puzzle before), never an answer."""
        row = None if answer is None else self.store._answer_row(learner_id, answer)
        with writing(self.engine, durable=row is not None or settings is not None) as connection:
            holder = None if sign_in is None else self._signed_in(connection, sign_in)
            if sign_in is not None and holder != learner_id:
                raise SignInEndedError("the learner's sign-in has ended")
            if row is not None:
                connection.execute(_ADD_ANSWER, row)
            if place is None:
                connection.execute(_FORGET, {"learner": learner_id})
            else:
                kept = json.dumps(dict(place), ensure_ascii=False, sort_keys=True)
                values = {"learner": learner_id, "kept": kept, "at": self.store.now()}
                if connection.execute(_MOVE, values).rowcount == 0:  # the learner's first
                    connection.execute(_FIRST, values)
            if settings is not None:
                self.store.write_settings(connection, learner_id, settings)

    def _signed_in(self, connection: Connection, sign_in: str) -> int | None:
        return self.store.tokens.verify_in(connection, sign_in, "learner")

    def load(self, learner_id: int) -> dict[str, Any] | None:
        """The learner's place, or None when none is kept; a row that is not a JSON object
        raises `DamagedRowError` (the page starts a fresh drill and says so)."""
        with reading(self.engine) as connection:
            text = connection.execute(_READ, {"learner": learner_id}).scalar()
        if text is None:
            return None
        place = read_json(text, "drill place")
        if not isinstance(place, dict):
            raise DamagedRowError(f"the drill place is not a record: {text!r:.40}")
        return place
