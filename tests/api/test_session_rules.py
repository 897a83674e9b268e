"""A session's rules over the API: PATCH sessions/{id}/ switches from the next hand on;
rescore/preview/ and rescore/ re-score every hand under another version."""

from __future__ import annotations

from django.contrib.auth.models import User

from games.models import HandRevision, RuleSet, Session
from tests.api.conftest import Api
from tests.games import test_session_rules as services_tests
from tests.games.session_rules import (
    CHANGES,
    CORRECTED_RULES,
    HOUSE_RULES,
    SEQUENCE,
    changes,
    new_version,
    record,
    rules,
)

# The same table as the service tests: the house rules, Keith, Larry, David and Joe.
house = services_tests.house
game = services_tests.game


def test_patch_switches_the_rules_from_the_next_hand(
    api_alice: Api, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:4], alice)
    new_version(house, rules(HOUSE_RULES, 2), alice)
    preview = api_alice.patch(
        f"sessions/{game.pk}/", {"rule_set_version": 2, "from_hand": 5, "preview": True}
    )
    assert preview.status_code == 200, preview.json()
    assert preview.json()["rules_change"].startswith("From hand 5: House v2 — payment method 2")
    assert preview.json()["rule_set_version"] == 1  # nothing saved
    response = api_alice.patch(f"sessions/{game.pk}/", {"rule_set_version": 2, "from_hand": 5})
    assert response.status_code == 200 and response.json()["rule_set_version"] == 2
    record(game, SEQUENCE[4:8], alice)
    assert changes(game) == CHANGES[:8]


def test_patch_refuses_a_hand_that_is_not_the_next_one_in_the_error_shape(
    api_alice: Api, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:4], alice)
    new_version(house, rules(HOUSE_RULES, 2), alice)
    body = {"rule_set_version": 2, "from_hand": 3}
    response = api_alice.patch(f"sessions/{game.pk}/", body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "hand 5" in response.json()["fields"]["from_hand"][0]
    missing = api_alice.patch(f"sessions/{game.pk}/", {"rule_set_version": 9, "from_hand": 5})
    assert missing.json()["fields"] == {"rule_set_version": ["House has no version 9."]}
    no_hand = api_alice.patch(f"sessions/{game.pk}/", {"rule_set_version": 2})
    assert list(no_hand.json()["fields"]) == ["from_hand"]
    empty = api_alice.patch(f"sessions/{game.pk}/", {})
    assert empty.status_code == 400
    game.refresh_from_db()
    assert game.rule_set_version.number == 1


def test_a_member_may_switch_only_where_the_club_allows_it(
    api_bob: Api, game: Session, house: RuleSet, alice: User
) -> None:
    new_version(house, rules(HOUSE_RULES, 2), alice)
    body = {"rule_set_version": 2, "from_hand": 1}
    assert api_bob.patch(f"sessions/{game.pk}/", body).status_code == 403
    game.club.members_switch_rules = True
    game.club.save()
    assert api_bob.patch(f"sessions/{game.pk}/", body).status_code == 200
    assert api_bob.patch(f"sessions/{game.pk}/", {"status": "closed"}).status_code == 403


def test_rescore_preview_then_confirm_once(
    api_alice: Api, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:3], alice)
    new_version(house, rules(CORRECTED_RULES, 3), alice)
    preview = api_alice.post(f"sessions/{game.pk}/rescore/preview/", {"rule_set_version": 2})
    assert preview.status_code == 200, preview.json()
    body = preview.json()
    assert body["done"] is False and body["changed_count"] == 3
    # Hand 1 under Mah-Jongg 30, still method 3: David 32 gets 64 + 32 + 32; Larry and Joe
    # each pay Keith (East) 2x2.
    assert body["hands"][0]["new_points"] == ["-56", "-36", "128", "-36"]
    assert body["hands"][0]["old_points"] == [str(p) for p in CHANGES[0]]
    assert changes(game) == CHANGES[:3]
    confirm = {"rule_set_version": 2, "token": body["token"], "reason": "Mah-Jongg is 30"}
    done = api_alice.post(f"sessions/{game.pk}/rescore/", confirm)
    assert done.status_code == 200 and done.json()["done"] is True
    assert changes(game)[0] == [-56, -36, 128, -36]
    again = api_alice.post(f"sessions/{game.pk}/rescore/", confirm)
    assert again.status_code == 200 and again.json()["already"] is True
    assert HandRevision.objects.filter(hand__session=game).count() == 3


def test_rescore_errors_are_in_the_error_shape(
    api_alice: Api, api_charlie: Api, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:1], alice)
    stale = {"rule_set_version": 1, "token": "not-the-preview"}
    record(game, SEQUENCE[1:2], alice)
    response = api_alice.post(f"sessions/{game.pk}/rescore/", stale)
    # Version 1 is already the session's and nothing changes: a repeat, answered as done.
    assert response.json()["already"] is True
    new_version(house, rules(CORRECTED_RULES, 3), alice)
    refused = api_alice.post(f"sessions/{game.pk}/rescore/", {**stale, "rule_set_version": 2})
    assert refused.status_code == 400 and list(refused.json()["fields"]) == ["token"]
    assert api_alice.post(f"sessions/{game.pk}/rescore/preview/", {}).status_code == 400
    viewer = api_charlie.post(f"sessions/{game.pk}/rescore/preview/", {"rule_set_version": 2})
    assert viewer.status_code == 403 and viewer.json()["code"] == "permission_denied"


def test_the_schema_lists_the_rescore_endpoints(anonymous: Api) -> None:
    schema = anonymous.get("schema/?format=json").json()
    assert "post" in schema["paths"]["/api/v1/sessions/{session_id}/rescore/preview/"]
    assert "post" in schema["paths"]["/api/v1/sessions/{session_id}/rescore/"]
    patch = schema["paths"]["/api/v1/sessions/{session_id}/"]["patch"]
    assert patch["operationId"] == "sessions_partial_update"


def test_each_hand_names_the_version_it_was_scored_under(
    api_alice: Api, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:4], alice)
    new_version(house, rules(HOUSE_RULES, 2), alice)
    api_alice.patch(f"sessions/{game.pk}/", {"rule_set_version": 2, "from_hand": 5})
    record(game, SEQUENCE[4:5], alice)
    hands = api_alice.get(f"hands/?session={game.pk}").json()["results"]
    assert sorted((hand["place"], hand["rule_set_version"]) for hand in hands) == [
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 2),
    ]
