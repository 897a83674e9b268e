"""Phone-first forms for Zung Jung rule sets and hands (typed points or tiles)."""

from __future__ import annotations

from typing import Any

from django import forms

from scoring.display import lazy_text
from scoring.engine.zung_jung import rules
from scoring.forms import ParamsForm, bounded_integer, radio_field
from scoring.forms.winning import WinningHandForm

ILLEGAL_CALL = "illegal_call"


class ZungJungParamsForm(ParamsForm):
    preset = radio_field(
        [
            ("seed", lazy_text("The seed list (mj-score-eval)")),
            ("official", lazy_text("Official Zung Jung v3.3")),
        ],
        label=lazy_text("Preset"),
    )
    payoff = radio_field(
        [
            ("each_loser_pays", lazy_text("Each loser pays the hand's value")),
            (
                "discarder_pays_all",
                lazy_text("On a discard win the discarder pays for everyone"),
            ),
        ],
        label=lazy_text("Payoff"),
    )
    flowers = forms.BooleanField(
        required=False, initial=True, label=lazy_text("Play with flowers and seasons")
    )
    minimum = bounded_integer(rules.MINIMUM, initial=0, label=lazy_text("Minimum points to win"))
    illegal_call = bounded_integer(
        rules.ILLEGAL_CALL,
        required=False,
        initial=40,
        label=lazy_text("Illegal call penalty"),
        help_text=lazy_text("Paid to each other player; leave empty for none."),
    )

    def params(self) -> dict[str, Any]:
        return {key: self.cleaned_data[key] for key in self.fields}


# The points offered as buttons: common pattern totals, up to the limit.
QUICK_POINTS = (5, 10, 15, 20, 25, 30, 35, 40, 50, 60, 80, 100, 160, 320)


class ZungJungHandForm(WinningHandForm):
    """Who won (or draw / illegal call), how, who discarded, then points or tiles."""

    template_name_hand = "scoring/zung_jung_hand_fields.html"
    value_key = "points"
    value_name = "points"
    penalty = ILLEGAL_CALL
    penalty_label = lazy_text("Illegal call 詐和")
    draw_label = lazy_text("Draw 流局")

    how = forms.ChoiceField(
        label=lazy_text("How"),
        choices=[
            ("self_drawn", lazy_text("Self-drawn 自摸")),
            ("discard", lazy_text("Discard 食出銃")),
        ],
        widget=forms.RadioSelect,
        required=False,
    )
    value_mode = radio_field(
        [("points", lazy_text("Type the points")), ("tiles", lazy_text("Enter the tiles"))],
        label=lazy_text("Value"),
    )
    points = forms.IntegerField(
        label=lazy_text("Points"), min_value=1, max_value=480, required=False
    )

    field_order = ["winner", "how", "blamed", "value_mode", "points"]

    def quick_values(self) -> list[tuple[int, str]]:
        """The points most hands come to, up to the limit of 320."""
        return [(points, str(points)) for points in QUICK_POINTS]

    def has_penalty(self) -> bool:
        return self.params.get("illegal_call") is not None
