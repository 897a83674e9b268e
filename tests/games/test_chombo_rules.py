"""A chombo's cost, whether it is paid to the others, and what it ends, as settings of a
rule set: edited on the rule-set form, the penalty form's default, shown with the rules, and
a chombo that ends the game closes the session's game to new hands."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from games import selectors, services
from games.models import Club, Player, RuleSet, Season, Session
from games.services import PenaltyInput
from scoring.engine.errors import EngineError
from scoring.engine.penalties import ChomboEnds, PenaltyPreset
from scoring.families import FAMILIES, SessionSeat, get_family
from tests.conftest import HK_HALF, ZUNG_JUNG

pytestmark = pytest.mark.django_db

# Each family's rules (as a rule set stores them) and what a chombo costs there by default.
RULES: dict[str, tuple[dict[str, Any], PenaltyPreset]] = {
    "hk": (HK_HALF, PenaltyPreset(9 * 64, True, ChomboEnds.HAND)),
    "zung_jung": (ZUNG_JUNG, PenaltyPreset(120, True, ChomboEnds.HAND)),
    "mcr": ({"false_win_penalty": 10}, PenaltyPreset(30, True, ChomboEnds.NOTHING)),
    "classical": (
        {"rules": "millington", "stake": 2000},
        PenaltyPreset(300, True, ChomboEnds.HAND),
    ),
    "big_two": ({"fry_threshold": 10}, PenaltyPreset(13, True, ChomboEnds.HAND)),
    "riichi": ({"preset": "ema"}, PenaltyPreset(20000, False, ChomboEnds.HAND)),
}


# --- the settings, family by family --------------------------------------------------------


@pytest.mark.parametrize("family", sorted(RULES))
def test_each_familys_chombo_is_what_its_rules_say_until_the_rule_set_sets_it(
    family: str,
) -> None:
    rules, default = RULES[family]
    family_obj = get_family(family)
    assert family_obj.penalty_preset(family_obj.clean_params(rules)) == default
    # Riichi: whether it is paid to the others follows from how it is paid (``chombo``).
    own: dict[str, Any] = {"chombo_amount": 50, "chombo_ends": "game"}
    if family != "riichi":
        own["chombo_zero_sum"] = not default.zero_sum
    cleaned = family_obj.clean_params({**rules, **own})
    assert {key: cleaned[key] for key in own} == own
    assert family_obj.penalty_preset(cleaned) == PenaltyPreset(
        50, own.get("chombo_zero_sum", default.zero_sum), ChomboEnds.GAME
    )


@pytest.mark.parametrize("family", sorted(RULES))
@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"chombo_amount": 0}, "a chombo's cost must be from 1 to 1,000,000,000"),
        ({"chombo_amount": "30"}, "a chombo's cost must be a whole number"),
        ({"chombo_amount": True}, "a chombo's cost must be a whole number"),
        ({"chombo_ends": "round"}, "what a chombo ends must be one of hand, game, nothing"),
    ],
)
def test_bad_chombo_settings_are_refused_naming_the_setting(
    family: str, setting: dict[str, Any], message: str
) -> None:
    rules, _ = RULES[family]
    with pytest.raises(EngineError) as refused:
        get_family(family).clean_params({**rules, **setting})
    assert refused.value.field == next(iter(setting))
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"chombo_zero_sum": True}, "chombo_zero_sum", "a riichi chombo is paid to the others"),
        ({"chombo_ends": "nothing"}, "chombo_ends", "a riichi chombo voids its hand"),
        (
            {"chombo": "mangan", "chombo_amount": 5000},
            "chombo_amount",
            "a chombo paid as a reverse mangan costs what a mangan does",
        ),
    ],
)
def test_riichi_refuses_chombo_settings_its_rules_decide(
    params: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(EngineError) as refused:
        get_family("riichi").clean_params({"preset": "ema", **params})
    assert refused.value.field == field
    assert str(refused.value).startswith(message)


def test_a_riichi_chombo_of_another_cost_comes_off_the_final_score() -> None:
    riichi = get_family("riichi")
    # A game ending level at 30,000 each; the first seat made one chombo.
    seats = [SessionSeat(net=Decimal(0), false_wins=1), *[SessionSeat(net=Decimal(0))] * 3]
    printed = riichi.session_placings(seats, riichi.clean_params({"preset": "ema"}))
    own = riichi.session_placings(
        seats, riichi.clean_params({"preset": "ema", "chombo_amount": 8000})
    )
    assert printed is not None and own is not None
    assert own[0].points - printed[0].points == 12000
    assert [p.points for p in own[1:]] == [p.points for p in printed[1:]]


# --- the rule-set form, the rules page and the penalty form --------------------------------


def test_an_organiser_sets_the_chombo_on_the_rule_set_form_as_a_new_version(
    session: Session, rule_set: RuleSet, players: list[Player], alice: User, as_alice: Client
) -> None:
    services.hand_record(
        session=session, hand_input={"outcome": "self_drawn", "winner": 0, "faan": 3}, by=alice
    )
    form = as_alice.get(f"/c/dragons/rules/{rule_set.pk}/edit/")
    assert {"chombo_amount", "chombo_zero_sum", "chombo_ends"} <= set(
        form.context["params_form"].fields
    )
    response = as_alice.post(
        f"/c/dragons/rules/{rule_set.pk}/edit/",
        {
            "name": rule_set.name,
            **HK_HALF,
            "chombo_amount": "50",
            "chombo_zero_sum": "no",
            "chombo_ends": "game",
        },
    )
    assert response.status_code == 302
    versions = list(rule_set.versions.order_by("number"))
    assert [v.number for v in versions] == [1, 2]
    assert "chombo_amount" not in versions[0].params
    assert versions[1].params == {
        **get_family("hk").clean_params(HK_HALF),
        "chombo_amount": 50,
        "chombo_zero_sum": False,
        "chombo_ends": "game",
    }
    # The form shows the stored settings when opened again.
    again = as_alice.get(f"/c/dragons/rules/{rule_set.pk}/edit/").context["params_form"]
    assert (again.initial["chombo_amount"], again.initial["chombo_zero_sum"]) == (50, "no")
    text = Client().get("/c/dragons/rules/").content.decode()
    assert "chombo 50, taken away, ends the game" in text
    assert "chombo 576, paid to the others, ends the hand" in text


def test_the_rule_set_form_names_a_bad_chombo_cost(club: Club, as_alice: Client) -> None:
    response = as_alice.post(
        "/c/dragons/rules/new/hk/", {"name": "Fines", **HK_HALF, "chombo_amount": "0"}
    )
    assert response.status_code == 200
    assert response.context["params_form"].errors["chombo_amount"]
    assert not RuleSet.objects.filter(name="Fines").exists()


def test_the_riichi_form_offers_no_chombo_that_ends_nothing(as_alice: Client, club: Club) -> None:
    form = as_alice.get("/c/dragons/rules/new/riichi/").context["params_form"]
    assert "chombo_zero_sum" not in form.fields
    assert [key for key, _ in form.fields["chombo_ends"].choices] == ["", "hand", "game"]


@pytest.mark.parametrize("family", sorted(RULES))
def test_every_familys_form_takes_the_chombo_settings(family: str) -> None:
    family_obj = get_family(family)
    form = family_obj.params_form(
        {"chombo_amount": "7", "chombo_ends": "nothing" if family != "riichi" else "game"}
    )
    form.is_valid()
    assert {"chombo_amount", "chombo_ends"} <= set(form.cleaned_data)
    assert form.cleaned_data["chombo_amount"] == 7


def test_the_penalty_form_fills_in_the_rule_sets_chombo(
    club: Club, players: list[Player], alice: User, as_bob: Client
) -> None:
    session = hk_session(club, players, alice, chombo_amount=50, chombo_zero_sum=False)
    page = as_bob.get(f"/c/dragons/sessions/{session.pk}/penalties/new/")
    assert page.context["form"].initial["amount"] == 50
    assert page.context["form"].initial["zero_sum"] is False
    assert "a chombo costs 50, taken away from the player" in page.content.decode()
    assert (
        "chombo 50, taken away, ends the hand"
        in as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    )


# --- what a chombo ends --------------------------------------------------------------------


def session_under(
    club: Club, players: list[Player], alice: User, family: str, params: dict[str, Any]
) -> Session:
    rules = services.rule_set_create(
        club=club, name=f"{family} fines", family=family, params=params, by=alice
    )
    season = services.season_save(club=club, name=f"{family} fines", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players, by=alice
    )


def hk_session(club: Club, players: list[Player], alice: User, **chombo: Any) -> Session:
    return session_under(club, players, alice, "hk", {**HK_HALF, **chombo})


WIN = {"outcome": "self_drawn", "winner": 0, "faan": 3}


def chombo(session: Session, player: Player, by: User) -> Any:
    penalty, _ = services.penalty_record(
        session=session, penalty=PenaltyInput(player=player, reason="chombo", amount=30), by=by
    )
    return penalty


def test_a_chombo_that_ends_the_game_refuses_further_hands_saying_why(
    club: Club, players: list[Player], alice: User, as_bob: Client
) -> None:
    session = hk_session(club, players, alice, chombo_ends="game")
    services.hand_record(session=session, hand_input=WIN, by=alice)
    penalty = chombo(session, players[1], alice)
    with pytest.raises(ValidationError) as refused:
        services.hand_record(session=session, hand_input=WIN, by=alice)
    assert refused.value.messages == [
        "B's chombo ended this game: under these rules a chombo ends the game. "
        "Start a new session for the next game."
    ]
    assert session.hands.count() == 1
    # The pages say so: the sheet offers no new hand, the hand form sends back with why.
    sheet = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert 'id="chombo-ending"' in sheet and 'id="add-hand"' not in sheet
    response = as_bob.get(f"/c/dragons/sessions/{session.pk}/hands/new/", follow=True)
    assert "B&#x27;s chombo ended this game" in response.content.decode()
    # A chombo withdrawn gives the game back.
    services.penalty_delete(penalty=penalty, expected_version=1, why="a mistake", by=alice)
    services.hand_record(session=session, hand_input=WIN, by=alice)
    assert session.hands.count() == 2


def test_a_false_win_hand_is_a_chombo_that_ends_the_game(
    club: Club, players: list[Player], alice: User
) -> None:
    session = hk_session(club, players, alice, chombo_ends="game")
    services.hand_record(
        session=session, hand_input={"outcome": "false_win", "blamed": 2}, by=alice
    )
    assert "C's chombo ended this game" in selectors.session_chombo_ending(session=session)
    with pytest.raises(ValidationError):
        services.hand_record(session=session, hand_input=WIN, by=alice)


@pytest.mark.parametrize("ends", ["hand", "nothing"])
def test_a_chombo_that_ends_the_hand_or_nothing_leaves_the_game_going(
    club: Club, players: list[Player], alice: User, ends: str
) -> None:
    session = hk_session(club, players, alice, chombo_ends=ends)
    chombo(session, players[1], alice)
    services.hand_record(
        session=session, hand_input={"outcome": "false_win", "blamed": 2}, by=alice
    )
    services.hand_record(session=session, hand_input=WIN, by=alice)
    assert session.hands.count() == 2
    assert selectors.session_chombo_ending(session=session) == ""


def test_a_riichi_chombo_that_ends_the_game_ends_the_hanchan(
    club: Club, players: list[Player], alice: User
) -> None:
    params = {"preset": "ema", "chombo_ends": "game"}
    session = session_under(club, players, alice, "riichi", params)
    services.hand_record(session=session, hand_input={"outcome": "chombo", "offender": 3}, by=alice)
    with pytest.raises(ValidationError) as refused:
        services.hand_record(
            session=session, hand_input={"outcome": "draw", "tenpai": [0]}, by=alice
        )
    assert "D's chombo ended this game" in refused.value.messages[0]


def test_a_zung_jung_illegal_call_ends_the_game_where_the_rules_say(
    club: Club, players: list[Player], alice: User
) -> None:
    session = session_under(club, players, alice, "zung_jung", {**ZUNG_JUNG, "chombo_ends": "game"})
    services.hand_record(
        session=session, hand_input={"outcome": "illegal_call", "offender": 0}, by=alice
    )
    with pytest.raises(ValidationError) as refused:
        services.hand_record(session=session, hand_input={"outcome": "draw"}, by=alice)
    assert "A's chombo ended this game" in refused.value.messages[0]


def test_the_form_of_every_family_lists_its_settings() -> None:
    # Every registered family takes the settings (none is left out of this file's table).
    assert sorted(FAMILIES) == sorted(RULES)


def test_another_seasons_chombo_ends_nothing_here(
    club: Club, players: list[Player], alice: User, season: Season, session: Session
) -> None:
    other = hk_session(club, players, alice, chombo_ends="game")
    chombo(other, players[0], alice)
    services.hand_record(session=session, hand_input=WIN, by=alice)
    assert session.hands.count() == 1


@pytest.mark.parametrize("family", sorted(RULES))
def test_a_rule_set_form_left_as_the_rules_say_stores_no_chombo_settings(
    family: str, club: Club, as_alice: Client
) -> None:
    form = as_alice.get(f"/c/dragons/rules/new/{family}/").context["params_form"]
    data = {name: field.value() for name, field in ((n, form[n]) for n in form.fields)}
    # An unticked box and an empty field are left out, as a browser leaves them.
    data = {key: value for key, value in data.items() if value is not None and value is not False}
    response = as_alice.post(f"/c/dragons/rules/new/{family}/", {"name": "Plain", **data})
    assert response.status_code == 302
    params = RuleSet.objects.get(name="Plain").current_version().params
    assert not {"chombo_amount", "chombo_zero_sum", "chombo_ends"} & set(params)
