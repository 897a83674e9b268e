"""Changing a classical session's rules (issue 13): switching to another version from the next
hand on, and re-scoring every hand under another version, through the services."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError

from games import services
from games.models import Club, Hand, HandRevision, RuleSet, Session
from games.selectors import session_sheet
from games.services.session_rules import (
    session_rescore,
    session_rescore_preview,
    session_switch_rules,
)
from games.templatetags.league import describe_revision
from games.totals import totals_differences
from scoring.families import get_family
from tests.games.session_rules import (
    CHANGES,
    CORRECTED_RULES,
    DAVID,
    HOUSE_RULES,
    JOE,
    LARRY,
    SEQUENCE,
    STAKES,
    changes,
    game,
    hand,
    house,
    new_version,
    play_the_sequence,
    record,
    rules,
)

__all__ = ["game", "house"]  # the fixtures

# A file without the event: a hand that ticked it cannot be scored under it.
WITHOUT_EVENT = "\n".join(line for line in HOUSE_RULES.splitlines() if "Robbing" not in line)


EASTS = ["Keith", "Larry", "Larry", "Larry", "Larry", "Larry"]
EASTS += ["David", "David", "Joe", "Joe", "Keith", "Keith"]


def test_the_manuals_game_changes_rules_between_hands(
    game: Session, house: RuleSet, alice: User
) -> None:
    method_2, corrected = play_the_sequence(game, house, alice)
    assert changes(game) == CHANGES
    sheet = session_sheet(session=Session.objects.get(pk=game.pk))
    assert [[int(stake) for stake in row.state.stakes] for row in sheet.rows[1:]] == STAKES[:-1]
    assert [int(stake) for stake in sheet.next_state.stakes] == STAKES[-1]
    assert [row.state.east_name for row in sheet.rows] == EASTS
    assert sheet.rows[10].state.round_name == "South 南"
    # Each hand keeps the version it was scored under; the sheet marks the two changes.
    versions = [hand.rule_set_version.number for hand in game.hands.order_by("number")]
    assert versions == [1] * 4 + [2] * 4 + [3] * 4
    marks = {row.place: row.rules_change for row in sheet.rows if row.rules_change}
    assert list(marks) == [5, 9]
    assert marks[5].startswith("House v2 — payment method 2")
    assert marks[9] == "House v3 — changed rules, same options"
    assert method_2.number == 2 and corrected.number == 3


def test_amending_a_hand_keeps_each_hand_under_its_own_rules(
    game: Session, house: RuleSet, alice: User
) -> None:
    play_the_sequence(game, house, alice)
    third = game.hands.get(number=3)
    # Hand 3 was worth 24 to Larry; 26 with one more pung, still under method 3: everyone
    # pays 52, and Keith and David still pay Joe 2 each.
    amended = hand(LARRY, {LARRY: ["PEM", "PCM", "PEM"], JOE: ["PEM"]})
    services.hand_amend(
        hand=third, hand_input=amended, expected_version=1, reason="a pung missed", by=alice
    )
    assert changes(game)[2] == [-54, 156, -54, -48]
    # The later hands were re-scored, each under its own version: nothing else changed.
    assert changes(game)[3:] == CHANGES[3:]


def test_a_switch_is_only_from_the_next_hand(game: Session, house: RuleSet, alice: User) -> None:
    record(game, SEQUENCE[:4], alice)
    method_2 = new_version(house, rules(HOUSE_RULES, 2), alice)
    for place in (4, 6):
        with pytest.raises(ValidationError, match="from the next hand on, hand 5") as caught:
            session_switch_rules(session=game, version=method_2, from_hand=place, by=alice)
        assert "from_hand" in caught.value.message_dict
    game.refresh_from_db()
    assert game.rule_set_version.number == 1


def test_a_switch_is_refused_for_another_rule_set_a_closed_session_or_a_new_stake(
    game: Session, house: RuleSet, club: Club, alice: User
) -> None:
    record(game, SEQUENCE[:1], alice)
    other = services.rule_set_create(
        club=club, name="Other", family="classical", params=rules(HOUSE_RULES, 2), by=alice
    )
    with pytest.raises(ValidationError, match="this session's rule set, House"):
        session_switch_rules(session=game, version=other.versions.get(), from_hand=2, by=alice)
    richer = new_version(house, rules(HOUSE_RULES, 3, stake=2000), alice)
    with pytest.raises(ValidationError, match="starting stake"):
        session_switch_rules(session=game, version=richer, from_hand=2, by=alice)
    services.session_set_status(session=game, status=Session.Status.CLOSED)
    with pytest.raises(ValidationError, match="closed"):
        session_switch_rules(session=game, version=richer, from_hand=2, by=alice)
    game.refresh_from_db()
    assert game.rule_set_version.number == 1


def test_members_switch_only_when_the_club_allows_it(
    game: Session, house: RuleSet, club: Club, alice: User, bob: User
) -> None:
    method_2 = new_version(house, rules(HOUSE_RULES, 2), alice)
    with pytest.raises(PermissionDenied):
        session_switch_rules(session=game, version=method_2, from_hand=1, by=bob)
    club.members_switch_rules = True
    club.save()
    session_switch_rules(session=game, version=method_2, from_hand=1, by=bob)
    game.refresh_from_db()
    assert game.rule_set_version == method_2


def test_a_preview_of_a_switch_saves_nothing(game: Session, house: RuleSet, alice: User) -> None:
    method_2 = new_version(house, rules(HOUSE_RULES, 2), alice)
    switch = session_switch_rules(
        session=game, version=method_2, from_hand=1, by=alice, confirm=False
    )
    assert switch.text.startswith("From hand 1: House v2 — payment method 2")
    game.refresh_from_db()
    assert game.rule_set_version.number == 1


def test_a_version_that_scored_hands_is_never_changed_in_place(
    game: Session, house: RuleSet, alice: User
) -> None:
    """Version 2 scored hand 5, then the table went back to version 1: no session pins
    version 2 any more, yet editing the rules must not rewrite what scored hand 5."""
    record(game, SEQUENCE[:4], alice)
    method_2 = new_version(house, rules(HOUSE_RULES, 2), alice)
    session_switch_rules(session=game, version=method_2, from_hand=5, by=alice)
    record(game, SEQUENCE[4:5], alice)
    first = house.versions.get(number=1)
    session_switch_rules(session=game, version=first, from_hand=6, by=alice)
    assert new_version(house, rules(HOUSE_RULES, 0), alice).number == 3
    assert house.versions.get(number=2).params["payment_method"] == 2


def test_rescoring_under_the_corrected_file_rewrites_every_hand_in_order(
    game: Session, house: RuleSet, alice: User
) -> None:
    _, corrected = play_the_sequence(game, house, alice)
    plan = session_rescore_preview(session=game, version=corrected, by=alice)
    # Hands 1-8 change but the draw (hand 4); 9-12 were already scored under the corrected
    # file, at the same places.
    assert [rescored.place for rescored in plan.changed] == [1, 2, 3, 5, 6, 7, 8]
    first = plan.hands[0]
    # Hand 1 under method 2 and Mah-Jongg 30: David 32, Keith 2 (East). Keith pays David
    # (32-2)x2, Larry and Joe 32 each and 2x2 to Keith: Keith -60+8, Larry -36, David +124,
    # Joe -36.
    assert [int(p) for p in first.new_points] == [-52, -36, 124, -36]
    assert [int(p) for p in first.old_points] == CHANGES[0]
    assert first.old_values[DAVID] == 22 and first.new_values[DAVID] == 32
    assert changes(game) == CHANGES  # the preview saved nothing

    done = session_rescore(
        session=game, version=corrected, token=plan.token, reason="Mah-Jongg is 30", by=alice
    )
    assert done.done and not done.already
    assert changes(game)[0] == [-52, -36, 124, -36]
    assert changes(game)[8:] == CHANGES[8:]
    assert all(sum(row) == 0 for row in changes(game))
    revisions = HandRevision.objects.filter(hand__session=game)
    assert revisions.count() == 7
    assert {revision.action for revision in revisions} == {HandRevision.Action.RESCORE}
    assert revisions.first().reason == "Re-scored under House v3: Mah-Jongg is 30"
    assert set(game.hands.values_list("rule_set_version", flat=True)) == {corrected.pk}
    game.refresh_from_db()
    assert game.rule_set_version == corrected
    assert session_sheet(session=game).rows[4].rules_change == ""
    assert totals_differences(session_ids=[game.pk]) == []  # the kept totals followed

    again = session_rescore(
        session=game, version=corrected, token=plan.token, reason="Mah-Jongg is 30", by=alice
    )
    assert again.already and HandRevision.objects.filter(hand__session=game).count() == 7


def test_a_stale_rescore_preview_is_refused(game: Session, house: RuleSet, alice: User) -> None:
    record(game, SEQUENCE[:2], alice)
    corrected = new_version(house, rules(CORRECTED_RULES, 3), alice)
    plan = session_rescore_preview(session=game, version=corrected, by=alice)
    record(game, SEQUENCE[2:3], alice)
    with pytest.raises(ValidationError, match="changed since this preview") as caught:
        session_rescore(session=game, version=corrected, token=plan.token, reason="", by=alice)
    assert "token" in caught.value.message_dict
    assert not HandRevision.objects.filter(hand__session=game).exists()


def test_a_rescore_that_makes_a_hand_unplayable_saves_nothing(
    game: Session, house: RuleSet, alice: User
) -> None:
    robbed = hand(DAVID, {DAVID: ["PEM"]}, discarder=JOE)
    robbed["players"][DAVID]["events"] = [31]
    record(game, [SEQUENCE[0], robbed], alice)
    before = changes(game)
    without = new_version(house, rules(WITHOUT_EVENT, 3), alice)
    with pytest.raises(ValidationError, match="Hand 2 cannot be scored under House v2"):
        session_rescore_preview(session=game, version=without, by=alice)
    with pytest.raises(ValidationError, match="Hand 2 cannot be scored"):
        session_rescore(session=game, version=without, token="x", reason="", by=alice)
    assert changes(game) == before
    assert not HandRevision.objects.filter(hand__session=game).exists()
    assert set(Hand.objects.values_list("rule_set_version__number", flat=True)) == {1}


def test_a_revision_is_described_under_the_rules_its_hand_is_scored_under(
    session: Session, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the session switched rules, an amendment of a hand from before the switch is
    described under that hand's rules, not the session's new ones."""
    services.hand_record(
        session=session,
        hand_input={"outcome": "discard", "winner": 0, "faan": 3, "blamed": 1},
        by=alice,
    )
    rule_set = session.rule_set_version.rule_set
    switched = services.rule_set_update(
        rule_set=rule_set,
        name=rule_set.name,
        params={**session.rule_set_version.params, "max_faan": 8},
        by=alice,
    )
    session_switch_rules(session=session, version=switched, from_hand=2, by=alice)
    hand = session.hands.get(number=1)
    services.hand_amend(
        hand=hand, hand_input={"outcome": "draw"}, expected_version=1, reason="r", by=alice
    )
    family = type(get_family(rule_set.family))
    monkeypatch.setattr(
        family,
        "describe_hand",
        lambda self, hand, names, evaluation=None, params=None: f"max {params['max_faan']}",
    )
    session.refresh_from_db()
    sheet = session_sheet(session=session)
    (revision,) = HandRevision.objects.filter(hand=hand)
    assert session.rule_set_version == switched
    assert describe_revision(revision, sheet) == "max 6"
