"""Every place that says what a chombo costs says the rule set's own cost, in every family
and in both Chinese scripts: the rule-set form (riichi's chombo answer and each cost's
help), the rules page, the session's summary and the penalty form."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Player, RuleSet
from scoring.families import get_family
from tests.games.test_chombo_rules import RULES, session_under

pytestmark = pytest.mark.django_db

# A cost no family's rules give.
OWN = 77
RIICHI_OWN = {"preset": "ema", "chombo_amount": 8000}


def rule_set_with(club: Club, alice: User, family: str, params: dict[str, Any]) -> RuleSet:
    return services.rule_set_create(
        club=club, name=f"{family} own chombo", family=family, params=params, by=alice
    )


def edit_form(client: Client, rule_set: RuleSet, language: str = "en") -> Any:
    page = client.get(f"/c/dragons/rules/{rule_set.pk}/edit/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    return page.context["params_form"]


# --- riichi: the chombo answer and its cost's help ----------------------------------------


def test_the_riichi_form_states_the_rule_sets_own_chombo_cost(
    club: Club, alice: User, as_alice: Client
) -> None:
    rule_set = rule_set_with(club, alice, "riichi", RIICHI_OWN)
    form = edit_form(as_alice, rule_set)
    assert dict(form.fields["chombo"].choices)["final"] == "8,000 off the final score"
    # Blank takes the preset's cost back.
    assert form.fields["chombo_amount"].help_text == "Blank: as the preset says (20,000)."
    page = as_alice.get(f"/c/dragons/rules/{rule_set.pk}/edit/").content.decode()
    assert "8,000 off the final score" in page
    assert "20,000 off the final score" not in page


def test_a_riichi_form_sent_back_states_the_cost_sent(club: Club, as_alice: Client) -> None:
    data = {"name": "Own", "preset": "wrc", "chombo_amount": "12000", "chombo_ends": "round"}
    response = as_alice.post("/c/dragons/rules/new/riichi/", data)
    assert response.status_code == 200  # sent back: no such end
    form = response.context["params_form"]
    assert dict(form.fields["chombo"].choices)["final"] == "12,000 off the final score"


def test_a_new_riichi_form_states_the_presets_cost(club: Club, as_alice: Client) -> None:
    form = as_alice.get("/c/dragons/rules/new/riichi/").context["params_form"]
    assert dict(form.fields["chombo"].choices)["final"] == "20,000 off the final score"
    assert form.fields["chombo_amount"].help_text == "Blank: as the preset says (20,000)."


def test_the_club_presets_final_chombo_is_the_printed_rules_cost(
    club: Club, alice: User, as_alice: Client
) -> None:
    # The club game pays a chombo at the table; taken off the final score it costs 20,000.
    form = edit_form(as_alice, rule_set_with(club, alice, "riichi", {"preset": "club"}))
    assert dict(form.fields["chombo"].choices)["final"] == "20,000 off the final score"


@pytest.mark.parametrize(
    ("language", "answer", "help_text"),
    [
        ("zh-hant", "最終分數扣 8,000", "留空：按預設（20,000）。"),
        ("zh-hans", "最终分数扣 8,000", "留空：按默认（20,000）。"),
    ],
)
def test_the_riichi_forms_costs_read_in_chinese(
    club: Club, alice: User, as_alice: Client, language: str, answer: str, help_text: str
) -> None:
    form = edit_form(as_alice, rule_set_with(club, alice, "riichi", RIICHI_OWN), language)
    assert dict(form.fields["chombo"].choices)["final"] == answer
    assert form.fields["chombo_amount"].help_text == help_text


def test_riichis_rules_and_session_summary_state_the_own_cost(
    club: Club, players: list[Player], alice: User, as_bob: Client
) -> None:
    session = session_under(club, players, alice, "riichi", RIICHI_OWN)
    rules_page = Client().get("/c/dragons/rules/").content.decode()
    assert "chombo 8,000 off the final score" in rules_page
    assert "chombo 8,000, taken away, ends the hand" in rules_page
    assert "20,000" not in rules_page
    sheet = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert "chombo 8,000 off the final score" in sheet
    assert "chombo 8,000, taken away, ends the hand" in sheet
    penalty = as_bob.get(f"/c/dragons/sessions/{session.pk}/penalties/new/")
    assert penalty.context["form"].initial["amount"] == 8000
    assert "a chombo costs 8,000, taken away from the player" in penalty.content.decode()


@pytest.mark.parametrize(
    ("params", "language", "stated"),
    [
        (RIICHI_OWN, "en", "Under these rules a chombo costs 8,000 off the final score."),
        (RIICHI_OWN, "zh-hant", "按此規則，錯和從最終分數扣 8,000。"),
        (RIICHI_OWN, "zh-hans", "按此规则，错和从最终分数扣 8,000。"),
        ({"preset": "ema"}, "en", "Under these rules a chombo costs 20,000 off the final score."),
        (
            {"preset": "club"},
            "en",
            "Under these rules a chombo pays a reverse mangan at the table.",
        ),
    ],
)
def test_the_riichi_hand_form_says_what_a_chombo_costs(
    club: Club,
    players: list[Player],
    alice: User,
    as_bob: Client,
    params: dict[str, Any],
    language: str,
    stated: str,
) -> None:
    session = session_under(club, players, alice, "riichi", params)
    page = as_bob.get(
        f"/c/dragons/sessions/{session.pk}/hands/new/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert f'<p id="chombo-cost" data-show="chombo"><small>{stated}</small></p>' in page


# --- every family: the cost's help, the rules page, the session and the penalty form -------


@pytest.mark.parametrize("family", sorted(set(RULES) - {"riichi"}))
def test_each_familys_cost_help_states_what_the_rules_say(
    family: str, club: Club, alice: User, as_alice: Client
) -> None:
    rules, default = RULES[family]
    form = edit_form(as_alice, rule_set_with(club, alice, family, {**rules, "chombo_amount": OWN}))
    assert form.initial["chombo_amount"] == OWN
    assert form.fields["chombo_amount"].help_text == (
        f"In the rules' unit; blank: as the rules say ({default.chombo:,})."
    )
    # A new rule set's form: what the family's default rules say.
    family_obj = get_family(family)
    new = as_alice.get(f"/c/dragons/rules/new/{family}/").context["params_form"]
    expected = family_obj.chombo_default(family_obj.default_params()).chombo
    assert new.fields["chombo_amount"].help_text == (
        f"In the rules' unit; blank: as the rules say ({expected:,})."
    )


@pytest.mark.parametrize("family", sorted(RULES))
def test_each_familys_pages_state_the_rule_sets_own_cost(
    family: str, club: Club, players: list[Player], alice: User, as_bob: Client
) -> None:
    rules, default = RULES[family]
    session = session_under(club, players, alice, family, {**rules, "chombo_amount": OWN})
    paid = "paid to the others" if default.zero_sum else "taken away"
    stated = f"chombo {OWN}, {paid}"
    assert stated in Client().get("/c/dragons/rules/").content.decode()
    assert stated in as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    penalty = as_bob.get(f"/c/dragons/sessions/{session.pk}/penalties/new/")
    assert penalty.context["form"].initial["amount"] == OWN
    assert f"Under these rules a chombo costs {OWN}," in penalty.content.decode()


@pytest.mark.parametrize(
    ("language", "help_text"),
    [
        ("zh-hant", "以規則的單位計；留空：按規則（576）。"),
        ("zh-hans", "以规则的单位计；留空：按规则（576）。"),
    ],
)
def test_the_cost_help_reads_in_chinese(
    club: Club, alice: User, as_alice: Client, language: str, help_text: str
) -> None:
    rules, _ = RULES["hk"]
    rule_set = rule_set_with(club, alice, "hk", {**rules, "chombo_amount": OWN})
    assert edit_form(as_alice, rule_set, language).fields["chombo_amount"].help_text == help_text
