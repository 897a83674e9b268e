"""``mahjong-score``'s dispatch: each command loads only its own module, and the table of
commands agrees with what the modules register."""

import argparse
import json
import subprocess
import sys
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

import pytest

from scoring.engine import cli
from scoring.engine.evaluation import FAMILY_MODULES

ENGINE_MODULES = (
    "import json, sys\n"
    "from scoring.engine import cli\n"
    "try:\n"
    "    cli.main(sys.argv[1:])\n"
    "except SystemExit:\n"
    "    pass\n"
    "print(json.dumps(sorted(m for m in sys.modules if m.startswith('scoring.engine'))))\n"
)


def loaded_after(*argv: str, cwd: Path) -> set[str]:
    """The engine modules a fresh interpreter holds after ``mahjong-score ARGV``."""
    result = subprocess.run(
        [sys.executable, "-c", ENGINE_MODULES, *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(result.stdout.splitlines()[-1]))


def registered_by(module_name: str) -> set[str]:
    parser = argparse.ArgumentParser()
    subparsers = parser.add_subparsers()
    import_module(module_name).register(subparsers)
    return set(subparsers.choices)


@pytest.mark.parametrize("module_name", sorted(set(cli.COMMANDS.values())))
def test_each_module_registers_the_commands_listed_for_it(module_name: str) -> None:
    listed = {command for command, name in cli.COMMANDS.items() if name == module_name}
    assert registered_by(module_name) == listed


def test_every_family_with_commands_is_listed() -> None:
    family_clis = {f"{module}.cli" for module in FAMILY_MODULES.values()}
    assert {name for name in family_clis if find_spec(name)} <= set(cli.COMMANDS.values())


def test_a_score_file_command_loads_no_other_engine(tmp_path: Path) -> None:
    (tmp_path / "simple.txt").write_text("a b c d\n0 1 2 3\n", encoding="utf-8")

    loaded = loaded_after("big-two", "simple.txt", cwd=tmp_path)

    assert "scoring.engine.big_two_scorefile" in loaded
    others = (
        "hk_scorefile",
        "mcr",
        "riichi",
        "classical",
        "zung_jung",
        "evaluate",
        "hand",
        "tiles",
    )
    assert {f"scoring.engine.{name}" for name in others} & loaded == set()
    assert (tmp_path / "simple.txt.tsv").exists()


def test_the_version_loads_no_engine(tmp_path: Path) -> None:
    assert loaded_after("--version", cwd=tmp_path) == {"scoring.engine", "scoring.engine.cli"}


def test_the_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])

    assert exit_info.value.code == 0
    listed = capsys.readouterr().out
    assert all(f"    {command} " in listed for command in cli.COMMANDS)


def test_an_unknown_command_is_refused_with_every_command_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["hk-faan"])

    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "invalid choice: 'hk-faan'" in error
    assert all(repr(command) in error for command in cli.COMMANDS)


SUBCOMMANDS = [[command] for command in cli.COMMANDS] + [["rules", "check"]]


@pytest.mark.parametrize("option", cli.VERSION_OPTIONS)
@pytest.mark.parametrize("command", SUBCOMMANDS, ids=" ".join)
def test_every_subcommand_prints_the_version(
    command: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main([*command, option])

    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"mahjong-score {cli.installed_version()}\n"


@pytest.mark.parametrize("command", sorted(cli.COMMANDS))
def test_a_subcommand_version_loads_only_that_command(command: str, tmp_path: Path) -> None:
    loaded = loaded_after(command, "-v", cwd=tmp_path)

    assert set(cli.COMMANDS.values()) & loaded == {cli.COMMANDS[command]}
