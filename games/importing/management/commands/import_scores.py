"""Import an HK or Big Two score file into a club's season, all or nothing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.urls import reverse

from games import services
from games.importing import jobs, score_import
from games.importing.models import ImportJob
from games.models import Club, RuleSet, Season
from scoring.score_files import SCORE_FORMATS, ScoreFormat, format_for_family


class Command(BaseCommand):
    help = (
        "Import a score file into a season: each date and seating becomes a session, each "
        "game a hand. Nothing is written unless the whole file is valid; importing the same "
        "file again adds only games appended since."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        self.add_season_arguments(parser)
        parser.add_argument("--format", choices=sorted(SCORE_FORMATS), dest="score_format")
        parser.add_argument("--undated", type=dt.date.fromisoformat, help="date of undated games")
        parser.add_argument(
            "--background",
            action="store_true",
            help="queue the import as a job for `manage.py worker` and return at once",
        )

    def add_season_arguments(self, parser: CommandParser) -> None:
        """The file, where it goes and what it may create (the games-file command's too)."""
        parser.add_argument("file", type=Path)
        parser.add_argument("--club", required=True, help="the club's address (slug)")
        parser.add_argument(
            "--season", required=True, help="the season's name (created if --rule-set is given)"
        )
        parser.add_argument("--rule-set", help="the rule set whose versions the settings use")
        parser.add_argument("--create-players", action="store_true")
        parser.add_argument(
            "--make-current",
            action="store_true",
            help="the newest rule version the file makes becomes the current rules",
        )
        parser.add_argument("--dry-run", action="store_true", help="show the plan, write nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        text = self._text(path)
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club with the address {options['club']!r}")
        if options["background"] and not options["dry_run"]:
            self._background(path, club, text, options)
            return
        with transaction.atomic():
            season, rule_set = self._season(club, options)
            score_format = self._format(season, options["score_format"])
            try:
                plan = self._run(path, season, rule_set, score_format, text, options)
            except score_import.ImportRefused as refused:
                for problem in refused.problems:
                    where = f", line {problem.line}" if problem.line else ""
                    self.stderr.write(f"{path}{where}: {problem.message}")
                raise CommandError("nothing imported", returncode=1) from None
            if options["dry_run"]:
                transaction.set_rollback(True)
        self._report(path, plan, options["dry_run"])

    def _text(self, path: Path) -> str:
        try:
            score_import.check_size(path.stat().st_size)
            return score_import.decode(path.read_bytes())
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        except score_import.ImportRefused as refused:
            raise CommandError(f"{path}: {'; '.join(refused.messages)}") from None

    def _season(self, club: Club, options: dict[str, Any]) -> tuple[Season, RuleSet | None]:
        rule_set = None
        if options["rule_set"]:
            rule_set = RuleSet.objects.filter(club=club, name=options["rule_set"]).first()
            if rule_set is None:
                raise CommandError(f"{club.name} has no rule set called {options['rule_set']!r}")
        season = Season.objects.filter(club=club, name=options["season"]).first()
        if season is None:
            if rule_set is None:
                raise CommandError(
                    f"{club.name} has no season called {options['season']!r}; "
                    "give --rule-set to create it"
                )
            season = services.season_save(club=club, name=options["season"], rule_set=rule_set)
        return season, rule_set

    def _format(self, season: Season, key: str | None) -> ScoreFormat:
        if key is not None:
            return SCORE_FORMATS[key]
        score_format = format_for_family(season.rule_set.family)
        if score_format is None:
            raise CommandError(f"{season.rule_set.get_family_display()} has no score-file format")
        return score_format

    def _run(
        self,
        path: Path,
        season: Season,
        rule_set: RuleSet | None,
        score_format: ScoreFormat,
        text: str,
        options: dict[str, Any],
    ) -> score_import.ImportPlan:
        return score_import.import_scores(
            season=season,
            text=text,
            score_format=score_format,
            by=None,
            rule_set=rule_set,
            undated_on=options["undated"],
            create_players=options["create_players"],
            make_current=options["make_current"],
        )

    def _background(self, path: Path, club: Club, text: str, options: dict[str, Any]) -> None:
        with transaction.atomic():
            season, rule_set = self._season(club, options)
            score_format = self._format(season, options["score_format"])
            job = self._queue(path, season, rule_set, score_format, text, options)
        self.stdout.write(
            f"{path}: queued as import job {job.pk}; a worker (`manage.py worker`) imports it. "
            f"Follow it at {reverse('importing:job', args=[club.slug, job.pk])}"
        )

    def _queue(
        self,
        path: Path,
        season: Season,
        rule_set: RuleSet | None,
        score_format: ScoreFormat,
        text: str,
        options: dict[str, Any],
    ) -> ImportJob:
        job_options = {
            "score_format": score_format.key,
            "rule_set": rule_set.pk if rule_set else None,
            "undated_on": options["undated"].isoformat() if options["undated"] else None,
            "create_players": options["create_players"],
            "make_current": options["make_current"],
        }
        return jobs.job_queue(
            season=season, file_name=path.name, text=text, options=job_options, by=None
        )

    def _report(self, path: Path, plan: score_import.ImportPlan, dry_run: bool) -> None:
        verb = "would create" if dry_run else "created"
        self.stdout.write(
            f"{path}: {plan.game_count} games; {verb} {len(plan.new_sessions)} sessions and "
            f"{plan.new_hand_count} hands ({plan.known_hand_count} imported before)"
        )
        if plan.new_players:
            self.stdout.write(f"new players: {', '.join(plan.new_players)}")
        for warning in plan.warnings:
            self.stdout.write(f"warning: {warning}")
        for version in plan.new_versions:
            self.stdout.write(
                f"new version {plan.rule_set.name} v{version.number}: {version.description}"
            )
