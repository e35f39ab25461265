"""The feedback after a wrong answer says why at once, for every kind, in every language: every
chosen card that is not allowed is named with its reason (cards that one reason decides share a
line), every missed part is named, sums are written as sums, and each sentence comes once. Before
a lesson's learner asks for the answer, it names the rule and the fact that decides each mistake
but no allowed card the learner did not choose (issue 21, item 3)."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest

from klaverjas_core import AMSTERDAM, Card, RuleId, Seat, score_summary
from klaverjas_questions import Fact, Grade, Mistake, question_kind
from klaverjas_questions.count_trick import TrickCount
from klaverjas_questions.counting import NumberAnswer, OrderAnswer, PacketsAnswer
from klaverjas_questions.is_nat import NatAnswer
from klaverjas_questions.positions import (
    CardQuestion,
    CardsAnswer,
    CityAnswer,
    LegalAnswer,
    PositionContent,
)
from klaverjas_questions.seats import PassAnswer, SeatAnswer
from klaverjas_questions.who_revoked import RevokeAnswer
from klaverjas_trainer.app.feedback import (
    Feedback,
    feedback,
    hint_key,
    hint_lines,
    hint_text,
    mistake_lines,
)
from klaverjas_trainer.app.questions import PLAY_RULES, card_checks
from klaverjas_trainer.texts import (
    LANGUAGES,
    card_text,
    catalogue,
    language,
    rule_title,
    say,
    t,
)
from klaverjas_trainer.texts.catalogue import placeholders
from lessons import Check, load_course
from puzzles import Puzzle, generate, generator_keys

KEYS = generator_keys()
COURSE = load_course()
CHECKS = [
    (f"{lesson.id}/{index}", step.check)
    for lesson in COURSE.lessons
    for index, step in enumerate(lesson.steps)
    if step.check is not None
]


def sentences(text: str) -> list[str]:
    """Sentences end with . ! or ? before a space (numbers like 10♥ hold no stop)."""
    return [part.strip() for part in re.split(r"(?<=[.!?])\s+", text) if part.strip()]


def wrong_replies(kind: str, content: Any, answer: Any, rng: random.Random) -> list[Any]:
    """A few wrong replies of every shape a learner can give (all the chosen-card mixes for
    cards; numbers off by a little or a lot; every other seat)."""
    if kind == "which-cards":
        hand = content.hand
        sets = [
            frozenset(c) for n in range(1, len(hand) + 1) for c in itertools.combinations(hand, n)
        ]
        return [CardsAnswer(chosen) for chosen in sets if chosen != answer.cards]
    if kind == "card-legal":
        return [LegalAnswer(not answer.legal)]
    if kind == "amsterdam-or-rotterdam":
        hand = frozenset(content.hand)
        sets = [
            frozenset(c) for n in range(1, len(hand) + 1) for c in itertools.combinations(hand, n)
        ]
        pairs = [CityAnswer(a, r) for a in sets for r in sets]
        return [reply for reply in rng.sample(pairs, min(60, len(pairs))) if reply != answer]
    if kind == "count-trick":
        replies = []
        for winner in content.trick:
            for delta in (0, 5, -3):
                replies.append(
                    TrickCount(
                        winner if "winner" in content.ask else None,
                        max(0, answer.points + delta) if "points" in content.ask else None,
                        answer.roem + 20 if "roem" in content.ask else None,
                    )
                )
        return [reply for reply in replies if _differs(content.ask, reply, answer)]
    if kind == "is-nat":
        first, second = answer.points
        pairs = {(second, first), (first + 10, second), (162, 0), (0, 162)}
        return [
            NatAnswer(nat, pair)
            for nat in (True, False)
            for pair in pairs | {(first, second)}
            if (nat, pair) != (answer.nat, answer.points)
        ]
    if kind == "who-revoked":
        played = [card for _, cards in content.tricks for card in cards]
        return [
            RevokeAnswer(card, rule)
            for card in rng.sample(played, min(4, len(played)))
            for rule in rng.sample(PLAY_RULES, 2)
            if card != answer.card or rule is not answer.rule
        ]
    if isinstance(answer, SeatAnswer):
        return [SeatAnswer(seat) for seat in Seat if seat is not answer.seat]
    if isinstance(answer, PassAnswer):
        return [PassAnswer(not answer.may_pass)]
    if isinstance(answer, NumberAnswer):
        assert answer.number is not None
        return [NumberAnswer(answer.number + 10), NumberAnswer(max(0, answer.number - 1))]
    if isinstance(answer, OrderAnswer):
        return [OrderAnswer(tuple(reversed(answer.cards)))]
    if isinstance(answer, PacketsAnswer):
        return [PacketsAnswer((2, 3, 3))]
    raise AssertionError(f"no wrong replies for {kind}")


def _differs(ask: tuple[str, ...], reply: TrickCount, answer: TrickCount) -> bool:
    return any(getattr(reply, part) != getattr(answer, part) for part in ask)


def chosen_and_missed(content: Any, reply: Any, answer: Any) -> tuple[set[Card], set[Card]]:
    """The chosen cards that are not allowed, and the allowed ones left out (both cities)."""
    if isinstance(reply, CardsAnswer):
        return set(reply.cards - answer.cards), set(answer.cards - reply.cards)
    if isinstance(reply, CityAnswer):
        wrong = (reply.amsterdam - answer.amsterdam) | (reply.rotterdam - answer.rotterdam)
        missed = (answer.amsterdam - reply.amsterdam) | (answer.rotterdam - reply.rotterdam)
        return set(wrong), set(missed)
    return set(), set()


def hand_of(content: Any) -> set[Card]:
    if isinstance(content, PositionContent):
        return set(content.hand)
    if isinstance(content, CardQuestion):
        return set(content.position.hand) - {content.card}
    return set()


def named(text: str, cards: set[Card]) -> set[Card]:
    """The cards of `cards` that `text` names, in the running language's rank letters."""
    return {card for card in cards if re.search(rf"(?<![\w]){re.escape(card_text(card))}", text)}


def assert_said_once(shown: Feedback, where: str) -> None:
    assert len(shown.lines) == len(set(shown.lines)), (where, shown.lines)
    for line in shown.lines:  # no line says one of its sentences twice
        parts = sentences(line)
        assert len(parts) == len(set(parts)), (where, line)
    for sentence in sentences(shown.explanation):  # the rest of why: nothing said twice
        assert sentence not in " ".join(shown.lines), (where, sentence, shown.lines)


def check_feedback(
    where: str, kind: str, content: Any, grade: Grade, reply: Any, solution: Any, rule: RuleId
) -> None:
    answer = solution.answer
    revealed = feedback(kind, content, grade, solution, rule, revealed=True)
    hinted = feedback(kind, content, grade, solution, rule, revealed=False)
    text, hints = " ".join(revealed.lines), " ".join(hinted.lines)
    assert not revealed.correct and revealed.lines and hinted.lines, where
    assert_said_once(revealed, where)
    assert_said_once(hinted, where)
    assert t("mistake-hidden") not in hints, where  # never the old "something is not right"
    wrong, missed = chosen_and_missed(content, reply, answer)
    # every chosen card that is not allowed is named at once, answer shown or not
    assert named(text, wrong) == wrong, (where, wrong, text)
    assert named(hints, wrong) == wrong, (where, wrong, hints)
    assert named(text, missed) == missed, (where, missed, text)  # and, shown, every one missed
    # before the answer: no card of the hand the learner did not choose
    chosen = set(getattr(reply, "cards", ())) | set(getattr(reply, "amsterdam", ()))
    chosen |= set(getattr(reply, "rotterdam", ()))
    assert not named(hints, hand_of(content)) - chosen, (where, hints)
    if kind == "who-revoked" and reply.card != answer.card:
        assert card_text(answer.card) not in hints, (where, hints)  # the revoke is to be found
    # every mistake says its reason: a card's reason in the words that name no card
    for mistake in grade.mistakes:
        reason = _card_reason(mistake)
        if reason is not None:
            for sentence in sentences(hint_text(reason)):  # (a sentence it shares, once)
                assert sentence in hints, (where, mistake, hints)
            for sentence in sentences(say(reason)):
                assert sentence in text, (where, mistake, text)
    # the rule is named, and the answer only once it is shown
    assert hinted.rule == revealed.rule == t("rule-named", title=rule_title(rule)), where
    assert t("answer-was", answer="").strip() not in hinted.headline, where


def _card_reason(mistake: Mistake) -> Fact | None:
    why = mistake.why
    if why is not None and why.key == "mistake-in-rule-set":
        inner = why.values.get("mistake")
        why = inner if isinstance(inner, Fact) else None
    if why is None or why.key not in ("mistake-chose", "mistake-missed"):
        return None
    reason = why.values.get("reason")
    return reason if isinstance(reason, Fact) else None


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(
    "key", KEYS, ids=[f"{kind}:{rule.value}:{rules.name}" for kind, rule, rules in KEYS]
)
def test_every_puzzle_kind_says_why_at_once(key: tuple[str, RuleId, Any], code: str) -> None:
    kind, rule, rules = key
    rng = random.Random(f"{kind}{rule}{rules.name}{code}")
    with language(code):
        for seed in (1, 4):
            puzzle: Puzzle = generate(kind, rule, seed=seed, rules=rules, level=seed % 3 + 1)
            replies = wrong_replies(kind, puzzle.content, puzzle.answer, rng)
            for reply in rng.sample(replies, min(12, len(replies))):
                grade = puzzle.question.grade(puzzle.content, puzzle.rules, reply)
                if grade.correct:  # who-revoked: a card may break two rules, both right
                    continue
                where = f"{puzzle.to_line()} {puzzle.question.encode(reply)}"
                check_feedback(
                    where, kind, puzzle.content, grade, reply, puzzle.solution, puzzle.rule
                )


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("where, check", CHECKS, ids=[where for where, _ in CHECKS])
def test_every_lesson_check_says_why_at_once(where: str, check: Check, code: str) -> None:
    rng = random.Random(where + code)
    solution = check.solve()
    with language(code):
        replies = wrong_replies(check.kind.name, check.content, solution.answer, rng)
        assert replies, where
        for reply in rng.sample(replies, min(10, len(replies))):
            grade = check.grade(reply)
            assert not grade.correct, (where, reply)
            check_feedback(
                where, check.kind.name, check.content, grade, reply, solution, check.rule
            )


def test_several_illegal_cards_are_all_named_grouped_by_their_reason() -> None:
    # Hearts trumps, A♣ led, an opponent's 8♥ on it: void in clubs, South must overtrump
    # with Q♥; 7♦, A♦ and 10♠ break that rule alike, so one line names all three.
    content = PositionContent.from_dict(
        {"trump": "♥", "leader": 3, "trick": ["A♣", "8♥"], "hand": ["Q♥", "7♦", "A♦", "10♠"]}
    )
    reply = CardsAnswer.of(content.hand[1:])  # everything but the one allowed card
    kind_grade = _grade("which-cards", content, reply)
    (line,) = mistake_lines(kind_grade)
    assert line.startswith("You chose 7♦ A♦ 10♠, which are not allowed here. You left out Q♥")
    assert line.count("you must overtrump it") == 1
    (hint,) = hint_lines(kind_grade)
    assert hint == (
        "You chose 7♦ A♦ 10♠, which are not allowed here. 1 allowed card is missing from your "
        "choice. 8♥ has trumped the trick for the other side: you must overtrump it."
    )


def test_a_rotterdam_mistake_says_its_reason_once() -> None:
    """Every card Rotterdam decides alike shares its one sentence (it was said per card)."""
    puzzle = generate("amsterdam-or-rotterdam", "play.partner-winning", seed=2, level=2)
    answer = puzzle.answer
    reply = CityAnswer(answer.amsterdam, frozenset(puzzle.content.hand))  # all under Rotterdam
    grade = puzzle.question.grade(puzzle.content, puzzle.rules, reply)
    assert len(grade.mistakes) >= 2  # several cards, one reason
    (line,) = mistake_lines(grade)
    assert line.startswith("Under Rotterdam rules: You chose ")
    reason = sentences(line)[-1]
    assert line.count(reason) == 1
    shown = feedback(
        puzzle.kind, puzzle.content, grade, puzzle.solution, puzzle.rule, revealed=True
    )
    assert reason not in shown.explanation  # nor again in the explanation below


def test_nat_written_scores_are_shown_as_sums() -> None:
    # the choosers 82, the defenders 80 + 50 roem: nat, the defenders write 162 + 50 = 212
    kind_content = {"choosers": 0, "summary": {"card_points": [82, 80], "roem": [[], [50]]}}
    grade, solution, content = _nat(kind_content, NatAnswer(False, (82, 130)))
    lines = mistake_lines(grade)
    assert any("162 + 50 = 212" in line for line in lines), lines
    nat_line = next(line for line in lines if line.startswith("You said nat"))
    assert "not strictly more" in nat_line  # the nat mistake says why: 82 against 130
    shown = feedback("is-nat", content, grade, solution, RuleId.SCORE_NAT, revealed=True)
    assert "the defenders write 162 + 50 = 212." in shown.text()
    made = score_summary((100, 62), (20, 0), choosers=0)
    assert made.points == (120, 62)
    grade, _, _ = _nat(
        {"choosers": 0, "summary": {"card_points": [100, 62], "roem": [[20], []]}},
        NatAnswer(False, (100, 62)),
    )
    assert any("100 + 20 = 120" in line for line in mistake_lines(grade))


def test_a_tricks_card_points_are_shown_as_a_sum() -> None:
    content = {"trump": "♥", "trick": ["A♣", "7♣", "7♦", "K♣"], "leader": 0, "ask": ["points"]}
    grade = _grade("count-trick", content, TrickCount(None, 20, None))
    (line,) = mistake_lines(grade)
    assert line.endswith("A♣ 7♣ 7♦ K♣: 11 + 4 = 15 card points.")


def test_every_reason_that_lists_cards_has_a_wording_that_names_none() -> None:
    for code in LANGUAGES:
        messages = catalogue(code).messages
        for key, template in messages.items():
            if not (key.startswith("rule:play.") and ":explain" in key):
                continue
            if not isinstance(template, str) or not {"allowed", "beaters"} & placeholders(template):
                continue
            rule, _, part = key[len("rule:") :].partition(":")
            situation = part.removeprefix("explain").removeprefix("-")
            hint = hint_key(Fact(rule, {"situation": situation}))
            assert hint in messages, (code, key)
            words = messages[hint]
            assert isinstance(words, str)
            assert not {"allowed", "beaters", "card"} & placeholders(words), (code, hint)


def test_a_yes_no_card_marks_the_fact_and_what_the_learner_said() -> None:
    puzzle = generate("card-legal", "play.must-overtrump", seed=2)
    for code, said in (("en", "you said"), ("nl", "je zei")):
        with language(code):
            ((_, (state, words)),) = card_checks(puzzle.content, puzzle.rules, Grade(False)).items()
            fact_words = t("check-legal" if puzzle.answer.legal else "check-illegal")
            assert words.startswith(fact_words + " ·") and said in words and "✗" not in words
            assert state.endswith(" wrong")


def _grade(kind_name: str, content: Any, reply: Any) -> Grade:
    kind = question_kind(kind_name)
    read = content if not isinstance(content, dict) else kind.read_content(content)
    return kind.grade(read, AMSTERDAM, reply)


def _nat(data: dict[str, Any], reply: NatAnswer) -> tuple[Grade, Any, Any]:
    kind = question_kind("is-nat")
    content = kind.read_content(data)
    return kind.grade(content, AMSTERDAM, reply), kind.solve(content, AMSTERDAM), content


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("key", KEYS, ids=lambda key: f"{key[0]}/{key[1].value}/{key[2].name}")
def test_a_right_answer_says_right_and_the_one_deciding_sentence(
    code: str, key: tuple[Any, ...]
) -> None:
    """ "Right!" and one sentence, taken from the position's own explanation (so it holds
    there); the whole explanation is kept for "Why?", not repeated above it (issue 34, B6)."""
    kind, rule, rules = key
    puzzle = generate(kind, rule, seed=11, rules=rules)
    question = question_kind(kind)
    solution = question.solve(puzzle.content, puzzle.rules)
    with language(code):
        shown = feedback(kind, puzzle.content, question.grade(puzzle.content, puzzle.rules,
                         solution.answer), solution, puzzle.rule, revealed=True)  # fmt: skip
        right = t("right")
    assert shown.correct and shown.headline.startswith(right + " ")
    said = shown.headline.removeprefix(right + " ")
    assert len(sentences(said)) == 1, said
    assert said in shown.explanation, (said, shown.explanation)
    assert shown.explanation not in shown.headline or shown.explanation == said
