"""Phone-first forms for MCR rule sets and hands (typed fan or tiles)."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.engine.mcr import PRESETS
from scoring.engine.mcr.rules import FALSE_WIN_PENALTY, FAN, PENALTY
from scoring.forms import ParamsForm, bounded_integer, radio_field
from scoring.forms.winning import WinningHandForm

FALSE_WIN = "false_win"
# Seating (mcr.md §9.3): competition rules change seats at each round; a club may keep them.
COMPETITION_SEATS = "competition"
FIXED_SEATS = "fixed"
PRESET_LABELS = {
    "standard": "Standard (1998 rule book; Two Concealed Kongs 6)",
    "green_book": "Green Book (Two Concealed Kongs 8)",
    "wmcc": "WMCC rulings",
    "pymahjonggb": "As pymahjonggb counts",
}


class MCRParamsForm(ParamsForm):
    preset = radio_field(
        [(name, PRESET_LABELS.get(name, name)) for name in PRESETS], label="Edition"
    )
    flowers = forms.BooleanField(required=False, initial=True, label="Play with flowers")
    false_win_penalty = bounded_integer(
        FALSE_WIN_PENALTY,
        initial=10,
        label="False-win penalty (paid to each other player)",
    )
    scoring = radio_field(
        [
            ("standard", "Standard: one winner per hand"),
            ("duplicate", "Duplicate (复式): several may win on one discard"),
        ]
    )
    seats = radio_field(
        [
            (COMPETITION_SEATS, "Players change seats at each round (competition rules)"),
            (FIXED_SEATS, "Fixed seats: only the deal passes"),
        ],
        label="Seats",
    )

    def params(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in self.fields}

    @classmethod
    def initial_from_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """A version stored before seating was a choice kept its seats fixed."""
        return {"seats": FIXED_SEATS, **params}


class MCRHandForm(WinningHandForm):
    """Who won (or draw / false win), how, who discarded, then the fan or the tiles; and,
    optionally, each player's penalty (added to their change after the settlement)."""

    template_name_hand = "scoring/mcr_hand_fields.html"
    value_key = "fan"
    value_name = "fan"
    penalty = FALSE_WIN
    penalty_label = "False win 错和"
    draw_label = "Draw 荒庄"

    how = forms.ChoiceField(
        label="How",
        choices=[("self_drawn", "Self-drawn 自摸"), ("discard", "Discard 点和")],
        widget=forms.RadioSelect,
        required=False,
    )
    value_mode = radio_field(
        [("points", "Type the fan"), ("tiles", "Enter the tiles")], label="Value"
    )
    fan = bounded_integer(FAN, label="Fan (with flowers)", required=False)

    field_order = ["winner", "how", "blamed", "value_mode", "fan"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(self.seat_names):
            field = bounded_integer(PENALTY, label=name, required=False)
            # No numeric inputmode: a phone's digit pad has no minus sign.
            field.widget.attrs.update({"placeholder": "0"})
            self.fields[f"penalty_{seat}"] = field

    def penalty_fields(self) -> list[forms.BoundField]:
        return [self[f"penalty_{seat}"] for seat in range(len(self.seat_names))]

    def has_penalties(self) -> bool:
        """Whether the penalties section opens: a penalty is entered, or one has an error."""
        return any(
            field.value() not in (None, "", 0, "0") or field.errors
            for field in self.penalty_fields()
        )

    def hand_input(self) -> dict[str, Any]:
        hand = super().hand_input()
        penalties = [self.cleaned_data.get(field.name) or 0 for field in self.penalty_fields()]
        if any(penalties):
            hand["penalties"] = penalties
        return hand

    @classmethod
    def initial_from_input(cls, hand: dict[str, Any]) -> dict[str, Any]:
        initial = super().initial_from_input(hand)
        for seat, penalty in enumerate(hand.get("penalties") or ()):
            initial[f"penalty_{seat}"] = penalty or None
        return initial
