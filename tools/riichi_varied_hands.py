"""Varied riichi hand lines (seeded), to check that a change to the riichi evaluation keeps
every answer: riichi's flags and their aliases, red fives in the hand, its melds and the
winning tile, dora and ura dora indicators as text or lists, and broken input of each kind.

    .venv/bin/python -m tools.riichi_varied_hands --count 10010 --seed 3 > varied.jsonl
    for p in ema wrc club; do mahjong-score evaluate --rules riichi:$p varied.jsonl > $p.out; done

Run the same lines through the old and the new tree and ``cmp`` the outputs
(docs/development.md, "Third pass: riichi").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from scoring.engine.hand import hand_to_json
from scoring.engine.tiles import KINDS, code
from tools.hand_gen import random_hand

_ALIASES = {
    "replacement_tile": "rinshan",
    "robbing_kong": "chankan",
    "last_tile_of_wall": "haitei",
    "last_discard": "houtei",
    "heavenly": "tenhou",
}


def varied_line(rng: random.Random) -> str:
    """One hand line: mostly a winning hand in riichi's terms, sometimes a broken one."""
    data = hand_to_json(random_hand(rng))
    data.pop("bonus", None)
    data.pop("bonus_replacement", None)
    if rng.random() < 0.7:
        data.pop("earthly", None)
    for name, alias in _ALIASES.items():
        if name in data and rng.random() < (0.5 if data[name] else 0.05):
            data[alias] = data.pop(name)
            if rng.random() < 0.02:
                data[name] = not data[alias]  # both spellings, disagreeing
    concealed = all(meld["concealed"] for meld in data["melds"])
    _flags(data, rng, concealed)
    _indicators(data, rng)
    if rng.random() < 0.3:
        _redden(data, rng)
    if rng.random() < 0.08:
        return _broken(data, rng)
    return json.dumps(data) + "\n"


def _flags(data: dict[str, Any], rng: random.Random, concealed: bool) -> None:
    roll = rng.random()
    if roll < 0.6 and (concealed or rng.random() < 0.05):
        data["double_riichi" if rng.random() < 0.1 else "riichi"] = True
        if rng.random() < 0.3:
            data["ippatsu"] = True
    elif roll < 0.02:
        data["ippatsu"] = True  # without riichi: refused
    if rng.random() < 0.02:
        data["chiihou"] = True
    if rng.random() < 0.02:
        data["riichi"] = rng.choice([False, None, 1, "yes"])


def _indicators(data: dict[str, Any], rng: random.Random) -> None:
    for key in ("dora_indicators", "ura_dora_indicators"):
        riichi = data.get("riichi") is True or data.get("double_riichi") is True
        if key == "ura_dora_indicators" and rng.random() < (0.5 if riichi else 0.98):
            continue
        count = rng.choice((0, 1, 1, 1, 1, 2, 2, 3, 4, 5)) if rng.random() < 0.98 else 6
        tiles = [code(rng.randrange(KINDS)) for _ in range(count)]
        data[key] = tiles if rng.random() < 0.3 else "".join(tiles)


def _redden(data: dict[str, Any], rng: random.Random) -> None:
    """Write some fives as red ones (``0m``): in the hand, a meld or the winning tile (and
    now and then a ``0z``, which is no tile)."""
    holders = [(data, "concealed")] + [(meld, "tiles") for meld in data["melds"]]
    for _ in range(rng.choice((1, 1, 2, 3))):
        holder, key = rng.choice(holders)
        text = holder[key]
        honours = rng.random() < 0.02
        fives = [i for i, ch in enumerate(text) if ch == "5" and (_suit(text, i) == "z") is honours]
        if fives:
            at = rng.choice(fives)
            holder[key] = text[:at] + "0" + text[at + 1 :]
    winning = data.get("winning_tile")
    if isinstance(winning, str) and winning[:1] == "5" and rng.random() < 0.5:
        data["winning_tile"] = "0" + winning[1:]


def _suit(text: str, at: int) -> str:
    """The suit letter that ends the group holding ``text[at]``."""
    return next(ch for ch in text[at:] if ch.isalpha())


def _broken(data: dict[str, Any], rng: random.Random) -> str:
    roll = rng.randrange(9)
    if roll == 0:
        return json.dumps(data)[:-3] + "\n"  # not JSON
    if roll == 1:
        return json.dumps([data]) + "\n"  # not an object
    if roll == 2:
        data.pop(rng.choice(("concealed", "winning_tile")))
    elif roll == 3:
        data["concealed"] = data["concealed"][2:]
    elif roll == 4:
        data["dora_indicators"] = rng.choice((7, ["1f"], "1m2m3m4m5m6m", "9x"))
    elif roll == 5:
        data["bonus"] = "1f"
    elif roll == 6:
        data["earthly"] = True
    elif roll == 7:
        data["melds"] = [{"type": "pung", "tiles": "123m", "concealed": False}]
    else:
        data["winning_tile"] = "1z" if data["winning_tile"] != "1z" else "2z"
    return json.dumps(data) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_010)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sys.stdout.writelines(varied_line(rng) for _ in range(args.count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
