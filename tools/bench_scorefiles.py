"""Benchmark of ``mahjong-score hk`` and ``big-two`` on generated files: games/s, peak memory.

Run ``python -m tools.bench_scorefiles [--games N] [--repeat R]``. For each format it
prints the best in-process time of reading, scoring and writing (and games per second), the
peak memory traced by ``tracemalloc`` during one more run, and the wall time and maximum
resident set size of the whole command run as a separate process.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from scoring.engine import cli
from tools.scorefile_gen import BIG_TWO_FILE, HK_FILE

MEGABYTE = 1024 * 1024
ROOT = Path(__file__).resolve().parents[1]  # where ``-m tools.…`` finds the tools


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The shortest of ``repeat`` wall-clock times of ``run()``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def traced_peak(run: Callable[[], object]) -> float:
    """The peak of memory allocated by Python while ``run()`` runs, in megabytes."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1] / MEGABYTE
    finally:
        tracemalloc.stop()


def whole_command(argv: list[str]) -> tuple[float, float]:
    """Wall time (s) and maximum resident set size (MB) of ``mahjong-score`` as a process."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "scoring.engine.cli", *argv])
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"mahjong-score {' '.join(argv)} failed")
    kilobytes = usage.ru_maxrss  # Linux reports kilobytes
    return elapsed, kilobytes / 1024


def report(
    label: str, argv: list[str], games: int, repeat: int, whole: tuple[float, float]
) -> None:
    """Print one format's figures."""

    def run() -> None:
        if cli.main(argv) != 0:
            raise SystemExit(f"mahjong-score {' '.join(argv)} failed")

    wall, resident = whole
    seconds = best_time(run, repeat)
    peak = traced_peak(run)
    print(
        f"{label:8} {games:,} games: {seconds:.3f} s in process ({games / seconds:,.0f} games/s), "
        f"peak traced memory {peak:.1f} MB; whole command {wall:.3f} s, max RSS {resident:.1f} MB"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000, help="games per file")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per format")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        # Generate in a separate process: a child forked from a large process would report
        # the parent's memory as its own maximum resident set size.
        generator = [sys.executable, "-m", "tools.scorefile_gen"]
        subprocess.run([*generator, "--games", str(args.games), directory], check=True, cwd=ROOT)
        hk_path, big_two_path = Path(directory, HK_FILE), Path(directory, BIG_TWO_FILE)
        reports = [("hk", ["hk", str(hk_path)]), ("big-two", ["big-two", str(big_two_path)])]
        wholes = [whole_command(argv) for _, argv in reports]
        for (label, argv), whole in zip(reports, wholes, strict=True):
            report(label, argv, args.games, args.repeat, whole)


if __name__ == "__main__":  # pragma: no cover
    main()
