"""The replay page of an imported game record: steps rendered on the server, fans at the end."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client

from games import services
from games.importing.pmn_import import RecordFile, pmn_import
from games.models import Club, Hand, Session
from tests.games.pages import text

DATA = Path(__file__).parent / "data"
DUPLICATE = {"preset": "standard", "scoring": "duplicate"}
EXAMPLE_1_ACTIONS = 56  # the play string of example_1.pmn


def import_example(club: Club, organiser: User, name: str = "example_1.pmn") -> Hand:
    rules = services.rule_set_create(
        club=club, name="Duplicate MCR", family="mcr", params=DUPLICATE, by=organiser
    )
    season = services.season_save(club=club, name="Duplicate 2022", rule_set=rules)
    pmn_import(
        season=season,
        rule_set=rules,
        files=[RecordFile(name, (DATA / name).read_text(encoding="utf-8"))],
        played_on=dt.date(2026, 5, 1),
        by=organiser,
        create_players=True,
    )
    return Hand.objects.get(session__club=club)


@pytest.fixture
def hand(club: Club, alice: User) -> Hand:
    return import_example(club, alice)


def replay_url(hand: Hand, step: object = None) -> str:
    url = f"/c/{hand.session.club.slug}/hands/{hand.pk}/replay/"
    return url if step is None else f"{url}?step={step}"


def seat_part(response: HttpResponse, seat: int, part: str) -> list[str]:
    """The tile labels shown in one part ("hand" or "discards") of a seat, in order."""
    html = response.content.decode()
    start = html.index(f'data-seat="{seat}"')
    start = html.index(f'data-part="{part}"', start)
    end = html.index("</div>", start)
    return [
        unescape(label) for label in re.findall(r'class="tile[^"]*"[^>]*>([^<]+)<', html[start:end])
    ]


def test_step_zero_shows_the_deal(client: Client, hand: Hand) -> None:
    response = client.get(replay_url(hand))
    assert response.status_code == 200
    assert response.context["number"] == 0 and response.context["last"] == EXAMPLE_1_ACTIONS
    assert "The deal" in text(response)
    # East's deal c25566d579b2269wr2f, sorted as the tile picker shows tiles.
    assert seat_part(response, 0, "hand") == [
        "2萬", "5萬", "5萬", "6萬", "6萬", "5筒", "7筒", "9筒", "2索", "2索", "6索", "9索", "發",
    ]  # fmt: skip
    assert seat_part(response, 0, "discards") == []
    assert "Sandy7169" in text(response) and "East 東" in text(response)
    assert 'href="?step=1"' in response.content.decode()  # Next works without JavaScript


def test_a_middle_step_shows_a_claimed_kong_and_the_discard_it_took(
    client: Client, hand: Hand
) -> None:
    # T0r3 D0z1 T1d3 D1d6 T2d1 D2r1 Z1r1: South kongs West's red dragon.
    response = client.get(replay_url(hand, 7))
    assert "Alec (钧力） kongs the discard Red dragon" in text(response)
    south = seat_part(response, 1, "hand")
    assert south.count("中") == 4
    assert 'class="meld"' in response.content.decode()
    assert seat_part(response, 2, "discards") == []  # the red dragon left West's discards
    assert seat_part(response, 0, "discards") == ["白"]
    assert seat_part(response, 1, "discards") == ["6筒"]
    html = response.content.decode()
    assert 'href="?step=6"' in html and 'href="?step=8"' in html
    assert 'data-seat="1"' in html.split("replay-seat acting")[1][:30]


def test_a_draw_shows_the_drawn_tile_apart(client: Client, hand: Hand) -> None:
    response = client.get(replay_url(hand, 1))  # T0r3: East draws a white dragon
    assert "Sandy7169 draws White dragon" in text(response)
    assert seat_part(response, 0, "hand")[-1] == "白"
    assert 'class="tile tile-z drawn"' in response.content.decode()


def test_the_last_step_shows_the_winners_fans(client: Client, hand: Hand) -> None:
    response = client.get(replay_url(hand, EXAMPLE_1_ACTIONS))
    page = text(response)
    assert "忘却氤氲 wins (和)" in page
    assert "忘却氤氲: 9 fan" in page
    fans = [p["name"] for p in response.context["game"].winners[0].patterns]
    assert fans == [p["name"] for p in hand.evaluation["patterns"]]  # as stored at import
    assert "Outside Hand" in page
    assert "data-fans hidden" not in response.content.decode()
    assert "Alec (钧力） -17" in page and "忘却氤氲 +33" in page
    earlier = client.get(replay_url(hand, EXAMPLE_1_ACTIONS - 1))
    assert "data-fans hidden" in earlier.content.decode()


def test_two_winners_both_show_their_fans(club: Club, alice: User, client: Client) -> None:
    hand = import_example(club, alice, "example_2.pmn")
    response = client.get(replay_url(hand, 9999))
    assert [(w.name, w.total) for w in response.context["game"].winners] == [
        ("Angel Fok", 12),
        ("Mimi lam", 12),
    ]


@pytest.mark.parametrize(
    ("asked", "shown"),
    [("9999", 56), ("-3", 0), ("abc", 0), ("", 0), ("²", 0), ("9" * 5000, 0), ("1" * 30, 56)],
)
def test_a_step_out_of_range_is_kept_within_the_game(
    client: Client, hand: Hand, asked: str, shown: int
) -> None:
    response = client.get(replay_url(hand, asked))
    assert response.status_code == 200
    assert response.context["number"] == shown


def test_all_steps_are_embedded_for_the_script(client: Client, hand: Hand) -> None:
    response = client.get(replay_url(hand, 3))
    steps = response.context["steps"]
    assert len(steps) == EXAMPLE_1_ACTIONS + 1
    assert steps[7]["seats"][1]["melds"] == ["7z7z7z7z"]
    assert 'id="replay-steps"' in response.content.decode()


def test_the_score_sheet_links_hands_with_a_record_to_their_replay(
    client: Client, hand: Hand, session: Session, bob: User
) -> None:
    sheet = client.get(f"/c/dragons/sessions/{hand.session_id}/").content.decode()
    assert replay_url(hand) in sheet
    typed, _ = services.hand_record(session=session, hand_input={"outcome": "draw"}, by=bob)
    other = client.get(f"/c/dragons/sessions/{typed.session_id}/").content.decode()
    assert "/replay/" not in other


def test_a_hand_without_a_record_says_there_is_nothing_to_replay(
    client: Client, hand: Hand
) -> None:
    Hand.objects.filter(pk=hand.pk).update(record="")
    response = client.get(replay_url(hand))
    assert response.status_code == 200
    assert "nothing to replay" in text(response)


def test_a_broken_stored_record_is_reported_not_a_500(client: Client, hand: Hand) -> None:
    Hand.objects.filter(pk=hand.pk).update(record=hand.record.replace("T0r3D0z1", "T0r3D0c9"))
    response = client.get(replay_url(hand))
    assert response.status_code == 200
    assert "cannot be replayed: [Play] at character 5" in text(response)


def test_a_members_only_clubs_replay_is_hidden_from_outsiders(
    private_club: Club, dave: User, as_dave: Client, as_alice: Client
) -> None:
    hand = import_example(private_club, dave)
    assert as_dave.get(replay_url(hand)).status_code == 200
    assert as_alice.get(replay_url(hand)).status_code == 404
    assert Client().get(replay_url(hand)).status_code == 404


def test_another_clubs_hand_is_not_found_under_this_club(
    private_club: Club, dave: User, as_dave: Client, club: Club
) -> None:
    hand = import_example(private_club, dave)
    assert as_dave.get(f"/c/dragons/hands/{hand.pk}/replay/").status_code == 404


def test_a_deleted_hand_has_no_replay(client: Client, hand: Hand, alice: User) -> None:
    # An imported game is closed, as a played game is: reopened to correct it.
    services.session_set_status(session=hand.session, status=Session.Status.OPEN)
    services.hand_delete(hand=hand, expected_version=1, reason="wrong table", by=alice)
    assert client.get(replay_url(hand)).status_code == 404
