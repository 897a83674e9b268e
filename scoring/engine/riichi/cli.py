"""``mahjong-score riichi-game FILE``: a riichi game's running scores and final points.

FILE holds one game as JSON (``records.py``), or a Tenhou JSON log (``tenhou.py``: read
under ``--rules``, each kyoku a hand, and closed where it ends). Each hand prints one line:
its number, the hand it was (``East 2, 1 honba``), the outcome, every seat's points after it
and the riichi sticks left on the table; then one line per seat with points, place and final
placement points. A game still running (and not ``"stopped"``) prints no final lines.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from scoring.engine.errors import EngineError, Seat, unexpected
from scoring.engine.riichi.game import GameState, final_scores, replay
from scoring.engine.riichi.records import GameRecord, game_from_json
from scoring.engine.riichi.rules import PRESETS, RiichiRules, preset
from scoring.engine.riichi.settlement import HandResult
from scoring.engine.riichi.tenhou import read_log
from scoring.engine.text import TextError, decode_text


def register(subparsers: Any) -> None:
    """Add the ``riichi-game`` subcommand."""
    parser = subparsers.add_parser(
        "riichi-game",
        help="replay a riichi game: running scores, sticks, final placement points",
        description="Read one riichi game (JSON) and print the scores after each hand and "
        "the final placement points.",
    )
    parser.add_argument(
        "--rules", choices=tuple(PRESETS), default="ema", help="preset when FILE names none"
    )
    parser.add_argument("file", metavar="FILE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the game; a broken file prints ``FILE: message`` on stderr and exits 1."""
    try:
        with open(args.file, "rb") as stream:
            data = json.loads(decode_text(stream.read()))
        record = _record(data, preset(args.rules))
        states = replay(record.hands, record.rules)
    except OSError as error:
        print(f"{args.file}: {error.strerror}", file=sys.stderr)
        return 1
    except json.JSONDecodeError as error:
        print(f"{args.file}: not valid JSON ({error})", file=sys.stderr)
        return 1
    except TextError as error:
        print(f"{args.file}, {error.located}", file=sys.stderr)
        return 1
    except EngineError as error:
        print(f"{args.file}: {error.message}", file=sys.stderr)
        return 1
    except Exception as error:
        print(f"{args.file}: {unexpected(error)}", file=sys.stderr)
        return 1
    for number, (before, hand, after) in enumerate(
        zip(states, record.hands, states[1:], strict=False), start=1
    ):
        print(hand_line(number, before, hand, after))
    last = states[-1]
    if last.over or record.stopped:
        for placement in final_scores(last, record.rules):
            print(
                f"{Seat(placement.seat)}: {placement.points} points, place {placement.place}, "
                f"final {signed(placement.final)}"
            )
    return 0


def _record(data: object, rules: RiichiRules) -> GameRecord:
    """The game of our JSON, or of a Tenhou log (an object with its players' ``name``): a
    log is read under ``rules`` and closed where it ends."""
    if isinstance(data, dict) and "name" in data:
        return GameRecord(rules, read_log(data, rules).results, stopped=True)
    return game_from_json(data, rules)


def hand_line(number: int, before: GameState, hand: HandResult, after: GameState) -> str:
    """One hand of the score sheet.

    >>> from scoring.engine.riichi.game import start
    >>> from scoring.engine.riichi.rules import EMA
    >>> from scoring.engine.riichi.settlement import Outcome
    >>> s = start(EMA)
    >>> hand_line(1, s, HandResult(Outcome.DRAW), s)
    '1. East 1, 0 honba: draw | 30000 30000 30000 30000 | sticks 0'
    """
    scores = " ".join(str(points) for points in after.scores)
    return f"{number}. {before.label}: {hand.outcome} | {scores} | sticks {after.sticks}"


def signed(value: Fraction) -> str:
    """Final points with their sign; a share that does not divide is written as a fraction.

    >>> signed(Fraction(10300)), signed(Fraction(-5100)), signed(Fraction(40000, 3))
    ('+10300', '-5100', '+40000/3')
    """
    return f"+{value}" if value > 0 else str(value)
