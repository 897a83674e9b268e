"""``bench_reads`` runs end to end on tiny seasons and prints every figure (no timings are
asserted: benchmarks print, they do not test)."""

from __future__ import annotations

import io
import re
from typing import Any

from django.core.management import call_command

from games.models import Club
from tools import bench_reads


def test_bench_reads_prints_each_read_and_its_ratio_then_cleans_up(db: Any) -> None:
    out = io.StringIO()
    call_command(bench_reads.Command(), small=4, large=12, runs=1, stdout=out)
    text = out.getvalue()
    for read in ("season page", "API standings", "standings CSV", "sessions page"):
        assert re.search(rf"{read}\s+[\d.]+ ms\s+[\d.]+ ms\s+[\d.]+×", text), text
    assert re.search(r"API hands\s+[\d.]+ ms\s+[\d.]+ ms", text), text  # first and last page
    assert re.search(r"API hands, first page\s+[\d.]+ ms\s+[\d.]+ ms\s+[\d.]+×", text), text
    assert re.search(r"sessions page of the 12-game season: [\d.]+ KB", text), text
    assert not Club.objects.filter(slug__startswith="bench-").exists()
