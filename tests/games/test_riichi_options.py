"""Riichi's optional rules in the league: the settings an organiser changes on a preset
(docs/spec/riichi.md §9), and liability (pao), abortive draws and nagashi mangan entered on
the hand page (the API's are in tests/api/test_riichi_api.py)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, Player, RuleSet, Session
from scoring.engine.errors import EngineError
from scoring.families import get_family
from scoring.families.riichi.forms import RiichiHandForm, RiichiParamsForm
from scoring.families.riichi.params import rules_from_params

RIICHI = get_family("riichi")


def riichi_session(club: Club, alice: User, players: list[Player], params: Any) -> Session:
    rules = services.rule_set_create(club=club, name="R", family="riichi", params=params, by=alice)
    season = services.season_save(club=club, name="R", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )


def post_hand(client: Client, session: Session, data: dict[str, Any]) -> Any:
    body = {"client_id": str(uuid.uuid4()), "action": "save", **data}
    return client.post(f"/c/dragons/sessions/{session.pk}/hands/new/", body)


def changes_of(session: Session) -> list[list[int]]:
    hands = session.hands.filter(deleted_at=None).order_by("number")
    return [[int(s.points) for s in hand.scores.order_by("seat")] for hand in hands]


# --- the settings on a preset -------------------------------------------------------------


def test_a_setting_changes_the_preset_and_blank_keeps_it() -> None:
    rules = rules_from_params({"preset": "ema", "leftover_sticks": "lost", "pao": False})
    assert (str(rules.leftover_sticks), rules.pao, rules.honba_to_all_winners) == (
        "lost",
        False,
        True,
    )
    club = rules_from_params({"preset": "club", "chombo": "final", "honba_to_all_winners": True})
    assert (str(club.chombo), club.chombo_points, club.honba_to_all_winners) == (
        "final",
        20000,
        True,
    )
    assert RIICHI.clean_params({"preset": "wrc", "nagashi_mangan": True}) == {
        "preset": "wrc",
        "nagashi_mangan": True,
    }


@pytest.mark.parametrize(
    ("params", "field", "words"),
    [
        ({"preset": "ema", "pao": "yes"}, "pao", "true or false"),
        ({"preset": "ema", "leftover_sticks": "last"}, "leftover_sticks", "first, lost"),
        ({"preset": "ema", "chombo": 3}, "chombo", "final, mangan"),
    ],
)
def test_a_bad_setting_is_refused_by_field(params: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(EngineError, match=words) as caught:
        RIICHI.clean_params(params)
    assert caught.value.field == field


def test_the_organiser_changes_settings_on_the_rules_page(as_alice: Client, club: Club) -> None:
    data = {
        "name": "Tuesday riichi",
        "preset": "ema",
        "leftover_sticks": "lost",
        "honba_to_all_winners": "",
        "chombo": "mangan",
        "abortive_draws": "yes",
        "nagashi_mangan": "",
        "pao": "no",
    }
    response = as_alice.post("/c/dragons/rules/new/riichi/", data)
    assert response.status_code == 302
    rule_set = RuleSet.objects.get(club=club, name="Tuesday riichi")
    assert rule_set.current_version().params == {
        "preset": "ema",
        "leftover_sticks": "lost",
        "chombo": "mangan",
        "abortive_draws": True,
        "pao": False,
    }
    listing = as_alice.get("/c/dragons/rules/").content.decode()
    assert "leftover riichi sticks lost" in listing and "no liability (pao)" in listing
    assert "chombo paid as a reverse mangan" in listing and "abortive draws" in listing
    edit = as_alice.get(f"/c/dragons/rules/{rule_set.pk}/edit/").content.decode()
    assert '<option value="no" selected>' in edit and "As the preset says" in edit


def test_the_params_form_refuses_an_answer_it_does_not_offer() -> None:
    form = RiichiParamsForm({"preset": "ema", "pao": "maybe"})
    assert not form.is_valid() and "pao" in form.errors


# --- pao, abortive draws, nagashi mangan on the page --------------------------------------

CLUB_RULES = {"preset": "club"}


def test_the_page_records_pao_an_abortive_draw_and_a_nagashi_mangan(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, CLUB_RULES)
    hands = [
        # East 1: four riichi, abortive; the dealer keeps the deal, 4 sticks on the table
        {"winner": "draw", "abortive": "on", "riichi": ["0", "1", "2", "3"]},
        # East 1, 1 honba: B's nagashi mangan, A (dealer) noten passes the deal
        {"winner": "draw", "nagashi": ["1"]},
        # East 2, 2 honba: C tsumo daisangen, D liable: 32,000 + 600, and the 4 sticks
        {"winner": "2", "how": "self_drawn", "value_mode": "points", "limit": "yakuman",
         "liable": "3"},
    ]  # fmt: skip
    for data in hands:
        response = post_hand(as_bob, session, data)
        assert response.status_code == 302, response.content.decode()
    assert changes_of(session) == [
        [-1000, -1000, -1000, -1000],
        [-4000, 8000, -2000, -2000],
        [0, 0, 36600, -32600],
    ]
    assert Hand.objects.get(session=session, number=1).input == {
        "outcome": "abortive",
        "riichi": [0, 1, 2, 3],
    }
    assert Hand.objects.get(session=session, number=3).input["wins"] == [
        {"winner": 2, "liable": 3, "yakuman": 1}
    ]
    page = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert "Abortive draw (途中流局)" in page and "nagashi mangan: B" in page
    assert "C tsumo yakuman, D liable (pao)" in page


def test_the_form_round_trips_and_refuses_an_abortive_draw_that_pays(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, CLUB_RULES)
    response = post_hand(as_bob, session, {"winner": "draw", "abortive": "on", "tenpai": ["1"]})
    assert response.status_code == 200
    assert "An abortive draw pays nobody" in response.content.decode()
    initial = RiichiHandForm.initial_from_input({"outcome": "abortive", "riichi": [2]})
    assert (initial["winner"], initial["abortive"], initial["riichi"]) == ("draw", True, ["2"])
    win = {"outcome": "tsumo", "wins": [{"winner": 1, "yakuman": 1, "liable": 0}]}
    assert RiichiHandForm.initial_from_input(win)["liable"] == "0"


def test_pao_must_be_a_yakuman_and_shows_beside_the_liable_field(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, CLUB_RULES)
    data = {"winner": "1", "how": "self_drawn", "value_mode": "points", "limit": "mangan",
            "liable": "2"}  # fmt: skip
    response = post_hand(as_bob, session, data)
    assert response.status_code == 200
    assert "liability (pao) is for a yakuman" in response.content.decode()
    assert not Hand.objects.filter(session=session).exists()


def test_rules_without_them_show_no_abortive_nagashi_or_pao_fields() -> None:
    form = RiichiHandForm(params={"preset": "ema", "pao": False}, seat_names=list("ABCD"))
    assert not {"abortive", "nagashi", "liable"} & set(form.fields)
    form = RiichiHandForm(params={"preset": "ema"}, seat_names=list("ABCD"))
    assert "liable" in form.fields and "abortive" not in form.fields


# --- a second winner from their tiles -----------------------------------------------------

DOUBLE_RON_TILES = {
    "winner": "1",
    "how": "discard",
    "blamed": "0",
    "value_mode": "points",
    "han": "3",
    "fu": "30",
    "second_winner": "2",
    "second_concealed": "234m22456p345678s",
    "second_winning_tile": "5s",
    "riichi": ["2"],
    "dora_indicators": "1m",
}


def test_the_page_takes_a_second_winners_tiles(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, {"preset": "ema"})
    response = post_hand(as_bob, session, DOUBLE_RON_TILES)
    assert response.status_code == 302, response.content.decode()
    # C: riichi, pinfu, tanyao, dora (2m) = 4 han 30 fu, 7,700; B 3,900 and the stick
    assert changes_of(session) == [[-11600, 4900, 6700, 0]]
    hand = Hand.objects.get(session=session)
    assert hand.input["wins"][1] == {
        "winner": 2,
        "hand": {
            "concealed": "234m22456p345678s",
            "melds": [],
            "winning_tile": "5s",
            "dora_indicators": "1m",
        },
    }
    # the only winner given by tiles: their evaluation is the hand's, with their seat
    assert (hand.evaluation["seat"], hand.evaluation["han"], hand.evaluation["fu"]) == (2, 4, 30)
    page = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert "C ron 4 han 30 fu from tiles" in page
    initial = RiichiHandForm.initial_from_input(hand.input)
    assert (initial["second_concealed"], initial["second_winning_tile"]) == (
        "234m22456p345678s",
        "5s",
    )


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ({"second_han": "2"}, "second_concealed", "not both"),
        ({"second_melds": "1234m"}, "second_melds", "not a chow, pung or kong"),
        ({"second_winning_tile": "9s"}, "second_concealed", "winning tile"),
    ],
)
def test_a_second_winners_tiles_are_checked_beside_them(
    extra: dict[str, str], field: str, words: str, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, {"preset": "ema"})
    form = RiichiHandForm(
        {**DOUBLE_RON_TILES, **extra}, params={"preset": "ema"}, seat_names=list("ABCD")
    )
    if form.is_valid():
        with pytest.raises(EngineError) as caught:
            RIICHI.score_hand(form.hand_input(), {"preset": "ema"})
        assert words in caught.value.message
        assert form.form_field_for(caught.value.field) == field
    else:
        assert words in str(form.errors[field])
    assert session.hands.count() == 0


def test_counted_and_combined_yakuman_are_settings_too() -> None:
    rules = rules_from_params({"preset": "wrc", "kazoe_yakuman": True, "multiple_yakuman": False})
    assert (rules.kazoe_yakuman, rules.multiple_yakuman) == (True, False)
    hand = {"outcome": "ron", "wins": [{"winner": 1, "han": 13}], "discarder": 2}
    wrc = [int(r.points) for r in RIICHI.score_hand(hand, {"preset": "wrc"})]
    counted = [
        int(r.points) for r in RIICHI.score_hand(hand, {"preset": "wrc", "kazoe_yakuman": True})
    ]
    assert (wrc[1], counted[1]) == (24000, 32000)


# --- pao for the second and third winners of a double or triple ron -----------------------

DOUBLE_RON_PAO = {
    "winner": "0",
    "how": "discard",
    "blamed": "3",
    "value_mode": "points",
    "han": "3",
    "fu": "30",
    "second_winner": "1",
    "second_limit": "yakuman",
    "second_liable": "2",
}


def test_the_page_records_pao_for_a_second_winner(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, CLUB_RULES)
    response = post_hand(as_bob, session, DOUBLE_RON_PAO)
    assert response.status_code == 302, response.content.decode()
    # A, the dealer, 3 han 30 fu: 5,800 from D; B's yakuman on D's discard, C liable: C and
    # D pay 16,000 each.
    assert changes_of(session) == [[5800, 32000, -16000, -21800]]
    hand = Hand.objects.get(session=session)
    assert hand.input["wins"] == [
        {"winner": 0, "han": 3, "fu": 30},
        {"winner": 1, "yakuman": 1, "liable": 2},
    ]
    page = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert "B ron yakuman, C liable (pao)" in page
    initial = RiichiHandForm.initial_from_input(hand.input)
    assert (initial["second_liable"], initial["second_limit"]) == ("2", "yakuman")
    assert "liable" not in initial  # the first winner's is their own


def test_the_page_records_pao_for_a_third_winner(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, {"preset": "ema"})
    data = {**DOUBLE_RON_PAO, "second_liable": "", "second_limit": "mangan",
            "third_winner": "2", "third_limit": "yakuman", "third_liable": "1"}  # fmt: skip
    response = post_hand(as_bob, session, data)
    assert response.status_code == 302, response.content.decode()
    # A 5,800 and B 8,000 from D; C's yakuman half from B (liable), half from D.
    assert changes_of(session) == [[5800, -8000, 32000, -29800]]
    assert Hand.objects.get(session=session).input["wins"][2] == {
        "winner": 2,
        "yakuman": 1,
        "liable": 1,
    }


@pytest.mark.parametrize(
    ("extra", "field", "words"),
    [
        ({"second_liable": "1"}, "second_liable", "Second winner: a winner cannot be liable"),
        (
            {"second_limit": "", "second_han": "5"},
            "second_liable",
            "Second winner: liability (pao) is for a yakuman",
        ),
        (
            {"third_winner": "2", "third_limit": "haneman", "third_liable": "0"},
            "third_liable",
            "Third winner: liability (pao) is for a yakuman",
        ),
    ],
)
def test_another_winners_liable_player_is_checked_beside_it(
    extra: dict[str, str],
    field: str,
    words: str,
    as_bob: Client,
    club: Club,
    alice: User,
    players: list[Player],
) -> None:
    session = riichi_session(club, alice, players, CLUB_RULES)
    response = post_hand(as_bob, session, {**DOUBLE_RON_PAO, **extra})
    assert response.status_code == 200
    form = response.context["form"]
    assert words in " ".join(form.errors[field])
    assert session.hands.count() == 0


def test_a_second_winners_tiles_that_are_no_yakuman_refuse_pao_beside_it(
    club: Club, alice: User, players: list[Player]
) -> None:
    data = {**DOUBLE_RON_TILES, "second_liable": "3"}
    form = RiichiHandForm(data, params={"preset": "ema"}, seat_names=list("ABCD"))
    assert form.is_valid(), form.errors
    with pytest.raises(EngineError) as caught:
        RIICHI.score_hand(form.hand_input(), {"preset": "ema"})
    assert "liability (pao) is for a yakuman" in caught.value.message
    assert form.form_field_for(caught.value.field) == "second_liable"
    assert form.form_field_for("wins[0].liable") == "liable"


def test_rules_without_pao_ask_no_winner_who_is_liable() -> None:
    form = RiichiHandForm(params={"preset": "ema", "pao": False}, seat_names=list("ABCD"))
    assert not {"second_liable", "third_liable"} & set(form.fields)
    assert all("liable" not in other for other in form.other_winners)
    form = RiichiHandForm(params={"preset": "ema"}, seat_names=list("ABCD"))
    assert {"second_liable", "third_liable"} <= set(form.fields)


# --- the hand form's grids ----------------------------------------------------------------


def test_han_and_fu_are_one_tap_grids_and_a_larger_stored_han_stays_a_choice(
    as_alice: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = riichi_session(club, alice, players, {"preset": "ema"})
    page = as_alice.get(f"/c/dragons/sessions/{session.pk}/hands/new/").content.decode()
    assert 'type="radio" name="han" value="13"' in page
    assert 'type="radio" name="fu" value="110"' in page
    assert 'name="han" value="14"' not in page

    response = post_hand(
        as_alice, session, {"winner": "1", "how": "discard", "blamed": "2", "han": "20"}
    )
    assert response.status_code == 302
    hand = session.hands.get()
    assert hand.input["wins"] == [{"winner": 1, "han": 20}]
    page = as_alice.get(f"/c/dragons/hands/{hand.pk}/edit/").content.decode()
    assert (
        'type="radio" name="han" value="20" ' in page
        and "checked" in page.split('name="han" value="20"')[1].split(">")[0]
    )
