"""The shipped rules files (Millington, 1920s) and loading a rules file from disk."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Final

from scoring.engine.classical.language import read_rules
from scoring.engine.classical.model import RuleSet
from scoring.engine.errors import RulesError
from scoring.engine.text import decode_text

# preset name -> (file in presets/, the limit its book plays with)
PRESETS: Final = {"millington": ("millington.rules", 1000), "1920s": ("1920s.rules", 400)}
DEFAULT_PRESET: Final = "millington"


def preset_text(name: str) -> str:
    """The text of a shipped rules file.

    >>> preset_text("millington").splitlines()[2]
    'Millington classical (limit 1000)'
    """
    try:
        filename, _ = PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(
            "classical has no preset {name!r} (known: {known})",
            field="rules",
            name=name,
            known=known,
        ) from None
    return (
        files("scoring.engine.classical").joinpath("presets").joinpath(filename).read_text("utf-8")
    )


@cache
def preset(name: str) -> RuleSet:
    """A shipped rule set, with its book's limit as the default limit.

    >>> preset("1920s").options.limit, len(preset("millington").rules)
    (400, 58)
    """
    rules = read_rules(preset_text(name))
    return replace(rules, options=rules.options.with_changes(limit=PRESETS[name][1]))


def load_rules_file(path: str | Path) -> RuleSet:
    """Read and check a rules file (``RulesFileError`` for its errors, ``TextError`` when it
    is not text, ``RulesError`` when it cannot be read)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise RulesError(
            "cannot read {path}: {strerror}", field="rules", path=path, strerror=error.strerror
        ) from None
    return read_rules(decode_text(data))
