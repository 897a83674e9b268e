"""Big Two (鋤大弟) as a league family: cards left per seat, frying, one seat taking all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from scoring.engine import big_two
from scoring.engine.errors import HandError, RulesError
from scoring.families.base import Family, SeatResult
from scoring.forms.big_two import BigTwoHandForm, BigTwoParamsForm

INPUT_FIELDS = ("losses", "takes_all")


def rules_from_params(params: Mapping[str, Any]) -> big_two.BigTwoRules:
    unknown = sorted(set(params) - {"fry_threshold"})
    if unknown:
        raise RulesError(f"unknown Big Two rule {unknown[0]!r}", field=unknown[0])
    return big_two.BigTwoRules(fry_threshold=params.get("fry_threshold", 10))


def hand_from_input(hand: Mapping[str, Any]) -> big_two.BigTwoHand:
    unknown = sorted(set(hand) - set(INPUT_FIELDS))
    if unknown:
        raise HandError(f"unknown field {unknown[0]!r}", field=unknown[0])
    losses = hand.get("losses")
    if not isinstance(losses, list | tuple):
        raise HandError("give the cards left for each seat as a list", field="losses")
    parsed = big_two.BigTwoHand(tuple(losses), hand.get("takes_all"))
    big_two.validate(parsed)
    return parsed


class BigTwoFamily(Family):
    key = "big_two"
    label = "Big Two (鋤大弟)"
    params_form = BigTwoParamsForm
    hand_form = BigTwoHandForm
    value_label = "cards"
    standings_template = "games/_standings_big_two.html"
    standings_columns = (
        "games",
        "wins",
        "fries",
        "real_losses",
        "net",
        "win_fraction",
        "fry_fraction",
        "real_losses_per_game",
        "net_per_game",
        "is_regular",
    )

    def standings_key(self, row: Any) -> tuple[Any, ...]:
        """Regular players first, then by real losses per game, then by name (§8.4)."""
        return (not row.is_regular, row.real_losses_per_game, row.name)

    def default_params(self) -> dict[str, Any]:
        return {"fry_threshold": 10}

    def clean_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return {"fry_threshold": rules_from_params(params).fry_threshold}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        threshold = rules_from_params(params).fry_threshold
        return f"fried (炒) from {threshold} cards, tripled from 13"

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        parsed = hand_from_input(hand)
        cleaned: dict[str, Any] = {"losses": list(parsed.losses)}
        if parsed.takes_all is not None:
            cleaned["takes_all"] = parsed.takes_all
        return cleaned

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        parsed = hand_from_input(hand)
        return [
            SeatResult(
                points=Decimal(seat.net),
                won=seat.won,
                fried=seat.fried,
                blamed=index == parsed.takes_all,
                hand_value=seat.raw_loss,
                real_loss=seat.real_loss,
            )
            for index, seat in enumerate(big_two.seat_scores(parsed, rules_from_params(params)))
        ]

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        parsed = hand_from_input(hand)
        winner = seat_names[parsed.losses.index(0)]
        left = ", ".join(
            f"{name} {loss}" for name, loss in zip(seat_names, parsed.losses, strict=True) if loss
        )
        text = f"{winner} wins; cards left: {left}"
        if parsed.takes_all is not None:
            text += f"; {seat_names[parsed.takes_all]} takes all losses"
        return text
