"""Random valid hands (seedable), for property tests and benchmarks.

``python -m tools.hand_gen --count 1000 --seed 7`` prints hand-json lines that
``mahjong-score evaluate`` accepts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from scoring.engine.hand import Hand, Meld, MeldKind, hand_to_json
from scoring.engine.tiles import FLOWERS, KINDS, ORPHANS, SEASONS, WINDS, Tile, is_suited

_SHAPES = ("standard",) * 18 + ("seven_pairs", "thirteen_orphans")


def random_hand(rng: random.Random) -> Hand:
    """One random valid winning hand: four sets and a pair (mostly), seven pairs or thirteen
    orphans, with random melds, winning tile, winds, bonus tiles and consistent flags."""
    shape = rng.choice(_SHAPES)
    if shape == "standard":
        concealed, melds = _standard(rng)
    elif shape == "seven_pairs":
        concealed, melds = _seven_pairs(rng), []
    else:
        concealed, melds = [*ORPHANS, rng.choice(ORPHANS)], []
    winning = rng.choice(concealed)
    self_drawn = rng.random() < 0.4
    bonus = tuple(t for t in FLOWERS + SEASONS if rng.random() < 0.15)
    context = _flags(rng, concealed, melds, winning, self_drawn, bonus)
    return Hand(
        concealed=tuple(concealed),
        melds=tuple(melds),
        winning_tile=winning,
        self_drawn=self_drawn,
        bonus=bonus,
        **context,
    )


def _pool(rng: random.Random) -> list[Tile]:
    """The kinds a hand draws from: sometimes one suit (with or without honours)."""
    roll = rng.random()
    if roll < 0.5:
        return list(range(KINDS))
    low = rng.choice((0, 9, 18))
    suited = list(range(low, low + 9))
    return suited + list(range(27, KINDS)) if roll < 0.8 else suited


def _standard(rng: random.Random) -> tuple[list[Tile], list[Meld]]:
    while True:
        pool = _pool(rng)
        left = [4] * KINDS
        sets = [s for s in (_random_set(rng, pool, left) for _ in range(4)) if s]
        pair = [t for t in pool if left[t] >= 2]
        if len(sets) == 4 and pair:
            break
    concealed = [rng.choice(pair)] * 2
    melds: list[Meld] = []
    for tiles in sets:
        roll = rng.random()
        if len(set(tiles)) == 1 and roll < 0.15 and left[tiles[0]] >= 1:
            left[tiles[0]] -= 1
            melds.append(Meld(MeldKind.KONG, (tiles[0],) * 4, concealed=rng.random() < 0.4))
        elif roll < 0.5:
            kind = MeldKind.PUNG if len(set(tiles)) == 1 else MeldKind.CHOW
            melds.append(Meld(kind, tuple(tiles)))
        else:
            concealed.extend(tiles)
    return concealed, melds


def _random_set(rng: random.Random, pool: Sequence[Tile], left: list[int]) -> list[Tile]:
    for _ in range(20):
        first = rng.choice(pool)
        if rng.random() < 0.55 and is_suited(first) and first % 9 <= 6:
            tiles = [first, first + 1, first + 2]
        else:
            tiles = [first] * 3
        if all(left[t] >= tiles.count(t) for t in set(tiles)):
            for t in tiles:
                left[t] -= 1
            return tiles
    return []


def _seven_pairs(rng: random.Random) -> list[Tile]:
    pool = _pool(rng)
    if len(pool) < 7:
        pool = list(range(KINDS))
    kinds = rng.sample(pool, 7)
    if rng.random() < 0.2:  # four of a kind as two pairs
        kinds[1] = kinds[0]
    return [t for t in kinds for _ in range(2)]


def _flags(
    rng: random.Random,
    concealed: list[Tile],
    melds: list[Meld],
    winning: Tile,
    self_drawn: bool,
    bonus: tuple[Tile, ...],
) -> dict[str, Any]:
    seat = rng.choice(WINDS)
    flags: dict[str, Any] = {"seat_wind": seat, "prevailing_wind": rng.choice(WINDS)}
    roll = rng.random()
    kongs = any(m.kind is MeldKind.KONG for m in melds)
    held = concealed.count(winning) + sum(m.tiles.count(winning) for m in melds)
    if roll < 0.1:
        flags["last_tile_of_wall" if self_drawn else "last_discard"] = True
    elif roll < 0.2 and self_drawn and kongs:
        flags["replacement_tile"] = True
    elif roll < 0.25 and self_drawn and bonus:
        flags["bonus_replacement"] = True
    elif roll < 0.3 and not self_drawn and held == 1:
        flags["robbing_kong"] = True
    elif roll < 0.32 and not melds:
        flags["heavenly" if self_drawn and seat == WINDS[0] else "earthly"] = self_drawn == (
            seat == WINDS[0]
        )
    if concealed.count(winning) == 1 and rng.random() < 0.1:
        flags["last_of_its_kind"] = True
    return flags


def random_hands(count: int, *, seed: int = 0) -> list[Hand]:
    """``count`` random valid hands; the same seed gives the same hands."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(count)]


def main(argv: Sequence[str] | None = None) -> int:
    """Print random hands as hand-json lines."""
    parser = argparse.ArgumentParser(description="Print random valid hands as JSON lines.")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for hand in random_hands(args.count, seed=args.seed):
        sys.stdout.write(json.dumps(hand_to_json(hand)) + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
