"""The feedback after an answer, one view for the drill and the lessons.

Right: "Right!" and the one sentence that decides it (the target rule's), the rule, and the
whole explanation folded away until asked for. Wrong: what was wrong with the
learner's own reply at once (every card chosen wrongly, grouped by the reason that decides it,
each sentence once), and the rule; once the answer is shown (always in the drill) also the answer
and the rest of the explanation, without the sentences already said.

Before a lesson's learner asks for the answer (`revealed=False`), the lines name the rule and the
fact that decides each mistake but no card the learner did not choose: a reason that lists the
allowed cards is said in its ``hint:<rule>[:<situation>]`` wording, which names none.

`feedback` is pure (text only, for tests); `show_feedback` draws it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import streamlit as st

from klaverjas_core import CITIES, Card, RuleId
from klaverjas_questions import Fact, FactValue, Grade, Solution, fact
from klaverjas_trainer.app.board import page_style
from klaverjas_trainer.app.in_view import keep_in_view
from klaverjas_trainer.texts import card_text, current, describe_answer, nt, rule_title, say, t

#: Mistakes about single cards, grouped by the reason behind them.
CARD_MISTAKES: Final = ("mistake-chose", "mistake-missed")
#: A yes/no verdict on one card ("K♦ is not allowed. <reason>").
VERDICTS: Final = ("card-allowed", "card-not-allowed")


@dataclass(frozen=True, slots=True)
class Feedback:
    """What the learner reads after an answer, as text."""

    correct: bool
    headline: str  # "Right! <the deciding sentence>", "Not quite." or "Not quite. The answer: ..."
    lines: tuple[str, ...] = ()  # what was wrong, each sentence once
    rule: str = ""  # "Rule: **<title>**"
    explanation: str = ""  # the rest of why once the answer is shown; when right, all of it
    extra: tuple[str, ...] = field(default=())

    def text(self) -> str:
        """Everything, as one string (tests read it)."""
        return " ".join([self.headline, *self.lines, self.rule, self.explanation, *self.extra])


def feedback(
    kind: str,
    content: Any,
    grade: Grade,
    solution: Solution[Any],
    rule: RuleId,
    *,
    revealed: bool,
) -> Feedback:
    """The feedback on `grade`; `revealed` once the learner may see the answer."""
    title = t("rule-named", title=rule_title(rule))
    if grade.correct:  # one sentence; the whole why (other rules may decide too) on request
        whole = explain_all(solution.facts)
        return Feedback(True, f"{t('right')} {deciding_sentence(solution, rule)}", (), title, whole)
    lines = tuple(mistake_lines(grade) if revealed else hint_lines(grade))
    if not revealed:
        return Feedback(False, t("wrong"), lines, title)
    answer = describe_answer(kind, content, solution.answer)
    rest = rest_of_explanation(solution.facts, grade, lines)
    return Feedback(False, f"{t('wrong')} {t('answer-was', answer=answer)}", lines, title, rest)


#: The container the feedback is drawn in: brought into view after an answer.
FEEDBACK_KEY: Final = "answer-feedback"


def show_feedback(
    shown: Feedback,
    *,
    key: str = FEEDBACK_KEY,
    more: Callable[[], None] | None = None,
    style: str = "",
    scroll: bool = True,
) -> None:
    """The feedback in a container under `key`, scrolled into view when a part of it is off
    screen (on a phone, the answer is given below the cards); `more` draws what belongs with
    it (the coach's word on the answer) in the same container; `style` (the answered form's
    lock and marks) is sent with the script that scrolls. Not `scroll`: it stays where it is
    (a run for something else on the page, e.g. a fold opened below it)."""
    with st.container(key=key):
        _draw(shown)
        if more is not None:
            more()
    if scroll:
        keep_in_view(key, style=style)
    elif style:
        page_style(style)


def _draw(shown: Feedback) -> None:
    if shown.correct:
        st.success(shown.headline, icon=":material/check_circle:")
        st.markdown(shown.rule)
        with st.expander(t("why-right")):
            st.markdown(shown.explanation)
        return
    st.error(shown.headline, icon=":material/cancel:")
    # What was wrong, the rule and the rest of the explanation as one element (each element
    # is a message to the browser).
    mistakes = "\n".join([t("your-mistakes"), *(f"- {line}" for line in shown.lines)])
    parts = (mistakes if shown.lines else "", shown.rule, shown.explanation)
    st.markdown("\n\n".join(part for part in parts if part))


def explain_all(facts: Iterable[Fact]) -> str:
    return " ".join(say(item) for item in facts)


def deciding_sentence(solution: Solution[Any], rule: RuleId) -> str:
    """What decides the answer, in one sentence: the explanation's own words for the target
    `rule` (or for the first deciding rule it words), else its last sentence (the verdict).

    A right answer says only this; the whole explanation waits behind "Why?"."""
    for wanted in (rule, *solution.tags):
        found = _fact_of(solution.facts, wanted.value)
        if found is not None:
            return say(found)
    return sentences(explain_all(solution.facts))[-1]


def _fact_of(facts: Iterable[FactValue], key: str) -> Fact | None:
    """The first fact with `key`, depth first through the facts' own facts."""
    for item in facts:
        if not isinstance(item, Fact):
            continue
        if item.key == key:
            return item
        found = _fact_of(item.values.values(), key)
        if found is not None:
            return found
    return None


# --- what was wrong -----------------------------------------------------------------------


def mistake_lines(grade: Grade) -> list[str]:
    """Every mistake with its reason: cards that one reason decides share a line ("You chose
    J♦ 10♥, which are not allowed here. You left out 8♠. <the reason>"), each line once."""
    return _lines(grade, reveal=True)


def hint_lines(grade: Grade) -> list[str]:
    """What is wrong with the learner's reply and why, without the rest of the answer: the
    chosen cards that are not allowed, how many allowed ones are missing, and the rule and
    fact that decide them in words that name no other card."""
    return _lines(grade, reveal=False)


def _lines(grade: Grade, *, reveal: bool) -> list[str]:
    groups: dict[tuple[str, str], dict[str, list[Card]]] = {}
    entries: list[tuple[str, str] | tuple[str, str, None]] = []  # a group, or a line
    for mistake in grade.mistakes:
        if mistake.why is None:
            continue
        scope, why = _scoped(mistake.why)
        card, reason = why.values.get("card"), why.values.get("reason")
        if why.key in CARD_MISTAKES and isinstance(card, Card) and isinstance(reason, Fact):
            key = (scope, say(reason) if reveal else hint_text(reason))
            if key not in groups:
                entries.append(key)
            groups.setdefault(key, {}).setdefault(why.key, []).append(card)
            continue
        if not reveal and why.key in VERDICTS and isinstance(card, Card):
            line = _verdict_hint(why)
        elif why.key in REVOKE_HINTS:
            line = _revoke_line(why, grade, reveal=reveal)
        else:
            line = say(why)
        entries.append((scope, line, None))

    # the learner's own wrong choices first, then what is missing, then the other parts
    def rank(entry: tuple[str, str] | tuple[str, str, None]) -> int:
        return 2 if len(entry) == 3 else 0 if "mistake-chose" in groups[entry[:2]] else 1

    lines = []
    said: dict[str, set[str]] = {}  # per rule set: the sentences said so far
    for entry in sorted(entries, key=rank):
        if len(entry) == 3:
            lines.append(_once(entry[0], entry[1], said))
            continue
        scope, reason_text = entry[:2]
        cards = groups[entry[:2]]
        parts = []
        if "mistake-chose" in cards:  # one card or more: plural forms
            parts.append(say(fact("mistake-chose-cards", cards=tuple(cards["mistake-chose"]))))
        if "mistake-missed" in cards:
            missed = cards["mistake-missed"]
            parts.append(
                say(fact("mistake-missed-cards", cards=tuple(missed)))
                if reveal
                else nt("mistake-missed-some", len(missed))
            )
        lines.append(_once(scope, reason_text, said, " ".join(parts)))
    return [line for line in dict.fromkeys(lines) if line]  # each sentence once


def sentences(text: str) -> list[str]:
    """A text's sentences (a stop, question or exclamation mark before a space)."""
    return [part for part in SENTENCE_END.split(text.strip()) if part]


SENTENCE_END: Final = re.compile(r"(?<=[.!?])\s+")


def _once(scope: str, line: str, said: dict[str, set[str]], cards: str = "") -> str:
    """`cards` (what was chosen or left out), then `line` without the sentences already said
    under the same rule set (two cards that one rule forbids each in its own words still
    share "You may play ..."), in its scope."""
    seen = said.setdefault(scope, set())
    kept = [sentence for sentence in sentences(line) if sentence not in seen]
    seen.update(kept)
    text = " ".join([cards, *kept] if cards else kept)
    return _in_scope(scope, text) if text else ""


def _verdict_hint(verdict: Fact) -> str:
    """``K♦ is not allowed. <the reason, naming no other card of the hand>``."""
    card, reason = verdict.values.get("card"), verdict.values.get("reason")
    words = hint_text(reason) if isinstance(reason, Fact) else ""
    shown = card_text(card) if isinstance(card, Card) else ""
    return t(verdict.key, card=shown, reason=words).strip()


#: Who-revoked's mistakes, said before the answer without naming the revoked card.
REVOKE_HINTS: Final = ("mistake-revoke-card", "mistake-revoke-rule")


def _revoke_line(why: Fact, grade: Grade, *, reveal: bool) -> str:
    """A card named as the revoke that was allowed where it was played, and why (after the
    revoke itself once the answer is shown); a rule named wrongly, without the card that
    broke it while that card is still to be found."""
    if why.key == "mistake-revoke-card":
        given, player, verdict = (why.values.get(name) for name in ("given", "player", "reason"))
        allowed = ""
        if isinstance(verdict, Fact) and isinstance(given, Card) and player is not None:
            words = say(verdict) if reveal else _verdict_hint(verdict)
            allowed = f"{say(fact('mistake-no-revoke', given=given, player=player))} {words}"
        if reveal:
            return f"{say(why)} {allowed}".strip()
        return allowed or t("mistake-revoke-unnamed")
    if not reveal and any(mistake.part == "card" for mistake in grade.mistakes):
        return say(fact("mistake-revoke-rule-hint", given=why.values.get("given")))
    return say(why)


def _scoped(why: Fact) -> tuple[str, Fact]:
    """A mistake under one of two rule sets: the rule set's words and the mistake itself."""
    if why.key == "mistake-in-rule-set":
        rules, inner = why.values.get("rules"), why.values.get("mistake")
        if isinstance(rules, Fact) and isinstance(inner, Fact):
            return say(rules), inner
    return "", why


def _in_scope(scope: str, line: str) -> str:
    return t("mistake-in-rule-set", rules=scope, mistake=line) if scope else line


def hint_key(reason: Fact) -> str:
    """The message that words `reason` without naming the allowed cards."""
    situation = reason.values.get("situation")
    suffix = f":{situation}" if isinstance(situation, str) and situation else ""
    return f"hint:{reason.key}{suffix}"


def hint_text(reason: Fact) -> str:
    """A rule's reason in words that name no card but those on the table (the led card,
    the winning card, the highest trump): `say` where the reason names none anyway."""
    key = hint_key(reason)
    if key in current().messages:
        return say(Fact(key, reason.values))
    return say(reason)


# --- the rest of the explanation ----------------------------------------------------------


def rest_of_explanation(facts: Sequence[Fact], grade: Grade, said: Sequence[str]) -> str:
    """The explanation without what the feedback has said already: the legal cards (the
    answer line names them), verdicts and reasons already in the mistake lines, and facts
    that the mistakes state in their own words (the same rule about the same cards)."""
    text = " ".join(said)
    nested = _nested(mistake.why for mistake in grade.mistakes)
    stated = {sign for item in nested if (sign := _signature(item)) is not None}
    kept = [
        say(item)
        for each in facts
        if (item := _without_said(each, text, stated, top=True)) is not None
    ]
    return " ".join(sentence for sentence in sentences(" ".join(kept)) if sentence not in text)


def _without_said(item: Fact, said: str, stated: set[tuple[str, str]], *, top: bool) -> Fact | None:
    if item.key == "legal-cards":
        return None if top else item  # inside a comparison it says which rule set allows what
    if item.key == "rule-set-comparison":
        values: dict[str, FactValue] = dict(item.values)
        for city in CITIES:
            parts = values.get(city)
            if isinstance(parts, tuple):
                values[city] = tuple(
                    kept
                    for part in parts
                    if isinstance(part, Fact)
                    and (kept := _without_said(part, said, stated, top=False)) is not None
                )
        return Fact(item.key, values)
    reason = item.values.get("reason")
    if item.key in VERDICTS and isinstance(reason, Fact) and say(reason) in said:
        return None
    sign = _signature(item)
    if (sign is not None and sign in stated) or say(item) in said:
        return None
    return item


def _signature(item: Fact) -> tuple[str, str] | None:
    """A fact about some cards (their points, their roem): the same rule about the same
    cards is the same fact, however its numbers are written."""
    cards = item.values.get("cards")
    return None if not isinstance(cards, tuple) or not cards else (item.key, str(cards))


def _nested(facts: Iterable[Fact | None]) -> list[Fact]:
    found: list[Fact] = []
    for item in facts:
        if item is None:
            continue
        found.append(item)
        for value in item.values.values():
            if isinstance(value, Fact):
                found.extend(_nested([value]))
            elif isinstance(value, tuple):
                found.extend(_nested([part for part in value if isinstance(part, Fact)]))
    return found
