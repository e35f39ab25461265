"""Count the trick: a complete trick, reached by legal play. Who wins it, its card points (plus
10 if it is the last trick) and its roem."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from klaverjas_core import DECK, Card, RuleId, RuleSet, Suit, judge_trick
from klaverjas_core.cards import PLAIN_ORDER, TRUMP_ORDER, Rank
from puzzles.content import GenerationError, cards_at, text_at
from puzzles.model import JSON
from puzzles.realism import trick_problem
from puzzles.scenarios import DrawError, Scenario, deal_trick
from puzzles.solution import Solution

R = RuleId
LAST_TRICK_BONUS = 10
MAX_ATTEMPTS = 400
FOLLOW_ALL = Scenario(others_void=0.0, prefer_trump=False)
FOLLOW_TRUMPS = Scenario(led_is_trump=True, others_void=0.0, prefer_trump=False)
SOME_TRUMP = Scenario(others_void=0.7)
NO_TRUMP = Scenario(others_void=0.4, prefer_trump=False)
ANY = (FOLLOW_ALL, FOLLOW_TRUMPS, SOME_TRUMP, NO_TRUMP)


def solve(content: Mapping[str, JSON], rules: RuleSet) -> Solution:
    trump = Suit.parse(text_at(content, "trump"))
    cards = cards_at(content, "trick")
    judged = judge_trick(cards, trump, rules)
    last = content.get("trick_number") == 8
    points = judged.points + (LAST_TRICK_BONUS if last else 0)
    asked = _asked(content)
    decisive = {judged.rule}
    if _order_matters(cards, trump, TRUMP_ORDER, only_trumps=True):
        decisive.add(R.ORDER_TRUMP)
    if _order_matters(cards, trump, PLAIN_ORDER, only_trumps=False):
        decisive.add(R.ORDER_PLAIN)
    if "points" in asked:
        decisive.add(R.POINTS_CARDS)
        if last:
            decisive.add(R.POINTS_LAST_TRICK)
    if "roem" in asked:
        decisive.update(item.rule for item in judged.roem)  # four 7s score 0: still the rule
    tags = tuple(rule for rule in _TAG_ORDER if rule in decisive)
    explanation = judged.explain(last_trick=last)
    return Solution(
        answer={"winner": judged.winner, "points": points, "roem": judged.roem_points},
        tags=tags,
        explanation=explanation,
        decisive=frozenset(decisive),
    )


_TAG_ORDER = (
    R.TRICK_TRUMP_WINS, R.TRICK_SUIT_LED_WINS, R.ORDER_TRUMP, R.ORDER_PLAIN,
    R.ROEM_RUN_OF_THREE, R.ROEM_RUN_OF_FOUR, R.ROEM_STUK, R.ROEM_FOUR_OF_A_KIND,
    R.POINTS_LAST_TRICK, R.POINTS_CARDS,
)  # fmt: skip


#: What the learner is asked, by level; a target adds the question it needs.
LEVEL_QUESTIONS = {1: ("winner",), 2: ("winner", "points"), 3: ("winner", "points", "roem")}
QUESTIONS = ("winner", "points", "roem")


def _asked(content: Mapping[str, JSON]) -> tuple[str, ...]:
    ask = content.get("ask", list(QUESTIONS))
    if not isinstance(ask, list) or not ask or any(q not in QUESTIONS for q in ask):
        raise ValueError(f"`ask` must list some of {', '.join(QUESTIONS)}, got {ask!r}")
    return tuple(q for q in QUESTIONS if q in ask)


def _questions(target: RuleId, level: int) -> list[JSON]:
    needed = set(LEVEL_QUESTIONS[level])
    if target.topic == "roem":
        needed.add("roem")
    if target.topic == "points":
        needed.add("points")
    return [q for q in QUESTIONS if q in needed]


def _order_matters(
    cards: Sequence[Card], trump: Suit, order: tuple[Rank, ...], *, only_trumps: bool
) -> bool:
    """True when ranking the deciding cards in natural order would pick another winner."""
    suit = trump if only_trumps else cards[0].suit
    if not only_trumps and any(card.suit is trump for card in cards):
        return False
    contenders = [card for card in cards if card.suit is suit]
    if len(contenders) < 2:
        return False
    by_order = max(contenders, key=lambda card: -order.index(card.rank))
    by_nature = max(contenders, key=lambda card: card.rank.value)
    return by_order is not by_nature


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


def generate(target: RuleId, rules: RuleSet, level: int, rng: random.Random) -> dict[str, JSON]:
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
        solution = solve(content, rules)
        if target in solution.decisive and _interesting(target, content, solution):
            return content
    raise GenerationError(f"no count-trick puzzle for {target.value} in {MAX_ATTEMPTS} deals")


def _interesting(target: RuleId, content: Mapping[str, JSON], solution: Solution) -> bool:
    """Keep the trap in: a plain-suit trick where another suit's card looks stronger, etc."""
    cards = cards_at(content, "trick")
    if target is R.TRICK_SUIT_LED_WINS:
        return any(card.suit is not cards[0].suit for card in cards)
    if target in (R.POINTS_CARDS, R.POINTS_LAST_TRICK):
        answer = solution.answer
        return (
            isinstance(answer, dict)
            and isinstance(answer["points"], int)
            and answer["points"] >= 10
        )
    return True


def _as_int(value: JSON) -> int:
    return value if isinstance(value, int) else 0


def realism_problems(content: Mapping[str, JSON], rules: RuleSet) -> list[str]:
    cards = cards_at(content, "trick")
    number = content.get("trick_number")
    if len(cards) != 4:
        return [f"a counted trick has 4 cards, got {len(cards)}"]
    if not isinstance(number, int) or not 1 <= number <= 8:
        return [f"trick_number must be 1-8, got {number!r}"]
    if content.get("leader") not in (0, 1, 2, 3):
        return [f"leader must be a seat 0-3, got {content.get('leader')!r}"]
    hand_size = 9 - number  # cards in each hand when the trick began
    problem = trick_problem(Suit.parse(text_at(content, "trump")), cards, hand_size, (), rules)
    return [problem] if problem else []
