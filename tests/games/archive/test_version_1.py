"""An archive of the format's first version (kept in data/club-v1/, written when version 1
was the current one) loads after every later change: its standings are pinned here."""

from __future__ import annotations

import io
import json
import zipfile
from decimal import Decimal
from io import StringIO
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management import call_command

from games import selectors
from games.archive.loading import club_archive_load
from games.events.models import RoundTable, TeamMember
from games.models import Hand, HandRevision, Penalty, PenaltyRevision, PlayerAlias
from games.webhooks.models import Webhook

FOLDER = Path(__file__).parent / "data" / "club-v1"


def version_1() -> io.BytesIO:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for path in sorted(FOLDER.glob("*.json")):
            archive.writestr(path.name, path.read_text(encoding="utf-8"))
    out.seek(0)
    return out


def test_the_fixture_is_of_version_1() -> None:
    manifest = json.loads((FOLDER / "manifest.json").read_text(encoding="utf-8"))
    assert (manifest["format"], manifest["version"]) == ("mahjong-league-club", 1)


def test_an_archive_of_version_1_loads(alice: User) -> None:
    loaded = club_archive_load(source=version_1(), organiser=alice)
    club = loaded.club
    assert (club.slug, club.name, loaded.invitations) == ("old-tigers", "Old Tigers", 2)
    season = club.seasons.get()
    standing = [(row.name, row.net) for row in selectors.season_standings(season=season)]
    assert standing == STANDINGS
    hands = Hand.objects.filter(club=club)
    assert (hands.count(), hands.exclude(deleted_at=None).count()) == (5, 1)
    assert HandRevision.objects.filter(hand__club=club).count() == 2
    assert Penalty.objects.get(club=club).amount == 2
    assert PenaltyRevision.objects.get(penalty__club=club).previous["amount"] == 4
    assert RoundTable.objects.get(round__event__club=club).session.hands.count() == 1
    assert TeamMember.objects.filter(team__club=club).count() == 2
    assert PlayerAlias.objects.get(player__club=club).name == "Cathy"
    assert not Webhook.objects.get(club=club).active
    out = StringIO()
    call_command("standings_totals", stdout=out)
    assert "match their scores" in out.getvalue()


# As the site that wrote the archive showed them (the hands' nets; they sum to zero).
STANDINGS = [
    ("Ben", Decimal(208)),
    ("Ann", Decimal(16)),
    ("Cat", Decimal(-80)),
    ("Dan", Decimal(-112)),
    ("Eve", Decimal(-32)),
]
