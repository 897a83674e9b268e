"""Changing a session's rules through the pages: the switch and the re-score, each previewed
then confirmed, and the score sheet marking where the rules changed."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from games.models import HandRevision, RuleSet, Session
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

house = services_tests.house
game = services_tests.game


def url(session: Session, page: str) -> str:
    return f"/c/dragons/sessions/{session.pk}/{page}/".replace("//", "/")


def test_an_organiser_switches_the_rules_and_the_sheet_marks_it(
    as_alice: Client, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:4], alice)
    new_version(house, rules(HOUSE_RULES, 2), alice)
    sheet = as_alice.get(url(game, "")).content.decode()
    assert 'id="change-rules"' in sheet
    preview = as_alice.get(url(game, "rules"), {"version": 2, "from_hand": 5}).content.decode()
    assert "From hand 5: House v2 — payment method 2" in preview
    game.refresh_from_db()
    assert game.rule_set_version.number == 1  # the preview saved nothing
    response = as_alice.post(url(game, "rules"), {"version": 2, "from_hand": 5})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.rule_set_version.number == 2
    record(game, SEQUENCE[4:5], alice)
    sheet = as_alice.get(f"/c/dragons/sessions/{game.pk}/").content.decode()
    assert "From hand 5: House v2 — payment method 2" in sheet
    assert changes(game) == CHANGES[:5]


def test_a_switch_to_an_earlier_hand_is_refused_with_the_hand_expected(
    as_alice: Client, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:4], alice)
    new_version(house, rules(HOUSE_RULES, 2), alice)
    for sent in ("2", "x"):
        response = as_alice.post(url(game, "rules"), {"version": 2, "from_hand": sent})
        assert response.status_code == 200
        assert "from the next hand on, hand 5" in response.content.decode()
    game.refresh_from_db()
    assert game.rule_set_version.number == 1


def test_members_and_viewers_cannot_change_the_rules_unless_allowed(
    as_bob: Client, as_charlie: Client, game: Session, house: RuleSet, alice: User
) -> None:
    new_version(house, rules(HOUSE_RULES, 2), alice)
    assert as_bob.get(url(game, "rules")).status_code == 403
    assert as_bob.get(url(game, "rescore")).status_code == 403
    assert 'id="change-rules"' not in as_bob.get(url(game, "")).content.decode()
    game.club.members_switch_rules = True
    game.club.save()
    assert as_bob.post(url(game, "rules"), {"version": 2, "from_hand": 1}).status_code == 302
    assert as_charlie.get(url(game, "rules")).status_code == 403


def test_the_rescore_page_previews_then_rescores_every_hand(
    as_alice: Client, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:3], alice)
    new_version(house, rules(CORRECTED_RULES, 3), alice)
    preview = as_alice.get(url(game, "rescore"), {"version": 2})
    page = preview.content.decode()
    assert "3 hands change" in page
    # Hand 1 for David: +88 under the first file, +128 under the corrected one.
    assert "+88 → <strong>+128</strong>" in page
    assert changes(game) == CHANGES[:3]
    token = preview.context["plan"].token
    data = {"version": 2, "token": token, "reason": "Mah-Jongg is 30"}
    assert as_alice.post(url(game, "rescore"), data).status_code == 302
    assert changes(game)[0] == [-56, -36, 128, -36]
    assert HandRevision.objects.filter(hand__session=game).count() == 3
    # A second confirm (a double tap) changes nothing.
    assert as_alice.post(url(game, "rescore"), data).status_code == 302
    assert HandRevision.objects.filter(hand__session=game).count() == 3
    history = as_alice.get(url(game, "")).content.decode()
    assert "re-scored version 1" in history
    assert "Re-scored under House v2: Mah-Jongg is 30" in history


def test_a_rescore_that_cannot_score_a_hand_shows_why_and_saves_nothing(
    as_alice: Client, game: Session, house: RuleSet, alice: User
) -> None:
    robbed = services_tests.hand(2, {2: ["PEM"]}, discarder=3)
    robbed["players"][2]["events"] = [31]
    record(game, [robbed], alice)
    new_version(house, rules(services_tests.WITHOUT_EVENT, 3), alice)
    response = as_alice.get(url(game, "rescore"), {"version": 2})
    assert "Hand 1 cannot be scored under House v2" in response.content.decode()
    response = as_alice.post(url(game, "rescore"), {"version": 2, "token": "x"})
    assert "Hand 1 cannot be scored" in response.content.decode()
    assert not HandRevision.objects.exists()


def test_an_earlier_hand_is_amended_under_the_rules_it_was_played_with(
    as_alice: Client, game: Session, house: RuleSet, alice: User
) -> None:
    """Hand 1 was played under the house file with its 'Robbing a kong' event; the session
    now plays a file without it, yet hand 1's amend form still offers the event."""
    record(game, SEQUENCE[:1], alice)
    new_version(house, rules(services_tests.WITHOUT_EVENT, 3), alice)
    as_alice.post(url(game, "rules"), {"version": 2, "from_hand": 2})
    first = game.hands.get(number=1)
    form = as_alice.get(f"/c/dragons/hands/{first.pk}/edit/").content.decode()
    assert "Robbing a kong" in form
    new_hand = as_alice.get(f"/c/dragons/sessions/{game.pk}/hands/new/").content.decode()
    assert "Robbing a kong" not in new_hand
