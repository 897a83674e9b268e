"""Reading a club archive: the zip, its manifest, each file's JSON, and the upgrade of an
archive of an older version to the current one, one version at a time."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import IO, Any

from django.utils.translation import gettext as _

from games.archive.kinds import ACCOUNTS, CLUB, FORMAT, KINDS, MANIFEST, VERSION

# What an archive may unpack to: refused beyond, before anything is read (a zip bomb).
MAX_UNPACKED_BYTES = 512 * 1024 * 1024

Archive = dict[str, Any]
# A step takes an archive's files (name → JSON) as version n wrote them and returns them as
# version n + 1 has them; the reader then sets the manifest's version.
Step = Callable[[Archive], Archive]


@dataclass(frozen=True)
class Upgrades:
    """The version a site reads, and each older version's step to the next one."""

    version: int
    steps: Mapping[int, Step]


# This site's: it reads ``VERSION``; version n's step is ``steps[n]`` (none yet: version 1
# is the current). A test holds a step for every version below the current.
UPGRADES = Upgrades(version=VERSION, steps={})


@dataclass(frozen=True)
class Problem:
    """What is wrong with an archive, and where: a file, and a record in it (its place)."""

    message: str
    file: str = ""
    record: int | None = None

    def __str__(self) -> str:
        if not self.file:
            return self.message
        if self.record is None:
            return f"{self.file}: {self.message}"
        return _("%(file)s, record %(record)d: %(message)s") % {
            "file": self.file,
            "record": self.record,
            "message": self.message,
        }


class ArchiveRefused(Exception):
    """The archive cannot be loaded; ``problems`` say why and where. Nothing was written."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(problem) for problem in problems))
        self.problems = problems


def archive_read(source: IO[bytes], *, upgrades: Upgrades = UPGRADES) -> Archive:
    """The archive's files by name (JSON values), upgraded to the version the site reads."""
    try:
        with zipfile.ZipFile(source) as archive:
            files = _files(archive, upgrades.version)
    except (zipfile.BadZipFile, EOFError) as error:
        raise ArchiveRefused(
            [Problem(_("This is not a club archive (not a zip file)."))]
        ) from error
    files = archive_upgrade(files, upgrades=upgrades)
    missing = [
        name for name in (CLUB, ACCOUNTS, *(kind.file for kind in KINDS)) if name not in files
    ]
    if missing:
        message = _("The archive has no %(files)s.") % {"files": ", ".join(missing)}
        raise ArchiveRefused([Problem(message)])
    return files


def archive_upgrade(files: Archive, *, upgrades: Upgrades = UPGRADES) -> Archive:
    """The archive's files taken through one step per version, from its manifest's version
    to the one the site reads; refused, naming the version, when a step is missing or
    cannot read what the archive holds."""
    version = _version(files[MANIFEST], upgrades.version)
    while version < upgrades.version:
        names = {"version": version, "next": version + 1, "current": upgrades.version}
        step = upgrades.steps.get(version)
        if step is None:
            message = _(
                "the archive is of version %(version)d, and this site, which reads version "
                "%(current)d, has no upgrade from version %(version)d to %(next)d."
            )
            raise ArchiveRefused([Problem(message % names, MANIFEST)])
        try:
            files = step(files)
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            message = _(
                "the archive of version %(version)d could not be upgraded to version "
                "%(next)d (%(error)s): it does not hold what version %(version)d writes."
            )
            raise ArchiveRefused(
                [Problem(message % {**names, "error": error}, MANIFEST)]
            ) from error
        version += 1
        files = {**files, MANIFEST: {**files[MANIFEST], "version": version}}
    return files


def _files(archive: zipfile.ZipFile, current: int) -> Archive:
    """Every JSON file of the archive, once its manifest says it is one this site reads."""
    names = {info.filename: info for info in archive.infolist()}
    if sum(info.file_size for info in names.values()) > MAX_UNPACKED_BYTES:
        raise ArchiveRefused([Problem(_("The archive unpacks to more than 512 MB."))])
    if MANIFEST not in names:
        message = _("This is not a club archive: it has no %(file)s.") % {"file": MANIFEST}
        raise ArchiveRefused([Problem(message)])
    _version(_json(archive, MANIFEST), current)
    return {name: _json(archive, name) for name in names if name.endswith(".json")}


def _json(archive: zipfile.ZipFile, name: str) -> Any:
    try:
        return json.loads(archive.read(name).decode("utf-8"))
    except UnicodeDecodeError as error:
        raise ArchiveRefused([Problem(_("it is not UTF-8 text."), name)]) from error
    except RecursionError as error:
        raise ArchiveRefused([Problem(_("its JSON is nested too deeply."), name)]) from error
    except json.JSONDecodeError as error:
        message = _("it is not JSON (line %(line)d, column %(column)d: %(error)s).") % {
            "line": error.lineno,
            "column": error.colno,
            "error": error.msg,
        }
        raise ArchiveRefused([Problem(message, name)]) from error


def _version(manifest: Any, current: int) -> int:
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        message = _("its format is not %(format)s.") % {"format": repr(FORMAT)}
        raise ArchiveRefused([Problem(message, MANIFEST)])
    version = manifest.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        message = _("its version must be a whole number from 1.")
        raise ArchiveRefused([Problem(message, MANIFEST)])
    if version > current:
        message = _(
            "the archive is of version %(version)d, newer than this site reads "
            "(%(current)d): load it into a site updated to the version it came from."
        ) % {"version": version, "current": current}
        raise ArchiveRefused([Problem(message, MANIFEST)])
    return version
