"""Generating puzzles about one position: which cards may I play, is this card legal, and
Amsterdam or Rotterdam (solved by `klaverjas_questions.positions`)."""

from __future__ import annotations

import random
from functools import partial

from klaverjas_core import Card, Position, RuleId, RuleSet, Seat
from klaverjas_questions import JSON, question_kind
from klaverjas_questions.positions import CardQuestion, PositionContent
from puzzles.model import GENERATOR_VERSION, GenerationError, PuzzleGenerator, Solved, solved
from puzzles.realism import trick_problem
from puzzles.scenarios import DrawError, Scenario, build_position

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
# Version 2 builds these rare positions instead of waiting for them.
PARTNER_TRUMPS_ABOVE = Scenario(
    trick_lengths=(3,),
    learner_trumps=(1, 2),  # and a side card, even in a hand of 3
    others_void=0.8,
    partner_keeps_trick=True,
    partner_trumps_above_learner=True,
)
UNDER_A_TRUMP = Scenario(
    trick_lengths=(2, 3),
    learner_has_side_cards=False,
    others_void=0.9,
    max_hand=6,
    opponent_trumps_above_learner=True,
)

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

#: Version 2: the positions built for a (kind, target) instead of its version-1 scenarios.
#: (A partner winning with a plain card lets every card be played: no "which cards" puzzle.)
BUILT: dict[tuple[str, RuleId], tuple[Scenario, ...]] = {
    ("which-cards", R.PLAY_PARTNER_WINNING): (PARTNER_TRUMPS_ABOVE,),
    ("card-legal", R.PLAY_ONLY_LOWER_TRUMPS): (UNDER_A_TRUMP,),
}

MAX_ATTEMPTS = 400
#: The learner sits South; the trick so far was led by the player `len(trick)` seats before.
LEARNER = Seat.SOUTH


def position_content(position: Position) -> dict[str, JSON]:
    return PositionContent(
        position.trump,
        position.trick,
        tuple(sorted(position.hand)),
        leader=Seat((LEARNER - len(position.trick)) % 4),
    ).to_dict()


def generate(
    kind: str,
    target: RuleId,
    rules: RuleSet,
    level: int,
    rng: random.Random,
    *,
    version: int = GENERATOR_VERSION,
) -> Solved:
    """Content for a puzzle of `kind` that turns on `target`; raises if none is found.
    `version` 1 draws every position from the version-1 scenarios (for saved sets)."""
    city = kind == "amsterdam-or-rotterdam"
    scenarios = CITY_SCENARIOS[target] if city else SCENARIOS[target]
    if version >= 2:
        scenarios = BUILT.get((kind, target), scenarios)
    question = question_kind(kind)
    for _ in range(MAX_ATTEMPTS):
        try:
            position = build_position(rng, rng.choice(scenarios), rules, level)
        except DrawError:
            continue
        content = position_content(position)
        if kind == "card-legal":
            card = _pick_card(position, target, rng)
            if card is None:
                continue
            content["card"] = str(card)
        made = solved(question, content, rules)
        if made.solution.trivial is None and target in made.solution.decisive:
            return made
    raise GenerationError(f"no {kind} puzzle for {target.value} in {MAX_ATTEMPTS} deals")


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


def realism_problems(content: PositionContent | CardQuestion, rules: RuleSet) -> list[str]:
    """What makes a position puzzle unrealistic, judged from what it shows."""
    position = content.position if isinstance(content, CardQuestion) else content
    if position.to_move is not LEARNER:
        return [f"the learner sits South, but the trick puts {position.to_move} to move"]
    problem = trick_problem(
        position.trump, position.trick, len(position.hand), position.hand, rules
    )
    return [problem] if problem else []


_POSITION_RULES = (
    R.PLAY_FOLLOW_SUIT, R.PLAY_TRUMP_LED_OVERTRUMP, R.PLAY_TRUMP_LED_ANY_TRUMP, R.PLAY_MUST_TRUMP,
    R.PLAY_MUST_OVERTRUMP, R.PLAY_NO_UNDERTRUMP, R.PLAY_PARTNER_WINNING, R.PLAY_MUST_UNDERTRUMP,
)  # fmt: skip

WHICH_CARDS = PuzzleGenerator(
    "which-cards",
    "wc",
    _POSITION_RULES,
    partial(generate, "which-cards"),
    realism_problems,
    earlier=((1, partial(generate, "which-cards", version=1)),),
)
#: Every-card-legal rules make no "which cards" question: they are drilled as card-legal.
CARD_LEGAL = PuzzleGenerator(
    "card-legal",
    "cl",
    (*_POSITION_RULES, R.PLAY_VOID_NO_TRUMPS, R.PLAY_ONLY_LOWER_TRUMPS),
    partial(generate, "card-legal"),
    realism_problems,
    earlier=((1, partial(generate, "card-legal", version=1)),),
)
AMSTERDAM_OR_ROTTERDAM = PuzzleGenerator(
    "amsterdam-or-rotterdam",
    "ar",
    tuple(CITY_SCENARIOS),
    partial(generate, "amsterdam-or-rotterdam"),
    realism_problems,
    # It compares both cities' rules; it is stored (and offered) with the Amsterdam set.
    available=lambda rule, rules: rules.partner_exemption,
)
