"""Every rule id has learner-facing text, and every explanation renders with the core's fields."""

from __future__ import annotations

import random

from klaverjas_core import DECK, RuleId, Suit, legal_cards, random_playout, rule_text, score_deal
from klaverjas_core.texts import all_rule_texts

PLAY_FIELDS = {"card", "led", "suit", "trump", "winning", "highest_trump", "beaters", "allowed"}


def test_every_rule_id_has_a_title_a_statement_and_an_explanation() -> None:
    texts = all_rule_texts()
    assert set(texts) == set(RuleId)
    for rule, text in texts.items():
        assert text.title and text.statement and text.explain, rule


def test_rule_ids_are_unique_dotted_and_lower_case() -> None:
    values = [rule.value for rule in RuleId]
    assert len(values) == len(set(values))
    for value in values:
        topic, _, name = value.partition(".")
        assert topic and name and value == value.lower() and " " not in value


def test_play_explanations_use_only_the_fields_a_verdict_fills() -> None:
    for rule in RuleId:
        if rule.topic == "play" and rule is not RuleId.PLAY_REVOKE:
            assert rule_text(rule).placeholders <= PLAY_FIELDS, rule


def test_every_verdict_explanation_renders_with_real_cards() -> None:
    rng = random.Random(8)
    seen: set[RuleId] = set()
    for _ in range(300):
        deal = random_playout(rng)
        trump = Suit(deal.trump)
        for leader, cards in deal.tricks[:4]:
            del leader
            trick = [DECK[i] for i in cards[:2]]
            hand = [c for c in DECK if c not in trick][rng.randrange(20) :][:5]
            result = legal_cards(hand, trick, trump)
            for card in hand:
                verdict = result.verdict(card)
                text = verdict.explain()
                assert str(card) in text and "{" not in text
                seen.add(verdict.rule)
    assert len(seen) >= 8


def test_score_ledger_items_explain_themselves() -> None:
    rng = random.Random(9)
    for _ in range(50):
        deal = random_playout(rng)
        tricks = [(leader, [DECK[i] for i in cards]) for leader, cards in deal.tricks]
        for item in score_deal(tricks, Suit(deal.trump), deal.choosers).ledger:
            text = item.explain()
            assert text and "{" not in text


def test_every_template_renders_with_the_fields_it_names() -> None:
    for rule, text in all_rule_texts().items():
        rendered = text.explain.format(**dict.fromkeys(text.placeholders, "X"))
        assert "{" not in rendered and "}" not in rendered, rule
