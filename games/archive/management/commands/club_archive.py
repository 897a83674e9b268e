"""Export a club as an archive, or load an archive as a new club."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.archive.exporting import club_archive_write
from games.archive.loading import club_archive_load
from games.archive.reading import ArchiveRefused
from games.models import Club


class Command(BaseCommand):
    help = (
        "`export SLUG FILE` writes the club's archive (docs/club-archive.md); `import FILE` "
        "loads one as a new club, all or nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        export = actions.add_parser("export", help="write a club's archive to FILE")
        export.add_argument("slug", help="the club's address")
        export.add_argument("file", type=Path)
        load = actions.add_parser("import", help="load FILE as a new club")
        load.add_argument("file", type=Path)
        load.add_argument("--slug", help="the new club's address (default: the archive's)")
        load.add_argument("--organiser", help="the username of an account to organise the club")
        load.add_argument(
            "--accounts",
            action="store_true",
            help="find the archive's accounts by username here, or make them without a "
            "password; they keep their roles and their records' authorship",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["action"] == "export":
            self._export(options["slug"], options["file"])
        else:
            self._import(options)

    def _export(self, slug: str, path: Path) -> None:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"no club with the address {slug!r}")
        try:
            with path.open("wb") as out:
                counts = club_archive_write(club=club, out=out)
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from error
        self.stdout.write(f"Wrote {club.name} to {path}: {_counted(counts)}.")

    def _import(self, options: dict[str, Any]) -> None:
        path: Path = options["file"]
        organiser = None
        if options["organiser"]:
            organiser = get_user_model().objects.filter(username=options["organiser"]).first()
            if organiser is None:
                raise CommandError(f"no account with the username {options['organiser']!r}")
        try:
            with path.open("rb") as source:
                loaded = club_archive_load(
                    source=source,
                    slug=options["slug"],
                    organiser=organiser,
                    accounts=options["accounts"],
                )
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from error
        except ArchiveRefused as refused:
            for problem in refused.problems:
                self.stderr.write(f"{path}: {problem}")
            raise CommandError(f"{path}: nothing was imported") from refused
        club = loaded.club
        self.stdout.write(
            f"Imported {club.name} at /c/{club.slug}/: {_counted(loaded.records)}; "
            f"{loaded.invitations} invitations for its members. Its ratings are replayed by "
            "the worker."
        )


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(f"{count} {name.removesuffix('.json')}" for name, count in counts.items())
