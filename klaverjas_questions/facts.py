"""The core's answers as facts: verdicts, legal sets, judged tricks and scores, each turned into
`Fact`s that name the rule and the cards, seats and numbers involved (no words)."""

from __future__ import annotations

from collections.abc import Iterable

from klaverjas_core import (
    DealScore,
    LegalCards,
    Revoke,
    RoemItem,
    RuleId,
    Seat,
    TrickJudgement,
    Verdict,
)
from klaverjas_core.scoring import DEAL_TOTAL, LAST_TRICK_BONUS, PIT_BONUS
from klaverjas_questions.model import Fact, Pair, fact

R = RuleId


def situation(verdict: Verdict) -> str:
    """Which wording of the deciding rule is true in this position ("" for the plain one).

    A rule decides in several kinds of position; each wording claims only what holds there
    (e.g. Rotterdam's must-trump while the partner is winning says so, not "an opponent").
    """
    rule, trump = verdict.rule, verdict.trump
    trumps_led = verdict.led is not None and verdict.led.suit is trump
    if rule in (R.PLAY_FOLLOW_SUIT, R.PLAY_VOID_NO_TRUMPS) and trumps_led:
        return "trumps-led"
    if verdict.partner_winning and rule in _PARTNER_WORDING:
        return "partner"
    if rule is R.PLAY_PARTNER_WINNING:
        if all(card.suit is trump for card in verdict.hand):
            return "only-trumps"
        if not any(card.suit is trump for card in verdict.allowed):
            return "discard"
    return ""


#: Rules with their own wording when the partner (not an opponent) is winning the trick.
_PARTNER_WORDING = frozenset(
    {R.PLAY_MUST_TRUMP, R.PLAY_MUST_OVERTRUMP, R.PLAY_MUST_UNDERTRUMP, R.PLAY_NO_UNDERTRUMP}
)


#: The wording of a reason about another player (``explain-seat``, ``explain-partner-seat``; its
#: hint ``hint:<rule>:seat``): that player in the third person ("West holds no ♥ and must ..."),
#: where the plain wording speaks to the learner ("you hold no ♥ ...").
ABOUT_A_SEAT = "seat"


def wording(verdict: Verdict, player: Seat | None = None) -> str:
    """The situation's wording (`situation`), about `player` when the card was another
    player's: ``""`` -> ``"seat"``, ``"partner"`` -> ``"partner-seat"``."""
    plain = situation(verdict)
    if player is None:
        return plain
    return f"{plain}-{ABOUT_A_SEAT}" if plain else ABOUT_A_SEAT


def reason(verdict: Verdict, player: Seat | None = None) -> Fact:
    """Why the deciding rule allows or forbids the card, with this position's cards: to the
    learner ("you hold ...") about the learner's own card, or about `player` in the third
    person when the card was another player's (a revoke, a card named in who-revoked)."""
    led = verdict.led
    return fact(
        verdict.rule,
        situation=wording(verdict, player),
        player=player,
        card=verdict.card,
        led=led,
        suit=None if led is None else led.suit,
        trump=verdict.trump,
        winning=verdict.winning,
        partner_winning=verdict.partner_winning,
        highest_trump=verdict.highest_trump,
        beaters=verdict.beaters,
        allowed=verdict.allowed,
    )


def verdict_fact(verdict: Verdict, player: Seat | None = None) -> Fact:
    """``7♦ is not allowed: <reason>`` as a fact (the reason about `player`, if given)."""
    key = "card-allowed" if verdict.legal else "card-not-allowed"
    return fact(key, card=verdict.card, reason=reason(verdict, player))


def legal_facts(result: LegalCards) -> tuple[Fact, ...]:
    """The legal cards, the permitting rule's reason, then one example per forbidding rule."""
    facts = [fact("legal-cards", cards=result.cards)]
    for rule in result.rules:
        example = result.example(rule)
        facts.append(reason(example) if example.legal else verdict_fact(example))
    return tuple(facts)


def trick_facts(judged: TrickJudgement, *, last_trick: bool = False) -> tuple[Fact, ...]:
    """Who wins and why, the card points (with the last trick's 10), then each roem."""
    facts = [
        fact(judged.rule, winning=judged.winning_card),
        fact(R.POINTS_CARDS, cards=judged.cards, points=judged.points),
    ]
    if last_trick:
        facts.append(fact("last-trick-bonus", points=judged.points + LAST_TRICK_BONUS))
    facts.extend(roem_facts(judged.roem))
    return tuple(facts)


def roem_facts(items: Iterable[RoemItem]) -> tuple[Fact, ...]:
    """Each roem of a trick: its rule, its cards and its points."""
    return tuple(fact(item.rule, cards=item.cards, points=item.points) for item in items)


def score_facts(score: DealScore) -> tuple[Fact, ...]:
    """Each pair's total, a word on forgotten roem, then the verdict: made, nat or revoke."""
    facts = []
    pit = score.pit
    for pair in (0, 1):
        facts.append(
            fact(
                "pair-total",
                pair=Pair(pair),
                role=fact("role-choosers" if pair == score.choosers else "role-defenders"),
                card_points=score.card_points[pair],
                roem=score.roem[pair],
                pit=fact("pit-bonus") if pit == pair else "",
                total=score.totals[pair],
            )
        )
    if score.forgotten_roem:
        facts.append(fact("undeclared-roem", points=score.forgotten_roem))
    verdict = score.verdict
    if verdict.rule is R.SCORE_REVOKE:
        other = 1 - verdict.pair
        facts.append(fact(R.SCORE_REVOKE, pair=Pair(verdict.pair), points=written(score, other)))
    else:
        facts.append(
            fact(
                verdict.rule,
                choosers_total=score.totals[score.choosers],
                defenders_total=score.totals[score.defenders],
                defenders_written=written(score, score.defenders),
            )
        )
    return tuple(facts)


def added(terms: Iterable[int], total: int) -> Fact | int:
    """``162 + 50 = 212`` as a fact (the terms that are not 0); the bare total when there is
    nothing to add or the terms do not make it."""
    shown = [part for part in terms if part]
    if len(shown) < 2 or sum(shown) != total:
        return total
    return fact("sum-of", terms=" + ".join(str(part) for part in shown), total=total)


def written(score: DealScore, pair: int) -> Fact | int:
    """What `pair` writes, as the sum it is: its own card points, roem and pit when the
    contract is made; 162, all declared roem and its pit when it takes the other pair's
    points (nat or a revoke); plainly 0 when it writes nothing."""
    points = score.points[pair]
    pit = PIT_BONUS if score.pit == pair else 0
    if points == score.totals[pair]:
        return added((score.card_points[pair], score.roem[pair], pit), points)
    return added((DEAL_TOTAL, score.roem[0] + score.roem[1], pit), points)


def revoke_fact(revoke: Revoke, learner: Seat | None = None) -> Fact:
    """The revoked card, who played it and why it was not allowed: about the revoker in the
    third person, or to the learner ("you") when `learner` revoked (`explain-you`)."""
    own = learner is not None and revoke.seat == learner
    why = verdict_fact(revoke.verdict, None if own else revoke.seat)
    return fact(
        R.PLAY_REVOKE,
        situation="you" if own else "",
        card=revoke.card,
        player=revoke.seat,
        reason=why,
    )
