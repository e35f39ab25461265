"""Walking the app in Debian's chromium as a person does, for every browser test: a `Walk` is
one person's page with their language, and it waits for what that person would see, never for
the clock.

A tap that asks the server for a script run waits for that run's own end: the page's websocket
shows the request going out (Streamlit's ``rerun_script``) and, after it, the run's
``script_finished`` coming back (a run that `st.rerun()` restarts finishes once more). The page
has then drawn every frame of it and shows itself idle. Only then does the walk read the page,
fill in a form or tap again, so a run that starts late cannot redraw a form under its fingers.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from playwright.sync_api import Locator, Page, ViewportSize, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from klaverjas_trainer.app.page_scripts import PHONE_WIDTH
from klaverjas_trainer.texts import language, t

from .accessibility import blocking_findings
from .page_checks import page_problems

ROOT: Final = Path(__file__).resolve().parent.parent
ARTIFACTS: Final = ROOT / "artifacts"
CHROMIUM: Final = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS: Final = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip
VIEWPORTS: Final[dict[str, ViewportSize]] = {
    "phone": {"width": 390, "height": 844},
    "desktop": {"width": 1280, "height": 900},
}
LOCALES: Final = {"nl": "nl-NL", "uk": "uk-UA", "ru": "ru-RU", "en": "en-GB"}


def device_options(name: str) -> dict[str, Any]:
    """A browser context's options for a device of `VIEWPORTS`: a phone is a touch screen
    (where the app shows no key hints)."""
    return {"viewport": VIEWPORTS[name], "has_touch": name == "phone"}


#: The feedback on an answer, right or wrong (only an error is an ARIA alert).
FEEDBACK: Final = "[data-testid='stAlert']"
#: The app as Streamlit marks it when no script run is going on.
IDLE: Final = "[data-testid='stApp'][data-test-script-state='notRunning']"
#: How long a walk waits for what it expects (ms): a run under CI's load, never a pause.
WAIT: Final = 60_000
#: A run's end that ends it: not one cut short by `st.rerun()` or a newer request.
FINAL: Final = frozenset({
    ForwardMsg.FINISHED_SUCCESSFULLY,
    ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
    ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
})  # fmt: skip

#: Counts the websocket frames the app has handled (a task after its own handler): Python then
#: knows when the page has drawn every frame it saw arrive.
COUNT_FRAMES: Final = """(() => {
  const Native = window.WebSocket;
  window.__kjFrames = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => setTimeout(() => { window.__kjFrames += 1; }, 0));
    }
  };
})();"""
#: The page has drawn the `n` frames it received, shows itself idle, and its own scripts have
#: nothing more to move (`window.kjMoving`: a scroll or a focus due after drawing) and have
#: named Streamlit's controls in the page's language (`window.kjChrome`: the frame's script,
#: whose element may still be loading on a first visit); checked on two animation frames
#: running, so a scroll just made has been laid out.
DRAWN: Final = """n => {
  const now = window.__kjFrames >= n && !(window.kjMoving > 0) && window.kjChrome === true
    && document.querySelector(IDLE) !== null;
  const before = window.__kjDrawn === n;
  window.__kjDrawn = now ? n : -1;
  return now && before;
}""".replace("IDLE", json.dumps(IDLE))


expect.set_options(timeout=WAIT)  # what a walk expects comes after a run: under CI's load


@dataclass
class Runs:
    """The script runs of one page, as its websocket shows them: each event gets a number, so
    "a request after this tap" and "a final end after that request" can be told apart."""

    events: int = 0
    requested: int = 0  # the number of the last run request sent
    finished: int = 0  # the number of the last final end received
    frames: int = 0  # frames received on the page's current socket
    socket: WebSocket | None = None

    def watch(self, page: Page) -> None:
        page.add_init_script(COUNT_FRAMES)
        page.on("websocket", self._open)

    def _open(self, socket: WebSocket) -> None:
        self.socket, self.frames = socket, 0
        socket.on("framesent", self._sent)
        socket.on("framereceived", self._received)

    def _sent(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes) and BackMsg.FromString(payload).HasField("rerun_script"):
            self.events += 1
            self.requested = self.events

    def _received(self, payload: bytes | str) -> None:
        self.frames += 1
        if not isinstance(payload, bytes):
            return
        message = ForwardMsg.FromString(payload)
        if message.WhichOneof("type") == "script_finished" and message.script_finished in FINAL:
            self.events += 1
            self.finished = self.events

    @property
    def settled(self) -> bool:
        """Every run asked for has finished (or none was asked for yet)."""
        return self.finished > self.requested or self.requested == 0


@dataclass
class Walk:
    """One person's browser page at the trainer: their language, who they are in the walk, and
    the problems their screens showed (said together at the end of the test)."""

    page: Page
    code: str = "en"
    who: str = "learner"
    data: Path | None = None
    name: str = ""
    problems: list[str] = field(default_factory=list)
    every_screen: bool = False  # a screenshot after every check, not only of problems
    runs: Runs = field(default_factory=Runs)

    def __post_init__(self) -> None:
        self.runs.watch(self.page)
        self.page.set_default_timeout(WAIT)

    @property
    def phone(self) -> bool:
        """A screen where the page list lies over the page, folded away until opened."""
        size = self.page.viewport_size
        return size is not None and size["width"] < PHONE_WIDTH

    def words(self, key: str, **fields: object) -> str:
        with language(self.code):
            return t(key, **fields)

    # --- waiting for runs -------------------------------------------------------------------

    def _until(self, done: Callable[[], bool], what: str) -> None:
        """Let the page's events in until `done` holds: each frame the server sends is looked
        at as it arrives (a tap's request, then its run's end)."""
        deadline = time.monotonic() + WAIT / 1000
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                shot = self.screenshot("stuck", full_page=True)  # what the person saw then
                raise AssertionError(f"waited {WAIT // 1000} s for {what}; the page: {shot}")
            socket = self.runs.socket
            try:
                if socket is None or socket.is_closed():
                    self.page.wait_for_event("websocket", timeout=left * 1000)
                else:  # a frame, or a second without one: the socket may have been replaced
                    socket.wait_for_event("framereceived", timeout=min(left, 1.0) * 1000)
            except PlaywrightTimeout:
                continue

    def idle(self) -> None:
        """Every run the page asked for has ended and the page has drawn it."""
        self._until(lambda: self.runs.settled, "the script run to end")
        self.page.wait_for_function(DRAWN, arg=self.runs.frames, timeout=WAIT)

    def after(self, action: Callable[[], object]) -> None:
        """Do `action` (a tap, a key) that asks for a script run, and wait for that run's end."""
        asked = self.runs.requested
        action()
        self._until(lambda: self.runs.requested > asked, "the tap's run to be asked for")
        self.idle()

    def click(self, target: Locator | str) -> None:
        """Tap a button (a locator or a CSS selector, its first visible match) and wait for
        the run it starts."""
        locator = self.page.locator(target) if isinstance(target, str) else target
        # visible: a horizontal row keeps a hidden 0x0 copy of each button before it
        self.after(locator.filter(visible=True).first.click)

    def open(self, url: str) -> None:
        """Go to `url`: a new session, its first run ended and drawn."""
        self.after(lambda: self.page.goto(url))

    def reload(self) -> None:
        self.after(self.page.reload)

    def cookie_kept(self, name: str) -> None:
        """The browser holds the cookie `name` (a sign-in: a script of the run writes it once
        the page is drawn), so a reload now brings it to the server."""
        self.page.wait_for_function(
            "name => document.cookie.split('; ').some(c => c.startsWith(name + '='))",
            arg=name,
            timeout=WAIT,
        )

    # --- what the person sees ---------------------------------------------------------------

    def visible(self, selector: str) -> bool:
        return self.page.locator(selector).first.is_visible()

    @staticmethod
    def scrolled_to(reaction: Locator) -> None:
        """Wait while the app brings the reaction into view (a script scrolls once it is drawn);
        whether it got there is for `page_problems` to say."""
        expect(reaction.first).to_be_attached(timeout=WAIT)
        with contextlib.suppress(AssertionError):  # never in view: `page_problems` says where
            expect(reaction.first).to_be_in_viewport(timeout=5_000)

    def page_problems(self, reaction: Locator | None) -> list[str]:
        """What is wrong with the page now (`page_checks`); a walk may look at more."""
        return page_problems(self.page, self.code, reaction)

    def check(
        self,
        step: str,
        reaction: Locator | None = None,
        *,
        always: bool = False,
        accessible: bool = False,
    ) -> None:
        """The page after `step`, as the person sees it; with `accessible`, axe-core's serious
        and critical findings too. A screenshot when it has problems, or `always`."""
        self.idle()
        if reaction is not None:
            self.scrolled_to(reaction)
        found = self.page_problems(reaction)
        if accessible:
            found += blocking_findings(self.page)
        if found or always or self.every_screen:
            self.screenshot(step)
            self.problems += [f"{self.who} {step}: {problem}" for problem in found]

    def screenshot(self, step: str, *, full_page: bool = False) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / f"{self.who}-{self.code}-{step}.png"
        self.page.screenshot(path=str(shot), full_page=full_page)
        return shot

    def go_to(self, title_key: str) -> None:
        """A page from the page list, by its title in the person's language; on a phone the
        list is opened first."""
        if self.phone:
            self.page.locator("[data-testid='stExpandSidebarButton']").click()
        nav = self.page.locator("[data-testid='stSidebarNav']")
        self.click(nav.get_by_role("link", name=self.words(title_key), exact=True))

    def unfold(self, title_key: str) -> Locator:
        """Open the folded part (an expander) titled `title_key` in the person's language,
        unless it is open; its body, once seen."""
        expander = self.page.locator("[data-testid='stExpander']").filter(
            has=self.page.locator("summary", has_text=self.words(title_key))
        )
        body = expander.locator("[data-testid='stExpanderDetails']")
        if not body.is_visible():
            expander.locator("summary").click()
            expect(body).to_be_visible()
            self.still(expander)  # opening: a tap in it lands where it is seen once still
        return body

    @staticmethod
    def still(part: Locator) -> None:
        """Wait until `part` has stopped moving: every animation and transition in it (a
        folded part opening) has finished, so a tap lands where the person sees the target."""
        part.first.evaluate(
            """el => Promise.all(el.getAnimations({subtree: true})
              .filter(a => a.effect?.getTiming().iterations !== Infinity)  // not a spinner
              .map(a => a.finished.catch(() => null)))"""
        )

    def pick(self, label: Locator, chosen: Locator | None = None) -> None:
        """Tap `label` (a radio choice's label, or a segmented button: `chosen` is then what
        shows it chosen) until it is seen chosen: a tap while the box around it still unfolds
        can miss."""
        radio = label.locator("input") if chosen is None else chosen
        for _ in range(3):
            label.click()
            try:
                expect(radio).to_be_checked(timeout=5_000)
                return
            except AssertionError:
                continue
        expect(radio).to_be_checked()

    def chosen(self, box: str) -> str:
        """The option the select box `box` shows as chosen."""
        return self.page.locator(box).get_by_role("combobox").input_value()

    def choose(
        self, box: str, option: str | None, *, avoid: str | None = None, runs: bool = True
    ) -> None:
        """An option of the select box `box`, typed as a person would (None: the first one
        that is not `avoid`), and the run it starts (none in a form: `runs=False`; none when
        the option is chosen already: choose another)."""
        if runs:
            self.after(lambda: self.choose(box, option, avoid=avoid, runs=False))
            return
        for _ in range(3):  # a list that closes under the finger (a busy page) is opened again
            try:
                self._pick_option(box, option, avoid)
                return
            except (AssertionError, PlaywrightTimeout):
                self.page.keyboard.press("Escape")
        self._pick_option(box, option, avoid)

    def _pick_option(self, box: str, option: str | None, avoid: str | None) -> None:
        combobox = self.page.locator(box).get_by_role("combobox")
        combobox.click()  # a tap opens the list (typing alone does not, in a box without focus)
        if option is not None:  # typed: it filters the list (a long one shows a part)
            combobox.fill(option)
        else:  # a key opens it where the tap did not (it only moves the highlight in an open one)
            combobox.press("ArrowDown")
        options = self.page.get_by_role("option")
        if option is not None:
            options = self.page.get_by_role("option", name=option, exact=True)
        expect(options.first).to_be_visible(timeout=10_000)
        if option is None:
            texts = [text.strip() for text in options.all_inner_texts()]
            options = options.nth(next(n for n, text in enumerate(texts) if text != avoid))
        options.first.click(timeout=10_000)
