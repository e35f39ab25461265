"""Grading a learner's reply to a puzzle against the answer the core computed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from puzzles import Kind, Puzzle
from puzzles.model import JSON


@dataclass(frozen=True, slots=True)
class Grade:
    correct: bool
    given: str  # the reply, as stored (the answer is shown by `puzzles.describe_answer`)


def grade(puzzle: Puzzle, reply: Mapping[str, JSON]) -> Grade:
    """Compare `reply` (the same shape as the answer; card sets in any order)."""
    answer = puzzle.answer
    kind = puzzle.kind
    if kind is Kind.WHICH_CARDS:
        chosen = _cards(reply.get("cards"))
        return Grade(set(chosen) == set(_cards(answer)), " ".join(chosen))
    if kind is Kind.CARD_LEGAL:
        legal = puzzle.content["card"] in _cards(answer)
        said = reply.get("legal")
        return Grade(said is legal, _yes_no(said))
    assert isinstance(answer, dict)
    if kind is Kind.AMSTERDAM_OR_ROTTERDAM:
        ams, rot = _cards(reply.get("amsterdam")), _cards(reply.get("rotterdam"))
        right = set(ams) == set(_cards(answer["amsterdam"])) and set(rot) == set(
            _cards(answer["rotterdam"])
        )
        return Grade(right, f"A: {' '.join(ams)} / R: {' '.join(rot)}")
    if kind is Kind.COUNT_TRICK:
        asked = puzzle.content.get("ask", ["winner", "points", "roem"])
        assert isinstance(asked, list)
        fields = [str(q) for q in asked]
        right = all(reply.get(q) == answer[q] for q in fields)
        return Grade(right, _fields(reply, fields))
    if kind is Kind.IS_NAT:
        right = reply.get("nat") == answer["nat"] and reply.get("points") == answer["points"]
        return Grade(right, _fields(reply, ["nat", "points"]))
    right = reply.get("card") == answer["card"] and reply.get("rule") == answer["rule"]
    return Grade(right, _fields(reply, ["card", "rule"]))


def _cards(value: JSON | None) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _yes_no(value: JSON | None) -> str:
    return "yes" if value is True else "no" if value is False else "-"


def _fields(values: Mapping[str, JSON], names: list[str]) -> str:
    return ", ".join(f"{name}={values.get(name)}" for name in names)
