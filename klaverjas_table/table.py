"""A match at the table: the learner South, a computer partner North and computer opponents
West and East, deal after deal, on the core's `Deal`. At a club table (`humans`) two to four
members sit at it, each at a seat of their own; the computers play the other seats. A move is
made by the seat whose turn it is; a step says whose decision it was.

The state is the seed, the settings and what was said and played; everything else (the hands,
the tricks, the scores) is replayed through the core, so a saved game resumes at the same card.
Each decision of the learner where the rules left a choice out becomes a `TableStep`: the
question kind it answers (``card-legal``, ``may-pass``, ``count-trick``), the reply, right or
wrong, the deciding rule and whether a hint was shown.

>>> game = TableGame.new(seed=11, rules="amsterdam", mode="coach")
>>> while game.phase != "score":
...     if game.phase == "call":
...         game.call("pass" if not game.must_name else "♥")
...     elif game.phase == "play":
...         outcome = game.play(next(iter(game.legal_cards())))
...     else:
...         _ = game.turn_trick()
>>> sum(game.score().points) >= 162
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, NamedTuple, TypeAlias

from klaverjas_core import (
    Card,
    Deal,
    DealScore,
    KlaverjasError,
    LegalCards,
    Match,
    Rank,
    Revoke,
    RoemItem,
    RuleId,
    RuleSet,
    Seat,
    Suit,
    TrickJudgement,
    Verdict,
    check_card,
    counted_revoke,
    deal_hands,
    judge_trick,
)
from klaverjas_core.ruleset import resolve_rules
from klaverjas_questions import question_kind
from klaverjas_questions.count_trick import TrickContent, TrickCount
from klaverjas_questions.seats import PassAnswer
from klaverjas_questions.who_revoked import RevokeAnswer
from klaverjas_table.players import PLAYERS, Player
from klaverjas_table.simulate import computer_call, computer_card, play_out

__all__ = [
    "DEFAULT_REVOKES",
    "LEARNER",
    "MODES",
    "REVOKE_RATES",
    "CallMade",
    "CallOutcome",
    "PlayOutcome",
    "PlayedCard",
    "RevokeCall",
    "RoemOutcome",
    "TableError",
    "TableGame",
    "TableStep",
    "computer_play",
    "dealt",
]

LEARNER: Final = Seat.SOUTH
PARTNER: Final = LEARNER.partner
OPPONENTS: Final = (LEARNER.left, LEARNER.partner.left)
#: coach: an illegal card is refused and explained; club: accepted, and the revoke is called,
#: and now and then an opponent revokes for the learner to call ("verzaakt!").
MODES: Final = ("coach", "club")
#: In club mode, the chance that an opponent who could revoke does (at most once a deal), for
#: each rate a learner can choose. "sometimes" is the rate of games saved before the choice.
#: Every revoke can be proved from the cards played while calls are still open: the revoker
#: plays every card it held, the last while the last trick waits to be turned.
REVOKE_RATES: Final[dict[str, float]] = {"never": 0.0, "sometimes": 0.06, "often": 0.15}
DEFAULT_REVOKES: Final = "sometimes"
CallProblem = Literal["table", "own", "again", "unplayed"]
#: Why a "verzaakt!" call cannot be made (the page words each in the learner's language).
CALL_PROBLEMS: Final[dict[str, str]] = {
    "table": "a revoke is called at a club table while the deal is played",
    "own": "you do not call your own revoke",
    "again": "you called {seat} in trick {trick} already",
    "unplayed": "{seat} has not played in trick {trick} yet",
}
STATE_VERSION: Final = 1
Phase = Literal["call", "play", "trick", "score", "over"]
Event = tuple[Seat, "Card | str"]  # a seat and the card it played, or its call ("pass", "♥")


class TableError(ValueError):
    """A saved game that cannot be read, or a move that does not fit the game's phase."""


@dataclass(frozen=True, slots=True)
class TableStep:
    """One decision of the learner, as it is stored (like a drill answer) and reviewed."""

    deal: int  # 0-based deal of the match
    trick: int  # 0-7; -1 for a trump call
    question: str  # the question kind it answers
    reply: Mapping[str, Any]  # the reply in that kind's JSON
    correct: bool
    rule: RuleId  # the deciding rule
    tags: tuple[RuleId, ...]
    hinted: bool = False  # made after a hint: stored, not counted for accuracy
    legal: tuple[Card, ...] = ()  # for a card: the legal cards, for the review
    refused: bool = False  # coach mode: the card went back to the hand
    card: Card | None = None  # the card played (or tried)
    seat: Seat = LEARNER  # whose decision it was (a club table has several people)

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "trick": self.trick,
            "question": self.question,
            "reply": dict(self.reply),
            "correct": self.correct,
            "rule": self.rule.value,
            "tags": [tag.value for tag in self.tags],
            "hinted": self.hinted,
            "legal": [str(card) for card in self.legal],
            "refused": self.refused,
            "card": None if self.card is None else str(self.card),
            "seat": int(self.seat),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableStep:
        try:
            return cls(
                deal=_whole(data["deal"], 0, 15),
                trick=_whole(data["trick"], -1, 7),
                question=question_kind(data["question"]).name,
                reply=dict(data["reply"]),
                correct=_flag(data["correct"]),
                rule=RuleId(data["rule"]),
                tags=tuple(RuleId(tag) for tag in data["tags"]),
                hinted=_flag(data["hinted"]),
                legal=tuple(Card.parse(text) for text in data["legal"]),
                refused=_flag(data["refused"]),
                card=None if data["card"] is None else Card.parse(data["card"]),
                seat=Seat(_whole(data.get("seat", int(LEARNER)), 0, 3)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise TableError(f"a saved decision cannot be read: {error}") from None


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class CallOutcome:
    accepted: bool
    rule: RuleId  # the rule of the trump choice in force
    step: TableStep | None


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    verdict: Verdict
    accepted: bool  # False: coach mode refused the card, it stays in hand
    step: TableStep | None  # None where every card was legal (nothing to learn, not stored)


@dataclass(frozen=True, slots=True)
class RoemOutcome:
    claimed: int
    roem: int  # what the core counts in the trick
    items: tuple[RoemItem, ...]
    step: TableStep


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    """A trick turned: its number (0-7), the step for roem our pair left undeclared on it, and
    in club mode the learner's revoke in it that the computers call ("verzaakt"): the revoke
    that now counts (`TableGame.counted_revoke`)."""

    trick: int
    missed_roem: TableStep | None
    revoke: Revoke | None


@dataclass(frozen=True, slots=True)
class RevokeCall:
    """The learner called "verzaakt!" on `seat`'s card in `trick` (0-based): right when that
    card was a revoke; `verdict` says why the card was or was not allowed."""

    seat: Seat
    trick: int
    verdict: Verdict
    step: TableStep

    @property
    def right(self) -> bool:
        return not self.verdict.legal


#: What a move at the table tells the page: one of these, matched by type.
Outcome: TypeAlias = CallOutcome | PlayOutcome | RoemOutcome | TurnOutcome | RevokeCall


class CallMade(NamedTuple):
    """A person's "verzaakt!": on `seat`'s card in `trick` (0-based), called `by` a seat."""

    seat: Seat
    trick: int
    by: Seat = LEARNER


@dataclass
class _DealRecord:
    calls: list[str] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    declared: set[int] = field(default_factory=set)  # tricks whose roem a person declared
    claimed: set[int] = field(default_factory=set)  # tricks a person declared on at all
    #: The people's revokes the computers called: (seat, trick).
    called: set[tuple[Seat, int]] = field(default_factory=set)
    #: The people's "verzaakt!" calls, in order.
    revoke_calls: list[CallMade] = field(default_factory=list)
    turned: int = 0  # tricks turned over
    steps: list[TableStep] = field(default_factory=list)
    hinted: bool = False  # the learner asked for a hint on the decision now open


class TableGame:
    """A match at the table; `phase` says what the learner is to do next."""

    def __init__(
        self,
        seed: int,
        rules: RuleSet | str = "amsterdam",
        mode: str = "coach",
        level: str = "basic",
        first_dealer: Seat | None = None,
        revokes: str = DEFAULT_REVOKES,
        humans: Sequence[Seat] = (LEARNER,),
    ) -> None:
        if mode not in MODES:
            raise TableError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        if revokes not in REVOKE_RATES:
            raise TableError(f"revokes must be one of {', '.join(REVOKE_RATES)}, got {revokes!r}")
        if level not in PLAYERS:
            raise TableError(f"level must be one of {', '.join(PLAYERS)}, got {level!r}")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise TableError(f"seed must be a whole number from 0, got {seed!r}")
        #: The seats people play (the others are the computers'), in seat order.
        self.humans: tuple[Seat, ...] = _people(humans)
        self.seed = seed
        self.rules = resolve_rules(rules)
        self.mode = mode
        self.level = level
        self.revokes = revokes  # how often an opponent revokes at a club table (REVOKE_RATES)
        self.first_dealer = first_dealer_of(seed) if first_dealer is None else Seat(first_dealer)
        self.player: Player = PLAYERS[level]()
        self.records: list[_DealRecord] = []
        self.recent: list[Event] = []  # what the computers did since the learner's last move
        self._start_deal()

    @classmethod
    def new(
        cls,
        seed: int,
        rules: RuleSet | str = "amsterdam",
        mode: str = "coach",
        level: str = "",
        revokes: str = DEFAULT_REVOKES,
        humans: Sequence[Seat] = (LEARNER,),
    ) -> TableGame:
        """A new match; the computers speak and play until a person is to act."""
        game = cls(seed, rules, mode, level or "basic", revokes=revokes, humans=humans)
        game._advance()
        return game

    # --- the state that is saved ---

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "seed": self.seed,
            "rules": self.rules.name,
            "mode": self.mode,
            "level": self.level,
            "revokes": self.revokes,
            "first_dealer": int(self.first_dealer),
            "humans": [int(seat) for seat in self.humans],
            "deals": [
                {
                    "calls": list(record.calls),
                    "cards": [str(card) for card in record.cards],
                    "declared": sorted(record.declared),
                    "claimed": sorted(record.claimed),
                    "called": [[int(seat), trick] for seat, trick in sorted(record.called)],
                    "revoke_calls": [
                        [int(seat), trick, int(by)] for seat, trick, by in record.revoke_calls
                    ],
                    "turned": record.turned,
                    "steps": [step.to_dict() for step in record.steps],
                    "hinted": record.hinted,
                }
                for record in self.records
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableGame:
        """Replay a saved game through the core; a `TableError` says what does not fit."""
        if not isinstance(data, Mapping):
            raise TableError(f"a saved game is a record, got {type(data).__name__}")
        try:
            if data.get("version") != STATE_VERSION:
                raise TableError(f"unknown saved-game version {data.get('version')!r}")
            game = cls(
                data["seed"],
                RuleSet.parse(data["rules"]),
                data["mode"],
                data["level"],
                Seat(_whole(data["first_dealer"], 0, 3)),
                revokes=data.get("revokes", DEFAULT_REVOKES),
                humans=data.get("humans", [int(LEARNER)]),  # one learner before club tables
            )
            deals = data["deals"]
            if not isinstance(deals, list) or not 1 <= len(deals) <= game.rules.match_length:
                raise TableError(
                    f"the saved deals must be a list of 1 to {game.rules.match_length}, "
                    f"got {type(deals).__name__} {deals!r:.40}"
                )
            game.records = []
            for number, saved in enumerate(deals):
                if not isinstance(saved, Mapping):
                    raise TableError(f"saved deal {number + 1} is not a record: {saved!r:.40}")
                if number:
                    game._finish_check()
                game._start_deal()
                record = game.records[-1]
                record.calls = list(saved["calls"])
                record.cards = [Card.parse(text) for text in saved["cards"]]
                _replay(game._deal, record)
                record.declared = {_whole(n, 0, 7) for n in saved["declared"]}
                record.claimed = {_whole(n, 0, 7) for n in saved["claimed"]}
                record.called = {_seat_and_trick(entry) for entry in saved["called"]}
                record.revoke_calls = [
                    _call_made(entry)
                    for entry in saved.get("revoke_calls", [])  # none before
                ]
                record.turned = _whole(saved["turned"], 0, len(game._deal.tricks))
                game._check_calls(number)
                record.steps = [TableStep.from_dict(step) for step in saved["steps"]]
                record.hinted = _flag(saved["hinted"])
        except TableError:
            raise
        except (KeyError, TypeError, ValueError, KlaverjasError) as error:
            raise TableError(f"the saved game cannot be replayed: {error}") from None
        game._advance()  # a no-op for a game saved at the learner's turn, as the app saves it
        game.recent = []
        return game

    # --- where the match stands ---

    @property
    def deal_number(self) -> int:
        """0-based number of the deal in play."""
        return len(self.records) - 1

    @property
    def deal(self) -> Deal:
        return self._deal

    @property
    def record(self) -> _DealRecord:
        return self.records[-1]

    @property
    def dealer(self) -> Seat:
        return Seat(Match.dealer_of(self.deal_number, self.first_dealer))

    @property
    def phase(self) -> Phase:
        deal, record = self._deal, self.record
        if deal.phase == "choosing":
            return "call"
        if record.turned < len(deal.tricks):
            return "trick"
        if deal.phase == "finished":
            return "over" if self.deal_number + 1 >= self.rules.match_length else "score"
        return "play"

    @property
    def must_name(self) -> bool:
        return self._deal.choice.must_name

    @property
    def waiting_trick(self) -> tuple[Seat, tuple[Card, ...]] | None:
        """The trick on the table waiting to be turned, with its leader."""
        if self.phase != "trick":
            return None
        return self._deal.tricks[self.record.turned]

    def trick_winner(self, number: int) -> Seat:
        leader, cards = self._deal.tricks[number]
        return Seat((leader + self._judge(cards).winner) % 4)

    def seat_people(self, humans: Sequence[Seat]) -> None:
        """From now on people play `humans` (one who left: a computer plays that seat until
        they come back, with the same hand); the computers act at once where it is theirs."""
        self.humans = _people(humans)
        self._advance()

    @property
    def to_act(self) -> Seat | None:
        """The seat whose call or card the game waits for (a person's), else None."""
        phase = self.phase
        if phase == "call":
            return self._deal.choice.to_speak
        return self._deal.to_move if phase == "play" else None

    def legal_cards(self) -> LegalCards:
        self._require("play")
        return self._deal.legal_cards()

    # --- the learner's moves ---

    def hint(self) -> LegalCards:
        """The legal cards; the decision that follows is marked as hinted."""
        legal = self.legal_cards()
        self.record.hinted = True
        return legal

    def call(self, call: str) -> CallOutcome:
        """Pass (``"pass"``) or name a suit as trumps."""
        self._require("call")
        self.recent = []
        choice = self._deal.choice
        rule, forced, seat = choice.rule, choice.must_name, choice.to_speak or LEARNER
        if call != "pass":
            Suit.parse(call)  # a NotationError names a bad suit
        step = None
        if forced:  # the rules leave no pass here: the learner's call shows whether they know
            reply = PassAnswer(may_pass=call == "pass")
            step = self._step(
                -1,
                "may-pass",
                reply.to_dict(),
                correct=call != "pass",
                rule=rule,
                tags=(rule,),
                hinted=False,
                seat=seat,
            )
        if forced and call == "pass":
            return CallOutcome(False, rule, step)
        self._apply_call(call)
        self._advance()
        return CallOutcome(True, rule, step)

    def play(self, card: Card) -> PlayOutcome:
        """Play a card from the hand of the person to move; coach mode refuses an illegal one."""
        self._require("play")
        self.recent = []
        seat = self._deal.to_move
        if card not in self._deal.hand(seat):
            raise TableError(f"{card} is not in your hand")
        legal = self._deal.legal_cards()
        verdict = legal.verdict(card)
        step = None
        if len(legal) < len(self._deal.hand(seat)):
            rules = legal.rules
            step = self._step(
                len(self._deal.tricks),
                "card-legal",
                {"legal": True},  # playing a card says "this card is legal"
                correct=verdict.legal,
                rule=verdict.rule,
                tags=(verdict.rule, *(r for r in rules if r is not verdict.rule)),
                hinted=self.record.hinted,
                legal=tuple(legal),
                refused=not verdict.legal and self.mode == "coach",
                card=card,
                seat=seat,
            )
        if not verdict.legal and self.mode == "coach":
            return PlayOutcome(verdict, False, step)
        self.record.hinted = False
        self._play(card)
        self._advance()
        return PlayOutcome(verdict, True, step)

    def can_declare(self, seat: Seat = LEARNER) -> bool:
        """The trick on the table is `seat`'s pair's (a person's) and nothing was declared on
        it yet."""
        trick = self.waiting_trick
        if trick is None or seat not in self.humans:
            return False
        number = self.record.turned
        return self.trick_winner(number).pair == seat.pair and number not in self.record.claimed

    def declare_roem(self, amount: int, seat: Seat = LEARNER) -> RoemOutcome:
        """`seat` declares `amount` of roem on the trick its pair is taking; the core corrects
        it."""
        if not self.can_declare(seat):
            raise TableError("roem can be declared only on a trick your pair is taking")
        number = self.record.turned
        judged = self._judge(self._deal.tricks[number][1])
        self.record.claimed.add(number)
        if judged.roem:
            self.record.declared.add(number)  # declared: it counts, at the core's amount
        correct = amount == judged.roem_points
        rule = claim_rule(amount, judged) if amount else RuleId.ROEM_DECLARE
        step = self._roem_step(number, amount, correct, rule, judged.roem, seat)
        return RoemOutcome(amount, judged.roem_points, tuple(judged.roem), step)

    def turn_trick(self) -> TurnOutcome:
        """Turn the trick on the table: the step for roem our pair left undeclared (if any;
        one per person of the pair, the first returned) and, in club mode, the seat whose
        revoke the computers call ("verzaakt")."""
        self._require("trick")
        self.recent = []
        number = self.record.turned
        _, cards = self._deal.tricks[number]
        step = None
        judged = self._judge(cards)
        winners = [seat for seat in self.humans if seat.pair == self.trick_winner(number).pair]
        if winners and judged.roem_points and number not in self.record.claimed:
            # roem left undeclared (four 7s score 0 without four_low_100: nothing to declare)
            steps = [
                self._roem_step(number, 0, False, RuleId.ROEM_DECLARE, judged.roem, seat)
                for seat in winners
            ]
            step = steps[0]
        # The computers call a person's revoke when it counts: no revoke before it was called
        # (only the first revoke of a deal counts). A computer's is the people's to call, and
        # so is a person's that only people sit against.
        watched = {(seat, number) for seat in self._watched()}
        revoke = counted_revoke(self._deal.revokes, {*self.calls(), *watched})
        if revoke is None or (revoke.seat, revoke.trick) not in watched:
            revoke = None
        else:
            self.record.called.add((revoke.seat, number))
        self.record.turned += 1
        if self.record.turned == 8:
            self._missed_revokes()
        self._advance()
        return TurnOutcome(number, step, revoke)

    def call_revoke(self, seat: Seat, trick: int, by: Seat = LEARNER) -> RevokeCall:
        """The learner calls "verzaakt!" (club mode, while the deal is played): `seat` revoked
        in `trick` (0-based). Right or wrong, the call is a decision; a right one makes the
        revoking pair lose the deal (the first revoke called counts, RULES.md). Raises
        `TableError` for a call that cannot be made: coach mode, a caller who is not a person
        at the table, the caller's own seat, a trick the seat has not played in yet, or a call
        made before (by anyone)."""
        seat, by = Seat(seat), Seat(by)
        if by not in self.humans:
            raise TableError(f"{by.name} is played by the computer: it calls nothing")
        problem = self.revoke_call_problem(seat, trick, by)
        if problem is not None:
            raise TableError(CALL_PROBLEMS[problem].format(seat=seat.name, trick=trick + 1))
        verdict = self._verdict_of(seat, trick)
        self.record.revoke_calls.append(CallMade(seat, trick, by))
        reply = RevokeAnswer(card=verdict.card, trick=trick, seat=seat).to_dict()
        step = self._step(
            trick, "who-revoked", reply, correct=not verdict.legal, rule=verdict.rule,
            tags=(verdict.rule, RuleId.PLAY_REVOKE), card=verdict.card, seat=by,
        )  # fmt: skip
        return RevokeCall(seat, trick, verdict, step)

    def revoke_call_problem(self, seat: Seat, trick: int, by: Seat = LEARNER) -> CallProblem | None:
        """Why "verzaakt!" by `by` on `seat` in `trick` (0-based) cannot be called now, or
        None."""
        if self.mode != "club" or self.phase not in ("play", "trick"):
            return "table"
        return self._call_problem(seat, trick, self.record.revoke_calls, by)

    def _call_problem(
        self, seat: Seat, trick: int, made: Sequence[CallMade], by: Seat
    ) -> CallProblem | None:
        """What play checks of a call besides the moment: not the caller's own seat, not in
        the calls `made` before, and a trick that seat has played in."""
        if seat == by:
            return "own"
        if any((call.seat, call.trick) == (seat, trick) for call in made):
            return "again"
        tricks = self._tricks_so_far()
        if not 0 <= trick < len(tricks) or (seat - tricks[trick][0]) % 4 >= len(tricks[trick][1]):
            return "unplayed"
        return None

    def take_back(self) -> tuple[Seat, Card]:
        """The teacher takes back the last card a person played in this deal, and the
        computers' cards after it: that person is to play again, with the card back in their
        hand (the computers play on from there as before). The decision it was stays among the
        steps: it was made. Returns (seat, card); a `TableError` when there is none to take
        back: no person's card in the trick on the table, or something was said on it (roem
        declared, a revoke called), which a card taken back would make untrue."""
        cards = self.record.cards
        first = 4 * self.record.turned  # the first card of the trick not turned yet
        placed = self._tricks_so_far()
        seats = [Seat((leader + i) % 4) for leader, trick in placed for i in range(len(trick))]
        mine = [n for n in range(first, len(cards)) if seats[n] in self.humans]
        if not mine:
            raise TableError("no card of a person lies in the trick on the table")
        trick = mine[-1] // 4
        said = {*self.record.claimed, *(t for _, t in self.record.called)}
        said |= {call.trick for call in self.record.revoke_calls}
        if any(number >= trick for number in said):
            raise TableError("something was said on this trick: its cards stay")
        data = self.to_dict()
        data["deals"][-1]["cards"] = [str(card) for card in cards[: mine[-1]]]
        taken = (seats[mine[-1]], cards[mine[-1]])
        self.__dict__.update(TableGame.from_dict(data).__dict__)
        return taken

    def calls(self, number: int | None = None) -> set[tuple[Seat, int]]:
        """The "verzaakt!" calls of a deal (the current one by default), as seat and trick: the
        people's, and the computers' on the people's revokes."""
        record = self.records[self.deal_number if number is None else number]
        return {*((call.seat, call.trick) for call in record.revoke_calls), *record.called}

    def counted_revoke(self, number: int | None = None) -> Revoke | None:
        """The revoke that loses a deal (the current one by default) as it stands, decided by
        the core: the first played of those called."""
        number = self.deal_number if number is None else number
        played = self._deal if number == self.deal_number else self._replayed(number)
        return counted_revoke(played.revokes, self.calls(number))

    def _verdict_of(self, seat: Seat, trick: int) -> Verdict:
        """Whether `seat`'s card in `trick` was allowed, from the hand it held then."""
        deal = self._deal
        tricks = self._tricks_so_far()
        leader, cards = tricks[trick]
        position = (seat - leader) % 4
        later = [
            played[(seat - first) % 4]
            for first, played in tricks[trick:]
            if (seat - first) % 4 < len(played)
        ]
        hand = (*deal.hand(seat), *later)
        return check_card(cards[position], hand, cards[:position], deal.trump, self.rules)

    def _tricks_so_far(self) -> list[tuple[Seat, tuple[Card, ...]]]:
        """The deal's tricks, the one being played last (its leader and cards so far)."""
        return [*self._deal.tricks, (self._deal.leader, tuple(self._deal.current))]

    def _missed_revokes(self) -> None:
        """The last trick is turned: a revoke nobody called is a decision missed by each person
        of the other pair."""
        calls = self.calls()
        for revoke in self._deal.revokes:
            if (revoke.seat, revoke.trick) in calls:
                continue
            rule = revoke.verdict.rule
            for seat in self.humans:
                if seat.pair != revoke.seat.pair:
                    self._step(
                        revoke.trick, "who-revoked", RevokeAnswer().to_dict(), correct=False,
                        rule=rule, tags=(rule, RuleId.PLAY_REVOKE), card=revoke.card, seat=seat,
                    )  # fmt: skip

    def _watched(self) -> list[Seat]:
        """The people whose revokes a computer sits against, to call them."""
        humans = set(self.humans)
        return [seat for seat in self.humans if {seat.left, seat.partner.left} - humans]

    def next_deal(self) -> None:
        self._require("score")
        self.recent = []
        self._start_deal()
        self._advance()

    # --- scores ---

    def score(self, deal: int | None = None) -> DealScore:
        """The score of a finished deal (the current one by default)."""
        number = self.deal_number if deal is None else deal
        played = self._deal if number == self.deal_number else self._replayed(number)
        # Stuk from hand (a variant) is announced with its second card, by the learner as
        # by the computers: it counts apart from the roem declared on that card's trick.
        return played.score(
            declared=self._declared(number, played),
            stuk_announced=True,
            called=self.calls(number),
        )

    def match(self) -> Match:
        """The score sheet: one line per finished deal."""
        sheet = Match.for_rules(self.rules)
        for number in range(len(self.records)):
            if number < self.deal_number or self._deal.phase == "finished":
                sheet.add(self.score(number))
        return sheet

    def steps(self) -> list[TableStep]:
        return [step for record in self.records for step in record.steps]

    # --- inside ---

    def _start_deal(self) -> None:
        self.records.append(_DealRecord())
        self._deal = dealt(
            self.seed, self.deal_number, self.rules, self.first_dealer, referee=self.mode == "club"
        )

    def _check_calls(self, number: int) -> None:
        """A saved deal's calls as play makes them, or a `TableError` naming the first that
        does not fit: the learner's at a club table only, each as `revoke_call_problem`
        allows it; the computers' on the learner's revokes in tricks turned, on the one that
        counts at least."""
        record, deal = self.record, self._deal
        where = f"saved deal {number + 1}"
        for index, (seat, trick, by) in enumerate(record.revoke_calls):
            made = record.revoke_calls[:index]
            problem = "table" if self.mode != "club" else self._call_problem(seat, trick, made, by)
            if by not in self.humans:
                raise TableError(f"{where}: a call by {by.name}, where the computer plays")
            if problem is not None:
                words = CALL_PROBLEMS[problem].format(seat=seat.name, trick=trick + 1)
                raise TableError(f"{where}: the call on {seat.name} in trick {trick + 1}: {words}")
        watched = set(self._watched())
        mine = {
            (r.seat, r.trick) for r in deal.revokes if r.seat in watched and r.trick < record.turned
        }
        wrong = sorted(trick + 1 for _, trick in record.called - mine)
        if wrong:
            raise TableError(f"{where}: no revoke of yours in a trick turned to call in {wrong}")
        said = {(call.seat, call.trick) for call in record.revoke_calls}
        first = counted_revoke(deal.revokes, {*said, *mine})
        if first is not None and (first.seat, first.trick) in mine - record.called:
            raise TableError(
                f"{where}: your revoke in trick {first.trick + 1} counts, but no call on it"
            )

    def _finish_check(self) -> None:
        if self._deal.phase != "finished" or self.record.turned != 8:
            raise TableError("a saved deal before the last one is not finished")

    def _require(self, phase: Phase) -> None:
        if self.phase != phase:
            raise TableError(f"this move needs the game to be at {phase}, it is at {self.phase}")

    def _apply_call(self, call: str) -> None:
        seat = self._deal.choice.to_speak
        if call == "pass":
            self._deal.pass_trumps()
        else:
            self._deal.name_trumps(Suit.parse(call))
        self.record.calls.append(call if call == "pass" else Suit.parse(call).symbol)
        if seat is not None and seat not in self.humans:
            self.recent.append((seat, self.record.calls[-1]))

    def _play(self, card: Card) -> None:
        seat = self._deal.to_move
        self._deal.play(card)
        self.record.cards.append(card)
        if seat not in self.humans:
            self.recent.append((seat, card))

    def _advance(self) -> None:
        """Let the computer players speak and play until the learner is to act or a trick
        lies on the table to be turned."""
        while True:
            deal = self._deal
            if deal.phase == "choosing":
                if deal.choice.to_speak is None or deal.choice.to_speak in self.humans:
                    return
                self._apply_call(computer_call(deal, self.player, self._rng()))
            elif self.phase == "play" and deal.to_move not in self.humans:
                self._play(self._computer_card(deal))
            else:
                return

    def _computer_card(self, deal: Deal) -> Card:
        """The computer's card; at a club table an opponent now and then revokes instead (once
        a deal at most), for the learner to call."""
        rng = self._rng()
        card = computer_card(deal, self.player, rng)
        seat = deal.to_move
        against = any(human.pair != seat.pair for human in self.humans)  # someone to call it
        if self.mode != "club" or not against or deal.revokes:
            return card
        illegal = illegal_cards(deal)
        if illegal and rng.random() < REVOKE_RATES[self.revokes]:
            return illegal[rng.randrange(len(illegal))]
        return card

    def _rng(self) -> random.Random:
        moves = len(self.record.calls) + len(self.record.cards)
        return random.Random(f"{self.seed}/{self.deal_number}/{moves}")

    def _judge(self, cards: Sequence[Card]) -> TrickJudgement:
        return judge_trick(cards, self._deal.trump, self.rules)

    def _step(self, trick: int, question: str, reply: Mapping[str, Any], **facts: Any) -> TableStep:
        step = TableStep(self.deal_number, trick, question, reply, **facts)
        self.record.steps.append(step)
        return step

    def _roem_step(
        self,
        number: int,
        amount: int,
        correct: bool,
        rule: RuleId,
        items: Sequence[RoemItem],
        seat: Seat,
    ) -> TableStep:
        reply = TrickCount(roem=amount).to_dict()
        deciding = [item.rule for item in items] if items else ROEM_KINDS
        tags = (rule, *dict.fromkeys(r for r in deciding if r is not rule))
        if RuleId.ROEM_DECLARE not in tags:
            tags = (*tags, RuleId.ROEM_DECLARE)
        return self._step(
            number, "count-trick", reply, correct=correct, rule=rule, tags=tags, hinted=False,
            seat=seat,
        )  # fmt: skip

    def roem_question(self, number: int) -> TrickContent:
        """The trick as a count-trick question asking only its roem (the stored reply's)."""
        leader, cards = self._deal.tricks[number]
        return TrickContent(self._deal.trump, cards, ("roem",), leader, number + 1)

    def _declared(self, number: int, deal: Deal) -> set[int]:
        """The tricks people declared on, plus the roem of the pairs only computers play: the
        computers declare all."""
        declared = set(self.records[number].declared)
        people = {seat.pair for seat in self.humans}
        for trick, (leader, cards) in enumerate(deal.tricks):
            winner = Seat((leader + judge_trick(cards, deal.trump, self.rules).winner) % 4)
            if winner.pair not in people:
                declared.add(trick)
        return declared

    def _replayed(self, number: int) -> Deal:
        record = self.records[number]
        deal = dealt(self.seed, number, self.rules, self.first_dealer, referee=self.mode == "club")
        _replay(deal, record)
        return deal


def _replay(deal: Deal, record: _DealRecord) -> None:
    """Make a deal's recorded calls and cards on the core's `Deal`, which checks each."""
    replay_calls(deal, record.calls)
    for card in record.cards:
        deal.play(card)


def illegal_cards(deal: Deal) -> list[Card]:
    """The cards in the hand of the player to move that the rules forbid now (a revoke)."""
    legal = deal.legal_cards()
    return [card for card in deal.hand(deal.to_move) if card not in legal]


def replay_calls(deal: Deal, calls: Sequence[str]) -> None:
    """Make the recorded trump calls ("pass" or a suit) on the core's `Deal`."""
    for call in calls:
        if call == "pass":
            deal.pass_trumps()
        else:
            deal.name_trumps(call)


#: The roem kinds a trick can hold; a trick without roem is a question about each of them.
ROEM_KINDS: Final = (
    RuleId.ROEM_RUN_OF_THREE, RuleId.ROEM_RUN_OF_FOUR, RuleId.ROEM_STUK, RuleId.ROEM_FOUR_OF_A_KIND,
)  # fmt: skip


def claim_rule(amount: int, judged: TrickJudgement) -> RuleId:
    """The rule a roem claim of `amount` on this trick answers: the trick's own roem where it
    holds some (four 7s, worth 0, too); else the kind the amount names, the one the learner
    thought they saw: 20 or 40 a run of three (stuk where a trump king or queen lies in the
    trick), 50 or 70 a run of four, 100 and more four of a kind.

    >>> claim_rule(20, judge_trick("K♥ 8♠ Q♣ 7♦", "♥")).value
    'roem.stuk'
    >>> claim_rule(50, judge_trick("7♠ 8♠ 10♠ J♠", "♥")).value
    'roem.run-of-four'
    """
    if judged.roem:
        return judged.roem[0].rule
    if amount >= 100:
        return RuleId.ROEM_FOUR_OF_A_KIND
    if amount in (50, 70):
        return RuleId.ROEM_RUN_OF_FOUR
    royal = any(c.suit is judged.trump and c.rank in (Rank.KING, Rank.QUEEN) for c in judged.cards)
    return RuleId.ROEM_STUK if royal else RuleId.ROEM_RUN_OF_THREE


def first_dealer_of(seed: int) -> Seat:
    """Who deals first in the match with this number."""
    return Seat(random.Random(f"{seed}/dealer").randrange(4))


def dealt(
    seed: int,
    number: int,
    rules: RuleSet,
    first_dealer: Seat | None = None,
    *,
    referee: bool = False,
) -> Deal:
    """Deal `number` (0-based) of the match with this seed, as dealt: the same cards for
    everyone who plays that match number."""
    start = first_dealer_of(seed) if first_dealer is None else first_dealer
    dealer = Seat(Match.dealer_of(number, start))
    hands = deal_hands(random.Random(f"{seed}/{number}"), dealer)
    return Deal(hands, dealer, rules, referee=referee)


def computer_play(
    seed: int, rules: RuleSet | str, level: str = "basic", *, revoke: bool = False
) -> Deal:
    """The first deal of the match with this seed played by four computer players: how the
    cards can go, for a teacher to show trick by trick. With `revoke`, East or West revokes
    once, from the third trick on at their first chance (the class calls "verzaakt!"); the
    deal is the same until then."""
    player = PLAYERS[level]()
    deal = dealt(seed, 0, resolve_rules(rules), referee=revoke)
    rng = random.Random(f"{seed}/computer")
    if not revoke:
        return play_out(deal, [player] * 4, rng)
    while deal.phase == "choosing":
        replay_calls(deal, [computer_call(deal, player, rng)])
    chance = random.Random(f"{seed}/computer-revoke")
    while deal.phase == "playing":
        card = computer_card(deal, player, rng)
        if not deal.revokes and deal.to_move in OPPONENTS and len(deal.tricks) >= 2:
            illegal = illegal_cards(deal)
            if illegal:
                card = illegal[chance.randrange(len(illegal))]
        deal.play(card)
    return deal


def _people(humans: Sequence[Seat]) -> tuple[Seat, ...]:
    """The seats people play, checked: one to four different seats, in seat order."""
    seats = [Seat(_whole(seat, 0, 3)) for seat in humans]
    if not seats or len(set(seats)) < len(seats):
        raise TableError(f"humans must be one to four different seats, got {list(humans)!r}")
    return tuple(sorted(seats))


def _seat_and_trick(entry: object) -> tuple[Seat, int]:
    """A saved computer's call: [seat, trick], or the trick alone (the learner's, as saved
    before club tables)."""
    if isinstance(entry, int):
        return LEARNER, _whole(entry, 0, 7)
    if not isinstance(entry, list) or len(entry) != 2:
        raise TableError(f"a saved call is [seat, trick], got {entry!r:.40}")
    return Seat(_whole(entry[0], 0, 3)), _whole(entry[1], 0, 7)


def _call_made(entry: object) -> CallMade:
    """A saved "verzaakt!": [seat, trick, caller], or [seat, trick] (the learner's)."""
    if not isinstance(entry, list) or len(entry) not in (2, 3):
        raise TableError(f"a saved revoke call is [seat, trick, caller], got {entry!r:.40}")
    by = Seat(_whole(entry[2], 0, 3)) if len(entry) == 3 else LEARNER
    return CallMade(Seat(_whole(entry[0], 0, 3)), _whole(entry[1], 0, 7), by)


def _whole(value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise TableError(f"expected a whole number {low}-{high}, got {value!r}")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise TableError(f"expected true or false, got {value!r}")
    return value
