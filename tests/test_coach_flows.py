"""The coach as the learner meets it (Streamlit's AppTest): the wrong rule said with the
answer that shows it and its practice, and the Progress page's list. The teacher's table is
tested with the club's flows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from klaverjas_core import AMSTERDAM
from klaverjas_questions.misconceptions import BY_NAME, believed_answer, discriminates
from klaverjas_trainer.app import answering
from klaverjas_trainer.storage import ProgressStore
from klaverjas_trainer.storage.findings import Findings
from puzzles import Puzzle
from puzzles.discriminating import discriminating_puzzle

from .test_app_flows import DRILL, PROGRESS, drill_puzzle, fresh_app, sign_in, stored
from .test_coach import nat_puzzles, own_total_when_nat

OVERTRUMP = BY_NAME["always-overtrump"]
SENTENCE = (
    "You play as if you must always trump and overtrump, even when your partner is winning "
    "the trick."
)


def believer(puzzle: Puzzle) -> Any:
    reply = believed_answer(puzzle.kind, puzzle.content, puzzle.rules, OVERTRUMP.flag)
    assert reply is not None
    return reply


def answers_as_a_believer(store: ProgressStore, learner_id: int, count: int = 6) -> None:
    """`count` answers of someone who always overtrumps, stored as the drill stores them."""
    for seed in range(count):
        puzzle = discriminating_puzzle(OVERTRUMP, AMSTERDAM, seed=seed, kinds={"which-cards"})
        graded = answering.grade(answering.puzzle_asked(puzzle), believer(puzzle))
        store.record(learner_id, graded.answer(seconds=5))


def test_the_coach_says_the_wrong_rule_with_this_answer_and_starts_its_practice(
    data_dir: Path,
) -> None:
    app = sign_in(fresh_app(), "Anna")
    store = stored(data_dir, "Anna")
    answers_as_a_believer(store, store.learner("Anna").id)
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_rule").set_value("play.partner-winning").run()
    for _ in range(20):  # the drill's own puzzles, until one shows the wrong rule
        puzzle = drill_puzzle(app)
        if discriminates(OVERTRUMP, puzzle.kind, puzzle.content, AMSTERDAM):
            break
        app.pills[0].set_value(list(puzzle.answer.cards))
        app.form_submit_button[0].click().run()
        app.button(key="next_button").click().run()
    else:
        raise AssertionError("twenty puzzles and none tells the wrong rule from the rule")
    app.pills[0].set_value(list(believer(puzzle).cards))
    app.form_submit_button[0].click().run()
    assert not app.exception
    said = [m.value for m in app.markdown]
    assert f"**The trainer sees a wrong rule in your answers.** {SENTENCE}" in said
    believed = " ".join(str(card) for card in sorted(believer(puzzle).cards))
    (line,) = [m for m in said if m.startswith("By that rule you would answer here: ")]
    assert sorted(line.removesuffix(".").split(": ")[1].split()) == believed.split()
    app.button(key="coach_practise").click().run()
    assert not app.exception
    assert "Practice against a wrong rule: puzzle 1 of 5." in [m.value for m in app.markdown]
    assert discriminates(OVERTRUMP, drill_puzzle(app).kind, drill_puzzle(app).content, AMSTERDAM)


def test_progress_lists_the_wrong_rules_and_starts_a_practice(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    store = stored(data_dir, "Anna")
    anna = store.learner("Anna").id
    answers_as_a_believer(store, anna, count=1)
    app.switch_page(PROGRESS).run()
    assert "The trainer sees no wrong rule in your answers." in [m.value for m in app.markdown]
    Findings(store).keep(anna, AMSTERDAM.name, ["always-overtrump", "ten-below-king"])
    Findings(store).keep(anna, AMSTERDAM.name, ["always-overtrump"])  # the 10: gone
    app.switch_page(PROGRESS).run()
    assert not app.exception
    said = [m.value for m in app.markdown]
    assert f"**Always overtrumping, even over the partner** · {SENTENCE}" in said
    assert [c.value for c in app.caption][-1] == "No longer seen: The 10 below the king."
    app.button(key="practise_always-overtrump").click().run()
    assert not app.exception
    assert "Practice against a wrong rule: puzzle 1 of 5." in [m.value for m in app.markdown]


def test_a_mistake_that_keeps_coming_back_is_counted_plainly(data_dir: Path) -> None:
    # Twice stored, once in the drill: the pair that is not nat writes its own total, a wrong
    # rule the catalogue does not hold. The third time the coach says the count plainly.
    app = sign_in(fresh_app(), "Anna")
    store = stored(data_dir, "Anna")
    for puzzle in nat_puzzles(2):
        graded = answering.grade(answering.puzzle_asked(puzzle), own_total_when_nat(puzzle))
        store.record(store.learner("Anna").id, graded.answer(seconds=5))
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_kind").set_value("is-nat").run()
    app.selectbox(key="drill_rule").set_value("score.nat").run()
    for _ in range(10):  # the drill's nat puzzles, until one the pattern answers wrong
        puzzle = drill_puzzle(app)
        reply = own_total_when_nat(puzzle)
        if puzzle.answer.nat and reply != puzzle.answer:
            break
        app.selectbox(key="drill_rule").set_value("score.made").run()
        app.selectbox(key="drill_rule").set_value("score.nat").run()  # another nat puzzle
    else:
        raise AssertionError("ten nat puzzles and none the pattern answers wrong")
    key = f"reply-{puzzle.id}"
    app.segmented_control(key=f"{key}-nat").set_value(True)
    app.number_input(key=f"{key}-0").set_value(reply.points[0])
    app.number_input(key=f"{key}-1").set_value(reply.points[1])
    app.form_submit_button[0].click().run()
    assert not app.exception
    said = [m.value for m in app.markdown]
    (plain,) = [m for m in said if m.startswith("**This mistake keeps coming back")]
    score = puzzle.content.score(AMSTERDAM)
    mine = reply.points[score.defenders]
    assert f"You wrote {mine} for " in plain
    assert f"{score.points[score.defenders] - mine} fewer than the rules give" in plain
    assert plain.endswith(f"{score.points[score.defenders]}.")
