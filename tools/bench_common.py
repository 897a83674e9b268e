"""What the engine benchmarks share: a measured result beside its goal, and child CPU time.

The machine is shared, so wall-clock seconds say little; each figure is CPU seconds of a
child process (user and system, from ``getrusage(RUSAGE_CHILDREN)`` around the run), and a
speed goal is a ratio of two programs measured in the same run.
"""

from __future__ import annotations

import resource
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Result:
    """One benchmark row: what was measured against the goal it must meet."""

    name: str
    measured: float
    goal: float
    unit: str
    higher_is_better: bool = True

    @property
    def met(self) -> bool:
        if self.higher_is_better:
            return self.measured >= self.goal
        return self.measured <= self.goal


def cpu_seconds(argv: Sequence[str], cwd: Path) -> float:
    """The CPU seconds (user + system) the process ``argv`` used; it must exit with 0."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best_cpu_seconds(argv: Sequence[str], cwd: Path, repeat: int) -> float:
    """The least CPU time of ``repeat`` runs of ``argv``."""
    return min(cpu_seconds(argv, cwd) for _ in range(repeat))


def table(results: Sequence[Result]) -> str:
    """The results as a plain-text table: name, measured, goal and whether it is met."""
    rows = [("benchmark", "measured", "goal", "met?")]
    for result in results:
        sign = ">=" if result.higher_is_better else "<="
        rows.append(
            (
                result.name,
                f"{result.measured:.3f} {result.unit}",
                f"{sign} {result.goal:g} {result.unit}",
                "yes" if result.met else "NO",
            )
        )
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )
