"""Realism checks that work from what a puzzle shows, with the core as the judge.

A trick shown to the learner is realistic when every card in it could have been a legal play:
there must be hands, disjoint from each other and from every card shown elsewhere, in which each
player's card was allowed. Whether a card stays legal is a conjunction of conditions on single
other cards in the hand (no card of the suit led, no higher trump, ...), so a card may join a
witness hand exactly when it keeps the play legal on its own; `trick_problem` then matches free
cards to the players' empty places (bipartite matching) and re-checks the hands it built.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from klaverjas_core import DECK, Card, RuleSet, Suit, check_card, format_cards


def trick_problem(
    trump: Suit,
    trick: Sequence[Card],
    hand_size: int,
    shown_elsewhere: Iterable[Card],
    rules: RuleSet,
) -> str | None:
    """None if each card of `trick` was a legal play from some hand of `hand_size` cards."""
    taken = {*trick, *shown_elsewhere}
    pool = [card for card in DECK if card not in taken]
    acceptable: list[list[Card]] = []
    for position, card in enumerate(trick):
        before = trick[:position]
        if not _allowed(card, [card], before, trump, rules):
            return f"{card} (card {position + 1} of {format_cards(trick)}) can never be legal there"
        acceptable.append([c for c in pool if _allowed(card, [card, c], before, trump, rules)])
    hands = _match(acceptable, hand_size - 1)
    if hands is None:
        return (
            f"the trick {format_cards(trick)} cannot have been played legally from "
            f"{hand_size}-card hands that avoid the cards shown"
        )
    for position, card in enumerate(trick):
        if not _allowed(card, [card, *hands[position]], trick[:position], trump, rules):
            return f"{card} (card {position + 1} of {format_cards(trick)}) has no legal witness"
    return None


def _match(acceptable: Sequence[Sequence[Card]], places: int) -> list[list[Card]] | None:
    """Give each player `places` distinct cards from its acceptable list (Kuhn's algorithm)."""
    slots = [player for player in range(len(acceptable)) for _ in range(places)]
    owner: dict[Card, int] = {}  # card -> slot

    def augment(slot: int, seen: set[Card]) -> bool:
        for card in acceptable[slots[slot]]:
            if card in seen:
                continue
            seen.add(card)
            if card not in owner or augment(owner[card], seen):
                owner[card] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not augment(slot, set()):
            return None
    hands: list[list[Card]] = [[] for _ in acceptable]
    for card, slot in owner.items():
        hands[slots[slot]].append(card)
    return hands


def _allowed(
    card: Card, hand: Sequence[Card], before: Sequence[Card], trump: Suit, rules: RuleSet
) -> bool:
    return not before or check_card(card, hand, before, trump, rules).legal
