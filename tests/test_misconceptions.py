"""The misconception catalogue: each wrong rule as a flag of the core, and the diagnosis that
names it from a learner's answers.

Each flag is tested on a position where it changes the answer, against the real rule that
stays as it was; the diagnosis is tested with learners who answer by a wrong rule and with a
rule-perfect learner.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import operator
import random
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from klaverjas_core import (
    AMSTERDAM,
    ROTTERDAM,
    KlaverjasError,
    Misbelief,
    RuleSet,
    UnknownRuleSetError,
    judge_trick,
    legal_cards,
    score_deal,
    score_summary,
)
from klaverjas_core.cards import DECK, format_cards
from klaverjas_core.legality import decide
from klaverjas_questions import QuestionError, question_kind
from klaverjas_questions.misconceptions import (
    BY_NAME,
    CATALOGUE,
    Diagnosis,
    believed_answer,
    discriminates,
    predicting,
)
from klaverjas_questions.positions import CardsAnswer
from klaverjas_trainer.texts.catalogue import LANGUAGES, catalogue
from puzzles.discriminating import discriminating_puzzle, follow_up
from puzzles.model import Puzzle, PuzzleError
from puzzles.registry import GENERATORS, generate, targets

from .second_hand_learners import Learner
from .third_hand_learners import Learner as ThirdHandLearner

M = Misbelief


def legal(hand: str, trick: str, trump: str, rules: RuleSet) -> str:
    return format_cards(legal_cards(hand, trick, trump, rules))


def test_always_overtrump_trumps_over_a_winning_partner() -> None:
    # Seed 000: partner A♣ wins; the believer thinks C must trump with Q♥.
    believed = AMSTERDAM.believing(M.ALWAYS_OVERTRUMP)
    assert legal("Q♥ 7♦", "A♣ 7♣", "♥", AMSTERDAM) == "Q♥ 7♦"
    assert legal("Q♥ 7♦", "A♣ 7♣", "♥", believed) == "Q♥"
    # Over a partner's trump, only a higher trump; unable to beat it, still no undertrump.
    assert legal("K♥ 8♥ 7♦", "A♣ Q♥", "♥", believed) == "K♥"
    assert legal("7♥ 8♦", "A♣ Q♥", "♥", believed) == "8♦"


def test_no_overtrump_on_trump_lead_allows_any_trump() -> None:
    believed = AMSTERDAM.believing(M.NO_OVERTRUMP_ON_TRUMP_LEAD)
    assert legal("J♥ 7♥ A♣", "10♥", "♥", AMSTERDAM) == "J♥"
    assert legal("J♥ 7♥ A♣", "10♥", "♥", believed) == "J♥ 7♥"


def test_discard_when_void_allows_any_card_although_a_trump_is_held() -> None:
    believed = ROTTERDAM.believing(M.DISCARD_WHEN_VOID)
    assert legal("Q♥ 7♦", "A♣", "♥", ROTTERDAM) == "Q♥"
    assert legal("Q♥ 7♦", "A♣", "♥", believed) == "Q♥ 7♦"


def test_undertrump_freely_allows_a_lower_trump() -> None:
    believed = AMSTERDAM.believing(M.UNDERTRUMP_FREELY)
    # An opponent trumped with Q♥: K♥ must overtrump, yet the believer also plays 7♥.
    assert legal("K♥ 7♥ 8♦", "A♣ Q♥", "♥", AMSTERDAM) == "K♥"
    assert legal("K♥ 7♥ 8♦", "A♣ Q♥", "♥", believed) == "K♥ 7♥"
    # Unable to overtrump: a non-trump must go; the believer also undertrumps.
    assert legal("7♥ 8♦", "A♣ Q♥", "♥", AMSTERDAM) == "8♦"
    assert legal("7♥ 8♦", "A♣ Q♥", "♥", believed) == "7♥ 8♦"


def test_must_undertrump_forces_a_lower_trump_in_amsterdam() -> None:
    believed = AMSTERDAM.believing(M.MUST_UNDERTRUMP)
    assert legal("7♥ 8♦", "A♣ Q♥", "♥", believed) == "7♥"
    # It is Rotterdam's own rule: there the flag changes nothing.
    assert legal("7♥ 8♦", "A♣ Q♥", "♥", ROTTERDAM.believing(M.MUST_UNDERTRUMP)) == "7♥"
    assert legal("7♥ 8♦", "A♣ Q♥", "♥", ROTTERDAM) == "7♥"


def test_ten_below_king_gives_the_trick_to_the_king() -> None:
    trick = "K♠ 10♠ 7♠ 8♠"
    assert judge_trick(trick, "♥", AMSTERDAM).winner == 1
    assert judge_trick(trick, "♥", AMSTERDAM.believing(M.TEN_BELOW_KING)).winner == 0
    # It changes who is winning, and so the partner exemption (the partner led).
    believed = AMSTERDAM.believing(M.TEN_BELOW_KING)
    assert legal("Q♥ 7♦", "K♠ 10♠", "♥", AMSTERDAM) == "Q♥"  # the opponent's 10 wins
    assert legal("Q♥ 7♦", "K♠ 10♠", "♥", believed) == "Q♥ 7♦"  # "partner's K wins"
    assert legal("Q♥ 7♦", "10♠ K♠", "♥", AMSTERDAM) == "Q♥ 7♦"  # partner's 10 wins
    assert legal("Q♥ 7♦", "10♠ K♠", "♥", believed) == "Q♥"  # "the opponent's K wins"


def test_ace_above_nine_ranks_the_trump_ace_over_the_nine() -> None:
    believed = AMSTERDAM.believing(M.ACE_ABOVE_NINE)
    assert judge_trick("9♥ A♥ 7♣ 8♣", "♥", AMSTERDAM).winner == 0
    assert judge_trick("9♥ A♥ 7♣ 8♣", "♥", believed).winner == 1
    # Trumps led with the 9: the believer thinks the ace beats it.
    assert legal("A♥ 7♥", "9♥", "♥", AMSTERDAM) == "A♥ 7♥"
    assert legal("A♥ 7♥", "9♥", "♥", believed) == "A♥"


def test_tie_not_nat_gives_a_tie_to_the_choosers() -> None:
    assert score_summary((81, 81), (0, 0), 0).nat
    believed = score_summary((81, 81), (0, 0), 0, rules=AMSTERDAM.believing(M.TIE_NOT_NAT))
    assert not believed.nat and believed.points == (81, 81)


def test_pit_forgotten_drops_the_hundred() -> None:
    assert score_summary((162, 0), (0, 0), 0, tricks_won=(8, 0)).points == (262, 0)
    forgot = score_summary(
        (162, 0), (0, 0), 0, tricks_won=(8, 0), rules=AMSTERDAM.believing(M.PIT_FORGOTTEN)
    )
    assert forgot.points == (162, 0)


@pytest.mark.parametrize("seed", range(6))
def test_roem_to_holder_credits_each_roem_to_the_pair_that_played_most_of_its_cards(
    seed: int,
) -> None:
    entry = BY_NAME["roem-to-holder"]
    puzzle = discriminating_puzzle(entry, AMSTERDAM, seed=seed, kinds=("is-nat",))
    assert puzzle.level == 3  # only the eight tricks show who played the roem's cards
    content = puzzle.content
    tricks = [(int(seat), cards) for seat, cards in content.tricks]
    real = score_deal(tricks, content.trump, content.choosers, AMSTERDAM, declared=content.declared)
    believed = score_deal(
        tricks, content.trump, content.choosers, AMSTERDAM.believing(entry.flag),
        declared=content.declared,
    )  # fmt: skip
    roem_lines = [
        (real_item, belief_item)
        for real_item, belief_item in zip(real.ledger, believed.ledger, strict=False)
        if real_item.rule.value.startswith("roem.") and real_item.trick is not None
    ]
    assert roem_lines
    moved = 0
    for real_item, belief_item in roem_lines:
        leader, cards = tricks[real_item.trick]
        played = [(leader + n) % 4 % 2 for n, card in enumerate(cards) if card in real_item.cards]
        most = 0 if played.count(0) > played.count(1) else 1
        expected = real_item.pair if played.count(0) == played.count(1) else most
        assert (belief_item.pair, belief_item.points) == (expected, real_item.points)
        moved += expected != real_item.pair
    assert moved  # the puzzle tells the belief from the rule: some roem changes pair
    assert believed.roem != real.roem and sum(believed.roem) == sum(real.roem)
    assert discriminates(entry, "is-nat", content, AMSTERDAM)
    for level in (1, 2):  # these levels give each pair's roem (or each trick's): nothing to tell
        for target in targets("is-nat", AMSTERDAM):
            other = generate("is-nat", target, seed=seed, rules=AMSTERDAM, level=level)
            assert not discriminates(entry, "is-nat", other.content, AMSTERDAM)


def test_roem_to_holder_is_asked_only_of_learners_at_the_level_that_shows_it() -> None:
    entry = BY_NAME["roem-to-holder"]
    diagnosis = Diagnosis(AMSTERDAM)
    diagnosis.log_weights = {h: (5.0 if h & entry.flag else 0.0) for h in diagnosis.log_weights}
    assert diagnosis.probability(entry) >= 0.2
    for level in (1, 2):
        assert follow_up(diagnosis, seed=1, kinds={"is-nat"}, level=level) is None
    check = follow_up(diagnosis, seed=1, kinds={"is-nat"}, level=3)
    assert check is not None and discriminates(entry, "is-nat", check.content, AMSTERDAM)


def test_revoke_costs_trick_hands_over_the_revoke_trick_and_scores_the_rest() -> None:
    entry = BY_NAME["revoke-costs-trick"]
    rows = [
        {"pair": 0, "points": 20},
        {"pair": 1, "points": 25, "roem": [0, 20], "revoked_by": 1},  # the defenders revoke
        *({"pair": 0, "points": 15} for _ in range(4)),
        {"pair": 1, "points": 12},
        {"pair": 0, "points": 45},  # with the last trick's 10
    ]
    content = question_kind("is-nat").read_content({"choosers": 0, "trick_table": rows})
    # The rule: the revoking pair loses the deal; the choosers write 162 and all roem.
    assert question_kind("is-nat").solve(content, AMSTERDAM).answer.points == (182, 0)
    # The belief: trick 2 (25 and its 20 roem) goes to the choosers, who make it: 150 + 20 v 12.
    believed = believed_answer("is-nat", content, AMSTERDAM, entry.flag)
    assert believed is not None and (believed.nat, believed.points) == (False, (170, 12))
    assert discriminates(entry, "is-nat", content, AMSTERDAM)
    with pytest.raises(KlaverjasError, match="cannot have taken 30 points"):
        score_summary((20, 142), (0, 0), 0, revoked_by=0, revoke_trick=(30, 0, 1),
                      rules=AMSTERDAM.believing(entry.flag))  # fmt: skip


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=lambda r: r.name)
def test_revoke_costs_trick_is_shown_by_the_drills_revoke_puzzles(rules: RuleSet) -> None:
    entry = BY_NAME["revoke-costs-trick"]
    for seed in range(5):
        puzzle = discriminating_puzzle(entry, rules, seed=seed, kinds=("is-nat",))
        assert puzzle.content.revoke_row is not None
        assert puzzle.level == 1  # the trick table shows the revoke's trick at every level


def test_last_trick_forgotten_counts_the_last_trick_without_its_ten() -> None:
    kind = question_kind("count-trick")
    content = kind.read_content(
        {"trump": "♠", "trick": ["10♠", "A♣", "7♥", "9♣"], "leader": 1, "trick_number": 8,
         "ask": ["winner", "points"]}
    )  # fmt: skip
    assert kind.solve(content, AMSTERDAM).answer.points == 31  # 10 + 11 + 0 + 0, and the 10
    believed = believed_answer("count-trick", content, AMSTERDAM, M.LAST_TRICK_FORGOTTEN)
    assert believed is not None and believed.points == 21
    # Adding up a deal's tricks, the believer has 152 to share; nat gives the defenders 152.
    forgot = AMSTERDAM.believing(M.LAST_TRICK_FORGOTTEN)
    assert score_summary((70, 82), (0, 0), 0, rules=forgot).points == (0, 152)
    # Card points shown with the 10 in them are taken as shown, but the deal is still worth
    # 152 to the believer: "162 + all roem" is written as 152 + all roem (issue 34, 15).
    assert score_summary((80, 82), (0, 0), 0, rules=forgot).points == (0, 152)
    assert score_summary((80, 82), (20, 0), 0, rules=forgot).points == (100, 82)  # made
    with pytest.raises(KlaverjasError):
        score_summary((70, 82), (0, 0), 0)  # the real rule: 162 to share


@pytest.mark.parametrize("level", [1, 2, 3])
def test_last_trick_forgotten_writes_152_and_all_roem_for_the_pair_that_is_not_nat(
    level: int,
) -> None:
    entry = BY_NAME["last-trick-forgotten"]
    checked = 0
    for seed in range(6):
        puzzle = generate("is-nat", "score.nat", seed=seed, rules=AMSTERDAM, level=level)
        score = puzzle.content.score(AMSTERDAM)
        defenders = score.defenders
        believed = believed_answer("is-nat", puzzle.content, AMSTERDAM, entry.flag)
        assert believed is not None
        if not believed.nat:
            continue  # the tricks shown without the last 10: the choosers may make it
        pit = 100 if score.pit == defenders else 0
        assert believed.points[defenders] == 152 + sum(score.roem) + pit
        assert discriminates(entry, "is-nat", puzzle.content, AMSTERDAM)
        checked += 1
    assert checked >= 3
    # A called revoke: the other pair writes 152 + all roem too.
    puzzle = generate("is-nat", "score.revoke", seed=1, rules=AMSTERDAM, level=level)
    score = puzzle.content.score(AMSTERDAM)
    assert score.revoked_by is not None
    taker = 1 - score.revoked_by
    believed = believed_answer("is-nat", puzzle.content, AMSTERDAM, entry.flag)
    assert believed is not None and believed.points[taker] == score.points[taker] - 10


@pytest.mark.parametrize("name", ["ten-below-king", "ace-above-nine"])
def test_an_order_belief_credits_each_trick_of_a_deal_by_that_order(name: str) -> None:
    # The eight tricks were played by the real order (the next leader shows who won); the
    # believer credits each to the card they think wins it, and counts the deal so.
    entry = BY_NAME[name]
    assert entry.shows_in("is-nat", 3) and not entry.shows_in("is-nat", 2)
    for level in (1, 2):  # totals or a trick table: no trick's cards to rank
        for target in targets("is-nat", AMSTERDAM):
            other = generate("is-nat", target, seed=2, rules=AMSTERDAM, level=level)
            assert not discriminates(entry, "is-nat", other.content, AMSTERDAM)
    puzzle = discriminating_puzzle(entry, AMSTERDAM, seed=1, kinds=("is-nat",), level=3)
    content = puzzle.content
    believed = AMSTERDAM.believing(entry.flag)
    tricks = [(int(seat), cards) for seat, cards in content.tricks]
    real = score_deal(tricks, content.trump, content.choosers, AMSTERDAM, declared=content.declared)
    mine = score_deal(tricks, content.trump, content.choosers, believed, declared=content.declared)
    assert mine.tricks_won != real.tricks_won
    for number, (leader, cards) in enumerate(tricks):
        taker = (leader + judge_trick(cards, content.trump, believed).winner) % 2
        assert any(i.trick == number and i.pair == taker for i in mine.ledger)


def test_roem_to_holder_scores_a_pit_deal_whose_roem_the_other_pair_played() -> None:
    # A pit pair's trick can hold a run the other pair played most of: the believer gives it
    # to them (it was refused as impossible, so the belief explained nothing there).
    entry = BY_NAME["roem-to-holder"]
    for seed in range(40):
        puzzle = generate("is-nat", "score.pit", seed=seed, rules=AMSTERDAM, level=3)
        believed = believed_answer("is-nat", puzzle.content, AMSTERDAM, entry.flag)
        assert believed is not None
        if believed != puzzle.answer:
            assert discriminates(entry, "is-nat", puzzle.content, AMSTERDAM)
            return
    raise AssertionError("no pit deal of 40 moves roem to the other pair")


#: Puzzles of every kind the drill weighs, at every level, under both rule sets.
def drill_puzzles(count: int, seed: int) -> list[Puzzle]:
    rng = random.Random(seed)
    found = []
    for rules in (AMSTERDAM, ROTTERDAM):
        for level in (1, 2, 3):
            for _ in range(count):
                kind = rng.choice(("which-cards", "card-legal", "count-trick", "is-nat"))
                try:
                    found.append(
                        generate(kind, rng.choice(targets(kind, rules)),
                                 seed=rng.randrange(1 << 30), rules=rules, level=level)
                    )  # fmt: skip
                except PuzzleError:
                    continue
    return found


def test_third_hand_learners_without_a_wrong_rule_answer_right() -> None:
    """The learners a helper wrote from RULES.md alone (tests/third_hand_learners.py): with no
    wrong rule they answer the drill's puzzles right, so their rules are the core's."""
    for puzzle in drill_puzzles(60, seed=35):
        plain = ThirdHandLearner(puzzle.rules.name).answer(puzzle.kind, puzzle.content)
        assert puzzle.question.grade(puzzle.content, puzzle.rules, plain).correct, puzzle.to_line()


def test_second_hand_learners_answer_as_the_catalogue_predicts() -> None:
    """Learners written from RULES.md and each entry's one-line description alone
    (tests/second_hand_learners.py) give the answer the catalogue's model of their belief
    gives, on the drill's puzzles and on each entry's discriminating ones: each entry
    predicts what a person holding it answers in every kind that can show it."""
    puzzles = drill_puzzles(60, seed=34)
    for entry in CATALOGUE:
        for rules in (AMSTERDAM, ROTTERDAM):
            if entry.holds_under(rules):
                for kind in sorted(entry.kinds - {"who-revoked"}):
                    with contextlib.suppress(PuzzleError):
                        puzzles.append(
                            discriminating_puzzle(entry, rules, seed=3, kinds={kind}, level=3)
                        )
    differ = []
    for puzzle in puzzles:
        rules = puzzle.rules
        plain = Learner(rules.name).answer(puzzle.kind, puzzle.content)
        assert puzzle.question.grade(puzzle.content, rules, plain).correct, puzzle.to_line()
        for entry in CATALOGUE:
            if not entry.holds_under(rules):
                continue
            theirs = Learner(rules.name, entry.name).answer(puzzle.kind, puzzle.content)
            wrong = not puzzle.question.grade(puzzle.content, rules, theirs).correct
            if wrong and entry not in predicting(puzzle.kind, puzzle.content, rules, theirs):
                differ.append((entry.name, puzzle.kind, puzzle.level))
    assert differ == []


@pytest.mark.parametrize("hand", ["second_hand_learners.py", "third_hand_learners.py"])
def test_other_hands_learners_share_no_rule_with_the_catalogue(hand: str) -> None:
    # Their only imports: the card types and the question kinds' records (no rule, no model).
    source = (Path(__file__).parent / hand).read_text(encoding="utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert imported <= {
        "__future__", "collections.abc", "dataclasses", "typing", "klaverjas_core.cards",
        "klaverjas_questions.count_trick", "klaverjas_questions.is_nat",
        "klaverjas_questions.positions",
    }  # fmt: skip
    assert not any(isinstance(node, ast.Import) for node in ast.walk(ast.parse(source)))


def test_roem_without_declaring_counts_forgotten_roem() -> None:
    kind = question_kind("is-nat")
    content = kind.read_content(
        {"choosers": 0, "summary": {"card_points": [90, 72], "undeclared_roem": [[], [20]]}}
    )
    assert kind.solve(content, AMSTERDAM).answer.points == (90, 72)
    believed = believed_answer("is-nat", content, AMSTERDAM, M.ROEM_WITHOUT_DECLARING)
    assert believed is not None and believed.nat and believed.points == (0, 182)


@given(st.integers(0, (1 << 32) - 1), st.lists(st.integers(0, 31), max_size=3, unique=True))
def test_no_misbelief_is_the_real_cascade(hand: int, trick: list[int]) -> None:
    hand &= ~sum(1 << card for card in trick)
    if not hand:
        return
    for exemption in (True, False):
        assert decide(hand, trick, 0, exemption, 0) == decide(hand, trick, 0, exemption)


def test_rule_set_names_round_trip_with_misbeliefs() -> None:
    for entry in CATALOGUE:
        for base in (AMSTERDAM, RuleSet.parse("rotterdam+stuk_from_hand")):
            rules = base.believing(entry.flag, M.PIT_FORGOTTEN)
            assert RuleSet.parse(rules.name) == rules
            assert rules.true_rules == base
    assert AMSTERDAM.name == "amsterdam"  # real rule sets keep their stored names


def test_an_unknown_misbelief_name_is_refused_by_name() -> None:
    with pytest.raises(UnknownRuleSetError, match="unknown misbelief overtrump-partner"):
        RuleSet.parse("amsterdam~overtrump-partner")


def test_puzzles_never_carry_a_misbelief() -> None:
    for kind in GENERATORS:
        for rule in targets(kind, AMSTERDAM)[:3]:
            assert not generate(kind, rule, seed=5).rules.misbeliefs


@pytest.mark.parametrize("rules", [AMSTERDAM, ROTTERDAM], ids=lambda r: r.name)
@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_every_misconception_has_discriminating_puzzles(entry, rules) -> None:  # type: ignore[no-untyped-def]
    if not entry.holds_under(rules):
        with pytest.raises(PuzzleError, match="is the rule itself"):
            discriminating_puzzle(entry, rules, seed=1)
        return
    for seed in range(3):
        puzzle = discriminating_puzzle(entry, rules, seed=seed)
        assert puzzle.kind in entry.kinds
        assert discriminates(entry, puzzle.kind, puzzle.content, rules)
        believed = believed_answer(puzzle.kind, puzzle.content, rules, entry.flag)
        assert believed != puzzle.answer  # the believer answers wrong here ...
        reply_grade = puzzle.question.grade(puzzle.content, rules, believed)
        assert not reply_grade.correct  # ... and the real rules grade it wrong
        assert entry in predicting(puzzle.kind, puzzle.content, rules, believed)


def test_a_hidden_misconception_has_no_discriminating_puzzle() -> None:
    # Whoever discards whenever void never shows how they would trump.
    with pytest.raises(PuzzleError):
        discriminating_puzzle(
            BY_NAME["undertrump-freely"], AMSTERDAM, seed=1, given=M.DISCARD_WHEN_VOID
        )


def test_a_right_answer_predicts_no_misconception() -> None:
    puzzle = discriminating_puzzle(BY_NAME["always-overtrump"], AMSTERDAM, seed=2)
    assert predicting(puzzle.kind, puzzle.content, AMSTERDAM, puzzle.answer) == []


def answer_as(diagnosis: Diagnosis, flags: Misbelief, count: int, seed: int) -> None:
    """Answer the trainer's follow-up puzzles (for a suspect, else for a misconception named)
    as a holder of `flags` would, without slips."""
    rng = random.Random(seed)
    for _ in range(count):
        suspects = diagnosis.suspects() or diagnosis.named
        entry = (
            suspects[0]
            if suspects
            else rng.choice([e for e in CATALOGUE if e.holds_under(diagnosis.rules)])
        )
        puzzle = discriminating_puzzle(entry, diagnosis.rules, seed=rng.randrange(1 << 20))
        reply = believed_answer(puzzle.kind, puzzle.content, diagnosis.rules, flags)
        diagnosis.observe(puzzle.kind, puzzle.content, reply)


@pytest.mark.parametrize("name", ["always-overtrump", "ace-above-nine", "tie-not-nat"])
def test_a_consistent_believer_is_named_and_then_shown_gone(name: str) -> None:
    entry = BY_NAME[name]
    diagnosis = Diagnosis(AMSTERDAM)
    answer_as(diagnosis, entry.flag, 12, seed=3)
    assert [e.name for e in diagnosis.named] == [name]
    # The learner learns the rule: right answers on its discriminating positions.
    answer_as(diagnosis, Misbelief(0), 8, seed=4)
    assert diagnosis.named == []


def test_a_rule_perfect_learner_is_named_nothing() -> None:
    diagnosis = Diagnosis(ROTTERDAM)
    answer_as(diagnosis, Misbelief(0), 30, seed=5)
    assert diagnosis.named == []
    assert all(diagnosis.probability(entry) < 0.05 for entry in CATALOGUE)


def test_one_slip_names_nothing() -> None:
    diagnosis = Diagnosis(AMSTERDAM)
    puzzle = discriminating_puzzle(BY_NAME["always-overtrump"], AMSTERDAM, seed=6)
    believed = believed_answer(puzzle.kind, puzzle.content, AMSTERDAM, M.ALWAYS_OVERTRUMP)
    diagnosis.observe(puzzle.kind, puzzle.content, believed)
    assert diagnosis.named == []
    assert BY_NAME["always-overtrump"] in diagnosis.suspects()


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.name)
def test_every_misconception_is_worded_in_every_language(entry) -> None:  # type: ignore[no-untyped-def]
    english = catalogue("en").text(f"misconception:{entry.name}")
    assert english.startswith("You ")
    for code in LANGUAGES:
        sentence = catalogue(code).text(f"misconception:{entry.name}")
        assert sentence.endswith(".") and "{" not in sentence
        title = catalogue(code).text(f"misconception-title:{entry.name}")  # the dashboard's
        assert title and not title.endswith(".") and "{" not in title
        assert code == "en" or sentence != english
        # The real rule it distorts is worded too: the coach says both.
        assert catalogue(code).rule(entry.distorts, "statement")


def test_a_rival_puzzle_tells_two_suspects_apart() -> None:
    # Both let a void learner play any card over an opponent's trump; a rival puzzle is one
    # where the two beliefs answer differently.
    entry, rival = BY_NAME["undertrump-freely"], BY_NAME["discard-when-void"]
    puzzle = discriminating_puzzle(entry, AMSTERDAM, seed=4, rival=rival.flag)
    mine = believed_answer(puzzle.kind, puzzle.content, AMSTERDAM, entry.flag)
    theirs = believed_answer(puzzle.kind, puzzle.content, AMSTERDAM, rival.flag)
    assert mine != theirs


@given(
    seed=st.integers(0, 10_000),
    city=st.sampled_from(["amsterdam", "rotterdam"]),
    level=st.integers(1, 3),
    flags=st.sets(st.sampled_from([entry.flag for entry in CATALOGUE]), max_size=3),
    chosen=st.integers(0, (1 << 8) - 1),
)
def test_a_which_cards_reply_is_right_exactly_when_its_grade_says_so(
    seed: int, city: str, level: int, flags: set[Misbelief], chosen: int
) -> None:
    """The coach weighs each belief with `is_right`, which skips the mistakes' words, and asks
    what a belief answers with `answer_of`, which skips the reasons: they must agree with the
    grade and the solution for every belief, position and reply."""
    rules = AMSTERDAM if city == "amsterdam" else ROTTERDAM
    kind = question_kind("which-cards")
    rule = random.Random(seed).choice(targets("which-cards", rules))
    try:
        puzzle = generate("which-cards", rule, seed=seed, rules=rules, level=level)
    except PuzzleError:
        assume(False)  # a seed with no such position: another example
    hand = puzzle.content.hand
    reply = CardsAnswer(frozenset(card for i, card in enumerate(hand) if chosen >> i & 1))
    believing = rules.believing(functools.reduce(operator.or_, flags, Misbelief(0)))
    try:
        graded = kind.grade(puzzle.content, believing, reply)
    except QuestionError:
        with pytest.raises(QuestionError):
            kind.is_right(puzzle.content, believing, reply)
        return
    assert kind.is_right(puzzle.content, believing, reply) == graded.correct
    # and what a belief answers, without the reasons, is the answer it solves to
    assert kind.answer_of(puzzle.content, believing) == kind.solve(puzzle.content, believing).answer
    stray = CardsAnswer(reply.cards | {card for card in DECK if card not in hand})
    with pytest.raises(QuestionError):  # cards not in the hand: refused, as the grade does
        kind.is_right(puzzle.content, believing, stray)
