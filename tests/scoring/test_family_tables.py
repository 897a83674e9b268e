"""A family says whether it keeps a table hand by hand (``keeps_table``): the hand page reads
the whole score sheet after a save only for those, to see whether the game is over."""

from __future__ import annotations

import pytest

from scoring.families import FAMILIES, Family


@pytest.mark.parametrize("family", FAMILIES.values(), ids=list(FAMILIES))
def test_a_family_keeps_a_table_exactly_when_it_has_table_states(family: Family) -> None:
    states = family.table_states([], family.default_params(), [], names=["A", "B", "C", "D"])
    assert family.keeps_table == (states is not None)
