"""The tile engines' speed goals (issue 38): MCR, Zung Jung and riichi hands per CPU second.

    .venv/bin/python -m tools.bench_engines_tiles [--hands 20000] [--riichi-hands 10000]
        [--rows mcr,zung_jung,riichi]

Each row runs ``mahjong-score evaluate`` on random legal hands (``bench_hands.py``, seeded)
as a child process and counts its CPU seconds, start-up included (the least of
``--repeat`` runs). Riichi is the ratio against jansou scoring the same hands
(``jansou_evaluate.py``; ``.venv/bin/pip install jansou``), the two run in turn. A row
fails loudly when a run reports a bad hand it should have scored. The engine and the
``mahjong`` library are byte-compiled first, as an installed package is. ``bench_engines.py``
prints these rows with the others; the exit status is 1 when a goal is not met.
"""

from __future__ import annotations

import argparse
import compileall
import json
import resource
import subprocess
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path

from tools.bench_common import Result, table
from tools.bench_hands import hand_lines

TOOLS = Path(__file__).resolve().parent
MCR_GOAL = 10_000.0  # hands per CPU second, start-up included
ZUNG_JUNG_GOAL = 10_000.0
RIICHI_GOAL = 1.5  # times jansou's hands per CPU second


def _mahjong_score() -> list[str]:
    script = Path(sys.executable).with_name("mahjong-score")
    return [str(script)] if script.exists() else [sys.executable, "-m", "scoring.engine.cli"]


def _run(argv: list[str], output: Path) -> float:
    """CPU seconds (user + system) of ``argv``, its standard output written to ``output``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with output.open("wb") as stream:
        subprocess.run(argv, check=True, stdout=stream)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _scored(output: Path) -> int:
    return sum(1 for line in output.open("rb") if json.loads(line)["ok"])


def _evaluate(family: str, hands: Path) -> list[str]:
    return [*_mahjong_score(), "evaluate", "--rules", family, str(hands)]


def per_second(family: str, goal: float, args: argparse.Namespace, folder: Path) -> Result:
    """Hands per CPU second of ``evaluate --rules FAMILY``; every hand must score."""
    hands = folder / f"{family}.jsonl"
    hands.write_text("".join(hand_lines(family, args.hands, seed=args.seed)), encoding="utf-8")
    output = folder / f"{family}.out"
    seconds = min(_run(_evaluate(family, hands), output) for _ in range(args.repeat))
    if _scored(output) != args.hands:
        raise SystemExit(f"{family}: a random legal hand was refused (see {output})")
    return Result(f"{family}: evaluate, {args.hands} hands", args.hands / seconds, goal, "hands/s")


def riichi_versus_jansou(args: argparse.Namespace, folder: Path) -> Result:
    """How many times jansou's hands per CPU second ``evaluate --rules riichi`` scores."""
    if find_spec("jansou") is None:
        raise SystemExit("riichi: jansou is not installed here (.venv/bin/pip install jansou)")
    hands = folder / "riichi.jsonl"
    lines = hand_lines("riichi", args.riichi_hands, seed=args.seed)
    hands.write_text("".join(lines), encoding="utf-8")
    ours, theirs = folder / "riichi.out", folder / "jansou.out"
    our_times, their_times = [], []
    for _ in range(args.repeat):  # in turn, so that a busy spell slows both
        our_times.append(_run(_evaluate("riichi", hands), ours))
        their_times.append(
            _run([sys.executable, str(TOOLS / "jansou_evaluate.py"), str(hands)], theirs)
        )
    if _scored(ours) != _scored(theirs):
        raise SystemExit(f"riichi: evaluate and jansou scored different hands ({ours}, {theirs})")
    name = f"riichi: evaluate vs jansou, {args.riichi_hands} hands"
    return Result(name, min(their_times) / min(our_times), RIICHI_GOAL, "x")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of these rows (``bench_engines.py`` adds them to its own)."""
    parser.add_argument("--hands", type=int, default=20_000, help="MCR and Zung Jung hands")
    parser.add_argument("--riichi-hands", type=int, default=10_000, help="riichi hands")
    parser.add_argument("--seed", type=int, default=1, help="the hands' random seed (1)")
    parser.add_argument(
        "--rows",
        type=_rows,
        default=ROWS,
        help="the rows to run, comma-separated (default: mcr,zung_jung,riichi)",
    )


ROWS = ("mcr", "zung_jung", "riichi")


def _rows(text: str) -> tuple[str, ...]:
    rows = tuple(row.strip() for row in text.split(",") if row.strip())
    unknown = [row for row in rows if row not in ROWS]
    if unknown or not rows:
        raise argparse.ArgumentTypeError(f"rows are {', '.join(ROWS)}, not {text!r}")
    return rows


def byte_compile() -> None:
    """Byte-compile the engine and the ``mahjong`` library, as pip leaves an installed package.

    ``make install`` installs the dependencies without compiling them (``--no-compile``), and
    with ``PYTHONDONTWRITEBYTECODE`` set every run of ``evaluate --rules riichi`` compiled the
    library again (about 0.04 CPU s) while jansou, installed by pip, is compiled.
    """
    spec = find_spec("mahjong")
    library = list(spec.submodule_search_locations or ()) if spec else []
    for folder in (str(TOOLS.parent / "scoring" / "engine"), *library):
        compileall.compile_dir(folder, quiet=1)


def results(args: argparse.Namespace) -> list[Result]:
    """Every tile engine's row (the engine and the riichi library byte-compiled first)."""
    rows = getattr(args, "rows", ROWS)
    byte_compile()
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        found = []
        if "mcr" in rows:
            found.append(per_second("mcr", MCR_GOAL, args, folder))
        if "zung_jung" in rows:
            found.append(per_second("zung_jung", ZUNG_JUNG_GOAL, args, folder))
        if "riichi" in rows:
            found.append(riichi_versus_jansou(args, folder))
        return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each program (3)")
    args = parser.parse_args()
    if min(args.hands, args.riichi_hands, args.repeat) < 1:
        raise SystemExit("--hands, --riichi-hands and --repeat must be at least 1")
    found = results(args)
    print(table(found))
    return 0 if all(result.met for result in found) else 1


if __name__ == "__main__":
    sys.exit(main())
