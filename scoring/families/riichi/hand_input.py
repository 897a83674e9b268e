"""A riichi hand as the league records it, read into the engine's hand result.

The stored input is the engine's hand JSON (docs/spec/riichi.md §4, ``records.py``): an
``outcome`` (``ron``, ``tsumo``, ``draw``, ``abortive``, ``chombo``), the ``wins`` with each
winner's value (and the player ``liable`` for a yakuman, pao), the ``discarder``, the
``tenpai`` players, the ``riichi`` declarers, the ``nagashi`` mangan players at a draw and a
chombo's ``offender``. A win's value is typed (``han`` and ``fu``, a ``limit`` or
``yakuman``, with the ``yaku`` called out) or given by its tiles (``hand``, docs/hand-format.md with
riichi's flags), evaluated by the ``mahjong`` library. Tiles get the seat and round winds of
their place in the game, and a riichi declaration of their seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from scoring.engine.bounds import Bound
from scoring.engine.errors import HandError
from scoring.engine.riichi import GameState, HandResult, RiichiRules
from scoring.engine.riichi.evaluator import RiichiEvaluation, evaluate
from scoring.engine.riichi.hand_input import riichi_hand_from_json
from scoring.engine.riichi.records import result_from_json
from scoring.engine.riichi.rules import SEATS
from scoring.engine.riichi.yaku import DORA_IDS, YAKU

WINDS: Final = ("1z", "2z", "3z", "4z")
# The yaku a typed value may call out (dora are counted, not called out), by id.
YAKU_NAMES: Final = {
    names.id: names for key, names in YAKU.items() if key not in DORA_IDS and key < 118
}
WIN_KEYS: Final = frozenset({"winner", "han", "fu", "limit", "yakuman", "yaku", "hand", "liable"})
# A typed win's han: a limit from 5 on, but dora may add many (the bound keeps it storable).
HAN: Final = Bound("han", 1, 100)
HAND_KEYS: Final = ("outcome", "wins", "discarder", "tenpai", "riichi", "offender", "nagashi")
# The value a win given by its tiles stands in for while the hand is read without its place.
UNPLACED: Final = {"han": 1, "fu": 30}
UNPLACED_YAKUMAN: Final = {"yakuman": 1}  # ... when a player is liable (pao) for it


@dataclass(frozen=True)
class ReadHand:
    """A stored input read at its place in the game: the engine's result, and the
    evaluation of each win given by its tiles (by winner)."""

    result: HandResult
    evaluations: dict[int, RiichiEvaluation]


def seat_winds(state: GameState) -> list[str]:
    """Each seat's wind in the hand played at ``state`` (the dealer is East).

    >>> seat_winds(GameState(scores=(0,) * 4, hand=1))
    ['4z', '1z', '2z', '3z']
    """
    return [WINDS[(seat - state.dealer) % SEATS] for seat in range(SEATS)]


def read_hand(hand: Mapping[str, Any], rules: RiichiRules, state: GameState | None) -> ReadHand:
    """The hand's result at ``state``; ``HandError`` names the field to correct. Without a
    state, tiles are checked but not evaluated (their winds follow from their place)."""
    if not isinstance(hand, Mapping):
        raise HandError('a hand is an object such as {"outcome": "draw", "tenpai": []}')
    wins = hand.get("wins", [])
    if not isinstance(wins, list):
        raise HandError("'wins' must be a list", field="wins")
    evaluations: dict[int, RiichiEvaluation] = {}
    typed = []
    for index, win in enumerate(wins):
        typed.append(_typed_win(hand, win, index, rules, state, evaluations))
    result = result_from_json({**hand, "wins": typed} if "wins" in hand else hand)
    return ReadHand(result, evaluations)


def _typed_win(
    hand: Mapping[str, Any],
    win: Any,
    index: int,
    rules: RiichiRules,
    state: GameState | None,
    evaluations: dict[int, RiichiEvaluation],
) -> Any:
    """The win as the engine reads it: its value typed, or from its tiles evaluated here."""
    if not isinstance(win, Mapping):
        return win  # the engine says what a win is
    unknown = sorted(set(win) - WIN_KEYS)
    if unknown:
        raise HandError(
            "unknown field {unknown} in a win",
            field=_at(index, unknown[0]),
            unknown=repr(unknown[0]),
        )
    _check_yaku(win.get("yaku", []), index)
    plain = {key: value for key, value in win.items() if key not in ("yaku", "hand")}
    if "han" in plain:
        HAN.check(plain["han"], field=_at(index, "han"))
    if "hand" not in win:
        return plain
    if set(plain) - {"liable"} != {"winner"}:
        raise HandError("give the tiles or the value, not both", field=_at(index, "hand"))
    who = {key: plain[key] for key in ("winner", "liable") if key in plain}
    evaluation = _evaluate(hand, win, index, rules, state)
    if evaluation is None:
        return {**who, **(UNPLACED_YAKUMAN if "liable" in who else UNPLACED)}
    evaluations[win["winner"]] = evaluation
    value = evaluation.value
    if value.yakuman:
        return {**who, "yakuman": value.yakuman}
    return {**who, "han": value.han, "fu": value.fu}


def _check_yaku(yaku: Any, index: int) -> None:
    if not isinstance(yaku, list) or not all(isinstance(name, str) for name in yaku):
        raise HandError("the yaku are a list of names such as 'pinfu'", field=_at(index, "yaku"))
    for name in yaku:
        if name not in YAKU_NAMES:
            raise HandError("{name} is not a yaku", field=_at(index, "yaku"), name=repr(name))


def _evaluate(
    hand: Mapping[str, Any],
    win: Mapping[str, Any],
    index: int,
    rules: RiichiRules,
    state: GameState | None,
) -> RiichiEvaluation | None:
    """The win's tiles evaluated at their place; without one, only checked."""
    winner = win.get("winner")
    tiles = win["hand"]
    if not isinstance(tiles, Mapping):
        raise HandError("the tiles must be a hand object", field=_at(index, "hand"))
    if not isinstance(winner, int) or isinstance(winner, bool) or winner not in range(SEATS):
        raise HandError(
            "the {field_name} must be one of the {seats} players at the table",
            field=_at(index, "winner"),
            field_name="winner",
            seats=SEATS,
        )
    placed = _placed(tiles, hand, winner, state)
    try:
        read = riichi_hand_from_json(placed, red_fives=rules.red_fives)
        return None if state is None else evaluate(read, rules)
    except HandError as error:
        raise HandError(error.message, field=_at(index, error.field or "hand")) from None


def _placed(
    tiles: Mapping[str, Any], hand: Mapping[str, Any], winner: int, state: GameState | None
) -> dict[str, Any]:
    """The tiles with what their place in the game says: winds (where the place is
    known), self-drawn, riichi."""
    riichi = hand.get("riichi", [])
    fixed: dict[str, Any] = {"self_drawn": hand.get("outcome") == "tsumo"}
    if state is not None:
        fixed.update(seat_wind=seat_winds(state)[winner], prevailing_wind=WINDS[state.round_wind])
    for key, value in fixed.items():
        if key in tiles and tiles[key] != value:
            raise HandError(
                "{replace} is {value} at this place in the game, not {tiles}",
                field=key,
                replace=key.replace("_", " "),
                value=value,
                tiles=tiles[key],
            )
    placed = {**tiles, **fixed}
    declared = isinstance(riichi, list) and winner in riichi
    if tiles.get("double_riichi") and not declared:
        raise HandError("a double riichi is a riichi: mark the declaration", field="riichi")
    if tiles.get("riichi") is not None and bool(tiles["riichi"]) != declared:
        raise HandError("the tiles and the declarations disagree on riichi", field="riichi")
    if declared and not tiles.get("double_riichi"):
        placed["riichi"] = True
    return placed


def _at(index: int, field: str) -> str:
    """A win's field, named as the form knows it for the first win."""
    return field if index == 0 else f"wins[{index}].{field}"


def winners(hand: Mapping[str, Any]) -> Sequence[int]:
    """The seats that won the stored hand."""
    return [win["winner"] for win in hand.get("wins", ())]
