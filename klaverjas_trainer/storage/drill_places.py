"""Where each learner is in the drill: its settings and the puzzle on screen, kept in the
database (table ``drill_places``, schema v8) so a reload or a new session goes on at the same
puzzle. The place is JSON that the app writes and reads (`klaverjas_trainer.app.drill`); this
module only keeps it, and keeps an answer together with the place it leads to.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from klaverjas_trainer.storage.db import reading, writing
from klaverjas_trainer.storage.schema import answers, drill_places
from klaverjas_trainer.storage.store import AnswerRecord, ProgressStore


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
    ) -> None:
        """Keep the learner's place (None: forget it), with the answer given on it if any and
        the learner's `settings` when they changed with it (a new best streak), in one
        transaction: an answer is stored exactly when the place that shows it answered is.
        An answer that names no known kind or rule raises ValueError, before anything is
        written."""
        row = None if answer is None else self.store._answer_row(learner_id, answer)
        key = drill_places.c.learner_id == learner_id
        with writing(self.engine) as connection:
            if row is not None:
                connection.execute(answers.insert().values(row))
            connection.execute(drill_places.delete().where(key))
            if place is not None:
                connection.execute(
                    drill_places.insert().values(
                        learner_id=learner_id,
                        place=json.dumps(dict(place), ensure_ascii=False, sort_keys=True),
                        updated_at=self.store.now(),
                    )
                )
            if settings is not None:
                self.store.write_settings(connection, learner_id, settings)

    def load(self, learner_id: int) -> dict[str, Any] | None:
        """The learner's place, or None (none kept, or a row that is not a JSON object)."""
        query = select(drill_places.c.place).where(drill_places.c.learner_id == learner_id)
        with reading(self.engine) as connection:
            text = connection.execute(query).scalar()
        if text is None:
            return None
        try:
            place = json.loads(text)
        except json.JSONDecodeError:
            return None
        return place if isinstance(place, dict) else None
