"""``mahjong-score pmn FILE...``: replay PMN game records and print each game's result and fans;
with ``--at N``, the board after action N instead (every seat's tiles, the wall, the fans when
the game is over).

Errors print ``FILE: message`` (with the game number) on standard error and exit 1, and
the next game or file is replayed all the same; disagreements with the recorded fans or
result are printed as warnings.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scoring.engine.errors import EngineError, unexpected
from scoring.engine.mcr.board import Board
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
    parser.add_argument(
        "--at",
        type=int,
        metavar="N",
        help="print each game's board after action N (0: the deal) instead of its result",
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


def describe_board(board: Board) -> list[str]:
    """The lines printed for a board: the action, each seat's tiles, the wall, the fans."""
    game = board.game
    done = f": {board.last_action}" if board.last_action else " (the deal)"
    lines = [f"Board {game.board or '?'}, action {board.action} of {board.actions}{done}"]
    for seat in range(4):
        melds = " ".join("".join(meld) for meld in board.get_meld_tile_list(seat))
        lines.append(
            f"  {SEATS[seat]} ({game.name(seat)}): "
            f"hand {_tiles(board.get_private_tile_list(seat))}"
            f" | melds {melds or '-'}"
            f" | flowers {_tiles(board.get_flower_tile_list(seat))}"
            f" | discards {_tiles(board.get_discard_tile_list(seat))}"
        )
    lines.append(f"  wall {board.wall_count}")
    lines.extend(_fan_lines(board))
    return lines


def _tiles(codes: list[str]) -> str:
    return " ".join(codes) or "-"


def _fan_lines(board: Board) -> list[str]:
    """Each winner's fans, English and Chinese, once the board is at the end."""
    if not board.over:
        return []
    lines = []
    named = zip(board.get_fan_en(), board.get_fan_zh(), board.get_fan(), strict=True)
    for seat, (english, chinese, numbers) in enumerate(named):
        if not numbers:
            continue
        total = board.score.evaluations[seat].total
        lines.append(f"  {SEATS[seat]} ({board.game.name(seat)}) wins: {total} fan")
        for (name, count), (name_zh, _), (number, _) in zip(english, chinese, numbers, strict=True):
            times = f" x{count}" if count > 1 else ""
            lines.append(f"    {number:>2} {name} {name_zh}{times}")
    return lines


def run(args: argparse.Namespace) -> int:
    """Print every game of every file; exit 1 if a file cannot be read or a game is broken."""
    rules = preset(args.preset)
    status = 0
    for path in args.files:
        status |= _run_file(path, rules, args.at)
    return status


def _run_file(path: str, rules: MCRRules, at: int | None) -> int:
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
        status |= _print_game(path, number, game, rules, at)
    return status


def _print_game(path: str, number: int, game: PmnGame, rules: MCRRules, at: int | None) -> int:
    """Print one game, or its problem on stderr; the next game is replayed either way."""
    try:
        print(f"{path}, game {number}: " + "\n".join(_lines(game, rules, at)))
    except Exception as error:
        print(f"{path}{_where(error) or f', game {number}'}: {_message(error)}", file=sys.stderr)
        return 1
    return 0


def _lines(game: PmnGame, rules: MCRRules, at: int | None) -> list[str]:
    if at is None:
        return describe(score_game(game, rules))
    board = Board(game, rules)
    board.to_action(at)
    return describe_board(board)


def _where(error: Exception) -> str:
    game = error.game if isinstance(error, PmnError) else None
    return f", game {game}" if game else ""


def _message(error: Exception) -> str:
    """An engine error's message, or what an error of ours says (never a traceback)."""
    return error.message if isinstance(error, EngineError) else unexpected(error)
