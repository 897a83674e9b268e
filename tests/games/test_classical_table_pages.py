"""The small things a classical table expects (issue 13, item 5): who started the round,
"new game" seating the last table again, and no "Add hand" once the game is over."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import RuleSet, Session
from tests.games import test_session_rules as services_tests
from tests.games.session_rules import SEQUENCE, record

house = services_tests.house
game = services_tests.game


def test_the_status_names_who_started_the_round_beside_east(
    as_bob: Client, game: Session, alice: User
) -> None:
    record(game, SEQUENCE[:2], alice)  # David won hand 1: Larry deals; Keith began the round
    page = as_bob.get(f"/c/dragons/sessions/{game.pk}/").content.decode()
    assert "East is <strong>Larry</strong>" in page
    assert "<strong>Keith</strong> started the round" in page


def test_a_new_game_offers_the_last_tables_players_in_their_seats(
    as_alice: Client, game: Session
) -> None:
    form = as_alice.get("/c/dragons/sessions/new/").context["form"]
    seated = [form[f"seat_{n}"].value() for n in range(4)]
    assert seated == [seat.player_id for seat in game.seats.order_by("position")]
    by_season = as_alice.get(f"/c/dragons/sessions/new/?season={game.season_id}")
    assert by_season.context["form"]["seat_0"].value() == seated[0]


def test_add_hand_is_hidden_once_the_game_is_over(
    as_bob: Client, house: RuleSet, alice: User
) -> None:
    season = services.season_save(club=house.club, name="Pairs", rule_set=house)
    pair = [services.player_create(club=house.club, name=name) for name in ("Ann", "Ben")]
    two = services.session_start(
        season=season, played_on=dt.date(2026, 5, 2), players=pair, by=alice
    )
    # At a table of two the deal passes at each win by the other player; the deal comes
    # back to Ann after two hands, ending a round: eight such hands end the North round.
    wins = [{"mahjong": (n + 1) % 2, "players": [{}, {}]} for n in range(7)]
    record(two, wins, alice)
    page = as_bob.get(f"/c/dragons/sessions/{two.pk}/").content.decode()
    assert 'id="add-hand"' in page
    record(two, [{"mahjong": 0, "players": [{}, {}]}], alice)
    page = as_bob.get(f"/c/dragons/sessions/{two.pk}/").content.decode()
    assert "The game is over" in page and 'id="add-hand"' not in page


def seat_order(page: str) -> list[str]:
    table = page[page.index('<table class="stakes">') :]
    table = table[: table.index("</table>")]
    return [chunk.split('"')[0] for chunk in table.split('<tr data-seat="')[1:]]


def test_rotate_puts_any_seat_at_the_bottom_of_the_table_view(
    as_bob: Client, game: Session
) -> None:
    url = f"/c/dragons/sessions/{game.pk}/"
    assert seat_order(as_bob.get(url).content.decode()) == ["0", "1", "2", "3"]
    page = as_bob.get(url, {"bottom": "1"}).content.decode()
    assert seat_order(page) == ["2", "3", "0", "1"]
    assert 'href="?bottom=2#table-state"' in page
    for garbled in ("9", "x", "-1"):
        assert seat_order(as_bob.get(url, {"bottom": garbled}).content.decode())[0] == "0"
