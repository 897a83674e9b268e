"""A complete EMA hanchan of ten hands for the riichi tests: the inputs, what each seat's
points change by, and where the game ends (worked out by hand from docs/spec/riichi.md)."""

from __future__ import annotations

from typing import Any

EMA = {"preset": "ema"}
HANDS: list[dict[str, Any]] = [
    # East 1: B (riichi) ron 3 han 30 fu off C: 3,900 and B's own stick back.
    {"outcome": "ron", "wins": [{"winner": 1, "han": 3, "fu": 30}], "discarder": 2, "riichi": [1]},
    # East 2: A (riichi) alone tenpai: 1,000 from each noten player; A's stick stays.
    {"outcome": "draw", "tenpai": [0], "riichi": [0]},
    # East 3, 1 honba: A tsumo 1 han 30 fu: 300/500 + 100 each, and the stick.
    {"outcome": "tsumo", "wins": [{"winner": 0, "han": 1, "fu": 30}]},
    # East 4: the dealer D ron mangan off A: 12,000; D keeps the deal.
    {"outcome": "ron", "wins": [{"winner": 3, "limit": "mangan"}], "discarder": 0},
    # East 4, 1 honba: chombo by C: 20,000 off C's final score, nothing at the table.
    {"outcome": "chombo", "offender": 2},
    # East 4, 1 honba: B ron 2 han 40 fu off D: 2,600 + 300.
    {"outcome": "ron", "wins": [{"winner": 1, "han": 2, "fu": 40}], "discarder": 3},
    # South 1: C tsumo haneman: the dealer A pays 6,000, the others 3,000.
    {"outcome": "tsumo", "wins": [{"winner": 2, "limit": "haneman"}]},
    # South 2: nobody tenpai.
    {"outcome": "draw"},
    # South 3, 1 honba: D ron 1 han 30 fu off B: 1,000 + 300.
    {"outcome": "ron", "wins": [{"winner": 3, "han": 1, "fu": 30}], "discarder": 1},
    # South 4: A ron 4 han 30 fu off C: 7,700; the deal passes and the hanchan is over.
    {"outcome": "ron", "wins": [{"winner": 0, "han": 4, "fu": 30}], "discarder": 2},
]
CHANGES = [
    [0, 3900, -3900, 0],
    [2000, -1000, -1000, -1000],
    [2400, -400, -600, -400],
    [-12000, 0, 0, 12000],
    [0, 0, 0, 0],
    [0, 2900, 0, -2900],
    [-6000, -3000, 12000, -3000],
    [0, 0, 0, 0],
    [0, -1300, 0, 1300],
    [7700, 0, -7700, 0],
]
# Riichi sticks on the table after each hand.
STICKS = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
FINAL_POINTS = [24100, 31100, 28800, 36000]
# Points − 30,000 + uma (+15,000 +5,000 −5,000 −15,000) − 20,000 per chombo.
PLACEMENT_POINTS = [-20900, 6100, -26200, 21000]
PLACES = [4, 2, 3, 1]
