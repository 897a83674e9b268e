"""Load a game file (classical) into a new session of a club's season, all or nothing."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from games.importing.game_files import MAX_GAME_FILE, game_file_decode, game_file_import
from games.models import Club, Membership, RuleSet, Season


class Command(BaseCommand):
    help = (
        "Load a game file (docs/classical-game-file.md) into a new session of a season: its "
        "players, rules and every hand, the rules switched where the game changed them. "
        "Nothing is written unless the whole file is valid."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--club", required=True, help="the club's address (slug)")
        parser.add_argument("--season", required=True, help="the season's name")
        parser.add_argument(
            "--by", required=True, help="the username of the club's organiser who loads it"
        )
        parser.add_argument("--rule-set", help="the rule set (default: the season's)")
        parser.add_argument("--date", type=dt.date.fromisoformat, help="the session's day")
        parser.add_argument("--create-players", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club with the address {options['club']!r}")
        season = Season.objects.filter(club=club, name=options["season"]).first()
        if season is None:
            raise CommandError(f"{club.name} has no season called {options['season']!r}")
        by = self._organiser(club, options["by"])
        rule_set = None
        if options["rule_set"]:
            rule_set = RuleSet.objects.filter(club=club, name=options["rule_set"]).first()
            if rule_set is None:
                raise CommandError(f"{club.name} has no rule set called {options['rule_set']!r}")
        try:
            with path.open("rb") as stream:
                text = game_file_decode(stream.read(MAX_GAME_FILE + 1))
            imported = game_file_import(
                season=season,
                text=text,
                by=by,
                rule_set=rule_set,
                played_on=options["date"],
                create_players=options["create_players"],
            )
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        except ValidationError as error:
            raise CommandError(f"{path}: {' '.join(error.messages)}") from None
        session = imported.session
        hands = session.hands.filter(deleted_at=None).count()
        self.stdout.write(
            f"{path}: session {session.pk} of {season.name}, {hands} hands, "
            f"{len(imported.players)} new players, {len(imported.versions)} new rule versions: "
            f"{reverse('league:session', args=[club.slug, session.pk])}"
        )

    def _organiser(self, club: Club, username: str) -> User:
        membership = (
            Membership.objects.filter(club=club, user__username=username)
            .select_related("user")
            .first()
        )
        if membership is None or membership.role != Membership.Role.ORGANISER:
            raise CommandError(f"{username!r} is not an organiser of {club.name}")
        return membership.user
