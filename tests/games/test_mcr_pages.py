"""MCR through the pages: a hand from its tiles with the winds of its place in the game,
seats that change at each round, and standings with table points."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Player, RuleSet, RuleSetVersion, Session
from tests.games.pages import table_rows, text


@pytest.fixture
def mcr_rules(club: Club, alice: User) -> RuleSet:
    """Rules as stored before seating was a choice: no "seats", so seats stay fixed."""
    return services.rule_set_create(
        club=club, name="MCR", family="mcr", params={"preset": "standard"}, by=alice
    )


@pytest.fixture
def mcr_session(club: Club, mcr_rules: RuleSet, players: list[Player], alice: User) -> Session:
    season = services.season_save(club=club, name="MCR season", rule_set=mcr_rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )


# B wins off A's discard with a mixed straight (14 fan), entered by tiles.
MIXED_STRAIGHT_OFF_A = {
    "winner": "1",
    "how": "discard",
    "blamed": "0",
    "value_mode": "tiles",
    "concealed": "123m456p789s789p55s",
    "winning_tile": "7s",
}


def test_a_member_records_an_mcr_hand_from_its_tiles(as_bob: Client, mcr_session: Session) -> None:
    data = {
        "client_id": str(uuid.uuid4()),
        "action": "save",
        **MIXED_STRAIGHT_OFF_A,
        "seat_wind": "2z",
        "prevailing_wind": "1z",
    }
    response = as_bob.post(f"/c/dragons/sessions/{mcr_session.pk}/hands/new/", data)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.evaluation["total"] == 14 and hand.source == "tiles"
    assert [s.points for s in hand.scores.order_by("seat")] == [-22, 38, -8, -8]
    assert (
        "B wins 14 fan from tiles off A"
        in as_bob.get(f"/c/dragons/sessions/{mcr_session.pk}/").content.decode()
    )


def test_the_form_fills_in_the_winds_of_the_hand(
    as_bob: Client, mcr_session: Session, bob: User
) -> None:
    for _ in range(5):
        services.hand_record(session=mcr_session, hand_input={"outcome": "draw"}, by=bob)
    page = as_bob.get(f"/c/dragons/sessions/{mcr_session.pk}/hands/new/").content.decode()
    assert 'data-seat-winds="4z 1z 2z 3z"' in page  # hand 6: seat 2 deals in the South round
    assert '<option value="2z" selected>' in page


def test_standings_rank_by_table_points(
    as_charlie: Client, mcr_session: Session, bob: User, alice: User, players: list[Player]
) -> None:
    services.hand_record(
        session=mcr_session, hand_input={"outcome": "self_drawn", "winner": 0, "fan": 8}, by=bob
    )
    other = services.session_start(
        season=mcr_session.season, played_on=dt.date(2026, 6, 2), players=players, by=alice
    )
    services.hand_record(
        session=other,
        hand_input={"outcome": "discard", "winner": 1, "discarder": 2, "fan": 8},
        by=bob,
    )
    page = as_charlie.get(f"/c/dragons/seasons/{mcr_session.season_id}/").content.decode()
    assert "Table points" in page
    # Game 1: A 4, the tied B C D 1 each. Game 2: B 4, the tied A D 1.5 each, C 0.
    # So A 5.5, B 5, D 2.5, C 1.
    assert page.index(">A<") < page.index(">B<") < page.index(">D<") < page.index(">C<")
    assert ">5.5<" in page


def test_a_session_is_one_game_of_sixteen_hands(mcr_session: Session, bob: User) -> None:
    from django.core.exceptions import ValidationError

    for _ in range(16):
        services.hand_record(session=mcr_session, hand_input={"outcome": "draw"}, by=bob)
    with pytest.raises(ValidationError, match="16 hands"):
        services.hand_record(session=mcr_session, hand_input={"outcome": "draw"}, by=bob)
    assert Hand.objects.filter(session=mcr_session).count() == 16


def test_a_new_rule_set_changes_seats_at_each_round_unless_fixed(
    as_alice: Client, club: Club
) -> None:
    form = as_alice.get("/c/dragons/rules/new/mcr/").context["params_form"]
    assert form["seats"].value() == "competition"
    data = {"name": "Club MCR", "preset": "standard", "false_win_penalty": "10"}
    as_alice.post("/c/dragons/rules/new/mcr/", {**data, "scoring": "standard", "seats": "fixed"})
    version = RuleSetVersion.objects.get(rule_set__name="Club MCR")
    assert version.params["seats"] == "fixed"


def test_editing_rules_stored_before_the_choice_keeps_their_seats_fixed(
    as_alice: Client, mcr_rules: RuleSet
) -> None:
    mcr_rules.versions.update(params={"preset": "standard", "flowers": True})
    form = as_alice.get(f"/c/dragons/rules/{mcr_rules.pk}/edit/").context["params_form"]
    assert form["seats"].value() == "fixed"


def test_the_form_fills_in_the_competition_winds_of_a_hand_in_the_south_round(
    as_bob: Client, competition_session: Session
) -> None:
    page = as_bob.get(f"/c/dragons/sessions/{competition_session.pk}/hands/new/")
    html = page.content.decode()
    # Hand 6: in the South round A and B, C and D have swapped seats; A deals again.
    assert 'data-seat-winds="1z 4z 3z 2z"' in html
    assert page.context["form"]["prevailing_wind"].value() == "2z"


def test_the_session_page_shows_the_next_hand_its_winds_and_dealer(
    as_charlie: Client, competition_session: Session
) -> None:
    page = as_charlie.get(f"/c/dragons/sessions/{competition_session.pk}/")
    assert "Next: Hand 6 of 16 · South 南 round; A deals." in text(page)
    assert table_rows(page, "winds") == [
        ["A", "East 東 deals"],
        ["B", "North 北"],
        ["C", "West 西"],
        ["D", "South 南"],
    ]


def test_the_session_page_says_when_the_game_is_complete(
    as_charlie: Client, competition_session: Session, bob: User
) -> None:
    for _ in range(11):
        services.hand_record(session=competition_session, hand_input={"outcome": "draw"}, by=bob)
    page = as_charlie.get(f"/c/dragons/sessions/{competition_session.pk}/")
    assert "The game is complete: all 16 hands are played." in text(page)
    assert table_rows(page, "winds") == []


def test_a_deleted_hand_takes_no_place_in_the_game(
    as_bob: Client, competition_session: Session, bob: User
) -> None:
    third = competition_session.hands.get(number=3)
    services.hand_delete(hand=third, expected_version=1, reason="Entered twice.", by=bob)
    sheet = as_bob.get(f"/c/dragons/sessions/{competition_session.pk}/")
    assert "Next: Hand 5 of 16 · South 南 round; B deals." in text(sheet)
    new = as_bob.get(f"/c/dragons/sessions/{competition_session.pk}/hands/new/")
    assert 'data-seat-winds="2z 1z 4z 3z"' in new.content.decode()  # hand 5, not hand 6
    fifth = competition_session.hands.get(number=5)  # the fourth hand played
    amend = as_bob.get(f"/c/dragons/hands/{fifth.pk}/edit/")
    assert 'data-seat-winds="2z 3z 4z 1z"' in amend.content.decode()
    assert amend.context["form"]["prevailing_wind"].value() == "1z"


# --- penalties ----------------------------------------------------------------------------


def typed_hand(**fields: str) -> dict[str, str]:
    """B wins 8 fan off A, typed, with any penalty fields given."""
    return {
        "client_id": str(uuid.uuid4()),
        "action": "save",
        "winner": "1",
        "how": "discard",
        "blamed": "0",
        "value_mode": "points",
        "fan": "8",
        **fields,
    }


def test_penalties_entered_on_the_form_reach_the_sheet_and_the_standings(
    as_bob: Client, mcr_session: Session
) -> None:
    new = as_bob.get(f"/c/dragons/sessions/{mcr_session.pk}/hands/new/").content.decode()
    assert '<details class="penalties">' in new  # closed until needed
    assert '<label for="id_penalty_2">C</label>' in new
    url = f"/c/dragons/sessions/{mcr_session.pk}/hands/new/"
    assert as_bob.post(url, typed_hand(penalty_2="-10", penalty_3="")).status_code == 302
    hand = Hand.objects.get()
    assert hand.input["penalties"] == [0, 0, -10, 0]
    assert [s.points for s in hand.scores.order_by("seat")] == [-16, 32, -18, -8]
    sheet = text(as_bob.get(f"/c/dragons/sessions/{mcr_session.pk}/"))
    assert "B wins 8 fan off A · penalties: C −10" in sheet
    standings = as_bob.get(f"/c/dragons/seasons/{mcr_session.season_id}/")
    net = {row.name: row.net for row in standings.context["standings"]}
    assert net == {"A": -16, "B": 32, "C": -18, "D": -8}


def test_the_amend_form_opens_the_penalties_it_holds(as_bob: Client, mcr_session: Session) -> None:
    as_bob.post(f"/c/dragons/sessions/{mcr_session.pk}/hands/new/", typed_hand(penalty_0="-5"))
    hand = Hand.objects.get()
    page = as_bob.get(f"/c/dragons/hands/{hand.pk}/edit/")
    assert '<details class="penalties" open>' in page.content.decode()
    assert page.context["form"]["penalty_0"].value() == -5
    data = {**typed_hand(penalty_0="0"), "version": "1", "reason": "No penalty after all."}
    as_bob.post(f"/c/dragons/hands/{hand.pk}/edit/", data)
    hand.refresh_from_db()
    assert "penalties" not in hand.input and hand.version == 2


def test_a_penalty_out_of_range_is_explained_beside_it(
    as_bob: Client, mcr_session: Session
) -> None:
    url = f"/c/dragons/sessions/{mcr_session.pk}/hands/new/"
    response = as_bob.post(url, typed_hand(penalty_1="-1001"))
    assert response.status_code == 200 and not Hand.objects.exists()
    assert response.context["form"].errors["penalty_1"]
    assert '<details class="penalties" open>' in response.content.decode()


def test_renaming_rules_stored_before_the_seating_choice_makes_no_new_version(
    as_alice: Client, mcr_rules: RuleSet, mcr_session: Session
) -> None:
    old = {"preset": "standard", "flowers": True, "false_win_penalty": 10, "scoring": "standard"}
    mcr_rules.versions.update(params=old)
    data = {**old, "name": "Renamed", "false_win_penalty": "10", "flowers": "on", "seats": "fixed"}
    as_alice.post(f"/c/dragons/rules/{mcr_rules.pk}/edit/", data)
    assert list(mcr_rules.versions.values_list("number", "params")) == [(1, old)]


def test_a_deleted_hand_from_tiles_keeps_its_fan_in_the_history(
    as_bob: Client, mcr_session: Session, bob: User
) -> None:
    tiles = {"concealed": "123m456p789s789p55s", "winning_tile": "7s", "seat_wind": "2z"}
    hand, _ = services.hand_record(
        session=mcr_session,
        hand_input={"outcome": "discard", "winner": 1, "discarder": 0, "hand": tiles},
        by=bob,
    )
    services.hand_delete(hand=hand, expected_version=1, reason="wrong table", by=bob)
    page = text(as_bob.get(f"/c/dragons/sessions/{mcr_session.pk}/"))
    assert "(B wins 14 fan from tiles off A)" in page
    assert "None" not in page


def test_the_live_preview_counts_in_fan(as_bob: Client, mcr_session: Session) -> None:
    """The preview names the family's unit, so the form never guesses it from the family."""
    url = f"/c/dragons/sessions/{mcr_session.pk}/hands/preview/"
    result = as_bob.post(url, MIXED_STRAIGHT_OFF_A).json()
    assert result["ok"] and result["evaluation"]["total"] == 14
    assert result["unit"] == "fan"
