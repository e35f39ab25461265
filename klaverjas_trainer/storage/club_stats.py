"""The teacher's dashboard, computed with pandas from a group's per-rule totals and the
answers to its puzzle sets (both read by `ClubStore`).

In the learners × rules heat-map every member with answers on a rule gets a cell; a cell with
fewer than `MIN_ANSWERS` answers is marked as *few* (right/answers so far, not yet a verdict),
and the learners are ordered so that the ones who need help come first (`help_order`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pandas as pd

from klaverjas_trainer.storage.club import Assignment
from klaverjas_trainer.storage.stats import MIN_ANSWERS, WEAK_BELOW

CELL_COLUMNS = ["learner", "rule", "answers", "right", "accuracy", "few"]


def heatmap(totals: pd.DataFrame) -> pd.DataFrame:
    """Learners × rules from per-(learner, rule) totals: accuracy where there are enough
    answers, NaN where there are not."""
    if totals.empty:
        return pd.DataFrame()
    table = totals.set_index(["learner", "rule"])
    accuracy = (table["right"] / table["answers"]).unstack("rule")
    attempts = table["answers"].unstack("rule").fillna(0)
    return accuracy.where(attempts >= MIN_ANSWERS)


def heatmap_cells(totals: pd.DataFrame) -> pd.DataFrame:
    """One row per (learner, rule) with any answers: answers, right, accuracy and `few`
    (fewer than `MIN_ANSWERS` answers: shown, but marked as not yet a verdict).

    >>> totals = pd.DataFrame({"learner": ["Anna", "Petro"], "rule": ["r", "r"],
    ...     "answers": [6, 4], "right": [6, 0]})
    >>> heatmap_cells(totals)[["learner", "accuracy", "few"]].values.tolist()
    [['Anna', 1.0, False], ['Petro', 0.0, True]]
    """
    if totals.empty:
        return pd.DataFrame(columns=CELL_COLUMNS)
    cells = totals[totals["answers"] > 0].copy()
    cells["accuracy"] = cells["right"] / cells["answers"]
    cells["few"] = cells["answers"] < MIN_ANSWERS
    return cells[CELL_COLUMNS].reset_index(drop=True)


def help_order(cells: pd.DataFrame, members: Sequence[str] = ()) -> list[str]:
    """The learners, those who need the teacher's help first.

    A teacher walking round the room wants first whoever is demonstrably stuck, then whoever
    looks stuck but has answered too little to be sure, then the rest, weakest first:

    1. learners with a weak rule on enough evidence (`MIN_ANSWERS` or more answers, accuracy
       below `WEAK_BELOW`), lowest such accuracy first;
    2. learners doing badly on few answers only (a *few* cell below `WEAK_BELOW`), lowest
       accuracy first and, at the same accuracy, the one with more wrong answers (0 of 4
       before 0 of 1);
    3. everyone else with answers, by their lowest accuracy on enough evidence (or on few
       answers, when that is all they have);
    4. members with no answers yet, last (nothing to judge).

    Ties go by name, so the order is stable from one look to the next.

    >>> cells = heatmap_cells(pd.DataFrame({"learner": ["Anna", "Bert", "Petro", "Olha"],
    ...     "rule": ["r"] * 4, "answers": [6, 10, 4, 2], "right": [5, 3, 0, 2]}))
    >>> help_order(cells, ["Anna", "Bert", "Petro", "Olha", "Zoe"])
    ['Bert', 'Petro', 'Anna', 'Olha', 'Zoe']
    """
    keys: dict[str, tuple[int, float, int, str]] = {}
    for learner, mine in cells.groupby("learner", sort=False):
        name = str(learner)
        sure, unsure = mine[~mine["few"]], mine[mine["few"]]
        wrong = int((mine["answers"] - mine["right"]).sum())
        if not sure.empty and sure["accuracy"].min() < WEAK_BELOW:
            keys[name] = (1, float(sure["accuracy"].min()), -wrong, name)
        elif not unsure.empty and unsure["accuracy"].min() < WEAK_BELOW:
            worst = unsure[unsure["accuracy"] == unsure["accuracy"].min()]
            most_wrong = int((worst["answers"] - worst["right"]).max())
            keys[name] = (2, float(unsure["accuracy"].min()), -most_wrong, name)
        else:
            lowest = (sure if not sure.empty else unsure)["accuracy"].min()
            keys[name] = (3, float(lowest), -wrong, name)
    for member in members:
        keys.setdefault(member, (4, 0.0, 0, member))
    return sorted(keys, key=keys.__getitem__)


def weakest_rules(totals: pd.DataFrame, limit: int = 5) -> pd.DataFrame:
    """The rules the group as a whole gets wrong most (with enough answers), worst first."""
    if totals.empty:
        return pd.DataFrame(columns=["rule", "answers", "accuracy"])
    summed = totals.groupby("rule")[["answers", "right"]].sum()
    table = pd.DataFrame(
        {"answers": summed["answers"], "accuracy": summed["right"] / summed["answers"]}
    )
    table = table[table["answers"] >= MIN_ANSWERS].sort_values(
        ["accuracy", "answers"], ascending=[True, False]
    )
    return table.head(limit).reset_index()


def completion(
    assigned: pd.DataFrame,
    lessons_done: pd.DataFrame,
    members: Sequence[str],
    assignments: Sequence[Assignment],
    deals_done: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Members × assignments: the share done (lessons and shared deals: 0 or 1; puzzle sets:
    puzzles answered)."""
    table = pd.DataFrame(index=pd.Index(list(members), name="learner"))
    for assignment in assignments:
        if assignment.is_lesson:
            done = lessons_done[lessons_done["lesson_id"] == assignment.lesson_id]
            table[assignment.id] = [float(m in set(done["learner"])) for m in table.index]
        elif assignment.is_deal:
            finished = set()
            if deals_done is not None:
                mine = deals_done[deals_done["assignment_id"] == assignment.id]
                finished = set(mine["learner"])
            table[assignment.id] = [float(m in finished) for m in table.index]
        else:
            mine = assigned[assigned["assignment_id"] == assignment.id]
            answered = mine.groupby("learner")["seed"].nunique()
            table[assignment.id] = [
                min(1.0, answered.get(m, 0) / assignment.count) for m in table.index
            ]
    return table


def deal_mistakes(decisions: pd.DataFrame, members: Sequence[str]) -> pd.DataFrame:
    """Per member, in one shared deal: decisions, rule mistakes, and the rules of those
    mistakes with their counts (most first); hinted decisions are counted but not as
    mistakes or right answers."""
    rows = []
    for member in members:
        mine = decisions[decisions["learner"] == member]
        counted = mine[~mine["hinted"]] if "hinted" in mine else mine
        wrong = counted[~counted["correct"]]
        by_rule = wrong.groupby("rule").size().sort_values(ascending=False)
        rows.append(
            {
                "learner": member,
                "decisions": len(mine),
                "mistakes": len(wrong),
                "rules": list(zip(by_rule.index, by_rule.astype(int), strict=True)),
            }
        )
    return pd.DataFrame(rows, columns=["learner", "decisions", "mistakes", "rules"])


def answer_spread(assigned: pd.DataFrame, assignment_id: int) -> pd.DataFrame:
    """For each puzzle of a shared set (by seed), how many gave each reply (canonical JSON):
    the common mistake."""
    mine = assigned[assigned["assignment_id"] == assignment_id]
    if mine.empty:
        return pd.DataFrame(columns=["seed", "given", "correct", "learners"])
    spread = (
        mine.groupby(["seed", "given", "correct"])["learner"]
        .nunique()
        .rename("learners")
        .reset_index()
        .sort_values(["seed", "learners"], ascending=[True, False])
    )
    return spread.reset_index(drop=True)


def card_choices(assigned: pd.DataFrame, assignment_id: int) -> pd.DataFrame:
    """For card-picking sets: per puzzle (by seed), how many learners chose each card, read
    from the canonical reply ``{"cards": [...]}``."""
    mine = assigned[assigned["assignment_id"] == assignment_id]
    if mine.empty:
        return pd.DataFrame(columns=["seed", "card", "learners"])
    picks = mine.assign(card=mine["given"].map(_chosen_cards)).explode("card")
    picks = picks.dropna(subset=["card"])
    counts = picks.groupby(["seed", "card"])["learner"].nunique().rename("learners")
    return counts.reset_index().sort_values(["seed", "learners"], ascending=[True, False])


def _chosen_cards(given: str) -> list[str]:
    try:
        reply = json.loads(given)
    except json.JSONDecodeError:
        return []
    cards = reply.get("cards") if isinstance(reply, dict) else None
    return [str(card) for card in cards] if isinstance(cards, list) else []
