"""What the league keeps of a scored classical hand: each seat's result for the standings,
and the evaluation stored with the hand (position, every player's score, payments)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoring.engine import classical
from scoring.engine.classical.game import PlayedHand
from scoring.engine.classical.interpreter import HandScore, exact_json
from scoring.engine.classical.model import RuleSet
from scoring.engine.errors import HandError
from scoring.engine.exact import to_decimal
from scoring.families.base import SeatResult

MAX_PLACES = 6  # the database keeps six decimal places of a point


def _decimal(value: Fraction, what: str) -> Decimal:
    try:
        result = to_decimal(value)
    except ValueError:
        result = None
    if result is None or -result.as_tuple().exponent > MAX_PLACES:  # type: ignore[operator]
        raise HandError(
            "{what} {value} is not an exact decimal; choose a limit that divides evenly",
            what=what,
            value=value,
        )
    return result


def hand_evaluation(played: PlayedHand, rules: RuleSet) -> dict[str, Any]:
    """What is stored with a hand: position, every player's score and breakdown, payments.

    ``total``, ``patterns`` and ``arrangement`` describe the Mah-Jongg player's hand the way
    the other families' evaluations do, so the shared sheet and preview can show them."""
    result, position = played.result, played.position
    count = len(result.players)
    winner = played.scores[result.mahjong] if result.mahjong is not None else None
    run = position.run_with(result.mahjong, draw_resets=played.options.draw_reset_consec)
    return {
        "family": "classical",
        "preset": rules.name,
        "total": exact_json(winner.score) if winner else 0,
        "limit": bool(winner and winner.limit_reached),
        "patterns": _patterns(winner) if winner else [],
        "arrangement": [s.code for s in result.players[result.mahjong].sets]
        if result.mahjong is not None
        else [],
        "position": {
            "east": position.east,
            "round": position.round_letter,
            "winds": [position.seat_wind(seat, count) for seat in range(count)],
            "east_run": run,
        },
        "scores": [score.to_json() for score in played.scores],
        "payments": [[str(_decimal(cell, "a payment")) for cell in row] for row in played.payments],
    }


def _patterns(score: HandScore) -> list[dict[str, Any]]:
    counted: dict[int, dict[str, Any]] = {}
    for activation in score.activations:
        rule = activation.rule
        if rule.id in counted:
            counted[rule.id]["count"] += 1
        else:
            counted[rule.id] = {
                "id": str(rule.id),
                "name": rule.description,
                "name_zh": "",
                "value": f"{rule.value} {rule.units.label}",
                "count": 1,
            }
    return list(counted.values())


def seat_results(played: PlayedHand) -> list[SeatResult]:
    result, position = played.result, played.position
    run = position.run_with(result.mahjong, draw_resets=played.options.draw_reset_consec)
    changes = classical.net(played.payments)
    seat_results = []
    for seat, (change, score) in enumerate(zip(changes, played.scores, strict=True)):
        value = score.score
        seat_results.append(
            SeatResult(
                points=_decimal(change, "a payment"),
                won=seat == result.mahjong,
                blamed=seat == result.discarder,
                self_drawn=seat == result.mahjong and result.discarder is None,
                hand_value=int(value) if value.denominator == 1 else None,
                east_run=run if seat == position.east else None,
            )
        )
    return seat_results
