"""Zung Jung (中庸) as a league family: typed points, or a hand evaluated from its tiles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine import zung_jung
from scoring.engine.errors import HandError, RulesError
from scoring.engine.evaluation import Evaluation
from scoring.engine.hand import hand_from_json
from scoring.engine.penalties import ChomboEnds, PenaltyPreset
from scoring.engine.zung_jung.settlement import Outcome, ZungJungHand, settle
from scoring.engine.zung_jung.settlement import validate as validate_settlement
from scoring.families import table_line
from scoring.families.base import Demo, Family, SeatResult
from scoring.forms.zung_jung import ZungJungHandForm, ZungJungParamsForm

INPUT_FIELDS = ("outcome", "winner", "discarder", "offender", "points", "hand")
WINS = (Outcome.SELF_DRAWN, Outcome.DISCARD)


def rules_from_params(params: Mapping[str, Any]) -> zung_jung.ZungJungRules:
    """The engine's rules for stored parameters: a preset plus the club's options."""
    base = zung_jung.preset(str(params.get("preset", "seed")))
    penalty = params.get("illegal_call", base.illegal_call)
    minimum = params.get("minimum", 0)
    # The engine's rules check the minimum and the penalty against their bounds.
    flowers = params.get("flowers", base.flowers)
    if not isinstance(flowers, bool):
        raise RulesError("flowers must be on or off", field="flowers")
    return base.with_options(
        payoff=params.get("payoff", "each_loser_pays"),
        minimum=minimum,
        illegal_call=penalty,
        flowers=flowers,
    )


def parse_input(hand: Mapping[str, Any]) -> tuple[ZungJungHand, Mapping[str, Any] | None]:
    """The settlement input and the tiles (if any) of a stored hand input."""
    unknown = sorted(set(hand) - set(INPUT_FIELDS))
    if unknown:
        raise HandError("unknown field {unknown}", field=unknown[0], unknown=repr(unknown[0]))
    try:
        outcome = Outcome(str(hand.get("outcome")))
    except ValueError:
        allowed = ", ".join(Outcome)
        raise HandError(
            "outcome must be one of {allowed}", field="outcome", allowed=allowed
        ) from None
    tiles = hand.get("hand")
    if tiles is not None and outcome not in WINS:
        raise HandError("only a win has tiles to evaluate", field="hand")
    if tiles is not None and "points" in hand:
        raise HandError("give the points or the tiles, not both", field="points")
    result = ZungJungHand(
        outcome=outcome,
        winner=hand.get("winner"),
        discarder=hand.get("discarder"),
        offender=hand.get("offender"),
        points=hand.get("points"),
    )
    return result, tiles


def evaluate_tiles(
    tiles: Mapping[str, Any], outcome: Outcome, rules: zung_jung.ZungJungRules
) -> Evaluation:
    """Evaluate the winner's tiles; the outcome decides self-drawn, and the minimum applies."""
    if not isinstance(tiles, Mapping):
        raise HandError("the tiles must be a hand object", field="hand")
    if bool(tiles.get("self_drawn", False)) != (outcome is Outcome.SELF_DRAWN):
        raise HandError(
            "the tiles say self-drawn but the result is not (or the other way round)",
            field="hand",
        )
    evaluation = zung_jung.evaluate(hand_from_json(tiles), rules)
    if not evaluation.meets_minimum:
        raise HandError(
            "the hand is worth {total_without_bonus} without bonus tiles; these rules "
            "need {minimum} to win",
            field="hand",
            total_without_bonus=evaluation.total_without_bonus,
            minimum=rules.minimum,
        )
    return evaluation


ALL_SEQUENCES = {"concealed": "123m456m789p234s55s", "winning_tile": "4s", "self_drawn": True}
DRAGON_PUNGS = {
    "concealed": "11m22m33m77z",
    "melds": [{"type": "pung", "tiles": "555z"}, {"type": "pung", "tiles": "666z"}],
    "winning_tile": "3m",
}
# The demo club's Zung Jung night (manage.py seed_demo).
DEMO = Demo(
    order=2,
    rules_name="Zung Jung night",
    params={"preset": "seed", "payoff": "each_loser_pays", "flowers": True},
    season_name="{year} Zung Jung",
    sessions=(
        (
            3,
            ("Bo", "Chi", "Dee", "Eli"),
            (
                {"outcome": "self_drawn", "winner": 1, "hand": ALL_SEQUENCES},
                {"outcome": "discard", "winner": 3, "discarder": 0, "points": 25},
                {"outcome": "discard", "winner": 0, "discarder": 2, "hand": DRAGON_PUNGS},
                {"outcome": "draw"},
            ),
        ),
    ),
)


class ZungJungFamily(Family):
    key = "zung_jung"
    label = lazy_text("Zung Jung (中庸)")
    params_form = ZungJungParamsForm
    hand_form = ZungJungHandForm
    value_label = lazy_text("points")
    demo = DEMO

    def chombo_default(self, params: Mapping[str, Any]) -> PenaltyPreset:
        """A chombo costs an Illegal Call (詐和, 1.7) to each other player (40 points unless
        the rule set says otherwise); the hand is over."""
        each = params.get("illegal_call") or 40
        return PenaltyPreset(chombo=3 * int(each), zero_sum=True, ends=ChomboEnds.HAND)

    def default_params(self) -> dict[str, Any]:
        return {
            "preset": "seed",
            "payoff": "each_loser_pays",
            "flowers": True,
            "minimum": 0,
            "illegal_call": 40,
        }

    def clean_rules(self, params: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_from_params(params)
        return {
            "preset": rules.preset,
            "payoff": rules.payoff.value,
            "flowers": rules.flowers,
            "minimum": rules.minimum,
            "illegal_call": rules.illegal_call,
        }

    def describe_params(self, params: Mapping[str, Any]) -> str:
        rules = rules_from_params(params)
        parts = [
            _("official v3.3") if rules.preset == "official" else _("seed list"),
            _("discarder pays all")
            if rules.payoff.value == "discarder_pays_all"
            else _("each loser pays"),
            _("flowers") if rules.flowers else _("no flowers"),
        ]
        if rules.minimum:
            parts.append(_("minimum %(minimum)s") % {"minimum": rules.minimum})
        if rules.illegal_call is not None:
            parts.append(
                _("illegal call −%(illegal_call)s each") % {"illegal_call": rules.illegal_call}
            )
        return ", ".join(parts)

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_from_params(params)
        result, tiles = parse_input(hand)
        if tiles is not None:
            evaluation = evaluate_tiles(tiles, result.outcome, rules)
            result = ZungJungHand(
                result.outcome, result.winner, result.discarder, None, evaluation.total
            )
        validate_settlement(result, rules)
        cleaned = {key: hand[key] for key in INPUT_FIELDS if hand.get(key) is not None}
        return cleaned

    def evaluate(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any] | None:
        result, tiles = parse_input(hand)
        if tiles is None:
            return None
        return evaluate_tiles(tiles, result.outcome, rules_from_params(params)).to_json()

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        rules = rules_from_params(params)
        result, tiles = parse_input(hand)
        points = result.points
        if tiles is not None:
            points = evaluate_tiles(tiles, result.outcome, rules).total
        result = ZungJungHand(
            result.outcome, result.winner, result.discarder, result.offender, points
        )
        changes = settle(result, rules)
        blamed = result.discarder if result.outcome is Outcome.DISCARD else result.offender
        return [
            SeatResult(
                points=Decimal(change),
                won=seat == result.winner,
                blamed=seat == blamed,
                self_drawn=seat == result.winner and result.outcome is Outcome.SELF_DRAWN,
                false_win=seat == result.offender,
                hand_value=points if seat == result.winner else None,
            )
            for seat, change in enumerate(changes)
        ]

    def _tiles_total(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> int:
        result, tiles = parse_input(hand)
        assert tiles is not None
        return evaluate_tiles(tiles, result.outcome, rules_from_params(params)).total

    def table_line(
        self, *, place: int, hands: Sequence[Mapping[str, Any]], names: Sequence[str], state: Any
    ) -> list[str]:
        """Hand number, the round and the dealer, the deal passing as most tables pass it."""
        winners = [parse_input(hand)[0].winner for hand in hands]
        return table_line.rotating_line(place, winners, names)

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        result, tiles = parse_input(hand)

        def name(seat: int | None) -> str:
            return seat_names[seat] if seat is not None else "?"

        if tiles is None:
            value = _("%(points)s points") % {"points": result.points}
        else:
            total = evaluation["total"] if evaluation else self._tiles_total(hand, params or {})
            value = _("%(total)s points from tiles") % {"total": total}
        return {
            Outcome.DRAW: _("Draw (流局)"),
            Outcome.ILLEGAL_CALL: _("Illegal call by %(name)s (詐和)")
            % {"name": name(result.offender)},
            Outcome.SELF_DRAWN: _("%(name)s self-drawn, %(value)s (自摸)")
            % {"name": name(result.winner), "value": value},
            Outcome.DISCARD: _("%(name)s wins %(value)s off %(name2)s")
            % {"name": name(result.winner), "value": value, "name2": name(result.discarder)},
        }[result.outcome]
