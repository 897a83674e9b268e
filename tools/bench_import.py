"""Benchmark: import a generated score file, then time the standings, the season page, exports.

Run ``python -m tools.bench_import [--games N] [--format hk|big_two]`` against the database
in ``DATABASE_URL``. It works in a throwaway club that it deletes afterwards (unless
``--keep``) and prints the figures; it asserts nothing.
"""

from __future__ import annotations

import contextlib
import io
import os
import secrets
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
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
from django.test import RequestFactory
from django.test.utils import override_settings
from django.urls import resolve

from games import exporting, selectors, services
from games.importing import bulk_hands, score_import
from games.models import (
    Club,
    Hand,
    Membership,
    Player,
    RuleSet,
    RuleSetVersion,
    Score,
    Season,
    Seat,
    Session,
    SessionSeatTotal,
)
from games.stats.models import Rating
from games.views import standings
from scoring.engine import cli
from scoring.score_files import BIG_TWO_FORMAT, HK_FORMAT, ScoreFormat
from tools.scorefile_gen import big_two_scores, hk_scores


@dataclass(frozen=True)
class Generated:
    """A format the benchmarks generate files of: its generator and the rules its files
    start with (a benchmark's rule set has them, so that a file makes no new version)."""

    score_format: ScoreFormat
    scores: Callable[[int], str]
    params: Mapping[str, Any]


# By format key; the first (Hong Kong) is the default.
GENERATED = {
    generated.score_format.key: generated
    for generated in (
        Generated(
            HK_FORMAT,
            hk_scores,
            {"base": "1", "max_faan": 10, "responsibility": "half", "spiciness": "half"},
        ),
        Generated(BIG_TWO_FORMAT, big_two_scores, {"fry_threshold": 10}),
    )
}

READ_RUNS = 5  # a read is timed this many times and its median shown


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def engine_seconds(key: str, text: str) -> float:
    """The best of three runs of ``mahjong-score`` on the file: reading and scoring it in
    memory and writing the statistics, as the reference programs do."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scores.txt"
        path.write_text(text)
        runs = []
        for _ in range(3):
            with contextlib.redirect_stdout(io.StringIO()):
                seconds, status = timed(lambda: cli.main([key.replace("_", "-"), str(path)]))
            assert status == 0, f"mahjong-score refused the generated file ({status})"
            runs.append(seconds)
    return min(runs)


class Command(BaseCommand):
    help = "Time importing a generated score file, the standings and the season page after it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=200_000)
        parser.add_argument("--format", choices=sorted(GENERATED), default=next(iter(GENERATED)))
        parser.add_argument("--keep", action="store_true", help="keep the benchmark club")

    def handle(self, *args: Any, **options: Any) -> None:
        key, games = options["format"], options["games"]
        text = GENERATED[key].scores(games)
        self.stdout.write(
            f"{connection.vendor}: {key} file of {games:,} games, {len(text.encode()):,} bytes"
        )
        club, season = bench_club(key)
        try:
            self._run(season, key, text, games)
        finally:
            if not options["keep"]:
                delete_bench_club(club)

    def _run(self, season: Season, key: str, text: str, games: int) -> None:
        score_format = GENERATED[key].score_format
        seconds, plan = timed(
            lambda: score_import.plan_import(season=season, text=text, score_format=score_format)
        )
        self._line("preview (read, score, plan)", seconds, f"{plan.new_hand_count:,} hands")
        start = time.perf_counter()
        with transaction.atomic():
            seconds, plan = timed(
                lambda: score_import.import_scores(
                    season=season,
                    text=text,
                    score_format=score_format,
                    by=None,
                    create_players=True,
                )
            )
            self._line("import, before commit", seconds, f"{plan.new_hand_count:,} hands")
            commit_start = time.perf_counter()
        committed = time.perf_counter()
        self._line("commit", committed - commit_start, "")
        imported = committed - start
        self._line("import in all", imported, f"{games / imported:,.0f} games/s")
        seconds, _ = timed(bulk_hands.analyze_tables)  # the job the import queued, run here
        self._line("vacuum and analyse (a job)", seconds, "")
        engine = engine_seconds(key, text)
        ratio = f"the import takes {imported / engine:.1f}× as long (goal: at most 25×)"
        self._line("mahjong-score, same file", engine, ratio)
        self._line("sessions created", 0, f"{len(plan.new_sessions):,}")
        seconds, plan = timed(
            lambda: score_import.import_scores(
                season=season, text=text, score_format=score_format, by=None
            )
        )
        self._line("import again (nothing new)", seconds, f"{plan.known_hand_count:,} known")
        rows = selectors.season_standings(season=season)
        self._median("season standings (query)", lambda: selectors.season_standings(season=season))
        self.stdout.write(f"{'':42}{len(rows)} players")
        response = _season_page(season)
        self._median("season page (render)", lambda: _season_page(season))
        self.stdout.write(f"{'':42}{len(response.content):,} bytes")
        self._median("API standings", lambda: _get(season, "/api/v1/seasons/{season}/standings/"))
        self._median(
            "standings CSV", lambda: _get(season, "/c/{club}/seasons/{season}/standings.csv")
        )
        seconds, lines = timed(
            lambda: list(exporting.season_score_file(season=season, score_format=score_format))
        )
        self._line("export score file", seconds, f"{len(lines):,} lines")

    def _median(self, what: str, run: Callable[[], Any]) -> None:
        """A read's median time over a few runs, in milliseconds: reads are quick and noisy."""
        times = sorted(timed(run)[0] for _ in range(READ_RUNS))
        self.stdout.write(f"  {what:<28}{times[READ_RUNS // 2] * 1000:8.1f} ms median")

    def _line(self, what: str, seconds: float, detail: str) -> None:
        timing = f"{seconds:8.2f} s" if seconds else " " * 10
        self.stdout.write(f"  {what:<28}{timing}  {detail}")


def bench_club(key: str) -> tuple[Club, Season]:
    """A throwaway public club with a rule set for the format ``key`` and a season of it."""
    slug = f"bench-{secrets.token_hex(4)}"
    club = Club.objects.create(name=f"Benchmark {slug}", slug=slug)
    generated = GENERATED[key]
    family = generated.score_format.family
    rule_set = RuleSet.objects.create(club=club, name="Bench", family=family)
    params = dict(generated.params)
    RuleSetVersion.objects.create(rule_set=rule_set, number=1, params=params)
    season = services.season_save(club=club, name="Bench season", rule_set=rule_set)
    return club, season


# The page as a visitor gets it, less the hashed static-file names (no collectstatic here).
@override_settings(
    STORAGES={
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
)
def _season_page(season: Season) -> Any:
    request = RequestFactory().get(f"/c/{season.club.slug}/seasons/{season.pk}/")
    request.user = AnonymousUser()
    return standings.season_detail(request, season.club.slug, season.pk)


def _get(season: Season, path: str) -> Any:
    """A read as an anonymous visitor of the (public) benchmark club gets it."""
    url = path.format(club=season.club.slug, season=season.pk)
    match = resolve(url)
    request = RequestFactory().get(url)
    request.user = AnonymousUser()
    response = match.func(request, *match.args, **match.kwargs)
    if hasattr(response, "render"):  # an API response renders lazily
        response.render()
    if response.streaming:  # a download is made as it is read
        response.content_bytes = b"".join(response.streaming_content)
    assert response.status_code == 200, (url, response.status_code)
    return response


def delete_bench_club(club: Club) -> None:
    """Delete the benchmark club's rows table by table (the ORM's cascade is far slower)."""
    with transaction.atomic():
        for model, lookup in (
            (Rating, "club"),
            (SessionSeatTotal, "season__club"),
            (Score, "season__club"),
            (Hand, "session__club"),
            (Seat, "session__club"),
            (Session, "club"),
            (Season, "club"),
            (RuleSetVersion, "rule_set__club"),
            (RuleSet, "club"),
            (Player, "club"),
            (Membership, "club"),
        ):
            model.objects.filter(**{lookup: club})._raw_delete(connection.alias)
        club.delete()


def main(argv: Sequence[str] | None = None) -> None:
    call_command(Command(), *(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":  # pragma: no cover
    main()
