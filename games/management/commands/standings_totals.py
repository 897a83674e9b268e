"""Check the kept per-seat session totals against their scores, or rebuild them.

``python manage.py standings_totals [--club SLUG] [--rebuild [--background]]`` lists every
score whose copies of its hand's session, season, date or seat's player differ from them, and
every session seat whose kept totals differ from a recomputation from its hands' scores, and
exits 1 if any does; with ``--rebuild`` it rewrites those sessions' totals and exits 0, and with
``--background`` too it queues the rebuild as a job for a worker and returns at once.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Club, Session
from games.totals import CopyDifference, TotalsDifference, totals_check, totals_rebuild

# What was found of the scores' copies and of the kept totals, and what a rebuild did.
DIFFER = (
    "{} copied columns of scores differ from their hands'",
    "{} session seats' kept totals differ from their scores",
)
REWRITTEN = (
    "{} copied columns of scores rewritten from their hands",
    "{} session seats' totals rewritten from their scores",
)


def _told(counts: tuple[int, int], phrases: tuple[str, str]) -> str:
    """The phrases of the kinds found, with their counts, joined by "and"."""
    return " and ".join(phrase.format(n) for n, phrase in zip(counts, phrases, strict=True) if n)


class Command(BaseCommand):
    help = "Compare the standings' kept session totals with their scores; --rebuild fixes them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", metavar="SLUG", help="only this club's sessions")
        parser.add_argument("--rebuild", action="store_true", help="rewrite the totals that differ")
        parser.add_argument(
            "--background", action="store_true", help="with --rebuild: queue it as a job"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        sessions = self._sessions(options["club"])
        rebuild = options["rebuild"]
        if options["background"]:
            self._queue(rebuild, options["club"])
            return
        found = {TotalsDifference: 0, CopyDifference: 0}
        for difference in totals_check(sessions=sessions, rebuild=rebuild):
            found[type(difference)] += 1
            self.stdout.write(str(difference))
        counts = (found[CopyDifference], found[TotalsDifference])
        if any(counts) and not rebuild:
            raise CommandError(
                _told(counts, DIFFER) + "; run again with --rebuild to rewrite them."
            )
        summary = _told(counts, REWRITTEN) or "their kept totals match their scores"
        self.stdout.write(f"{sessions.count():,} sessions checked: {summary}.")

    def _queue(self, rebuild: bool, slug: str | None) -> None:
        if not rebuild:
            raise CommandError("--background queues a rebuild: give --rebuild too.")
        club = Club.objects.get(slug=slug) if slug is not None else None
        result = totals_rebuild.enqueue(club.pk if club else None)
        self.stdout.write(f"Queued the rebuild as job {result.id}; a worker runs it.")

    def _sessions(self, slug: str | None) -> Any:
        if slug is None:
            return Session.objects.all()
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"--club: no club has the address {slug!r}.")
        return Session.objects.filter(club=club)
