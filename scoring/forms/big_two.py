"""Phone-first forms for Big Two rule sets and games: cards left per seat."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine.big_two import CARDS_LEFT, FRY_THRESHOLD
from scoring.forms import HandInputForm, ParamsForm, bounded_integer
from scoring.forms.typed import choice_field

NOBODY = ""


class BigTwoParamsForm(ParamsForm):
    fry_threshold = bounded_integer(
        FRY_THRESHOLD,
        label=lazy_text("Fry threshold (炒)"),
        initial=10,
        help_text=(
            lazy_text(
                "From this many cards left a loss is doubled (tripled from 13); 1000 "
                "turns frying off."
            )
        ),
    )

    def params(self) -> dict[str, Any]:
        return {"fry_threshold": self.cleaned_data["fry_threshold"]}


class BigTwoHandForm(HandInputForm):
    """Cards left for each seat (the winner has 0) and who, if anyone, takes all losses."""

    template_name_hand = "scoring/big_two_hand_fields.html"

    takes_all = forms.ChoiceField(
        label=lazy_text("Takes all losses"),
        widget=forms.RadioSelect,
        required=False,
        initial=NOBODY,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat, name in enumerate(self.seat_names):
            field = bounded_integer(CARDS_LEFT, label=name)
            field.widget.attrs.update({"inputmode": "numeric"})
            self.fields[f"cards_{seat}"] = field
        seats = [(str(seat), name) for seat, name in enumerate(self.seat_names)]
        choice_field(self, "takes_all").choices = [(NOBODY, lazy_text("Nobody")), *seats]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"cards_{seat}"] for seat in range(len(self.seat_names))]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        cards = [data.get(f"cards_{seat}") for seat in range(len(self.seat_names))]
        if None not in cards and cards.count(0) != 1:
            raise forms.ValidationError(_("Exactly one player has 0 cards left: the winner."))
        return data

    def hand_input(self) -> dict[str, Any]:
        data = self.cleaned_data
        hand: dict[str, Any] = {
            "losses": [data[f"cards_{seat}"] for seat in range(len(self.seat_names))]
        }
        if data.get("takes_all"):
            hand["takes_all"] = int(data["takes_all"])
        return hand

    @classmethod
    def initial_from_input(cls, hand: dict[str, Any]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            f"cards_{seat}": loss for seat, loss in enumerate(hand.get("losses", []))
        }
        takes_all = hand.get("takes_all")
        initial["takes_all"] = str(takes_all) if takes_all is not None else NOBODY
        return initial
