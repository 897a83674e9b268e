"""Phone-first forms for MCR rule sets and hands (typed fan or tiles)."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.display import lazy_text
from scoring.engine.mcr import PRESETS
from scoring.engine.mcr.rules import FALSE_WIN_PENALTY, FAN, PENALTY
from scoring.forms import ParamsForm, bounded_integer, radio_field
from scoring.forms.winning import WinningHandForm

FALSE_WIN = "false_win"
# Seating (mcr.md §9.3): competition rules change seats at each round; a club may keep them.
COMPETITION_SEATS = "competition"
FIXED_SEATS = "fixed"
PRESET_LABELS = {
    "standard": lazy_text("Standard (1998 rule book; Two Concealed Kongs 6)"),
    "green_book": lazy_text("Green Book (Two Concealed Kongs 8)"),
    "wmcc": lazy_text("WMCC rulings"),
    "pymahjonggb": lazy_text("As pymahjonggb counts"),
}


class MCRParamsForm(ParamsForm):
    preset = radio_field(
        [(name, PRESET_LABELS.get(name, name)) for name in PRESETS], label=lazy_text("Edition")
    )
    flowers = forms.BooleanField(required=False, initial=True, label=lazy_text("Play with flowers"))
    false_win_penalty = bounded_integer(
        FALSE_WIN_PENALTY,
        initial=10,
        label=lazy_text("False-win penalty (paid to each other player)"),
    )
    scoring = radio_field(
        [
            ("standard", lazy_text("Standard: one winner per hand")),
            ("duplicate", lazy_text("Duplicate (複式): several may win on one discard")),
        ],
        label=lazy_text("Scoring"),
    )
    seats = radio_field(
        [
            (
                COMPETITION_SEATS,
                lazy_text("Players change seats at each round (competition rules)"),
            ),
            (FIXED_SEATS, lazy_text("Fixed seats: only the deal passes")),
        ],
        label=lazy_text("Seats"),
    )

    def params(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in self.fields}

    @classmethod
    def initial_from_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """A version stored before seating was a choice kept its seats fixed."""
        return {"seats": FIXED_SEATS, **params}


# The fan offered as buttons: the minimum, the common totals and the big limit hands.
QUICK_FAN = (8, 9, 10, 11, 12, 13, 16, 24, 32, 48, 64, 88)


class MCRHandForm(WinningHandForm):
    """Who won (or draw / false win), how, who discarded, then the fan or the tiles; and,
    optionally, each player's penalty (added to their change after the settlement)."""

    template_name_hand = "scoring/mcr_hand_fields.html"
    value_key = "fan"
    value_name = "fan"
    penalty = FALSE_WIN
    penalty_label = lazy_text("False win 錯和")
    draw_label = lazy_text("Draw 荒莊")

    how = forms.ChoiceField(
        label=lazy_text("How"),
        choices=[
            ("self_drawn", lazy_text("Self-drawn 自摸")),
            ("discard", lazy_text("Discard 點和")),
        ],
        widget=forms.RadioSelect,
        required=False,
    )
    value_mode = radio_field(
        [("points", lazy_text("Type the fan")), ("tiles", lazy_text("Enter the tiles"))],
        label=lazy_text("Value"),
    )
    fan = bounded_integer(FAN, label=lazy_text("Fan (with flowers)"), required=False)

    field_order = ["winner", "how", "blamed", "value_mode", "fan"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(self.seat_names):
            field = bounded_integer(PENALTY, label=name, required=False)
            # No numeric inputmode: a phone's digit pad has no minus sign.
            field.widget.attrs.update({"placeholder": "0"})
            self.fields[f"penalty_{seat}"] = field

    def quick_values(self) -> list[tuple[int, str]]:
        """The fan most hands come to (the stepper reaches the rest)."""
        return [(fan, str(fan)) for fan in QUICK_FAN]

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
