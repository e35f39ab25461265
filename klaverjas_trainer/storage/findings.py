"""The misconceptions the coach named from each learner's answers (table ``misconceptions``,
schema v11): which are shown now and which are gone, per rule set, for the learner's Progress
page and the teacher's dashboard. The coach (`klaverjas_trainer.app.coach`) decides; this
module only keeps what it decided.
"""

from __future__ import annotations

from collections.abc import Collection

import pandas as pd
from sqlalchemy import and_, select

from klaverjas_trainer.storage.db import reading, writing
from klaverjas_trainer.storage.schema import learners, misconceptions
from klaverjas_trainer.storage.store import ProgressStore

COLUMNS = ["rules", "name", "named_at", "gone_at"]


class Findings:
    """Named misconceptions per learner and rule set, on top of the learner store."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.engine = store.engine

    def keep(self, learner_id: int, rules: str, named: Collection[str]) -> None:
        """The coach now names `named` under `rules`: each is marked shown (named again if it
        was gone), and each shown before and not named now is marked gone."""
        now = self.store.now()
        key = and_(misconceptions.c.learner_id == learner_id, misconceptions.c.rules == rules)
        with writing(self.engine) as connection:
            rows = connection.execute(
                select(misconceptions.c.name, misconceptions.c.gone_at).where(key)
            ).all()
            known = {row.name: row.gone_at for row in rows}
            for name in named:
                if name not in known:
                    connection.execute(
                        misconceptions.insert().values(
                            learner_id=learner_id, rules=rules, name=name, named_at=now
                        )
                    )
                elif known[name] is not None:  # it shows again
                    connection.execute(
                        misconceptions.update()
                        .where(key, misconceptions.c.name == name)
                        .values(named_at=now, gone_at=None)
                    )
            for name, gone_at in known.items():
                if gone_at is None and name not in named:
                    connection.execute(
                        misconceptions.update()
                        .where(key, misconceptions.c.name == name)
                        .values(gone_at=now)
                    )

    def of_learner(self, learner_id: int) -> pd.DataFrame:
        """The learner's findings (rules, name, named_at, gone_at), newest named first."""
        query = (
            select(*[misconceptions.c[name] for name in COLUMNS])
            .where(misconceptions.c.learner_id == learner_id)
            .order_by(misconceptions.c.named_at.desc(), misconceptions.c.name)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return _frame(rows, COLUMNS)

    def of_group(self, group_id: int) -> pd.DataFrame:
        """Every member's findings, with the member's name as ``learner``."""
        query = (
            select(learners.c.name.label("learner"), *[misconceptions.c[n] for n in COLUMNS])
            .join(learners, learners.c.id == misconceptions.c.learner_id)
            .where(learners.c.group_id == group_id)
            .order_by(learners.c.name, misconceptions.c.name)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        return _frame(rows, ["learner", *COLUMNS])


def _frame(rows: list[object], columns: list[str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=columns)
    for name in ("named_at", "gone_at"):
        frame[name] = pd.to_datetime(frame[name], utc=True)
    return frame
