"""Every explanation says only what holds in its position. For each wording of each rule
(`klaverjas_questions.facts.situation`) the claims it makes are written down here as checks on
the position, and checked on many random positions of every branch, under both rule sets."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

from klaverjas_core import (
    AMSTERDAM,
    DECK,
    ROTTERDAM,
    Card,
    RuleId,
    RuleSet,
    Suit,
    Verdict,
    judge_trick,
    legal_cards,
)
from klaverjas_core.legality import BEATS_TRUMP
from klaverjas_core.playout import PositionRecord, random_playout
from klaverjas_questions import Fact
from klaverjas_questions.facts import legal_facts, situation, verdict_fact
from klaverjas_trainer.texts import say
from puzzles import documented_rule_sets, generate, generator_keys, play_kinds
from puzzles.scenarios import DrawError, build_position

from .reference_rules import reference_points, reference_winner

R = RuleId
DEALS_PER_RULE_SET = 1_500
SCENARIO_POSITIONS = 4_000


def trumps(cards: tuple[Card, ...], verdict: Verdict) -> set[Card]:
    return {card for card in cards if card.suit is verdict.trump}


def side_cards(verdict: Verdict) -> set[Card]:
    """Cards of the hand that are neither the suit led nor trumps."""
    led = verdict.led
    return {
        c
        for c in verdict.hand
        if c.suit is not verdict.trump and (led is None or c.suit is not led.suit)
    }


def holds_led(verdict: Verdict) -> bool:
    return verdict.led is not None and any(c.suit is verdict.led.suit for c in verdict.hand)


def beats(card: Card, verdict: Verdict) -> bool:
    high = verdict.highest_trump
    return high is not None and bool(card.bit & BEATS_TRUMP[high.index])


def trumps_led(verdict: Verdict) -> bool:
    return verdict.led is not None and verdict.led.suit is verdict.trump


def no_trump_yet(verdict: Verdict) -> bool:
    return verdict.highest_trump is None


Claim = Callable[[Verdict], bool]

#: What each wording says, as checks. "you hold no ♥" -> not holds_led; "an opponent is
#: winning" -> not partner_winning; "nothing in your hand beats X" -> no beaters; every card
#: named as allowed -> `allowed`, which the test checks against the legal set separately.
CLAIMS: dict[tuple[RuleId, str], dict[str, Claim]] = {
    (R.PLAY_LEAD_ANY, ""): {"you lead": lambda v: v.led is None},
    (R.PLAY_FOLLOW_SUIT, ""): {
        "a plain suit was led": lambda v: not trumps_led(v),
        "you hold the suit led": holds_led,
        "you must play one of the allowed: the suit led": lambda v: all(
            c.suit is v.led.suit
            for c in v.allowed  # type: ignore[union-attr]
        ),
    },
    (R.PLAY_FOLLOW_SUIT, "trumps-led"): {
        "trumps were led": trumps_led,
        "you hold trumps": lambda v: bool(trumps(v.hand, v)),
        "the allowed are trumps": lambda v: set(v.allowed) <= trumps(v.hand, v),
    },
    (R.PLAY_TRUMP_LED_OVERTRUMP, ""): {
        "trumps were led": trumps_led,
        "you can beat the highest trump": lambda v: bool(v.beaters),
        "beat it with the allowed": lambda v: set(v.allowed) == set(v.beaters),
    },
    (R.PLAY_TRUMP_LED_ANY_TRUMP, ""): {
        "trumps were led": trumps_led,
        "nothing in your hand beats the highest trump": lambda v: not v.beaters,
        "any trump is allowed": lambda v: set(v.allowed) == trumps(v.hand, v),
    },
    (R.PLAY_VOID_NO_TRUMPS, ""): {
        "a plain suit was led": lambda v: not trumps_led(v),
        "you hold no card of it": lambda v: not holds_led(v),
        "and no trumps": lambda v: not trumps(v.hand, v),
        "any card is allowed": lambda v: set(v.allowed) == set(v.hand),
    },
    (R.PLAY_VOID_NO_TRUMPS, "trumps-led"): {
        "trumps were led": trumps_led,
        "you hold none": lambda v: not trumps(v.hand, v),
        "any card is allowed": lambda v: set(v.allowed) == set(v.hand),
    },
    (R.PLAY_MUST_TRUMP, ""): {
        "you hold no card of the suit led": lambda v: not holds_led(v),
        "an opponent is winning": lambda v: not v.partner_winning,
        "nobody has trumped": no_trump_yet,
        "the allowed are your trumps": lambda v: set(v.allowed) == trumps(v.hand, v) != set(),
    },
    (R.PLAY_MUST_TRUMP, "partner"): {
        "you hold no card of the suit led": lambda v: not holds_led(v),
        "your partner is winning": lambda v: v.partner_winning,
        "nobody has trumped": no_trump_yet,
        "the allowed are your trumps": lambda v: set(v.allowed) == trumps(v.hand, v) != set(),
    },
    (R.PLAY_MUST_OVERTRUMP, ""): {
        "the trick holds a trump": lambda v: v.highest_trump is not None,
        "it is winning for the other side": lambda v: (
            not v.partner_winning and v.winning == v.highest_trump
        ),
        "you can overtrump with the allowed": lambda v: set(v.allowed) == set(v.beaters) != set(),
    },
    (R.PLAY_MUST_OVERTRUMP, "partner"): {
        "your partner is winning with the highest trump": lambda v: (
            v.partner_winning and v.winning == v.highest_trump
        ),
        "you can overtrump with the allowed": lambda v: set(v.allowed) == set(v.beaters) != set(),
    },
    (R.PLAY_NO_UNDERTRUMP, ""): {
        "nothing in your hand beats the highest trump": lambda v: (
            v.highest_trump is not None and not v.beaters
        ),
        "an opponent is winning": lambda v: not v.partner_winning,
        "you hold cards of another suit, and they are the allowed": lambda v: (
            set(v.allowed) == side_cards(v) != set()
        ),
        "the card judged is not a higher trump": lambda v: not beats(v.card, v),
    },
    (R.PLAY_NO_UNDERTRUMP, "partner"): {
        "your partner is winning with the highest trump": lambda v: (
            v.partner_winning and v.winning == v.highest_trump
        ),
        "the card is a trump that does not beat it": lambda v: (
            v.card.suit is v.trump and not beats(v.card, v)
        ),
        "the allowed are other suits and higher trumps": lambda v: (
            set(v.allowed) == side_cards(v) | set(v.beaters)
        ),
    },
    (R.PLAY_ONLY_LOWER_TRUMPS, ""): {
        "your hand is only trumps": lambda v: trumps(v.hand, v) == set(v.hand),
        "all lower than the highest trump": lambda v: v.highest_trump is not None and not v.beaters,
    },
    (R.PLAY_PARTNER_WINNING, ""): {
        "your partner is winning": lambda v: v.partner_winning,
        "you may discard": lambda v: any(c.suit is not v.trump for c in v.allowed),
        "or trump": lambda v: any(c.suit is v.trump for c in v.allowed),
    },
    (R.PLAY_PARTNER_WINNING, "discard"): {
        "your partner is winning": lambda v: v.partner_winning,
        "none of your trumps beats it": lambda v: not v.beaters and v.highest_trump is not None,
        "so discard: the allowed are other suits": lambda v: (
            set(v.allowed) == side_cards(v) != set()
        ),
    },
    (R.PLAY_PARTNER_WINNING, "only-trumps"): {
        "your partner is winning": lambda v: v.partner_winning,
        "you hold only trumps": lambda v: trumps(v.hand, v) == set(v.hand),
    },
    (R.PLAY_MUST_UNDERTRUMP, ""): {
        "you hold no card of the suit led": lambda v: not holds_led(v),
        "you cannot beat the highest trump": lambda v: (
            v.highest_trump is not None and not v.beaters
        ),
        "an opponent is winning": lambda v: not v.partner_winning,
        "the allowed are your trumps": lambda v: set(v.allowed) == trumps(v.hand, v) != set(),
    },
    (R.PLAY_MUST_UNDERTRUMP, "partner"): {
        "you hold no card of the suit led": lambda v: not holds_led(v),
        "you cannot beat your partner's highest trump": lambda v: (
            v.partner_winning and v.winning == v.highest_trump and not v.beaters
        ),
        "the allowed are your trumps": lambda v: set(v.allowed) == trumps(v.hand, v) != set(),
    },
}


def recorded_positions(rules: RuleSet) -> Iterator[PositionRecord]:
    rng = random.Random(f"claims-{rules.name}")
    for _ in range(DEALS_PER_RULE_SET):
        records: list[PositionRecord] = []
        random_playout(rng, rules, dealer=rng.randrange(4), positions=records)
        yield from records


def trick_of(record: PositionRecord) -> list[Card]:
    return [DECK[index] for index in record.trick]


def verdicts(rules: RuleSet) -> Iterator[Verdict]:
    """Every card of every position of random play-outs, and of positions built on purpose
    for the rare branches (a partner who has trumped, only lower trumps)."""
    for record in recorded_positions(rules):
        hand = [DECK[i] for i in range(32) if record.hand >> i & 1]
        result = legal_cards(hand, trick_of(record), Suit(record.trump), rules)
        yield from (result.verdict(card) for card in hand)
    rng = random.Random(f"scenarios-{rules.name}")
    scenarios = [s for group in play_kinds.SCENARIOS.values() for s in group]
    for _ in range(SCENARIO_POSITIONS):
        try:
            position = build_position(rng, rng.choice(scenarios), rules, rng.choice((1, 2, 3)))
        except DrawError:
            continue
        result = position.legal_cards()
        yield from (result.verdict(card) for card in position.hand)


def test_every_explanation_claims_only_what_holds() -> None:
    seen: Counter[tuple[RuleId, str]] = Counter()
    positions = 0
    for verdict in (v for rules in (AMSTERDAM, ROTTERDAM) for v in verdicts(rules)):
        positions += 1
        key = (verdict.rule, situation(verdict))
        claims = CLAIMS.get(key)
        assert claims is not None, f"no claims written down for {key}"
        for claim, holds in claims.items():
            assert holds(verdict), f"{key}: '{claim}' is false for {verdict}, hand {verdict.hand}"
        assert set(verdict.allowed) == {c for c in verdict.hand if c in verdict.allowed}
        text = say(verdict_fact(verdict))
        assert text.startswith(str(verdict.card)) and "{" not in text
        seen[key] += 1
    missing = [f"{rule.value} {wording}" for rule, wording in CLAIMS if (rule, wording) not in seen]
    assert missing == []  # every wording is reached, so every claim is tested
    assert positions > 200_000
    print(f"claims checked on {positions:,} cards in random positions: {dict(seen)}")


def test_a_legal_set_explanation_names_only_legal_cards_as_allowed() -> None:
    checked = 0
    for rules in (AMSTERDAM, ROTTERDAM):
        for record in list(recorded_positions(rules))[:20_000]:
            hand = [DECK[i] for i in range(32) if record.hand >> i & 1]
            result = legal_cards(hand, trick_of(record), Suit(record.trump), rules)
            for item in legal_facts(result):
                for fact_ in nested(item):  # a forbidden card's reason names allowed ones too
                    named = fact_.values.get("allowed")
                    if fact_.key == "legal-cards":
                        named = fact_.values.get("cards")
                    if isinstance(named, tuple):
                        checked += item.key == "card-not-allowed"
                        assert all(card in result for card in named if isinstance(card, Card))
    assert checked > 1_000


def nested(item: Fact) -> list[Fact]:
    """`item` and every fact inside it."""
    inner = [value for value in item.values.values() if isinstance(value, Fact)]
    return [item, *(part for value in inner for part in nested(value))]


def fact_claims(item: Fact, rules: RuleSet) -> list[str]:
    """The claims of trick and score facts that are false (an empty list: all hold)."""
    values, wrong = item.values, []
    cards = values.get("cards")
    if item.key == "pair-total":
        pit = 100 if values["pit"] else 0
        if values["card_points"] + values["roem"] + pit != values["total"]:  # type: ignore[operator]
            wrong.append("the total is not card points + roem (+ pit)")
    if item.key == R.SCORE_MADE.value and not values["choosers_total"] > values["defenders_total"]:  # type: ignore[operator]
        wrong.append("made, but the choosers did not score strictly more")
    if item.key == R.SCORE_NAT.value and values["choosers_total"] > values["defenders_total"]:  # type: ignore[operator]
        wrong.append("nat, but the choosers scored strictly more")
    if item.key in (R.ROEM_RUN_OF_THREE.value, R.ROEM_RUN_OF_FOUR.value):
        assert isinstance(cards, tuple)
        ranks = sorted(card.rank.value for card in cards if isinstance(card, Card))
        if len({card.suit for card in cards if isinstance(card, Card)}) != 1 or ranks != list(
            range(ranks[0], ranks[0] + len(ranks))
        ):
            wrong.append("a run that is not consecutive cards of one suit")
    return wrong


def test_trick_and_score_explanations_hold_under_every_variant() -> None:

    checked = 0
    for kind, rule, rules in generator_keys(documented_rule_sets()):
        if kind not in ("count-trick", "is-nat", "who-revoked"):
            continue
        for seed in range(8):
            puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
            for item in puzzle.solution.facts:
                assert fact_claims(item, rules) == [], (puzzle.to_line(), item)
                checked += 1
            content = puzzle.content
            if kind == "count-trick":
                judged = judge_trick(content.trick, content.trump, rules)
                winner, points = puzzle.solution.facts[0], puzzle.solution.facts[1]
                assert (
                    winner.values["winning"]
                    == content.trick[reference_winner(content.trick, content.trump)]
                )
                assert points.values["points"] == reference_points(content.trick, content.trump)
                assert judged.points == points.values["points"]
                has_trump = any(card.suit is content.trump for card in content.trick)
                assert (winner.key == R.TRICK_TRUMP_WINS.value) == has_trump
            if kind == "who-revoked":
                (revoke,) = puzzle.solution.facts
                player, card = revoke.values["player"], revoke.values["card"]
                assert card in content.hands[player] and puzzle.answer.card == card
    assert checked > 1_000
