"""Generating count-the-trick puzzles: a complete trick reached by legal play (solved by
`klaverjas_questions.count_trick`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from klaverjas_core import DECK, Rank, RuleId, RuleSet, Suit
from klaverjas_questions import JSON, Solution
from klaverjas_questions.count_trick import (
    COUNT_TRICK,
    QUESTIONS,
    TrickContent,
    TrickCount,
    order_decides,
)
from puzzles.model import GenerationError, PuzzleGenerator, Solved, solved
from puzzles.realism import trick_problem
from puzzles.scenarios import DrawError, Scenario, deal_trick

R = RuleId
MAX_ATTEMPTS = 400
FOLLOW_ALL = Scenario(others_void=0.0, prefer_trump=False)
FOLLOW_TRUMPS = Scenario(led_is_trump=True, others_void=0.0, prefer_trump=False)
SOME_TRUMP = Scenario(others_void=0.7)
NO_TRUMP = Scenario(others_void=0.4, prefer_trump=False)
ANY = (FOLLOW_ALL, FOLLOW_TRUMPS, SOME_TRUMP, NO_TRUMP)


#: What the learner is asked, by level; a target adds the question it needs.
LEVEL_QUESTIONS = {1: ("winner",), 2: ("winner", "points"), 3: ("winner", "points", "roem")}


def _questions(target: RuleId, level: int) -> list[JSON]:
    needed = set(LEVEL_QUESTIONS[level])
    if target.topic == "roem":
        needed.add("roem")
    if target.topic == "points":
        needed.add("points")
    return [q for q in QUESTIONS if q in needed]


# --- generating ------------------------------------------------------------------------------


Plan = Callable[[random.Random], tuple[Scenario, int | None, int | None, dict[int, int]]]


def _free(*scenarios: Scenario) -> Plan:
    def plan(rng: random.Random) -> tuple[Scenario, int | None, int | None, dict[int, int]]:
        return rng.choice(scenarios), None, None, {}

    return plan


def _run(length: int) -> Plan:
    """A run of `length` in the suit led, the cards spread over the four players."""

    def plan(rng: random.Random) -> tuple[Scenario, int | None, int | None, dict[int, int]]:
        trump = rng.randrange(4)
        suit = rng.randrange(4)
        start = rng.randrange(9 - length)
        cards = [suit * 8 + start + k for k in range(length)]
        rng.shuffle(cards)
        positions = rng.sample(range(1, 4), length - 1)
        wanted = {0: cards[0], **dict(zip(positions, cards[1:], strict=True))}
        scenario = FOLLOW_TRUMPS if suit == trump else FOLLOW_ALL
        return scenario, trump, suit, wanted

    return plan


def _stuk(rng: random.Random) -> tuple[Scenario, int | None, int | None, dict[int, int]]:
    trump = rng.randrange(4)
    king, queen = trump * 8 + Rank.KING.value, trump * 8 + Rank.QUEEN.value
    first, second = rng.sample(range(4), 2)
    if rng.random() < 0.5:  # trumps led, both follow
        return FOLLOW_TRUMPS, trump, trump, {first: king, second: queen}
    led = rng.choice([s for s in range(4) if s != trump])
    a, b = rng.sample(range(1, 4), 2)
    return Scenario(others_void=1.0), trump, led, {a: king, b: queen}


def _four_of_a_kind(rng: random.Random) -> tuple[Scenario, int | None, int | None, dict[int, int]]:
    """Three players void in the suit led, each playing its card of the rank when allowed."""
    rank = rng.randrange(8)
    trump = rng.randrange(4)
    suits = rng.sample(range(4), 4)
    led = suits[0]
    scenario = Scenario(led_is_trump=led == trump, others_void=1.0, discarders_hold_no_trumps=True)
    return scenario, trump, led, {position: suit * 8 + rank for position, suit in enumerate(suits)}


PLANS: dict[RuleId, Plan] = {
    R.TRICK_TRUMP_WINS: _free(SOME_TRUMP, FOLLOW_TRUMPS),
    R.TRICK_SUIT_LED_WINS: _free(NO_TRUMP),
    R.ORDER_TRUMP: _free(FOLLOW_TRUMPS, SOME_TRUMP),
    R.ORDER_PLAIN: _free(FOLLOW_ALL),
    R.POINTS_CARDS: _free(*ANY),
    R.POINTS_LAST_TRICK: _free(*ANY),
    R.ROEM_RUN_OF_THREE: _run(3),
    R.ROEM_RUN_OF_FOUR: _run(4),
    R.ROEM_STUK: _stuk,
    R.ROEM_FOUR_OF_A_KIND: _four_of_a_kind,
}


def generate(target: RuleId, rules: RuleSet, level: int, rng: random.Random) -> Solved:
    """A complete trick played legally from hands of the size its trick number implies."""
    plan = PLANS[target]
    for _ in range(MAX_ATTEMPTS):
        scenario, trump, led, wanted = plan(rng)
        number = 8 if target is R.POINTS_LAST_TRICK else rng.randint(1, 8)
        try:
            table, _ = deal_trick(
                rng, scenario, rules, level, trick_length=4, hand_size=9 - number,
                trump=trump, led=led, wanted=wanted,
            )  # fmt: skip
        except DrawError:
            continue
        content: dict[str, JSON] = {
            "trump": Suit(table.trump).symbol,
            "trick": [str(DECK[card]) for card in table.trick],
            "leader": rng.randrange(4),
            "trick_number": number,
            "ask": _questions(target, level),
        }
        if not _may_turn_on(target, table.trick, table.trump):
            continue  # a look at the cards shows it does not: no need to solve it
        made = solved(COUNT_TRICK, content, rules)
        if target in made.solution.decisive and _interesting(target, made.content, made.solution):
            return made
    raise GenerationError(f"no count-trick puzzle for {target.value} in {MAX_ATTEMPTS} deals")


def _may_turn_on(target: RuleId, trick: list[int], trump: int) -> bool:
    """False for a trick that cannot make a puzzle on `target`: the suit led wins only a trick
    without trumps, and is a trap only with a card of another suit (`_interesting`); the card
    orders decide only where the solver's `order_decides` says so."""
    if target is R.TRICK_SUIT_LED_WINS:
        led = trick[0] >> 3
        return all(c >> 3 != trump for c in trick) and any(c >> 3 != led for c in trick)
    if target in (R.ORDER_TRUMP, R.ORDER_PLAIN):
        cards = [DECK[card] for card in trick]
        return order_decides(cards, Suit(trump), in_trumps=target is R.ORDER_TRUMP)
    return True


def _interesting(target: RuleId, content: TrickContent, solution: Solution[TrickCount]) -> bool:
    """Keep the trap in: a plain-suit trick where another suit's card looks stronger, etc."""
    cards = content.trick
    if target is R.TRICK_SUIT_LED_WINS:
        return any(card.suit is not cards[0].suit for card in cards)
    if target in (R.POINTS_CARDS, R.POINTS_LAST_TRICK):
        return (solution.answer.points or 0) >= 10
    return True


def realism_problems(content: TrickContent, rules: RuleSet) -> list[str]:
    if len(content.trick) != 4:
        return [f"a counted trick has 4 cards, got {len(content.trick)}"]
    if content.trick_number is None or content.leader is None:
        return ["a count-trick puzzle names its trick number (1-8) and its leader"]
    hand_size = 9 - content.trick_number  # cards in each hand when the trick began
    problem = trick_problem(content.trump, content.trick, hand_size, (), rules)
    return [problem] if problem else []


GENERATOR = PuzzleGenerator(
    "count-trick",
    "ct",
    tuple(PLANS),
    generate,
    realism_problems,
    # Under stuk_from_hand, stuk is no trick roem.
    available=lambda rule, rules: not (rule is R.ROEM_STUK and rules.stuk_from_hand),
)
