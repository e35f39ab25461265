"""Played deals weighed by a stronger player (table ``deal_analyses``, schema v13): per deal,
the card choices the learner had, how many were as good as the stronger player's and the margin
the others gave away. The analysis itself is `klaverjas_table.analysis`; this module keeps it.

A deal's ``detail`` is its rows as JSON (`CardChoice.to_dict`): trick, played, best ("" where
the cards were too close to call), top, given_away (whole points), legal, reason (a
`Reason.to_dict`) and samples. Rows kept before reasons came have no top, reason or samples,
always name a best card and may give away a fraction of a point; they read as they are (the
page rounds each row, so the rows still add up to the figure it shows).
"""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
from sqlalchemy import and_, select

from klaverjas_trainer.storage.db import reading, writing
from klaverjas_trainer.storage.schema import deal_analyses
from klaverjas_trainer.storage.store import ProgressStore

COLUMNS = ["game_seed", "deal", "rules", "analysed_at", "choices", "best_found", "given_away"]


class Analyses:
    """Each learner's analysed deals, on top of the learner store."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self.engine = store.engine

    def keep(
        self,
        learner_id: int,
        game_seed: int,
        deal: int,
        *,
        rules: str,
        detail: list[dict[str, Any]],
    ) -> None:
        """Keep (or replace) the analysis of one deal of the learner's match `game_seed`:
        each choice in `detail` (with its ``given_away``), and their counts and sum."""
        given = [float(choice["given_away"]) for choice in detail]
        key = and_(
            deal_analyses.c.learner_id == learner_id,
            deal_analyses.c.game_seed == game_seed,
            deal_analyses.c.deal == deal,
        )
        values = {
            "rules": rules,
            "analysed_at": self.store.now(),
            "choices": len(given),
            "best_found": given.count(0),
            "given_away": round(sum(given), 1),
            "detail": json.dumps(detail, ensure_ascii=False, sort_keys=True),
        }
        with writing(self.engine) as connection:
            connection.execute(deal_analyses.delete().where(key))
            connection.execute(
                deal_analyses.insert().values(
                    learner_id=learner_id, game_seed=game_seed, deal=deal, **values
                )
            )

    def detail(self, learner_id: int, game_seed: int, deal: int) -> list[dict[str, Any]] | None:
        """The kept choices of one deal, or None when it was not analysed."""
        query = select(deal_analyses.c.detail).where(
            deal_analyses.c.learner_id == learner_id,
            deal_analyses.c.game_seed == game_seed,
            deal_analyses.c.deal == deal,
        )
        with reading(self.engine) as connection:
            text = connection.execute(query).scalar()
        if text is None:
            return None
        found = json.loads(text)
        return found if isinstance(found, list) else None

    def of_learner(self, learner_id: int) -> pd.DataFrame:
        """Every analysed deal of the learner, oldest first."""
        query = (
            select(*[deal_analyses.c[name] for name in COLUMNS])
            .where(deal_analyses.c.learner_id == learner_id)
            .order_by(deal_analyses.c.analysed_at, deal_analyses.c.game_seed, deal_analyses.c.deal)
        )
        with reading(self.engine) as connection:
            rows = connection.execute(query).all()
        frame = pd.DataFrame(rows, columns=COLUMNS)
        frame["analysed_at"] = pd.to_datetime(frame["analysed_at"], utc=True)
        return frame
