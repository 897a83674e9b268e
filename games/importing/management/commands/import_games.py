"""Import a games file (a season's sessions and hands as JSON lines) into a club's season."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandError, CommandParser
from django.db import transaction

from games.importing import score_import
from games.importing.games_import import GamesPlan, games_import
from games.importing.management.commands import import_scores
from games.models import Club


class Command(import_scores.Command):
    """The score-file command's way of finding (or making) the season, for games files."""

    help = (
        "Import a games file into a season: each session line becomes a session, its hands "
        "recorded in order. Nothing is written unless the whole file is valid; importing the "
        "same file again adds only hands appended since."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        self.add_season_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        text = self._text(path)
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club with the address {options['club']!r}")
        with transaction.atomic():
            season, rule_set = self._season(club, options)
            try:
                plan = games_import(
                    season=season,
                    text=text,
                    by=None,
                    rule_set=rule_set,
                    create_players=options["create_players"],
                    make_current=options["make_current"],
                )
            except score_import.ImportRefused as refused:
                for problem in refused.problems:
                    where = f", line {problem.line}" if problem.line else ""
                    self.stderr.write(f"{path}{where}: {problem.message}")
                raise CommandError("nothing imported", returncode=1) from None
            if options["dry_run"]:
                transaction.set_rollback(True)
        self._report_games(path, plan, options["dry_run"])

    def _report_games(self, path: Path, plan: GamesPlan, dry_run: bool) -> None:
        verb = "would create" if dry_run else "created"
        self.stdout.write(
            f"{path}: {plan.games.hand_count} hands; {verb} {len(plan.new_sessions)} sessions "
            f"and {plan.new_hand_count} hands ({plan.known_hand_count} imported before)"
        )
        if plan.new_players:
            self.stdout.write(f"new players: {', '.join(plan.new_players)}")
        for version in plan.new_versions:
            self.stdout.write(
                f"new version {plan.rule_set.name} v{version.number}: {version.description}"
            )
