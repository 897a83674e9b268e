"""Player statistics, head-to-head and ratings under /api/v1/: the hand-built season's figures,
ETags that answer 304 until something changed, and the clubs a caller may not read kept out."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Club
from games.stats.replay import ratings_replay
from tests.api.conftest import Api
from tests.games.stats.conftest import League, build_league
from tests.games.stats.test_ratings import openskill_season


@pytest.fixture
def league(club: Club, alice: User) -> League:
    return build_league(club, alice)


def test_family_stats_give_the_seasons_figures(anonymous: Api, league: League) -> None:
    answer = anonymous.get(f"players/{league.players['A'].pk}/family-stats/")
    assert answer.status_code == 200
    (hk,) = answer.json()["families"]
    assert hk["family"] == "hk" and hk["value_label"] == "faan"
    assert hk["figures"] == {
        "sessions": 3,
        "hands": 8,
        "wins": 3,
        "deal_ins": 1,
        "self_draws": 1,
        "win_fraction": "0.375",
        "deal_in_fraction": "0.125",
        "self_draw_fraction": "0.125",
        "average_win_value": "4",
        "best_win_value": 5,
        "net": "-464",
        "net_per_hand": "-58",
    }
    assert hk["histogram"] == [{"low": v, "high": v, "count": 1} for v in (3, 4, 5)]
    assert [s["net"] for s in hk["sessions"]] == ["128", "-80", "-512"]
    assert (hk["best"]["net"], hk["worst"]["net"]) == ("128", "-512")
    assert hk["streaks"] == {"longest_winning": 1, "longest_losing": 2, "current": -2}
    assert hk["rating"] is None and hk["rating_history"] == []


def test_the_date_range_and_family_narrow_the_stats(anonymous: Api, league: League) -> None:
    player = league.players["A"].pk
    answer = anonymous.get(f"players/{player}/family-stats/?family=hk&date_to=2026-06-08").json()
    assert answer["date_to"] == "2026-06-08"
    assert answer["families"][0]["figures"]["sessions"] == 2
    none = anonymous.get(f"players/{player}/family-stats/?family=mcr").json()
    assert none["families"][0]["figures"]["hands"] == 0
    bad = anonymous.get(f"players/{player}/family-stats/?family=chess")
    assert bad.status_code == 400 and "family" in bad.json()["fields"]


def test_head_to_head_nets_to_zero_for_every_pair(anonymous: Api, league: League) -> None:
    exchanged: dict[tuple[str, str], float] = {}
    for name, player in league.players.items():
        answer = anonymous.get(f"players/{player.pk}/head-to-head/").json()
        for opponent in answer["families"][0]["opponents"]:
            exchanged[(name, opponent["name"])] = float(opponent["net"])
    assert exchanged[("A", "B")] == -208 and exchanged[("B", "A")] == 208
    assert all(net == -exchanged[(b, a)] for (a, b), net in exchanged.items())
    assert sum(net for (a, _), net in exchanged.items() if a == "A") == -464


def test_ratings_match_openskill_and_filter_by_season_and_games(
    anonymous: Api, league: League
) -> None:
    ratings_replay(club_id=league.club.pk, family=league.family)
    answer = anonymous.get("ratings/?club=dragons&family=hk&min_games=2").json()
    expected = openskill_season()
    rows = answer["rows"]
    assert [row["name"] for row in rows] == ["B", "C", "D", "A"]
    assert all((row["mu"], row["sigma"]) == expected[row["name"]] for row in rows)
    assert all(row["conservative"] == row["mu"] - 3 * row["sigma"] for row in rows)
    assert answer["model"]["mu"] == 25.0 and answer["model"]["beta"] == 25 / 6
    season = anonymous.get(f"ratings/?club=dragons&family=hk&season={league.season.pk}").json()
    assert {row["name"]: row["sessions"] for row in season["rows"]}["E"] == 1
    stats = anonymous.get(f"players/{league.players['E'].pk}/family-stats/").json()
    assert stats["families"][0]["rating"]["provisional"] is True


def etag_of(api: Api, path: str, etag: str | None = None) -> Any:
    return api.get(path, **({"If-None-Match": etag} if etag else {}))


@pytest.mark.parametrize(
    "path",
    ["players/{a}/family-stats/", "players/{a}/head-to-head/", "ratings/?club=dragons&family=hk"],
)
def test_an_unchanged_answer_is_304_until_a_hand_changes(
    anonymous: Api, league: League, alice: User, path: str
) -> None:
    ratings_replay(club_id=league.club.pk, family=league.family)
    url = path.format(a=league.players["A"].pk)
    first = etag_of(anonymous, url)
    assert first.status_code == 200
    with CaptureQueriesContext(connection) as queries:
        again = etag_of(anonymous, url, first["ETag"])
    assert again.status_code == 304
    assert not [q for q in queries.captured_queries if "games_score" in q["sql"]]

    services.hand_record(session=league.sessions[0], hand_input={"outcome": "draw"}, by=alice)
    ratings_replay(club_id=league.club.pk, family=league.family)
    assert etag_of(anonymous, url, first["ETag"]).status_code == 200


def test_renaming_an_opponent_changes_the_head_to_heads_etag(
    anonymous: Api, league: League
) -> None:
    url = f"players/{league.players['A'].pk}/head-to-head/"
    first = etag_of(anonymous, url)
    assert etag_of(anonymous, url, first["ETag"]).status_code == 304

    services.player_update(player=league.players["B"], name="Bea")
    renamed = etag_of(anonymous, url, first["ETag"])
    assert renamed.status_code == 200 and renamed["ETag"] != first["ETag"]
    opponents = renamed.json()["families"][0]["opponents"]
    assert "Bea" in [opponent["name"] for opponent in opponents]
    assert etag_of(anonymous, url, renamed["ETag"]).status_code == 304


def test_a_private_clubs_player_and_ratings_are_not_found(
    anonymous: Api, tigers: dict[str, Any]
) -> None:
    player = tigers["players"][0].pk
    assert anonymous.get(f"players/{player}/family-stats/").status_code == 404
    assert anonymous.get(f"players/{player}/head-to-head/").status_code == 404
    assert anonymous.get("ratings/?club=tigers&family=hk").status_code == 404


def test_the_schema_lists_the_new_endpoints(anonymous: Api) -> None:
    schema = anonymous.get("schema/?format=json").json()
    for path in (
        "/api/v1/players/{player_id}/family-stats/",
        "/api/v1/players/{player_id}/head-to-head/",
        "/api/v1/ratings/",
    ):
        assert "304" in schema["paths"][path]["get"]["responses"]
