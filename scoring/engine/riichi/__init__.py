"""Japanese riichi (立直麻雀): the EMA, WRC and club presets, payments, hanchan, evaluation.

Hands are evaluated from their tiles by the ``mahjong`` library (MahjongRepository); the
payments, the settlement of a hand and the game are this package's (docs/spec/riichi.md).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

from scoring.engine.errors import Term
from scoring.engine.evaluation import Evaluation, Evaluator, HandExtra
from scoring.engine.hand import Hand, hand_to_json
from scoring.engine.riichi.evaluator import evaluate, evaluate_data
from scoring.engine.riichi.hand_input import riichi_hand_from_json
from scoring.engine.riichi.payments import (
    HandValue,
    Limit,
    basic_points,
    ron_payment,
    tsumo_payments,
)
from scoring.engine.riichi.rules import CLUB, EMA, PRESETS, WRC, RiichiRules, preset

if TYPE_CHECKING:
    from scoring.engine.riichi.game import (
        GameState,
        Placement,
        final_scores,
        play,
        replay,
        start,
    )
    from scoring.engine.riichi.settlement import HandResult, Outcome, Table, Win, settle

__all__ = [
    "CLUB",
    "EMA",
    "FAMILY",
    "PRESETS",
    "WRC",
    "GameState",
    "HandResult",
    "HandValue",
    "Limit",
    "Outcome",
    "Placement",
    "RiichiRules",
    "Table",
    "Win",
    "basic_points",
    "evaluate",
    "evaluate_data",
    "final_scores",
    "play",
    "preset",
    "replay",
    "ron_payment",
    "settle",
    "start",
    "tsumo_payments",
]


# Loaded when first asked for (PEP 562): ``mahjong-score evaluate`` scores hands without
# the settlement and the game, which took about 5 ms of each of its starts.
_LATER: Final = {
    **dict.fromkeys(("GameState", "Placement", "final_scores", "play", "replay", "start"), "game"),
    **dict.fromkeys(("HandResult", "Outcome", "Table", "Win", "settle"), "settlement"),
}


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


class RiichiEvaluator(Evaluator):
    """The ``riichi`` entry of the family registry."""

    name = "riichi"
    label = "Riichi 立直"  # for a person choosing rules
    unit = "han"  # what a result's total counts
    default_preset = "ema"
    preset_labels = {"ema": Term("EMA (2016)"), "wrc": Term("WRC"), "club": Term("club game")}
    hand_extras = (
        HandExtra("riichi", "Riichi 立直"),
        HandExtra("double_riichi", "Double riichi ダブル立直"),
        HandExtra("ippatsu", "Ippatsu 一発"),
        HandExtra("chiihou", "Blessing of earth 地和"),
        HandExtra(
            "dora_indicators",
            "Dora indicators",
            "tiles",
            Term("e.g. 3p7z; red fives in the hand are written 0m 0p 0s (club rules)"),
        ),
        HandExtra("ura_dora_indicators", "Ura dora indicators", "tiles", Term("after a riichi")),
    )

    def presets(self) -> tuple[str, ...]:
        return tuple(PRESETS)

    def evaluate(self, hand: Hand, preset_name: str) -> Evaluation:
        """A plain hand-json hand: no riichi, no dora."""
        rules = preset(preset_name)
        riichi_hand = riichi_hand_from_json(hand_to_json(hand), red_fives=rules.red_fives)
        return evaluate(riichi_hand, rules).evaluation()

    def evaluate_data(self, data: object, preset_name: str) -> dict[str, Any]:
        """A hand object with riichi's flags (docs/spec/riichi.md §7)."""
        return evaluate_data(data, preset(preset_name))


FAMILY = RiichiEvaluator()
