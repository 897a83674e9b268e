"""`manage.py import_scores`: dry runs, problems as FILE, line N: message, exit status 1."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games import selectors
from games.models import Club, Hand, Player, RuleSet, Season

DATA = Path(__file__).resolve().parents[2] / "engine" / "data"
COMPREHENSIVE = DATA / "hk-scorer" / "comprehensive.txt"


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_scores", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def refused(*args: str) -> tuple[str, str, int]:
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError) as error:
        call_command("import_scores", *args, stdout=out, stderr=err)
    return str(error.value), err.getvalue(), error.value.returncode


def test_it_imports_into_a_season(season: Season, players: list[Player]) -> None:
    out, _ = run("--club", "dragons", "--season", "Spring", str(COMPREHENSIVE))
    assert out == f"{COMPREHENSIVE}: 6 games; created 1 sessions and 6 hands (0 imported before)\n"
    nets = [(row.name, row.net) for row in selectors.season_standings(season=season)]
    assert nets == [("C", 500), ("B", 204), ("A", 200), ("D", -904)]


def test_a_dry_run_writes_nothing(season: Season, players: list[Player]) -> None:
    out, _ = run("--club", "dragons", "--season", "Spring", "--dry-run", str(COMPREHENSIVE))
    assert "would create 1 sessions and 6 hands" in out
    assert not Hand.objects.exists()


def test_it_creates_the_season_and_players_when_asked(
    club: Club, rule_set: RuleSet, tmp_path: Path
) -> None:
    out, _ = run(
        "--club", "dragons", "--season", "Archive", "--rule-set", "Half rules",
        "--create-players", str(COMPREHENSIVE),
    )  # fmt: skip
    assert "new players: A, B, C, D" in out
    season = Season.objects.get(name="Archive")
    assert season.rule_set == rule_set and Hand.objects.filter(session__season=season).count() == 6


def test_problems_go_to_stderr_as_file_line_message(
    season: Season, players: list[Player], tmp_path: Path
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("A B C D\n1 - - -\nW X Y Z\n1 2 - -\n")
    message, err, status = refused("--club", "dragons", "--season", "Spring", str(path))
    assert (message, status) == ("nothing imported", 1)
    assert err == f"{path}, line 4: game declared with multiple winners (digits entries)\n"
    path.write_text("A B C D\n1 - - -\nW X Y Z\n- - - -\n")
    _, err, _ = refused("--club", "dragons", "--season", "Spring", str(path))
    assert err.splitlines() == [
        f"{path}, line 3: Dragons has no player called {name!r} (allow new players to add them)"
        for name in "WXYZ"
    ]
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--club", "nowhere", "--season", "Spring"], "no club with the address 'nowhere'"),
        (["--club", "dragons", "--season", "Nope"], "Dragons has no season called 'Nope'"),
        (["--club", "dragons", "--season", "Spring", "--rule-set", "X"], "no rule set called 'X'"),
    ],
)
def test_unknown_names_are_explained(season: Season, args: list[str], message: str) -> None:
    assert message in refused(*args, str(COMPREHENSIVE))[0]


def test_an_unreadable_file_is_explained(season: Season, tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    assert refused("--club", "dragons", "--season", "Spring", str(missing))[0] == (
        f"{missing}: No such file or directory"
    )
    binary = tmp_path / "scores.png"
    binary.write_bytes(b"\x89PNG\x00")
    assert refused("--club", "dragons", "--season", "Spring", str(binary))[0] == (
        f"{binary}: line 1, column 1: not UTF-8 text"
    )
