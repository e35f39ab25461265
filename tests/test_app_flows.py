"""The app as a user drives it, with Streamlit's AppTest: pick a name, do a lesson check,
answer puzzles right and wrong, see progress, and switch players without mixing their data."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import RuleId, parse_cards, trick_winner
from klaverjas_questions import Grade
from klaverjas_trainer.app.report import fold_key
from klaverjas_trainer.app.services import _store
from klaverjas_trainer.storage import AnswerRecord, ProgressStore, make_engine
from klaverjas_trainer.texts import rule_title
from lessons import load_course
from puzzles import Puzzle

APP = str(Path(__file__).resolve().parent.parent / "trainer_app.py")
PROFILE, LEARN = (
    "klaverjas_trainer/app/pages/profile_page.py",
    "klaverjas_trainer/app/pages/learn_page.py",
)
HOME = "klaverjas_trainer/app/pages/home_page.py"
DRILL, PROGRESS = (
    "klaverjas_trainer/app/pages/drill_page.py",
    "klaverjas_trainer/app/pages/progress_page.py",
)


def stored(data_dir: Path, name: str) -> ProgressStore:
    return ProgressStore(make_engine(f"sqlite:///{data_dir / 'trainer.sqlite3'}"))


def answers_of(data_dir: Path, name: str) -> pd.DataFrame:
    """The answers `name` gave, found by name (not by a guessed id)."""
    store = stored(data_dir, name)
    return store.answers(store.learner(name).id)


def fresh_app() -> AppTest:
    app = AppTest.from_file(APP, default_timeout=60)
    app.run()
    # Each AppTest shares the server-wide cache; a new data folder needs a new store.
    _store.clear()
    return app.run()


def sign_in(app: AppTest, name: str) -> AppTest:
    app.switch_page(PROFILE).run()
    app.text_input(key="new_name").set_value(name)
    app.form_submit_button[0].click().run()
    assert not app.exception
    return app


def test_a_newcomer_is_asked_for_a_name_first(data_dir: Path) -> None:
    app = fresh_app()  # the home page
    assert not app.exception
    assert app.header[0].value == "Learn Klaverjas"
    assert app.text_input(key="new_name").label == "Your name"
    app.switch_page(LEARN).run()
    assert "Profile & settings" in app.info[0].value


def test_the_home_page_leads_a_newcomer_to_lesson_one_then_on(data_dir: Path) -> None:
    app = fresh_app()
    app.text_input(key="new_name").set_value("Anna")
    app.form_submit_button(key="start_button").click().run()
    assert app.header[0].value == "Welcome, Anna"
    home_lesson = app.button(key="home_lesson")
    assert home_lesson.label == "Start lesson 1: The table"
    home_lesson.click().run()
    assert not app.exception and app.header[0].value == "1. The table"
    store = stored(data_dir, "Anna")
    anna = store.learner("Anna")
    store.save_lesson_step(anna.id, "the-table", 2, completed=False)
    app.switch_page(HOME).run()
    assert app.button(key="home_lesson").label == "Continue lesson 1, step 3: The table"
    practise = app.button(key="home_drill")
    assert practise.label.startswith("Practise today: ")
    practise.click().run()
    assert not app.exception
    puzzle = drill_puzzle(app)  # a puzzle on the suggested rule
    assert practise.label.startswith(f"Practise today: {rule_title(puzzle.rule)} — ")
    app.switch_page(HOME).run()
    assert app.button(key="home_play").label == "Play a deal"


def test_a_bad_name_gets_a_friendly_message(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "   ")
    assert "Cannot sign in: please enter a name." in app.error[0].value


def test_a_name_with_markup_is_shown_escaped(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "<b>Eve</b>")
    shown = [m.value for m in app.markdown if "Playing as" in m.value]
    assert shown and "<b>" not in shown[0] and "&lt;b&gt;" in shown[0]


def test_open_a_lesson_answer_a_check_and_it_is_stored(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-partner-exemption").click().run()
    assert app.header[0].value == "7. Your partner is winning (Amsterdam)"
    app.pills[0].set_value(parse_cards("7♦ Q♥"))
    app.form_submit_button[0].click().run()
    assert not app.exception
    assert app.success[0].value.startswith("Right!")
    store = stored(data_dir, "Anna")
    anna = store.learner("Anna")
    frame = store.answers(anna.id)
    assert list(frame["rule"]) == ["play.partner-winning"] and frame["correct"].all()
    app.button(key="step_next").click().run()
    assert store.lesson_steps(anna.id) == {"partner-exemption": (1, False)}


def test_a_lesson_answer_is_stored_under_every_rule_that_decides_it(data_dir: Path) -> None:
    """As a puzzle's answer is: Progress counts a lesson's answer under the same rules."""
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-trumps-led").click().run()
    check = load_course().lesson("trumps-led").steps[0].check
    assert check is not None
    app.pills[0].set_value(list(check.answer.cards))
    app.form_submit_button[0].click().run()
    assert app.success[0].value.startswith("Right!")
    frame = stored(data_dir, "Anna").answers(stored(data_dir, "Anna").learner("Anna").id)
    deciding = [tag.value for tag in check.solve().tags_for(check.rule)]
    assert list(frame["tags"]) == [" ".join(deciding)] and len(deciding) == 2


def drill_puzzle(app: AppTest) -> Puzzle:
    puzzle: Puzzle = app.session_state["drill"].choice.puzzle
    return puzzle


def test_drill_a_puzzle_wrong_then_right_naming_the_rule(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_rule").set_value("play.must-overtrump").run()
    puzzle = drill_puzzle(app)
    assert puzzle.rule.value == "play.must-overtrump"
    wrong = [card for card in puzzle.content.hand if card not in puzzle.answer.cards]
    app.pills[0].set_value(wrong[:1])
    app.form_submit_button[0].click().run()
    assert app.error[0].value.startswith("Not quite.")
    assert any("Must overtrump" in m.value for m in app.markdown)
    app.button(key="next_button").click().run()
    puzzle = drill_puzzle(app)
    app.pills[0].set_value(list(puzzle.answer.cards))
    app.form_submit_button[0].click().run()
    # "Right!" and the one sentence that decides it, from this position's own facts (the
    # trump that won the trick so far); the whole why under "Why?": the legal cards, and no
    # other card of the hand
    said = app.success[0].value
    trick, trump = puzzle.content.trick, puzzle.content.trump
    winning = trick[trick_winner(trick, trump)]
    assert winning.suit is trump and said.startswith(f"Right! {winning} has trumped the trick")
    whole = next(m.value for m in app.markdown if m.value.startswith("Legal: "))
    legal_part = whole.removeprefix("Legal: ").split(".")[0].split()
    assert sorted(legal_part) == sorted(str(card) for card in puzzle.answer.cards)
    assert f"{winning} has trumped the trick" in whole
    assert "Rule: **Must overtrump**" in [m.value for m in app.markdown]
    frame = stored(data_dir, "Anna").answers(stored(data_dir, "Anna").learner("Anna").id)
    assert list(frame["correct"]) == [False, True]
    assert set(frame["rule"]) == {"play.must-overtrump"}


def test_a_drill_run_sends_what_it_shows_and_scrolls_only_to_a_new_answer(
    data_dir: Path,
) -> None:
    """Each element is a message to the browser on every run: 'Report a problem' draws its form
    only once unfolded, and the feedback is scrolled to in the run that stored the answer, not
    when the learner opens the fold below it (the answered form stays locked)."""
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    puzzle = drill_puzzle(app)
    key = f"drill-{puzzle.id}"
    assert not app.text_area and [e.label for e in app.expander][-1] == "Report a problem"

    def scripts() -> list[str]:
        return [h.proto.body for h in app.html if "scrollIntoView" in h.proto.body]

    app.pills[0].set_value(list(puzzle.answer.cards))
    app.form_submit_button[0].click().run()
    assert app.success[0].value.startswith("Right!")
    (scroll,) = scripts()  # the answer's feedback, brought into view with the form's lock
    assert ".st-key-answer-feedback" in scroll and "pointer-events: none" in scroll
    app.session_state[fold_key(key)] = True  # the learner unfolds 'Report a problem'
    app.run()
    assert app.text_area(key=f"report-note-{key}").value == ""  # its form, drawn now
    assert app.success[0].value.startswith("Right!") and not scripts()  # the page stays put
    # still locked, by a style in the puzzle's own part (not in the page's event container,
    # which outlives a fragment's run: the next puzzle's cards would take no tap)
    assert any("pointer-events: none" in m.value for m in app.markdown)
    assert not any("pointer-events: none" in h.proto.body for h in app.html)


def test_progress_shows_the_rule_and_players_are_kept_apart(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    store = stored(data_dir, "Anna")
    anna = store.learner("Anna")
    for correct in (True, False, True):
        store.record(
            anna.id,
            AnswerRecord(
                "puzzle",
                "x",
                "which-cards",
                "play.follow-suit",
                ("play.follow-suit",),
                "amsterdam",
                1,
                '{"cards":[]}',
                correct,
                1.0,
            ),
        )
    app.switch_page(PROGRESS).run()
    assert not app.exception
    table = app.table[0].value
    assert list(table["Rule"]) == ["Follow suit — not enough answers yet"]  # with its status
    assert list(table["Answers"]) == [3]
    assert app.get("download_button")
    sign_in(app, "Bert").switch_page(PROGRESS).run()
    assert "No answers yet" in app.info[0].value
    assert store.answer_count(anna.id) == 3


def test_a_weak_rule_on_progress_is_a_button_to_its_drill(data_dir: Path) -> None:
    """ "Practise this first" lists each weak rule as a button (not a bullet), and its tap
    opens the drill on a puzzle aimed at that rule (issue 34, B9)."""
    app = sign_in(fresh_app(), "Anna")
    store = stored(data_dir, "Anna")
    anna = store.learner("Anna")
    rule = "play.must-trump"
    for _ in range(6):  # wrong every time: the weakest rule
        store.record(
            anna.id,
            AnswerRecord(
                "puzzle", "x", "which-cards", rule, (rule,), "amsterdam", 1, '{"cards":[]}',
                False, 1.0,
            ),
        )  # fmt: skip
    app.switch_page(PROGRESS).run()
    assert not app.exception
    app.button(key=f"practise_rule_{rule}").click().run()
    assert not app.exception
    assert app.selectbox(key="drill_rule").value == rule
    puzzle = drill_puzzle(app)
    assert puzzle.rule.value == rule


def test_a_database_that_fails_mid_session_gives_a_clear_message(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    (data_dir / "trainer.sqlite3").unlink()  # the file vanishes under the running app
    for suffix in ("-wal", "-shm"):
        (data_dir / f"trainer.sqlite3{suffix}").unlink(missing_ok=True)
    (data_dir / "trainer.sqlite3").mkdir()  # and a folder now stands in its place
    _store.clear()
    app.switch_page(PROGRESS).run()
    assert not app.exception
    assert "Your progress cannot be saved right now" in app.error[0].value


def test_a_wrong_lesson_answer_names_the_mistake_then_try_again_or_see_the_answer(
    data_dir: Path,
) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-void-trumping").click().run()
    app.pills[0].set_value(parse_cards("7♦"))
    app.form_submit_button[0].click().run()
    assert not app.exception
    assert app.error[0].value == "Not quite."  # the answer is not given away yet
    said = "\n".join(m.value for m in app.markdown)
    (hints,) = [m.value for m in app.markdown if m.value.startswith("What was wrong:")]
    assert hints == (
        "What was wrong:\n- You chose 7♦, which is not allowed here. "
        "2 allowed cards are missing from your choice. "
        "You hold no ♣ and an opponent is winning with A♣: you must play a trump."
        "\n\nRule: **Must trump**"
    )  # why at once, but the allowed cards are not named yet; the rule in the same element
    assert "Rule: **Must trump**" in said
    (marks,) = [m.value for m in app.markdown if "nth-of-type" in m.value and "::after" in m.value]
    hand = load_course().lesson("void-trumping").steps[0].table.hand  # type: ignore[union-attr]
    place = hand.index(parse_cards("7♦")[0]) + 1
    assert marks.count("::after") == 1  # only 7♦ says what it was: the rest would tell
    assert f':nth-of-type({place})::after {{ content: "✗ not allowed, chosen"; }}' in marks
    app.run()
    assert app.pills[0].disabled  # the stored reply cannot be changed
    app.button(key="check-void-trumping-0-again").click().run()  # try again
    assert not app.error
    app.pills[0].set_value(parse_cards("7♥ Q♥"))
    app.form_submit_button[0].click().run()
    assert app.success[0].value.startswith("Right!")
    anna = stored(data_dir, "Anna")
    assert list(anna.answers(anna.learner("Anna").id)["correct"]) == [False, True]


def test_a_wrong_lesson_answer_can_show_the_answer_and_the_reason(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-void-trumping").click().run()
    app.pills[0].set_value(parse_cards("7♦"))
    app.form_submit_button[0].click().run()
    app.button(key="check-void-trumping-0-show").click().run()
    assert app.error[0].value == "Not quite. The answer: 7♥ Q♥"
    said = "\n".join(m.value for m in app.markdown)
    assert "you must play a trump, 7♥ Q♥" in said
    assert "You left out 7♥ Q♥, which are allowed." in said  # now the mistakes in full
    app.run()  # the feedback stays on the next rerun
    assert app.error[0].value == "Not quite. The answer: 7♥ Q♥"


def fill_in(app: AppTest, puzzle: Puzzle, right: bool) -> None:
    """Set the reply widgets to the core's answer (`right`) or to a wrong reply."""
    key, answer, content = f"reply-{puzzle.id}", puzzle.answer, puzzle.content
    if puzzle.kind == "card-legal":
        app.segmented_control(key=key).set_value(answer.legal is right)
    elif puzzle.kind == "amsterdam-or-rotterdam":
        app.pills(key=f"{key}-amsterdam").set_value(list(answer.amsterdam))
        app.pills(key=f"{key}-rotterdam").set_value(
            list(answer.rotterdam if right else answer.amsterdam)
        )
    elif puzzle.kind == "count-trick":
        other = next(card for card in content.trick if card != answer.winner)
        app.pills(key=f"{key}-winner").set_value(answer.winner if right else other)
        for part in ("points", "roem"):
            if part in content.ask:
                app.number_input(key=f"{key}-{part}").set_value(getattr(answer, part))
    elif puzzle.kind == "is-nat":
        app.segmented_control(key=f"{key}-nat").set_value(answer.nat is right)
        app.number_input(key=f"{key}-0").set_value(answer.points[0])
        app.number_input(key=f"{key}-1").set_value(answer.points[1])
    elif puzzle.kind == "who-revoked":
        app.selectbox(key=f"{key}-card").set_value(answer.card)
        rule = answer.rule if right else RuleId.PLAY_LEAD_ANY
        app.selectbox(key=f"{key}-rule").set_value(rule)


@pytest.mark.parametrize(
    ("kind", "rule", "words"),
    [
        ("is-nat", "score.nat", "nat: Yes"),
        ("is-nat", "score.revoke", "revoked in trick"),  # the sentence above its trick table
        ("count-trick", "roem.stuk", "Stuk"),
        ("amsterdam-or-rotterdam", "play.partner-winning", "Under Rotterdam rules: You chose"),
        ("who-revoked", "play.follow-suit", "broke the rule Follow suit"),
        ("card-legal", "play.must-trump", "Must trump"),
    ],
)
def test_every_puzzle_kind_can_be_answered_in_the_app(
    data_dir: Path, kind: str, rule: str, words: str
) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_kind").set_value(kind).run()
    app.selectbox(key="drill_rule").set_value(rule).run()  # a new puzzle at once
    assert not app.exception
    puzzle = drill_puzzle(app)
    assert puzzle.kind == kind and puzzle.rule.value == rule
    app.form_submit_button[0].click().run()  # nothing chosen yet: not graded
    assert app.warning[0].value.startswith("Still to answer:\n- ")  # each empty part named
    assert stored(data_dir, "Anna").answer_count() == 0
    shown_rules = any("Amsterdam rules" in c.value for c in app.caption)
    assert shown_rules is (kind != "amsterdam-or-rotterdam")  # that one asks under both
    fill_in(app, puzzle, right=False)
    app.form_submit_button[0].click().run()
    assert not app.exception
    assert app.error and app.error[0].value.startswith("Not quite. The answer:")
    shown = [app.error[0].value, *(m.value for m in app.markdown)]
    assert any(words in text for text in shown), shown
    frame = stored(data_dir, "Anna").answers(stored(data_dir, "Anna").learner("Anna").id)
    assert list(frame["kind"]) == [kind] and not frame["correct"].any()
    app.button(key="next_button").click().run()
    fill_in(app, drill_puzzle(app), right=True)
    app.form_submit_button[0].click().run()
    assert app.success and app.success[0].value.startswith("Right!")


@pytest.mark.security
def test_a_stranger_sees_no_names_unless_the_install_lists_them(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored(data_dir, "Anna").learner("Anna")
    app = fresh_app()
    app.switch_page(PROFILE).run()
    assert not [box for box in app.selectbox if box.key == "pick_name"]
    monkeypatch.setenv("KLAVERJAS_LIST_PROFILES", "1")  # one household's own install
    app.run()
    assert app.selectbox(key="pick_name").options == ["", "Anna"]


@pytest.mark.security
def test_a_learner_guards_their_name_with_a_pin(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.text_input(key="add_pin").set_value("7391")
    app.form_submit_button(key="add_pin_button").click().run()
    assert app.success[0].value.startswith("Your PIN is set")
    stranger = fresh_app()
    stranger.switch_page(PROFILE).run()
    stranger.text_input(key="new_name").set_value("Anna")
    stranger.form_submit_button(key="start_button").click().run()
    assert "PIN does not match" in stranger.error[0].value
    stranger.text_input(key="own_pin").set_value("7391")
    stranger.form_submit_button(key="start_button").click().run()
    assert not stranger.error and any("Anna" in m.value for m in stranger.markdown)


def test_the_best_streak_is_kept_with_the_profile(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    app.radio(key="drill_mode").set_value("streak").run()
    puzzle = drill_puzzle(app)
    answer = puzzle.answer
    if hasattr(answer, "cards"):
        app.pills[0].set_value(list(answer.cards))
    else:
        app.segmented_control[0].set_value(answer.legal)
    app.form_submit_button[0].click().run()
    assert not app.exception and app.success
    anna = stored(data_dir, "Anna")
    assert anna.learner("Anna").settings["best_streak"] == 1
    again = sign_in(fresh_app(), "Anna")  # another day: the best is still there
    again.switch_page(DRILL).run()
    again.radio(key="drill_mode").set_value("streak").run()
    assert [m.value for m in again.metric] == ["0", "1"]


def test_a_finished_lesson_shows_its_score_and_leads_to_the_next(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-rotterdam").click().run()
    lesson = load_course().lesson("rotterdam")
    checks = [i for i, step in enumerate(lesson.steps) if step.check is not None]
    state = app.session_state["lesson"]
    state.step = len(lesson.steps) - 1
    for number, index in enumerate(checks):  # as if answered: the first one wrong at first
        state.grades[index] = Grade(True)
        state.first_try[index] = number > 0
    app.run()
    app.button(key="step_next").click().run()
    assert not app.exception
    right = len(checks) - 1
    assert app.success[0].value == (
        f"Lesson completed: {right} of {len(checks)} checks right at the first try."
    )
    following = load_course().lessons[lesson.number]  # lessons are numbered from 1
    app.button(key="next_lesson").click().run()
    assert app.header[0].value == f"{following.number}. {following.title}"
    anna = stored(data_dir, "Anna")
    assert anna.lesson_steps(anna.learner("Anna").id)["rotterdam"][1]  # completed


def test_card_order_is_asked_place_by_place_not_by_click_order(data_dir: Path) -> None:
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(LEARN).run()
    app.button(key="open-card-order-and-points").click().run()
    places = [box for box in app.selectbox if box.label.startswith("Place ")]
    assert [box.label for box in places] == ["Place 1", "Place 2", "Place 3", "Place 4"]
    nine = parse_cards("9♥")[0]
    for box, card in zip(places, [*parse_cards("J♥ 9♥"), nine, *parse_cards("10♥")], strict=True):
        box.set_value(card)
    app.form_submit_button[0].click().run()
    assert app.warning and not app.success  # a card in two places is not an answer yet
    places = [box for box in app.selectbox if box.label.startswith("Place ")]
    places[2].set_value(parse_cards("A♥")[0])
    app.form_submit_button[0].click().run()
    assert not app.exception and app.success[0].value.startswith("Right!")


def test_a_who_revoked_puzzle_does_not_name_its_rule_before_the_answer(data_dir: Path) -> None:
    """The broken rule is half of the answer: the "Suggested: <rule>" line would give it."""
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_kind").set_value("which-cards").run()
    assert any(m.value.startswith("Suggested: **") for m in app.markdown)  # other kinds: named
    app.selectbox(key="drill_kind").set_value("who-revoked").run()
    puzzle = drill_puzzle(app)
    assert puzzle.kind == "who-revoked"
    said = [m.value for m in app.markdown]
    assert not any(m.startswith("Suggested: ") for m in said)
    assert not any(rule_title(puzzle.rule) in m for m in said)


def test_the_card_that_takes_the_trick_is_ringed_once_answered(data_dir: Path) -> None:
    """Before the answer, which card wins is the question; after it, the table shows it."""
    app = sign_in(fresh_app(), "Anna")
    app.switch_page(DRILL).run()
    app.selectbox(key="drill_kind").set_value("count-trick").run()
    app.selectbox(key="drill_rule").set_value("trick.trump-wins").run()
    puzzle = drill_puzzle(app)
    assert puzzle.content.leader is not None
    ring = ' kj-win">'  # the class on a card's place (the style sheet names it too)
    assert not any(ring in m.value for m in app.markdown)
    fill_in(app, puzzle, right=False)
    app.form_submit_button[0].click().run()
    assert not app.exception
    (table,) = [m.value for m in app.markdown if ring in m.value]
    ringed = table.split(ring, 1)[1].split("</div>", 1)[0]
    assert f'aria-label="{puzzle.answer.winner}"' in ringed  # the winner, not the one chosen
    assert table.count(ring) == 1
