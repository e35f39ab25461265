"""The catalogue: every rule id has words, every fact the core and the question kinds produce
renders with the fields it names, and the sentences read as before the facts moved out."""

from __future__ import annotations

import random
import string

import pytest

from klaverjas_core import (
    DECK,
    RuleId,
    Suit,
    check_card,
    legal_cards,
    parse_cards,
    random_playout,
    roem_items,
    score_summary,
)
from klaverjas_questions import Fact
from klaverjas_questions.facts import reason, score_facts, verdict_fact
from klaverjas_trainer.texts import catalogue, explain, rule_title, say
from klaverjas_trainer.texts.catalogue import CatalogueError
from lessons import load_course
from puzzles import generate, generator_keys

VERDICT_FIELDS = set(reason(check_card("7♦", "Q♥ 7♦", "A♣ 8♥", "♥")).values)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_rule_id_has_a_title_a_statement_and_an_explanation() -> None:
    words = catalogue()
    for rule in RuleId:
        for part in ("title", "statement", "explain"):
            assert words.rule(rule, part), (rule, part)
    rule_keys = {key.split(":")[1] for key in words.messages if key.startswith("rule:")}
    assert rule_keys == {rule.value for rule in RuleId}


def test_rule_ids_are_unique_dotted_and_lower_case() -> None:
    values = [rule.value for rule in RuleId]
    assert len(values) == len(set(values))
    for value in values:
        topic, _, name = value.partition(".")
        assert topic and name and value == value.lower() and " " not in value


def test_play_explanations_use_only_the_fields_a_verdict_fact_fills() -> None:
    for rule in RuleId:
        if rule.topic == "play" and rule is not RuleId.PLAY_REVOKE:
            parts = [k for k in catalogue().messages if k.startswith(f"rule:{rule.value}:explain")]
            for part in parts:
                template = catalogue().messages[part]
                assert isinstance(template, str) and placeholders(template) <= VERDICT_FIELDS, part


def test_every_verdict_renders_with_real_cards() -> None:
    rng = random.Random(8)
    seen: set[RuleId] = set()
    for _ in range(300):
        deal = random_playout(rng)
        trump = Suit(deal.trump)
        for _, cards in deal.tricks[:4]:
            trick = [DECK[i] for i in cards[:2]]
            hand = [c for c in DECK if c not in trick][rng.randrange(20) :][:5]
            result = legal_cards(hand, trick, trump)
            for card in hand:
                verdict = result.verdict(card)
                text = say(verdict_fact(verdict))
                assert text.startswith(str(card)) and "{" not in text
                seen.add(verdict.rule)
    assert len(seen) >= 8


def test_the_sentences_read_as_the_rule_books_say() -> None:
    verdict = check_card("7♦", "Q♥ 7♦", "A♣ 8♥", "♥")
    assert say(verdict_fact(verdict)) == (
        "7♦ is not allowed. 8♥ has trumped the trick for the other side: you must overtrump it "
        "with Q♥."
    )
    score = score_summary((82, 80), (0, 20), choosers=0)
    assert explain(score_facts(score)).endswith(
        "The choosers scored 82 against 100: not strictly more, so they are nat and the "
        "defenders write 162 + 20 = 182."
    )
    (run,) = roem_items(parse_cards("J♠ 7♠ 8♠ 9♠"), "♠")
    assert say(Fact(run.rule.value, {"cards": run.cards, "points": run.points})) == (
        "7♠ 8♠ 9♠ are three in a row of one suit: 20 roem."
    )


def test_every_fact_of_every_puzzle_and_lesson_renders() -> None:
    facts: list[Fact] = []
    for kind, rule, rules in generator_keys():
        for seed in range(3):
            facts.extend(
                generate(kind, rule, seed=seed, rules=rules, level=seed + 1).solution.facts
            )
    for lesson in load_course().lessons:
        for check in lesson.checks:
            facts.extend(check.solve().facts)
    keys = set()
    for item in facts:
        text = say(item)
        assert text and "{" not in text and "}" not in text, item
        keys.add(item.key)
    assert len(keys) >= 30


def test_every_template_renders_with_the_fields_it_names() -> None:
    for key, template in catalogue().messages.items():
        for form in template if isinstance(template, tuple) else (template,):
            rendered = form.format(**dict.fromkeys(placeholders(form), "X"))
            assert "{" not in rendered and "}" not in rendered, key


def test_rule_titles_and_a_missing_message_is_an_error() -> None:
    assert rule_title("score.nat") == "Nat"
    with pytest.raises(CatalogueError, match="no message `no-such-words`"):
        catalogue().text("no-such-words")
    with pytest.raises(CatalogueError, match="no catalogue for language `xx`"):
        catalogue("xx")
