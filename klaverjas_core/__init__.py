"""klaverjas_core: the rules of Klaverjas as a pure library (no I/O, no clock, no global random).

>>> from klaverjas_core import legal_cards, parse_cards
>>> [str(card) for card in legal_cards(parse_cards("Q♥ 7♦"), parse_cards("A♣ 8♥"), "♥")]
['Q♥']
"""

from klaverjas_core.cards import (
    DECK,
    PLAIN_ORDER,
    PLAIN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
    Card,
    CardSet,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from klaverjas_core.errors import (
    DuplicateCardError,
    GameFlowError,
    IllegalPlayError,
    ImpossiblePositionError,
    KlaverjasError,
    NotationError,
    UnknownRuleSetError,
)
from klaverjas_core.game import Deal, TrumpChoice, deal_hands, next_dealer
from klaverjas_core.legality import LegalCards, Verdict, check_card, legal_cards
from klaverjas_core.misbeliefs import MISBELIEF_NAMES, NO_MISBELIEF, Misbelief
from klaverjas_core.playout import PlayedDeal, random_playout
from klaverjas_core.position import Position
from klaverjas_core.records import DealRecord, DealTotals
from klaverjas_core.revokes import Revoke, counted_revoke
from klaverjas_core.rule_ids import RuleId
from klaverjas_core.ruleset import AMSTERDAM, CITIES, ROTTERDAM, VARIANTS, RuleSet
from klaverjas_core.scoring import (
    DealScore,
    LedgerItem,
    Match,
    score_deal,
    score_record,
    score_summary,
    score_totals,
)
from klaverjas_core.seats import Seat
from klaverjas_core.tricks import (
    RoemItem,
    TrickJudgement,
    judge_trick,
    roem_items,
    trick_points,
    trick_roem,
    trick_winner,
)

__all__ = [
    "AMSTERDAM",
    "CITIES",
    "DECK",
    "MISBELIEF_NAMES",
    "NO_MISBELIEF",
    "PLAIN_ORDER",
    "PLAIN_POINTS",
    "ROTTERDAM",
    "TRUMP_ORDER",
    "TRUMP_POINTS",
    "VARIANTS",
    "Card",
    "CardSet",
    "Deal",
    "DealRecord",
    "DealScore",
    "DealTotals",
    "DuplicateCardError",
    "GameFlowError",
    "IllegalPlayError",
    "ImpossiblePositionError",
    "KlaverjasError",
    "LedgerItem",
    "LegalCards",
    "Match",
    "Misbelief",
    "NotationError",
    "PlayedDeal",
    "Position",
    "Rank",
    "Revoke",
    "RoemItem",
    "RuleId",
    "RuleSet",
    "Seat",
    "Suit",
    "TrickJudgement",
    "TrumpChoice",
    "UnknownRuleSetError",
    "Verdict",
    "check_card",
    "counted_revoke",
    "deal_hands",
    "format_cards",
    "judge_trick",
    "legal_cards",
    "next_dealer",
    "parse_card",
    "parse_cards",
    "random_playout",
    "roem_items",
    "score_deal",
    "score_record",
    "score_summary",
    "score_totals",
    "trick_points",
    "trick_roem",
    "trick_winner",
]
