"""Riichi in the league: a hanchan recorded through the services and the pages, its score
sheet with the table between hands, standings with placement points, and the exports."""

from __future__ import annotations

import datetime as dt
import uuid
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation

from games import selectors, services
from games.models import Club, Hand, Player, Season, Session
from tests.games.riichi_hanchan import (
    CHANGES,
    EMA,
    FINAL_POINTS,
    HANDS,
    PLACEMENT_POINTS,
    PLACES,
    STICKS,
)

CLUB = {"preset": "club"}


def riichi_season(club: Club, alice: User, params: dict[str, Any]) -> Season:
    rules = services.rule_set_create(
        club=club, name=f"Riichi {params['preset']}", family="riichi", params=params, by=alice
    )
    return services.season_save(club=club, name=f"Riichi {params['preset']}", rule_set=rules)


def start(season: Season, players: list[Player], alice: User) -> Session:
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )


@pytest.fixture
def ema_season(club: Club, alice: User) -> Season:
    return riichi_season(club, alice, EMA)


@pytest.fixture
def hanchan(ema_season: Season, players: list[Player], alice: User) -> Session:
    session = start(ema_season, players, alice)
    for hand in HANDS:
        services.hand_record(session=session, hand_input=hand, by=alice)
    return session


def changes_of(session: Session) -> list[list[int]]:
    hands = session.hands.filter(deleted_at=None).order_by("number")
    return [[int(s.points) for s in hand.scores.order_by("seat")] for hand in hands]


# --- services -----------------------------------------------------------------------------


def test_a_hanchan_recorded_through_the_services_scores_each_hand_at_its_place(
    hanchan: Session,
) -> None:
    assert changes_of(hanchan) == CHANGES


def test_each_hand_is_zero_sum_counting_the_sticks_it_moves(hanchan: Session) -> None:
    """docs/spec/riichi.md §4: changes + 1,000 × (sticks after − before) = 0; a chombo
    paid off the final score moves nothing at the table."""
    before = 0
    for change, after in zip(CHANGES, STICKS, strict=True):
        assert sum(change) + 1000 * (after - before) == 0
        before = after
    assert changes_of(hanchan) == CHANGES


def test_the_sheet_shows_running_points_sticks_and_the_end_of_the_hanchan(
    hanchan: Session,
) -> None:
    sheet = selectors.session_sheet(session=hanchan)
    states = [row.state for row in sheet.rows]
    assert [s.label for s in states[:4]] == [
        "East 1, 0 honba",
        "East 2, 0 honba",
        "East 3, 1 honba",
        "East 4, 0 honba",
    ]
    assert [s.sticks for s in states[1:3]] == [0, 1]
    assert sheet.over and [points for _, _, points, _ in sheet.next_state.seats] == FINAL_POINTS
    finals = {name: p.final for name, p in sheet.next_state.placements}
    assert finals == dict(zip("ABCD", map(Fraction, PLACEMENT_POINTS), strict=True))


def test_the_hanchan_takes_no_hand_after_it_is_over(hanchan: Session, alice: User) -> None:
    with pytest.raises(ValidationError, match="the hanchan is over"):
        services.hand_record(session=hanchan, hand_input={"outcome": "draw"}, by=alice)


def test_amending_an_early_hand_rescores_the_later_ones(hanchan: Session, alice: User) -> None:
    """East 1 becomes a draw with B tenpai: B's riichi stick now stays for A's tsumo."""
    first = hanchan.hands.get(number=1)
    services.hand_amend(
        hand=first,
        hand_input={"outcome": "draw", "tenpai": [1], "riichi": [1]},
        expected_version=first.version,
        reason="misread",
        by=alice,
    )
    changes = changes_of(hanchan)
    assert changes[0] == [-1000, 2000, -1000, -1000]
    # Hand 3 is now East 3 with 2 honba and two sticks: A's tsumo of 1 han 30 fu takes
    # 500 + 200 from the dealer C, 300 + 200 from each other, and 2,000 of sticks.
    assert changes[2] == [3700, -500, -700, -500]
    assert selectors.session_sheet(session=hanchan).rows[2].state.label == "East 3, 2 honba"


def test_a_win_from_tiles_gets_the_winds_of_its_place_and_the_riichi_declared(
    club: Club, alice: User, players: list[Player]
) -> None:
    session = start(riichi_season(club, alice, EMA), players, alice)
    tiles = {"concealed": "234m22456p345678s", "winning_tile": "5s"}
    hand, _ = services.hand_record(
        session=session,
        hand_input={"outcome": "tsumo", "wins": [{"winner": 1, "hand": tiles}], "riichi": [1]},
        by=alice,
    )
    # Riichi, tsumo, pinfu, tanyao: 4 han 20 fu, South's tsumo 1,300 / 2,600.
    assert (hand.evaluation["han"], hand.evaluation["fu"]) == (4, 20)
    assert [s.points for s in hand.scores.order_by("seat")] == [
        -2600,
        5200 - 1000 + 1000,
        -1300,
        -1300,
    ]
    assert hand.source == "tiles"


def test_tiles_that_name_another_seat_wind_are_refused(
    club: Club, alice: User, players: list[Player]
) -> None:
    session = start(riichi_season(club, alice, EMA), players, alice)
    tiles = {"concealed": "234m22456p345678s", "winning_tile": "5s", "seat_wind": "1z"}
    with pytest.raises(ValidationError, match="seat wind is 2z"):
        services.hand_record(
            session=session,
            hand_input={"outcome": "tsumo", "wins": [{"winner": 1, "hand": tiles}]},
            by=alice,
        )


def test_the_club_preset_plays_red_fives_and_ends_on_a_bust(
    club: Club, alice: User, players: list[Player]
) -> None:
    session = start(riichi_season(club, alice, CLUB), players, alice)
    tiles = {"concealed": "234m22406p345678s", "winning_tile": "8s", "dora_indicators": "1m"}
    hand, _ = services.hand_record(
        session=session,
        hand_input={"outcome": "ron", "wins": [{"winner": 1, "hand": tiles}], "discarder": 0},
        by=alice,
    )
    names = [p["id"] for p in hand.evaluation["patterns"]]
    assert "aka_dora" in names and "dora" in names
    big = {"outcome": "ron", "wins": [{"winner": 2, "yakuman": 1}], "discarder": 0}
    services.hand_record(session=session, hand_input=big, by=alice)
    assert selectors.session_sheet(session=session).over  # A is below zero


# --- standings ----------------------------------------------------------------------------


def test_standings_rank_by_placement_points_with_the_rates(
    hanchan: Session, ema_season: Season
) -> None:
    rows = {row.name: row for row in selectors.season_standings(season=ema_season)}
    assert [row.name for row in selectors.season_standings(season=ema_season)] == list("DBAC")
    for seat, name in enumerate("ABCD"):
        assert rows[name].placement_points == PLACEMENT_POINTS[seat]
        assert rows[name].average_place == PLACES[seat]
        assert rows[name].sessions == 1 and rows[name].games == 10
    # A: won hands 3 and 10, dealt into hand 4, declared riichi in hand 2.
    a = rows["A"]
    assert (a.win_fraction, a.deal_in_fraction, a.declaration_fraction) == (
        Fraction(2, 10),
        Fraction(1, 10),
        Fraction(1, 10),
    )
    # C's chombo is a false win, not a deal-in; C dealt in twice (hands 1 and 10).
    assert (rows["C"].false_wins, rows["C"].deal_ins) == (1, 2)


def test_placement_points_average_over_hanchan(
    hanchan: Session, ema_season: Season, players: list[Player], alice: User
) -> None:
    second = start(ema_season, players, alice)
    services.hand_record(
        session=second,
        hand_input={"outcome": "tsumo", "wins": [{"winner": 0, "limit": "yakuman"}]},
        by=alice,
    )
    rows = {row.name: row for row in selectors.season_standings(season=ema_season)}
    # The second hanchan as it stands: A 78,000 first (+63,000), B, C, D level on 14,000
    # share second to fourth: −16,000 + (5,000 − 5,000 − 15,000) / 3 = −21,000 each.
    assert rows["A"].placement_points == PLACEMENT_POINTS[0] + 63000
    assert rows["A"].average_place == Fraction(4 + 1, 2)
    assert rows["D"].placement_points == PLACEMENT_POINTS[3] - 21000
    assert rows["D"].average_place == Fraction(1 + 2, 2)


# --- pages --------------------------------------------------------------------------------


def page_hand(data: dict[str, Any]) -> dict[str, Any]:
    return {"client_id": str(uuid.uuid4()), "action": "save", **data}


PAGE_HANDS = [
    {
        "winner": "1",
        "how": "discard",
        "blamed": "2",
        "value_mode": "points",
        "han": "3",
        "fu": "30",
        "riichi": ["1"],
        "yaku": ["riichi", "pinfu"],
    },
    {"winner": "draw", "tenpai": ["0"], "riichi": ["0"]},
    {"winner": "0", "how": "self_drawn", "value_mode": "points", "han": "1", "fu": "30"},
    {"winner": "3", "how": "discard", "blamed": "0", "value_mode": "points", "limit": "mangan"},
    {"winner": "chombo", "blamed": "2"},
]


def test_a_member_records_the_hanchan_on_the_page(
    as_bob: Client, ema_season: Season, players: list[Player], alice: User
) -> None:
    session = start(ema_season, players, alice)
    url = f"/c/dragons/sessions/{session.pk}/hands/new/"
    for data in PAGE_HANDS:
        assert as_bob.post(url, page_hand(data)).status_code == 302
    assert changes_of(session) == CHANGES[:5]
    stored = Hand.objects.get(session=session, number=1).input
    assert stored["wins"] == [{"winner": 1, "han": 3, "fu": 30, "yaku": ["riichi", "pinfu"]}]
    page = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert "B ron 3 han 30 fu (Riichi 立直, Pinfu 平和) off C" in page
    assert "Chombo by C" in page and "East 4, 1 honba" in page


def test_the_page_records_a_win_from_the_tile_picker_fields(
    as_bob: Client, ema_season: Season, players: list[Player], alice: User
) -> None:
    session = start(ema_season, players, alice)
    data = {
        "winner": "1",
        "how": "self_drawn",
        "value_mode": "tiles",
        "concealed": "234m22456p345678s",
        "winning_tile": "5s",
        "riichi": ["1"],
        "dora_indicators": "1m",
        "riichi_flags": ["ippatsu"],
    }
    response = as_bob.post(f"/c/dragons/sessions/{session.pk}/hands/new/", page_hand(data))
    assert response.status_code == 302
    hand = Hand.objects.get(session=session)
    # Riichi, ippatsu, tsumo, pinfu, tanyao, dora (2m): 6 han, a haneman.
    assert hand.evaluation["limit_name"] == "haneman"
    assert [int(s.points) for s in hand.scores.order_by("seat")] == [-6000, 12000, -3000, -3000]


def test_the_hand_form_says_what_is_missing(
    as_bob: Client, ema_season: Season, players: list[Player], alice: User
) -> None:
    session = start(ema_season, players, alice)
    data = {"winner": "1", "how": "discard", "value_mode": "points"}
    response = as_bob.post(f"/c/dragons/sessions/{session.pk}/hands/new/", page_hand(data))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Choose who discarded." in page and "Enter the han (and fu), or choose a limit." in page


def test_a_noten_riichi_at_a_draw_is_refused_beside_the_tenpai(
    as_bob: Client, ema_season: Season, players: list[Player], alice: User
) -> None:
    session = start(ema_season, players, alice)
    data = {"winner": "draw", "riichi": ["2"]}
    response = as_bob.post(f"/c/dragons/sessions/{session.pk}/hands/new/", page_hand(data))
    assert response.status_code == 200
    # The third seat is C's: the message names the player, never a seat's number.
    assert "C declared riichi, so must be tenpai" in response.content.decode()
    assert not Hand.objects.filter(session=session).exists()


def test_a_refused_hand_names_the_player_in_the_readers_language(
    ema_season: Season, players: list[Player], alice: User
) -> None:
    session = start(ema_season, players, alice)
    noten = {"outcome": "draw", "tenpai": [], "riichi": [1]}
    with translation.override("zh-hant"), pytest.raises(ValidationError) as refused:
        services.hand_record(session=session, hand_input=noten, by=alice)
    assert refused.value.message_dict["tenpai"] == [
        "B 已立直，所以流局時必須聽牌（不聽立直是錯和）"
    ]


def test_the_season_page_shows_riichi_columns(
    as_charlie: Client, hanchan: Session, ema_season: Season
) -> None:
    page = as_charlie.get(f"/c/dragons/seasons/{ema_season.pk}/").content.decode()
    for label in ("Placement points", "Average place", "Riichi rate", "Deal-in rate", "21000"):
        assert label in page


def test_the_standings_export_as_csv(
    as_charlie: Client, hanchan: Session, ema_season: Season
) -> None:
    response = as_charlie.get(f"/c/dragons/seasons/{ema_season.pk}/standings.csv")
    assert response.status_code == 200
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert len(lines) == 1 + 4 + 1  # the header, a row per player, everyone
    assert lines[0] == (
        "Player,Placement points,Average place,Hanchan,Hands,Wins,Win rate,"
        "Deal-ins,Deal-in rate,Riichi,Riichi rate"
    )
    rows = {line.split(",")[0]: line.split(",")[1:] for line in lines[1:]}
    # A: fourth, won hands 3 and 10, dealt into hand 4, declared riichi in hand 2.
    assert rows["A"] == [
        str(PLACEMENT_POINTS[0]),
        "4",
        "1",
        "10",
        "2",
        "0.2",
        "1",
        "0.1",
        "1",
        "0.1",
    ]
    # C's chombo is no deal-in: C dealt in twice.
    assert rows["C"][6:8] == ["2", "0.2"]
    # Everyone: the places 1 to 4 average 2.5; the placement points sum as the table left them.
    assert rows["*"][:4] == [str(sum(PLACEMENT_POINTS)), "2.5", "4", "40"]


def test_the_standings_export_as_tsv_with_the_same_cells(
    as_charlie: Client, hanchan: Session, ema_season: Season
) -> None:
    csv_lines = b"".join(
        as_charlie.get(f"/c/dragons/seasons/{ema_season.pk}/standings.csv").streaming_content
    )
    response = as_charlie.get(f"/c/dragons/seasons/{ema_season.pk}/standings.tsv")
    assert response.status_code == 200
    tsv_lines = b"".join(response.streaming_content).decode().splitlines()
    assert [line.split("\t") for line in tsv_lines] == [
        line.split(",") for line in csv_lines.decode().splitlines()
    ]


def test_the_calculator_evaluates_a_riichi_hand(client: Client) -> None:
    query = "rules=riichi:ema&concealed=234m22456p345678s&winning_tile=5s&self_drawn=on"
    body = client.get(f"/calculator/?{query}&format=json").json()
    assert body["ok"] and body["evaluation"]["family"] == "riichi"
    # Seat 1 (East) by default: menzen tsumo, pinfu, tanyao.
    assert (body["evaluation"]["han"], body["evaluation"]["fu"]) == (3, 20)


def test_the_page_records_a_double_ron_with_each_winners_value(
    as_bob: Client, ema_season: Season, players: list[Player], alice: User
) -> None:
    """EMA plays double ron: C's discard pays B 3 han 30 fu (3,900) and D a mangan
    (8,000); D, next after C in turn order, is nearest and takes B's riichi stick."""
    session = start(ema_season, players, alice)
    data = {
        "winner": "1",
        "how": "discard",
        "blamed": "2",
        "value_mode": "points",
        "han": "3",
        "fu": "30",
        "riichi": ["1"],
        "second_winner": "3",
        "second_limit": "mangan",
    }
    url = f"/c/dragons/sessions/{session.pk}/hands/new/"
    assert as_bob.post(url, page_hand(data)).status_code == 302
    stored = Hand.objects.get(session=session).input
    assert stored["wins"] == [{"winner": 1, "han": 3, "fu": 30}, {"winner": 3, "limit": "mangan"}]
    assert changes_of(session) == [[0, 3900 - 1000, -3900 - 8000, 8000 + 1000]]
    page = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert "B ron 3 han 30 fu and D ron mangan off C (栄和) · double ron" in page


def test_a_second_winner_under_head_bump_is_refused_beside_its_field(
    as_bob: Client, club: Club, players: list[Player], alice: User
) -> None:
    session = start(riichi_season(club, alice, {"preset": "wrc"}), players, alice)
    data = {
        "winner": "1",
        "how": "discard",
        "blamed": "2",
        "value_mode": "points",
        "han": "3",
        "fu": "30",
        "second_winner": "3",
        "second_han": "2",
        "second_fu": "40",
    }
    response = as_bob.post(f"/c/dragons/sessions/{session.pk}/hands/new/", page_hand(data))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["second_winner"] == [
        "No other winner under head bump (atamahane): only the winner nearest the discarder "
        "is paid. Record that winner alone and set Second winner to Nobody."
    ]
    assert "these rules play head bump" in response.content.decode()
    assert not Hand.objects.filter(session=session).exists()


def test_a_second_winner_is_another_player_with_a_value(
    as_bob: Client, ema_season: Season, players: list[Player], alice: User
) -> None:
    session = start(ema_season, players, alice)
    data = {
        "winner": "1",
        "how": "discard",
        "blamed": "2",
        "value_mode": "points",
        "han": "1",
        "fu": "30",
        "second_winner": "2",
        "third_winner": "3",
    }
    response = as_bob.post(f"/c/dragons/sessions/{session.pk}/hands/new/", page_hand(data))
    errors = response.context["form"].errors
    assert errors["second_winner"] == [
        "C already won or discarded: choose another player as Second winner."
    ]
    assert errors["third_han"] == ["Third winner: enter their han (and fu), or choose a limit."]


def test_the_calculator_takes_riichi_flags_dora_and_red_fives(client: Client) -> None:
    """Club rules, South's tsumo: riichi, ippatsu, menzen tsumo, pinfu, tanyao, dora 5p,
    the red 5p, ura dora 2m: 8 han, a baiman."""
    query = (
        "rules=riichi:club&concealed=234m22406p345678s&winning_tile=8s&self_drawn=on"
        "&seat_wind=2z&riichi=on&ippatsu=on&dora_indicators=4p&ura_dora_indicators=1m"
    )
    body = client.get(f"/calculator/?{query}&format=json").json()
    evaluation = body["evaluation"]
    assert (evaluation["han"], evaluation["limit_name"]) == (8, "baiman")
    assert {"riichi", "ippatsu", "aka_dora", "dora", "ura_dora"} <= {
        pattern["id"] for pattern in evaluation["patterns"]
    }
    page = client.get(f"/calculator/?{query}").content.decode()
    assert 'name="ura_dora_indicators"' in page and "8 han · 20 fu (baiman)" in page


def test_the_calculator_says_what_is_wrong_with_a_flag(client: Client) -> None:
    query = "rules=riichi:ema&concealed=234m22456p345678s&winning_tile=5s&ippatsu=on"
    body = client.get(f"/calculator/?{query}&format=json").json()
    assert body == {
        "ok": False,
        "errors": {"concealed": ["ippatsu needs riichi (or double riichi)"]},
    }


def test_the_calculator_leaves_riichi_keys_out_of_other_rules(client: Client) -> None:
    query = "rules=zung_jung:seed&concealed=11123456789999m&winning_tile=5m&riichi=on"
    body = client.get(f"/calculator/?{query}&format=json").json()
    assert body["ok"] and body["evaluation"]["family"] == "zung_jung"
