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
from klaverjas_core.legality import DecideArgs, LegalCards, Verdict, decide, validate
from klaverjas_core.ruleset import AMSTERDAM, RuleSet

__all__ = ["Position"]

_FIELDS = ("trump", "trick", "hand", "rules")


@dataclass(frozen=True, slots=True)
class Position:
    """Trumps, the trick so far (leader first), the hand of the player to move, the rules.

    Validated once, when it is made (a bad position never exists as an object; cards, trumps
    and rules given as notation are read into their types), so `legal_cards` and `check` run
    only the integer cascade.
    """

    trump: Suit
    trick: tuple[Card, ...]
    hand: tuple[Card, ...]
    rules: RuleSet = field(default=AMSTERDAM)
    _args: DecideArgs = field(init=False, repr=False, compare=False)  # `decide`'s, for this

    def __post_init__(self) -> None:
        hand, trick, trump, rules, args = validate(self.hand, self.trick, self.trump, self.rules)
        settle = object.__setattr__  # frozen: the fields as read, in their own types
        settle(self, "trump", trump)
        settle(self, "trick", trick)
        settle(self, "hand", hand)
        settle(self, "rules", rules)
        settle(self, "_args", args)

    def legal_cards(self) -> LegalCards:
        return LegalCards(self, decide(*self._args))

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
