"""The library's exceptions: one base class, and `ValueError` subclasses for bad input.

An illegal *choice* (a learner playing a card the rules forbid) is not an exception: it is a
`Verdict`. Exceptions are for input that cannot describe a real position at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from klaverjas_core.legality import Verdict


class KlaverjasError(Exception):
    """Base class of every error raised by `klaverjas_core`."""


class NotationError(KlaverjasError, ValueError):
    """Text that is not valid card notation, e.g. ``1X``."""


class UnknownRuleSetError(KlaverjasError, ValueError):
    """A rule-set name or variant flag that does not exist."""


class ImpossiblePositionError(KlaverjasError, ValueError):
    """Cards that cannot occur together: a duplicate, a full trick, an empty hand, ..."""


class DuplicateCardError(ImpossiblePositionError):
    """The same card appears twice where every card is unique."""


class GameFlowError(KlaverjasError, ValueError):
    """An action out of turn or in the wrong phase of a deal (e.g. playing before trumps)."""


class IllegalPlayError(KlaverjasError, ValueError):
    """A strict game refused a card; `verdict` says which rule forbids it."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(f"{verdict.card} may not be played here ({verdict.rule.value})")
        self.verdict = verdict
