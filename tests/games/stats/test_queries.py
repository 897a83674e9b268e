"""The player's page and the ratings table cost a fixed number of queries, whatever the
history behind them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User

from games.models import Club, Player
from games.stats.replay import ratings_replay
from tests.games.test_views_queries import build_season, measure, pinned, warm

__all__ = ["measure", "pinned", "warm"]

# Both: the signed-in session, the user, the membership with its club. The player page: the
# player, their families, a page of hands and one of sessions (by keyset: no count),
# totals; the figures (session rows, table mates, the largest win's hand) and the rating
# history.
PLAYER_QUERIES = 12
# The club's rated families, its seasons with their rule sets, the latest ratings per
# player, and those ratings with their players.
RATINGS_QUERIES = 7


def player_in(season_name: str) -> Player:
    return Player.objects.filter(name=f"{season_name} 0").get()


def test_the_player_page_costs_the_same_for_a_short_and_a_long_history(
    club: Club, alice: User, measure: Callable[[str], int], pinned: Any
) -> None:
    build_season(club, alice, "Small", players=4, hands=2)
    build_season(club, alice, "Big", players=12, hands=60)
    ratings_replay(club_id=club.pk, family="hk")
    small = measure(f"/c/dragons/players/{player_in('Small').pk}/")
    big = measure(f"/c/dragons/players/{player_in('Big').pk}/")
    assert small == big == PLAYER_QUERIES
    pinned(f"/c/dragons/players/{player_in('Big').pk}/", PLAYER_QUERIES)


def test_the_ratings_table_costs_the_same_for_4_players_as_for_16(
    club: Club, alice: User, measure: Callable[[str], int]
) -> None:
    build_season(club, alice, "Small", players=4, hands=2)
    ratings_replay(club_id=club.pk, family="hk")
    small = measure("/c/dragons/ratings/")
    build_season(club, alice, "Big", players=16, hands=40)
    ratings_replay(club_id=club.pk, family="hk")
    big = measure("/c/dragons/ratings/")
    assert small == big == RATINGS_QUERIES
