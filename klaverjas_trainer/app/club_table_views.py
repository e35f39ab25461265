"""Members at one table, each on their own phone: open a table or join one (its code, its link
or QR), sit down, deal, and play — the member's own hand, the trick, whose turn it is and the
score, every call and card refereed by the core as at the Play table (`table_moves.py`).

The table is a fragment with the table's listener (`live_listener.py`): another member's card
reruns it at once, and a phone waiting for its turn costs no run while nothing changes.
"""

from __future__ import annotations

import contextlib
import functools
import html
import secrets
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, ParamSpec

import streamlit as st

from klaverjas_core import Seat, Suit
from klaverjas_table import DEFAULT_REVOKES, MODES, PLAYERS, Outcome, TableError, TableGame
from klaverjas_trainer.app.board import page_style, show_cards, trump_buttons_css
from klaverjas_trainer.app.cards import card_label, suit_label
from klaverjas_trainer.app.in_view import refuse
from klaverjas_trainer.app.join_link import qr_svg
from klaverjas_trainer.app.live_feed import TABLE_FEED
from klaverjas_trainer.app.live_listener import listen_to_table
from klaverjas_trainer.app.markup import md_escape, problem_words
from klaverjas_trainer.app.numbers import MATCH_NUMBER, whole_number_input
from klaverjas_trainer.app.play import MoveFailed
from klaverjas_trainer.app.play_views import (
    ROEM_AMOUNTS,
    revoke_call_form,
    show_feedback,
    show_match,
    show_review,
    show_score,
    sorted_hand,
)
from klaverjas_trainer.app.services import Profile, club, storage_problems_said, store
from klaverjas_trainer.app.table_moves import (
    NotSeatedError,
    NotYourTurnError,
    TableMove,
    TableMoveError,
    TableNotDealtError,
    TablePausedError,
    TableSetup,
    call,
    call_revoke,
    come_back,
    declare,
    game_of,
    make_move,
    next_deal,
    open_table,
    play,
    setup_of,
    start,
    take_back,
    take_seat,
    taken_back,
    turn_trick,
)
from klaverjas_trainer.app.table_presence import takes_over_at
from klaverjas_trainer.app.table_view import table_html
from klaverjas_trainer.storage import InputError, StorageError
from klaverjas_trainer.storage.club import Group
from klaverjas_trainer.storage.club_tables import (
    ClubTable,
    ClubTables,
    Seated,
    SeatTakenError,
    TableMovedError,
)
from klaverjas_trainer.storage.db import DamagedRowError
from klaverjas_trainer.texts import bound, card_text, nt, rule_set_words, rule_title, seat_name, t
from klaverjas_trainer.texts.answers import pair_name

#: The query parameter of a table's link (its QR code): the phone lands at that table.
TABLE_PARAMETER: Final = "table"
#: The session's table: the id of the table this phone is at.
CHOSEN: Final = "club_table_id"


P = ParamSpec("P")

#: The words for a move the table refuses before the rules are asked.
REFUSED: Final[dict[type[TableMoveError], str]] = {
    NotSeatedError: "together-not-seated",
    NotYourTurnError: "together-not-your-turn",
    TablePausedError: "together-paused",
    TableNotDealtError: "together-waiting-start",
}


@dataclass(frozen=True, slots=True)
class Refused:
    """A tap the table did not take, and why (said on the phone, nothing stored)."""

    words: str


def tables() -> ClubTables:
    return ClubTables(store())


def _safely(callback: Callable[P, None]) -> Callable[P, None]:
    """A button's callback whose database failure (or a table gone or unreadable) is kept for
    the next draw to say, instead of a traceback on the page."""

    @functools.wraps(callback)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            callback(*args, **kwargs)
        except (StorageError, DamagedRowError, LookupError) as error:
            st.session_state["table_last"] = MoveFailed(str(error))

    return run


@contextlib.contextmanager
def table_problems_said() -> Iterator[None]:
    """A database that fails, or a table whose saved match cannot be read, is said where the
    table would be; the rest of the page stays (the members' answers are stored apart)."""
    with storage_problems_said():
        try:
            yield
        except (DamagedRowError, TableError, LookupError) as problem:
            st.error(t("together-damaged"), icon=":material/warning:")
            st.caption(str(problem)[:200])


def table_url(page_url: str, code: str) -> str:
    """The link to the table `code` on the server that served `page_url`.

    >>> table_url("https://club.example/teacher?x=1", "KT4M9P")
    'https://club.example/table?table=KT4M9P'
    """
    parts = urllib.parse.urlsplit(page_url)
    query = urllib.parse.urlencode({TABLE_PARAMETER: code})
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/table", query, ""))


def phone_tables(current: Profile) -> None:
    """The Table page of a member: the table they are at, else the ways to one."""
    group = current.group
    if group is None:
        st.info(t("together-no-group"), icon=":material/groups:")
        return
    with storage_problems_said():
        _arrived_by_link(group.id)
        if CHOSEN not in st.session_state and current.learner is not None:
            # first visit: the table the member sits at (the teacher may have seated them)
            st.session_state[CHOSEN] = _seated_at(group.id, current.learner.id)
        chosen = st.session_state.get(CHOSEN)
        if chosen is None:
            choose_table(current)
            return
    table_phone(int(chosen), current)


def _arrived_by_link(group_id: int) -> None:
    """A phone that came by a table's link (or QR) is at that table, if it is its group's."""
    code = st.query_params.get(TABLE_PARAMETER)
    if not code:
        return
    del st.query_params[TABLE_PARAMETER]  # once: "leave the table" is not undone by a rerun
    table = tables().by_code(code)
    if table is None or table.group_id != group_id:
        st.warning(t("together-code-unknown", code=code.strip()[:12]), icon=":material/help:")
        return
    st.session_state[CHOSEN] = table.id


def choose_table(current: Profile) -> None:
    """The group's tables of this evening (join one), a code to type, or a new table."""
    group, learner = current.group, current.learner
    assert group is not None and learner is not None
    found = tables().of_group(group.id)
    names = _names(group.id)
    if found:
        st.markdown(f"**{t('together-open-ones')}**")
    for table in found:
        seats = tables().seats(table.id)
        people = ", ".join(names.get(who, "?") for who in seats.values()) or t("together-nobody")
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(t("together-row", code=table.code, people=md_escape(people)))
            st.button(
                t("together-go"), key=f"table-go-{table.id}", on_click=_choose, args=(table.id,)
            )
    with st.form("table-code-form"):
        code = st.text_input(t("together-code-field"), max_chars=12, key="table_code")
        sent = st.form_submit_button(t("together-code-go"), key="table_code_go")
    if sent:
        typed = tables().by_code(code or "")
        if typed is None or typed.group_id != group.id:
            refuse(t("together-code-unknown", code=(code or "").strip()[:12]), "table-code-refused")
        else:
            _choose(typed.id)
            st.rerun()
    with st.expander(t("together-new"), icon=":material/add:"), st.form("table-new-form"):
        fields = _setup_fields("table")
        opened = st.form_submit_button(t("together-open"), type="primary", key="table_open")
    setup = _read_setup(group, *fields, refused="table-open-refused") if opened else None
    if setup is not None:
        opened_table = open_table(tables(), group.id, learner.id, setup, Seat.SOUTH)
        TABLE_FEED.poke()
        _choose(opened_table.id)
        st.rerun()


def _setup_fields(prefix: str) -> tuple[object, object, object]:
    """A new table's choices in a form: coach or club, the computers' level, the match number
    (the same number: the same cards at every table)."""
    mode = st.radio(
        t("play-mode"), MODES, format_func=bound(lambda m: t(f"play-mode-{m}")),
        key=f"{prefix}_mode",
    )  # fmt: skip
    level = st.radio(
        t("play-level"), list(PLAYERS), format_func=bound(lambda n: t(f"play-level-{n}")),
        horizontal=True, key=f"{prefix}_level",
    )  # fmt: skip
    seed = whole_number_input(
        t("play-seed"), MATCH_NUMBER.low, MATCH_NUMBER.high, key=f"{prefix}_seed"
    )
    return mode, level, seed


def _read_setup(
    group: Group, mode: object, level: object, seed: object, *, refused: str
) -> TableSetup | None:
    """The set-up the form's choices make, or None when the number is refused (said)."""
    try:
        number = MATCH_NUMBER.read(seed)
    except InputError as problem:
        refuse(t("problem", problem=problem_words(problem)), refused, error=True)
        return None
    if number is None:
        number = secrets.randbelow(MATCH_NUMBER.high) + 1  # "any deal": drawn here
    return TableSetup(group.rules, str(mode), str(level), number, DEFAULT_REVOKES)


def _seated_at(group_id: int, learner_id: int) -> int | None:
    """The newest table of the group this evening where the member has a seat."""
    mine = [
        t.id for t in tables().of_group(group_id) if learner_id in tables().seats(t.id).values()
    ]
    return mine[-1] if mine else None


def _choose(table_id: int | None) -> None:
    st.session_state[CHOSEN] = table_id
    st.session_state.pop("table_last", None)


def _names(group_id: int) -> dict[int, str]:
    return {member.id: member.name for member in club().members(group_id)}


@st.fragment
def table_phone(table_id: int, current: Profile) -> None:
    """The member's phone at the table: it reruns on its own when the table changes."""
    learner, group = current.learner, current.group
    assert learner is not None and group is not None
    with table_problems_said():
        table = tables().by_id(table_id)
        if table is None or table.group_id != group.id:
            _choose(None)
            st.rerun(scope="app")
        assert table is not None
        seated = _seated(table.id)
        mine = next(
            (seat for seat, member in seated.items() if member.learner_id == learner.id), None
        )
        if mine is not None and seated[mine].gone_at is not None:  # back after a dropped line
            come_back(tables(), table.id, mine)
            table, seated = tables().by_id(table.id) or table, _seated(table.id)
        listen_to_table(table.id, table.version, key="table_phone_ear",
                        seat=None if mine is None else int(mine))  # fmt: skip
        seats = {seat: member.learner_id for seat, member in seated.items()}
        names = _names(group.id)
        game = game_of(table)
        _table_heading(table, game)
        if table.paused:
            st.warning(t("together-paused"), icon=":material/pause_circle:")
        _say_taken_back(table)
        st.markdown(_seating(seats, names, mine))
        _say_gone(seated, names, game)
        last = st.session_state.get("table_last")
        if (mine is None or game is None) and isinstance(last, Refused | MoveFailed):
            _say_refused(last)
        if mine is None:
            _seat_choice(table, seats, learner.id)
        elif game is None:
            _before_the_deal(table, learner.id)
        else:
            people = {seat: names.get(who, "?") for seat, who in seats.items()}
            _playing(table, game, mine, learner.id, current, people)
        st.button(t("together-leave"), key="together-leave", on_click=_choose, args=(None,))


def _say_taken_back(table: ClubTable) -> None:
    taken = taken_back(table)
    if taken is not None:
        words = t("together-taken-back", seat=seat_name(taken.seat), card=card_text(taken.card))
        reason = f" {t('together-reason', reason=md_escape(taken.reason))}" if taken.reason else ""
        st.info(words + reason, icon=":material/undo:")


def _say_refused(last: Refused | MoveFailed) -> None:
    if isinstance(last, Refused):
        st.warning(last.words, icon=":material/block:")
    else:
        st.error(t("storage-error", error=last.error), icon=":material/warning:")


def _table_heading(table: ClubTable, game: TableGame | None) -> None:
    """The table's code and its link as a QR code, folded: for the members who join."""
    setup = setup_of(table)
    if game is not None:
        mode, rules = game.mode, game.rules.name
    else:
        assert setup is not None  # a table not dealt has its set-up
        mode, rules = setup.mode, setup.rules
    st.caption(
        f"{t('together-code', code=table.code)} · {t(f'play-mode-{mode}-short')} · "
        f"{rule_set_words(rules)}"
    )
    with st.expander(t("together-invite")):
        link = table_url(st.context.url or "http://localhost:8501", table.code)
        st.markdown(
            f'<span role="img" aria-label="{html.escape(t("together-qr"), quote=True)}">'
            f"{qr_svg(link, scale=5)}</span>",
            unsafe_allow_html=True,
        )
        st.caption(link)


def _seated(table_id: int) -> dict[Seat, Seated]:
    return {Seat(seat): member for seat, member in tables().seated(table_id).items()}


def _say_gone(seated: dict[Seat, Seated], names: dict[int, str], game: TableGame | None) -> None:
    """Each member whose phone has left the table: waited for, or played by the computer."""
    now = tables().store.now()
    for seat, member in seated.items():
        takes_over = takes_over_at(member)
        if takes_over is None or game is None:
            continue
        who = f"{seat_name(seat)} ({names.get(member.learner_id, '?')})"
        if seat in game.humans:
            seconds = max(1, round((takes_over - now).total_seconds()))
            words = nt("together-gone-waiting", seconds, seat=who)
        else:
            words = t("together-gone-computer", seat=who)
        st.warning(words, icon=":material/signal_disconnected:")


def _seating(seats: dict[Seat, int], names: dict[int, str], mine: Seat | None) -> str:
    """Who sits where: a member's name, "you", or the computer."""
    parts = []
    for seat in Seat:
        if seat is mine:
            who = t("together-you")
        elif seat in seats:
            who = md_escape(names.get(seats[seat], "?"))
        else:
            who = t("together-computer")
        parts.append(f"{seat_name(seat)}: **{who}**")
    return " · ".join(parts)


def _seat_choice(table: ClubTable, seats: dict[Seat, int], learner_id: int) -> None:
    st.markdown(f"**{t('together-sit-where')}**")
    with st.container(horizontal=True):
        for seat in Seat:
            st.button(
                seat_name(seat),
                key=f"table-sit-{seat.letter}",
                disabled=seat in seats,
                on_click=_sit,
                args=(table.id, learner_id, seat),
            )


@_safely
def _sit(table_id: int, learner_id: int, seat: Seat) -> None:
    try:
        take_seat(tables(), table_id, learner_id, seat)
    except SeatTakenError:
        st.session_state["table_last"] = Refused(t("together-seat-taken"))
    except TableMovedError:
        pass  # moves came in between all along: the phone draws the table as it is
    except StorageError as error:
        st.session_state["table_last"] = MoveFailed(str(error))
    TABLE_FEED.poke()


def _before_the_deal(table: ClubTable, learner_id: int) -> None:
    st.info(t("together-waiting-start"), icon=":material/hourglass_empty:")
    st.button(
        t("play-start"),
        type="primary",
        key="table-deal",
        on_click=_start,
        args=(table.id, learner_id),
    )


@_safely
def _start(table_id: int, learner_id: int) -> None:
    with contextlib.suppress(TableMovedError):  # another member dealt first: drawn as it is
        start(tables(), table_id, learner_id)
    TABLE_FEED.poke()


@_safely
def _move(table: ClubTable, learner_id: int, move: TableMove) -> None:
    """One move from this phone, run as a button's callback: its outcome is kept to be shown
    once it is stored; a move the table refuses is said instead."""
    shown_at = st.session_state.get("table_shown_at", time.monotonic())
    try:
        _, outcome = make_move(tables(), table, learner_id, move, time.monotonic() - shown_at)
    except TableMovedError:
        return  # another phone moved first: the table is drawn as it is now
    except TableMoveError as error:
        st.session_state["table_last"] = Refused(t(REFUSED[type(error)]))
        return
    except TableError:
        return  # a second tap on a button the last move made stale
    except StorageError as error:
        st.session_state["table_last"] = MoveFailed(str(error))
        return
    st.session_state["table_last"] = outcome
    st.session_state.pop("table_shown_at", None)  # the next decision's time starts when shown
    TABLE_FEED.poke()


def _playing(
    table: ClubTable,
    game: TableGame,
    mine: Seat,
    learner_id: int,
    current: Profile,
    people: dict[Seat, str],
) -> None:
    """The match from the seat `mine`: the table, the member's hand and what they may do now
    (`people`: the members' names by seat)."""
    deal, phase = game.deal, game.phase
    trump = None if deal.phase == "choosing" else deal.trump
    st.caption(_status(game), help=t("play-status-help", deals=game.rules.match_length))
    last: Outcome | MoveFailed | Refused | None = st.session_state.get("table_last")
    if phase in ("call", "play", "trick"):
        _draw_table(game, mine, current)
    if isinstance(last, Refused):
        _say_refused(last)
    else:
        show_feedback(last, game, mine)
    to_act = game.to_act
    if phase == "call" and to_act is mine:
        _call_buttons(table, learner_id, current)
    elif phase == "play" and to_act is mine:
        _card_buttons(table, game, mine, learner_id, current)
    elif phase in ("call", "play"):
        _waiting_for(to_act, people)
    if phase == "call" or (phase == "play" and to_act is not mine):
        st.caption(t("your-hand") if phase == "call" else t("your-hand-trumps"))
        show_cards(sorted_hand(deal.hand(mine), trump), trump, current)
    elif phase == "trick":
        if game.can_declare(mine):
            _roem_form(table, learner_id, game)
        st.button(t("play-turn-trick"), type="primary", key="table-turn",
                  on_click=_move, args=(table, learner_id, turn_trick()))  # fmt: skip
        st.caption(t("your-hand-trumps"))
        show_cards(sorted_hand(deal.hand(mine), trump), trump, current)
    if game.mode == "club" and phase in ("play", "trick"):
        called = revoke_call_form(game, mine)
        if called is not None:
            _move(table, learner_id, call_revoke(*called))
            st.rerun()  # the call's verdict drawn with the table (a form: no callback here)
    if phase in ("score", "over"):
        show_score(game)
        if phase == "score":
            st.button(t("play-next-deal"), type="primary", key="table-next-deal",
                      on_click=_move, args=(table, learner_id, next_deal()))  # fmt: skip
        show_match(game)
        with st.expander(t("review-title")):  # this member's own decisions
            show_review(game, mine)


def _status(game: TableGame) -> str:
    """Which deal of the match, its number, and the match's score so far."""
    sheet = game.match()
    totals = " · ".join(f"{pair_name(pair)}: {sheet.totals[pair]}" for pair in (0, 1))
    deal = t("play-status", deal=game.deal_number + 1, deals=game.rules.match_length,
             number=game.seed)  # fmt: skip
    return f"{deal} · {t('together-score', totals=totals)}"


def _call_buttons(table: ClubTable, learner_id: int, current: Profile) -> None:
    st.markdown(f"**{t('play-your-call')}**")
    with st.container(horizontal=True):
        for suit in Suit:
            st.button(
                suit_label(suit, four_colour=current.four_colour),
                key=f"play-call-{suit.letter}", on_click=_move,
                args=(table, learner_id, call(suit.symbol)),
            )  # fmt: skip
        st.button(t("play-pass"), key="play-call-pass", on_click=_move,
                  args=(table, learner_id, call("pass")))  # fmt: skip


def _card_buttons(
    table: ClubTable, game: TableGame, mine: Seat, learner_id: int, current: Profile
) -> None:
    """The member's hand as buttons, in their turn (the Play page's look: big, trumps ringed)."""
    deal = game.deal
    st.markdown(f"**{t('play-your-turn')}**")
    st.session_state.setdefault("table_shown_at", time.monotonic())
    trump_css = trump_buttons_css(deal.hand(mine), deal.trump, "play-card-")
    if trump_css:
        page_style(trump_css)
    with st.container(horizontal=True):
        for card in sorted_hand(deal.hand(mine), deal.trump):
            st.button(
                card_label(card, four_colour=current.four_colour),
                key=f"play-card-{card.letters()}", help=card_text(card),
                on_click=_move, args=(table, learner_id, play(card)),
            )  # fmt: skip


def _draw_table(game: TableGame, mine: Seat, current: Profile) -> None:
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
        centre = t("trick-n", n=len(deal.tricks) + 1) if trump is not None else ""
    st.markdown(
        table_html(
            dealer=game.dealer,
            trick={Seat((leader + i) % 4): card for i, card in enumerate(cards)},
            trump=trump,
            choosers=None if trump is None else deal.choosers,
            to_act=game.to_act,
            winner=winner,
            centre=centre,
            four_colour=current.four_colour,
            viewer=mine,
        ),
        unsafe_allow_html=True,
    )


def _waiting_for(seat: Seat | None, people: dict[Seat, str]) -> None:
    """Whose call or card the table waits for (always a member's: the computers act at once)."""
    if seat is not None:
        who = f"{seat_name(seat)} ({people.get(seat, t('together-computer'))})"
        st.info(t("together-waiting-for", seat=who), icon=":material/hourglass_top:")


def _roem_form(table: ClubTable, learner_id: int, game: TableGame) -> None:
    with st.form("table-roem"):
        st.markdown(t("roem-declare-intro"))
        amount = st.segmented_control(t("roem-amount"), ROEM_AMOUNTS, key="table_roem_amount")
        declared = st.form_submit_button(t("roem-declare"), key="table_roem_submit")
    if declared and amount is None:
        refuse(t("roem-amount"), "table-roem-missing")
    elif declared and amount is not None:
        _move(table, learner_id, declare(int(amount)))
        st.rerun()  # the verdict drawn with the trick


# --- the teacher's view of every table --------------------------------------------------------


def teacher_tables(group: Group) -> None:
    """Every table of the group this evening, live: all four hands, the trick, whose turn,
    the score, the refused tries and revokes; pause a table, take back its last card."""
    st.caption(t("together-teacher-intro"))
    names = _names(group.id)
    seat_members(group, names)
    found = tables().of_group(group.id)
    if not found:
        st.info(t("together-none"), icon=":material/table_restaurant:")
    for table in found:
        watch_table(table.id, names)


def seat_members(group: Group, names: dict[int, str]) -> None:
    """The teacher opens a table with members at its seats (a seat left empty: the computer);
    each member's phone goes to it on their Play together page."""
    with st.expander(t("together-teacher-open"), icon=":material/add:"):
        with st.form("watch-open-form"):
            chosen = {
                seat: st.selectbox(
                    seat_name(seat), [None, *names], key=f"watch-open-{seat.letter}",
                    format_func=bound(lambda i: t("together-computer") if i is None else names[i]),
                )
                for seat in Seat
            }  # fmt: skip
            fields = _setup_fields("watch_open")
            sent = st.form_submit_button(t("together-open"), type="primary", key="watch_open")
        if not sent:
            return
        seated = {seat: int(who) for seat, who in chosen.items() if who is not None}
        twice = [who for who in set(seated.values()) if list(seated.values()).count(who) > 1]
        if not seated or twice:
            words = t("together-twice", name=md_escape(names[twice[0]])) if twice else None
            refuse(words or t("together-pick-someone"), "watch-open-refused")
            return
        setup = _read_setup(group, *fields, refused="watch-open-refused")
        if setup is None:
            return
        first = min(seated)
        table = open_table(tables(), group.id, seated[first], setup, first)
        for seat, who in seated.items():
            take_seat(tables(), table.id, who, seat)
        TABLE_FEED.poke()
        st.success(t("together-opened", code=table.code), icon=":material/check_circle:")


@st.fragment
def watch_table(table_id: int, names: dict[int, str]) -> None:
    """One table on the teacher's page: it reruns on its own when the table changes."""
    with table_problems_said():
        table = tables().by_id(table_id)
        if table is None:
            return
        listen_to_table(table.id, table.version, key=f"watch-ear-{table.id}")
        seated = _seated(table.id)
        seats = {seat: member.learner_id for seat, member in seated.items()}
        with st.container(border=True, key=f"watch-{table.id}"):
            st.markdown(
                f"**{t('together-code', code=table.code)}** · {_seating(seats, names, None)}"
            )
            if table.paused:
                st.warning(t("together-paused-teacher"), icon=":material/pause_circle:")
            _say_taken_back(table)
            failed = st.session_state.pop("table_last", None)
            if isinstance(failed, MoveFailed):
                _say_refused(failed)
            game = game_of(table)
            _say_gone(seated, names, game)
            if game is None:
                st.caption(t("together-not-dealt"))
            else:
                _all_hands(game)
            _teacher_controls(table)


def _all_hands(game: TableGame) -> None:
    """The match as the teacher sees it: every hand at its seat, the trick, who is to act,
    what went wrong so far in this deal, and the score."""
    deal = game.deal
    trump = None if deal.phase == "choosing" else deal.trump
    st.caption(_status(game))
    trick = game.waiting_trick or (deal.leader, tuple(deal.current))
    leader, cards = trick
    st.markdown(
        table_html(
            dealer=game.dealer,
            trick={Seat((leader + i) % 4): card for i, card in enumerate(cards)},
            trump=trump,
            choosers=None if trump is None else deal.choosers,
            to_act=game.to_act,
            viewer=None,
            hands={seat: sorted_hand(deal.hand(seat), trump) for seat in Seat},
        ),
        unsafe_allow_html=True,
    )
    for line in _what_went_wrong(game):
        st.markdown(f"- {line}")


def _what_went_wrong(game: TableGame) -> list[str]:
    """This deal's refused tries (coach mode) and revokes (club mode), in words."""
    lines = [
        t("together-refused-try", seat=seat_name(step.seat), card=card_text(step.card),
          trick=step.trick + 1, rule=rule_title(step.rule))
        for step in game.record.steps
        if step.refused and step.card is not None
    ]  # fmt: skip
    called = game.calls()
    for revoke in game.deal.revokes:
        key = (
            "together-revoke-called" if (revoke.seat, revoke.trick) in called else "together-revoke"
        )
        lines.append(t(key, seat=seat_name(revoke.seat), card=card_text(revoke.card),
                       trick=revoke.trick + 1, rule=rule_title(revoke.verdict.rule)))  # fmt: skip
    return lines


def _teacher_controls(table: ClubTable) -> None:
    """Pause or go on, take back the last card with a reason the table is told, and open the
    table on the projector."""
    st.link_button(
        t("together-on-projector"),
        f"/projector?{TABLE_PARAMETER}={table.id}",
        icon=":material/present_to_all:",
    )
    st.button(
        t("together-go-on") if table.paused else t("together-pause"),
        key=f"watch-hold-{table.id}",
        icon=":material/play_arrow:" if table.paused else ":material/pause:",
        on_click=_hold,
        args=(table.id, not table.paused),
    )
    if game_of(table) is None:
        return
    with st.form(f"watch-back-{table.id}", border=False):
        st.text_input(t("together-reason-field"), max_chars=200, key=f"watch-reason-{table.id}")
        st.form_submit_button(t("together-take-back"), icon=":material/undo:",
                              key=f"watch-back-go-{table.id}", on_click=_take_back,
                              args=(table.id,))  # fmt: skip
    refused = st.session_state.pop(f"watch-back-refused-{table.id}", None)
    if refused:
        refuse(refused, f"watch-back-refused-{table.id}")


@_safely
def _take_back(table_id: int) -> None:
    """The take-back form's callback: the fragment's rerun then draws the table without it."""
    reason = st.session_state.get(f"watch-reason-{table_id}") or ""
    try:
        take_back(tables(), table_id, str(reason))
    except (TableError, TableMoveError):
        st.session_state[f"watch-back-refused-{table_id}"] = t("together-nothing-back")
        return
    except TableMovedError:
        st.session_state[f"watch-back-refused-{table_id}"] = t("together-moved")
        return
    TABLE_FEED.poke()


@_safely
def _hold(table_id: int, paused: bool) -> None:
    tables().hold(table_id, paused=paused)
    TABLE_FEED.poke()


# --- the projector --------------------------------------------------------------------------


@st.fragment
def projector_table(table_id: int, names: dict[int, str], current: Profile, *, hands: bool) -> None:
    """A table on the wall as it is played: who sits where, the trick by seat, whose turn, the
    score; every hand only when the teacher shows them (`hands`)."""
    with table_problems_said():
        table = tables().by_id(table_id)
        if table is None:
            return
        listen_to_table(table.id, table.version, key=f"wall-ear-{table.id}")
        seated = _seated(table.id)
        seats = {seat: member.learner_id for seat, member in seated.items()}
        st.markdown(f"**{t('together-code', code=table.code)}** · {_seating(seats, names, None)}")
        if table.paused:
            st.warning(t("together-paused"), icon=":material/pause_circle:")
        _say_taken_back(table)
        game = game_of(table)
        _say_gone(seated, names, game)
        if game is None:
            st.info(t("together-not-dealt"), icon=":material/hourglass_empty:")
            return
        deal = game.deal
        trump = None if deal.phase == "choosing" else deal.trump
        waiting = game.waiting_trick
        leader, cards = waiting or (deal.leader, tuple(deal.current))
        winner = None if waiting is None else game.trick_winner(game.record.turned)
        st.markdown(
            table_html(
                dealer=game.dealer,
                trick={Seat((leader + i) % 4): card for i, card in enumerate(cards)},
                trump=trump,
                choosers=None if trump is None else deal.choosers,
                to_act=game.to_act,
                winner=winner,
                centre="" if winner is None else t("trick-taken", seat=seat_name(winner)),
                four_colour=current.four_colour,
                viewer=None,
                hands={s: sorted_hand(deal.hand(s), trump) for s in Seat} if hands else None,
            ),
            unsafe_allow_html=True,
        )
        st.markdown(_status(game))
        if game.phase in ("score", "over"):
            show_score(game)
