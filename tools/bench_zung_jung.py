"""Print how many Zung Jung hands one core evaluates per second.

``python -m tools.bench_zung_jung [--count N] [--seed S] [--preset P]``
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from scoring.engine.hand import hand_from_json, hand_to_json
from scoring.engine.shapes import SHAPE_FINDERS
from scoring.engine.zung_jung import evaluate, preset
from tools.hand_gen import random_hands


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default="seed")
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    hands = random_hands(args.count, seed=args.seed)
    dicts = [hand_to_json(hand) for hand in hands]
    for finder in SHAPE_FINDERS.values():
        getattr(finder, "cache_clear", lambda: None)()

    start = time.perf_counter()
    for hand in hands:
        evaluate(hand, rules)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand, rules)
    warm = time.perf_counter() - start
    start = time.perf_counter()
    for data in dicts:
        evaluate(hand_from_json(data), rules)
    full = time.perf_counter() - start

    print(f"Zung Jung ({args.preset}), {args.count} random valid hands, one core:")
    print(f"  evaluate, shape cache cold:     {args.count / cold:10,.0f} hands/s")
    print(f"  evaluate, shape cache warm:     {args.count / warm:10,.0f} hands/s")
    print(f"  parse + validate + evaluate:    {args.count / full:10,.0f} hands/s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
