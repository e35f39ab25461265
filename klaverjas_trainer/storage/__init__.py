"""Learner progress: every answer stored per learner and rule (SQLite by default, PostgreSQL
through a URL), per-rule statistics with pandas, and what to practise next."""

from klaverjas_trainer.storage.db import (
    DamagedRowError,
    InputError,
    StorageError,
    database_url,
    make_engine,
)
from klaverjas_trainer.storage.store import AnswerRecord, Learner, ProgressStore

__all__ = [
    "AnswerRecord",
    "DamagedRowError",
    "InputError",
    "Learner",
    "ProgressStore",
    "StorageError",
    "database_url",
    "make_engine",
]
