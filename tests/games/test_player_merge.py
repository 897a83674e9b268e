"""Merging duplicate players, and undoing it: a club that had "Ada L." beside "Ada" ends up,
after the merge, with the standings, kept totals and ratings of a club that never had her
twice; undone, it is the club it was."""

from __future__ import annotations

import dataclasses
import datetime as dt
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command

from games import selectors, services
from games.events.models import EventPlayer
from games.events.services import EventSettings, event_create, event_players_add
from games.models import Club, Player, PlayerAlias, PlayerMerge, Score, Season, Session
from games.stats.models import Rating, RatingsPending
from games.stats.replay import ratings_replay
from tests.conftest import HK_HALF
from tests.games.stats.conftest import SESSIONS

# The same hands in both clubs; in the second, Ada sat the 8 June session as "Ada L.".
TWIN = "Ada L."


def build(club: Club, alice: User, *, twin: bool) -> Season:
    rules = services.rule_set_create(club=club, name="Half", family="hk", params=HK_HALF, by=alice)
    season = services.season_save(club=club, name="Summer", rule_set=rules)
    names = {"A": "Ada", "B": "Bea", "C": "Cy", "D": "Dot", "E": "Eve"}
    players = {key: services.player_create(club=club, name=name) for key, name in names.items()}
    if twin:
        players["T"] = services.player_create(club=club, name=TWIN)
    event = event_create(
        club=club, season=season, rule_set=rules, settings=EventSettings(name="Cup")
    )
    event_players_add(event=event, players=[players["T" if twin else "A"], players["B"]])
    for number, (day, seating, hands) in enumerate(SESSIONS):
        if twin and number == 1:
            seating = seating.replace("A", "T")
        session = services.session_start(
            season=season, played_on=day, players=[players[key] for key in seating], by=alice
        )
        for hand in hands:
            services.hand_record(session=session, hand_input=hand, by=alice)
    ratings_replay(club_id=club.pk, family="hk")
    RatingsPending.objects.filter(club=club).delete()  # the hands' mark, replayed
    return season


def standings(season: Season) -> list[dict[str, Any]]:
    rows = selectors.season_standings(season=season)
    return [{**dataclasses.asdict(row), "player_id": None} for row in rows]


def ratings(club: Club) -> list[tuple[str, dt.date, float, float, int]]:
    rows = Rating.objects.filter(club=club).order_by("played_on", "player__name")
    return [(r.player.name, r.played_on, r.mu, r.sigma, r.sessions) for r in rows]


def replay_marked(club: Club) -> None:
    """Run the replay the merge marked, from the day it marked."""
    pending = RatingsPending.objects.get(club=club, family="hk")
    ratings_replay(club_id=club.pk, family="hk", since=pending.since)
    pending.delete()


def totals_check_passes() -> None:
    out = StringIO()
    call_command("standings_totals", stdout=out)
    assert "match their scores" in out.getvalue()


@pytest.fixture
def clean(alice: User, db: Any) -> Season:
    club = services.club_create(name="Clean", slug="clean", visibility="public", organiser=alice)
    return build(club, alice, twin=False)


@pytest.fixture
def twin(alice: User, db: Any) -> Season:
    club = services.club_create(name="Twin", slug="twin", visibility="public", organiser=alice)
    return build(club, alice, twin=True)


def named(season: Season, name: str) -> Player:
    return Player.objects.get(club=season.club_id, name=name)


def test_a_merge_gives_the_club_that_never_had_the_duplicate(
    clean: Season, twin: Season, alice: User
) -> None:
    assert standings(twin) != standings(clean)
    services.player_merge(into=named(twin, "Ada"), others=[named(twin, TWIN)], by=alice)
    assert standings(twin) == standings(clean)
    totals_check_passes()
    assert RatingsPending.objects.get(club=twin.club).since == SESSIONS[1][0]
    replay_marked(twin.club)
    assert ratings(twin.club) == ratings(clean.club)
    ada = named(twin, "Ada")
    assert [alias.name for alias in ada.aliases.all()] == [TWIN]
    assert EventPlayer.objects.filter(player=ada).count() == 1
    assert not Player.objects.filter(club=twin.club_id, name=TWIN).exists()
    merge = PlayerMerge.objects.get(club=twin.club)
    assert (merge.by, merge.into, merge.merged_names) == (alice, ada, [TWIN])


def test_an_undone_merge_gives_back_the_club_it_was(twin: Season, alice: User) -> None:
    before = standings(twin)
    rated_before = ratings(twin.club)
    scores_before = sorted(Score.objects.values_list("pk", "player__name"))
    twin_id = named(twin, TWIN).pk
    merge = services.player_merge(into=named(twin, "Ada"), others=[named(twin, TWIN)], by=alice)
    replay_marked(twin.club)
    [restored] = services.player_merge_undo(merge=merge, by=alice)
    assert (restored.pk, restored.name) == (twin_id, TWIN)
    assert standings(twin) == before
    assert sorted(Score.objects.values_list("pk", "player__name")) == scores_before
    totals_check_passes()
    replay_marked(twin.club)
    assert ratings(twin.club) == rated_before
    assert EventPlayer.objects.get(player=restored).event.name == "Cup"
    assert not PlayerAlias.objects.exists()
    merge.refresh_from_db()
    assert merge.undone_by == alice and merge.undone_at is not None
    with pytest.raises(ValidationError, match="already been undone"):
        services.player_merge_undo(merge=merge, by=alice)


def test_a_hand_recorded_after_the_merge_in_a_moved_session_keeps_it(
    twin: Season, alice: User
) -> None:
    merge = services.player_merge(into=named(twin, "Ada"), others=[named(twin, TWIN)], by=alice)
    moved = Session.objects.get(club=twin.club_id, played_on=SESSIONS[1][0])
    hand = {"outcome": "self_drawn", "winner": 1, "faan": 3}
    services.hand_record(session=moved, hand_input=hand, by=alice)
    with pytest.raises(ValidationError, match="Hands of the session Summer, 2026-06-08"):
        services.player_merge_undo(merge=merge, by=alice)
    assert Player.objects.filter(club=twin.club_id).count() == 5


def test_a_later_merge_into_the_kept_player_is_undone_first(twin: Season, alice: User) -> None:
    ada = named(twin, "Ada")
    first = services.player_merge(into=ada, others=[named(twin, TWIN)], by=alice)
    ann = services.player_create(club=twin.club, name="Ann")
    second = services.player_merge(into=ann, others=[ada], by=alice)
    first.refresh_from_db()
    assert first.into == ann
    with pytest.raises(ValidationError, match="Undo the later merge of Ada into Ann first"):
        services.player_merge_undo(merge=first, by=alice)
    services.player_merge_undo(merge=second, by=alice)
    services.player_merge_undo(merge=first, by=alice)
    assert set(Player.objects.filter(club=twin.club_id).values_list("name", flat=True)) == {
        "Ada",
        TWIN,
        "Ann",
        "Bea",
        "Cy",
        "Dot",
        "Eve",
    }
    totals_check_passes()


def test_two_players_at_one_table_are_not_merged(twin: Season, alice: User) -> None:
    ada, bea = named(twin, "Ada"), named(twin, "Bea")
    with pytest.raises(ValidationError) as refused:
        services.player_merge(into=ada, others=[bea], by=alice)
    assert refused.value.messages == [
        f"Ada and Bea sat at the same table in the session Summer, {day}: "
        "one person cannot have played both seats."
        for day in ("2026-06-01", "2026-06-15")
    ]
    assert not PlayerMerge.objects.exists()
    assert Score.objects.filter(player=bea).exists()


def test_a_player_of_another_club_is_not_merged(twin: Season, clean: Season, alice: User) -> None:
    with pytest.raises(ValidationError, match="Every player merged must be in the club"):
        services.player_merge(into=named(twin, "Ada"), others=[named(clean, "Bea")], by=alice)
    assert Player.objects.filter(club=clean.club_id, name="Bea").exists()


def test_a_new_player_may_not_take_another_players_alias(twin: Season, alice: User) -> None:
    ada = named(twin, "Ada")
    services.player_alias_add(player=ada, name="Lovelace")
    with pytest.raises(ValidationError, match="'ＬＯＶＥＬＡＣＥ' is already a name of Ada"):
        services.player_create(club=twin.club, name="ＬＯＶＥＬＡＣＥ")
    with pytest.raises(ValidationError, match="'lovelace' is already a name of Ada"):
        services.player_update(player=named(twin, "Bea"), name="lovelace")
    services.player_update(player=ada, name="Lovelace")  # her own alias: she may take it


def test_two_entries_in_one_event_are_not_merged(twin: Season, alice: User) -> None:
    ann = services.player_create(club=twin.club, name="Ann")
    cup = EventPlayer.objects.get(player=named(twin, TWIN)).event
    event_players_add(event=cup, players=[ann])
    with pytest.raises(ValidationError) as refused:
        services.player_merge(into=ann, others=[named(twin, TWIN)], by=alice)
    assert refused.value.messages == ["Ada L. and Ann are both in Cup."]
