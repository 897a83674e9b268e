"""The Big Two family adapter: cards left, frying, taking all losses, standings order."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from games.selectors import StandingRow
from scoring.engine.errors import EngineError
from scoring.families import get_family

FAMILY = get_family("big_two")
PARAMS = {"fry_threshold": 10}


def score(hand: dict[str, Any], params: dict[str, Any] = PARAMS) -> list[Any]:
    return FAMILY.score_hand(FAMILY.clean_hand(hand, params), params)


def test_losses_are_fried_and_paid_to_everyone() -> None:
    results = score({"losses": [0, 11, 12, 13]})  # the spec's first worked game
    assert [int(r.points) for r in results] == [85, -3, -11, -71]
    assert [r.real_loss for r in results] == [0, 22, 24, 39]
    assert [r.fried for r in results] == [False, True, True, True]
    assert [r.won for r in results] == [True, False, False, False]
    assert sum(r.points for r in results) == 0


def test_one_seat_can_take_on_all_losses() -> None:
    results = score({"losses": [3, 0, 1, 2], "takes_all": 0})
    assert [int(r.points) for r in results] == [-18, 6, 6, 6]
    assert [r.real_loss for r in results] == [6, 0, 0, 0]
    assert [r.blamed for r in results] == [True, False, False, False]
    assert results[1].won and not results[0].won


def test_the_fry_threshold_comes_from_the_rule_set() -> None:
    results = score({"losses": [0, 10, 11, 13]}, {"fry_threshold": 11})
    assert [r.real_loss for r in results] == [0, 10, 22, 39]


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        ({"losses": [1, 2, 3, 4]}, "losses"),
        ({"losses": [0, 0, 3, 4]}, "losses"),
        ({"losses": [0, 1, 2]}, "losses"),
        ({"losses": [0, -1, 2, 3]}, "losses"),
        ({"losses": "0 1 2 3"}, "losses"),
        ({"losses": [0, 1, 2, 3], "takes_all": 4}, "takes_all"),
        ({"losses": [0, 1, 2, 3], "bonus": 1}, "bonus"),
    ],
)
def test_impossible_games_name_the_field(hand: dict[str, Any], field: str) -> None:
    with pytest.raises(EngineError) as caught:
        FAMILY.clean_hand(hand, PARAMS)
    assert caught.value.field == field


@pytest.mark.parametrize("params", [{"fry_threshold": 9}, {"fry_threshold": "ten"}, {"fry": 10}])
def test_bad_fry_thresholds_are_refused(params: dict[str, Any]) -> None:
    with pytest.raises(EngineError):
        FAMILY.clean_params(params)


def row(name: str, games: int, real_losses: int, regular: bool = True) -> StandingRow:
    return StandingRow(0, name, games, 0, 0, 0, 0, 0, real_losses, net=0, is_regular=regular)  # type: ignore[arg-type]


def test_standings_put_regular_players_first_then_fewest_losses_per_game() -> None:
    rows = [row("c", 4, 8), row("a", 4, 12), row("b", 1, 0, regular=False), row("d", 2, 2)]
    ordered = sorted(rows, key=FAMILY.standings_key)
    assert [r.name for r in ordered] == ["d", "c", "a", "b"]
    assert ordered[0].real_losses_per_game == Fraction(1)
