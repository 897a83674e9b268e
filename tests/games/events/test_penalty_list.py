"""An event's penalty list: a page linked from the event page, round by round and table by
table, and its CSV; in Chinese it leaves none of the site's English."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services as core
from games.events import selectors, services
from games.events.models import Event
from games.models import Club, Penalty, Player
from games.services import PenaltyInput
from tests.games.events.factories import EMA, event_with_players, family_season
from tests.languages.test_league_pages import leftover_english

pytestmark = pytest.mark.django_db


def fined_event(club: Club, alice: User) -> tuple[Event, Penalty]:
    """An event whose first round's first table fined its South player for lateness, and a
    deleted penalty that no list shows."""
    event, _ = event_with_players(club, family_season(club, alice, "riichi", EMA), count=8)
    round_ = services.round_publish(event=event, method="random", seed="s", byes=False, by=alice)
    table = selectors.round_tables(round=round_)[1]
    player = Player.objects.get(club=club, name=table.seats[1].name)
    late = PenaltyInput(player=player, reason="lateness", amount=1000, note="=SUM(A1)")
    penalty, _ = core.penalty_record(session=table.session, penalty=late, by=alice)
    gone, _ = core.penalty_record(
        session=table.session,
        penalty=PenaltyInput(player=player, reason="conduct", amount=5),
        by=alice,
    )
    core.penalty_delete(penalty=gone, expected_version=1, why="no", by=alice)
    return event, penalty


def test_the_event_page_links_its_penalty_list(club: Club, alice: User, as_alice: Client) -> None:
    event, penalty = fined_event(club, alice)
    page = as_alice.get(f"/c/dragons/events/{event.pk}/")
    assert f'id="event-penalties" href="/c/dragons/events/{event.pk}/penalties/"' in (
        page.content.decode()
    )
    listed = as_alice.get(f"/c/dragons/events/{event.pk}/penalties/")
    assert listed.status_code == 200
    html = listed.content.decode()
    assert penalty.player.name in html and "Lateness" in html and "−1000" in html
    assert "Conduct" not in html  # the deleted one
    assert f"/c/dragons/events/{event.pk}/penalties.csv" in html
    assert '<td class="num">1</td><td class="num">2</td>' in html  # round 1, table 2


def test_the_csv_has_each_penalty_with_its_round_and_table(
    club: Club, alice: User, as_bob: Client
) -> None:
    event, penalty = fined_event(club, alice)
    answer = as_bob.get(f"/c/dragons/events/{event.pk}/penalties.csv")
    assert answer["Content-Disposition"] == 'attachment; filename="autumn-open-penalties.csv"'
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0] == [
        "date",
        "session",
        "round",
        "table",
        "player",
        "reason",
        "note",
        "amount",
        "zero_sum",
        "recorded_by",
        "recorded_at",
    ]
    [row] = rows[1:]
    assert row[1:8] == [
        str(penalty.session_id),
        "1",
        "2",
        penalty.player.name,
        "lateness",
        "'=SUM(A1)",  # a formula is neutralised
        "1000",
    ]
    assert (row[8], row[9]) == ("yes", "alice")


def test_an_empty_list_and_a_stranger_s_event(
    club: Club, private_club: Club, alice: User, dave: User, as_alice: Client
) -> None:
    event, _ = event_with_players(club, family_season(club, alice, "riichi", EMA), count=4)
    page = as_alice.get(f"/c/dragons/events/{event.pk}/penalties/")
    assert "No penalties." in page.content.decode()
    tigers, _ = event_with_players(
        private_club, family_season(private_club, dave, "riichi", EMA), count=4
    )
    assert as_alice.get(f"/c/tigers/events/{tigers.pk}/penalties/").status_code == 404
    assert as_alice.get(f"/c/tigers/events/{tigers.pk}/penalties.csv").status_code == 404
    # Another club's event under this club's address is not found either.
    assert as_alice.get(f"/c/dragons/events/{tigers.pk}/penalties/").status_code == 404


@pytest.mark.parametrize("language", ["zh-HK,zh;q=0.9", "zh-CN,zh;q=0.9"])
def test_the_list_in_chinese_leaves_no_english(
    club: Club, alice: User, as_alice: Client, language: str
) -> None:
    event, _ = fined_event(club, alice)
    page = as_alice.get(f"/c/dragons/events/{event.pk}/penalties/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    assert leftover_english(html) == []
    head = html[html.index("<thead>") : html.index("</thead>")]
    assert re.search("[A-Za-z]{2,}", re.sub("<[^>]+>", "", head)) is None, head
    assert "Lateness" not in html and "the others" not in html
    event_page = as_alice.get(f"/c/dragons/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert ">Penalties<" not in event_page.content.decode()
