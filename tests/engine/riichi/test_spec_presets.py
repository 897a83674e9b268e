"""The presets are what docs/spec/riichi.md §2 says they are: every row of its table, each
preset's column, read from the spec and compared with the engine's ``RiichiRules``."""

import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from scoring.engine.riichi import PRESETS, RiichiRules

SPEC = Path(__file__).resolve().parents[3] / "docs" / "spec" / "riichi.md"
FIELDS = {field.name for field in fields(RiichiRules)}


def preset_table() -> dict[str, dict[str, str]]:
    """§2's table: each row's name (a field, or ``oka``) to its cell for each preset."""
    section = SPEC.read_text(encoding="utf-8").split("## 2. Presets", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip(" `") for cell in rows[0].strip("|").split("|")]
    table = {}
    for row in rows[2:]:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        table[cells[0].strip("`")] = dict(zip(header[2:], cells[2:], strict=True))
    return table


def number(text: str) -> int:
    return int(text.replace(",", "").replace("−", "-"))


def spec_value(value: Any, cell: str) -> Any:
    """The cell read as a value of ``value``'s kind; None when the cell gives none (a note)."""
    if isinstance(value, bool):
        word = cell.split()[0].strip(":")
        return {"yes": True, "no": False}.get(word)
    if isinstance(value, tuple):
        return tuple(number(part) for part in cell.split())
    if isinstance(value, int):
        return number(cell)
    choice = re.match(r"`([a-z_]+)`", cell)
    return choice.group(1) if choice else None


def test_the_table_names_every_preset_and_only_fields_of_the_rules() -> None:
    table = preset_table()
    assert all(set(cells) == set(PRESETS) for cells in table.values())
    assert set(table) - FIELDS == {"oka"}
    assert "bust" in table


@pytest.mark.parametrize("name", sorted(preset_table()))
def test_each_preset_is_what_the_spec_table_says(name: str) -> None:
    for preset, cell in preset_table()[name].items():
        value = getattr(PRESETS[preset], name)
        found = spec_value(value, cell)
        if found is not None:
            as_written = value if isinstance(value, (bool, int, tuple)) else str(value)
            assert found == as_written, f"§2 says {name} is {cell!r} for {preset}, not {value!r}"
