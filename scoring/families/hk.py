"""Hong Kong faan payments as a league family: parameters, hand input and scores."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine import hk
from scoring.engine.errors import HandError, RulesError
from scoring.engine.exact import parse_decimal, to_decimal
from scoring.engine.hk_scorefile import HK_NAME, read_hk_scores
from scoring.engine.penalties import ChomboEnds, PenaltyPreset
from scoring.families import table_line
from scoring.families.base import Demo, Family, SeatResult
from scoring.forms.hk import HKHandForm, HKParamsForm
from scoring.score_format import ScoreFormat

MAX_BASE_PLACES = 4

BASE_NAMES = {
    Fraction(1, 2): lazy_text("二五雞"),
    Fraction(1): lazy_text("五一"),
    Fraction(2): lazy_text("一二蚊"),
}


def rules_from_params(params: Mapping[str, Any]) -> hk.HKRules:
    """Build the engine's rules from stored parameters, checking every value."""
    base = parse_decimal(str(params.get("base", "1")), field="base")
    if (base * 10**MAX_BASE_PLACES).denominator != 1:
        raise RulesError(
            "base can have at most {max_base_places} decimal places",
            field="base",
            max_base_places=MAX_BASE_PLACES,
        )
    # The engine bounds the base and the maximum faan (and the payments they make).
    return hk.HKRules(
        base=base,
        max_faan=params.get("max_faan", 13),
        responsibility=_choice(params, "responsibility", hk.Responsibility, "full"),
        spiciness=_choice(params, "spiciness", hk.Spiciness, "half"),
    )


def _choice(params: Mapping[str, Any], field: str, enum: type[Any], default: str) -> Any:
    value = params.get(field, default)
    try:
        return enum(value)
    except ValueError:
        allowed = " or ".join(member.value for member in enum)
        raise RulesError(
            "{name} must be {allowed}", field=field, name=field, allowed=allowed
        ) from None


INPUT_FIELDS = ("outcome", "winner", "faan", "blamed")


def _winner(hand: Mapping[str, Any]) -> int | None:
    """The seat that won a stored hand; None for a draw or a false win."""
    return hand_from_input(hand).winner


def hand_from_input(hand: Mapping[str, Any]) -> hk.HKHand:
    unknown = sorted(set(hand) - set(INPUT_FIELDS))
    if unknown:
        raise HandError("unknown field {unknown}", field=unknown[0], unknown=repr(unknown[0]))
    try:
        outcome = hk.Outcome(str(hand.get("outcome")))
    except ValueError:
        allowed = ", ".join(member.value for member in hk.Outcome)
        raise HandError(
            "outcome must be one of {allowed}", field="outcome", allowed=allowed
        ) from None
    return hk.HKHand(
        outcome=outcome,
        winner=hand.get("winner"),
        faan=hand.get("faan"),
        blamed=hand.get("blamed"),
    )


# --- the score file of the reference program (mahjong-scorer) ---------------------------

HK_BLAME_TOKENS = {outcome: token for token, outcome in hk.BLAME_TOKENS.items()}


def _hk_rules_params(rules: hk.HKRules) -> dict[str, Any]:
    return {
        "base": str(to_decimal(rules.base)),
        "max_faan": rules.max_faan,
        "responsibility": rules.responsibility.value,
        "spiciness": rules.spiciness.value,
    }


def _hk_hand_input(hand: hk.HKHand) -> dict[str, Any]:
    fields = {"winner": hand.winner, "faan": hand.faan, "blamed": hand.blamed}
    return {"outcome": hand.outcome.value} | {k: v for k, v in fields.items() if v is not None}


def _hk_setting_lines(params: Mapping[str, Any]) -> list[str]:
    rules = rules_from_params(params)
    base = format(to_decimal(rules.base).normalize(), "f")
    return [
        f"B={base}",
        f"M={rules.max_faan}",
        f"R={rules.responsibility.value}",
        f"S={rules.spiciness.value}",
    ]


def _hk_game_tokens(hand_input: Mapping[str, Any]) -> list[str]:
    hand = hand_from_input(hand_input)
    tokens = ["-"] * hk.SEATS
    if hand.winner is not None:
        tokens[hand.winner] = str(hand.faan)
    if hand.blamed is not None:
        tokens[hand.blamed] = HK_BLAME_TOKENS[hand.outcome]
    return tokens


HK_FORMAT = ScoreFormat(
    key="hk",
    label=lazy_text("Hong Kong (mahjong-scorer)"),
    family="hk",
    read=read_hk_scores,
    name_pattern=re.compile(HK_NAME),
    rules_params=_hk_rules_params,
    hand_input=_hk_hand_input,
    setting_lines=_hk_setting_lines,
    game_tokens=_hk_game_tokens,
    params_rules=rules_from_params,
)


# The demo club's Friday nights (manage.py seed_demo).
DEMO = Demo(
    order=1,
    rules_name="Friday HK",
    params={"base": "1", "max_faan": 10, "responsibility": "half", "spiciness": "half"},
    season_name="{year} season",
    sessions=(
        (
            1,
            ("Ada", "Bo", "Chi", "Dee"),
            (
                {"outcome": "self_drawn", "winner": 0, "faan": 3},
                {"outcome": "discard", "winner": 1, "faan": 4, "blamed": 2},
                {"outcome": "draw"},
                {"outcome": "discard", "winner": 3, "faan": 6, "blamed": 0},
                {"outcome": "self_draw_guarantee", "winner": 2, "faan": 5, "blamed": 1},
            ),
        ),
        (
            8,
            ("Eli", "Ada", "Bo", "Chi"),
            (
                {"outcome": "discard", "winner": 0, "faan": 3, "blamed": 3},
                {"outcome": "discard_guarantee", "winner": 2, "faan": 7, "blamed": 1},
                {"outcome": "false_win", "blamed": 3},
                {"outcome": "self_drawn", "winner": 1, "faan": 8},
            ),
        ),
    ),
)


class HongKongFamily(Family):
    key = "hk"
    label = lazy_text("Hong Kong faan (港式)")
    params_form = HKParamsForm
    hand_form = HKHandForm
    value_label = lazy_text("faan")
    score_file = HK_FORMAT
    demo = DEMO

    def chombo_default(self, params: Mapping[str, Any]) -> PenaltyPreset:
        """A chombo costs what a false win (詐糊) pays: the maximum self-drawn amount to
        each other player (9 portions at the maximum faan, rounded up to a whole point);
        the hand is over."""
        rules = rules_from_params(params)
        amount = math.ceil(9 * hk.portion(rules.max_faan, rules))
        return PenaltyPreset(chombo=amount, zero_sum=True, ends=ChomboEnds.HAND)

    def default_params(self) -> dict[str, Any]:
        return {"base": "1", "max_faan": 13, "responsibility": "full", "spiciness": "half"}

    def clean_rules(self, params: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_from_params(params)
        return {
            "base": str(to_decimal(rules.base).normalize()),
            "max_faan": rules.max_faan,
            "responsibility": rules.responsibility.value,
            "spiciness": rules.spiciness.value,
        }

    def describe_params(self, params: Mapping[str, Any]) -> str:
        rules = rules_from_params(params)
        base = str(to_decimal(rules.base).normalize())
        name = BASE_NAMES.get(rules.base)
        return ", ".join(
            [
                _("base %(base)s") % {"base": base} + (f" ({name})" if name else ""),
                _("max %(max_faan)s faan") % {"max_faan": rules.max_faan},
                _("half responsibility (半銃)")
                if rules.responsibility is hk.Responsibility.HALF
                else _("full responsibility (全銃)"),
                _("half-spicy (半辣上)")
                if rules.spiciness is hk.Spiciness.HALF
                else _("spicy (辣辣上)"),
            ]
        )

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        parsed = hand_from_input(hand)
        hk.validate(parsed, rules_from_params(params))
        cleaned: dict[str, Any] = {"outcome": parsed.outcome.value}
        for field in ("winner", "faan", "blamed"):
            if getattr(parsed, field) is not None:
                cleaned[field] = getattr(parsed, field)
        return cleaned

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        parsed = hand_from_input(hand)
        changes = hk.settle(parsed, rules_from_params(params))
        outcome = parsed.outcome
        return [
            SeatResult(
                points=to_decimal(change),
                won=seat == parsed.winner,
                blamed=seat == parsed.blamed,
                self_drawn=seat == parsed.winner
                and outcome in (hk.Outcome.SELF_DRAWN, hk.Outcome.SELF_DRAW_GUARANTEE),
                false_win=outcome is hk.Outcome.FALSE_WIN and seat == parsed.blamed,
                hand_value=parsed.faan if seat == parsed.winner else None,
            )
            for seat, change in enumerate(changes)
        ]

    def table_line(
        self, *, place: int, hands: Sequence[Mapping[str, Any]], names: Sequence[str], state: Any
    ) -> list[str]:
        """Hand number, the round and the dealer, the deal passing as most tables pass it."""
        winners = [_winner(hand) for hand in hands]
        return table_line.rotating_line(place, winners, names)

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        parsed = hand_from_input(hand)
        winner = seat_names[parsed.winner] if parsed.winner is not None else ""
        blamed = seat_names[parsed.blamed] if parsed.blamed is not None else ""
        faan = _("%(faan)s faan") % {"faan": parsed.faan}
        return {
            hk.Outcome.DRAW: _("Draw (摸和)"),
            hk.Outcome.FALSE_WIN: _("False win by %(blamed)s (詐糊)") % {"blamed": blamed},
            hk.Outcome.SELF_DRAWN: _("%(winner)s self-drawn, %(faan)s (自摸)")
            % {"winner": winner, "faan": faan},
            hk.Outcome.DISCARD: _("%(winner)s wins %(faan)s off %(blamed)s (打出)")
            % {"winner": winner, "faan": faan, "blamed": blamed},
            hk.Outcome.DISCARD_GUARANTEE: _(
                "%(winner)s wins %(faan)s, %(blamed)s guarantees (包打出)"
            )
            % {"winner": winner, "faan": faan, "blamed": blamed},
            hk.Outcome.SELF_DRAW_GUARANTEE: (
                _("%(winner)s self-drawn, %(faan)s, %(blamed)s guarantees (包自摸)")
                % {"winner": winner, "faan": faan, "blamed": blamed}
            ),
        }[parsed.outcome]
