"""Benchmark: a player's page and the ratings table of a small club against a large one's.

``python -m tools.bench_stats [--games N] [--small N]`` imports a generated Hong Kong score
file of ``--small`` games (1,000) into one throwaway club and of ``--games`` (200,000) into
another, rates them, and prints the median time of each read in both, and their ratio (the
design's aim: within 3×). It deletes both clubs afterwards and asserts nothing.
"""

from __future__ import annotations

import os
import secrets
import statistics
import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import django
from django.apps import apps

if not apps.ready:  # run as a script (a test imports it with Django already set up)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_league.settings")
    django.setup()


from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, transaction
from django.db.models import Count
from django.test import RequestFactory
from django.test.utils import override_settings
from django.urls import resolve

from games import services
from games.importing import score_import
from games.models import Club, Player, RuleSet, RuleSetVersion, Season, SessionSeatTotal
from games.stats.replay import ratings_replay
from scoring.score_files import HK_FORMAT
from tools.bench_import import GENERATED, READ_RUNS, delete_bench_club, timed

BENCH = GENERATED[HK_FORMAT.key]
PLAIN_STATIC = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
READS = {
    "player page": "/c/{club}/players/{player}/",
    "API player stats": "/api/v1/players/{player}/family-stats/",
    "API head to head": "/api/v1/players/{player}/head-to-head/",
    "ratings page": "/c/{club}/ratings/",
    "API ratings": "/api/v1/ratings/?club={club}&family={family}",
}


class Command(BaseCommand):
    help = "Time a player's page and the ratings table in a small club and in a large one."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=200_000)
        parser.add_argument("--small", type=int, default=1_000)

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(
            f"{connection.vendor}: {BENCH.score_format.key} files, median of {READ_RUNS} runs"
        )
        clubs: list[Club] = []
        try:
            timings = [
                self._club_timings(games, clubs) for games in (options["small"], options["games"])
            ]
        finally:
            for club in clubs:
                delete_bench_club(club)
        small, large = timings
        self.stdout.write(f"  {'':<22}{options['small']:>10,}{options['games']:>12,}   ratio")
        for what in READS:
            ratio = large[what] / small[what]
            self.stdout.write(
                f"  {what:<22}{small[what] * 1000:7.1f} ms{large[what] * 1000:9.1f} ms{ratio:7.1f}×"
            )

    def _club_timings(self, games: int, clubs: list[Club]) -> dict[str, float]:
        season = _season(clubs)
        score_format = BENCH.score_format
        text = BENCH.scores(games)
        with transaction.atomic():
            seconds, _ = timed(
                lambda: score_import.import_scores(
                    season=season,
                    text=text,
                    score_format=score_format,
                    by=None,
                    create_players=True,
                )
            )
        self.stdout.write(f"  {games:,} games imported in {seconds:.1f} s")
        family = score_format.family
        seconds, rated = timed(lambda: ratings_replay(club_id=season.club_id, family=family))
        self.stdout.write(f"  {rated:,} sessions rated in {seconds:.1f} s")
        player = _most_played(season.club)
        urls = {
            what: path.format(club=season.club.slug, player=player.pk, family=family)
            for what, path in READS.items()
        }
        # The pages as a visitor gets them, less the hashed static-file names.
        with override_settings(STORAGES=PLAIN_STATIC):
            return {what: _median(partial(_get, url)) for what, url in urls.items()}


def _season(clubs: list[Club]) -> Season:
    slug = f"bench-{secrets.token_hex(4)}"
    club = Club.objects.create(name=f"Benchmark {slug}", slug=slug)
    clubs.append(club)
    family = BENCH.score_format.family
    rule_set = RuleSet.objects.create(club=club, name="Bench", family=family)
    params = dict(BENCH.params)
    RuleSetVersion.objects.create(rule_set=rule_set, number=1, params=params)
    return services.season_save(club=club, name="Bench season", rule_set=rule_set)


def _most_played(club: Club) -> Player:
    rows = SessionSeatTotal.objects.filter(player__club=club).values("player_id")
    top = rows.annotate(n=Count("id")).order_by("-n").first()
    assert top is not None
    return Player.objects.get(pk=top["player_id"])


def _get(url: str) -> Any:
    """A read as an anonymous visitor of the (public) benchmark club gets it."""
    match = resolve(url.partition("?")[0])
    request = RequestFactory().get(url)
    request.user = AnonymousUser()
    response = match.func(request, *match.args, **match.kwargs)
    if hasattr(response, "render"):  # an API response renders lazily
        response.render()
    assert response.status_code == 200, (url, response.status_code)
    return response


def _median(run: Callable[[], Any]) -> float:
    run()  # warm
    return statistics.median(timed(run)[0] for _ in range(READ_RUNS))


def main(argv: Sequence[str] | None = None) -> None:
    call_command(Command(), *(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":  # pragma: no cover
    main()
