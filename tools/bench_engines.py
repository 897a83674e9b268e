"""The engines' speed goals (issue 38), each measured in one run and printed beside its goal.

    .venv/bin/python -m tools.bench_engines \
        --hk-reference PATH/mahjongscore.py --big-two-reference PATH/big2.py [--games 200000]

The score files are compared with the reference scorers (yawnoc's ``mahjongscore.py`` and
``big2.py``, MIT-0, not copied here): both programs score the same generated file, each in
its own directory, alternately ``--repeat`` times; a row is the ratio of their least CPU
seconds, and the two TSV files they write must be the same bytes. Start-up is the least CPU
time of ``mahjong-score --version`` and of the smallest real command (a one-game Big Two
file). The engine is byte-compiled first, as an installed package is. The tile engines'
rows come from ``bench_engines_tiles.results(args)`` when that module is present. The exit
status is 1 when a goal is not met.
"""

from __future__ import annotations

import argparse
import compileall
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import scoring.engine
from tools.bench_common import Result, best_cpu_seconds, table
from tools.scorefile_gen import big_two_scores, hk_scores

try:
    from tools import bench_engines_tiles
except ModuleNotFoundError as missing:  # the tile engines' benchmark is not on this branch
    if missing.name != "tools.bench_engines_tiles":
        raise
    bench_engines_tiles = None

HK_GOAL = 8.0  # times as fast as the reference HK scorer
BIG_TWO_GOAL = 6.0  # times as fast as the reference Big Two scorer
START_GOAL = 0.15  # CPU seconds
ONE_GAME = "a b c d\n0 1 2 3\n"


def mahjong_score() -> list[str]:
    """The installed command beside this interpreter, else the module run by it."""
    script = Path(sys.executable).with_name("mahjong-score")
    return [str(script)] if script.exists() else [sys.executable, "-m", "scoring.engine.cli"]


def versus_reference(
    name: str, command: str, reference: Path, text: str, args: argparse.Namespace, goal: float
) -> Result:
    """How many times as fast as ``reference`` ``mahjong-score COMMAND`` scores ``text``."""
    with tempfile.TemporaryDirectory() as directory:
        ours, theirs = Path(directory, "ours"), Path(directory, "reference")
        for folder in (ours, theirs):
            folder.mkdir()
            (folder / "scores.txt").write_text(text, encoding="utf-8")
        our_times, their_times = [], []
        for _ in range(args.repeat):  # in turn, so that a busy spell slows both
            our_times.append(best_cpu_seconds([*mahjong_score(), command, "scores.txt"], ours, 1))
            their_times.append(
                best_cpu_seconds([sys.executable, str(reference), "scores.txt"], theirs, 1)
            )
        if (ours / "scores.txt.tsv").read_bytes() != (theirs / "scores.txt.tsv").read_bytes():
            raise SystemExit(f"{name}: mahjong-score {command} and {reference} disagree")
    return Result(name, min(their_times) / min(our_times), goal, "x")


def start_up(args: argparse.Namespace) -> list[Result]:
    """The least CPU seconds of ``mahjong-score --version`` and of a one-game Big Two file."""
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        (folder / "one.txt").write_text(ONE_GAME, encoding="utf-8")
        version = best_cpu_seconds([*mahjong_score(), "--version"], folder, args.starts)
        one_game = best_cpu_seconds([*mahjong_score(), "big-two", "one.txt"], folder, args.starts)
    return [
        Result("start-up: mahjong-score --version", version, START_GOAL, "s", False),
        Result("start-up: mahjong-score big-two, one game", one_game, START_GOAL, "s", False),
    ]


def score_files(args: argparse.Namespace) -> list[Result]:
    """The HK and Big Two score files against their reference scorers."""
    return [
        versus_reference(
            "HK score file vs reference",
            "hk",
            args.hk_reference,
            hk_scores(args.games),
            args,
            HK_GOAL,
        ),
        versus_reference(
            "Big Two score file vs reference",
            "big-two",
            args.big_two_reference,
            big_two_scores(args.games),
            args,
            BIG_TWO_GOAL,
        ),
    ]


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hk-reference", type=Path, required=True, help="mahjongscore.py")
    parser.add_argument("--big-two-reference", type=Path, required=True, help="big2.py")
    parser.add_argument("--games", type=int, default=200_000, help="games per file (200000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each program (3)")
    parser.add_argument("--starts", type=int, default=10, help="runs of each start-up (10)")
    if bench_engines_tiles is not None and hasattr(bench_engines_tiles, "add_arguments"):
        bench_engines_tiles.add_arguments(parser)
    return parser


def main() -> int:
    args = parser().parse_args()
    if min(args.games, args.repeat, args.starts) < 1:
        raise SystemExit("--games, --repeat and --starts must be at least 1")
    # As installed: the engine's modules byte-compiled (with PYTHONDONTWRITEBYTECODE set each
    # run would compile them again; a script such as the references' is always compiled).
    for folder in scoring.engine.__path__:
        compileall.compile_dir(folder, quiet=1)
    parts: list[Callable[[argparse.Namespace], list[Result]]] = [start_up, score_files]
    if bench_engines_tiles is not None:
        parts.append(bench_engines_tiles.results)
    results = [result for part in parts for result in part(args)]
    print(table(results))
    return 0 if all(result.met for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
