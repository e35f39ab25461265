"""Streamlit's own visible words are English, whatever the learner reads. Where a widget
carries them, the trainer uses one that does not, or hides the English hint:

- forms and text fields show "Press Enter to submit form" / "Press Enter to apply": hidden
  (the form's button says what it does, and Enter still works);
- the running indicator's "Running..." and "Stop": hidden (a click's result shows itself);
- a multiselect offers "Select all": variants are picked as pills instead (`pick_variants`);
- a date field shows "YYYY/MM/DD": a due date is chosen from the coming days, written in the
  session's language (`pick_due_date`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import Final

import streamlit as st
from babel.dates import format_date

from klaverjas_core import AMSTERDAM, CITIES, VARIANTS, RuleSet
from klaverjas_trainer.texts import bound, t
from klaverjas_trainer.texts.catalogue import current_code

HIDE_ENGLISH: Final = """<style>
[data-testid="InputInstructions"], [data-testid="stStatusWidget"] { display: none !important; }
</style>"""

#: A chosen variant: Streamlit writes it in the theme's red on a pale red (under 4.5:1); the
#: darker red of the page's other chosen buttons reads (cards.CSS does so for segmented ones).
CHOSEN_WORDS: Final = """<style>
.st-key-%(key)s button[data-selected="true"], .st-key-%(key)s button[data-selected="true"] p
{ color: #8f1d2c; opacity: 1; }
</style>"""

#: How far ahead a due date can be set: a club meets weekly, so six weeks is plenty.
DUE_DAYS: Final = 42


def hide_english_hints() -> None:
    """On every page run (the frame's): the CSS that hides Streamlit's English hints."""
    st.html(HIDE_ENGLISH, width=1)


def pick_rule_set(
    city_key: str, variants_key: str, *, default: RuleSet = AMSTERDAM, disabled: bool = False
) -> RuleSet:
    """Amsterdam or Rotterdam, and the house variants: the one rule-set picker (Profile and a
    new club group)."""
    city = st.radio(
        t("rule-set"),
        list(CITIES),
        index=CITIES.index(default.city),
        format_func=bound(lambda name: t(f"rules-{name}")),
        horizontal=True,
        disabled=disabled,
        key=city_key,
    )
    variants = pick_variants(
        t("variants"), variants_key, default=default.variants, disabled=disabled
    )
    return RuleSet.parse(str(city)).with_variants(**dict.fromkeys(variants, True))


def pick_variants(
    label: str, key: str, *, default: Sequence[str] = (), disabled: bool = False
) -> list[str]:
    """House variants as pills (several may be chosen), each named in the session's language."""
    chosen = st.pills(
        label,
        list(VARIANTS),
        selection_mode="multi",
        default=[name for name in default if name in VARIANTS],
        format_func=bound(lambda name: t(f"variant-{name}")),
        disabled=disabled,
        key=key,
    )
    st.html(CHOSEN_WORDS % {"key": key}, width=1)
    return [name for name in VARIANTS if name in chosen]  # the rule set's own order


def due_date_choices(today: date, days: int = DUE_DAYS) -> list[date | None]:
    """No due date, then today and the coming `days` days.

    >>> due_date_choices(date(2026, 12, 1), 2)
    [None, datetime.date(2026, 12, 1), datetime.date(2026, 12, 2), datetime.date(2026, 12, 3)]
    """
    return [None, *(today + timedelta(days=offset) for offset in range(days + 1))]


def date_words(day: date, code: str) -> str:
    """A day as a club says it, in language `code`.

    >>> date_words(date(2026, 12, 8), "nl"), date_words(date(2026, 12, 8), "uk")
    ('di 8 dec 2026', 'вт 8 груд. 2026')
    """
    return format_date(day, "EEE d MMM y", locale=code)


def pick_due_date(label: str, key: str, today: date) -> date | None:
    """A due date (or none) from a list of days in words: no English date pattern."""
    return st.selectbox(
        label,
        due_date_choices(today),
        format_func=bound(
            lambda day: t("due-none") if day is None else date_words(day, current_code())
        ),
        key=key,
    )
