"""``mahjong-score pmn FILE...``: replay PMN game records and print each game's result and fans.

Errors print ``FILE: message`` (with the game number) on standard error and exit 1;
disagreements with the recorded fans or result are printed as warnings.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scoring.engine.errors import EngineError
from scoring.engine.mcr.pmn import SEATS, PmnError, read_pmn
from scoring.engine.mcr.records import GameScore, score_game
from scoring.engine.mcr.rules import PRESETS, preset
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
    """Print every game of every file; exit 1 at the first file that cannot be read."""
    rules = preset(args.preset)
    status = 0
    for path in args.files:
        try:
            with open(path, "rb") as stream:
                games = read_pmn(decode_text(stream.read()))
            for number, game in enumerate(games, start=1):
                print(f"{path}, game {number}: " + "\n".join(describe(score_game(game, rules))))
        except PmnError as error:
            where = f", game {error.game}" if error.game else ""
            print(f"{path}{where}: {error.message}", file=sys.stderr)
            status = 1
        except TextError as error:
            print(f"{path}, {error.located}", file=sys.stderr)
            status = 1
        except EngineError as error:
            print(f"{path}: {error.message}", file=sys.stderr)
            status = 1
        except OSError as error:
            print(f"{path}: {error.strerror}", file=sys.stderr)
            status = 1
    return status
