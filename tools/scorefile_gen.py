"""Generators of large, realistic HK and Big Two score files for benchmarks.

Run ``python -m tools.scorefile_gen [--games N] DIRECTORY`` to write
``hk.txt`` and ``big-two.txt`` there (200,000 games each by default).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path

PLAYERS = ("Alice", "Bob", "Chan", "Dee", "En", "Fai", "王", "李", "O'Hara", "Js")
GAMES_PER_DAY = (40, 120)
HK_FILE = "hk.txt"
BIG_TWO_FILE = "big-two.txt"


def _days(rng: random.Random, games: int) -> Iterator[tuple[str, int]]:
    """Increasing dates, each with its number of games, adding up to ``games``."""
    day = 0
    while games > 0:
        count = min(games, rng.randint(*GAMES_PER_DAY))
        games -= count
        day += rng.randint(1, 9)
        yield f"{2000 + day // 336:04d}-{day // 28 % 12 + 1:02d}-{day % 28 + 1:02d}", count


def _comment(rng: random.Random) -> str:
    return f"  # note {rng.randint(1, 999)}" if rng.random() < 0.05 else ""


def hk_game(rng: random.Random, max_faan: int, half: bool) -> str:
    """One HK game line: mostly discards and self-draws, sometimes a guarantee or a false win."""
    tokens = ["-"] * 4
    roll = rng.random()
    if roll < 0.08:
        return " ".join(tokens)  # a draw
    seats = rng.sample(range(4), 2)
    if roll < 0.09:
        tokens[seats[0]] = "f"
        return " ".join(tokens)
    tokens[seats[0]] = str(min(max_faan, int(rng.triangular(0, max_faan, 4))))
    if roll < 0.40:
        return " ".join(tokens)
    blame = rng.choices("dSD" if half else "dS", (90, 4, 6) if half else (95, 5))[0]
    tokens[seats[1]] = blame
    return " ".join(tokens)


def hk_scores(games: int, seed: int = 1) -> str:
    """An HK score file of ``games`` games over many dated sessions."""
    rng = random.Random(seed)
    lines = ["B=1", "M=10", "R=half", "S=half", ""]
    half = True
    for date, count in _days(rng, games):
        lines += ["", date, " ".join(rng.sample(PLAYERS, 4))]
        if rng.random() < 0.1:
            half = not half
            lines.append("R=half" if half else "R=full")
        lines += (hk_game(rng, 10, half) + _comment(rng) for _ in range(count))
    return "\n".join(lines) + "\n"


def big_two_game(rng: random.Random) -> str:
    """One Big Two game line: a winner with 0 cards, the others 1-13, now and then a ``t``."""
    losses = [str(min(13, int(rng.triangular(1, 14, 4)))) for _ in range(4)]
    losses[rng.randrange(4)] = "0"
    if rng.random() < 0.04:
        losses[rng.randrange(4)] += "t"
    return " ".join(losses)


def big_two_scores(games: int, seed: int = 2) -> str:
    """A Big Two score file of ``games`` games over many dated sessions."""
    rng = random.Random(seed)
    lines = ["F=10"]
    for date, count in _days(rng, games):
        lines += ["", date, " ".join(rng.sample(PLAYERS, 4))]
        if rng.random() < 0.05:
            lines.append(f"F={rng.choice((10, 11, 12))}")
        lines += (big_two_game(rng) + _comment(rng) for _ in range(count))
    return "\n".join(lines) + "\n"


def write_files(directory: Path, games: int) -> tuple[Path, Path]:
    """Write ``hk.txt`` and ``big-two.txt`` of ``games`` games each into ``directory``."""
    hk_path, big_two_path = directory / HK_FILE, directory / BIG_TWO_FILE
    hk_path.write_text(hk_scores(games), encoding="utf-8")
    big_two_path.write_text(big_two_scores(games), encoding="utf-8")
    return hk_path, big_two_path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("directory", type=Path)
    args = parser.parse_args()
    args.directory.mkdir(parents=True, exist_ok=True)
    write_files(args.directory, args.games)


if __name__ == "__main__":  # pragma: no cover
    main()
