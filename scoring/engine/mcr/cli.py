"""``mahjong-score pmn FILE...``: replay PMN game records and print each game's result and fans.

Errors print ``FILE: message`` (with the game number) on standard error and exit 1, and
the next game or file is replayed all the same; disagreements with the recorded fans or
result are printed as warnings.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scoring.engine.errors import EngineError, unexpected
from scoring.engine.mcr.pmn import SEATS, PmnError, PmnGame, read_pmn
from scoring.engine.mcr.records import GameScore, score_game
from scoring.engine.mcr.rules import PRESETS, MCRRules, preset
from scoring.engine.text import TextError, decode_text


def register(subparsers: Any) -> None:
    """Add the ``pmn`` subcommand."""
    parser = subparsers.add_parser(
        "pmn",
        help="replay MCR games recorded in PMN and print their results and fans",
        description="Read PMN files, replay every game, evaluate each winner's hand and "
        "settle the deal; disagreements with the record are printed as warnings.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument(
        "--preset", default="standard", choices=tuple(PRESETS), help="MCR edition (standard)"
    )
    parser.set_defaults(run=run)


def describe(score: GameScore) -> list[str]:
    """The lines printed for one game."""
    game = score.game
    kind = "duplicate" if game.duplicate else "standard"
    lines = [f"Board {game.board or '?'} ({kind}), {game.tags.get('Event', '')}".rstrip(", ")]
    if not score.evaluations:
        lines.append("  draw")
    for seat, evaluation in score.evaluations.items():
        how = "self-drawn" if score.discarder is None else f"on {SEATS[score.discarder]}'s tile"
        lines.append(f"  {SEATS[seat]} ({game.name(seat)}) wins {how}: {evaluation.total} fan")
        fans = ", ".join(
            f"{p.name} {p.value}" + (f" x{p.count}" if p.count > 1 else "")
            for p in evaluation.patterns
        )
        lines.append(f"    {fans}")
    lines.append("  result " + " ".join(f"{v:+d}" for v in score.result))
    lines.extend(f"  warning: {warning}" for warning in score.warnings)
    return lines


def run(args: argparse.Namespace) -> int:
    """Print every game of every file; exit 1 if a file cannot be read or a game is broken."""
    rules = preset(args.preset)
    status = 0
    for path in args.files:
        status |= _run_file(path, rules)
    return status


def _run_file(path: str, rules: MCRRules) -> int:
    try:
        with open(path, "rb") as stream:
            games = read_pmn(decode_text(stream.read()))
    except TextError as error:
        print(f"{path}, {error.located}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"{path}: {error.strerror}", file=sys.stderr)
        return 1
    except Exception as error:
        print(f"{path}{_where(error)}: {_message(error)}", file=sys.stderr)
        return 1
    status = 0
    for number, game in enumerate(games, start=1):
        status |= _print_game(path, number, game, rules)
    return status


def _print_game(path: str, number: int, game: PmnGame, rules: MCRRules) -> int:
    """Print one game, or its problem on stderr; the next game is replayed either way."""
    try:
        print(f"{path}, game {number}: " + "\n".join(describe(score_game(game, rules))))
    except Exception as error:
        print(f"{path}{_where(error) or f', game {number}'}: {_message(error)}", file=sys.stderr)
        return 1
    return 0


def _where(error: Exception) -> str:
    game = error.game if isinstance(error, PmnError) else None
    return f", game {game}" if game else ""


def _message(error: Exception) -> str:
    """An engine error's message, or what an error of ours says (never a traceback)."""
    return error.message if isinstance(error, EngineError) else unexpected(error)
