"""Carry translations along when a template or module moves to another catalogue.

When a file moves under a folder with a catalogue of its own (a satellite app's templates
under ``games/``), ``catalogs check`` finds its messages untranslated in the new catalogue
although another catalogue has them. This appends, to each catalogue that lacks them, the
translations the other catalogues already hold, without rewriting anything else in the
file. What no catalogue translates is listed for a translator.

    DJANGO_SETTINGS_MODULE=mahjong_league.settings .venv/bin/python tools/carry_translations.py
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
django.setup()

import polib  # noqa: E402

from games.catalogs import CATALOG_FOLDERS, catalog_problems  # noqa: E402

UNTRANSLATED = re.compile(r"^(?P<path>\S+\.po): untranslated: (?P<msgid>.*)$")


def known_translations(path: Path) -> dict[tuple[str | None, str], polib.POEntry]:
    """Every translated entry, by context and message, of the catalogues of the same
    language and domain as ``path``."""
    language, domain = path.parts[-3], path.stem
    found: dict[tuple[str | None, str], polib.POEntry] = {}
    for folder in CATALOG_FOLDERS:
        other = ROOT / folder / language / "LC_MESSAGES" / f"{domain}.po"
        if other.exists():
            for entry in polib.pofile(str(other)).translated_entries():
                found.setdefault((entry.msgctxt, entry.msgid), entry)
    return found


def main() -> int:
    missing: dict[Path, list[str]] = {}
    for problem in catalog_problems(ROOT):
        match = UNTRANSLATED.match(problem)
        if match:
            msgid = ast.literal_eval(match["msgid"])  # the problem writes it with repr()
            missing.setdefault(ROOT / match["path"], []).append(msgid)
        else:
            print(problem)
    left = 0
    for path, msgids in missing.items():
        known = known_translations(path)
        blocks = []
        for msgid in msgids:
            entry = next((e for (_, m), e in known.items() if m == msgid), None)
            if entry is None:
                print(f"{path.relative_to(ROOT)}: no translation anywhere: {msgid!r}")
                left += 1
                continue
            copy = polib.POEntry(
                msgid=entry.msgid,
                msgid_plural=entry.msgid_plural,
                msgstr=entry.msgstr,
                msgstr_plural=entry.msgstr_plural,
                msgctxt=entry.msgctxt,
            )
            blocks.append(str(copy))
        if blocks:
            with path.open("a", encoding="utf-8") as catalogue:
                catalogue.write("\n" + "\n".join(blocks))
            print(f"{path.relative_to(ROOT)}: {len(blocks)} carried")
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main())
