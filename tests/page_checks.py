"""What a learner's eye checks on every screen, for the browser tests: no word of another
language, nothing wider than the screen, no button that takes no tap, the rank letters of the
learner's language, and the reaction to what they just did in view. Each check returns the
problems it found (empty when the page is fine), so a test can say them all at once."""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from playwright.sync_api import Locator, Page

from klaverjas_trainer.app.own_words import CHROME_STARTS, CHROME_WORDS
from klaverjas_trainer.texts import catalogue
from klaverjas_trainer.texts.catalogue import SOURCE, placeholders

from .english import ENGLISH

#: The text a person can see: visible text nodes, without Material icons (their ligature names,
#: "check_circle", are not read) and without what a learner typed (a name is not a language).
VISIBLE_TEXT: Final = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent.trim()) continue;
    if (parent.closest("[data-testid='stIconMaterial'], style, script, noscript")) continue;
    if (!parent.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const box = parent.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    out.push(node.textContent.trim());
  }
  return out;
}"""

#: Elements that stick out to the right of the screen (a phone then scrolls sideways or cuts
#: them off); a part of a box that scrolls by itself is fine while the box fits.
TOO_WIDE: Final = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width + 1) {
    found.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px");
  }
  const scrolls = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)
          && up.getBoundingClientRect().right <= width + 1) return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll("[data-testid='stMain'] *")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
    if (!el.checkVisibility({visibilityProperty: true}) || scrolls(el)) continue;
    const name = el.getAttribute("data-testid") || el.className || el.tagName;
    found.push(String(name).slice(0, 60) + " reaches " + Math.round(box.right) + " px: "
               + (el.innerText || "").slice(0, 50).replace(/\\s+/g, " "));
    if (found.length > 5) break;
  }
  return found;
}"""

#: Buttons that look ready but take no tap (a style turned their pointer events off): only the
#: answered question's own form is locked so on purpose.
TAPLESS: Final = """() => {
  const answered = '[data-testid="stForm"]:has(.st-key-answer_button, '
    + '[class*="st-key-check-"][class*="-submit"])';
  const found = [];
  for (const button of document.querySelectorAll("[data-testid='stAppViewContainer'] button")) {
    if (button.disabled || !button.checkVisibility({visibilityProperty: true})) continue;
    if (getComputedStyle(button).pointerEvents !== "none" || button.closest(answered)) continue;
    found.push((button.innerText || button.getAttribute("aria-label") || "?").trim().slice(0, 40));
  }
  return found;
}"""

#: What is there for a keyboard or in Streamlit's own English words: key hints ("Enter", "N")
#: on a touch screen, Streamlit's ⋮ menu ("Print", "Record screen"), and its English names of
#: controls read aloud ("Expand sidebar") on a page in another language, or a page that says
#: it is in another language (its ``lang``: a screen reader reads Ukrainian as English), and a
#: table that breaks its words anywhere to fit a phone.
CHROME: Final = """([english, starts, code]) => {
  const found = [];
  if (document.documentElement.lang !== code) {
    found.push("the page says it is in " + document.documentElement.lang);
  }
  for (const element of document.querySelectorAll("[aria-label], [placeholder]")) {
    for (const name of ["aria-label", "placeholder"]) {
      const said = element.getAttribute(name);
      if (said !== null && (english.includes(said) || starts.some(s => said.startsWith(s)))) {
        found.push("English name: " + said);
      }
    }
  }
  const touch = matchMedia("(hover: none) and (pointer: coarse)").matches;
  if (navigator.maxTouchPoints > 0 && !touch) {  // else the key-hint check could not fail
    found.push("a touch screen that the page's styles take for a mouse");
  }
  for (const hint of document.querySelectorAll("button kbd")) {
    if (touch && hint.checkVisibility()) found.push("a key hint on a touch screen: "
                                                    + hint.innerText);
  }
  if (document.querySelector("[data-testid='stMainMenu']")) found.push("Streamlit's menu");
  const menu = document.querySelector("[data-testid='stExpandSidebarButton']");
  if (menu && menu.checkVisibility()) {  // a phone's page list: its button says "Menu" in words
    const words = getComputedStyle(menu, "::after").content;
    if (!words || words === "none" || words === '""') {
      found.push("the page list's button says nothing");
    }
  }
  for (const cell of document.querySelectorAll("td, th, td p, th p")) {  // "потрену-ватися"
    const style = getComputedStyle(cell);
    if (style.overflowWrap === "anywhere" || style.wordBreak === "break-all") {
      found.push("a table breaks words: " + cell.innerText.slice(0, 30));
      break;
    }
  }
  return found;
}"""

SUITS: Final = "♠♥♦♣"
#: A rank written before a suit symbol, as in "B♥" or "10♠" (not "Troef: ♣").
CARD_NAME: Final = re.compile(rf"(?<![\w])(10|[7-9]|[^\W\d_])(?=[{SUITS}])")


def visible_text(page: Page) -> list[str]:
    return list(page.evaluate(VISIBLE_TEXT))


@cache
def english_phrases(code: str) -> frozenset[str]:
    """Pieces of the English catalogue's sentences that the `code` catalogue words otherwise:
    one on a `code` page is a sentence that escaped its catalogue."""
    english, other = catalogue(SOURCE).messages, catalogue(code).messages
    found = set()
    for key, text in english.items():
        if not isinstance(text, str) or other.get(key) == text:
            continue
        template = text
        for name in placeholders(text):
            template = template.replace("{" + name + "}", "\0")
        for part in template.split("\0"):
            piece = part.strip(" .,:;·-–()")
            if len(piece) >= 14 and piece.count(" ") >= 2:  # a phrase, not a word like "Stuk"
                found.add(piece)
    return frozenset(found)


def foreign_words(texts: list[str], code: str) -> list[str]:
    """Texts of another language than `code`: English words (a kept list) or a sentence of
    the English catalogue, on a page in Dutch, Ukrainian or Russian."""
    if code == SOURCE:
        return []
    phrases = english_phrases(code)
    found = [text for text in texts if ENGLISH.search(text)]
    joined = "\n".join(texts)
    found += [f"(catalogue) {phrase}" for phrase in phrases if phrase in joined]
    return found


def wrong_rank_letters(texts: list[str], code: str) -> list[str]:
    """Cards written with a rank letter that `code` does not use (Q♠ on a Dutch page)."""
    allowed = set(catalogue(code).ranks.values())
    return [text for text in texts for rank in CARD_NAME.findall(text) if rank not in allowed]


def too_wide(page: Page) -> list[str]:
    return list(page.evaluate(TOO_WIDE))


def out_of_view(reaction: Locator) -> list[str]:
    """The reaction to the learner's last action, or why it is not in view."""
    if reaction.count() == 0:
        return ["the reaction is not on the page"]
    first = reaction.first
    box = first.bounding_box()
    size = first.page.viewport_size
    if box is None or size is None:
        return ["the reaction is not drawn"]
    if box["y"] + min(box["height"], 40) > size["height"] or box["y"] + box["height"] < 0:
        return [f"the reaction is out of view at y={box['y']:.0f} of {size['height']} px"]
    return []


def page_problems(page: Page, code: str, reaction: Locator | None = None) -> list[str]:
    """Everything wrong with the page as it is now, for a learner reading `code`."""
    texts = visible_text(page)
    found = [f"foreign: {text[:120]}" for text in foreign_words(texts, code)]
    found += [f"rank letter: {text[:80]}" for text in wrong_rank_letters(texts, code)]
    found += [f"too wide: {text}" for text in too_wide(page)]
    found += [f"takes no tap: {text}" for text in page.evaluate(TAPLESS)]
    english = [[], []] if code == SOURCE else [list(CHROME_WORDS), list(CHROME_STARTS)]
    found += list(dict.fromkeys(page.evaluate(CHROME, [*english, code])))
    if reaction is not None:
        found += out_of_view(reaction)
    return found
