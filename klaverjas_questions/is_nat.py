"""Is this nat? A finished deal with the choosers named: nat or made, and what each pair
writes. The deal is shown as per-pair totals (`summary`), a trick-by-trick table
(`trick_table`) or the eight tricks as cards (`tricks`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Self

from klaverjas_core import (
    Card,
    DealRecord,
    DealScore,
    DealTotals,
    KlaverjasError,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    score_record,
    score_totals,
)
from klaverjas_questions.codec import Reader, card_list, pair_list, read_cards
from klaverjas_questions.facts import score_facts, written
from klaverjas_questions.model import (
    JSON,
    FactValue,
    Grade,
    Mistake,
    QuestionError,
    QuestionKind,
    Solution,
    fact,
)

R = RuleId
FORMS: Final = ("summary", "trick_table", "tricks")


@dataclass(frozen=True, slots=True)
class Summary:
    """Per pair: card points (with the last trick), declared and forgotten roem (one entry per
    piece), tricks won (if shown), and the pair that revoked (if one did)."""

    card_points: tuple[int, int]
    roem: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    undeclared_roem: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    tricks_won: tuple[int, int] | None = None
    last_trick: int | None = None  # the pair that won the last trick, if shown
    revoked_by: int | None = None

    @classmethod
    def read(cls, read: Reader) -> Self:
        read.only(
            "card_points", "roem", "undeclared_roem", "tricks_won", "last_trick", "revoked_by"
        )
        return cls(
            card_points=read.pair("card_points", 162),
            roem=_pieces(read, "roem"),
            undeclared_roem=_pieces(read, "undeclared_roem"),
            tricks_won=read.pair("tricks_won", 8) if read.has("tricks_won") else None,
            last_trick=read.optional_number("last_trick", 0, 1),
            revoked_by=read.optional_number("revoked_by", 0, 1),
        )

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "card_points": pair_list(self.card_points),
            "roem": [list(self.roem[0]), list(self.roem[1])],
            "undeclared_roem": [list(self.undeclared_roem[0]), list(self.undeclared_roem[1])],
        }
        if self.tricks_won is not None:
            data["tricks_won"] = pair_list(self.tricks_won)
        if self.last_trick is not None:
            data["last_trick"] = self.last_trick
        if self.revoked_by is not None:
            data["revoked_by"] = self.revoked_by
        return data


def _pieces(read: Reader, key: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not read.has(key):
        return (), ()
    value = read.array(key)
    if len(value) != 2 or not all(isinstance(side, list) for side in value):
        raise read.error(key, f"must be two lists of roem, like [[20], []], got {value!r}")
    sides = []
    for side in value:
        assert isinstance(side, list)
        if not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in side):
            raise read.error(key, f"must be two lists of roem, like [[20], []], got {value!r}")
        sides.append(tuple(int(str(p)) for p in side))
    return sides[0], sides[1]


@dataclass(frozen=True, slots=True)
class TableRow:
    """One trick of the trick table: the pair that won it, its points (the last with its 10),
    the roem it holds for each pair, whether that roem was declared, and the pair whose
    player revoked in it, if one did and it was called."""

    pair: int
    points: int
    roem: tuple[int, int] = (0, 0)
    declared: bool = True
    revoked_by: int | None = None

    @classmethod
    def read(cls, read: Reader) -> Self:
        read.only("pair", "points", "roem", "declared", "revoked_by")
        return cls(
            pair=read.number("pair", 0, 1),
            points=read.number("points", 0, 162),
            roem=read.pair("roem", 500) if read.has("roem") else (0, 0),
            declared=read.flag("declared") if read.has("declared") else True,
            revoked_by=read.optional_number("revoked_by", 0, 1),
        )

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "pair": self.pair,
            "points": self.points,
            "roem": pair_list(self.roem),
            "declared": self.declared,
        }
        if self.revoked_by is not None:
            data["revoked_by"] = self.revoked_by
        return data

    def revoke_taken(self) -> tuple[int, int, int] | None:
        """What the pair that revoked here took in this trick: card points, counted roem and
        tricks (0 or 1); None when nobody revoked in it."""
        pair = self.revoked_by
        if pair is None:
            return None
        roem = self.roem[pair] if self.declared else 0
        return (self.points, roem, 1) if self.pair == pair else (0, roem, 0)


@dataclass(frozen=True, slots=True)
class NatContent:
    """Who chose, and the deal in exactly one of the three forms."""

    choosers: int
    summary: Summary | None = None
    trick_table: tuple[TableRow, ...] | None = None
    trump: Suit | None = None
    tricks: tuple[tuple[Seat, tuple[Card, ...]], ...] | None = None
    declared: frozenset[int] | None = None  # with `tricks`: the tricks whose roem was declared

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "is-nat")
        read.only("choosers", "summary", "trick_table", "trump", "tricks", "declared")
        forms = [form for form in FORMS if read.has(form)]
        if len(forms) != 1:
            raise QuestionError(
                f"is-nat: give exactly one of `summary`, `trick_table` or `tricks`, got {forms}"
            )
        choosers = read.number("choosers", 0, 1)
        if forms == ["summary"]:
            return cls(choosers, summary=Summary.read(read.object("summary")))
        if forms == ["trick_table"]:
            rows = read.array("trick_table")
            if len(rows) != 8:
                raise read.error("trick_table", f"must have 8 rows, got {len(rows)}")
            table = tuple(
                TableRow.read(Reader(_object(row, n), f"is-nat: trick_table[{n}]"))
                for n, row in enumerate(rows)
            )
            revoked = [n + 1 for n, row in enumerate(table) if row.revoked_by is not None]
            if len(revoked) > 1 or revoked == [8]:  # one card each in the last: no revoke
                raise read.error(
                    "trick_table",
                    f"may have one revoke, in tricks 1-7 (only the first counts), got {revoked}",
                )
            return cls(choosers, trick_table=table)
        declared = None
        if read.has("declared"):
            declared = frozenset(read.ints("declared", len(read.array("declared")), 0, 7))
        return cls(
            choosers,
            trump=read.suit("trump"),
            tricks=_tricks(read),
            declared=declared,
        )

    def to_dict(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"choosers": self.choosers}
        if self.summary is not None:
            data["summary"] = self.summary.to_dict()
        elif self.trick_table is not None:
            data["trick_table"] = [row.to_dict() for row in self.trick_table]
        else:
            assert self.trump is not None and self.tricks is not None
            data["trump"] = self.trump.symbol
            data["tricks"] = [[int(seat), card_list(cards)] for seat, cards in self.tricks]
            if self.declared is not None:
                data["declared"] = list[JSON](sorted(self.declared))
        return data

    def score(self, rules: RuleSet) -> DealScore:
        try:
            return self._score(rules)
        except KlaverjasError as error:
            raise QuestionError(f"is-nat: {error}") from None

    def _score(self, rules: RuleSet) -> DealScore:
        if self.tricks is not None:
            assert self.trump is not None
            tricks = [(int(seat), cards) for seat, cards in self.tricks]
            return score_record(DealRecord(tricks, self.trump, self.choosers, self.declared), rules)
        summary = self.summary or self._table_summary()
        revoke = self.revoke_row
        totals = DealTotals(
            summary.card_points,
            (sum(summary.roem[0]), sum(summary.roem[1])),
            self.choosers,
            undeclared_roem=(sum(summary.undeclared_roem[0]), sum(summary.undeclared_roem[1])),
            tricks_won=summary.tricks_won,
            revoked_by=summary.revoked_by,
            revoke_trick=None if revoke is None else revoke.revoke_taken(),
        )
        return score_totals(totals, rules)

    @property
    def revoke_row(self) -> TableRow | None:
        """The trick table's row of the called revoke, if it has one."""
        rows = self.trick_table or ()
        return next((row for row in rows if row.revoked_by is not None), None)

    def _table_summary(self) -> Summary:
        assert self.trick_table is not None
        points, won = [0, 0], [0, 0]
        roem: list[list[int]] = [[], []]
        forgotten: list[list[int]] = [[], []]
        for row in self.trick_table:
            points[row.pair] += row.points
            won[row.pair] += 1
            for pair in (0, 1):
                if row.roem[pair]:
                    (roem if row.declared else forgotten)[pair].append(row.roem[pair])
        revoke = self.revoke_row
        return Summary(
            (points[0], points[1]),
            (tuple(roem[0]), tuple(roem[1])),
            (tuple(forgotten[0]), tuple(forgotten[1])),
            (won[0], won[1]),
            revoked_by=None if revoke is None else revoke.revoked_by,
        )


def _object(value: JSON, number: int) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise QuestionError(f"is-nat: trick_table[{number}] must be an object, got {value!r}")
    return value


def _tricks(read: Reader) -> tuple[tuple[Seat, tuple[Card, ...]], ...]:
    raw = read.array("tricks")
    if len(raw) != 8:
        raise read.error("tricks", f"must be the 8 tricks, got {len(raw)}")
    tricks = []
    for number, entry in enumerate(raw):
        where = f"is-nat: tricks[{number}]"
        if not (isinstance(entry, list) and len(entry) == 2):
            raise QuestionError(f"{where} must be [leader_seat, [four cards]], got {entry!r}")
        leader, cards = entry
        if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader <= 3:
            raise QuestionError(f"{where}: the leader must be a seat 0-3, got {leader!r}")
        tricks.append((Seat(leader), read_cards(cards, where)))
    return tuple(tricks)


@dataclass(frozen=True, slots=True)
class NatAnswer:
    """Nat or not, and what each pair writes (N+S first)."""

    nat: bool | None = None
    points: tuple[int, int] | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, JSON]) -> Self:
        read = Reader(data, "answer")
        read.only("nat", "points")
        points = read.pair("points", 1_000) if read.has("points") else None
        return cls(read.optional_flag("nat"), points)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "nat": self.nat,
            "points": None if self.points is None else pair_list(self.points),
        }


def solve(content: NatContent, rules: RuleSet) -> Solution[NatAnswer]:
    score = content.score(rules)
    tags = [score.verdict.rule]
    if score.pit is not None:
        tags.append(R.SCORE_PIT)
    if score.forgotten_roem:
        tags.append(R.ROEM_DECLARE)
    counting = {R.POINTS_CARDS, R.POINTS_LAST_TRICK}
    roem = {item.rule for item in score.ledger if item.counted and item.rule.topic == "roem"}
    return Solution(
        answer=NatAnswer(score.nat, score.points),
        tags=tuple(tags),
        facts=score_facts(score),
        decisive=frozenset({*tags, *counting, *roem}),
    )


def grade(content: NatContent, rules: RuleSet, reply: NatAnswer) -> Grade:
    score = content.score(rules)
    verdict = score.verdict.rule
    mistakes = []
    if reply.nat is not score.nat:  # and why: the choosers' total against the defenders'
        said = fact("mistake-nat", given=reply.nat, expected=score.nat)
        why = fact("mistake-with-reason", mistake=said, reason=score_facts(score)[-1])
        mistakes.append(Mistake("nat", score.nat, reply.nat, verdict, why))
    if reply.points != score.points:
        given = None if reply.points is None else pair_list(reply.points)
        first, second = reply.points or (None, None)
        why = fact(
            "mistake-written",
            given_first=first,
            given_second=second,
            first=written(score, 0),  # as the sums they are: 162 + 20 = 182
            second=written(score, 1),
        )
        mistakes.append(Mistake("points", pair_list(score.points), given, verdict, why))
    return Grade(not mistakes, tuple(mistakes))


def describe(content: NatContent, answer: NatAnswer) -> FactValue:
    first, second = answer.points if answer.points is not None else (None, None)
    return fact("answer-is-nat", nat=answer.nat, first=first, second=second)


IS_NAT: QuestionKind[NatContent, NatAnswer] = QuestionKind(
    name="is-nat",
    read_content=NatContent.from_dict,
    read_answer=NatAnswer.from_dict,
    solve=solve,
    grade=grade,
    describe=describe,
    table_fields=frozenset({"trump", "tricks"}),
)
