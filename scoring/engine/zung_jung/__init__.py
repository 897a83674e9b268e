"""Zung Jung (中庸) scoring: the seed and official v3.3 presets, evaluation and settlement."""

from __future__ import annotations

from scoring.engine.errors import Term
from scoring.engine.evaluation import Evaluation, HandJsonEvaluator
from scoring.engine.hand import Hand
from scoring.engine.zung_jung.evaluator import evaluate, evaluate_declared, illegal_call
from scoring.engine.zung_jung.rules import OFFICIAL, PRESETS, SEED, Payoff, ZungJungRules, preset

__all__ = [
    "FAMILY",
    "OFFICIAL",
    "PRESETS",
    "SEED",
    "Payoff",
    "ZungJungRules",
    "evaluate",
    "evaluate_declared",
    "illegal_call",
    "preset",
]


class ZungJungEvaluator(HandJsonEvaluator):
    """The ``zung_jung`` entry of the family registry."""

    name = "zung_jung"
    label = Term("Zung Jung 中庸")  # for a person choosing rules
    preset_labels = {"seed": Term("the seed list"), "official": Term("official v3.3")}
    unit = "points"  # what a result's total counts
    default_preset = "seed"

    def presets(self) -> tuple[str, ...]:
        return tuple(PRESETS)

    def evaluate(self, hand: Hand, preset_name: str) -> Evaluation:
        return evaluate(hand, preset(preset_name))


FAMILY = ZungJungEvaluator()
