"""Print how many MCR hands one core evaluates per second (CPU time of this process).

``python -m tools.bench_mcr [--count N] [--seed S] [--preset P]``
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from scoring.engine.hand import hand_from_json, hand_to_json
from scoring.engine.mcr import evaluate, preset
from scoring.engine.mcr.knitted import single_wait, wait_kinds
from scoring.engine.shapes import SHAPE_FINDERS
from tools.hand_gen import random_hands


def _rate(count: int, work: Callable[[], None]) -> float:
    start = time.process_time()
    work()
    return count / max(time.process_time() - start, 1e-9)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default="standard")
    args = parser.parse_args(argv)
    rules = preset(args.preset)
    hands = random_hands(args.count, seed=args.seed)
    dicts = [hand_to_json(hand) for hand in hands]
    for finder in SHAPE_FINDERS.values():
        getattr(finder, "cache_clear", lambda: None)()
    wait_kinds.cache_clear()
    single_wait.cache_clear()

    def score_all() -> None:
        for hand in hands:
            evaluate(hand, rules)

    def parse_and_score() -> None:
        for data in dicts:
            evaluate(hand_from_json(data), rules)

    cold = _rate(args.count, score_all)
    warm = _rate(args.count, score_all)
    full = _rate(args.count, parse_and_score)
    print(f"MCR ({args.preset}), {args.count} random valid hands, one core (CPU time):")
    print(f"  evaluate, shape cache cold:     {cold:10,.0f} hands/s")
    print(f"  evaluate, shape cache warm:     {warm:10,.0f} hands/s")
    print(f"  parse + validate + evaluate:    {full:10,.0f} hands/s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
