"""A puzzle's answer in words, for the app's feedback and a worksheet's answer key.

>>> from puzzles import generate
>>> describe_answer(generate("is-nat", "score.nat", seed=2))
'nat: Yes · N+S 0, E+W 182'
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from klaverjas_core import RuleId, rule_text
from puzzles.model import JSON, Kind, Puzzle


@cache
def _texts() -> dict[str, str]:
    return tomllib.loads((Path(__file__).parent / "texts.toml").read_text(encoding="utf-8"))


def _t(key: str, **fields: object) -> str:
    return _texts()[key].format(**fields)


def describe_answer(puzzle: Puzzle) -> str:
    answer, content = puzzle.answer, puzzle.content
    if puzzle.kind is Kind.WHICH_CARDS:
        return _cards(answer) or _t("none")
    if puzzle.kind is Kind.CARD_LEGAL:
        legal = isinstance(answer, list) and content["card"] in answer
        return _t("yes") if legal else _t("no")
    assert isinstance(answer, dict)
    if puzzle.kind is Kind.AMSTERDAM_OR_ROTTERDAM:
        return _t(
            "amsterdam-rotterdam",
            amsterdam=_cards(answer["amsterdam"]) or _t("none"),
            rotterdam=_cards(answer["rotterdam"]) or _t("none"),
        )
    if puzzle.kind is Kind.COUNT_TRICK:
        winner, trick = answer["winner"], content["trick"]
        assert isinstance(winner, int) and isinstance(trick, list)
        return _t("count", winner=trick[winner], points=answer["points"], roem=answer["roem"])
    if puzzle.kind is Kind.IS_NAT:
        points = answer["points"]
        assert isinstance(points, list)
        nat = _t("yes") if answer["nat"] else _t("no")
        return _t("nat", nat=nat, first=points[0], second=points[1])
    number = answer["trick"]
    return _t(
        "revoke",
        card=answer["card"],
        trick=number + 1 if isinstance(number, int) else _t("none"),
        rule=rule_text(RuleId(str(answer["rule"]))).title,
    )


def _cards(value: JSON) -> str:
    return " ".join(str(card) for card in value) if isinstance(value, list) else ""
