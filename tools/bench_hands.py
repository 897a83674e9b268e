"""Random legal hands as hand-json lines for the tile engines' benchmarks (seeded).

MCR and Zung Jung take the engine's random valid hands as they are; riichi's lines are the
same hands without what riichi does not play (flowers, the Chinese context flags), with a
dora indicator, and riichi declared on every concealed hand.

    .venv/bin/python -m tools.bench_hands --family riichi --count 10000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from scoring.engine.hand import FLAGS, hand_to_json
from scoring.engine.tiles import KINDS, code, counts, parse_tiles
from tools.hand_gen import random_hands

FAMILIES = ("mcr", "zung_jung", "riichi")


def hand_lines(family: str, count: int, *, seed: int) -> list[str]:
    """``count`` hand-json lines for ``family``; the same seed gives the same lines."""
    hands = [hand_to_json(hand) for hand in random_hands(count, seed=seed)]
    if family == "riichi":
        rng = random.Random(seed)
        hands = [riichi_hand(data, rng) for data in hands]
    return [json.dumps(data) + "\n" for data in hands]


def riichi_hand(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The riichi version of a hand-json object: no bonus tiles or flags, a dora indicator,
    riichi declared when nothing was claimed."""
    hand = {key: value for key, value in data.items() if key not in FLAGS and key != "bonus"}
    held = counts(parse_tiles([hand["concealed"], *(meld["tiles"] for meld in hand["melds"])]))
    hand["dora_indicators"] = code(rng.choice([t for t in range(KINDS) if held[t] < 4]))
    hand["riichi"] = all(meld["concealed"] for meld in hand["melds"])
    return hand


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", choices=FAMILIES, default="mcr")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    sys.stdout.writelines(hand_lines(args.family, args.count, seed=args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
