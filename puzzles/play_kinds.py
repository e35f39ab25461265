"""Puzzle kinds about one position: which cards may I play, is this card legal, and
Amsterdam or Rotterdam. All three are solved by the core's `legal_cards` and verdicts."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from klaverjas_core import (
    Card,
    Position,
    RuleId,
    RuleSet,
    Suit,
    format_cards,
    parse_card,
)
from klaverjas_core.texts import message
from puzzles.content import GenerationError, cards_at, text_at
from puzzles.model import JSON, Kind
from puzzles.realism import trick_problem
from puzzles.scenarios import DrawError, Scenario, build_position
from puzzles.solution import Solution

#: Who played each card of a trick, counted back from the learner (clockwise play).
PLAYER_NAMES = {1: "right opponent", 2: "partner", 3: "left opponent"}

R = RuleId
PLAIN_FOLLOW = Scenario(learner_holds_led=True)
TRUMP_FOLLOW = Scenario(led_is_trump=True, learner_holds_led=True)
VOID_NOTHING = Scenario(learner_trumps=(0, 0))
VOID_TRUMP_LED = Scenario(led_is_trump=True, learner_trumps=(0, 0))
VOID_UNTRUMPED = Scenario(learner_trumps=(1, 3), others_void=0.15, prefer_trump=False)
VOID_TRUMPED = Scenario(learner_trumps=(1, 3), others_void=0.85)
PARTNER_TRUMPED = Scenario(trick_lengths=(2, 3), learner_trumps=(1, 3), others_void=0.8)
PARTNER_PLAIN = Scenario(
    trick_lengths=(2, 3), learner_trumps=(1, 3), others_void=0.1, prefer_trump=False
)
ONLY_TRUMPS = Scenario(learner_has_side_cards=False, others_void=0.9, max_hand=6)

#: Which deals each target rule is built from.
SCENARIOS: dict[RuleId, tuple[Scenario, ...]] = {
    R.PLAY_FOLLOW_SUIT: (PLAIN_FOLLOW, PLAIN_FOLLOW, TRUMP_FOLLOW),
    R.PLAY_TRUMP_LED_OVERTRUMP: (TRUMP_FOLLOW,),
    R.PLAY_TRUMP_LED_ANY_TRUMP: (TRUMP_FOLLOW,),
    R.PLAY_VOID_NO_TRUMPS: (VOID_NOTHING, VOID_TRUMP_LED),
    R.PLAY_MUST_TRUMP: (VOID_UNTRUMPED,),
    R.PLAY_MUST_OVERTRUMP: (VOID_TRUMPED,),
    R.PLAY_NO_UNDERTRUMP: (VOID_TRUMPED, PARTNER_TRUMPED),
    R.PLAY_ONLY_LOWER_TRUMPS: (ONLY_TRUMPS,),
    R.PLAY_PARTNER_WINNING: (PARTNER_TRUMPED, PARTNER_PLAIN),
    R.PLAY_MUST_UNDERTRUMP: (VOID_TRUMPED, PARTNER_TRUMPED),
}

MAX_ATTEMPTS = 400


# --- content <-> position --------------------------------------------------------------------


def position_content(position: Position, hand_size: int) -> dict[str, JSON]:
    length = len(position.trick)
    return {
        "trump": position.trump.symbol,
        "trick": [str(card) for card in position.trick],
        "players": [PLAYER_NAMES[length - i] for i in range(length)],
        "hand": [str(card) for card in sorted(position.hand)],
        "hand_size": hand_size,
    }


def position_of(content: Mapping[str, JSON], rules: RuleSet) -> Position:
    return Position(
        Suit.parse(text_at(content, "trump")),
        tuple(cards_at(content, "trick")),
        tuple(cards_at(content, "hand")),
        rules,
    )


# --- solving ---------------------------------------------------------------------------------


def solve_which_cards(content: Mapping[str, JSON], rules: RuleSet) -> Solution:
    position = position_of(content, rules)
    result = position.legal_cards()
    trivial = None
    if len(position.hand) < 2:
        trivial = "only one card in hand"
    elif len(result) == len(position.hand):
        trivial = "every card is legal"
    return Solution(
        answer=[str(card) for card in result],
        tags=result.rules,
        explanation=result.explain(),
        decisive=frozenset(result.rules),
        trivial=trivial,
    )


def solve_card_legal(content: Mapping[str, JSON], rules: RuleSet) -> Solution:
    position = position_of(content, rules)
    card = parse_card(text_at(content, "card"))
    result = position.legal_cards()
    verdict = result.verdict(card)
    return Solution(
        answer=[str(c) for c in result],
        tags=(verdict.rule, *(rule for rule in result.rules if rule is not verdict.rule)),
        explanation=verdict.explain(),
        decisive=frozenset({verdict.rule}),
        trivial="only one card in hand" if len(position.hand) < 2 else None,
    )


def solve_city(content: Mapping[str, JSON], rules: RuleSet) -> Solution:
    amsterdam = position_of(content, replace(rules, partner_exemption=True)).legal_cards()
    rotterdam = position_of(content, replace(rules, partner_exemption=False)).legal_cards()
    changed = [c for c in amsterdam.decision.hand if (c in amsterdam) != (c in rotterdam)]
    tags = tuple(dict.fromkeys((*amsterdam.rules, *rotterdam.rules)))
    explanation = message(
        "rule-set-comparison",
        amsterdam=amsterdam.explain(),
        rotterdam=rotterdam.explain(),
        changed=format_cards(changed) or message("none"),
    )
    return Solution(
        answer={
            "amsterdam": [str(c) for c in amsterdam],
            "rotterdam": [str(c) for c in rotterdam],
            "changed": [str(c) for c in changed],
        },
        tags=tags,
        explanation=explanation,
        decisive=frozenset(tags) if changed else frozenset(),
        trivial=None if changed else "both rule sets give the same cards",
    )


SOLVERS = {
    Kind.WHICH_CARDS: solve_which_cards,
    Kind.CARD_LEGAL: solve_card_legal,
    Kind.AMSTERDAM_OR_ROTTERDAM: solve_city,
}


# --- generating ------------------------------------------------------------------------------


def generate(
    kind: Kind, target: RuleId, rules: RuleSet, level: int, rng: random.Random
) -> dict[str, JSON]:
    """Content for a puzzle of `kind` that turns on `target`; raises if none is found."""
    scenarios = CITY_SCENARIOS[target] if kind is Kind.AMSTERDAM_OR_ROTTERDAM else SCENARIOS[target]
    solve = SOLVERS[kind]
    for _ in range(MAX_ATTEMPTS):
        try:
            position = build_position(rng, rng.choice(scenarios), rules, level)
        except DrawError:
            continue
        content = position_content(position, len(position.hand))
        if kind is Kind.CARD_LEGAL:
            card = _pick_card(position, target, rng)
            if card is None:
                continue
            content["card"] = str(card)
        solution = solve(content, rules)
        if solution.trivial is None and target in solution.decisive:
            return content
    raise GenerationError(f"no {kind.value} puzzle for {target.value} in {MAX_ATTEMPTS} deals")


def _pick_card(position: Position, target: RuleId, rng: random.Random) -> Card | None:
    """A card whose verdict turns on `target`; legal or illegal with equal chance if both exist."""
    result = position.legal_cards()
    decision = result.decision
    matching = [card for card in position.hand if decision.rule_for(card) is target]
    if not matching:
        return None
    legal = [card for card in matching if card in result]
    illegal = [card for card in matching if card not in result]
    group = rng.choice([g for g in (legal, illegal) if g])
    return rng.choice(group)


CITY_SCENARIOS: dict[RuleId, tuple[Scenario, ...]] = {
    R.PLAY_PARTNER_WINNING: (PARTNER_PLAIN, PARTNER_TRUMPED),
    R.PLAY_MUST_UNDERTRUMP: (VOID_TRUMPED, PARTNER_TRUMPED),
}


def realism_problems(content: Mapping[str, JSON], rules: RuleSet) -> list[str]:
    """What makes a position puzzle unrealistic, judged from what it shows."""
    position = position_of(content, rules)
    hand_size = content.get("hand_size")
    if not isinstance(hand_size, int) or hand_size != len(position.hand):
        return [f"hand_size {hand_size!r} does not match the {len(position.hand)}-card hand"]
    problems = []
    if not 1 <= hand_size <= 8:
        problems.append(f"a hand of {hand_size} cards is impossible")
    problem = trick_problem(position.trump, position.trick, hand_size, position.hand, rules)
    if problem:
        problems.append(problem)
    return problems
