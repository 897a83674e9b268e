"""Where ``evaluate --rules riichi`` spends its time, beside jansou's total (issue 38).

    .venv/bin/python -m tools.bench_riichi_split [--hands 10000] [--repeat 3]

On the benchmark's hands (``bench_hands.py``, the same seed as ``bench_engines_tiles.py``),
in this process: the CPU seconds of reading and validating the hand objects as ``evaluate``
does (JSON included; a plain one by ``quick.library_input``, any other in full),
of the ``mahjong`` library's ``estimate_hand_value`` alone (its calls recorded during a run,
then made again with the same arguments), and of the whole evaluation of every line as the
command does it (without start-up or writing); then, as child processes, the CPU seconds of
``mahjong-score evaluate`` and of jansou (``jansou_evaluate.py``) with start-up. Each figure
is the least of ``--repeat`` runs. The last line is the library's share of jansou's time:
no wrapper can make the command faster than the library alone.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

from scoring.engine.errors import EngineError
from scoring.engine.evaluate import evaluate_line
from scoring.engine.evaluation import parse_rules
from scoring.engine.riichi.hand_input import riichi_hand_from_json
from scoring.engine.riichi.quick import library_input
from scoring.engine.riichi.rules import preset
from tools.bench_engines_tiles import TOOLS, _evaluate, _run, byte_compile
from tools.bench_hands import hand_lines


def _least(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def _read_all(lines: list[str]) -> None:
    """Read each hand as ``evaluate`` does: quickly when it is plain, else in full."""
    rules = preset("ema")
    for line in lines:
        data = json.loads(line)
        if library_input(data, rules) is None:
            with contextlib.suppress(EngineError):
                riichi_hand_from_json(data, red_fives=rules.red_fives)


def _library_calls(lines: list[str]) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """The arguments of every call the command makes to the library, in order."""
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    original = HandCalculator.estimate_hand_value

    def record(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return original(*args, **kwargs)

    family, chosen = parse_rules("riichi")
    HandCalculator.estimate_hand_value = staticmethod(record)  # type: ignore[method-assign]
    try:
        for line in lines:
            evaluate_line(line, family, chosen)
    finally:
        HandCalculator.estimate_hand_value = staticmethod(original)  # type: ignore[method-assign]
    return calls


def figures(hands: int, repeat: int, seed: int) -> list[tuple[str, float]]:
    """Each measured part, in CPU seconds."""
    byte_compile()
    lines = hand_lines("riichi", hands, seed=seed)
    family, chosen = parse_rules("riichi")
    calls = _library_calls(lines)
    estimate = HandCalculator.estimate_hand_value

    def replay() -> None:
        for args, kwargs in calls:
            estimate(*args, **kwargs)

    found = [
        (
            "reading and validating the hands (JSON included)",
            _least(lambda: _read_all(lines), repeat),
        ),
        ("the library's estimate_hand_value alone", _least(replay, repeat)),
        (
            "every line evaluated, in process",
            _least(lambda: [evaluate_line(line, family, chosen) for line in lines], repeat),
        ),
    ]
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        path = folder / "riichi.jsonl"
        path.write_text("".join(lines), encoding="utf-8")
        ours, theirs = [], []
        for _ in range(repeat):
            ours.append(_run(_evaluate("riichi", path), folder / "ours.out"))
            jansou = [sys.executable, str(TOOLS / "jansou_evaluate.py"), str(path)]
            theirs.append(_run(jansou, folder / "jansou.out"))
    found += [
        ("mahjong-score evaluate --rules riichi (start-up included)", min(ours)),
        ("jansou (start-up included)", min(theirs)),
    ]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="riichi hands (10000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each part (3)")
    parser.add_argument("--seed", type=int, default=1, help="the hands' random seed (1)")
    args = parser.parse_args()
    if min(args.hands, args.repeat) < 1:
        raise SystemExit("--hands and --repeat must be at least 1")
    found = figures(args.hands, args.repeat, args.seed)
    for name, seconds in found:
        print(f"{seconds:8.3f} s  {name}")
    library_share = found[1][1] / found[-1][1]
    ratio = found[-1][1] / found[-2][1]
    print(f"the library alone takes {library_share:.2f} of jansou's time; ours is {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
