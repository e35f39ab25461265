"""Members at one table together, with AppTest (klaverjas_trainer/app/club_table_views.py): a
member opens a table, another joins it from the group's list, both sit, one deals, and they
play a whole deal from their own sessions — each sees only their own hand and taps only in
their own turn, an illegal card is refused with its rule (coach mode), and every decision is
stored as the answer of the member who made it. (A phone's rerun by the table's listener, with
no tap, is the browser test's: AppTest cannot drive it.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from klaverjas_core import Seat
from klaverjas_table import TableGame
from klaverjas_trainer.app.services import _store
from klaverjas_trainer.app.table_moves import game_of, take_seat
from klaverjas_trainer.storage.club import ClubStore
from klaverjas_trainer.storage.club_tables import ClubTable, ClubTables
from klaverjas_trainer.storage.schema import club_tables
from klaverjas_trainer.texts import card_text, seat_name

from .test_app_flows import sign_in
from .test_club_flows import TEACHER, club_of, member_session, new_session

TABLE = "klaverjas_trainer/app/pages/table_page.py"


@pytest.fixture
def club(data_dir: Path) -> ClubStore:
    _store.clear()
    made = club_of(data_dir)
    made.create_group("Thursday", "amsterdam")
    return made


def the_table(club: ClubStore) -> ClubTable:
    (table,) = ClubTables(club.store).of_group(club.groups()[0].id)
    return table


def the_game(club: ClubStore) -> TableGame:
    game = game_of(the_table(club))
    assert game is not None
    return game


def words(app: AppTest) -> str:
    shown = [*app.markdown, *app.info, *app.warning, *app.error, *app.success, *app.caption]
    return "\n".join(str(element.value) for element in shown)


def at_the_table(club: ClubStore) -> dict[Seat, AppTest]:
    """Anna opens a coach table with deal number 8 and sits South; Bert goes to it from the
    group's list and sits West; Anna deals."""
    code = club.groups()[0].code
    anna = member_session(code, "Anna")
    anna.switch_page(TABLE).run()
    anna.number_input(key="table_seed").set_value(8)
    anna.radio(key="table_mode").set_value("coach")
    anna.form_submit_button(key="table_open").click().run()
    assert not anna.exception
    assert "South: **you**" in words(anna)
    bert = member_session(code, "Bert")
    bert.switch_page(TABLE).run()
    table = the_table(club)
    assert f"Table {table.code}: Anna" in words(bert)
    bert.button(key=f"table-go-{table.id}").click().run()
    assert bert.button(key="table-sit-S").disabled  # Anna's seat
    bert.button(key="table-sit-W").click().run()
    assert not bert.exception
    assert "West: **you**" in words(bert)
    assert "The cards are not dealt yet" in words(bert)
    anna.button(key="table-deal").click().run()
    assert not anna.exception
    assert ClubTables(club.store).seats(table.id) == {int(Seat.SOUTH): 1, int(Seat.WEST): 2}
    return {Seat.SOUTH: anna, Seat.WEST: bert}


def test_two_members_play_a_deal_each_from_their_own_session(club: ClubStore) -> None:
    phones = at_the_table(club)
    refused = False
    while (game := the_game(club)).phase in ("call", "play", "trick"):
        if game.phase == "trick":
            phones[Seat.WEST].run()
            phones[Seat.WEST].button(key="table-turn").click().run()
            continue
        seat = game.to_act
        assert seat in phones
        phone, other = phones[seat], phones[Seat.WEST if seat is Seat.SOUTH else Seat.SOUTH]
        phone.run()
        other.run()
        assert "Waiting for" in words(other)
        seen = "".join(str(m.value) for m in other.markdown)
        own = Seat.WEST if seat is Seat.SOUTH else Seat.SOUTH
        assert all(f'aria-label="{card_text(c)}"' in seen for c in game.deal.hand(own))
        for hidden in (
            s for s in Seat if s is not (Seat.WEST if seat is Seat.SOUTH else Seat.SOUTH)
        ):
            assert not any(f'aria-label="{card_text(c)}"' in seen for c in game.deal.hand(hidden))
        assert not [b for b in other.button if b.key and b.key.startswith("play-")]
        if game.phase == "call":
            phone.button(key="play-call-H" if game.must_name else "play-call-pass").click().run()
            continue
        legal = game.legal_cards()
        illegal = [card for card in game.deal.hand(seat) if card not in legal]
        card = illegal[0] if illegal and not refused else next(iter(legal))
        phone.button(key=f"play-card-{card.letters()}").click().run()
        assert not phone.exception
        if card not in legal:  # coach mode: refused, with the rule, and the turn stays
            refused = True
            assert phone.error and "is not allowed" in phone.error[0].value
            assert the_game(club).to_act is seat
    assert refused
    game = the_game(club)
    assert game.phase == "score"
    for seat, phone in phones.items():
        phone.run()
        assert not phone.exception
        assert "Deal 1" in words(phone) or phone.table  # the score sheet for both
        learner = 1 if seat is Seat.SOUTH else 2
        mine = [step for step in game.steps() if step.seat is seat]
        assert len(club.store.answers(learner)) == len(mine) > 0


def test_a_code_not_of_the_group_is_refused_and_a_member_without_a_group_is_told(
    club: ClubStore,
) -> None:
    anna = member_session(club.groups()[0].code, "Anna")
    anna.switch_page(TABLE).run()
    anna.text_input(key="table_code").set_value("ZZZZZZ")
    anna.form_submit_button(key="table_code_go").click().run()
    assert "no table with the code ZZZZZZ" in words(anna)
    alone = sign_in(new_session(), "Carla")  # a learner of no club group
    alone.switch_page(TABLE).run()
    assert not alone.exception
    assert "Playing together is for members of a club group" in words(alone)


def test_the_teacher_watches_the_table_pauses_it_and_takes_back_a_card(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "klaverjas")
    _store.clear()
    club = club_of(data_dir)
    club.create_group("Thursday", "amsterdam")
    phones = at_the_table(club)
    teacher = new_session()
    teacher.switch_page(TEACHER).run()
    teacher.text_input(key="teacher_password").set_value("klaverjas")
    teacher.form_submit_button(key="teacher_sign_in").click().run()
    assert not teacher.exception
    table, game = the_table(club), the_game(club)
    shown = words(teacher)
    assert (
        f"**Table {table.code}** · North: **computer** · East: **computer** · South: **Anna**"
        in shown
    )
    html = "".join(str(m.value) for m in teacher.markdown)
    for seat in Seat:  # every hand at its seat
        for card in game.deal.hand(seat):
            assert f'aria-label="{card_text(card)}"' in html

    teacher.button(key=f"watch-hold-{table.id}").click().run()
    assert ClubTables(club.store).by_id(table.id).paused  # type: ignore[union-attr]
    while (game := the_game(club)).phase != "play" or game.to_act not in phones:
        phone = phones[game.to_act or Seat.SOUTH]  # type: ignore[index]
        ClubTables(club.store).hold(table.id, paused=False)
        phone.run()
        if game.phase == "call":
            phone.button(key="play-call-H" if game.must_name else "play-call-pass").click().run()
        else:
            phone.button(key="table-turn").click().run()
        ClubTables(club.store).hold(table.id, paused=True)
    seat = game.to_act
    assert seat is not None
    phone = phones[seat]
    phone.run()
    assert "The teacher has paused this table." in words(phone)
    card = next(iter(game.legal_cards()))
    phone.button(key=f"play-card-{card.letters()}").click().run()
    assert "The teacher has paused this table." in [w.value for w in phone.warning]
    assert the_game(club).to_act is seat  # nothing was played

    teacher.run()
    teacher.button(key=f"watch-hold-{table.id}").click().run()  # let it go on
    phone.run()
    phone.button(key=f"play-card-{card.letters()}").click().run()
    assert card not in the_game(club).deal.hand(seat)
    teacher.run()
    teacher.text_input(key=f"watch-reason-{table.id}").set_value("Look at the trumps first")
    teacher.form_submit_button(key=f"watch-back-go-{table.id}").click().run()
    assert not teacher.exception
    game = the_game(club)
    assert game.to_act is seat and card in game.deal.hand(seat)
    for each in phones.values():
        each.run()
        assert f"The teacher took back {seat_name(seat)}'s {card_text(card)}" in words(each)
        assert "Why: Look at the trumps first" in words(each)


def test_a_seat_taken_by_another_phone_meanwhile_is_said(club: ClubStore) -> None:
    code = club.groups()[0].code
    anna = member_session(code, "Anna")
    anna.switch_page(TABLE).run()
    anna.form_submit_button(key="table_open").click().run()  # any deal number
    bert = member_session(code, "Bert")
    bert.switch_page(TABLE).run()
    table = the_table(club)
    bert.button(key=f"table-go-{table.id}").click().run()
    carla = club.join(code, "Carla")
    take_seat(ClubTables(club.store), table.id, carla.id, Seat.WEST)  # her phone was first
    bert.button(key="table-sit-W").click().run()  # his screen still showed West free
    assert "Someone else took that seat just now" in words(bert)
    assert ClubTables(club.store).seats(table.id)[int(Seat.WEST)] == carla.id
    assert bert.button(key="table-sit-W").disabled


def test_the_teacher_seats_members_at_a_table_and_their_phones_go_to_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KLAVERJAS_TEACHER_PASSWORD", "klaverjas")
    _store.clear()
    club = club_of(data_dir)
    code = club.create_group("Thursday", "amsterdam").code
    anna = member_session(code, "Anna")
    bert = club.join(code, "Bert")
    teacher = new_session()
    teacher.switch_page(TEACHER).run()
    teacher.text_input(key="teacher_password").set_value("klaverjas")
    teacher.form_submit_button(key="teacher_sign_in").click().run()
    teacher.selectbox(key="watch-open-S").set_value(bert.id)
    teacher.selectbox(key="watch-open-W").set_value(bert.id)
    teacher.form_submit_button(key="watch_open").click().run()
    assert "Bert is chosen for two seats" in words(teacher)
    assert not ClubTables(club.store).of_group(club.groups()[0].id)
    teacher.selectbox(key="watch-open-S").set_value(1)  # Anna
    teacher.number_input(key="watch_open_seed").set_value(12)
    teacher.form_submit_button(key="watch_open").click().run()
    table = the_table(club)
    assert f"Table {table.code} is open" in words(teacher)
    assert ClubTables(club.store).seats(table.id) == {int(Seat.SOUTH): 1, int(Seat.WEST): bert.id}
    anna.switch_page(TABLE).run()  # straight to her seat
    assert "South: **you**" in words(anna) and "West: **Bert**" in words(anna)
    anna.button(key="table-deal").click().run()
    assert the_game(club).seed == 12 and the_game(club).humans == (Seat.SOUTH, Seat.WEST)


def test_a_table_whose_saved_match_is_damaged_is_said_and_the_page_stays(
    club: ClubStore,
) -> None:
    phones = at_the_table(club)
    table = the_table(club)
    with club.store.engine.begin() as connection:  # written by something else
        connection.execute(
            club_tables.update().where(club_tables.c.id == table.id).values(state='{"version": 99}')
        )
    anna = phones[Seat.SOUTH]
    anna.run()
    assert not anna.exception
    assert "This table's match cannot be read" in words(anna)
    anna.switch_page(TABLE).run()  # the page again: still said, nothing breaks
    assert not anna.exception and "This table's match cannot be read" in words(anna)
