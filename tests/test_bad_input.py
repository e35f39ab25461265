"""Bad input to any public function of the core raises a `KlaverjasError` subclass that names
it (as docs/reference.md promises), never a bare TypeError, AttributeError or IndexError."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from klaverjas_core import (
    KlaverjasError,
    Position,
    RuleSet,
    check_card,
    judge_trick,
    legal_cards,
    parse_cards,
    score_deal,
    score_summary,
    trick_points,
    trick_winner,
)
from klaverjas_core.cards import DECK

pytestmark = pytest.mark.security  # the trust probes (issue 15)

JUNK = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=False), st.booleans(), st.text(max_size=12),
    st.lists(st.one_of(st.text(max_size=4), st.integers(), st.none()), max_size=5),
    st.tuples(st.integers(), st.integers()), st.dictionaries(st.text(max_size=3), st.integers()),
)  # fmt: skip


def typed_error_only(call: object, *args: object, **kwargs: object) -> None:
    """Calling may fail, but only with the library's own errors (anything else propagates)."""
    with contextlib.suppress(KlaverjasError):
        call(*args, **kwargs)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("call", "args", "kwargs"),
    [
        (parse_cards, (None,), {}),
        (Position.parse, (None,), {}),
        (RuleSet.parse, (None,), {}),
        (legal_cards, (["7♥"], [], "♥"), {}),
        (trick_winner, (["A♣"], "♥"), {}),
        (score_summary, ((), (0, 0), 0), {}),
        (score_summary, ((82, 80), (0, 0), 1.0), {}),
        (score_summary, ((82, 80), (0, 0), 0), {"tricks_won": (8.0, 0)}),
        (score_deal, ([(0.0, DECK[i * 4 : i * 4 + 4]) for i in range(8)], "♥", 0), {}),
        (score_deal, ([(0, DECK[i * 4 : i * 4 + 4]) for i in range(8)], "♥", 0), {"declared": 3}),
        (score_deal, ([(0, DECK[i * 4 : i * 4 + 4]) for i in range(8)], "♥", True), {}),
    ],
)  # fmt: skip
def test_each_probe_of_the_trust_review_gets_a_typed_error(
    call: object, args: tuple[object, ...], kwargs: dict[str, object]
) -> None:

    with pytest.raises(KlaverjasError):
        call(*args, **kwargs)  # type: ignore[operator]


@given(JUNK, JUNK, JUNK)
def test_junk_gives_typed_errors_only(first: object, second: object, third: object) -> None:
    typed_error_only(parse_cards, first)
    typed_error_only(Position.parse, first)
    typed_error_only(RuleSet.parse, first)
    typed_error_only(legal_cards, first, second, third)
    typed_error_only(check_card, first, second, third, "♥")
    typed_error_only(trick_winner, first, second)
    typed_error_only(trick_points, first, second)
    typed_error_only(judge_trick, first, second, third)
    typed_error_only(score_summary, first, second, third)
    typed_error_only(score_deal, first, "♥", second, declared=third)
