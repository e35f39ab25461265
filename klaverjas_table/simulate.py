"""Computer players at work on a core `Deal`: one call, one card, or a whole deal of four.

>>> from klaverjas_core import Seat
>>> from klaverjas_table.players import BasicPlayer
>>> deal = play_deal(7, "amsterdam", [BasicPlayer()] * 4, Seat.NORTH)
>>> deal.phase, len(deal.tricks)
('finished', 8)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from klaverjas_core import Card, Deal, GameFlowError, RuleSet, Seat, Suit
from klaverjas_core.cards import mask_of
from klaverjas_core.ruleset import resolve_rules
from klaverjas_table.players import Player, View

__all__ = ["computer_call", "computer_card", "play_deal", "play_out", "view_of"]


def view_of(deal: Deal, seat: Seat) -> View:
    """What `seat` knows of the deal: its own hand and every card played so far."""
    return View(
        seat=int(seat),
        hand=mask_of(deal.hand(seat)),
        trick=tuple(card.index for card in deal.current),
        leader=int(deal.leader),
        history=tuple(
            (int(leader), tuple(card.index for card in cards)) for leader, cards in deal.tricks
        ),
        trump=deal.trump.value,
        choosers=deal.choosers,
        rules=deal.rules,
    )


def computer_call(deal: Deal, player: Player, rng: random.Random) -> str:
    """The call of the player to speak: ``"pass"`` or a suit symbol (not yet made)."""
    seat = deal.choice.to_speak
    if seat is None:
        raise GameFlowError("trumps are already chosen")
    choice = player.choose_trump(mask_of(deal.hand(seat)), must_name=deal.choice.must_name, rng=rng)
    if choice is None and deal.choice.must_name:
        raise GameFlowError(f"the {player.name} player passed where it had to name trumps")
    return "pass" if choice is None else Suit(choice).symbol


def computer_card(deal: Deal, player: Player, rng: random.Random) -> Card:
    """The card the player to move chooses among its legal cards (not yet played)."""
    legal = deal.legal_cards()
    card = Card.from_index(player.play(view_of(deal, deal.to_move), legal.mask, rng))
    if card not in legal:
        raise GameFlowError(f"the {player.name} player chose {card}, which is not legal")
    return card


def play_deal(seed: int, rules: RuleSet | str, players: Sequence[Player], dealer: Seat) -> Deal:
    """Deal from `seed` and let four computer players (by seat) call and play it out."""
    rng = random.Random(f"{seed}/deal")
    return play_out(Deal.shuffled(rng, dealer, resolve_rules(rules)), players, rng)


def play_out(deal: Deal, players: Sequence[Player], rng: random.Random) -> Deal:
    """Let four computer players (by seat) call and play `deal` to its end."""
    while deal.phase == "choosing":
        seat = deal.choice.to_speak
        assert seat is not None
        call = computer_call(deal, players[seat], rng)
        if call == "pass":
            deal.pass_trumps()
        else:
            deal.name_trumps(call)
    while deal.phase == "playing":
        deal.play(computer_card(deal, players[deal.to_move], rng))
    return deal
