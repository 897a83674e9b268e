"""MCR (Chinese Official, 国标麻将) scoring: fans, settlement and PMN game records."""

from __future__ import annotations

from scoring.engine.errors import Term
from scoring.engine.evaluation import Evaluation, HandJsonEvaluator
from scoring.engine.hand import Hand
from scoring.engine.mcr.evaluator import best_reading, evaluate, fan_value
from scoring.engine.mcr.fans import BY_PMN, FANS, Fan
from scoring.engine.mcr.rules import PRESETS, STANDARD, MCRRules, preset

__all__ = [
    "BY_PMN",
    "FAMILY",
    "FANS",
    "PRESETS",
    "STANDARD",
    "Fan",
    "MCRRules",
    "best_reading",
    "evaluate",
    "fan_value",
    "preset",
]


class MCREvaluator(HandJsonEvaluator):
    """The ``mcr`` entry of the family registry."""

    name = "mcr"
    label = "MCR 國標"  # for a person choosing rules
    preset_labels = {
        "standard": Term("standard (1998 rule book)"),
        "green_book": Term("Green Book"),
        "wmcc": Term("WMCC rulings"),
        "pymahjonggb": Term("as pymahjonggb counts"),
    }
    unit = "fan"  # what a result's total counts
    default_preset = "standard"

    def presets(self) -> tuple[str, ...]:
        return tuple(PRESETS)

    def evaluate(self, hand: Hand, preset_name: str) -> Evaluation:
        return evaluate(hand, preset(preset_name))


FAMILY = MCREvaluator()
