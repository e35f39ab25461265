"""Home: where a newcomer begins and a learner picks up again. Signed out: what the trainer
is, and a name to start with (or "Continue as ..."). Signed in: the next lesson, today's
suggestion to practise, the deal at the table, and a club learner's assignments."""

from __future__ import annotations

from typing import Literal

import streamlit as st

from klaverjas_trainer.app.assignments import show_assignments
from klaverjas_trainer.app.board import larger_text
from klaverjas_trainer.app.drill import drill_rule
from klaverjas_trainer.app.markup import md_escape
from klaverjas_trainer.app.services import club, course, offer_continue, profile, store
from klaverjas_trainer.app.state import DrillState, LessonState, session_object
from klaverjas_trainer.app.welcome import name_form
from klaverjas_trainer.storage import DamagedRowError
from klaverjas_trainer.storage.schedule import plan
from klaverjas_trainer.storage.store import utc_now
from klaverjas_trainer.texts import rule_set_words, rule_title, t
from puzzles import PUZZLE_KINDS, targets

LEARN, DRILL, PLAY, PROFILE = (
    "klaverjas_trainer/app/pages/learn_page.py",
    "klaverjas_trainer/app/pages/drill_page.py",
    "klaverjas_trainer/app/pages/play_page.py",
    "klaverjas_trainer/app/pages/profile_page.py",
)

current = profile()
larger_text()
learner = current.learner
if learner is None:
    st.header(t("home-welcome"))
    st.markdown(t("home-intro"))
    offer_continue()
    st.subheader(t("home-start"))
    name_form()
    # The sentence as text (a link's label is cut off at a phone's width), the link after it.
    st.markdown(t("home-join"))
    st.page_link(PROFILE, label=t("nav-settings"), icon=":material/groups:")
    st.stop()

progress_store = store()
st.header(t("home-hello", name=md_escape(learner.name)))
the_course = course()
saved = progress_store.lesson_steps(learner.id)

# A club learner's assignments come first: what the teacher set is what the evening is for.
pending = 0
if current.group is not None:
    group = current.group
    st.markdown(t("in-group", group=md_escape(group.name), rules=rule_set_words(group.rules)))
    pending = show_assignments(club(), learner, group.id, the_course, lead=True)
    st.subheader(t("home-own-way"))

# The next lesson: the first one not completed, where the learner left it.
following = next(
    (item for item in the_course.lessons if not saved.get(item.id, (0, False))[1]), None
)
if following is None:
    st.success(t("home-all-lessons"), icon=":material/school:")
else:
    step = min(saved.get(following.id, (0, False))[0], len(following.steps) - 1)
    label = (
        t("home-continue-lesson", number=following.number, step=step + 1, title=following.title)
        if following.id in saved
        else t("home-start-lesson", number=following.number, title=following.title)
    )
    # The teacher's work is the first button; the lesson then is not the one to tap first.
    lead: Literal["primary", "secondary"] = "secondary" if pending else "primary"
    if st.button(label, type=lead, key="home_lesson", icon=":material/school:"):
        session_object("lesson", LessonState).open(following.id, step)
        st.switch_page(LEARN)

# Today's suggestion: what the schedule puts first among the rules this rule set drills.
answers = progress_store.answers(learner.id)
kinds = {
    rule.value: kind for kind in reversed(PUZZLE_KINDS) for rule in targets(kind, current.ruleset)
}
suggestion = plan(answers, sorted(kinds), utc_now())[:1]
if suggestion:
    rule = suggestion[0].rule
    why = t(f"reason-{suggestion[0].reason.value}")
    label = t("home-practise", rule=rule_title(rule), why=why)
    if st.button(label, key="home_drill", icon=":material/target:"):
        drill_rule(session_object("drill", DrillState), rule, current.ruleset)
        st.switch_page(DRILL)

try:
    game = progress_store.load_game(learner.id)
except DamagedRowError:
    game = None  # the Play page puts it away and says so
words = t("home-continue-deal") if game is not None else t("home-play")
if st.button(words, key="home_play", icon=":material/playing_cards:"):
    st.switch_page(PLAY)
