"""Edges of the question kinds that the mutation run (mutmut) showed no other fast test pins
down: the answer each kind solves, how it grades a wrong or missing reply part by part (the
expected and given values, the deciding rule and the fact that explains it), and how strictly
the codec reads content and replies.

Expected answers come from RULES.md (seats, the deal, card order, points, roem, nat, revokes).
"""

from __future__ import annotations

from typing import Any

import pytest

from klaverjas_core import (
    AMSTERDAM,
    ROTTERDAM,
    Card,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    check_card,
    judge_trick,
    legal_cards,
    parse_cards,
    score_summary,
)
from klaverjas_questions import Fact, Grade, Mistake, QuestionError, canonical_json, fact
from klaverjas_questions.codec import Reader
from klaverjas_questions.counting import (
    CardsContent,
    NoContent,
    NumberAnswer,
    number_kind,
    solve_cards_points,
    solve_match_deals,
)
from klaverjas_questions.facts import (
    added,
    legal_facts,
    reason,
    score_facts,
    situation,
    trick_facts,
    verdict_fact,
    written,
)
from klaverjas_questions.model import Pair, Solution
from klaverjas_questions.positions import CardsAnswer
from klaverjas_questions.registry import question_kind
from klaverjas_questions.seats import (
    CallsContent,
    DealerContent,
    SeatAnswer,
    seat_kind,
    solve_next_dealer,
    solve_trump_chooser,
)

R = RuleId
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def ask(name: str, content: dict[str, Any], rules: RuleSet = AMSTERDAM) -> tuple[Any, Any, Any]:
    """The kind, its content read from JSON, and the solution."""
    kind = question_kind(name)
    read = kind.read_content(content)
    return kind, read, kind.solve(read, rules)


def grade(name: str, content: dict[str, Any], reply: dict[str, Any], rules: RuleSet = AMSTERDAM):
    kind, read, _ = ask(name, content, rules)
    return kind.grade(read, rules, kind.read_answer(reply))


# --- seats: who deals, who is first hand, partner, who leads next, who chose -------------------

SEAT_CASES = [
    # kind, content, answer seat, the fact that explains it
    ("next-dealer", {"dealer": 0}, E, fact(R.DEAL_DEALER_ROTATES, dealer=E)),  # to the left
    ("first-hand", {"dealer": 3}, N, fact("first-hand", first_hand=N, dealer=W)),
    ("partner", {"seat": 1}, W, fact(R.DEAL_PAIRS, seat=E, partner=W)),
    # West leads A♣, North trumps with K♥: North won and leads next
    (
        "next-leader",
        {"trump": "♥", "leader": 3, "trick": ["A♣", "K♥", "7♣", "8♣"]},
        N,
        fact(R.TRICK_WINNER_LEADS, leader=N),
    ),
    # South deals: West (first hand) and North pass, East names diamonds
    (
        "trump-chooser",
        {"dealer": 2, "calls": ["pass", "pass", "♦"]},
        E,
        fact(R.TRUMP_FREE_CHOICE, chooser=E, trump=Suit.DIAMONDS),
    ),
]


@pytest.mark.parametrize(("name", "content", "seat", "why"), SEAT_CASES)
def test_a_seat_question_is_answered_by_the_rules(
    name: str, content: dict[str, Any], seat: Seat, why: Fact
) -> None:
    _, _, solution = ask(name, content)
    assert solution.answer == SeatAnswer(seat)
    assert solution.facts == (why,)
    assert solution.tags and all(isinstance(tag, RuleId) for tag in solution.tags)


@pytest.mark.parametrize(("name", "content", "seat", "why"), SEAT_CASES)
@pytest.mark.parametrize("given", [None, "wrong"])
def test_a_wrong_or_missing_seat_is_graded_wrong_with_why(
    name: str, content: dict[str, Any], seat: Seat, why: Fact, given: str | None
) -> None:
    kind, read, solution = ask(name, content)
    wrong = None if given is None else Seat((seat + 2) % 4)
    result = kind.grade(read, AMSTERDAM, SeatAnswer(wrong))
    explained = fact("mistake-answer", given=wrong, expected=seat, reason=solution.facts)
    given_seat = None if wrong is None else int(wrong)
    mistake = Mistake("seat", int(seat), given_seat, solution.tags[0], explained)
    assert result == Grade(False, (mistake,))
    assert kind.grade(read, AMSTERDAM, SeatAnswer(seat)) == Grade(True)


def test_a_seat_kind_made_afresh_grades_like_the_registered_one() -> None:
    kind = seat_kind("next-dealer-again", DealerContent.from_dict, solve_next_dealer)
    content = kind.read_content({"dealer": 3})
    solution = kind.solve(content, AMSTERDAM)
    assert solution.answer == SeatAnswer(N)
    assert kind.grade(content, AMSTERDAM, SeatAnswer(N)) == Grade(True)
    why = fact("mistake-answer", given=S, expected=N, reason=solution.facts)
    wrong = Grade(False, (Mistake("seat", 0, 2, R.DEAL_DEALER_ROTATES, why),))
    assert kind.grade(content, AMSTERDAM, SeatAnswer(S)) == wrong
    assert kind.read_answer({"seat": 2}) == SeatAnswer(S)
    assert kind.encode(SeatAnswer(S)) == '{"seat":2}'
    assert kind.encode(SeatAnswer()) == '{"seat":null}'


def test_the_trump_chooser_under_compulsory_and_after_four_passes() -> None:
    compulsory = RuleSet.parse("amsterdam+compulsory")
    _, _, solution = ask("trump-chooser", {"dealer": 2, "calls": ["♣"]}, compulsory)
    assert solution.answer == SeatAnswer(W)  # the first hand names at once
    assert solution.facts == (fact(R.TRUMP_COMPULSORY, chooser=W, trump=Suit.CLUBS),)
    calls = ["pass"] * 4 + ["♠"]
    _, _, solution = ask("trump-chooser", {"dealer": 2, "calls": calls})
    assert solution.answer == SeatAnswer(W)  # all four passed: the first hand must name
    assert solution.tags == (R.TRUMP_FORCED_FIRST_HAND,)
    with pytest.raises(QuestionError):
        ask("trump-chooser", {"dealer": 2, "calls": ["pass", "pass"]})


# --- may I pass? -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "passes", "may_pass", "key", "speaker"),
    [
        ("amsterdam", 0, True, "fact-may-pass", E),
        ("amsterdam", 3, True, "fact-may-pass", N),  # the dealer may pass too
        ("amsterdam", 4, False, "fact-must-name-trump.forced-first-hand", E),
        ("amsterdam+compulsory", 0, False, "fact-must-name-trump.compulsory", E),
    ],
)
def test_may_i_pass(rules: str, passes: int, may_pass: bool, key: str, speaker: Seat) -> None:
    ruleset = RuleSet.parse(rules)
    content = {"dealer": 0, "passes": passes}
    kind, read, solution = ask("may-pass", content, ruleset)
    assert solution.answer.may_pass is may_pass
    assert solution.facts == (fact(key, seat=speaker, dealer=N),)
    assert kind.grade(read, ruleset, kind.read_answer({"may_pass": may_pass})) == Grade(True)
    for given in (not may_pass, None):
        why = fact("mistake-answer", given=given, expected=may_pass, reason=solution.facts)
        mistake = Mistake("may_pass", may_pass, given, solution.tags[0], why)
        assert kind.grade(read, ruleset, kind.read_answer({"may_pass": given})) == Grade(
            False, (mistake,)
        )


def test_nobody_can_have_passed_under_compulsory_trumps() -> None:
    with pytest.raises(QuestionError):
        ask("may-pass", {"dealer": 0, "passes": 1}, RuleSet.parse("amsterdam+compulsory"))


# --- counting: card points, card order, the deals of a match, the packets -------------------


def test_card_points_are_counted_and_a_wrong_number_is_explained() -> None:
    content = {"trump": "♥", "cards": ["J♥", "9♥", "A♣", "7♦"]}
    for kind in (
        question_kind("cards-points"),
        number_kind("cards-points-again", CardsContent.from_dict, solve_cards_points),
    ):
        read = kind.read_content(content)
        solution = kind.solve(read, AMSTERDAM)
        assert solution.answer.number == 20 + 14 + 11
        sum_of = fact("sum-of", terms="20 + 14 + 11", total=45)
        assert solution.facts == (fact(R.POINTS_CARDS, cards=read.cards, points=sum_of),)
        assert kind.grade(read, AMSTERDAM, kind.read_answer({"number": 45})) == Grade(True)
        for given in (44, None):
            why = fact("mistake-answer", given=given, expected=45, reason=solution.facts)
            mistake = Mistake("number", 45, given, R.POINTS_CARDS, why)
            reply = kind.read_answer({"number": given})
            assert kind.grade(read, AMSTERDAM, reply) == Grade(False, (mistake,))


@pytest.mark.parametrize(("rules", "deals"), [("amsterdam", 16), ("rotterdam+short_match", 8)])
def test_a_match_has_16_deals_or_8_when_short(rules: str, deals: int) -> None:
    ruleset = RuleSet.parse(rules)
    kind, read, solution = ask("match-deals", {}, ruleset)
    assert solution.answer.number == deals
    assert solution.facts == (fact(R.SCORE_MATCH, deals=deals),)
    result = kind.grade(read, ruleset, kind.read_answer({"number": 24 - deals}))
    assert not result.correct and result.mistakes[0].expected == deals


@pytest.mark.parametrize(
    ("trump", "given", "ranked", "rule"),
    [
        ("♥", "7♥ J♥ A♥ 9♥", "J♥ 9♥ A♥ 7♥", R.ORDER_TRUMP),  # J 9 A 10 K Q 8 7
        ("♥", "J♣ A♣ 10♣ 7♣", "A♣ 10♣ J♣ 7♣", R.ORDER_PLAIN),  # A 10 K Q J 9 8 7
    ],
)
def test_cards_are_ranked_in_the_order_of_their_suit(
    trump: str, given: str, ranked: str, rule: RuleId
) -> None:
    content = {"trump": trump, "cards": given.split()}
    kind, read, solution = ask("card-order", content)
    assert solution.answer.cards == cards(ranked)
    assert solution.tags == (rule,)
    assert solution.facts == (fact(rule, cards=cards(ranked)),)
    assert kind.grade(read, AMSTERDAM, solution.answer) == Grade(True)


def test_a_wrong_card_order_is_graded_place_by_place() -> None:
    kind, read, _ = ask("card-order", {"trump": "♥", "cards": ["7♥", "J♥", "A♥", "9♥"]})
    swapped = kind.grade(read, AMSTERDAM, kind.read_answer({"cards": ["9♥", "J♥", "A♥", "7♥"]}))
    assert swapped == Grade(
        False,
        (
            Mistake(
                "place 1",
                "J♥",
                "9♥",
                R.ORDER_TRUMP,
                fact("mistake-place", place=1, given=card("9♥"), expected=card("J♥")),
            ),
            Mistake(
                "place 2",
                "9♥",
                "J♥",
                R.ORDER_TRUMP,
                fact("mistake-place", place=2, given=card("J♥"), expected=card("9♥")),
            ),
        ),
    )
    short = kind.grade(read, AMSTERDAM, kind.read_answer({"cards": ["J♥"]}))
    assert [(m.part, m.expected, m.given) for m in short.mistakes] == [
        ("place 2", "9♥", None),
        ("place 3", "A♥", None),
        ("place 4", "7♥", None),
    ]
    assert short.mistakes[-1].why == fact("mistake-place", place=4, given=None, expected=card("7♥"))


def test_cards_of_two_suits_have_no_single_order() -> None:
    with pytest.raises(QuestionError):
        ask("card-order", {"trump": "♥", "cards": ["7♥", "J♣"]})


def test_the_deal_is_given_in_packets_of_3_2_3() -> None:
    kind, read, solution = ask("packets", {})
    assert solution.answer.packets == (3, 2, 3)
    assert kind.grade(read, AMSTERDAM, kind.read_answer({"packets": [3, 2, 3]})) == Grade(True)
    why = fact("mistake-answer", given="3-3-2", expected="3-2-3", reason=solution.facts)
    mistake = Mistake("packets", [3, 2, 3], [3, 3, 2], R.DEAL_PACKETS, why)
    reply = kind.read_answer({"packets": [3, 3, 2]})
    assert kind.grade(read, AMSTERDAM, reply) == Grade(False, (mistake,))
    for bad in ([3, 2], [3, 2, 9], [3, True, 3]):
        with pytest.raises(QuestionError, match="`packets`"):
            kind.read_answer({"packets": bad})


# --- count the trick --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trick", "tags"),
    [
        # a trump wins: the plain order of the suit led decides nothing
        ("10♣ K♣ 7♥ 8♣", (R.TRICK_TRUMP_WINS, R.POINTS_CARDS)),
        # no trump: 10♣ beats K♣ in the plain order (not in natural order)
        ("10♣ K♣ 7♦ 8♣", (R.TRICK_SUIT_LED_WINS, R.ORDER_PLAIN, R.POINTS_CARDS)),
        # J♥ beats A♥ and 9♥ in the trump order
        ("9♥ J♥ A♥ 7♣", (R.TRICK_TRUMP_WINS, R.ORDER_TRUMP, R.POINTS_CARDS)),
    ],
)
def test_a_trick_is_tagged_with_the_rules_that_decide_it(trick: str, tags: tuple[RuleId]) -> None:
    _, _, solution = ask("count-trick", {"trump": "♥", "trick": trick.split()})
    assert solution.tags == tags


def test_the_last_trick_counts_10_more_and_a_wrong_count_is_explained_part_by_part() -> None:
    content = {"trump": "♥", "trick": ["A♣", "7♣", "8♣", "9♣"], "trick_number": 8}
    kind, read, solution = ask("count-trick", content)
    judged = judge_trick("A♣ 7♣ 8♣ 9♣", "♥")
    run = fact(R.ROEM_RUN_OF_THREE, cards=cards("7♣ 8♣ 9♣"), points=20)
    assert solution.answer.to_dict() == {"winner": "A♣", "points": 21, "roem": 20}
    assert solution.tags == (
        R.TRICK_SUIT_LED_WINS,
        R.ROEM_RUN_OF_THREE,
        R.POINTS_LAST_TRICK,
        R.POINTS_CARDS,
    )
    assert solution.facts == (
        fact(R.TRICK_SUIT_LED_WINS, winning=card("A♣")),
        fact(R.POINTS_CARDS, cards=judged.cards, points=11),
        fact("last-trick-bonus", points=21),
        run,
    )
    reply = kind.read_answer({"winner": "7♣", "points": 11, "roem": 0})
    assert kind.grade(read, AMSTERDAM, reply) == Grade(
        False,
        (
            Mistake(
                "winner",
                "A♣",
                "7♣",
                R.TRICK_SUIT_LED_WINS,
                fact("mistake-winner", given=card("7♣"), reason=solution.facts[0]),
            ),
            Mistake(
                "points",
                21,
                11,
                R.POINTS_LAST_TRICK,
                fact(
                    "mistake-points-last",
                    given=11,
                    expected=21,
                    reason=fact(R.POINTS_CARDS, cards=judged.cards, points=11),
                ),
            ),
            Mistake(
                "roem",
                20,
                0,
                R.ROEM_RUN_OF_THREE,
                fact("mistake-roem", given=0, expected=20, reason=(run,)),
            ),
        ),
    )
    assert kind.grade(read, AMSTERDAM, solution.answer) == Grade(True)


def test_a_wrong_count_of_a_trick_without_roem() -> None:
    content = {"trump": "♥", "trick": ["10♣", "K♣", "7♥", "8♣"], "ask": ["points", "roem"]}
    kind, read, _ = ask("count-trick", content)
    reply = kind.read_answer({"points": 10, "roem": 20})
    points, roem = kind.grade(read, AMSTERDAM, reply).mistakes
    sum_of = fact("sum-of", terms="10 + 4", total=14)
    assert points == Mistake(
        "points",
        14,
        10,
        R.POINTS_CARDS,
        fact(
            "mistake-points",
            given=10,
            expected=14,
            reason=fact(R.POINTS_CARDS, cards=read.trick, points=sum_of),
        ),
    )
    assert roem == Mistake(
        "roem", 0, 20, None, fact("mistake-roem", given=20, expected=0, reason="")
    )


@pytest.mark.parametrize(
    "content",
    [
        {"trump": "♥", "trick": []},
        {"trump": "♥", "trick": ["A♣", "7♣", "8♣", "9♣", "10♣"]},
        {"trump": "♥", "trick": ["A♣"], "ask": []},
        {"trump": "♥", "trick": ["A♣"], "ask": ["winner", "colour"]},
        {"trump": "♥", "trick": ["A♣"], "ask": "winner"},
        {"trump": "♥", "trick": ["A♣"], "trick_number": 9},
    ],
)
def test_count_trick_content_is_read_strictly(content: dict[str, Any]) -> None:
    with pytest.raises(QuestionError):
        question_kind("count-trick").read_content(content)


def test_count_trick_asks_every_part_unless_told() -> None:
    read = question_kind("count-trick").read_content({"trump": "♥", "trick": ["A♣"]})
    assert read.ask == ("winner", "points", "roem")


@pytest.mark.parametrize(
    "reply", [{"points": 201}, {"points": -1}, {"roem": 501}, {"points": True}]
)
def test_a_trick_count_reply_is_read_strictly(reply: dict[str, Any]) -> None:
    with pytest.raises(QuestionError):
        question_kind("count-trick").read_answer(reply)


def test_a_trick_count_reply_may_hold_the_highest_possible_numbers() -> None:
    answer = question_kind("count-trick").read_answer({"points": 200, "roem": 500})
    assert (answer.points, answer.roem) == (200, 500)


# --- nat or not -------------------------------------------------------------------------------

SEED_000 = {"choosers": 0, "summary": {"card_points": [82, 80], "roem": [[], [20]]}}


def test_seed_000_is_nat_and_a_reply_that_counts_cards_alone_is_explained() -> None:
    kind, read, solution = ask("is-nat", SEED_000)
    assert (solution.answer.nat, solution.answer.points) == (True, (0, 182))
    score = score_summary((82, 80), (0, 20), 0)
    defenders_write = fact("sum-of", terms="162 + 20", total=182)
    verdict = fact(
        R.SCORE_NAT, choosers_total=82, defenders_total=100, defenders_written=defenders_write
    )
    assert score_facts(score)[-1] == verdict
    reply = kind.read_answer({"nat": False, "points": [82, 100]})
    said = fact("mistake-nat", given=False, expected=True)
    assert kind.grade(read, AMSTERDAM, reply) == Grade(
        False,
        (
            Mistake(
                "nat",
                True,
                False,
                R.SCORE_NAT,
                fact("mistake-with-reason", mistake=said, reason=verdict),
            ),
            Mistake(
                "points",
                [0, 182],
                [82, 100],
                R.SCORE_NAT,
                fact(
                    "mistake-written",
                    given_first=82,
                    given_second=100,
                    first=0,
                    second=defenders_write,
                ),
            ),
        ),
    )
    unanswered = kind.grade(read, AMSTERDAM, kind.read_answer({"nat": True}))
    (points,) = unanswered.mistakes
    assert (points.part, points.given) == ("points", None)
    assert points.why == fact(
        "mistake-written", given_first=None, given_second=None, first=0, second=defenders_write
    )


def test_nat_from_the_played_tricks_counts_only_declared_roem() -> None:
    tricks = [
        [0, ["A♣", "7♣", "8♣", "9♣"]],
        [0, ["7♦", "A♦", "8♦", "9♦"]],
        [1, ["10♣", "K♣", "Q♣", "J♣"]],
        [1, ["10♦", "K♦", "Q♦", "J♦"]],
        [1, ["7♥", "8♥", "9♥", "A♥"]],
        [0, ["10♥", "J♥", "Q♥", "K♥"]],
        [0, ["7♠", "8♠", "9♠", "10♠"]],
        [2, ["J♠", "Q♠", "K♠", "A♠"]],
    ]
    content = {"choosers": 1, "trump": "♠", "tricks": tricks, "declared": [1, 2, 3]}
    _, read, solution = ask("is-nat", content)
    # pair 1 (the choosers): 49 card points + 120 declared roem = 169 against pair 0's
    # 113 + 0 declared (its roem of tricks 0, 4-7 was not declared): made
    assert (solution.answer.nat, solution.answer.points) == (False, (113, 169))
    assert solution.tags == (R.SCORE_MADE, R.ROEM_DECLARE)
    assert {R.ROEM_RUN_OF_THREE, R.ROEM_RUN_OF_FOUR} <= solution.decisive
    assert read.to_dict() == content


@pytest.mark.parametrize(
    "summary",
    [
        {"card_points": [163, 0]},
        {"card_points": [82, 80], "tricks_won": [9, 0]},
        {"card_points": [82, 80], "last_trick": 2},
        {"card_points": [82, 80], "revoked_by": 2},
        {"card_points": [82, 80], "roem": [[20]]},
        {"card_points": [82, 80], "roem": [[-20], []]},
        {"card_points": [82, 80], "roem": [[True], []]},
    ],
)
def test_a_nat_summary_is_read_strictly(summary: dict[str, Any]) -> None:
    with pytest.raises(QuestionError):
        question_kind("is-nat").read_content({"choosers": 0, "summary": summary})


def test_a_nat_summary_reads_zero_roem_and_writes_back_what_it_read() -> None:
    summary = {
        "card_points": [162, 0],
        "roem": [[0, 20], []],
        "undeclared_roem": [[], [50]],
        "tricks_won": [8, 0],
        "last_trick": 0,
        "revoked_by": 1,
    }
    read = question_kind("is-nat").read_content({"choosers": 1, "summary": summary})
    assert read.to_dict() == {"choosers": 1, "summary": summary}


@pytest.mark.parametrize(
    "row",
    [
        {"pair": 2, "points": 20},
        {"pair": 0, "points": 163},
        {"pair": 0, "points": 20, "roem": [501, 0]},
        {"pair": 0, "points": 20, "declared": "yes"},
    ],
)
def test_a_trick_table_row_is_read_strictly(row: dict[str, Any]) -> None:
    rows = [row] + [{"pair": 0, "points": 0}] * 7
    with pytest.raises(QuestionError, match=r"trick_table\[0\]"):
        question_kind("is-nat").read_content({"choosers": 0, "trick_table": rows})


def test_a_trick_table_row_defaults_to_no_roem_declared() -> None:
    rows = [{"pair": 0, "points": 162}] + [{"pair": 0, "points": 0}] * 7
    read = question_kind("is-nat").read_content({"choosers": 0, "trick_table": rows})
    assert read.trick_table[0].to_dict() == {
        "pair": 0,
        "points": 162,
        "roem": [0, 0],
        "declared": True,
    }
    assert read.score(AMSTERDAM).points == (262, 0)  # a pit: 162 + 100


@pytest.mark.parametrize("choosers", [2, -1, True])
def test_the_choosers_are_pair_0_or_1(choosers: object) -> None:
    with pytest.raises(QuestionError, match="choosers"):
        question_kind("is-nat").read_content({**SEED_000, "choosers": choosers})


@pytest.mark.parametrize("points", [[1001, 0], [0, 1001], [0]])
def test_a_nat_reply_is_read_strictly(points: list[int]) -> None:
    with pytest.raises(QuestionError, match="points"):
        question_kind("is-nat").read_answer({"nat": True, "points": points})
    assert question_kind("is-nat").read_answer({"points": [1000, 0]}).points == (1000, 0)
    assert question_kind("is-nat").read_answer({"nat": True}).points is None


# --- positions: which cards, may I play this card, Amsterdam or Rotterdam ---------------------


@pytest.mark.parametrize(
    ("hand", "trick", "trivial"),
    [
        (["Q♥"], ["A♣"], "only one card in hand"),
        (["Q♥", "7♦"], ["A♣", "7♣"], "every card is legal"),  # partner wins: seed 000
        (["Q♥", "7♦"], ["A♣", "8♥"], None),  # must overtrump with Q♥
    ],
)
def test_which_cards_is_trivial_with_one_card_or_when_every_card_is_legal(
    hand: list[str], trick: list[str], trivial: str | None
) -> None:
    _, _, solution = ask("which-cards", {"trump": "♥", "trick": trick, "hand": hand})
    assert solution.trivial == trivial


def test_which_cards_grades_each_card_chosen_wrongly_or_missed() -> None:
    content = {"trump": "♥", "trick": ["A♣", "8♥"], "hand": ["Q♥", "7♦"]}
    kind, read, _ = ask("which-cards", content)
    result = legal_cards("Q♥ 7♦", "A♣ 8♥", "♥")
    graded = kind.grade(read, AMSTERDAM, kind.read_answer({"cards": ["7♦"]}))
    q, d = result.verdict("Q♥"), result.verdict("7♦")
    assert graded == Grade(
        False,
        (
            Mistake(
                "Q♥",
                True,
                False,
                R.PLAY_MUST_OVERTRUMP,
                fact("mistake-missed", card=card("Q♥"), reason=reason(q)),
            ),
            Mistake(
                "7♦",
                False,
                True,
                R.PLAY_MUST_OVERTRUMP,
                fact("mistake-chose", card=card("7♦"), reason=reason(d)),
            ),
        ),
    )
    with pytest.raises(QuestionError, match="not in the hand"):
        kind.grade(read, AMSTERDAM, kind.read_answer({"cards": ["A♠"]}))


def test_a_cards_answer_keeps_only_cards() -> None:
    assert CardsAnswer.of(None) == CardsAnswer(frozenset())
    assert CardsAnswer.of([card("7♦"), "Q♥"]) == CardsAnswer(frozenset({card("7♦")}))


def test_may_i_play_this_card_names_the_deciding_rule_first() -> None:
    # trumps led, J♥ cannot be beaten: any trump (7♥); K♠ breaks follow-suit
    content = {"trump": "♥", "trick": ["A♥", "J♥"], "hand": ["K♠", "7♥", "9♦"], "card": "K♠"}
    kind, read, solution = ask("card-legal", content)
    verdict = check_card("K♠", "K♠ 7♥ 9♦", "A♥ J♥", "♥")
    assert solution.answer.legal is False
    assert solution.tags == (R.PLAY_FOLLOW_SUIT, R.PLAY_TRUMP_LED_ANY_TRUMP)
    assert solution.facts == (verdict_fact(verdict),)
    assert solution.trivial is None
    assert kind.grade(read, AMSTERDAM, kind.read_answer({"legal": False})) == Grade(True)
    for given in (True, None):
        mistake = Mistake("K♠", False, given, R.PLAY_FOLLOW_SUIT, verdict_fact(verdict))
        reply = kind.read_answer({"legal": given})
        assert kind.grade(read, AMSTERDAM, reply) == Grade(False, (mistake,))
    one = {"trump": "♥", "trick": ["A♣"], "hand": ["Q♥"], "card": "Q♥"}
    assert ask("card-legal", one)[2].trivial == "only one card in hand"
    with pytest.raises(QuestionError, match="`card`"):
        question_kind("card-legal").read_content({**content, "card": "A♠"})


@pytest.mark.parametrize(
    "content",
    [
        {"trump": "♥", "trick": ["A♣", "7♣", "8♣", "9♣"], "hand": ["Q♥"]},
        {"trump": "♥", "trick": [], "hand": []},
        {"trump": "♥", "trick": [], "hand": "7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 7♦".split()},
        {"trump": "♥", "trick": [], "hand": ["Q♥"], "leader": 4},
    ],
)
def test_a_position_is_read_strictly(content: dict[str, Any]) -> None:
    with pytest.raises(QuestionError):
        question_kind("which-cards").read_content(content)


def test_a_position_may_show_three_cards_of_the_trick_and_eight_in_hand() -> None:
    hand = "7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦".split()
    content = {"trump": "♥", "trick": ["A♣", "7♣", "8♣"], "hand": hand}
    assert len(question_kind("which-cards").read_content(content).hand) == 8


# Seed 001, spades trump: partner leads A♦, the next player follows; void in diamonds,
# Amsterdam lets the partner of the winner keep his trump and feed 10♣; Rotterdam must trump.
CITY = {"trump": "♠", "trick": ["A♦", "7♦"], "hand": ["10♣", "8♠"]}


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM])
def test_amsterdam_or_rotterdam_compares_both_cities_whatever_the_rule_set(rules: RuleSet) -> None:
    _, _, solution = ask("amsterdam-or-rotterdam", CITY, rules)
    assert solution.answer.amsterdam == frozenset(cards("10♣ 8♠"))
    assert solution.answer.rotterdam == frozenset(cards("8♠"))
    (comparison,) = solution.facts
    assert comparison.values["changed"] == (card("10♣"),)
    assert comparison.values["amsterdam"][0] == fact("legal-cards", cards=cards("10♣ 8♠"))
    assert comparison.values["rotterdam"][0] == fact("legal-cards", cards=cards("8♠"))
    assert solution.trivial is None and solution.decisive == frozenset(solution.tags)


def test_amsterdam_or_rotterdam_is_trivial_when_both_give_the_same_cards() -> None:
    same = {"trump": "♠", "trick": ["A♦"], "hand": ["7♦", "8♠"]}
    _, _, solution = ask("amsterdam-or-rotterdam", same)
    assert solution.trivial == "both rule sets give the same cards"
    assert solution.decisive == frozenset()


def test_amsterdam_or_rotterdam_grades_each_city_apart() -> None:
    kind, read, _ = ask("amsterdam-or-rotterdam", CITY)
    reply = kind.read_answer({"amsterdam": ["8♠"], "rotterdam": ["8♠"]})
    (mistake,) = kind.grade(read, AMSTERDAM, reply).mistakes
    assert (mistake.part, mistake.expected, mistake.given) == ("amsterdam:10♣", True, False)
    assert mistake.rule is R.PLAY_PARTNER_WINNING
    assert mistake.why is not None and mistake.why.key == "mistake-in-rule-set"
    assert mistake.why.values["rules"] == fact("under-rules-amsterdam")
    inner = mistake.why.values["mistake"]
    assert isinstance(inner, Fact) and inner.key == "mistake-missed"
    right = kind.read_answer({"amsterdam": ["10♣", "8♠"], "rotterdam": ["8♠"]})
    assert kind.grade(read, AMSTERDAM, right) == Grade(True)


# --- who revoked? -----------------------------------------------------------------------------
# Hearts trump. North leads 7♣, East takes it with A♣, South (void in clubs) trumps with 8♥,
# and West, void in clubs with J♥ Q♥ K♥ A♥ that beat 8♥, discards 7♦: a revoke, since an
# opponent is winning with a trump and West could overtrump (must-overtrump, and not
# trumping at all breaks must-trump too).
REVOKE = {
    "trump": "♥",
    "first_leader": 0,
    "hands": [
        "7♣ 8♣ 9♣ 10♣ K♠ Q♠ J♠ 10♠".split(),
        "A♣ K♣ Q♣ J♣ 9♠ 8♠ 7♠ A♠".split(),
        "8♥ 7♥ 9♥ 10♥ A♦ K♦ Q♦ J♦".split(),
        "J♥ Q♥ K♥ A♥ 10♦ 9♦ 8♦ 7♦".split(),
    ],
    "tricks": [[0, ["7♣", "A♣", "8♥", "7♦"]]],
}


def test_who_revoked_finds_the_card_the_seat_the_trick_and_the_rule() -> None:
    _, _, solution = ask("who-revoked", REVOKE)
    answer = solution.answer
    assert (answer.card, answer.rule, answer.trick, answer.seat) == (
        card("7♦"),
        R.PLAY_MUST_OVERTRUMP,
        0,
        W,
    )
    west = check_card("7♦", " ".join(REVOKE["hands"][3]), "7♣ A♣ 8♥", "♥")
    assert west.broken == (R.PLAY_MUST_OVERTRUMP, R.PLAY_MUST_TRUMP)
    assert solution.facts == (
        fact(R.PLAY_REVOKE, situation="", card=card("7♦"), player=W, reason=verdict_fact(west, W)),
    )
    # the reason speaks of West ("West holds ..."), not to the learner
    assert verdict_fact(west, W).values["reason"].values["situation"] == "seat"  # type: ignore[union-attr]


@pytest.mark.parametrize("rule", ["play.must-overtrump", "play.must-trump"])
def test_who_revoked_accepts_any_rule_the_card_breaks(rule: str) -> None:
    reply = {"card": "7♦", "rule": rule}
    assert grade("who-revoked", REVOKE, reply) == Grade(True)


def test_who_revoked_explains_a_wrong_rule() -> None:
    result = grade("who-revoked", REVOKE, {"card": "7♦", "rule": "play.follow-suit"})
    why = fact(
        "mistake-revoke-rule",
        card=card("7♦"),
        given=R.PLAY_FOLLOW_SUIT,
        expected=R.PLAY_MUST_OVERTRUMP,
    )
    mistake = Mistake("rule", "play.must-overtrump", "play.follow-suit", R.PLAY_MUST_OVERTRUMP, why)
    assert result == Grade(False, (mistake,))


def test_who_revoked_explains_a_legal_card_named_as_the_revoke() -> None:
    result = grade("who-revoked", REVOKE, {"card": "8♥", "rule": "play.must-trump"})
    south = check_card(
        "8♥", " ".join(REVOKE["hands"][2]), "7♣ A♣", "♥"
    )  # South had to trump: legal
    assert south.legal and south.rule is R.PLAY_MUST_TRUMP
    why = fact(
        "mistake-revoke-card",
        given=card("8♥"),
        expected=card("7♦"),
        player=S,
        reason=verdict_fact(south, S),  # said of South, whose card it was
    )
    assert result == Grade(False, (Mistake("card", "7♦", "8♥", R.PLAY_REVOKE, why),))


def test_who_revoked_with_nothing_named() -> None:
    card_mistake, rule_mistake = grade("who-revoked", REVOKE, {}).mistakes
    assert card_mistake == Mistake(
        "card",
        "7♦",
        None,
        R.PLAY_REVOKE,
        fact("mistake-revoke-card", given=None, expected=card("7♦"), player=None, reason=None),
    )
    assert (rule_mistake.part, rule_mistake.given) == ("rule", None)


def test_who_revoked_names_no_player_for_a_card_not_played() -> None:
    (mistake,) = grade("who-revoked", REVOKE, {"card": "A♠", "rule": "play.must-trump"}).mistakes
    assert mistake.why == fact(
        "mistake-revoke-card", given=card("A♠"), expected=card("7♦"), player=None, reason=None
    )


# --- the codec: strict reading of JSON ---------------------------------------------------------


def reader(**data: Any) -> Reader:
    return Reader(data, "where")


@pytest.mark.parametrize(
    ("read", "field"),
    [
        (lambda: reader(x=1, y=2).only("y"), "x"),
        (lambda: reader().value("k"), "k"),
        (lambda: reader(k=None).value("k"), "k"),
        (lambda: reader(k=True).number("k"), "k"),
        (lambda: reader(k="3").number("k"), "k"),
        (lambda: reader(k=-1).number("k"), "k"),
        (lambda: reader(k=10_001).number("k"), "k"),
        (lambda: reader(k=8).optional_number("k", 0, 7), "k"),
        (lambda: reader(k=10_001).optional_number("k"), "k"),
        (lambda: reader(k="yes").flag("k"), "k"),
        (lambda: reader(k=1).optional_flag("k"), "k"),
        (lambda: reader(k=5).text("k"), "k"),
        (lambda: reader(k=4).seat("k"), "k"),
        (lambda: reader(k="X").suit("k"), "k"),
        (lambda: reader(k=1).card("k"), "k"),
        (lambda: reader(k="1X").card("k"), "k"),
        (lambda: reader(k="no.such-rule").rule("k"), "k"),
        (lambda: reader(k="7♣").cards("k"), "k"),
        (lambda: reader(k=["7♣", "7♣"]).cards("k"), "k"),
        (lambda: reader(k=["7♣"]).cards("k", low=2), "k"),
        (lambda: reader(k=5).cards("k"), "k"),
        (lambda: reader(k=5).ints("k", 2), "k"),
        (lambda: reader(k=[1]).ints("k", 2), "k"),
        (lambda: reader(k=[1, True]).ints("k", 2), "k"),
        (lambda: reader(k=[1, -1]).ints("k", 2), "k"),
        (lambda: reader(k=[1, 10_001]).ints("k", 2), "k"),
        (lambda: reader(k=[10_001, 0]).pair("k"), "k"),
        (lambda: reader(k=[163, 0]).pair("k", 162), "k"),
        (lambda: reader(k={}).array("k"), "k"),
        (lambda: reader(k=[]).object("k"), "k"),
    ],
)
def test_a_bad_field_is_a_question_error_that_names_it(read: Any, field: str) -> None:
    with pytest.raises(QuestionError, match=f"^where: `{field}`"):
        read()


def test_a_reader_reads_good_fields_at_their_bounds() -> None:
    read = reader(n=0, m=10_000, f=False, t="text", s=3, p=[10_000, 0], o={"a": 1})
    assert (read.number("n"), read.number("m"), read.optional_number("n")) == (0, 10_000, 0)
    assert read.optional_number("missing") is None and read.optional_flag("missing") is None
    assert read.flag("f") is False and read.text("t") == "text"
    assert read.seat("s") is W and read.pair("p") == (10_000, 0)
    assert read.ints("p", 2) == (10_000, 0)
    assert read.object("o").number("a") == 1
    with pytest.raises(QuestionError, match=r"^where\.o: `b` is missing"):
        read.object("o").value("b")
    with pytest.raises(QuestionError, match="must be an object"):
        Reader([], "where")  # type: ignore[arg-type]


def test_a_card_list_error_names_its_field() -> None:
    with pytest.raises(QuestionError, match="where: `hand`"):
        reader(hand=["7♣", "1X"]).cards("hand")


# --- the model: canonical JSON, facts, tags, the registry ---------------------------------------


def test_canonical_json_sorts_keys_and_keeps_card_symbols() -> None:
    assert canonical_json({"b": 1, "a": ["10♥"]}) == '{"a":["10♥"],"b":1}'


def test_a_fact_keyed_by_a_rule_stores_the_rule_id_text() -> None:
    key = fact(R.POINTS_CARDS).key
    assert key == "points.cards" and type(key) is str


def test_tags_for_a_target_put_it_first_once() -> None:
    solution = Solution(
        None, (R.PLAY_FOLLOW_SUIT, R.PLAY_MUST_TRUMP, R.PLAY_REVOKE), (), frozenset()
    )
    assert solution.tags_for(R.PLAY_MUST_TRUMP) == (
        R.PLAY_MUST_TRUMP,
        R.PLAY_FOLLOW_SUIT,
        R.PLAY_REVOKE,
    )


@pytest.mark.parametrize("name", [5, None, "no-such-kind", ["which-cards"]])
def test_an_unknown_kind_is_a_question_error(name: object) -> None:
    with pytest.raises(QuestionError, match="which-cards"):
        question_kind(name)  # type: ignore[arg-type]


# --- facts: the wording each verdict may claim ---------------------------------------------------


@pytest.mark.parametrize(
    ("card_", "hand", "trick", "rules", "expected"),
    [
        ("K♠", "K♠ 7♥ 9♦", "A♥ J♥", "amsterdam", "trumps-led"),  # follow suit: trumps
        ("7♦", "Q♥ 7♦", "A♣ 7♣", "rotterdam", "partner"),  # must trump although partner wins
        ("J♥", "J♥ 7♥", "A♣ 9♥ 7♣", "amsterdam", "only-trumps"),  # partner trumped, all trumps
        ("8♦", "7♥ 8♦", "A♣ J♥ 7♣", "amsterdam", "discard"),  # partner's J♥: only a discard
        ("Q♥", "Q♥ 7♦", "A♣ 7♣", "amsterdam", ""),  # partner wins plain: any card
    ],
)
def test_the_situation_a_rule_is_worded_for(
    card_: str, hand: str, trick: str, rules: str, expected: str
) -> None:
    assert situation(check_card(card_, hand, trick, "♥", rules)) == expected


def test_the_reason_names_the_cards_of_the_position() -> None:
    verdict = check_card("7♦", "Q♥ 7♦", "A♣ 8♥", "♥")  # seed 000: had B trumped with 8♥
    assert reason(verdict) == fact(
        R.PLAY_MUST_OVERTRUMP,
        situation="",
        player=None,
        card=card("7♦"),
        led=card("A♣"),
        suit=Suit.CLUBS,
        trump=Suit.HEARTS,
        winning=card("8♥"),
        partner_winning=False,
        highest_trump=card("8♥"),
        beaters=(card("Q♥"),),
        allowed=(card("Q♥"),),
    )
    assert reason(check_card("Q♥", "Q♥ 7♦", "", "♥")).values["suit"] is None
    # about another player: the same facts, worded in the third person ("explain-seat")
    about_west = reason(verdict, W)
    assert about_west.values["player"] is W and about_west.values["situation"] == "seat"
    partner = check_card("8♥", "8♥ 7♦", "A♣ 9♥ 7♣", "♥")  # partner trumped with 9♥
    assert reason(partner, W).values["situation"] == "partner-seat"
    assert verdict_fact(verdict).key == "card-not-allowed"
    assert verdict_fact(check_card("Q♥", "Q♥ 7♦", "A♣ 8♥", "♥")).key == "card-allowed"


def test_legal_facts_give_the_legal_cards_then_one_example_per_rule() -> None:
    result = legal_cards("K♠ 7♥ 9♦", "A♥ J♥", "♥")
    assert legal_facts(result) == (
        fact("legal-cards", cards=(card("7♥"),)),
        reason(result.verdict("7♥")),
        verdict_fact(result.verdict("K♠")),
    )


def test_trick_facts_add_the_last_trick_bonus_only_when_asked() -> None:
    judged = judge_trick("A♣ 7♣ 8♣ 9♣", "♥")
    assert [f.key for f in trick_facts(judged)] == [
        "trick.suit-led-wins",
        "points.cards",
        "roem.run-of-three",
    ]


def test_score_facts_of_a_pit_and_of_a_revoke() -> None:
    pit = score_summary((162, 0), (20, 0), 0, tricks_won=(8, 0))
    first, second, verdict = score_facts(pit)
    assert first == fact(
        "pair-total",
        pair=Pair(0),
        role=fact("role-choosers"),
        card_points=162,
        roem=20,
        pit=fact("pit-bonus"),
        total=282,
    )
    assert second == fact(
        "pair-total",
        pair=Pair(1),
        role=fact("role-defenders"),
        card_points=0,
        roem=0,
        pit="",
        total=0,
    )
    assert verdict == fact(R.SCORE_MADE, choosers_total=282, defenders_total=0, defenders_written=0)
    assert written(pit, 0) == fact("sum-of", terms="162 + 20 + 100", total=282)
    revoke = score_summary((100, 62), (0, 20), 0, revoked_by=1, undeclared_roem=20)
    facts = score_facts(revoke)
    assert fact("undeclared-roem", points=20) in facts
    assert facts[-1] == fact(
        R.SCORE_REVOKE, pair=Pair(1), points=fact("sum-of", terms="162 + 20", total=182)
    )


def test_added_shows_a_sum_only_when_its_terms_make_the_total() -> None:
    assert added([5, 3], 8) == fact("sum-of", terms="5 + 3", total=8)
    assert added([5, 3], 10) == 10
    assert added([5, 0], 5) == 5


# --- every kind writes back what it read ---------------------------------------------------------

ROUND_TRIPS = [
    ("next-dealer", {"dealer": 0}),
    ("first-hand", {"dealer": 3}),
    ("partner", {"seat": 1}),
    ("next-leader", {"trump": "♥", "leader": 3, "trick": ["A♣", "K♥", "7♣", "8♣"]}),
    ("trump-chooser", {"dealer": 2, "calls": ["pass", "pass", "♦"]}),
    ("may-pass", {"dealer": 1, "passes": 2}),
    ("cards-points", {"trump": "♥", "cards": ["J♥", "9♥", "A♣"]}),
    ("card-order", {"trump": "♦", "cards": ["7♣", "A♣", "10♣"]}),
    ("match-deals", {}),
    ("packets", {}),
    (
        "count-trick",
        {
            "trump": "♥",
            "trick": ["A♣", "7♣", "8♣", "9♣"],
            "leader": 1,
            "trick_number": 8,
            "ask": ["winner", "roem"],
        },
    ),
    ("is-nat", SEED_000 | {"summary": {**SEED_000["summary"], "undeclared_roem": [[], []]}}),
    (
        "is-nat",
        {
            "choosers": 1,
            "trick_table": [
                {"pair": n % 2, "points": 20, "roem": [0, 20 * (n % 2)], "declared": n != 3}
                for n in range(7)
            ]
            + [{"pair": 0, "points": 22, "roem": [0, 0], "declared": True}],
        },
    ),
    ("which-cards", {"trump": "♥", "leader": 2, "trick": ["A♣", "8♥"], "hand": ["Q♥", "7♦"]}),
    ("card-legal", {"trump": "♥", "trick": ["A♣", "8♥"], "hand": ["Q♥", "7♦"], "card": "7♦"}),
    ("amsterdam-or-rotterdam", CITY),
    ("who-revoked", REVOKE),
]


@pytest.mark.parametrize(("name", "content"), ROUND_TRIPS)
def test_content_and_answers_write_back_what_was_read(name: str, content: dict[str, Any]) -> None:
    kind = question_kind(name)
    read = kind.read_content(content)
    assert read.to_dict() == content
    assert kind.read_content(read.to_dict()) == read
    answer = kind.solve(read, AMSTERDAM).answer
    assert kind.decode(kind.encode(answer)) == answer
    assert kind.read_answer(answer.to_dict()) == answer


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '"text"'])
def test_a_reply_that_is_not_a_json_object_is_a_question_error(text: str) -> None:
    with pytest.raises(QuestionError, match="which-cards"):
        question_kind("which-cards").decode(text)


# --- the rule set reaches every kind that depends on it ---------------------------------------


def test_count_trick_scores_roem_under_the_rules_given() -> None:
    content = {"trump": "♥", "trick": ["7♣", "7♦", "7♥", "7♠"], "ask": ["roem"]}
    assert ask("count-trick", content)[2].answer.roem == 0  # four 7s: 0
    four_low = RuleSet.parse("amsterdam+four_low_100")
    assert ask("count-trick", content, four_low)[2].answer.roem == 100


def test_a_trick_with_roem_that_is_not_the_last_explains_its_roem() -> None:
    content = {"trump": "♥", "trick": ["A♣", "7♣", "8♣", "9♣"], "ask": ["roem"]}
    (mistake,) = grade("count-trick", content, {"roem": 0}).mistakes
    run = fact(R.ROEM_RUN_OF_THREE, cards=cards("7♣ 8♣ 9♣"), points=20)
    assert mistake == Mistake(
        "roem",
        20,
        0,
        R.ROEM_RUN_OF_THREE,
        fact("mistake-roem", given=0, expected=20, reason=(run,)),
    )


def test_the_plain_order_decides_among_the_cards_of_the_suit_led() -> None:
    # 7♦ is no contender: 10♣ beats K♣ in the plain order
    _, _, solution = ask("count-trick", {"trump": "♥", "trick": ["10♣", "7♦", "K♣", "8♣"]})
    assert solution.tags == (R.TRICK_SUIT_LED_WINS, R.ORDER_PLAIN, R.POINTS_CARDS)


STUK_TRICKS = [
    [0, ["A♣", "7♣", "8♣", "9♣"]],
    [0, ["7♦", "A♦", "8♦", "9♦"]],
    [1, ["10♣", "K♣", "Q♣", "J♣"]],
    [1, ["10♦", "K♦", "Q♦", "J♦"]],
    [1, ["7♥", "8♥", "9♥", "A♥"]],
    [0, ["10♥", "J♥", "Q♥", "K♥"]],
    [0, ["Q♠", "8♠", "9♠", "10♠"]],  # seat 0 plays Q♠ ...
    [2, ["J♠", "7♠", "K♠", "A♠"]],  # ... and K♠: stuk from hand, in no one trick
]


def test_is_nat_from_tricks_is_scored_under_the_rules_given() -> None:
    content = {"choosers": 0, "trump": "♠", "tricks": STUK_TRICKS}
    plain = ask("is-nat", content)[2].answer.points
    from_hand = ask("is-nat", content, RuleSet.parse("amsterdam+stuk_from_hand"))[2]
    assert from_hand.answer.points == (plain[0] + 20, plain[1])
    assert plain == (113 + 110, 49 + 120)


def test_is_nat_from_a_summary_allows_stuk_from_hand_beside_a_pit() -> None:
    summary = {"card_points": [162, 0], "roem": [[], [20]], "tricks_won": [8, 0]}
    content = {"choosers": 0, "summary": summary}
    _, _, solution = ask("is-nat", content, RuleSet.parse("amsterdam+stuk_from_hand"))
    assert solution.answer.points == (262, 20)
    with pytest.raises(QuestionError):  # without the variant a pit leaves the others no roem
        ask("is-nat", content)


def test_forgotten_roem_of_both_pairs_is_named() -> None:
    summary = {"card_points": [82, 80], "undeclared_roem": [[20], [50]]}
    _, _, solution = ask("is-nat", {"choosers": 0, "summary": summary})
    assert R.ROEM_DECLARE in solution.tags
    assert fact("undeclared-roem", points=70) in solution.facts
    rows = [{"pair": 0, "points": 20, "roem": [20, 0], "declared": False}]
    rows += [{"pair": 1, "points": 20, "roem": [0, 50], "declared": False}]
    rows += [{"pair": n % 2, "points": 20} for n in range(5)] + [{"pair": 0, "points": 22}]
    _, _, solution = ask("is-nat", {"choosers": 0, "trick_table": rows})
    assert fact("undeclared-roem", points=70) in solution.facts


def test_the_declared_tricks_are_numbers_0_to_7() -> None:
    content = {"choosers": 0, "trump": "♠", "tricks": STUK_TRICKS, "declared": [8]}
    with pytest.raises(QuestionError, match="declared"):
        question_kind("is-nat").read_content(content)
    assert question_kind("is-nat").read_content({**content, "declared": [7]}).declared == {7}


@pytest.mark.parametrize(
    "entry", [5, [0], [4, ["A♣", "7♣", "8♣", "9♣"]], [True, ["A♣"]], ["0", ["A♣"]]]
)
@pytest.mark.parametrize("name", ["is-nat", "who-revoked"])
def test_each_trick_is_a_leader_seat_and_its_cards(name: str, entry: Any) -> None:
    if name == "is-nat":
        content = {"choosers": 0, "trump": "♠", "tricks": [entry, *STUK_TRICKS[1:]]}
    else:
        content = {**REVOKE, "tricks": [entry]}
    with pytest.raises(QuestionError, match=r"tricks\[0\]"):
        question_kind(name).read_content(content)


def test_who_revoked_shows_one_to_eight_tricks() -> None:
    with pytest.raises(QuestionError, match="`tricks`"):
        question_kind("who-revoked").read_content({**REVOKE, "tricks": REVOKE["tricks"] * 9})
    with pytest.raises(QuestionError, match="`hands`"):
        question_kind("who-revoked").read_content({**REVOKE, "hands": REVOKE["hands"][:3]})
    with pytest.raises(QuestionError, match="trick"):
        question_kind("who-revoked").read_answer({"trick": 8})


def test_replies_left_empty_are_written_as_nulls() -> None:
    assert question_kind("who-revoked").encode(question_kind("who-revoked").read_answer({})) == (
        '{"card":null,"rule":null,"seat":null,"trick":null}'
    )
    nat = question_kind("is-nat")
    assert nat.encode(nat.read_answer({"nat": True})) == '{"nat":true,"points":null}'


# --- kinds made by the factories carry what they are given -------------------------------------


def test_a_number_kind_made_afresh_solves_under_the_rules_given() -> None:
    kind = number_kind("deals", NoContent.from_dict, solve_match_deals, frozenset({"x"}))
    assert (kind.name, kind.table_fields) == ("deals", frozenset({"x"}))
    short = RuleSet.parse("amsterdam+short_match")
    content = kind.read_content({})
    assert kind.grade(content, short, NumberAnswer(8)) == Grade(True)
    assert kind.describe(content, NumberAnswer(8)) == 8


def test_a_seat_kind_made_afresh_solves_under_the_rules_given() -> None:
    kind = seat_kind("chooser", CallsContent.from_dict, solve_trump_chooser, frozenset({"y"}))
    assert (kind.name, kind.table_fields) == ("chooser", frozenset({"y"}))
    content = kind.read_content({"dealer": 2, "calls": ["♣"]})
    compulsory = RuleSet.parse("amsterdam+compulsory")
    assert kind.grade(content, compulsory, SeatAnswer(W)) == Grade(True)
    assert kind.describe(content, SeatAnswer(W)) is W


# --- bounds of what may be read ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("cards-points", {"trump": "♥", "cards": []}),
        ("may-pass", {"dealer": 0, "passes": 5}),
        ("next-leader", {"trump": "♥", "leader": 0, "trick": ["A♣", "7♣", "8♣"]}),
        ("next-leader", {"trump": "♥", "leader": 0, "trick": ["A♣", "7♣", "8♣", "9♣", "10♣"]}),
    ],
)
def test_content_out_of_bounds_is_a_question_error(name: str, content: dict[str, Any]) -> None:
    with pytest.raises(QuestionError):
        question_kind(name).read_content(content)


def test_content_and_replies_at_their_bounds_are_read() -> None:
    assert question_kind("cards-points").read_content({"trump": "♥", "cards": ["A♣"]})
    assert question_kind("may-pass").read_content({"dealer": 0, "passes": 4}).passes == 4
    number = question_kind("cards-points")
    assert [number.read_answer({"number": n}).number for n in (0, 1000)] == [0, 1000]
    with pytest.raises(QuestionError):
        number.read_answer({"number": 1001})
    assert question_kind("count-trick").read_answer({"points": 0}).points == 0
    packets = question_kind("packets").read_answer({"packets": [0, 4, 4]})
    assert packets.packets == (0, 4, 4)


def test_card_legal_is_trivial_only_with_one_card() -> None:
    two = {"trump": "♥", "trick": ["A♣", "8♥"], "hand": ["Q♥", "7♦"], "card": "7♦"}
    assert ask("card-legal", two)[2].trivial is None


@pytest.mark.parametrize(
    ("name", "where"),
    [
        ("next-dealer", "dealer"),
        ("first-hand", "dealer"),
        ("partner", "partner"),
        ("next-leader", "next-leader"),
        ("trump-chooser", "trump-chooser"),
        ("may-pass", "may-pass"),
        ("cards-points", "cards"),
        ("card-order", "cards"),
        ("match-deals", "content"),
        ("packets", "content"),
        ("count-trick", "count-trick"),
        ("is-nat", "is-nat"),
        ("which-cards", "position"),
        ("card-legal", "card-legal"),
        ("amsterdam-or-rotterdam", "position"),
        ("who-revoked", "who-revoked"),
    ],
)
def test_an_unknown_field_is_named_with_where_it_was_read(name: str, where: str) -> None:
    kind = question_kind(name)
    with pytest.raises(QuestionError, match=f"^{where}: `bogus`"):
        kind.read_content({"bogus": 1})
    with pytest.raises(QuestionError, match=r"^answer: `bogus`"):
        kind.read_answer({"bogus": 1})


@pytest.mark.parametrize(
    ("name", "content", "field"),
    [
        ("trump-chooser", {"dealer": 0, "calls": []}, "calls"),
        ("trump-chooser", {"dealer": 0, "calls": [1]}, "calls"),
        ("is-nat", {"choosers": 0, "trick_table": [{"pair": 0, "points": 162}] * 7}, "trick_table"),
        ("is-nat", {"choosers": 0, "trump": "♠", "tricks": STUK_TRICKS[:7]}, "tricks"),
    ],
)
def test_a_list_of_the_wrong_length_or_kind_names_its_field(
    name: str, content: dict[str, Any], field: str
) -> None:
    with pytest.raises(QuestionError, match=f"`{field}`"):
        question_kind(name).read_content(content)


def test_the_packets_answer_names_its_rule() -> None:
    _, _, solution = ask("packets", {})
    assert solution.tags == (R.DEAL_PACKETS,)
    assert solution.facts == (fact(R.DEAL_PACKETS),)
