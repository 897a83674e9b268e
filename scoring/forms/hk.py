"""Phone-first forms for Hong Kong rule sets and hands."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine import hk
from scoring.forms import HandInputForm, ParamsForm, bounded_integer, radio_field
from scoring.forms.typed import choice_field, field_of

DRAW = "draw"
# The faan the form offers as buttons go up to this (and the rule set's maximum).
QUICK_FAAN = 10
FALSE_WIN = "false_win"

HOW_CHOICES = [
    ("self_drawn", lazy_text("Self-drawn 自摸")),
    ("discard", lazy_text("Discard 打出")),
    ("discard_guarantee", lazy_text("Discard, guaranteed 包打出")),
    ("self_draw_guarantee", lazy_text("Self-drawn, guaranteed 包自摸")),
]


class HKParamsForm(ParamsForm):
    base = forms.DecimalField(
        min_value=Decimal("0.0001"),
        max_value=Decimal(10000),
        max_digits=9,
        decimal_places=4,
        initial=Decimal(1),
        label=lazy_text("Base"),
        help_text=(
            lazy_text(
                "0.5 = two & five chicken (二五雞), 1 = five & one (五一), 2 = one & two "
                "bucks (一二蚊)"
            )
        ),
    )
    max_faan = bounded_integer(hk.MAX_FAAN, label=lazy_text("Maximum faan"), initial=13)
    responsibility = radio_field(
        [
            ("full", lazy_text("Full (全銃): the discarder pays for everyone")),
            (
                "half",
                lazy_text("Half (半銃): the discarder pays a portion, the others half each"),
            ),
        ],
        label=lazy_text("Responsibility"),
    )
    spiciness = radio_field(
        [
            ("half", lazy_text("Half-spicy rise (半辣上): doubling slows after 4 faan")),
            ("spicy", lazy_text("Spicy-spicy rise (辣辣上): doubles every faan")),
        ],
        label=lazy_text("Spiciness"),
    )

    def params(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "base": str(data["base"].normalize()),
            "max_faan": data["max_faan"],
            "responsibility": data["responsibility"],
            "spiciness": data["spiciness"],
        }


class HKHandForm(HandInputForm):
    """Winner (or draw / false win), how it ended, who is to blame, and the faan."""

    template_name_hand = "scoring/hk_hand_fields.html"
    field_map = {"outcome": "how"}

    winner = forms.ChoiceField(label=lazy_text("Result"), widget=forms.RadioSelect)
    how = forms.ChoiceField(
        label=lazy_text("How"), choices=HOW_CHOICES, widget=forms.RadioSelect, required=False
    )
    blamed = forms.ChoiceField(label=lazy_text("By"), widget=forms.RadioSelect, required=False)
    faan = forms.IntegerField(label=lazy_text("Faan"), min_value=0, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(seat), name) for seat, name in enumerate(self.seat_names)]
        choice_field(self, "winner").choices = [
            *seats,
            (DRAW, lazy_text("Draw 摸和")),
            (FALSE_WIN, lazy_text("False win 詐糊")),
        ]
        choice_field(self, "blamed").choices = seats
        if self.params.get("responsibility") == "full":
            choice_field(self, "how").choices = [
                c for c in HOW_CHOICES if c[0] != "discard_guarantee"
            ]
            self.fields["how"].error_messages["invalid_choice"] = (
                "A discard guarantee (包打出) is redundant under full responsibility (全銃): "
                "the discarder already pays for everyone. Choose Discard."
            )
        max_faan = int(self.params.get("max_faan", 13))
        field_of(self, "faan", forms.IntegerField).max_value = max_faan
        self.fields["faan"].widget.attrs.update({"min": 0, "max": max_faan, "inputmode": "numeric"})
        self.fields["faan"].validators.append(
            MaxValueValidator(max_faan, f"At most {max_faan} faan under this rule set.")
        )

    def quick_values(self) -> list[tuple[int, str]]:
        """0 to 10 faan, and the rule set's maximum."""
        max_faan = int(self.params.get("max_faan", 13))
        values = [(faan, str(faan)) for faan in range(min(QUICK_FAAN, max_faan) + 1)]
        if max_faan > QUICK_FAAN:
            values.append((max_faan, _("%(faan)s (max)") % {"faan": max_faan}))
        return values

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        winner = data.get("winner")
        if winner and winner not in (DRAW, FALSE_WIN):
            if not data.get("how"):
                self._missing("how", lazy_text("Choose how the hand was won."))
            elif data["how"] != "self_drawn" and not data.get("blamed"):
                self._missing("blamed", lazy_text("Choose who discarded or guaranteed."))
            if data.get("faan") is None:
                self._missing("faan", lazy_text("Enter the winner's faan."))
        if winner == FALSE_WIN and not data.get("blamed"):
            self._missing("blamed", lazy_text("Choose who made the false win."))
        return data

    def hand_input(self) -> dict[str, Any]:
        data = self.cleaned_data
        winner = data["winner"]
        if winner == DRAW:
            return {"outcome": "draw"}
        if winner == FALSE_WIN:
            return {"outcome": "false_win", "blamed": int(data["blamed"])}
        hand: dict[str, Any] = {"outcome": data["how"], "winner": int(winner), "faan": data["faan"]}
        if data["how"] != "self_drawn":
            hand["blamed"] = int(data["blamed"])
        return hand

    @classmethod
    def initial_from_input(cls, hand: dict[str, Any]) -> dict[str, Any]:
        outcome = hand.get("outcome")
        initial: dict[str, Any] = {"faan": hand.get("faan")}
        if hand.get("blamed") is not None:
            initial["blamed"] = str(hand["blamed"])
        if outcome in (DRAW, FALSE_WIN):
            initial["winner"] = outcome
        else:
            initial["winner"] = str(hand.get("winner"))
            initial["how"] = outcome
        return initial
