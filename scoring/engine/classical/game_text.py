"""A replayed classical game as plain text, hand by hand, as the manual's dialogs show it:
the game status line, each player's score details (sets, events, score items with the
running total), the payments matrix, each hand score with the stake after it
(``104 (1284)``) and East's run; the rules or options changed before a hand; the leader.

>>> from scoring.engine.classical.game_file import read_game, replay_game
>>> record = read_game('''{"format": "classical game", "version": 1,
...   "players": ["Ann", "Bo"], "stake": 500, "rules": {"preset": "1920s"},
...   "hands": [{"mahjong": 1, "players": [{}, {"sets": ["PED"]}]}]}''')
>>> lines = list(game_lines(record, replay_game(record)))
>>> lines[1][:60]
'Rules: 1920s classical (limit 400); payment method 3 (Winner'
>>> print("\\n".join(lines[3:]))
Hand 1 / 1 · East round · Start: Ann · East: Ann
Bo (South) Mah-Jongg from the wall
Ann (East): 0
Bo (South): 52
  sets: PED
  events: 31
  Exposed Pung of Majors 4 pts (PED)  4
  Going Mah-Jongg 20 pts  24
  Drawing the Winning Tile 2 pts  26
  Pung or Kong of Dragons 1 dbl (PED)  52
Payments (method 3):
      Ann   Bo
Ann     0 -104
Bo    104    0
Ann 0 (396) · Bo 52 (604)
East's run: Ann, 0 Mah-Jonggs in a row
<BLANKLINE>
After 1 hand: Bo (604) leads
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from scoring.engine.classical.game import PlayedHand, advance
from scoring.engine.classical.game_file import GameRecord
from scoring.engine.classical.interpreter import HandScore
from scoring.engine.classical.model import PaymentMethod, RuleSet
from scoring.engine.classical.params import rules_from_params
from scoring.engine.classical.payments import net
from scoring.engine.classical.sets import PlayerHand

ROUND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
# The option names of the rules file (§2.2), as the manual writes them.
METHODS = {
    PaymentMethod.ONLY_WINNER: "OnlyWinner",
    PaymentMethod.ONLY_WINNER_EAST_DOUBLE: "OnlyWinnerEastDouble",
    PaymentMethod.DIFF_ALL_PLAYERS_EAST_DOUBLE: "DiffAllPlayersEastDouble",
    PaymentMethod.WINNER_COLLECT_OTHERS_DIFF_EAST_DOUBLE: "WinnerCollectOthersDiffEastDouble",
    PaymentMethod.DISCARDER_PAYMENT: "DiscarderPayment",
}


def game_lines(record: GameRecord, played: Sequence[PlayedHand]) -> Iterator[str]:
    """The whole game, one printed line at a time."""
    names = record.players
    stakes = [Fraction(record.params[0]["stake"])] * len(names)
    yield f"{', '.join(names)}; starting stake {record.params[0]['stake']}"
    yield f"Rules: {describe_rules(record.params[0])}"
    count = len(played)
    for number, hand in enumerate(played, start=1):
        yield ""
        stakes = [s + c for s, c in zip(stakes, net(hand.payments), strict=True)]
        lines = hand_lines(number, count, hand, names, stakes)
        yield next(lines)
        if number > 1 and record.params[number - 1] != record.params[number - 2]:
            yield f"From this hand: {describe_rules(record.params[number - 1])}"
        yield from lines
    yield ""
    yield end_line(record, played, stakes)


def describe_rules(params: Mapping[str, Any]) -> str:
    """The rules file's name and every option, in the rules file's words."""
    rules = rules_from_params(params)
    options = rules.options
    method = options.payment_method
    parts = [
        f"{rules.name}; payment method {int(method)} ({METHODS[method]})",
        f"limit {options.limit}",
        f"DrawAdvanceWind={_flag(options.draw_advance_wind)}",
        f"NewEastEachRound={_flag(options.new_east_each_round)}",
        f"DrawResetConsec={_flag(options.draw_reset_consec)}",
    ]
    if rules.east_limit:
        parts.append(f"East passes the deal after {rules.east_limit} Mah-Jonggs in a row")
    return ", ".join(parts)


def _flag(value: bool) -> str:
    return "T" if value else "F"


def hand_lines(
    number: int,
    count: int,
    hand: PlayedHand,
    names: Sequence[str],
    stakes: Sequence[Fraction],
) -> Iterator[str]:
    """One hand: status, result, every player's score details, payments, scores, run."""
    position, result = hand.position, hand.result
    seats = len(names)
    winds = [ROUND_NAMES[position.seat_wind(seat, seats)] for seat in range(seats)]
    called = [f"{name} ({wind})" for name, wind in zip(names, winds, strict=True)]
    yield (
        f"Hand {number} / {count} · {ROUND_NAMES[position.round_letter]} round · "
        f"Start: {names[position.round_start]} · East: {names[position.east]}"
    )
    yield result_line(hand, called, names)
    for seat, score in enumerate(hand.scores):
        yield from score_lines(called[seat], result.players[seat], score)
    yield f"Payments (method {int(hand.options.payment_method)}):"
    yield from matrix_lines(hand.payments, names)
    yield " · ".join(
        f"{name} {_number(score.score)} ({_number(stake)})"
        for name, score, stake in zip(names, hand.scores, stakes, strict=True)
    )
    run = position.run_with(result.mahjong, draw_resets=hand.options.draw_reset_consec)
    yield f"East's run: {names[position.east]}, {run} Mah-Jongg{'' if run == 1 else 's'} in a row"


def result_line(hand: PlayedHand, called: Sequence[str], names: Sequence[str]) -> str:
    """Who went Mah-Jongg and how, or the draw."""
    result = hand.result
    if result.mahjong is None:
        return "Draw (wash-out)"
    text = f"{called[result.mahjong]} Mah-Jongg"
    if result.discarder is None:
        return text + " from the wall"
    text += f" off {names[result.discarder]}'s discard"
    return text + " (cannon)" if result.cannon else text


def score_lines(called: str, hand: PlayerHand, score: HandScore) -> Iterator[str]:
    """A player's score details: the sets and events, then each item with the running
    total (the breakdown the site stores)."""
    shown = _number(score.score)
    if score.fixed is not None:
        shown += f" fixed (calculated {_number(score.calculated)})"
    yield f"{called}: {shown}"
    if hand.sets:
        yield "  sets: " + " ".join(tile_set.code for tile_set in hand.sets)
    if hand.events:
        yield "  events: " + " ".join(str(event) for event in sorted(hand.events))
    for line in score.lines:
        yield f"  {line.text()}  {_number(line.running)}"


def matrix_lines(matrix: Sequence[Sequence[Fraction]], names: Sequence[str]) -> Iterator[str]:
    """The payments matrix (§5.2): row i, column j is what i received from j."""
    cells = [[_number(cell) for cell in row] for row in matrix]
    width = max(len(text) for text in [*names, *(cell for row in cells for cell in row)])
    yield " ".join([" " * width, *(name.rjust(width) for name in names)])
    for name, row in zip(names, cells, strict=True):
        yield " ".join([name.ljust(width), *(cell.rjust(width) for cell in row)])


def end_line(record: GameRecord, played: Sequence[PlayedHand], stakes: Sequence[Fraction]) -> str:
    """The leader after the last hand, or the winner once the North round is complete."""
    best = max(stakes)
    leaders = " and ".join(
        f"{name} ({_number(stake)})"
        for name, stake in zip(record.players, stakes, strict=True)
        if stake == best
    )
    if played and _over(played[-1], _rules(record), len(record.players)):
        return f"The game is over: the North round is complete. Winner: {leaders}"
    hands = "hand" if len(played) == 1 else "hands"
    return f"After {len(played)} {hands}: {leaders} leads"


def _rules(record: GameRecord) -> RuleSet:
    return rules_from_params(record.hand_params[-1])


def _over(last: PlayedHand, rules: RuleSet, players: int) -> bool:
    return advance(last.position, last.result, last.options, players, rules.east_limit) is None


def _number(value: Fraction) -> str:
    """An exact amount: an integer, or a fraction such as ``333/2``."""
    return str(value)
