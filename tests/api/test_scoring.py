"""POST /evaluate/ and /settle/: scoring without recording, for tools that only want that."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Hand, RuleSet
from scoring.evaluation import evaluate_hand
from scoring.families import FAMILIES
from tests.api.conftest import DISCARD, Api
from tests.conftest import HK_HALF
from tests.engine.classical.rule_chains import counting_chain

NINE_GATES_ISH = {"concealed": "11123456789999m", "winning_tile": "5m"}


def test_evaluate_returns_the_engines_result(anonymous: Api) -> None:
    response = anonymous.post("evaluate/", {"family": "zung_jung", "hand": NINE_GATES_ISH})
    assert response.status_code == 200
    assert response.json() == evaluate_hand(NINE_GATES_ISH, "zung_jung")
    assert response.json()["preset"] == "seed"


def test_evaluate_takes_a_preset(anonymous: Api) -> None:
    body = {"family": "zung_jung", "preset": "official", "hand": NINE_GATES_ISH}
    assert anonymous.post("evaluate/", body).json()["preset"] == "official"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"family": "zung_jung", "hand": {"concealed": "123m", "winning_tile": "1m"}}, "hand"),
        ({"family": "zung_jung", "hand": {**NINE_GATES_ISH, "winning_tile": "1p"}}, "hand"),
        ({"family": "zung_jung", "hand": {**NINE_GATES_ISH, "colour": 1}}, "hand.colour"),
        ({"family": "zung_jung", "preset": "1999", "hand": NINE_GATES_ISH}, "preset"),
        ({"family": "bridge", "hand": NINE_GATES_ISH}, "family"),
        ({"family": "zung_jung", "hand": [1, 2]}, "hand"),
    ],
)
def test_evaluate_names_what_is_wrong(anonymous: Api, body: dict[str, Any], field: str) -> None:
    response = anonymous.post("evaluate/", body)
    assert response.status_code == 400
    fields = response.json()["fields"]
    assert any(name == field or name.startswith(field + ".") for name in fields), fields


def test_settle_previews_under_family_params(anonymous: Api) -> None:
    body = {"family": "hk", "params": HK_HALF, "hand": DISCARD}
    response = anonymous.post("settle/", body)
    assert response.status_code == 200, response.json()
    seats = response.json()["seats"]
    assert [seat["points"] for seat in seats] == ["-4", "16", "-8", "-4"]
    assert seats[1]["won"] and seats[2]["blamed"]
    assert "South wins 2 faan off West" in response.json()["description"]
    assert not Hand.objects.exists()


def test_settle_uses_a_rule_sets_latest_version(anonymous: Api, rule_set: RuleSet) -> None:
    response = anonymous.post("settle/", {"rule_set": rule_set.pk, "hand": DISCARD})
    assert response.json()["params"] == rule_set.versions.get().params


def test_settle_defaults_to_the_familys_parameters(anonymous: Api) -> None:
    response = anonymous.post("settle/", {"family": "hk", "hand": DISCARD})
    assert response.json()["params"] == FAMILIES["hk"].clean_params(FAMILIES["hk"].default_params())


def test_settle_hides_rule_sets_of_clubs_you_cannot_see(anonymous: Api, tigers: Any) -> None:
    response = anonymous.post("settle/", {"rule_set": tigers["rule_set"].pk, "hand": DISCARD})
    assert response.status_code == 400 and response.json()["fields"] == {
        "rule_set": ["No such rule set."]
    }


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"family": "hk", "params": {"base": "-1"}, "hand": DISCARD}, "params.base"),
        ({"family": "hk", "hand": {**DISCARD, "faan": 99}}, "hand.faan"),
        ({"hand": DISCARD}, "non_field_errors"),
        ({"family": "hk", "rule_set": 1, "hand": DISCARD}, "non_field_errors"),
    ],
)
def test_settle_names_what_is_wrong(anonymous: Api, body: dict[str, Any], field: str) -> None:
    response = anonymous.post("settle/", body)
    assert response.status_code == 400
    assert field in response.json()["fields"], response.json()


def test_evaluate_reads_a_familys_own_hand_keys(anonymous: Api) -> None:
    """Riichi hands carry riichi, dora and red fives: the family reads its object itself."""
    hand = {
        "concealed": "123m456p789s23466s",
        "winning_tile": "4s",
        "self_drawn": True,
        "seat_wind": "2z",
        "riichi": True,
    }
    body = anonymous.post("evaluate/", {"family": "riichi", "hand": hand}).json()
    # Menzen tsumo, riichi and pinfu: 3 han, 20 fu for a self-drawn pinfu.
    assert (body["total"], body["unit"]) == (3, "han")
    assert {p["id"] for p in body["patterns"]} == {"menzen_tsumo", "riichi", "pinfu"}


def _classical_file_body(text: str) -> dict[str, Any]:
    winner = ["PEM", "PED", "PEE", "PES", "TCD", "F1", "F2", "F3", "F4", "S1"]
    players = [{"sets": winner}, {"sets": []}, {"sets": []}, {"sets": []}]
    params = {"rules": "file", "text": text, "stake": 1000}
    return {"family": "classical", "params": params, "hand": {"mahjong": 0, "players": players}}


def test_settle_takes_no_rules_text_from_anonymous_callers(anonymous: Api) -> None:
    response = anonymous.post("settle/", _classical_file_body(counting_chain(3)))
    assert response.status_code == 400
    assert "Sign in" in response.json()["fields"]["params.text"][0]


def test_settle_takes_a_preset_from_anonymous_callers(anonymous: Api) -> None:
    body = _classical_file_body("")
    body["params"] = {"rules": "millington", "stake": 1000}
    assert anonymous.post("settle/", body).status_code == 200


def test_settle_under_89_rules_counting_the_one_before_refuses_naming_the_rule(
    api_alice: Api,
) -> None:
    response = api_alice.post("settle/", _classical_file_body(counting_chain(89)))
    assert response.status_code == 400
    [message] = response.json()["fields"]["hand"]
    assert message.startswith("rule ") and "('Counts rule" in message
