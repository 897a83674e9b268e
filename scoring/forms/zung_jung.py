"""Phone-first forms for Zung Jung rule sets and hands (typed points or tiles)."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.engine.zung_jung import rules
from scoring.forms import ParamsForm, bounded_integer, radio_field
from scoring.forms.winning import WinningHandForm

ILLEGAL_CALL = "illegal_call"


class ZungJungParamsForm(ParamsForm):
    preset = radio_field(
        [("seed", "The seed list (mj-score-eval)"), ("official", "Official Zung Jung v3.3")]
    )
    payoff = radio_field(
        [
            ("each_loser_pays", "Each loser pays the hand's value"),
            ("discarder_pays_all", "On a discard win the discarder pays for everyone"),
        ]
    )
    flowers = forms.BooleanField(
        required=False, initial=True, label="Play with flowers and seasons"
    )
    minimum = bounded_integer(rules.MINIMUM, initial=0, label="Minimum points to win")
    illegal_call = bounded_integer(
        rules.ILLEGAL_CALL,
        required=False,
        initial=40,
        label="Illegal call penalty",
        help_text="Paid to each other player; leave empty for none.",
    )

    def params(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in self.fields}


class ZungJungHandForm(WinningHandForm):
    """Who won (or draw / illegal call), how, who discarded, then points or tiles."""

    template_name_hand = "scoring/zung_jung_hand_fields.html"
    value_key = "points"
    value_name = "points"
    penalty = ILLEGAL_CALL
    penalty_label = "Illegal call 詐和"
    draw_label = "Draw 流局"

    how = forms.ChoiceField(
        label="How",
        choices=[("self_drawn", "Self-drawn 自摸"), ("discard", "Discard 食出銃")],
        widget=forms.RadioSelect,
        required=False,
    )
    value_mode = radio_field(
        [("points", "Type the points"), ("tiles", "Enter the tiles")], label="Value"
    )
    points = forms.IntegerField(label="Points", min_value=1, max_value=480, required=False)

    field_order = ["winner", "how", "blamed", "value_mode", "points"]

    def has_penalty(self) -> bool:
        return self.params.get("illegal_call") is not None
