"""How players' names compare (games.names): NFKC and case-folded keys, and the rule that
proposes a near name."""

from __future__ import annotations

import pytest

from games.names import name_key, near_match


def test_full_width_and_case_meet() -> None:
    assert name_key("ＡＤＡ") == name_key("ada") == name_key("  Ada ") == "ada"
    assert name_key("Straße") == name_key("STRASSE")


@pytest.mark.parametrize(
    ("name", "candidates", "proposed"),
    [
        ("Ada L.", ["Ada", "Bob"], "Ada"),  # the player's name starts it, as a whole word
        ("Ada", ["Ada Lee"], "Ada Lee"),  # and the other way round
        ("Adda", ["Ada", "Bob"], "Ada"),  # 0.857 alike
        ("Adam", ["Ada", "Adams"], "Adams"),  # the likelier wins
        ("Adalbert", ["Ada"], None),  # no whole word, and 0.545 alike
        ("Bob", ["Ada"], None),
        ("ADA", ["Ada"], None),  # the same name is a match, not a proposal
    ],
)
def test_a_near_name_is_proposed(name: str, candidates: list[str], proposed: str | None) -> None:
    assert near_match(name, candidates) == proposed
