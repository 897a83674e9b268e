"""Benchmark: the reads of a small season against a large one's, in one run.

Run ``python -m tools.bench_reads [--small 1000] [--large 200000] [--format hk|big_two]``
against the database in ``DATABASE_URL`` (PostgreSQL for figures that mean anything). In a
throwaway club it imports a generated season of ``--small`` games (HK unless ``--format``
says otherwise), times its reads, imports one of ``--large`` games and times the same reads
and the last pages of its lists, then imports a second small season after the large one and
times the first page of its hands over the API against the first small season's, taken
before the large one existed. It prints medians and the ratios large/small; it asserts
nothing, and deletes the club afterwards (unless ``--keep``).
"""

from __future__ import annotations

import base64
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import quote, urlencode

import django
from django.apps import apps

if not apps.ready:  # run as a script (a test imports it with Django already set up)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_league.settings")
    django.setup()


from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection, transaction
from django.test import RequestFactory
from django.test.utils import override_settings
from django.urls import resolve

from games import selectors, services
from games.importing import bulk_hands, score_import
from games.models import Club, Hand, Season
from games.views.season_sessions import SESSIONS_PER_PAGE
from scoring.score_files import format_for_family
from tools.bench_import import GENERATED, bench_club, delete_bench_club

READS = {
    "season page": "/c/{club}/seasons/{season}/",
    "API standings": "/api/v1/seasons/{season}/standings/",
    "standings CSV": "/c/{club}/seasons/{season}/standings.csv",
    "sessions page": "/c/{club}/seasons/{season}/sessions/",
}
HANDS = "/api/v1/hands/?season={season}"
PAGE_SIZE = 50  # the API's default
WARM_UP = 3  # untimed reads first: a process's first reads of a kind are slower


class Command(BaseCommand):
    help = "Time a season's reads at two sizes and print the ratios large/small."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--small", type=int, default=1_000, help="games in the small season")
        parser.add_argument("--large", type=int, default=200_000, help="games in the large one")
        parser.add_argument("--runs", type=int, default=7, help="timings per read (median shown)")
        parser.add_argument("--format", choices=sorted(GENERATED), default=next(iter(GENERATED)))
        parser.add_argument("--keep", action="store_true", help="keep the benchmark club")

    def handle(self, *args: Any, **options: Any) -> None:
        small, large = options["small"], options["large"]
        self.runs: int = options["runs"]
        self.format: str = options["format"]
        self.stdout.write(
            f"{connection.vendor}: {self.format} seasons of {small:,} and {large:,} games, "
            f"median of {self.runs} runs"
        )
        club, first = bench_club(self.format)
        try:
            self._run(club, first, small, large)
        finally:
            if not options["keep"]:
                delete_bench_club(club)

    def _run(self, club: Club, first: Season, small: int, large: int) -> None:
        fill_season(first, small)
        (alone,) = self._medians([(HANDS, first)])
        big = fill_season(_season(club, "Large"), large)
        self._header(f"{small:,} games", f"{large:,} games")
        for what, path in READS.items():
            self._row(what, *self._medians([(path, first), (path, big)]))
        shown = [min(season.sessions.count(), SESSIONS_PER_PAGE) for season in (first, big)]
        self.stdout.write(f"  {'':26}{shown[0]:13} sessions{shown[1]:11} sessions shown")
        self._header("first page", "last page")
        sessions = READS["sessions page"]
        oldest = _oldest_sessions_page(big)
        self._row("sessions page", *self._medians([(sessions, big), (oldest, big)]))
        self._row("API hands", *self._medians([(HANDS, big), (_last_hands_page(big), big)]))
        later = fill_season(_season(club, "Later"), small)
        self._header(f"{small:,} alone", f"{small:,} after {large:,}")
        self._row("API hands, first page", alone, *self._medians([(HANDS, later)]))
        size = len(_read(sessions, big))
        self.stdout.write(f"\n  sessions page of the {large:,}-game season: {size / 1024:.1f} KB")

    def _medians(self, reads: list[tuple[str, Season]]) -> list[float]:
        """Each read's median time in milliseconds. The reads take turns, run after run, so
        that other work on the machine weighs on each alike; the standings are computed
        afresh each time (the CSV would otherwise reuse the ones the run before computed)."""
        for path, season in reads:
            for _ in range(WARM_UP):  # templates, serialisers, caches, the plan cache
                _read(path, season)
        times: list[list[float]] = [[] for _ in reads]
        for _ in range(self.runs):
            for (path, season), taken in zip(reads, times, strict=True):
                cache.delete(_standings_key(season))
                start = time.perf_counter()
                _read(path, season)
                taken.append(time.perf_counter() - start)
        return [sorted(taken)[self.runs // 2] * 1000 for taken in times]

    def _header(self, small: str, large: str) -> None:
        self.stdout.write(f"\n  {'':26}{small:>16}{large:>22}   ratio")

    def _row(self, what: str, small: float, large: float) -> None:
        ratio = large / small if small else float("nan")
        self.stdout.write(f"  {what:<26}{small:13.1f} ms{large:19.1f} ms{ratio:7.2f}×")


def _oldest_sessions_page(season: Season) -> str:
    """The sessions page listing the season's 50 oldest sessions (the first, if that is all)."""
    path = READS["sessions page"]
    sessions = list(season.sessions.order_by("played_on", "id")[SESSIONS_PER_PAGE:][:1])
    if not sessions:
        return path
    return f"{path}?before={sessions[0].played_on.isoformat()}.{sessions[0].pk}"


def _last_hands_page(season: Season) -> str:
    """The API's last page of the season's hands, by a cursor made as the API makes them."""
    hands = Hand.objects.filter(session__season=season).order_by("-session_id", "-number")
    after = list(hands[PAGE_SIZE:][:1])
    if not after:
        return HANDS
    position = json.dumps([str(after[0].session_id), str(after[0].number)])
    cursor = base64.b64encode(urlencode({"p": position}).encode()).decode()
    return f"{HANDS}&cursor={quote(cursor)}"


def _standings_key(season: Season) -> str:
    """The cache key of the season's standings, unfiltered, as they are now."""
    current = Season.objects.get(pk=season.pk)
    return "standings:" + selectors.season_standings_version(season=current)


def _season(club: Club, name: str) -> Season:
    rule_set = club.rule_sets.get()
    return services.season_save(club=club, name=name, rule_set=rule_set)


def fill_season(season: Season, games: int) -> Season:
    """Import a generated file of ``games`` games into ``season``, then vacuum and analyse."""
    score_format = format_for_family(season.rule_set.family)
    assert score_format is not None  # the benchmark's rule set is of a score-file format
    text = GENERATED[score_format.key].scores(games)
    with transaction.atomic():
        score_import.import_scores(
            season=season,
            text=text,
            score_format=score_format,
            by=None,
            create_players=True,
        )
    if connection.vendor == "postgresql":
        # Small imports leave it to autovacuum; the figures are of the tables as planned.
        bulk_hands.analyze_tables()
    return season


# Pages as a visitor gets them, less the hashed static-file names (no collectstatic here).
@override_settings(
    STORAGES={
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
)
def _read(path: str, season: Season) -> bytes:
    """A read as an anonymous visitor of the (public) benchmark club gets it, all of it."""
    url = path.format(club=season.club.slug, season=season.pk)
    match = resolve(url.partition("?")[0])
    request = RequestFactory().get(url)
    request.user = AnonymousUser()
    response = match.func(request, *match.args, **match.kwargs)
    if hasattr(response, "render"):  # an API response renders lazily
        response.render()
    assert response.status_code == 200, (url, response.status_code)
    if response.streaming:  # a download is made as it is read
        return b"".join(response.streaming_content)
    return bytes(response.content)


def main(argv: Sequence[str] | None = None) -> None:
    call_command(Command(), *(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":  # pragma: no cover
    main()
