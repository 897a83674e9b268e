"""An MCR session written as PMN records reads back, through the PMN reader and the PMN
import, as the same hands; the records keep to what python-majiang's reader takes."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.importing.pmn_export import session_pmn
from games.importing.pmn_import import RecordFile, pmn_import
from games.models import Club, Hand, Session
from scoring.families import get_family
from scoring.pmn import read_records, reseat

PARAMS = {"preset": "standard", "seats": "competition"}
MIXED_STRAIGHT = {"concealed": "123m456p789s789p55s", "winning_tile": "7s"}
PUNG_HAND = {
    "concealed": "123m456p789s55s",
    "melds": [{"type": "pung", "tiles": "777z"}],
    "winning_tile": "5s",
}
KONG_HAND = {
    "concealed": "789s55p",
    "melds": [
        {"type": "chow", "tiles": "123m"},
        {"type": "chow", "tiles": "456p"},
        {"type": "kong", "tiles": "6666z", "concealed": True},
    ],
    "winning_tile": "9s",
    "self_drawn": True,
    "bonus": "3f",
}
HANDS: list[dict[str, Any]] = [
    {"outcome": "discard", "winner": 1, "discarder": 0, "hand": MIXED_STRAIGHT},
    {"outcome": "draw"},
    {"outcome": "discard", "winner": 3, "discarder": 2, "hand": PUNG_HAND},
    {"outcome": "self_drawn", "winner": 2, "fan": 12},  # typed: no record can hold it
    {"outcome": "self_drawn", "winner": 0, "hand": KONG_HAND, "penalties": [0, -10, 5, 5]},
]
# What python-majiang's Board reads: one game a file, every line a tag, these tags.
MAJIANG_TAGS = [
    "Event",
    "Site",
    "Date",
    "Board",
    "PWind",
    "East",
    "South",
    "West",
    "North",
    "Deal",
    "Scoring",
    "Starting",
    "Result",
    "Penalty",
    "Play",
    "Fan",
]


@pytest.fixture
def mcr_session(club: Club, alice: User) -> Session:
    rules = services.rule_set_create(club=club, name="MCR", family="mcr", params=PARAMS, by=alice)
    season = services.season_save(club=club, name="MCR league", rule_set=rules)
    players = [services.player_create(club=club, name=name) for name in ("Ada", "Bo", "Chi", "Dee")]
    session = services.session_start(
        season=season, played_on=dt.date(2026, 5, 2), players=players, by=alice
    )
    for hand in HANDS:
        services.hand_record(session=session, hand_input=hand, by=alice)
    return session


def games_of(text: str) -> list[str]:
    """The file cut into games: a repeated tag starts the next."""
    games: list[list[str]] = [[]]
    for line in text.splitlines():
        name = line[1 : line.index(" ")]
        if any(seen.startswith(f"[{name} ") for seen in games[-1]):
            games.append([])
        games[-1].append(line)
    return ["\n".join(game) for game in games]


def test_every_hand_kept_as_tiles_reads_back_as_the_same_hand(mcr_session: Session) -> None:
    records = session_pmn(session=mcr_session)

    games, errors = read_records(records.text, PARAMS)

    assert not errors and len(games) == 4
    assert [place for place, _why in records.left_out] == [4]
    family = get_family("mcr")
    stored = list(mcr_session.hands.order_by("number"))
    kept = [hand for hand in stored if hand.number != 4]
    names = ("Ada", "Bo", "Chi", "Dee")
    for hand, game in zip(kept, games, strict=True):
        read = reseat(game.hand_input, [names.index(name) for name in game.names])
        assert not game.warnings
        assert family.score_hand(family.clean_hand(read, PARAMS), PARAMS) == family.score_hand(
            hand.input, PARAMS
        )
        if "hand" in hand.input:
            assert family.evaluate(read, PARAMS) == hand.evaluation


def test_each_record_is_one_python_majiang_reads(mcr_session: Session) -> None:
    records = session_pmn(session=mcr_session)

    for game in games_of(records.text):
        tags = dict(
            re.fullmatch(r'\[(\w+) "([^"]*)"\]', line).groups() for line in game.splitlines()
        )  # type: ignore[union-attr]
        assert set(MAJIANG_TAGS) <= set(tags)
        dt.datetime.strptime(tags["Date"], "%Y.%m.%d")
        assert int(tags["Board"]) and tags["PWind"] in "ESWN" and tags["Scoring"] == "MCR"
        assert all(len(part.split()) == 4 for part in (tags["Result"], tags["Penalty"]))
        assert all(re.fullmatch(r"c\d*d\d*b\d*w\d*r\d*f\d*", hand) for hand in tags["Deal"].split())
        before_win, _, _ = tags["Play"].partition("H")
        assert len(before_win) % 4 == 0
        for field in tags["Fan"].split():
            assert field == "None" or all(
                re.fullmatch(r"\d+/\d+/\d+", item) for item in field.split(".")
            )
    assert games_of(records.text)[0].count("\n") == len(MAJIANG_TAGS) - 1


def test_the_records_import_into_an_empty_season_as_the_same_hands(
    mcr_session: Session, private_club: Club, dave: User
) -> None:
    rules = services.rule_set_create(
        club=private_club, name="MCR", family="mcr", params=PARAMS, by=dave
    )
    season = services.season_save(club=private_club, name="Copy", rule_set=rules)
    text = session_pmn(session=mcr_session).text

    result = pmn_import(
        season=season,
        rule_set=rules,
        files=[RecordFile("records.pmn", text)],
        played_on=dt.date(2026, 1, 1),
        by=dave,
        create_players=True,
    )

    assert result.hands == 4 and len(result.sessions) == 1
    (copy,) = result.sessions
    assert copy.played_on == mcr_session.played_on
    assert [s.player.name for s in copy.seats.order_by("position")] == ["Ada", "Bo", "Chi", "Dee"]
    source = [h for h in mcr_session.hands.order_by("number") if h.number != 4]
    copied = list(Hand.objects.filter(session=copy).order_by("number"))
    assert [scores(h) for h in copied] == [scores(h) for h in source]
    assert [h.evaluation for h in copied] == [h.evaluation for h in source]


def scores(hand: Hand) -> list[Any]:
    return list(hand.scores.order_by("seat").values_list("points", "won", "blamed", "hand_value"))


def test_the_session_page_links_its_records(mcr_session: Session, as_alice: Client) -> None:
    page = as_alice.get(f"/c/dragons/sessions/{mcr_session.pk}/").content.decode()
    assert f"/c/dragons/sessions/{mcr_session.pk}/records.pmn" in page
    download = as_alice.get(f"/c/dragons/sessions/{mcr_session.pk}/records.pmn")
    assert download["X-Hands-Left-Out"] == "4"
    assert download.content.decode() == session_pmn(session=mcr_session).text


def test_the_records_are_read_as_the_session_is_and_only_for_mcr(
    mcr_session: Session, as_dave: Client, private_club: Club, dave: User
) -> None:
    url = f"/c/dragons/sessions/{mcr_session.pk}/records.pmn"
    assert Client().get(url).status_code == 200  # a public club's sessions are read by anyone
    Club.objects.filter(pk=mcr_session.club_id).update(visibility=Club.Visibility.MEMBERS)
    assert Client().get(url).status_code == 404
    assert as_dave.get(url).status_code == 404  # another club's organiser
    assert as_dave.get(f"/c/tigers/sessions/{mcr_session.pk}/records.pmn").status_code == 404
    rules = services.rule_set_create(
        club=private_club, name="HK", family="hk", params={"max_faan": 10}, by=dave
    )
    season = services.season_save(club=private_club, name="HK", rule_set=rules)
    tigers = [services.player_create(club=private_club, name=name) for name in "WXYZ"]
    played_on = dt.date(2026, 5, 1)
    hk = services.session_start(season=season, played_on=played_on, players=tigers, by=dave)
    assert as_dave.get(f"/c/tigers/sessions/{hk.pk}/records.pmn").status_code == 404
