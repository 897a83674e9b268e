"""The benchmark's score-file generators and the benchmark command itself (not timed)."""

from pathlib import Path

import pytest

from scoring.engine.big_two_scorefile import big_two_statistics, read_big_two_scores
from scoring.engine.hk_scorefile import hk_statistics, read_hk_scores
from tools import bench_scorefiles
from tools.scorefile_gen import big_two_scores, hk_scores, write_files


def test_generated_hk_files_are_valid_and_zero_sum() -> None:
    scores = read_hk_scores(hk_scores(2_000))

    rows = hk_statistics(scores)
    assert scores.game_count == 2_000
    assert rows[-1].game_count == 8_000
    assert sum(row.net_score for row in rows[:-1]) == 0


def test_generated_big_two_files_are_valid_and_zero_sum() -> None:
    scores = read_big_two_scores(big_two_scores(2_000))

    rows = big_two_statistics(scores)
    assert scores.game_count == 2_000
    assert sum(row.net_score for row in rows[:-1]) == 0
    assert any(hand.takes_all is not None for s in scores.sections for hand in s.hands)


def test_generation_is_repeatable() -> None:
    assert hk_scores(500) == hk_scores(500)
    assert big_two_scores(500, seed=3) != big_two_scores(500, seed=4)


def test_write_files_writes_both_formats(tmp_path: Path) -> None:
    hk_path, big_two_path = write_files(tmp_path, 10)

    assert read_hk_scores(hk_path.read_bytes()).game_count == 10
    assert read_big_two_scores(big_two_path.read_bytes()).game_count == 10


def test_the_benchmark_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    bench_scorefiles.main(["--games", "300", "--repeat", "1"])

    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:3] for line in lines] == [
        ["hk", "300", "games:"],
        ["big-two", "300", "games:"],
    ]
    assert all("games/s" in line and "max RSS" in line for line in lines)
