"""What a stronger player would have done with the learner's cards: each card the learner chose
in a deal (where the rules left a choice), weighed against every other card they could have
played by the sampling player's own method, with more samples than it plays with.

Each candidate card is played out on the same sampled deals of the unseen cards (consistent
with what the learner could know then: a seat that did not follow suit holds none of it), so
the comparison does not depend on how the cards lay: the *margin given away* of a choice is the
best card's average written-score margin (the learner's pair minus the other) less the chosen
card's. Summed over a deal it is the luck-free figure: 0 when every card was the stronger
player's choice, whatever the deal's score.

>>> game = TableGame.new(seed=4, rules="amsterdam")
>>> while game.phase not in ("score", "over"):
...     if game.phase == "call":
...         _ = game.call("♥" if game.must_name else "pass")
...     elif game.phase == "trick":
...         _ = game.turn_trick()
...     else:
...         _ = game.play(next(iter(game.legal_cards())))
>>> analysis = analyse_deal(game, 0, samples=8)
>>> analysis.choices[0].best in analysis.choices[0].values
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from klaverjas_core import Card
from klaverjas_core.cards import mask_of
from klaverjas_table.players import card_values
from klaverjas_table.simulate import view_of
from klaverjas_table.table import LEARNER, TableGame, dealt, replay_calls

__all__ = ["ANALYSIS_SAMPLES", "CardChoice", "DealAnalysis", "analyse_deal"]

#: Sampled deals per decision: sixteen times what the strong computer player plays with.
ANALYSIS_SAMPLES: Final = 512
#: Average margins this close count as equal (sampling noise, not a worse card).
EQUAL: Final = 2.0


@dataclass(frozen=True, slots=True)
class CardChoice:
    """One card the learner chose, beside what each card they could have played was worth."""

    trick: int  # 0-based
    played: Card
    #: The average written-score margin for the learner's pair after each candidate card.
    values: dict[Card, float]
    legal: bool = True  # False: a revoke the club table let through

    @property
    def best(self) -> Card:
        """The stronger player's card (the lowest card among equals, as it plays)."""
        return max(self.values, key=lambda card: (self.values[card], -card.index))

    @property
    def given_away(self) -> float:
        """How much margin the chosen card gave away against the best one (0: none)."""
        loss = self.values[self.best] - self.values[self.played]
        return loss if loss > EQUAL else 0.0


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    deal: int  # 0-based deal of the match
    choices: tuple[CardChoice, ...]
    samples: int

    @property
    def given_away(self) -> float:
        """The luck-free figure: the margin all the learner's cards gave away together."""
        return sum(choice.given_away for choice in self.choices)

    @property
    def best_found(self) -> int:
        """How many of the learner's choices were as good as the stronger player's."""
        return sum(1 for choice in self.choices if choice.given_away == 0)


def analyse_deal(
    game: TableGame,
    number: int,
    *,
    samples: int = ANALYSIS_SAMPLES,
    each: Callable[[int, int], None] | None = None,
    salt: str = "",
) -> DealAnalysis:
    """Every card the learner chose in deal `number` (0-based) of `game`, weighed; `each(done,
    total)` hears of each decision weighed (a progress bar). The same game always gives the
    same analysis (its random generator is seeded by the match and the deal; another `salt`
    draws other samples, as a benchmark's check of how stable the verdicts are)."""
    record = game.records[number]
    deal = dealt(game.seed, number, game.rules, game.first_dealer, referee=game.mode == "club")
    replay_calls(deal, record.calls)
    asked = []  # what the learner knew at each choice: (trick, view, candidates, card, legal)
    for card in record.cards:
        if deal.to_move == LEARNER:
            legal = mask_of(deal.legal_cards().cards)
            candidates = legal | card.bit
            if candidates & (candidates - 1):  # more than one card to choose from
                asked.append((len(deal.tricks), view_of(deal, LEARNER), candidates, card, legal))
        deal.play(card)
    rng = random.Random(f"analysis/{game.seed}/{number}{salt}")
    choices = []
    for done, (trick, view, candidates, card, legal) in enumerate(asked, start=1):
        values = card_values(view, candidates, rng, samples)
        weighed = {Card.from_index(index): value for index, value in values.items()}
        choices.append(CardChoice(trick, card, weighed, legal=bool(legal & card.bit)))
        if each is not None:
            each(done, len(asked))
    return DealAnalysis(number, tuple(choices), samples)
