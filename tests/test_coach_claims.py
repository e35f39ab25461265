"""Every sentence the coach says holds in the position it says it about, like the explanations
(test_explanations.py): each misconception's sentence, whose claims are written down here as
checks on the position; "by that rule you would answer X", whose X is the answer computed
(and "with/without the last trick's 10" the arithmetic); and the plain count it says after a
mistake that no misconception explains. All checked on generated positions of every kind
the coach weighs, under both rule sets."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from klaverjas_core import (
    AMSTERDAM,
    ROTTERDAM,
    Card,
    DealScore,
    Rank,
    RuleId,
    RuleSet,
    Suit,
    judge_trick,
    legal_cards,
    trick_points,
)
from klaverjas_questions import Fact, question_kind
from klaverjas_questions.count_trick import TrickContent, TrickCount
from klaverjas_questions.is_nat import NatAnswer, NatContent
from klaverjas_questions.misconceptions import (
    CATALOGUE,
    Misconception,
    believed_answer,
    plainly,
    predicting,
)
from klaverjas_questions.positions import CardQuestion, PositionContent
from klaverjas_questions.who_revoked import RevokeAnswer, RevokeContent
from klaverjas_trainer.texts import describe_answer, say
from klaverjas_trainer.texts.catalogue import LANGUAGES, catalogue, language
from puzzles import Puzzle, generate, targets
from puzzles.discriminating import discriminating_puzzle
from puzzles.model import PuzzleError

R = RuleId
SEEDS = range(6)
#: The drill's kinds the coach weighs (the catalogue's kinds, all of which puzzles make).
KINDS = ("which-cards", "card-legal", "who-revoked", "count-trick", "is-nat")


# --- the positions: the hand, the trick so far and trumps, where a card is chosen --------------


Spot = tuple[tuple[Card, ...], tuple[Card, ...], Suit]


def spots(puzzle: Puzzle, believed: Any) -> list[Spot]:
    """Where the play kinds' answer is decided: the position asked; in who-revoked, the
    positions of the real revoke and of the card the believer names."""
    content = puzzle.content
    if isinstance(content, PositionContent):
        return [(content.hand, content.trick, content.trump)]
    if isinstance(content, CardQuestion):
        position = content.position
        return [(position.hand, position.trick, position.trump)]
    assert isinstance(content, RevokeContent) and isinstance(believed, RevokeAnswer)
    named = [puzzle.answer.card, believed.card]
    return [spot_of(content, card) for card in named if card is not None]


def spot_of(content: RevokeContent, card: Card) -> Spot:
    """The position in which `card` was played: its player's hand then and the trick so far."""
    played: set[Card] = set()
    for leader, cards in content.tricks:
        for place, each in enumerate(cards):
            if each == card:
                seat = (int(leader) + place) % 4
                hand = tuple(c for c in content.hands[seat] if c not in played)
                return hand, cards[:place], content.trump
            played.add(each)
    raise AssertionError(f"{card} was not played")


def verdict(spot: Spot, rules: RuleSet) -> Any:
    hand, trick, trump = spot
    return legal_cards(hand, trick, trump, rules).verdict(hand[0])


def void_holding_trump(spot: Spot) -> bool:
    """A plain suit was led, the hand holds none of it and holds a trump."""
    hand, trick, trump = spot
    led = trick[0].suit if trick else None
    return (
        led is not None
        and led is not trump
        and all(card.suit is not led for card in hand)
        and any(card.suit is trump for card in hand)
    )


def beats(card: Card, spot: Spot, rules: RuleSet) -> bool:
    return card in verdict(spot, rules).beaters


def lower_trumps(spot: Spot, rules: RuleSet) -> list[Card]:
    hand, _, trump = spot
    return [card for card in hand if card.suit is trump and not beats(card, spot, rules)]


def tricks_shown(puzzle: Puzzle, believed: Any) -> list[tuple[Card, ...]]:
    """Every trick (or trick so far) the position shows."""
    content = puzzle.content
    if isinstance(content, TrickContent):
        return [content.trick]
    if isinstance(content, NatContent):
        return [cards for _, cards in content.tricks or ()]
    return [trick for _, trick, _ in spots(puzzle, believed)]


def trump_of(puzzle: Puzzle) -> Suit | None:
    content = puzzle.content
    if isinstance(content, CardQuestion):
        return content.position.trump
    return getattr(content, "trump", None)


# --- what each sentence claims, as checks (name -> holds) -------------------------------------

Claim = Callable[[Puzzle, Any, RuleSet], bool]


def anywhere(check: Callable[[Spot, RuleSet], bool]) -> Claim:
    """A claim about the play position: true at one of the deciding positions."""
    return lambda puzzle, believed, rules: any(check(s, rules) for s in spots(puzzle, believed))


def partner_winning(spot: Spot, rules: RuleSet) -> bool:
    return void_holding_trump(spot) and verdict(spot, rules).partner_winning


def higher_and_lower_on_lead(spot: Spot, rules: RuleSet) -> bool:
    hand, trick, trump = spot
    higher = [card for card in hand if card.suit is trump and beats(card, spot, rules)]
    return (
        bool(trick) and trick[0].suit is trump and bool(higher) and bool(lower_trumps(spot, rules))
    )


def lower_than_a_trump_in_the_trick(spot: Spot, rules: RuleSet) -> bool:
    return (
        void_holding_trump(spot)
        and verdict(spot, rules).highest_trump is not None
        and bool(lower_trumps(spot, rules))
    )


def undertrump_or_discard(spot: Spot, rules: RuleSet) -> bool:
    hand, _, trump = spot
    return (
        lower_than_a_trump_in_the_trick(spot, rules)
        and not verdict(spot, rules).beaters
        and any(card.suit is not trump for card in hand)
    )


def both_in_a_trick(rank_a: Rank, rank_b: Rank, *, trumps: bool) -> Claim:
    """Some trick shown holds both ranks of one suit: the trump suit, or a plain suit."""

    def holds(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
        trump = trump_of(puzzle)
        for cards in tricks_shown(puzzle, believed):
            for suit in Suit:
                if (suit is trump) != trumps:
                    continue
                ranks = {card.rank for card in cards if card.suit is suit}
                if {rank_a, rank_b} <= ranks:
                    return True
        return False

    return holds


def ace_and_nine_in_play(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
    """A play position whose trick holds the ace or the 9 of trumps and whose trick and hand
    hold both: which beats the other decides."""
    for hand, trick, trump in spots(puzzle, believed) if puzzle.kind in PLAY else []:
        both = {Card(trump, Rank.NINE), Card(trump, Rank.ACE)}
        if both <= {*hand, *trick} and both & set(trick):
            return True
    return False


PLAY = ("which-cards", "card-legal", "who-revoked")


def score(puzzle: Puzzle, rules: RuleSet) -> DealScore:
    assert isinstance(puzzle.content, NatContent)
    return puzzle.content.score(rules)


def last_trick_without_ten(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
    """The last trick's 10 left out and a deal worth 152, in this position's numbers."""
    content = puzzle.content
    if isinstance(content, TrickContent):
        real = puzzle.answer.points
        return content.last_trick and believed.points == real - 10
    assert isinstance(believed, NatAnswer) and believed.points is not None
    real = score(puzzle, rules)
    roem = real.roem[0] + real.roem[1]
    taker = None
    if real.revoked_by is not None:
        taker = 1 - real.revoked_by
    elif believed.nat:
        taker = real.defenders
    if taker is not None:  # 152 + all declared roem (+ a pit's 100) for the pair taking it
        pit = 100 if real.pit == taker else 0
        return believed.points[taker] == 152 + roem + pit and believed.points[1 - taker] == 0
    totals = list(real.totals)
    if content.tricks is not None:  # the tricks shown: the last one's pair counts no 10
        last = next(item.pair for item in real.ledger if item.rule is R.POINTS_LAST_TRICK)
        totals[last] -= 10
    return list(believed.points) == totals


def tie(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
    real = score(puzzle, rules)
    even = real.totals[0] == real.totals[1]
    return even and not believed.nat and believed.points == real.totals


def pit(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
    return score(puzzle, rules).pit is not None


def undeclared(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
    return score(puzzle, rules).forgotten_roem > 0


def called_revoke(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
    assert isinstance(puzzle.content, NatContent)
    return puzzle.content.revoke_row is not None


def roem_to_who_played_more(puzzle: Puzzle, believed: Any, rules: RuleSet) -> bool:
    """Each roem credited to the pair that played more of the cards that make it (the taker
    when both played as many), and some roem so credited away from the trick's taker."""
    content = puzzle.content
    assert isinstance(content, NatContent) and content.tricks is not None
    real = score(puzzle, rules)
    entry = next(e for e in CATALOGUE if e.name == "roem-to-holder")
    moved = score(puzzle, rules.believing(entry.flag))
    lines = [
        (item, other)
        for item, other in zip(real.ledger, moved.ledger, strict=False)
        if item.rule.topic == "roem" and item.trick is not None
    ]
    away = False
    for item, other in lines:
        assert item.trick is not None
        leader, cards = content.tricks[item.trick]
        played = [(int(leader) + n) % 2 for n, card in enumerate(cards) if card in item.cards]
        more = played.count(1) - played.count(0)
        expected = item.pair if more == 0 else int(more > 0)
        if other.pair != expected:
            return False
        away = away or expected != item.pair
    return away


#: Each sentence, and its claims. "You play as if you must always trump and overtrump, even
#: when your partner is winning the trick." -> void, holding a trump, the partner winning. A
#: sentence reworded needs its claims written again: "You give a trick's roem to the pair that
#: played most of its cards" claimed what never holds (each pair plays two of a trick's four).
CLAIMS: dict[str, tuple[str, dict[str, Claim]]] = {
    "always-overtrump": (
        "You play as if you must always trump and overtrump, even when your partner is "
        "winning the trick.",
        {"void, holding a trump, the partner winning": anywhere(partner_winning)},
    ),
    "no-overtrump-on-trump-lead": (
        "You play as if any trump will do when trumps are led, even when you hold a higher one.",
        {"trumps led, a higher and a lower trump in hand": anywhere(higher_and_lower_on_lead)},
    ),
    "discard-when-void": (
        "You play as if you may discard any card when you cannot follow suit, although you "
        "hold a trump.",
        {"unable to follow suit, holding a trump": anywhere(lambda s, r: void_holding_trump(s))},
    ),
    "undertrump-freely": (
        "You play as if you may always play a trump lower than the highest trump in the trick.",
        {"a trump lower than the trick's highest": anywhere(lower_than_a_trump_in_the_trick)},
    ),
    "must-undertrump": (
        "You play as if you must play a lower trump when you cannot overtrump, although you "
        "could discard another card.",
        {"no overtrump, a lower trump and a card to discard": anywhere(undertrump_or_discard)},
    ),
    "ten-below-king": (
        "You count as if the king were higher than the 10 in a suit that is not trumps.",
        {"a king and a 10 of a plain suit": both_in_a_trick(Rank.KING, Rank.TEN, trumps=False)},
    ),
    "ace-above-nine": (
        "You count as if the ace of trumps were higher than the 9 of trumps.",
        {
            "the ace and the 9 of trumps": lambda p, b, r: (
                both_in_a_trick(Rank.ACE, Rank.NINE, trumps=True)(p, b, r)
                or ace_and_nine_in_play(p, b, r)
            ),
        },
    ),
    "tie-not-nat": (
        "You score as if a tie were enough for the choosers.",
        {"a tie, written as made": tie},
    ),
    "pit-forgotten": (
        "You score as if taking all eight tricks earned no 100 extra.",
        {"one pair took all eight tricks": pit},
    ),
    "roem-without-declaring": (
        "You score as if roem counted even when nobody declared it.",
        {"roem that nobody declared": undeclared},
    ),
    "last-trick-forgotten": (
        "You count as if the last trick earned no 10 extra and a deal were worth 152, not 162.",
        {"no 10 for the last trick, a deal worth 152": last_trick_without_ten},
    ),
    "roem-to-holder": (
        "You give roem to the pair that played more of the cards that make it, not to the "
        "pair that took the trick.",
        {"to who played more of its cards, not the taker": roem_to_who_played_more},
    ),
    "revoke-costs-trick": (
        "You score a called revoke as if it cost only the trick it was made in.",
        {"a called revoke": called_revoke},
    ),
}


def coached(entry: Misconception) -> Iterator[tuple[Puzzle, Any, RuleSet]]:
    """Positions where the coach says `entry`'s sentence: its discriminating puzzles of each
    kind and level, answered as its holder answers."""
    for rules in (AMSTERDAM, ROTTERDAM):
        if not entry.holds_under(rules):
            continue
        for kind in sorted(entry.kinds):
            levels = (1, 2, 3) if kind == "is-nat" else (1,)
            for level in levels:
                for seed in SEEDS:
                    try:
                        puzzle = discriminating_puzzle(
                            entry, rules, seed=seed, level=level, kinds={kind}, tries=150
                        )
                    except PuzzleError:
                        break  # this kind cannot show it at this level
                    believed = believed_answer(kind, puzzle.content, rules, entry.flag)
                    yield puzzle, believed, rules


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_every_misconception_sentence_claims_only_what_holds(entry: Misconception) -> None:
    sentence, claims = CLAIMS[entry.name]
    assert catalogue("en").text(f"misconception:{entry.name}") == sentence  # these claims' own
    kinds = set()
    for puzzle, believed, rules in coached(entry):
        # the coach says it only where the entry gives the reply the rules do not
        assert entry in predicting(puzzle.kind, puzzle.content, rules, believed)
        for claim, holds in claims.items():
            assert holds(puzzle, believed, rules), f"{entry.name}: '{claim}' is false for " + (
                puzzle.to_line()
            )
        kinds.add(puzzle.kind)
    assert kinds, f"no position shows {entry.name}"


NUMBER = re.compile(r"(?<![\w♣♦♥♠])\d+(?![\w♣♦♥♠])")


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_by_that_rule_you_would_answer_says_the_answer_computed(entry: Misconception) -> None:
    for puzzle, believed, _ in coached(entry):
        said = describe_answer(puzzle.kind, puzzle.content, believed)
        bare = re.sub(r"(with|without) the last trick's 10", "", said)
        numbers = [int(n) for n in NUMBER.findall(bare)]
        content = puzzle.content
        if isinstance(believed, TrickCount):
            assert isinstance(content, TrickContent)
            wanted = {"points": believed.points, "roem": believed.roem}
            assert numbers == [wanted[part] for part in content.ask if part in wanted], said
            if "winner" in content.ask:
                assert said.startswith(f"{believed.winner} wins"), said
            cards = trick_points(content.trick, content.trump)
            if "with the last trick's 10" in said:
                assert content.last_trick and believed.points == cards + 10, said
            if "without the last trick's 10" in said:
                assert content.last_trick and believed.points == cards, said
        elif isinstance(believed, NatAnswer):
            assert believed.points is not None
            assert numbers == list(believed.points), said
            assert said.startswith(f"nat: {'Yes' if believed.nat else 'No'}"), said
        elif isinstance(believed, RevokeAnswer):
            assert str(believed.card) in said
        elif puzzle.kind == "which-cards":
            assert sorted(said.split()) == sorted(str(card) for card in believed.cards), said
        else:
            assert said == ("Yes" if believed.legal else "No"), said


def test_a_last_trick_counted_without_its_ten_is_not_said_to_hold_it() -> None:
    # The coach said "17 points with the last trick's 10" where 17 is without it.
    content = question_kind("count-trick").read_content(
        {"trump": "♠", "trick": ["10♣", "K♣", "7♥", "9♦"], "leader": 1, "trick_number": 8,
         "ask": ["points"]}
    )  # fmt: skip
    entry = next(e for e in CATALOGUE if e.name == "last-trick-forgotten")
    believed = believed_answer("count-trick", content, AMSTERDAM, entry.flag)
    assert believed is not None and believed.points == 14
    said = describe_answer("count-trick", content, believed)
    assert said == "14 card points, without the last trick's 10"
    assert describe_answer("count-trick", content, TrickCount(points=24)) == (
        "24 points with the last trick's 10"
    )


# --- the plain count, where the answers repeat a mistake no misconception explains ------------


def wrong_replies(puzzle: Puzzle) -> Iterator[Any]:
    """Wrong replies of every shape the plain count words: numbers off both ways, per pair."""
    answer = puzzle.answer
    if isinstance(answer, NatAnswer):
        assert answer.points is not None
        first, second = answer.points
        for delta in (-10, 10, -30):
            yield NatAnswer(answer.nat, (max(0, first + delta), second))
            yield NatAnswer(answer.nat, (first, max(0, second + delta)))
        yield NatAnswer(not answer.nat, answer.points)
    else:
        assert isinstance(answer, TrickCount)
        for delta in (-10, 10, 4):
            points = None if answer.points is None else max(0, answer.points + delta)
            yield TrickCount(answer.winner, points, answer.roem)


def counted_positions() -> Iterator[Puzzle]:
    for rules in (AMSTERDAM, ROTTERDAM):
        for kind in ("is-nat", "count-trick"):
            for target in targets(kind, rules):
                for seed in range(4):
                    level = seed % 3 + 1
                    yield generate(kind, target, seed=seed, rules=rules, level=level)


def terms_of(value: Any) -> tuple[list[int], int]:
    """A said sum's terms and total ("162 + 20 = 182"), or a bare number as its one term."""
    if isinstance(value, Fact):
        assert value.key == "sum-of"
        terms = [int(part) for part in str(value.values["terms"]).split(" + ")]
        return terms, int(str(value.values["total"]))
    return [int(value)], int(value)


def test_the_plain_count_says_the_numbers_of_the_position() -> None:
    checked: set[str] = set()
    for puzzle in counted_positions():
        rules, content = puzzle.rules, puzzle.content
        for reply in wrong_replies(puzzle):
            if question_kind(puzzle.kind).grade(content, rules, reply).correct:
                continue
            said = plainly(puzzle.kind, content, rules, reply)
            assert said, puzzle.to_line()
            pair = None  # the pair a count is about: the one the sentence before names
            for item in said:
                checked.add(item.key)
                check_plain(item, puzzle, reply, pair)
                pair = getattr(item.values.get("pair"), "index", pair)
                for code in LANGUAGES:
                    with language(code):
                        text = say(item)
                    assert "{" not in text and text.endswith("."), (code, text)
    assert {
        "coach-wrote-fewer", "coach-wrote-more", "coach-counted-fewer", "coach-counted-more",
        "coach-count-nat", "coach-count-nat-zero", "coach-count-made", "coach-count-revoke",
        "coach-count-trick", "coach-count-last-trick",
    } <= checked  # fmt: skip


def check_plain(item: Fact, puzzle: Puzzle, reply: Any, pair: int | None) -> None:
    """One sentence of the plain count against the position's own numbers (a count of what a
    pair writes: of `pair`, named by the sentence before)."""
    values, key, content = item.values, item.key, puzzle.content
    if key.startswith(("coach-wrote-", "coach-counted-")):
        given, difference = values["given"], values["difference"]
        assert isinstance(given, int) and isinstance(difference, int)
        if key.startswith("coach-wrote-"):
            index = getattr(values["pair"], "index", None)
            assert index in (0, 1) and reply.points[index] == given
            expected = puzzle.answer.points[index]
        else:
            assert reply.points == given
            expected = puzzle.answer.points
        assert abs(expected - given) == difference > 0
        assert key.endswith("-fewer") == (given < expected)
        return
    if key.startswith("coach-count-") and isinstance(content, NatContent):
        real = content.score(puzzle.rules)
        assert pair in (0, 1)
        rule = real.verdict.rule
        if key == "coach-count-made":  # its own card points, roem and pit
            assert rule is R.SCORE_MADE and real.points == real.totals
            terms, total = terms_of(values["total"])
            wanted = [real.card_points[pair], real.roem[pair], 100 if real.pit == pair else 0]
            assert total == real.points[pair] == sum(wanted)
            assert terms in ([term for term in wanted if term], [total])
            return
        situation = "revoke" if rule is R.SCORE_REVOKE else "nat"
        assert rule is (R.SCORE_REVOKE if situation == "revoke" else R.SCORE_NAT)
        loser = real.revoked_by if situation == "revoke" else real.choosers
        if key.endswith("-zero"):
            assert key == f"coach-count-{situation}-zero" and pair == loser
            assert real.points[pair] == 0
            return
        # 162, all declared roem of both pairs, 100 for a pit: the terms that are not 0
        assert key == f"coach-count-{situation}" and pair != loser
        terms, total = terms_of(values["total"])
        wanted = [162, real.roem[0] + real.roem[1], 100 if real.pit == pair else 0]
        assert total == real.points[pair] == sum(wanted)
        assert terms in ([term for term in wanted if term], [total])
        return
    if key in ("coach-count-trick", "coach-count-last-trick"):
        assert isinstance(content, TrickContent)
        terms, cards = terms_of(values["cards"])
        each = [trick_points([card], content.trump) for card in content.trick]
        assert cards == sum(each) == judge_trick(content.trick, content.trump, puzzle.rules).points
        assert terms in ([part for part in each if part], [cards])
        assert (key == "coach-count-last-trick") == content.last_trick
        if content.last_trick:
            assert values["total"] == cards + 10 == puzzle.answer.points
        return
    assert key.startswith("mistake-"), key  # any other part: the grade's own reason


def test_every_coach_sentence_is_worded_in_every_language() -> None:
    keys = [
        "coach-pattern", "answer-points-without-last", "coach-wrote-fewer", "coach-wrote-more",
        "coach-counted-fewer", "coach-counted-more", "coach-count-nat", "coach-count-nat-zero",
        "coach-count-revoke", "coach-count-revoke-zero", "coach-count-made", "coach-count-trick",
        "coach-count-last-trick",
    ]  # fmt: skip
    english = catalogue("en")
    for code in LANGUAGES:
        for key in keys:
            text = catalogue(code).messages.get(key)
            assert isinstance(text, str) and text, (code, key)
            assert code == "en" or text != english.messages[key], (code, key)
