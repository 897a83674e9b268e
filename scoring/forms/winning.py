"""The hand form shared by families whose input is a winner, how, and a value or tiles.

Zung Jung and MCR ask the same questions: who won (or a draw, or a penalised false
declaration), self-drawn or on whose discard, then the value typed or the tiles. Their
inputs differ only in names: the value's key (``points`` / ``fan``) and the penalty outcome
(``illegal_call`` / ``false_win``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy

from scoring.forms import HandInputForm
from scoring.forms.tiles import TileFieldsMixin
from scoring.forms.typed import choice_field

DRAW = "draw"


class WinningHandForm(TileFieldsMixin, HandInputForm):
    """Who won, how, who discarded (or made the false call), then the value or the tiles."""

    value_key: ClassVar[str]  # the input key, and the form field, of the typed value
    value_name: ClassVar[str]  # "points", "fan": for messages
    penalty: ClassVar[str]  # the outcome of a false declaration
    penalty_label: ClassVar[str]
    draw_label: ClassVar[str]
    field_map = {"outcome": "how", "discarder": "blamed", "offender": "blamed", "hand": "concealed"}

    winner = forms.ChoiceField(label=gettext_lazy("Result"), widget=forms.RadioSelect)
    blamed = forms.ChoiceField(label=gettext_lazy("By"), widget=forms.RadioSelect, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(seat), name) for seat, name in enumerate(self.seat_names)]
        results = [*seats, (DRAW, self.draw_label)]
        if self.has_penalty():
            results.append((self.penalty, self.penalty_label))
        choice_field(self, "winner").choices = results
        choice_field(self, "blamed").choices = seats
        self.fields[self.value_key].widget.attrs.update({"inputmode": "numeric"})

    def has_penalty(self) -> bool:
        return True

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        winner = data.get("winner")
        if winner == self.penalty and not data.get("blamed"):
            self._missing("blamed", "Choose who made the false call.")
        if not winner or winner in (DRAW, self.penalty):
            return data
        if not data.get("how"):
            self._missing("how", "Choose how the hand was won.")
        elif data["how"] == "discard" and not data.get("blamed"):
            self._missing("blamed", "Choose who discarded.")
        if data.get("value_mode") == "tiles":
            if self.tiles_missing():
                self._missing("concealed", "Enter the tiles in hand.")
        elif data.get(self.value_key) is None:
            self._missing(self.value_key, f"Enter the hand's {self.value_name}.")
        return data

    def hand_input(self) -> dict[str, Any]:
        data = self.cleaned_data
        winner = data["winner"]
        if winner == DRAW:
            return {"outcome": DRAW}
        if winner == self.penalty:
            return {"outcome": self.penalty, "offender": int(data["blamed"])}
        hand: dict[str, Any] = {"outcome": data["how"], "winner": int(winner)}
        if data["how"] == "discard":
            hand["discarder"] = int(data["blamed"])
        if data["value_mode"] == "tiles":
            hand["hand"] = self.hand_json(self_drawn=data["how"] == "self_drawn")
        else:
            hand[self.value_key] = data[self.value_key]
        return hand

    @classmethod
    def initial_from_input(cls, hand: dict[str, Any]) -> dict[str, Any]:
        outcome = hand.get("outcome")
        if outcome in (DRAW, cls.penalty):
            initial: dict[str, Any] = {"winner": outcome}
            if hand.get("offender") is not None:
                initial["blamed"] = str(hand["offender"])
            return initial
        initial = {"winner": str(hand.get("winner")), "how": outcome}
        if hand.get("discarder") is not None:
            initial["blamed"] = str(hand["discarder"])
        if "hand" in hand:
            initial.update(value_mode="tiles", **cls.initial_from_hand(hand["hand"]))
        else:
            initial.update({"value_mode": "points", cls.value_key: hand.get(cls.value_key)})
        return initial
