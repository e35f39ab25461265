"""Playing whole deals at a table: three computer players around a learner, every card checked
by the core, every decision of the learner kept for Progress.

Pure like the core: no Streamlit, no I/O; randomness comes from seeds, so a deal replays.

>>> game = TableGame.new(seed=3, rules="amsterdam", mode="coach")
>>> game.phase in {"call", "play"}
True
"""

from klaverjas_table.players import PLAYERS, BasicPlayer, Player, StrongPlayer, View
from klaverjas_table.table import (
    DEFAULT_REVOKES,
    LEARNER,
    MODES,
    REVOKE_RATES,
    CallOutcome,
    Outcome,
    PlayedCard,
    PlayOutcome,
    RevokeCall,
    RoemOutcome,
    TableError,
    TableGame,
    TableStep,
    TurnOutcome,
)

__all__ = [
    "DEFAULT_REVOKES",
    "LEARNER",
    "MODES",
    "PLAYERS",
    "REVOKE_RATES",
    "BasicPlayer",
    "CallOutcome",
    "Outcome",
    "PlayOutcome",
    "PlayedCard",
    "Player",
    "RevokeCall",
    "RoemOutcome",
    "StrongPlayer",
    "TableError",
    "TableGame",
    "TableStep",
    "TurnOutcome",
    "View",
]
