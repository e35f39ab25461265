"""A position to judge, in a short text notation used by tests, lessons and puzzle files.

>>> pos = Position.parse("trump=♥ trick=A♣,7♣ hand=Q♥,7♦")
>>> str(pos)
'trump=♥ trick=A♣,7♣ hand=Q♥,7♦ rules=amsterdam'
>>> Position.parse(str(pos)) == pos
True
>>> format_cards(pos.legal_cards())
'Q♥ 7♦'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from klaverjas_core.cards import Card, Suit, format_cards, parse_cards
from klaverjas_core.errors import NotationError
from klaverjas_core.legality import Decision, LegalCards, Verdict
from klaverjas_core.ruleset import AMSTERDAM, RuleSet

__all__ = ["Position"]

_FIELDS = ("trump", "trick", "hand", "rules")


@dataclass(frozen=True, slots=True)
class Position:
    """Trumps, the trick so far (leader first), the hand of the player to move, the rules."""

    trump: Suit
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    rules: RuleSet = field(default=AMSTERDAM)

    def __post_init__(self) -> None:
        self._decision()  # validates: a bad position never exists as an object

    def _decision(self) -> Decision:
        return Decision.of(self.hand, self.trick, self.trump, self.rules)

    def legal_cards(self) -> LegalCards:
        return LegalCards(self._decision())

    def check(self, card: Card | str) -> Verdict:
        return self.legal_cards().verdict(card)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read ``key=value`` fields: trump and hand required, trick and rules optional."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not position notation (e.g. trump=♥ hand=Q♥,7♦)")
        values: dict[str, str] = {}
        for part in text.split():
            key, sep, value = part.partition("=")
            if not sep or key not in _FIELDS:
                raise NotationError(
                    f"`{part}` is not a position field (use {', '.join(f + '=' for f in _FIELDS)})"
                )
            if key in values:
                raise NotationError(f"`{key}=` is given twice in `{text}`")
            values[key] = value
        for required in ("trump", "hand"):
            if required not in values:
                raise NotationError(f"the position `{text}` has no `{required}=`")
        return cls(
            trump=Suit.parse(values["trump"]),
            trick=tuple(parse_cards(values.get("trick", ""))),
            hand=tuple(parse_cards(values["hand"])),
            rules=RuleSet.parse(values.get("rules", "amsterdam")),
        )

    def __str__(self) -> str:
        trick = f" trick={format_cards(self.trick, sep=',')}" if self.trick else ""
        return (
            f"trump={self.trump.symbol}{trick} hand={format_cards(self.hand, sep=',')} "
            f"rules={self.rules.name}"
        )
