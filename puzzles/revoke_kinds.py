"""Generating who-revoked puzzles: the four hands as dealt and the tricks played so far, in
which exactly one card broke the rules (solved by `klaverjas_questions.who_revoked`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from klaverjas_core import DECK, RuleId, RuleSet, Suit
from klaverjas_core.cards import card_indices
from klaverjas_core.legality import Branch, decide, rule_for_index
from klaverjas_core.tricks import winner_index
from klaverjas_questions import JSON, QuestionError
from klaverjas_questions.who_revoked import WHO_REVOKED, RevokeContent
from puzzles.model import GenerationError, PuzzleGenerator, Solved, solved

R = RuleId
MAX_ATTEMPTS = 400
#: Where the revoke may fall (trick numbers, 0-based) and how many tricks follow it, by level.
WINDOWS = {1: ((0, 1), (0, 0)), 2: ((1, 3), (0, 1)), 3: ((2, 6), (1, 2))}
_NAMES = tuple(str(card) for card in DECK)  # each card's notation, by index


def generate(target: RuleId, rules: RuleSet, level: int, rng: random.Random) -> Solved:
    (first, last), (after_low, after_high) = WINDOWS[level]
    for _ in range(MAX_ATTEMPTS):
        content = _attempt(rng, target, rules, first, last, rng.randint(after_low, after_high))
        if content is None:
            continue
        made = solved(WHO_REVOKED, content, rules)
        if target in made.solution.decisive:
            return made
    raise GenerationError(f"no who-revoked puzzle for {target.value} in {MAX_ATTEMPTS} deals")


def _attempt(
    rng: random.Random, target: RuleId, rules: RuleSet, first: int, last: int, after: int
) -> dict[str, JSON] | None:
    trump = rng.randrange(4)
    short = rng.choice([s for s in range(4) if s != trump]) if target in TRUMPING else None
    dealt = _deal(rng, short)
    hands = [sum(1 << c for c in hand) for hand in dealt]
    leader = first_leader = rng.randrange(4)
    tricks: list[JSON] = []
    revoked_in: int | None = None
    for number in range(8):
        trick: list[int] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            legal = decide(hands[seat], trick, trump, rules.partner_exemption)[1]
            card = None
            if revoked_in is None and first <= number <= last and rng.random() < 0.7:
                card = _revoke_card(hands[seat], trick, trump, rules, legal, target, rng)
                if card is not None:
                    revoked_in = number
            if card is None:
                choices = card_indices(legal)
                if not trick and short is not None and rng.random() < 0.7:
                    choices = [c for c in choices if c >> 3 == short] or choices
                card = rng.choice(choices)
            hands[seat] ^= 1 << card
            trick.append(card)
        tricks.append([leader, [_NAMES[c] for c in trick]])
        leader = (leader + winner_index(trick, trump)) % 4
        if revoked_in is not None and number == revoked_in + after:
            return {
                "trump": Suit(trump).symbol,
                "first_leader": first_leader,
                "hands": [[_NAMES[c] for c in hand] for hand in dealt],
                "tricks": tricks,
            }
        if revoked_in is None and number >= last:
            return None
    return None


#: Rules broken only after someone has trumped in: deals lean toward a suit two players lack.
TRUMPING = frozenset({R.PLAY_MUST_OVERTRUMP, R.PLAY_NO_UNDERTRUMP, R.PLAY_MUST_UNDERTRUMP})


def _deal(rng: random.Random, short: int | None) -> list[list[int]]:
    """Four sorted hands; with `short`, two random seats are dealt none of that suit."""
    deck = list(range(32))
    rng.shuffle(deck)
    if short is None:
        return [sorted(deck[seat * 8 : seat * 8 + 8]) for seat in range(4)]
    void = set(rng.sample(range(4), 2))
    hands: list[list[int]] = [[], [], [], []]
    holders = [seat for seat in range(4) if seat not in void]
    rest = [c for c in deck if c >> 3 != short]
    for position, card in enumerate(c for c in deck if c >> 3 == short):
        hands[holders[position % 2]].append(card)
    for seat in range(4):
        while len(hands[seat]) < 8:
            hands[seat].append(rest.pop())
    return [sorted(hand) for hand in hands]


def _revoke_card(
    hand: int,
    trick: Sequence[int],
    trump: int,
    rules: RuleSet,
    legal: int,
    target: RuleId,
    rng: random.Random,
) -> int | None:
    """An illegal card of this hand that breaks `target` (the rule the core names for it), if
    there is one."""
    illegal = hand & ~legal
    if not illegal:
        return None
    branch, mask = decide(hand, trick, trump, rules.partner_exemption, int(rules.misbeliefs))
    ended = Branch(branch)
    breaking = [c for c in card_indices(illegal) if rule_for_index(ended, mask, c, trump) is target]
    return rng.choice(breaking) if breaking else None


def realism_problems(content: RevokeContent, rules: RuleSet) -> list[str]:
    """The replay itself checks hands, turns and leaders; a failure there is the problem."""
    try:
        deal = content.replay(rules)
    except QuestionError as error:
        return [str(error)]
    return [] if len(deal.revokes) == 1 else [f"{len(deal.revokes)} revokes instead of one"]


GENERATOR = PuzzleGenerator(
    "who-revoked",
    "rv",
    (
        R.PLAY_FOLLOW_SUIT,
        R.PLAY_TRUMP_LED_OVERTRUMP,
        R.PLAY_MUST_TRUMP,
        R.PLAY_MUST_OVERTRUMP,
        R.PLAY_NO_UNDERTRUMP,
        R.PLAY_MUST_UNDERTRUMP,
    ),
    generate,
    realism_problems,
)
