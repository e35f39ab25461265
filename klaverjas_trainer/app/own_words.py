"""Streamlit's own visible words are English, whatever the learner reads. Where a widget
carries them, the trainer uses one that does not, or hides the English hint:

- forms and text fields show "Press Enter to submit form" / "Press Enter to apply": hidden
  (the form's button says what it does, and Enter still works);
- the running indicator's "Running..." and "Stop": hidden (a click's result shows itself);
- a multiselect offers "Select all": variants are picked as pills instead (`pick_variants`);
- a date field shows "YYYY/MM/DD": a due date is chosen from the coming days, written in the
  session's language (`pick_due_date`);
- buttons and fields read English names to a screen reader ("Expand sidebar", "Open",
  "Increment", "Shortcut Enter"): a script puts the learner's words in their place
  (`CHROME_WORDS`), and on a phone the sidebar's button shows its name, "Menu", in words.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Final

import streamlit as st

from klaverjas_core import AMSTERDAM, CITIES, VARIANTS, RuleSet
from klaverjas_trainer.texts import bound, t
from klaverjas_trainer.texts.catalogue import current_code, date_text

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


#: Streamlit's English names of its own controls (aria-label, placeholder) and the messages
#: that say them in the learner's language.
CHROME_WORDS: Final = {
    "Expand sidebar": "chrome-menu",
    "Collapse sidebar": "chrome-menu-close",
    "Sidebar": "chrome-sidebar",
    "App pages": "chrome-pages",
    "Open": "chrome-open-list",
    "Close": "chrome-close-list",
    "Clear value": "chrome-clear",
    "Clear all": "chrome-clear",
    "Selected values": "chrome-chosen",
    "Choose an option": "choose",
    "Increment": "chrome-more",
    "Decrement": "chrome-less",
    "Show password": "chrome-show-pin",
    "Hide password": "chrome-hide-pin",
    "Link to heading": "chrome-heading-link",
}
#: Names that go on with a value ("Shortcut Enter"): the English start, and its message.
CHROME_STARTS: Final = {"Shortcut ": "chrome-shortcut", "Remove ": "chrome-remove"}

#: Puts `window.kjWords` in place of Streamlit's English names, now and whenever Streamlit
#: draws or renames an element; the English original is kept, so another language can follow.
CHROME_SCRIPT: Final = """
window.kjWords = WORDS; window.kjStarts = STARTS;
document.documentElement.lang = LANG;  // read aloud, and words broken, in the page's language
if (!window.kjChrome) {
  window.kjChrome = true;
  const mine = (english) => {
    if (english in window.kjWords) return window.kjWords[english];
    for (const start in window.kjStarts) {
      if (english.startsWith(start)) return window.kjStarts[start] + english.slice(start.length);
    }
    return null;
  };
  const say = (element) => {
    for (const name of ["aria-label", "placeholder"]) {
      const now = element.getAttribute(name);
      if (now === null) continue;
      const kept = element.getAttribute("data-kj-" + name);
      const english = kept !== null && now === element.getAttribute("data-kj-said-" + name)
        ? kept : now;
      const words = mine(english);
      if (words === null || words === now) continue;
      element.setAttribute("data-kj-" + name, english);
      element.setAttribute("data-kj-said-" + name, words);
      element.setAttribute(name, words);
    }
  };
  const sweep = (root) => {
    if (root.nodeType !== 1) return;
    say(root);
    root.querySelectorAll("[aria-label], [placeholder]").forEach(say);
  };
  window.kjSayChrome = () => sweep(document.body);
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "attributes") say(change.target);
      else change.addedNodes.forEach(sweep);
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ["aria-label", "placeholder"]});
}
window.kjSayChrome();
"""

#: On a phone the sidebar's button shows its name ("Menu") beside its icon.
MENU_CSS: Final = """<style>
[data-testid="stExpandSidebarButton"]::after { content: attr(aria-label); margin-left: .4rem;
  font-size: 1rem; font-weight: 600; }
</style>"""


def speak_own_words() -> None:
    """On every page run (the frame's), as one element: the CSS that hides Streamlit's English
    hints, and the script that names its controls in the session's language (it runs again
    only when those words change)."""
    words = {english: t(key) for english, key in CHROME_WORDS.items()}
    starts = {english: t(key) + " " for english, key in CHROME_STARTS.items()}
    script = (
        CHROME_SCRIPT.replace("WORDS", json.dumps(words, ensure_ascii=False))
        .replace("STARTS", json.dumps(starts, ensure_ascii=False))
        .replace("LANG", json.dumps(current_code()))
    )
    html = f"{HIDE_ENGLISH}{MENU_CSS}<script>{script}</script>"
    st.html(html, width=1, unsafe_allow_javascript=True)


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


def pick_due_date(label: str, key: str, today: date) -> date | None:
    """A due date (or none) from a list of days in words: no English date pattern."""
    return st.selectbox(
        label,
        due_date_choices(today),
        format_func=bound(
            lambda day: t("due-none") if day is None else date_text(day, current_code())
        ),
        key=key,
    )
