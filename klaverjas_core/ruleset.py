"""House rules as data: a `RuleSet` of named flags, with the presets `AMSTERDAM` and `ROTTERDAM`.

>>> RuleSet.parse("rotterdam").partner_exemption
False
>>> RuleSet.parse("amsterdam+stuk_from_hand").name
'amsterdam+stuk_from_hand'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from klaverjas_core.errors import UnknownRuleSetError
from klaverjas_core.misbeliefs import MISBELIEF_NAMES, NO_MISBELIEF, Misbelief
from klaverjas_core.rule_ids import RuleId

__all__ = ["AMSTERDAM", "CITIES", "ROTTERDAM", "VARIANTS", "RuleSet", "resolve_rules"]

#: The two ways to play, by name: every rule set starts with one of them.
CITIES: Final = ("amsterdam", "rotterdam")
#: The optional variants a rule set can switch on, by name.
VARIANTS: Final = ("compulsory", "stuk_from_hand", "four_low_100", "short_match")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Which rules are in force. Every flag is one documented variant of RULES.md."""

    #: Amsterdam: void in a plain suit while your partner wins, you need not trump (default).
    #: Rotterdam (False): you must trump and overtrump whoever wins, undertrumping if you must.
    partner_exemption: bool = True
    #: `compulsory`: the first hand must name trumps at once; nobody may pass.
    compulsory: bool = False
    #: `stuk_from_hand`: stuk counts for a player who plays both trump K and Q, in any tricks.
    stuk_from_hand: bool = False
    #: `four_low_100`: four 9s, 8s or 7s in one trick score 100 instead of 0.
    four_low_100: bool = False
    #: `short_match`: a match of 8 deals instead of 16.
    short_match: bool = False
    #: Wrong rules switched on to predict a learner's answers (`believing`); none at a table.
    misbeliefs: Misbelief = NO_MISBELIEF

    @property
    def city(self) -> str:
        return "amsterdam" if self.partner_exemption else "rotterdam"

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants switched on, in `VARIANTS` order.

        >>> RuleSet.parse("rotterdam+short_match+compulsory").variants
        ('compulsory', 'short_match')
        """
        return tuple(flag for flag in VARIANTS if getattr(self, flag))

    @property
    def name(self) -> str:
        """``city`` plus the variants switched on, joined by ``+``, then any misbeliefs, each
        after a ``~``; `parse` reads it back.

        >>> AMSTERDAM.believing(Misbelief.PIT_FORGOTTEN).name
        'amsterdam~pit-forgotten'
        """
        wrong = [MISBELIEF_NAMES[flag] for flag in Misbelief if flag & self.misbeliefs]
        return "~".join(["+".join([self.city, *self.variants]), *wrong])

    def believing(self, *misbeliefs: Misbelief) -> RuleSet:
        """These rules as a learner holding `misbeliefs` (as well as any already held) plays
        them; ``believing()`` of a rule set with misbeliefs gives it back unchanged."""
        held = self.misbeliefs
        for flag in misbeliefs:
            held |= flag
        return dataclasses.replace(self, misbeliefs=held)

    @property
    def true_rules(self) -> RuleSet:
        """The same house rules without any misbelief."""
        return dataclasses.replace(self, misbeliefs=NO_MISBELIEF) if self.misbeliefs else self

    @property
    def match_length(self) -> int:
        """Deals in a match: 16, or 8 with `short_match`."""
        return 8 if self.short_match else 16

    def has_rule(self, rule: RuleId) -> bool:
        """Whether `rule` can decide anything under these rules.

        >>> rule = RuleId.PLAY_MUST_UNDERTRUMP
        >>> AMSTERDAM.has_rule(rule), ROTTERDAM.has_rule(rule)
        (False, True)
        """
        if rule in _EXEMPTION_RULES:
            return self.partner_exemption
        if rule is RuleId.PLAY_MUST_UNDERTRUMP:
            return not self.partner_exemption
        if rule is RuleId.TRUMP_COMPULSORY:
            return self.compulsory
        if rule in _FREE_CHOICE_RULES:
            return not self.compulsory
        return True

    def with_variants(self, **flags: bool) -> RuleSet:
        """A copy with variants switched on or off: ``with_variants(four_low_100=True)``."""
        unknown = sorted(set(flags) - set(VARIANTS))
        if unknown:
            raise UnknownRuleSetError(
                f"unknown variant {', '.join(unknown)} (known: {', '.join(VARIANTS)})"
            )
        return dataclasses.replace(self, **flags)  # type: ignore[arg-type]

    @staticmethod
    def parse(text: str) -> RuleSet:
        """``amsterdam`` or ``rotterdam``, optionally followed by ``+variant`` parts."""
        if not isinstance(text, str):
            raise UnknownRuleSetError(f"{text!r} is not a rule set name (e.g. amsterdam)")
        return _parse_rules(text)

    def __str__(self) -> str:
        return self.name


@lru_cache(maxsize=64)  # rule sets are immutable; names arrive on every public call
def _parse_rules(text: str) -> RuleSet:
    rules_part, *wrong = [part.strip().lower() for part in text.split("~")]
    city, *variants = [part.strip() for part in rules_part.split("+")]
    base = _PRESETS.get(city)
    if base is None:
        raise UnknownRuleSetError(f"`{text}` is not a rule set (start with amsterdam or rotterdam)")
    ruleset = base.with_variants(**dict.fromkeys(variants, True))
    by_name = {name: flag for flag, name in MISBELIEF_NAMES.items()}
    unknown = [name for name in wrong if name not in by_name]
    if unknown:
        raise UnknownRuleSetError(
            f"unknown misbelief {', '.join(unknown)} (known: {', '.join(by_name)})"
        )
    return ruleset.believing(*(by_name[name] for name in wrong))


#: Rules that exist only with the partner exemption (Amsterdam); and the free choice of trumps
#: with its forced first hand, which exists only without compulsory trumps.
_EXEMPTION_RULES: Final = frozenset(
    {RuleId.PLAY_PARTNER_WINNING, RuleId.PLAY_NO_UNDERTRUMP, RuleId.PLAY_ONLY_LOWER_TRUMPS}
)
_FREE_CHOICE_RULES: Final = frozenset({RuleId.TRUMP_FREE_CHOICE, RuleId.TRUMP_FORCED_FIRST_HAND})

AMSTERDAM: Final = RuleSet()
ROTTERDAM: Final = RuleSet(partner_exemption=False)
_PRESETS: Final = dict(zip(CITIES, (AMSTERDAM, ROTTERDAM), strict=True))


def resolve_rules(rules: RuleSet | str) -> RuleSet:
    """Accept a `RuleSet` or its name, as every public function of the core does."""
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return RuleSet.parse(rules)
    raise UnknownRuleSetError(f"`{rules!r}` is not a rule set (use AMSTERDAM, ROTTERDAM or a name)")
