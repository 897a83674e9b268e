"""Keep the message catalogues of every language in step with the sources.

- ``catalogs update`` gathers every marked string of the templates, Python and JavaScript
  into ``locale/``, ``games/locale/`` and ``scoring/locale/`` (new ones untranslated);
- ``catalogs simplify`` fills untranslated zh-Hans messages from their zh-Hant
  translation (OpenCC);
- ``catalogs compile`` writes the ``.mo`` files the site reads;
- ``catalogs check`` fails if any Chinese message is untranslated, fuzzy or missing from
  its catalogue (the test suite runs the same check).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.catalogs import (
    catalog_problems,
    catalogs_compile,
    catalogs_simplify,
    catalogs_update,
)


class Command(BaseCommand):
    help = "Update the message catalogues from the sources, or check they are complete."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["update", "simplify", "compile", "check"])

    def handle(self, *args: Any, **options: Any) -> None:
        if options["action"] == "update":
            catalogs_update()
            return
        if options["action"] == "compile":
            catalogs_compile()
            return
        if options["action"] == "simplify":
            filled = catalogs_simplify()
            self.stdout.write(f"{filled} zh-Hans message(s) filled from zh-Hant.")
            return
        problems = catalog_problems()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} message(s) need a translator.")
        self.stdout.write("Every zh-Hant and zh-Hans message is translated.")
