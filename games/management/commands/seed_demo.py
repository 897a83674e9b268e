"""Load a demo club (idempotent): players, an organiser and a member login, and a league of
each rule family that declares a demo (``Family.demo``)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games import services
from games.importing import score_import
from games.models import Club, Player, Season
from scoring.families import FAMILIES, Family
from scoring.families.base import Demo

DEMO_PASSWORD = "mahjong-demo"
PLAYERS = ["Ada", "Bo", "Chi", "Dee", "Eli"]


class Command(BaseCommand):
    help = "Create the demo club 'Jade Dragon Club' with logins organiser/member (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            created = self._seed()
        verb = "Created" if created else "Already present:"
        self.stdout.write(
            f"{verb} demo club at /c/jade-dragon/ — sign in as 'organiser' or 'member' "
            f"with password '{DEMO_PASSWORD}'."
        )

    def _seed(self) -> bool:
        club = Club.objects.filter(slug="jade-dragon").first()
        created = club is None
        if club is None:
            club = self._club()
        # A league added after a club was loaded joins it on the next run.
        demos = sorted(
            ((family, family.demo) for family in FAMILIES.values() if family.demo is not None),
            key=lambda pair: pair[1].order,
        )
        added = [self._league(club, family, demo) for family, demo in demos]
        return any(added) or created

    def _club(self) -> Club:
        organiser = self._user("organiser")
        member = self._user("member")
        club = services.club_create(
            name="Jade Dragon Club", slug="jade-dragon", visibility="public", organiser=organiser
        )
        services.membership_set(club=club, user=member, role="member")
        players = {name: services.player_create(club=club, name=name) for name in PLAYERS}
        services.player_link_user(player=players["Ada"], user=organiser)
        services.player_link_user(player=players["Bo"], user=member)
        return club

    def _league(self, club: Club, family: Family, demo: Demo) -> bool:
        """The family's demo rule set, season and games, unless the club has them."""
        if club.rule_sets.filter(name=demo.rules_name).exists():
            return False
        organiser = self._user("organiser")
        rule_set = services.rule_set_create(
            club=club, name=demo.rules_name, family=family.key, params=demo.params, by=organiser
        )
        start = dt.date.today() - dt.timedelta(days=14)
        season = services.season_save(
            club=club,
            name=demo.season_name.format(year=start.year),
            rule_set=rule_set,
            starts_on=start,
        )
        if demo.score_file is not None and family.score_file is not None:
            score_import.import_scores(
                season=season,
                text=demo.score_file(start),
                score_format=family.score_file,
                by=organiser,
            )
        players = {player.name: player for player in club.players.all()}
        self._sessions(season, players, organiser, start, demo)
        return True

    def _user(self, username: str) -> Any:
        user_model = get_user_model()
        user = user_model.objects.filter(username=username).first()
        if user is None:
            user = user_model.objects.create_user(username=username, password=DEMO_PASSWORD)
        return user

    def _sessions(
        self,
        season: Season,
        players: dict[str, Player],
        by: Any,
        start: dt.date,
        demo: Demo,
    ) -> None:
        for day, names, hands in demo.sessions:
            session = services.session_start(
                season=season,
                rule_set=season.rule_set,
                played_on=start + dt.timedelta(days=day),
                players=[players[name] for name in names],
                by=by,
            )
            for hand in hands:
                services.hand_record(
                    session=session, hand_input=dict(hand), by=by, client_id=uuid.uuid4()
                )
