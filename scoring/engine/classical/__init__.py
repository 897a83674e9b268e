"""Classical (Millington-style) scoring: rules files, every player's hand, payments, games."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from scoring.engine.classical.game import Game, HandResult, PlayedHand, Position, advance
from scoring.engine.classical.interpreter import (
    HandScore,
    Seat,
    exact_json,
    score_hand,
    without_mahjong_events,
)
from scoring.engine.classical.language import RulesFileError, check_rules, read_rules
from scoring.engine.classical.model import Options, PaymentMethod, Rule, RuleSet, RuleType, Units
from scoring.engine.classical.payments import Matrix, net, settle
from scoring.engine.classical.rulebooks import DEFAULT_PRESET, PRESETS, load_rules_file, preset
from scoring.engine.classical.sets import PlayerHand, TileSet, parse_set, player_hand
from scoring.engine.classical.tiles_in import ScoredHand, score_json
from scoring.engine.errors import Term
from scoring.engine.evaluation import CountedPattern, Evaluation, Evaluator
from scoring.engine.hand import Hand, hand_to_json

__all__ = [
    "DEFAULT_PRESET",
    "FAMILY",
    "PRESETS",
    "Game",
    "HandResult",
    "HandScore",
    "Matrix",
    "Options",
    "PaymentMethod",
    "PlayedHand",
    "PlayerHand",
    "Position",
    "Rule",
    "RuleSet",
    "RuleType",
    "RulesFileError",
    "ScoredHand",
    "Seat",
    "TileSet",
    "Units",
    "advance",
    "check_rules",
    "load_rules_file",
    "net",
    "parse_set",
    "player_hand",
    "preset",
    "read_rules",
    "score_hand",
    "score_json",
    "settle",
    "without_mahjong_events",
]


class ClassicalEvaluator(Evaluator):
    """The ``classical`` entry of the family registry: a preset name or a rules file path."""

    name = "classical"
    label = Term("Classical")  # for a person choosing rules
    unit = "points"  # what a result's total counts
    default_preset = DEFAULT_PRESET
    preset_labels = {"millington": Term("Millington"), "1920s": Term("1920s rules")}

    def __init__(self) -> None:
        self._files: dict[str, RuleSet] = {}

    def presets(self) -> tuple[str, ...]:
        return tuple(PRESETS)

    def rule_set(self, name: str) -> RuleSet:
        """A shipped preset by name, or the rules file at that path (read once)."""
        if name in PRESETS:
            return preset(name)
        if name not in self._files:
            self._files[name] = load_rules_file(name)
        return self._files[name]

    def check_preset(self, name: str) -> None:
        """Raise ``RulesError`` / ``RulesFileError`` unless the preset or file is usable."""
        self.rule_set(name)

    def evaluate(self, hand: Hand, preset_name: str) -> Evaluation:
        """Score a winning hand (hand-json ``Hand``) as the Mahjong player."""
        return _evaluation(score_json(hand_to_json(hand), self.rule_set(preset_name)), preset_name)

    def evaluate_data(self, data: object, preset_name: str) -> dict[str, Any]:
        """The result object of a classical hand object (``"mahjong"`` true or false)."""
        rule_set = self.rule_set(preset_name)
        scored = score_json(data, rule_set)
        result = _evaluation(scored, preset_name).to_json()
        result["total"] = exact_json(scored.score.score)
        result["total_without_bonus"] = exact_json(_without_bonus(scored, rule_set))
        units = {str(a.rule.id): a.rule.units.name.lower() for a in scored.score.activations}
        for pattern in result["patterns"]:
            pattern["units"] = units[pattern["id"]]
        result.update(
            mahjong=scored.seat.mahjong,
            points=scored.score.points,
            doubles=scored.score.doubles,
            limit_percent=scored.score.limit_percent,
            events=sorted(scored.hand.events),
            breakdown=[[line.text(), exact_json(line.running)] for line in scored.score.lines],
        )
        return result


def _evaluation(scored: ScoredHand, preset_name: str) -> Evaluation:
    counted: dict[int, CountedPattern] = {}
    for activation in scored.score.activations:
        rule = activation.rule
        known = counted.get(rule.id)
        count = 1 if known is None else known.count + 1
        counted[rule.id] = CountedPattern(str(rule.id), rule.description, "", rule.value, count)
    total = scored.score.score
    return Evaluation(
        family="classical",
        preset=preset_name,
        total=total.numerator // total.denominator,
        total_without_bonus=total.numerator // total.denominator,
        meets_minimum=True,
        limit=scored.score.limit_reached,
        patterns=tuple(counted.values()),
        arrangement=tuple(s.code for s in scored.hand.sets),
    )


def _without_bonus(scored: ScoredHand, rule_set: RuleSet) -> Fraction:
    sets = tuple(s for s in scored.hand.sets if not s.is_bonus)
    return score_hand(rule_set, PlayerHand(sets, scored.hand.events), scored.seat).score


FAMILY = ClassicalEvaluator()
