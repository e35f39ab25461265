"""What the Play page draws: the table with the trick by seat (the computers' cards arriving one
by one), the feedback on the learner's last move, the calls so far, the score sheet and the
review of a deal. Every sentence comes from the catalogue, worded from the core's facts."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import Final

import pandas as pd
import streamlit as st

from klaverjas_core import (
    PLAIN_ORDER,
    TRUMP_ORDER,
    Card,
    DealScore,
    Revoke,
    RoemItem,
    RuleId,
    Seat,
    Suit,
    judge_trick,
)
from klaverjas_questions import fact
from klaverjas_questions.count_trick import TrickCount
from klaverjas_questions.facts import reason, revoke_fact, roem_facts, score_facts, verdict_fact
from klaverjas_table import (
    LEARNER,
    CallOutcome,
    Outcome,
    PlayOutcome,
    RevokeCall,
    RoemOutcome,
    TableGame,
    TableStep,
    TurnOutcome,
)
from klaverjas_trainer.app.board import show_cards
from klaverjas_trainer.app.in_view import keep_in_view, refuse
from klaverjas_trainer.app.play import MoveFailed
from klaverjas_trainer.app.questions import missing
from klaverjas_trainer.app.services import PACES, Profile
from klaverjas_trainer.app.table_view import table_html
from klaverjas_trainer.texts import (
    bound,
    card_text,
    current,
    explain,
    rule_statement,
    rule_title,
    say,
    seat_name,
    t,
)
from klaverjas_trainer.texts.answers import pair_name

#: The roem a learner may declare on a trick.
ROEM_AMOUNTS: Final = (20, 40, 50, 70, 100, 120, 200)
#: Seconds between two computer cards for each pace a learner can choose (`Profile.pace`),
#: so a learner can follow them; the environment variable sets the seconds of the paces that
#: wait (0 in tests), "instant" never waits.
PACE_ENV: Final = "KLAVERJAS_PLAY_PACE"
PACE_SECONDS: Final = {"normal": 0.7, "quick": 0.25, "instant": 0.0}
DEFAULT_PACE: Final = PACE_SECONDS[PACES[0]]


def pace(choice: str = PACES[0]) -> float:
    """Seconds between two computer cards at this pace."""
    seconds = PACE_SECONDS.get(choice, DEFAULT_PACE)
    fixed = os.environ.get(PACE_ENV)
    if not seconds or fixed is None:
        return seconds
    try:
        return max(0.0, min(3.0, float(fixed)))
    except ValueError:
        return seconds


def sorted_hand(cards: tuple[Card, ...], trump: Suit | None) -> list[Card]:
    """Trumps first, then the other suits, each from high to low in its own order."""

    def key(card: Card) -> tuple[int, int, int]:
        in_trumps = card.suit is trump
        order = TRUMP_ORDER if in_trumps else PLAIN_ORDER
        return (0 if in_trumps else 1, card.suit.value, order.index(card.rank))

    return sorted(cards, key=key)


def show_table(game: TableGame, profile: Profile, arriving: Sequence[Card] = ()) -> None:
    """The table as it stands; cards the computers just played arrive one by one."""
    deal = game.deal
    trump = None if deal.phase == "choosing" else deal.trump
    waiting = game.waiting_trick
    winner = None
    if waiting is not None:
        leader, cards = waiting
        winner = game.trick_winner(game.record.turned)
        centre = t("trick-taken", seat=seat_name(winner))
    else:
        leader, cards = deal.leader, tuple(deal.current)
        playing = trump is not None and len(deal.tricks) < 8
        centre = t("trick-n", n=len(deal.tricks) + 1) if playing else ""
    on_table = {Seat((leader + i) % 4): card for i, card in enumerate(cards)}
    if deal.phase == "choosing":
        to_act = deal.choice.to_speak
    else:
        to_act = deal.to_move if game.phase == "play" else None
    picture = st.empty()

    def draw(shown: dict[Seat, Card], taking: Seat | None) -> None:
        picture.markdown(
            table_html(
                dealer=game.dealer,
                trick=shown,
                trump=trump,
                choosers=None if trump is None else deal.choosers,
                to_act=to_act,
                winner=taking,
                centre=centre,
                four_colour=profile.four_colour,
            ),
            unsafe_allow_html=True,
        )

    arriving = [card for card in arriving if card in on_table.values()]
    delay = pace(profile.pace)
    if delay > 0 and arriving:
        shown = {seat: card for seat, card in on_table.items() if card not in arriving}
        for card in arriving:
            draw(shown, None)
            time.sleep(delay)
            shown[next(seat for seat, c in on_table.items() if c is card)] = card
    draw(on_table, winner)
    if trump is not None:
        chooser = deal.choice.chooser
        assert chooser is not None
        pair = pair_name(deal.choosers)
        words = t("play-trumps", trump=trump.symbol, seat=who(chooser), pair=pair)
        if len(game.record.calls) > 1 and game.record.turned == 0:  # said until trick 1 is turned
            words = f"{words} {bidding(game)}"
        st.markdown(words)


def who(seat: Seat, you: Seat = LEARNER) -> str:
    """A seat's name, with "you" for the learner's (at `you`)."""
    return t("seat-you", seat=seat_name(seat)) if seat is you else seat_name(seat)


def roem_words(items: tuple[RoemItem, ...]) -> str:
    return explain(roem_facts(items))


def show_table_news(game: TableGame) -> None:
    """What the computers say at a trick on the table: the opponents declare their roem."""
    waiting = game.waiting_trick
    if waiting is None:
        return
    winner = game.trick_winner(game.record.turned)
    if winner.pair == LEARNER.pair:
        return
    judged = judge_trick(waiting[1], game.deal.trump, game.rules)
    if judged.roem:
        words = t("roem-declared-by", seat=seat_name(winner), roem=judged.roem_points)
        st.info(f"{words} {roem_words(judged.roem)}", icon=":material/campaign:")


def calls_made(game: TableGame) -> list[tuple[Seat, str]]:
    """Each call of the deal so far with its seat, from the first hand on."""
    first = game.dealer.left
    return [(Seat((first + number) % 4), call) for number, call in enumerate(game.record.calls)]


def bidding(game: TableGame, you: Seat = LEARNER) -> str:
    """Each seat's call of the deal, from the first hand on ("Choosing trumps: West passed,
    North passed, East chose ♥.", "you" for the learner at `you`); empty before the first
    call."""
    calls = [
        t("bid-pass", seat=who(seat, you))
        if call == "pass"
        else t("bid-name", seat=who(seat, you), trump=call)
        for seat, call in calls_made(game)
    ]
    return t("play-bidding", calls=", ".join(calls)) if calls else ""


def show_calls(game: TableGame) -> None:
    """What was said about trumps so far, from the first hand on."""
    said = [
        t("said-pass", seat=seat_name(seat))
        if call == "pass"
        else t("said-name", seat=seat_name(seat), trump=call)
        for seat, call in calls_made(game)
    ]
    if said:
        st.markdown(" ".join(said))


#: The scroll script's target: the container the page draws the reaction to a tap in.
REACTION_KEY: Final = "play-reaction"


def show_reaction(last: Outcome | MoveFailed | None, game: TableGame) -> None:
    """The verdict on the learner's last move where the page draws it (above the hand, near
    the trick), scrolled into view."""
    with st.container(key=REACTION_KEY):
        shown = show_feedback(last, game)
    if shown:  # the script in the sidebar: no room taken on the page (it runs folded too)
        keep_in_view(REACTION_KEY, st.sidebar)


def show_feedback(last: Outcome | MoveFailed | None, game: TableGame, seat: Seat = LEARNER) -> bool:
    """The verdict on the last move of the learner at `seat` (only moves that were stored
    reach here); False where there is nothing to say."""
    match last:
        case PlayOutcome() if game.mode == "coach":
            return _card_feedback(last)  # club mode: a revoke is called at the trick's end
        case RoemOutcome():
            _roem_feedback(last)
        case TurnOutcome():
            return _turn_feedback(game, last, seat)
        case RevokeCall():
            _revoke_call_feedback(last, seat)
        case CallOutcome(accepted=False, rule=rule):
            why = say(fact(f"fact-must-name-{rule.value}", seat=seat))
            st.error(f"{t('pass-refused')} {why}", icon=":material/block:")
        case MoveFailed(error=error):
            st.error(t("storage-error", error=error), icon=":material/warning:")
        case _:
            return False
    return True


def _card_feedback(outcome: PlayOutcome) -> bool:
    if not outcome.accepted:
        st.error(say(verdict_fact(outcome.verdict)), icon=":material/block:")
    elif outcome.step is not None and outcome.step.hinted:  # allowed, but not counted
        st.info(say(reason(outcome.verdict)), icon=":material/lightbulb:")
    elif outcome.step is not None:  # a choice with illegal cards in it, made well
        st.success(f"{t('right')} {say(reason(outcome.verdict))}", icon=":material/check_circle:")
    else:
        return False
    return True


def revoke_said(opening: str, revoke: Revoke, learner: Seat | None = LEARNER) -> str:
    """A revoke called: `opening` (who calls it, or that the learner's call was right), the
    card and the rule it broke, and what it costs. The reason speaks of the revoker ("West
    holds ♥ ..."), to "you" only when the revoker is `learner` (None: a deal nobody at the
    screen played, as on the projector)."""
    said = say(revoke_fact(revoke, learner))
    return f"{opening} {said} {rule_statement(RuleId.SCORE_REVOKE)}".strip()


def revoke_call_said(called: RevokeCall, caller: Seat = LEARNER) -> str:
    """The verdict on the learner's "verzaakt!": right (the card, the rule it broke and what
    it costs) or wrong (the card, and why that player was allowed it, said of that player)."""
    if called.right:
        revoke = Revoke(called.trick, called.seat, called.verdict)
        return revoke_said(t("revoke-call-right"), revoke, caller)
    return t(
        "revoke-call-wrong", seat=seat_name(called.seat), card=card_text(called.verdict.card),
        trick=called.trick + 1, reason=say(reason(called.verdict, called.seat)),
    )  # fmt: skip


def _revoke_call_feedback(called: RevokeCall, caller: Seat) -> None:
    """ "Verzaakt!" called right or wrong, in words (`revoke_call_said`)."""
    if called.right:
        st.success(revoke_call_said(called, caller), icon=":material/gavel:")
    else:
        st.error(revoke_call_said(called, caller), icon=":material/cancel:")


def _missed_revokes(game: TableGame, seat: Seat) -> bool:
    """At the deal's end: each opponent's revoke the learner at `seat` did not call (nobody
    did: it counted for nothing)."""
    missed = [
        step
        for step in game.record.steps
        if step.question == "who-revoked" and step.reply.get("seat") is None and step.seat is seat
    ]
    for step in missed:
        assert step.card is not None
        seat = next(r.seat for r in game.deal.revokes if r.trick == step.trick)
        words = t("revoke-missed", seat=seat_name(seat), card=card_text(step.card),
                  trick=step.trick + 1, rule=rule_title(step.rule))  # fmt: skip
        st.warning(words, icon=":material/visibility_off:")
    return bool(missed)


def revoke_call_form(game: TableGame, caller: Seat = LEARNER) -> tuple[Seat, int] | None:
    """Club mode, while the deal is played: "Verzaakt!" by the learner at `caller`, naming
    the player and the trick. The call, or None; a call that cannot be made is said here."""
    deal = game.deal
    tricks = len(deal.tricks) + (1 if deal.current else 0)
    seats = [seat for seat in Seat if seat != caller]
    with (
        st.expander(t("revoke-call-open"), icon=":material/gavel:"),
        st.form("revoke-call", border=False),
    ):
        st.caption(t("revoke-call-intro"))
        seat = st.segmented_control(
            t("revoke-call-seat"), seats, format_func=bound(seat_name), key="revoke_call_seat"
        )
        trick = st.segmented_control(
            t("revoke-call-trick"), list(range(1, tricks + 1)), key="revoke_call_trick"
        )
        sent = st.form_submit_button(t("revoke-call"), key="revoke_call_submit")
    if not sent:
        return None
    gap = missing({t("revoke-call-seat"): seat, t("revoke-call-trick"): trick})
    if gap or seat is None or trick is None:
        refuse(gap.words() if gap else "", "revoke-call-refused")
        return None
    problem = game.revoke_call_problem(Seat(seat), int(trick) - 1, by=caller)
    if problem is not None:
        words = t(f"revoke-call-{problem}", seat=seat_name(Seat(seat)), trick=int(trick))
        refuse(words, "revoke-call-refused")
        return None
    return Seat(seat), int(trick) - 1


def _roem_feedback(outcome: RoemOutcome) -> None:
    items = roem_words(outcome.items)
    if outcome.step.correct:
        st.success(t("roem-right", roem=outcome.roem, items=items), icon=":material/check_circle:")
    elif outcome.items:  # four 7s, worth 0 without four_low_100, are still said
        words = t("roem-wrong", roem=outcome.roem, amount=outcome.claimed, items=items)
        st.error(words, icon=":material/cancel:")
    else:
        st.error(t("roem-none", amount=outcome.claimed), icon=":material/cancel:")


def _turn_feedback(game: TableGame, turned: TurnOutcome, seat: Seat) -> bool:
    """What turning the trick brought, said to the learner at `seat`: roem their pair left
    undeclared, a revoke the computers called."""
    deal, number, revoke = game.deal, turned.trick, turned.revoke
    if number >= len(deal.tricks):  # a new deal began since
        return False
    missed = turned.missed_roem
    if missed is not None and missed.seat.pair != seat.pair:
        missed = None  # the other pair's to declare: not this learner's miss
    if missed is not None:
        judged = judge_trick(deal.tricks[number][1], deal.trump, game.rules)
        words = t("roem-missed", roem=judged.roem_points, items=roem_words(judged.roem))
        st.warning(words, icon=":material/visibility:")
    if revoke is not None:  # an opponent of the revoker a computer plays calls it, the next first
        caller = next(
            s for s in (revoke.seat.left, revoke.seat.left.partner) if s not in game.humans
        )
        called = t("revoke-called", seat=seat_name(caller))
        st.error(revoke_said(called, revoke, seat), icon=":material/gavel:")
    unseen = number == 7 and _missed_revokes(game, seat)
    return missed is not None or revoke is not None or unseen


def show_last_trick(game: TableGame, profile: Profile) -> None:
    """The trick turned last, card by card with who played it, and who took it."""
    number = game.record.turned - 1
    leader, cards = game.deal.tricks[number]
    captions = [seat_name(Seat((leader + i) % 4)) for i in range(4)]
    show_cards(cards, game.deal.trump, profile, captions=captions)
    st.caption(t("trick-taken", seat=seat_name(game.trick_winner(number))))


def ledger_table(score: DealScore) -> pd.DataFrame:
    """The deal's ledger for both pairs: where every point came from, then what is written."""
    last = next(item for item in score.ledger if item.rule is RuleId.POINTS_LAST_TRICK)
    bonus = [last.points if pair == last.pair else 0 for pair in (0, 1)]
    forgotten = [
        sum(item.points for item in score.ledger if not item.counted and item.pair == pair)
        for pair in (0, 1)
    ]
    rows = {
        t("ledger-cards"): [score.card_points[pair] - bonus[pair] for pair in (0, 1)],
        t("ledger-last-trick"): bonus,
        t("summary-roem"): list(score.roem),
        t("summary-undeclared"): forgotten,
        t("ledger-pit"): [100 if score.pit == pair else 0 for pair in (0, 1)],
        t("ledger-total"): list(score.totals),
        t("ledger-written"): list(score.points),
    }
    if score.tricks_won is not None:
        rows = {t("summary-tricks"): list(score.tricks_won), **rows}
    return pd.DataFrame(rows, index=[pair_name(0), pair_name(1)]).T


#: The rules behind the score sheet's words, explained under it.
SCORE_WORDS: Final = (
    RuleId.POINTS_LAST_TRICK, RuleId.SCORE_MADE, RuleId.SCORE_NAT, RuleId.SCORE_PIT,
    RuleId.ROEM_DECLARE,
)  # fmt: skip


def show_score(game: TableGame) -> None:
    """The deal's ledger for both pairs and its verdict in words (the totals are in the
    table, so the words name the verdict only)."""
    score = game.score()
    st.subheader(t("score-title", deal=game.deal_number + 1))
    st.table(ledger_table(score))
    st.markdown(explain(fact for fact in score_facts(score) if fact.key != "pair-total"))
    with st.expander(t("score-words")):
        st.markdown(f"- {t('choosers-are', pair=pair_name(score.choosers))}")
        st.markdown("\n".join(f"- {rule_statement(rule)}" for rule in SCORE_WORDS))


def show_match(game: TableGame) -> None:
    """The match's lines and totals; at its end, who won (a tie shares the win)."""
    sheet = game.match()
    lines = pd.DataFrame(
        [list(line) for line in sheet.lines],
        columns=[pair_name(0), pair_name(1)],
        index=[t("deal-n", n=n + 1) for n in range(len(sheet.lines))],
    )
    lines.loc[t("total")] = list(sheet.totals)
    st.table(lines)
    if sheet.finished:
        leaders = sheet.leaders
        if len(leaders) == 2:
            words = t("match-shared")
        else:
            words = t("match-won", pair=pair_name(leaders[0]))
        st.success(words, icon=":material/emoji_events:")


def show_review(game: TableGame, seat: Seat = LEARNER) -> None:
    """Who called what, each trick by seat, who took it, and the decisions of the learner at
    `seat`: cards beside the legal cards, roem claims beside what the trick held."""
    deal = game.deal
    if game.record.calls:
        st.markdown(bidding(game, seat))
    mine = [step for step in game.record.steps if step.seat is seat]
    steps = [s for s in mine if s.question == "card-legal" and s.card is not None]
    roem_steps = [s for s in mine if s.question == "count-trick"]
    revoke_steps = [s for s in mine if s.question == "who-revoked"]
    for number, (leader, cards) in enumerate(deal.tricks):
        taker = seat_name(game.trick_winner(number))
        played = " · ".join(
            f"{seat_name(Seat((leader + i) % 4))} {card_text(card)}" for i, card in enumerate(cards)
        )
        st.markdown(f"**{t('trick-n', n=number + 1)}**: {played} — {t('trick-taken', seat=taker)}")
        for step in (s for s in steps if s.trick == number):
            assert step.card is not None
            key = "review-right" if step.correct else "review-wrong"
            words = t(
                "review-refused" if step.refused else key,
                card=card_text(step.card),
                legal=current().cards(sorted_hand(step.legal, deal.trump)),
                rule=rule_title(step.rule),
            )
            hinted = f" ({t('review-hinted')})" if step.hinted else ""
            st.markdown(f"- {words}{hinted}")
        for step in (s for s in roem_steps if s.trick == number):
            st.markdown(f"- {roem_review(game, step)}")
        for step in (s for s in revoke_steps if s.trick == number):
            st.markdown(f"- {revoke_review(game, step)}")


def revoke_review(game: TableGame, step: TableStep) -> str:
    """A "verzaakt!" call in the review, right or wrong, or an opponent's revoke missed."""
    assert step.card is not None
    called = step.reply.get("seat")
    if called is None:
        seat = next(r.seat for r in game.deal.revokes if r.trick == step.trick)
        key = "review-revoke-missed"
    else:
        seat, key = (
            Seat(int(called)),
            "review-revoke-right" if step.correct else "review-revoke-wrong",
        )
    return t(key, seat=seat_name(seat), card=card_text(step.card), rule=rule_title(step.rule))


def roem_review(game: TableGame, step: TableStep) -> str:
    """A roem decision in the review: what the learner claimed (nothing: roem left undeclared)
    and what the trick held, item by item as the core counts it."""
    judged = judge_trick(game.deal.tricks[step.trick][1], game.deal.trump, game.rules)
    claimed = TrickCount.from_dict(step.reply).roem or 0
    items = roem_words(judged.roem)
    if not claimed:
        return t("review-roem-missed", roem=judged.roem_points, items=items)
    if step.correct:
        return t("review-roem-right", amount=claimed, items=items)
    if judged.roem:
        return t("review-roem-wrong", amount=claimed, roem=judged.roem_points, items=items)
    return t("review-roem-none", amount=claimed)
