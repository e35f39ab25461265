"""Every question kind, by name: the one list that lessons, puzzles, the app, the projector
and the worksheets read. Adding a kind is one module plus one line here (and its renderers)."""

from __future__ import annotations

from typing import Any, Final

from klaverjas_questions import count_trick, counting, is_nat, positions, seats, who_revoked
from klaverjas_questions.model import QuestionError, QuestionKind

#: Every kind, in the order pages and menus list them.
KINDS: Final[dict[str, QuestionKind[Any, Any]]] = {
    kind.name: kind
    for kind in (
        positions.WHICH_CARDS,
        positions.CARD_LEGAL,
        is_nat.IS_NAT,
        count_trick.COUNT_TRICK,
        positions.AMSTERDAM_OR_ROTTERDAM,
        who_revoked.WHO_REVOKED,
        seats.NEXT_LEADER,
        seats.NEXT_DEALER,
        seats.FIRST_HAND,
        seats.PARTNER,
        seats.TRUMP_CHOOSER,
        seats.MAY_PASS,
        counting.CARDS_POINTS,
        counting.CARD_ORDER,
        counting.MATCH_DEALS,
        counting.PACKETS_KIND,
    )
}


def question_kind(name: str) -> QuestionKind[Any, Any]:
    """The kind called `name`; a `QuestionError` lists the known ones.

    >>> question_kind("which-cards").name
    'which-cards'
    """
    found = KINDS.get(name) if isinstance(name, str) else None
    if found is None:
        raise QuestionError(f"`{name}` is not a question kind (known: {', '.join(KINDS)})")
    return found
