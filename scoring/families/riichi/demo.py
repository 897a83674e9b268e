"""The demo club's riichi league (``manage.py seed_demo``): half a hanchan under the club
preset, typed and from tiles, with riichi sticks carried over a draw."""

from __future__ import annotations

from typing import Final

from scoring.families.base import Demo

PINFU_TSUMO: Final = {"concealed": "234m22456p345678s", "winning_tile": "5s"}
DEMO: Final = Demo(
    # First, so that another family's season stays the club's current one.
    order=0,
    rules_name="Riichi club rules",
    params={"preset": "club"},
    season_name="{year} Riichi",
    sessions=(
        (
            3,
            ("Ada", "Bo", "Chi", "Dee"),
            (
                {
                    "outcome": "ron",
                    "wins": [{"winner": 1, "han": 3, "fu": 30, "yaku": ["riichi", "pinfu"]}],
                    "discarder": 2,
                    "riichi": [1],
                },
                {"outcome": "draw", "tenpai": [0, 3], "riichi": [3]},
                {"outcome": "tsumo", "wins": [{"winner": 3, "hand": PINFU_TSUMO}]},
                {"outcome": "ron", "wins": [{"winner": 0, "limit": "mangan"}], "discarder": 1},
                {"outcome": "chombo", "offender": 2},
            ),
        ),
    ),
)
