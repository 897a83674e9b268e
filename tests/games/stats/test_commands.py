"""The kept totals' check covers the new figure; ratings can be rebuilt for a whole club."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import SessionSeatTotal
from games.stats.models import Rating
from games.stats.reads import ratings_table
from tests.games.stats.conftest import League
from tests.games.stats.test_ratings import openskill_season

pytestmark = pytest.mark.django_db


def test_the_totals_check_finds_and_mends_a_wrong_largest_win(league: League) -> None:
    kept = SessionSeatTotal.objects.filter(session=league.sessions[0], seat=0)
    assert kept.get().best_win_value == 5
    kept.update(best_win_value=13)
    with pytest.raises(CommandError):
        call_command("standings_totals", stdout=StringIO())
    out = StringIO()
    call_command("standings_totals", "--rebuild", stdout=out)
    assert "best_win_value kept 13, recomputed 5" in out.getvalue()
    assert kept.get().best_win_value == 5


def test_the_totals_check_finds_and_mends_wrong_winning_values(league: League) -> None:
    kept = SessionSeatTotal.objects.filter(session=league.sessions[0], seat=0)
    assert kept.get().win_values == {"3": 1, "5": 1}
    kept.update(win_values={"3": 2})
    out = StringIO()
    call_command("standings_totals", "--rebuild", stdout=out)
    assert "win_values kept {'3': 2}" in out.getvalue()
    assert kept.get().win_values == {"3": 1, "5": 1}


def test_ratings_rebuild_rates_every_session_of_the_club(league: League) -> None:
    out = StringIO()
    call_command("ratings_rebuild", "--club", "dragons", stdout=out)
    assert "dragons hk: 3 sessions rated." in out.getvalue()
    assert Rating.objects.count() == 12
    table = ratings_table(club=league.club, family=league.family)
    assert {row.name: (row.skill.mu, row.skill.sigma) for row in table} == openskill_season()
    with pytest.raises(CommandError):
        call_command("ratings_rebuild", "--club", "nowhere")
