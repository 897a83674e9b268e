"""``mahjong-score hk`` and ``mahjong-score big-two``: reference outputs, errors, exit codes."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import cli
from scoring.engine.big_two_scorefile import BIG_TWO_EXPLAINER
from scoring.engine.hk_scorefile import HK_EXPLAINER
from tests.engine.test_hk_scorefile import WINDOW_FILE

PEERS = Path(__file__).parent / "data"
REFERENCE_EXAMPLES = [
    ("hk", "hk-scorer/comprehensive.txt"),
    ("hk", "hk-scorer/gameless.txt"),
    ("hk", "hk-scorer/historic.txt"),
    ("big-two", "big-two-scorer/simple.txt"),
    ("big-two", "big-two-scorer/2023-03-03.txt"),
    ("big-two", "big-two-scorer/big-two-2013.txt"),
]


def write(tmp_path: Path, name: str, content: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


@pytest.mark.parametrize(("command", "example"), REFERENCE_EXAMPLES)
def test_it_reproduces_the_reference_output_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, example: str
) -> None:
    scores = tmp_path / Path(example).name
    shutil.copy(PEERS / example, scores)

    assert cli.main([command, str(scores)]) == 0

    expected = (PEERS / f"{example}.tsv").read_bytes()
    assert Path(f"{scores}.tsv").read_bytes() == expected
    assert capsys.readouterr() == ("", "")


def test_the_installed_command_runs_as_a_module(tmp_path: Path) -> None:
    scores = tmp_path / "simple.txt"
    shutil.copy(PEERS / "big-two-scorer/simple.txt", scores)

    result = subprocess.run(
        [sys.executable, "-m", "scoring.engine.cli", "big-two", "simple.txt"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )

    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert (tmp_path / "simple.txt.tsv").read_bytes() == (
        PEERS / "big-two-scorer/simple.txt.tsv"
    ).read_bytes()


def test_the_window_is_part_of_the_output_name(tmp_path: Path) -> None:
    scores = write(tmp_path, "w.txt", WINDOW_FILE)

    assert cli.main(["hk", "--from", "2023-03-01", str(scores)]) == 0

    output = tmp_path / "w.txt --from 2023-03-01.tsv"
    assert output.read_text(encoding="utf-8").splitlines() == [
        "name\tgame_count\twin_count\twin_fraction\tblame_count\tblame_fraction\tnet_score"
        "\tnet_score_per_game",
        "B\t2\t1\t0.5\t0\t0\t56\t28",
        "A\t2\t0\t0\t0\t0\t48\t24",
        "C\t2\t0\t0\t0\t0\t48\t24",
        "D\t2\t0\t0\t2\t1\t-152\t-76",
        "*\t8\t1\t0.125\t2\t0.25\t0\t0",
    ]


def test_both_window_bounds_appear_in_the_output_name(tmp_path: Path) -> None:
    scores = write(tmp_path, "w.txt", WINDOW_FILE)

    assert cli.main(["hk", "--to", "2023-03-02", "--from", "2023-03-01", str(scores)]) == 0

    assert [path.name for path in tmp_path.iterdir() if path.suffix == ".tsv"] == [
        "w.txt --from 2023-03-01 --to 2023-03-02.tsv"
    ]


def test_a_bad_line_is_reported_on_stderr_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = write(tmp_path, "scores.txt", "A B C D\n1 - - -\n1 2 - -\n")

    assert cli.main(["hk", str(scores)]) == 1

    assert capsys.readouterr() == (
        "",
        f"{scores}, line 3: game declared with multiple winners (digits entries)\n",
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scores.txt"]


def test_a_failed_run_leaves_an_earlier_output_alone(tmp_path: Path) -> None:
    scores = write(tmp_path, "scores.txt", "a b c d\n0 1 1 1\n")
    assert cli.main(["big-two", str(scores)]) == 0
    before = Path(f"{scores}.tsv").read_bytes()
    scores.write_text("a b c d\n1 1 1 1\n", encoding="utf-8")

    assert cli.main(["big-two", str(scores)]) == 1

    assert Path(f"{scores}.tsv").read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scores.txt", "scores.txt.tsv"]


@pytest.mark.parametrize(
    ("command", "explainer"), [("hk", HK_EXPLAINER), ("big-two", BIG_TWO_EXPLAINER)]
)
def test_an_invalid_line_prints_the_explainer_and_an_empty_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, explainer: str
) -> None:
    scores = write(tmp_path, "scores.txt", "# fine\nA B C\n")

    assert cli.main([command, str(scores)]) == 1

    error = capsys.readouterr().err
    assert error == f"{scores}, line 2: invalid line\n\n{explainer}\n"
    assert error.endswith("All other lines are invalid.\n\n")


def test_bad_utf8_is_a_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scores = write(tmp_path, "scores.txt", b"A B C D\r\n1 - - -\r\n- \xe9 - -\n")

    assert cli.main(["hk", str(scores)]) == 1

    assert capsys.readouterr().err == f"{scores}, line 3, column 3: not UTF-8 text\n"


@pytest.mark.parametrize("command", ["hk", "big-two"])
def test_a_missing_file_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    missing = tmp_path / "nope.txt"

    assert cli.main([command, str(missing)]) == 1

    assert capsys.readouterr() == ("", f"Error: file `{missing}` not found\n")


def test_a_directory_is_not_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["big-two", str(tmp_path)]) == 1

    assert capsys.readouterr() == ("", f"Error: `{tmp_path}` is a directory, not a file\n")


def test_an_unwritable_output_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = write(tmp_path, "scores.txt", "a b c d\n0 1 1 1\n")
    (tmp_path / "scores.txt.tsv").mkdir()  # a directory cannot be replaced by the file

    assert cli.main(["big-two", str(scores)]) == 1

    assert capsys.readouterr().err.startswith(f"Error: cannot write `{scores}.tsv`: ")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["scores.txt", "scores.txt.tsv"]


@pytest.mark.parametrize(
    "argv",
    [[], ["hk"], ["big-two"], ["hk", "--from"], ["big-two", "--from", "2023-01-01", "x.txt"]],
)
def test_usage_errors_exit_with_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)

    assert exit_.value.code == 2
