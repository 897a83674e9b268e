"""The non-browser suite's speed against the suite of the commit its 90 s goal was set at.

This machine is shared and its speed varies by a fifth from hour to hour, so one run's
seconds say little; the ratio of two runs made in turn says what the suite gained. The
goal's commit (``0ab78b1``: 233 s then, one process) is checked out beside this one, once,
with its own virtual environment; then each pair runs this suite as ``make test`` runs it
and that suite as its ``make test`` ran it, and prints both times and their ratio.

    .venv/bin/python tools/bench_suite.py [--pairs 3] [--goal 0ab78b1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_COMMIT = "0ab78b1"
GOAL_SECONDS, GOAL_TARGET = 233, 90
NOW = ["-m", "not browser", "-n", "auto", "--dist", "loadscope", "--no-loadscope-reorder"]
THEN = ["-m", "not browser"]  # the goal's `make test` ran pytest in one process


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3, help="runs of each suite (3)")
    parser.add_argument("--goal", default=GOAL_COMMIT, help=f"the goal's commit ({GOAL_COMMIT})")
    options = parser.parse_args()
    if options.pairs < 1:
        parser.error("--pairs must be at least 1")
    run(["make", "install"], ROOT)
    then = checkout(options.goal)
    for folder in (ROOT, then):  # untimed: compiles each checkout's modules and tests once
        run([*pytest(folder), "--collect-only", "-q"], folder, quiet=True)
    ratios = []
    for pair in range(1, options.pairs + 1):
        now_seconds = timed(ROOT, NOW)
        then_seconds = timed(then, THEN)
        ratios.append(then_seconds / now_seconds)
        print(
            f"pair {pair}: {now_seconds:.1f} s now, {then_seconds:.1f} s at {options.goal}: "
            f"{ratios[-1]:.2f} times as fast",
            flush=True,
        )
    wanted = GOAL_SECONDS / GOAL_TARGET
    print(
        f"median {statistics.median(ratios):.2f} (the goal, {GOAL_SECONDS} s to under "
        f"{GOAL_TARGET} s, asks for {wanted:.2f})"
    )


def checkout(commit: str) -> Path:
    """The goal's commit in a work tree of its own, with its dependencies installed."""
    folder = Path(tempfile.gettempdir()) / f"mahjong-league-{commit}"
    if not folder.exists():
        run(["git", "worktree", "add", "--force", "--detach", str(folder), commit], ROOT)
    run(["make", "install"], folder)
    return folder


def timed(folder: Path, arguments: list[str]) -> float:
    """Seconds one run of the suite took (it must pass)."""
    started = time.monotonic()
    run([*pytest(folder), *arguments, "-q"], folder, quiet=True)
    return time.monotonic() - started


def pytest(folder: Path) -> list[str]:
    return [str(folder / ".venv" / "bin" / "pytest"), "-p", "no:cacheprovider"]


def run(command: list[str], folder: Path, *, quiet: bool = False) -> None:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": ""}  # as `make test` runs it
    output = subprocess.DEVNULL if quiet else None
    result = subprocess.run(command, cwd=folder, env=env, stdout=output, check=False)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed in {folder} (exit {result.returncode})")


if __name__ == "__main__":
    main()
