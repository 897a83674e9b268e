"""The engine's bounds on every number a person types, through every path that takes one:
the API's hands/ and settle/, the hand form, score files (preview and command line)."""

from __future__ import annotations

import datetime as dt
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Player, Session
from scoring.engine import cli
from tests.api.conftest import Api
from tests.games.importing.test_import import import_big_two, import_hk, refusal
from tests.games.pages import snapshot

CARDS = "cards left must be a whole number from 0 to 13"
FAN = "fan must be a whole number from 0 to 1000"
PENALTY = "a penalty must be a whole number from -1000 to 1000"
HUGE = [2**31, 10**30, -1]

# family, a hand with one number out of bounds, the field named and the message
HANDS: list[tuple[str, dict[str, Any], str, str]] = [
    *(("mcr", {"outcome": "self_drawn", "winner": 0, "fan": fan}, "fan", FAN) for fan in HUGE),
    (
        "mcr",
        {"outcome": "draw", "penalties": [0, 0, 2**31, 0]},
        "penalties",
        f"West: {PENALTY}",
    ),
    (
        "mcr",
        {"outcome": "draw", "penalties": [-(10**30), 0, 0, 0]},
        "penalties",
        f"East: {PENALTY}",
    ),
    *(("big_two", {"losses": [0, n, 1, 1]}, "losses", f"South: {CARDS}") for n in HUGE),
    ("big_two", {"losses": [0, 1, 1, 14]}, "losses", f"North: {CARDS}"),
    (
        "hk",
        {"outcome": "self_drawn", "winner": 0, "faan": 2**31},
        "faan",
        "2147483648 faan is above this rule set's maximum of 13",
    ),
    (
        "zung_jung",
        {"outcome": "self_drawn", "winner": 0, "points": 10**30},
        "points",
        "no Zung Jung hand is worth more than 480 points",
    ),
]
# Without players (settle/) a seat is named by its wind; at a table, by its player.
WINDS = ("East", "South", "West", "North")
HAND_IDS = [f"{family}-{field}-{n}" for n, (family, _, field, _) in enumerate(HANDS)]

# family, parameters with one number out of bounds, the field named and the message
PARAMS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "big_two",
        {"fry_threshold": 2**31},
        "fry_threshold",
        "the fry threshold must be a whole number from 10 to 1000",
    ),
    ("hk", {"max_faan": 10**30}, "max_faan", "maximum faan must be a whole number from 0 to 64"),
    ("hk", {"base": str(10**30)}, "base", "base must be a number from 0 to 10000"),
    (
        "mcr",
        {"false_win_penalty": 2**31},
        "false_win_penalty",
        "the false-win penalty must be a whole number from 0 to 100",
    ),
    (
        "zung_jung",
        {"illegal_call": 10**30},
        "illegal_call",
        "the Illegal Call penalty must be a whole number from 0 to 480",
    ),
    ("zung_jung", {"minimum": -1}, "minimum", "the minimum must be a whole number from 0 to 320"),
    ("classical", {"stake": 10**30}, "stake", "stake must be a whole number from 0 to 1000000000"),
    ("classical", {"limit": 2**31}, "limit", "limit must be a whole number from 1 to 1000000"),
]
PARAM_IDS = [f"{family}-{field}" for family, _, field, _ in PARAMS]


def family_session(club: Club, players: list[Player], alice: User, family: str) -> Session:
    rule_set = services.rule_set_create(
        club=club, name=f"{family} rules", family=family, params={}, by=alice
    )
    season = services.season_save(club=club, name=f"{family} season", rule_set=rule_set)
    return services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=players, by=alice
    )


@pytest.mark.parametrize(("family", "hand", "field", "message"), HANDS, ids=HAND_IDS)
def test_settle_refuses_a_number_out_of_bounds_naming_the_field(
    anonymous: Api, family: str, hand: dict[str, Any], field: str, message: str
) -> None:
    response = anonymous.post("settle/", {"family": family, "hand": hand})
    assert response.status_code == 400
    assert response.json()["fields"] == {f"hand.{field}": [message]}


@pytest.mark.parametrize(("family", "params", "field", "message"), PARAMS, ids=PARAM_IDS)
def test_settle_refuses_rules_out_of_bounds_naming_the_field(
    anonymous: Api, family: str, params: dict[str, Any], field: str, message: str
) -> None:
    body = {"family": family, "params": params, "hand": {}}
    response = anonymous.post("settle/", body)
    assert response.status_code == 400
    assert response.json()["fields"] == {f"params.{field}": [message]}


@pytest.mark.parametrize(("family", "hand", "field", "message"), HANDS, ids=HAND_IDS)
def test_recording_refuses_a_number_out_of_bounds_and_writes_nothing(
    club: Club,
    players: list[Player],
    alice: User,
    api_bob: Api,
    family: str,
    hand: dict[str, Any],
    field: str,
    message: str,
) -> None:
    session = family_session(club, players, alice, family)
    before = snapshot()
    response = api_bob.post("hands/", {"session": session.pk, "input": hand})
    assert response.status_code == 400
    for wind, player in zip(WINDS, players, strict=True):
        message = message.replace(f"{wind}: ", f"{player.name}: ")
    assert message in str(response.json()["fields"]), response.json()
    assert snapshot() == before


# The hand form's field, the value typed, and the message beside it
FORMS = [
    ("mcr", {"winner": "0", "how": "self_drawn", "value_mode": "points"}, "fan", FAN),
    ("mcr", {"winner": "draw"}, "penalty_2", PENALTY),
    ("big_two", {"cards_0": "0", "cards_2": "1", "cards_3": "1"}, "cards_1", CARDS),
]


@pytest.mark.parametrize(("family", "data", "field", "message"), FORMS)
@pytest.mark.parametrize("typed", [str(2**31), str(10**30), "-1001", "²"])
def test_the_hand_form_refuses_a_number_out_of_bounds_beside_its_field(
    club: Club,
    players: list[Player],
    alice: User,
    as_bob: Client,
    family: str,
    data: dict[str, str],
    field: str,
    message: str,
    typed: str,
) -> None:
    session = family_session(club, players, alice, family)
    url = f"/c/dragons/sessions/{session.pk}/hands/new/"
    post = {**data, field: typed, "client_id": str(uuid.uuid4()), "action": "save"}
    response = as_bob.post(url, post)
    assert response.status_code == 200
    expected = message[:1].upper() + message[1:] + "."
    assert response.context["form"].errors[field] == [expected]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("0 2147483648 1 1", f"line 3: b: {CARDS}"),
        (f"0 1 {10**30} 1", f"line 3: c: {CARDS}"),
        ("14 0 1 1", f"line 3: a: {CARDS}"),
    ],
)
def test_a_big_two_file_out_of_bounds_is_refused_at_preview_with_its_line(
    club: Club, alice: User, line: str, problem: str
) -> None:
    rule_set = services.rule_set_create(club=club, name="B2", family="big_two", params={}, by=alice)
    season = services.season_save(club=club, name="B2 season", rule_set=rule_set)
    before = snapshot()
    text = f"a b c d\n0 1 1 1\n{line}\n"
    assert refusal(import_big_two, season, text, create_players=True) == [problem]
    assert snapshot() == before


def test_an_hk_file_out_of_bounds_is_refused_at_preview_with_its_line(
    season: Any, players: list[Player]
) -> None:
    # No setting line before it: the season's rules (maximum 6) are the file's.
    text = "A B C D\n1 - - -\n- 2147483648 - -\nM=65\n"
    assert refusal(import_hk, season, text) == [
        "line 3: game declared with winner's faan exceeding maximum faan (6)"
    ]


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [
        ("big-two", "a b c d\n0 2147483648 1 1\n", f"line 2: b: {CARDS}"),
        ("big-two", "F=2147483648\n", "line 1: the fry threshold must be a whole number"),
        ("hk", "M=2147483648\n", "line 1: maximum faan must be a whole number from 0 to 64"),
    ],
)
def test_the_command_line_refuses_the_same_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, text: str, message: str
) -> None:
    scores = tmp_path / "scores.txt"
    scores.write_text(text, encoding="utf-8")
    assert cli.main([command, str(scores)]) == 1
    assert capsys.readouterr().err.startswith(f"{scores}, {message}")
    assert not list(tmp_path.glob("*.tsv"))
