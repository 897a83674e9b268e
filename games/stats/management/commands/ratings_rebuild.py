"""Rate every session again from the first, per club and rule family (the ratings job does
this from the first changed session on after every write; this is for a database whose
sessions were stored before ratings existed, or after a change of the model's parameters).

``python manage.py ratings_rebuild [--club SLUG]``
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Club, Session
from games.stats.replay import ratings_replay


class Command(BaseCommand):
    help = "Rate every session again, in play order, per club and rule family."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", metavar="SLUG", help="only this club")

    def handle(self, *args: Any, **options: Any) -> None:
        clubs = Club.objects.order_by("slug")
        if options["club"] is not None:
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists():
                raise CommandError(f"--club: no club has the address {options['club']!r}.")
        for club in clubs:
            families = (
                Session.objects.filter(club=club)
                .values_list("rule_set_version__rule_set__family", flat=True)
                .distinct()
                .order_by()
            )
            for family in sorted(families):
                rated = ratings_replay(club_id=club.pk, family=family)
                self.stdout.write(f"{club.slug} {family}: {rated:,} sessions rated.")
