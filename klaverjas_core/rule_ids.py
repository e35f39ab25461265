"""The one vocabulary of rule ids shared by verdicts, scoring ledgers, puzzles, lessons and stats.

The string values are stored in learners' histories: never rename one without a migration.
Every id has learner-facing text in the trainer's catalogue (``klaverjas_trainer/texts``).

>>> RuleId("play.must-overtrump").topic
'play'
"""

from __future__ import annotations

from enum import Enum


class RuleId(Enum):
    # The deal and choosing trumps.
    DEAL_PAIRS = "deal.pairs"
    DEAL_PACKETS = "deal.packets"
    DEAL_DEALER_ROTATES = "deal.dealer-rotates"
    TRUMP_FREE_CHOICE = "trump.free-choice"
    TRUMP_FORCED_FIRST_HAND = "trump.forced-first-hand"
    TRUMP_COMPULSORY = "trump.compulsory"
    TRUMP_FIRST_HAND_LEADS = "trump.first-hand-leads"
    # Card order and points.
    ORDER_TRUMP = "order.trump"
    ORDER_PLAIN = "order.plain"
    POINTS_CARDS = "points.cards"
    POINTS_LAST_TRICK = "points.last-trick"
    # Winning a trick.
    TRICK_TRUMP_WINS = "trick.trump-wins"
    TRICK_SUIT_LED_WINS = "trick.suit-led-wins"
    TRICK_WINNER_LEADS = "trick.winner-leads"
    # Which card may I play? One id per branch of the cascade in RULES.md.
    PLAY_LEAD_ANY = "play.lead-any"
    PLAY_FOLLOW_SUIT = "play.follow-suit"
    PLAY_TRUMP_LED_OVERTRUMP = "play.trump-led-overtrump"
    PLAY_TRUMP_LED_ANY_TRUMP = "play.trump-led-any-trump"
    PLAY_VOID_NO_TRUMPS = "play.void-no-trumps"
    PLAY_MUST_TRUMP = "play.must-trump"
    PLAY_MUST_OVERTRUMP = "play.must-overtrump"
    PLAY_NO_UNDERTRUMP = "play.no-undertrump"
    PLAY_ONLY_LOWER_TRUMPS = "play.only-lower-trumps"
    PLAY_PARTNER_WINNING = "play.partner-winning"
    PLAY_MUST_UNDERTRUMP = "play.must-undertrump"
    PLAY_REVOKE = "play.revoke"
    # Roem inside one trick.
    ROEM_RUN_OF_THREE = "roem.run-of-three"
    ROEM_RUN_OF_FOUR = "roem.run-of-four"
    ROEM_STUK = "roem.stuk"
    ROEM_FOUR_OF_A_KIND = "roem.four-of-a-kind"
    ROEM_DECLARE = "roem.declare"
    # Scoring a deal and a match.
    SCORE_MADE = "score.made"
    SCORE_NAT = "score.nat"
    SCORE_PIT = "score.pit"
    SCORE_REVOKE = "score.revoke"
    SCORE_MATCH = "score.match"

    @property
    def topic(self) -> str:
        """The part before the dot: deal, trump, order, points, trick, play, roem or score."""
        return self.value.split(".", 1)[0]

    def __str__(self) -> str:
        return self.value
