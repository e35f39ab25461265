"""The teacher's dashboard with a big group: 40 learners × 2,000 answers (80,000 rows).

Measures loading the group's answers and computing every dashboard table with pandas, and the
whole teacher page run through AppTest (server time, no browser). Run:
``python benchmarks/bench_dashboard.py`` (``--learners``/``--answers`` to change the size).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from klaverjas_trainer.storage import ProgressStore, make_engine  # noqa: E402
from klaverjas_trainer.storage.club import ClubStore  # noqa: E402
from klaverjas_trainer.storage.club_stats import answer_spread, completion, heatmap, weakest_rules  # noqa: E402
from klaverjas_trainer.storage.schema import answers  # noqa: E402
from puzzles import PRACTISABLE  # noqa: E402

PASSWORD = "dashboard-bench"


#: Canonical replies, as the app stores them.
REPLIES = ('{"cards":["Q♥"]}', '{"cards":["7♦","8♠"]}')


def fill(club: ClubStore, learners: int, per_learner: int) -> int:
    group = club.create_group("Big club", "amsterdam")
    shared = club.assign(group.id, kind="which-cards", rule="play.no-undertrump", count=10, seed=1)
    club.assign(group.id, lesson_id="roem")
    rules = sorted(rule.value for rule in PRACTISABLE)
    rng = random.Random(7)
    start = datetime(2026, 9, 1, tzinfo=UTC)
    for number in range(learners):
        learner = club.join(group.code, f"Learner {number:02d}")
        rows = [
            {
                "learner_id": learner.id, "answered_at": start + timedelta(minutes=n),
                "source": "puzzle", "item_id": f"p{n % 10}", "kind": "which-cards",
                "rule": rng.choice(rules), "tags": "", "rules": "amsterdam", "level": 1,
                "seed": n, "assignment_id": shared.id if n < 10 else None,
                "given": rng.choice(REPLIES), "correct": rng.random() < 0.7,
                "seconds": 3.0,
            }
            for n in range(per_learner)
        ]  # fmt: skip
        with club.engine.begin() as connection:
            connection.execute(answers.insert(), rows)
    return group.id


def timed(work: object, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--answers", type=int, default=2000)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="kj-dashboard-"))
    club = ClubStore(ProgressStore(make_engine(f"sqlite:///{data / 'trainer.sqlite3'}")))
    group_id = fill(club, args.learners, args.answers)
    totals = club.rule_totals(group_id)
    assigned = club.assignment_answers(group_id)
    members = [m.name for m in club.members(group_id)]
    work = club.assignments(group_id)
    print(f"{club.store.answer_count():,} answers from {len(members)} learners")
    figures = {
        "per-rule totals (database)": timed(lambda: club.rule_totals(group_id)),
        "puzzle-set answers (database)": timed(lambda: club.assignment_answers(group_id)),
        "heat-map": timed(lambda: heatmap(totals)),
        "weakest rules": timed(lambda: weakest_rules(totals)),
        "completion": timed(
            lambda: completion(assigned, club.lessons_completed(group_id), members, work)
        ),
        "answers per puzzle": timed(lambda: answer_spread(assigned, work[0].id)),
        "CSV export (built only when clicked)": timed(lambda: club.group_answers(group_id), 1),
    }
    for name, seconds in figures.items():
        print(f"{name}: {seconds * 1000:.0f} ms")

    os.environ.update(KLAVERJAS_DATA_DIR=str(data), KLAVERJAS_TEACHER_PASSWORD=PASSWORD)
    os.environ.pop("KLAVERJAS_DATABASE_URL", None)
    app = AppTest.from_file(str(ROOT / "trainer_app.py"), default_timeout=120).run()
    app.switch_page("klaverjas_trainer/app/pages/teacher_page.py").run()
    app.text_input(key="teacher_password").set_value(PASSWORD)
    app.form_submit_button(key="teacher_sign_in").click().run()
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        app.run()
        runs.append(time.perf_counter() - start)
    assert not app.exception, app.exception
    print(f"teacher page (dashboard), whole run: median {statistics.median(runs) * 1000:.0f} ms, "
          f"max {max(runs) * 1000:.0f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
