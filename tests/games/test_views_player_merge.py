"""The merge page: a preview of what moves, the merge, its undo; players' other names;
strangers never reach another club's players."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Club, Player, PlayerAlias, PlayerMerge, Score, Season
from tests.games.pages import text


@pytest.fixture
def twin(club: Club, season: Season, players: list[Player], alice: User) -> Player:
    """ "A again", who played one session in A's place."""
    twin = services.player_create(club=club, name="A again")
    session = services.session_start(
        season=season, played_on=dt.date(2026, 3, 2), players=[twin, *players[1:]], by=alice
    )
    services.hand_record(
        session=session, hand_input={"outcome": "self_drawn", "winner": 0, "faan": 3}, by=alice
    )
    return twin


def merge_url(club: Club) -> str:
    return reverse("league:player_merge", args=[club.slug])


def test_an_organiser_previews_then_merges(
    as_alice: Client, club: Club, players: list[Player], twin: Player
) -> None:
    body = {"into": players[0].pk, "others": [twin.pk]}
    page = as_alice.post(merge_url(club), {**body, "preview": "1"})
    assert "A again into A:" in text(page) and "1 session" in text(page)
    assert "4 hand" not in text(page) and "1 hand" in text(page)
    assert Player.objects.filter(pk=twin.pk).exists()
    done = as_alice.post(merge_url(club), {**body, "confirm": "1"})
    assert done.status_code == 302
    assert done["Location"] == reverse("league:player", args=[club.slug, players[0].pk])
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert Score.objects.filter(player=players[0]).count() == 1
    assert PlayerAlias.objects.get().name == "A again"


def test_a_refused_merge_says_why_and_moves_nothing(
    as_alice: Client, club: Club, players: list[Player], twin: Player
) -> None:
    body = {"into": players[1].pk, "others": [twin.pk], "confirm": "1"}
    page = as_alice.post(merge_url(club), body)
    assert page.status_code == 200
    assert "A again and B sat at the same table in the session Spring, 2026-03-02" in text(page)
    assert Player.objects.filter(pk=twin.pk).exists() and not PlayerMerge.objects.exists()


def test_an_organiser_undoes_a_merge_from_the_page(
    as_alice: Client, alice: User, club: Club, players: list[Player], twin: Player
) -> None:
    merge = services.player_merge(into=players[0], others=[twin], by=alice)
    page = as_alice.get(merge_url(club))
    assert "A again into A" in text(page)
    undo = reverse("league:player_merge_undo", args=[club.slug, merge.pk])
    as_alice.post(undo)
    assert Player.objects.get(pk=twin.pk).name == "A again"
    assert Score.objects.filter(player=twin).count() == 1
    again = as_alice.post(undo, follow=True)
    assert "This merge has already been undone." in text(again)


def test_members_may_not_merge_and_strangers_do_not_see_the_page(
    as_bob: Client,
    as_dave: Client,
    club: Club,
    private_club: Club,
    players: list[Player],
    twin: Player,
) -> None:
    assert as_bob.get(merge_url(club)).status_code == 403
    assert as_bob.get(merge_url(private_club)).status_code == 404
    assert Client().get(merge_url(private_club)).status_code in (302, 404)


def test_another_clubs_players_and_merges_are_out_of_reach(
    as_dave: Client,
    alice: User,
    club: Club,
    private_club: Club,
    players: list[Player],
    twin: Player,
) -> None:
    own = services.player_create(club=private_club, name="Zed")
    page = as_dave.post(
        merge_url(private_club), {"into": own.pk, "others": [twin.pk], "confirm": "1"}
    )
    assert page.status_code == 200 and Player.objects.filter(pk=twin.pk).exists()
    merge = services.player_merge(into=players[0], others=[twin], by=alice)
    undo = reverse("league:player_merge_undo", args=[private_club.slug, merge.pk])
    assert as_dave.post(undo).status_code == 404
    alias = PlayerAlias.objects.get()
    remove = reverse(
        "league:player_alias_remove", args=[private_club.slug, players[0].pk, alias.pk]
    )
    assert as_dave.post(remove).status_code == 404
    add = reverse("league:player_alias_add", args=[private_club.slug, players[0].pk])
    assert as_dave.post(add, {"name": "Spy"}).status_code == 404
    assert PlayerAlias.objects.count() == 1


def test_an_organiser_adds_and_removes_other_names(
    as_alice: Client, club: Club, players: list[Player]
) -> None:
    add = reverse("league:player_alias_add", args=[club.slug, players[0].pk])
    as_alice.post(add, {"name": "Ａｎｎｉｅ"})
    edit = as_alice.get(reverse("league:player_edit", args=[club.slug, players[0].pk]))
    assert "Ａｎｎｉｅ" in text(edit)
    refused = as_alice.post(
        reverse("league:player_alias_add", args=[club.slug, players[1].pk]),
        {"name": "annie"},
        follow=True,
    )
    assert "'annie' is already a name of A." in text(refused)
    alias = PlayerAlias.objects.get()
    as_alice.post(reverse("league:player_alias_remove", args=[club.slug, players[0].pk, alias.pk]))
    assert not PlayerAlias.objects.exists()


def test_the_preview_of_a_refused_merge_says_why_and_offers_no_merge(
    as_alice: Client, club: Club, players: list[Player], twin: Player
) -> None:
    body = {"into": players[1].pk, "others": [twin.pk], "preview": "1"}
    page = text(as_alice.post(merge_url(club), body))
    assert "These players cannot be merged" in page
    assert "A again and B sat at the same table in the session Spring, 2026-03-02" in page
    assert "What moves" not in page
