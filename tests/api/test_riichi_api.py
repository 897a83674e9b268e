"""Riichi over the API: evaluate and settle, a hanchan's hands pushed, and its standings."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User

from games import services
from games.models import Club, Player, Session
from tests.api.conftest import Api
from tests.games.riichi_hanchan import CHANGES, EMA, HANDS, PLACEMENT_POINTS


def test_evaluate_reads_riichi_tiles_with_dora(anonymous: Api) -> None:
    hand = {
        "concealed": "234m22456p345678s",
        "winning_tile": "5s",
        "self_drawn": True,
        "seat_wind": "2z",
        "riichi": True,
        "dora_indicators": "1m",
    }
    body = anonymous.post("evaluate/", {"family": "riichi", "preset": "wrc", "hand": hand}).json()
    assert (body["total"], body["unit"]) == (5, "han")


def test_settle_pays_a_win_as_the_first_hand_of_a_hanchan(anonymous: Api) -> None:
    hand = {"outcome": "ron", "wins": [{"winner": 1, "han": 3, "fu": 30}], "discarder": 2}
    response = anonymous.post("settle/", {"family": "riichi", "params": EMA, "hand": hand})
    assert response.status_code == 200
    assert [seat["points"] for seat in response.json()["seats"]] == ["0", "3900", "-3900", "0"]


def test_settle_names_the_field_of_a_bad_value(anonymous: Api) -> None:
    hand = {"outcome": "ron", "wins": [{"winner": 1, "han": 3, "fu": 35}], "discarder": 2}
    response = anonymous.post("settle/", {"family": "riichi", "hand": hand})
    assert response.status_code == 400
    assert "35 fu is not a hand's fu" in str(response.json())


def test_a_tool_pushes_a_hanchan_and_reads_its_standings(
    api_bob: Api, club: Club, players: list[Player], alice: User
) -> None:
    rules = services.rule_set_create(club=club, name="R", family="riichi", params=EMA, by=alice)
    season = services.season_save(club=club, name="R", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )
    for hand, changes in zip(HANDS, CHANGES, strict=True):
        response = api_bob.post("hands/", {"session": session.pk, "input": hand})
        assert response.status_code == 201, response.json()
        assert [int(s["points"]) for s in response.json()["scores"]] == changes
    refused = api_bob.post("hands/", {"session": session.pk, "input": {"outcome": "draw"}})
    assert refused.status_code == 400 and "hanchan is over" in str(refused.json())
    body = api_bob.get(f"seasons/{season.pk}/standings/").json()
    assert body["columns"][:2] == ["placement_points", "average_place"]
    rows = {row["name"]: row for row in body["rows"]}
    assert [row["name"] for row in body["rows"]] == list("DBAC")
    assert [rows[name]["placement_points"] for name in "ABCD"] == [str(p) for p in PLACEMENT_POINTS]
    assert (rows["A"]["declaration_fraction"], rows["A"]["average_place"]) == ("0.1", "4")


def test_evaluate_takes_riichi_flags_dora_and_red_fives_with_their_payments(
    anonymous: Api,
) -> None:
    """Club rules: riichi, ippatsu, menzen tsumo, pinfu, tanyao, dora 1 (indicator 4p: 5p),
    red 5p, ura dora 1 (indicator 1m: 2m): 8 han, a baiman for South, 4,000 / 8,000."""
    hand = {
        "concealed": "234m22406p345678s",
        "winning_tile": "8s",
        "self_drawn": True,
        "seat_wind": "2z",
        "riichi": True,
        "ippatsu": True,
        "dora_indicators": "4p",
        "ura_dora_indicators": "1m",
    }
    response = anonymous.post("evaluate/", {"family": "riichi", "preset": "club", "hand": hand})
    assert response.status_code == 200, response.json()
    body = response.json()
    ids = {pattern["id"] for pattern in body["patterns"]}
    assert {"riichi", "ippatsu", "aka_dora", "dora", "ura_dora"} <= ids
    assert (body["total"], body["han"], body["fu"], body["limit_name"]) == (8, 8, 20, "baiman")
    assert body["payments"] == {"dealer": 8000, "others": 4000, "total": 16000}


def test_evaluate_refuses_a_red_five_where_the_rules_play_none(anonymous: Api) -> None:
    hand = {"concealed": "234m22406p345678s", "winning_tile": "8s", "riichi": True}
    response = anonymous.post("evaluate/", {"family": "riichi", "preset": "ema", "hand": hand})
    assert response.status_code == 400
    assert "no red fives" in response.json()["fields"]["hand.concealed"][0]


# --- pao, nagashi mangan, abortive draws ------------------------------------------------


def test_settle_pays_pao_on_a_ron_split_between_the_liable_player_and_the_discarder(
    anonymous: Api,
) -> None:
    hand = {"outcome": "ron", "wins": [{"winner": 1, "yakuman": 1, "liable": 3}], "discarder": 2}
    response = anonymous.post(
        "settle/", {"family": "riichi", "params": {"preset": "ema"}, "hand": hand}
    )
    assert response.status_code == 200, response.json()
    assert [s["points"] for s in response.json()["seats"]] == ["0", "32000", "-16000", "-16000"]


def test_settle_refuses_what_the_rules_do_not_play_with_the_field(anonymous: Api) -> None:
    hand = {"outcome": "draw", "tenpai": [], "nagashi": [1]}
    response = anonymous.post(
        "settle/", {"family": "riichi", "params": {"preset": "wrc"}, "hand": hand}
    )
    assert response.status_code == 400
    assert "no nagashi mangan" in str(response.json())
    changed = {"preset": "wrc", "nagashi_mangan": True}
    response = anonymous.post("settle/", {"family": "riichi", "params": changed, "hand": hand})
    assert response.status_code == 200
    assert [s["points"] for s in response.json()["seats"]] == ["-4000", "8000", "-2000", "-2000"]


def test_a_tool_pushes_an_abortive_draw(
    api_bob: Api, club: Club, players: list[Player], alice: User
) -> None:
    session = riichi_session(club, alice, players, {"preset": "club"})
    response = api_bob.post("hands/", {"session": session.pk, "input": {"outcome": "abortive"}})
    assert response.status_code == 201, response.json()
    refused = riichi_session(club, alice, players, {"preset": "ema"})
    response = api_bob.post("hands/", {"session": refused.pk, "input": {"outcome": "abortive"}})
    assert response.status_code == 400 and "no abortive draws" in str(response.json())


def riichi_session(club: Club, alice: User, players: list[Player], params: Any) -> Session:
    name = str(params)
    rules = services.rule_set_create(club=club, name=name, family="riichi", params=params, by=alice)
    season = services.season_save(club=club, name=name, rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )
