"""Forms for rule-set parameters and hand input, one module per rule family."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext

from scoring.display import lazy_text
from scoring.engine.bounds import Bound
from scoring.engine.penalties import (
    CHOMBO_AMOUNT,
    CHOMBO_ENDS,
    CHOMBO_KEYS,
    CHOMBO_ZERO_SUM,
    MAX_AMOUNT,
    PenaltyPreset,
)


def radio_field(choices: list[tuple[str, str]], **kwargs: Any) -> forms.ChoiceField:
    """A choice shown as big radio buttons; the first choice is the default."""
    kwargs.setdefault("initial", choices[0][0])
    return forms.ChoiceField(choices=choices, widget=forms.RadioSelect, **kwargs)


def bounded_integer(bound: Bound, **kwargs: Any) -> forms.IntegerField:
    """A whole-number field within the engine's ``bound``, refusing with the engine's message
    (the API and the files get the same one); the phone's stepper gets the range too."""
    message = _sentence_lazy(bound)
    errors = {"invalid": message, "min_value": message, "max_value": message}
    return forms.IntegerField(
        min_value=bound.low, max_value=bound.high, error_messages=errors, **kwargs
    )


def _sentence(bound: Bound) -> str:
    return bound.message[:1].upper() + bound.message[1:] + "."


# Built when the form class is, read in the language of the request that shows it.
_sentence_lazy = lazy(_sentence, str)


class HandInputForm(forms.Form):
    """Base of every family's hand form: it turns cleaned fields into the stored input dict."""

    template_name_hand: ClassVar[str]
    # Engine error fields that have a differently named form field.
    field_map: ClassVar[dict[str, str]] = {}

    def __init__(
        self, *args: Any, params: dict[str, Any], seat_names: list[str], **kwargs: Any
    ) -> None:
        self.params = params
        self.seat_names = seat_names
        # Winds the family fixes for this hand (MCR's 16-hand game), for the tile fields.
        self.context: dict[str, Any] | None = None
        super().__init__(*args, **kwargs)

    def _missing(self, field: str, message: str) -> None:
        """Ask for a field the result needs, unless it already has an error of its own."""
        if field not in self.errors:
            self.add_error(field, message)

    def quick_values(self) -> list[tuple[int, str]]:
        """The usual values of the hand's typed value (faan, fan, points) as one-tap buttons,
        each with its label; none for a form without one."""
        return []

    def hand_input(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def initial_from_input(cls, hand: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def form_field_for(self, engine_field: str | None) -> str | None:
        """The form field to show an engine error beside (``melds[1].tiles`` → ``melds``)."""
        base = (engine_field or "").split("[")[0].split(".")[0]
        name = self.field_map.get(base, base)
        return name if name in self.fields else None


AS_THE_RULES_SAY = ("", lazy_text("As the rules say"))
PAID_CHOICES = {"yes": True, "no": False}
CHOMBO_ENDS_CHOICES = [
    AS_THE_RULES_SAY,
    ("hand", lazy_text("Ends the hand")),
    ("game", lazy_text("Ends the game")),
    ("nothing", lazy_text("Ends nothing: play goes on")),
]


class ParamsForm(forms.Form):
    """Base of every family's rule-set parameter form. After the family's own fields come
    the rule set's chombo settings (``chombo_fields``), each blank for what the rules say."""

    chombo_fields: ClassVar[tuple[str, ...]] = CHOMBO_KEYS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        fields = {
            CHOMBO_AMOUNT: forms.IntegerField(
                required=False,
                min_value=1,
                max_value=MAX_AMOUNT,
                label=lazy_text("What a chombo costs"),
                help_text=lazy_text("In the rules' unit; blank: as the rules say."),
            ),
            CHOMBO_ZERO_SUM: forms.ChoiceField(
                required=False,
                label=lazy_text("A chombo's cost is"),
                choices=[
                    AS_THE_RULES_SAY,
                    ("yes", lazy_text("Paid to the other players")),
                    ("no", lazy_text("Taken away from the player")),
                ],
            ),
            CHOMBO_ENDS: forms.ChoiceField(
                required=False,
                label=lazy_text("A chombo"),
                choices=CHOMBO_ENDS_CHOICES,
            ),
        }
        for key in self.chombo_fields:
            self.fields[key] = fields[key]
        zero_sum = self.initial.get(CHOMBO_ZERO_SUM)
        if isinstance(zero_sum, bool):
            self.initial[CHOMBO_ZERO_SUM] = "yes" if zero_sum else "no"

    def state_chombo_default(self, default: PenaltyPreset) -> None:
        """Say in the cost's help what a blank cost takes: ``default``, what the rules say."""
        self.fields[CHOMBO_AMOUNT].help_text = gettext(
            "In the rules' unit; blank: as the rules say (%(amount)s)."
        ) % {"amount": f"{default.chombo:,}"}

    def params(self) -> dict[str, Any]:
        raise NotImplementedError

    def rule_set_params(self) -> dict[str, Any]:
        """The rule set's parameters: the family's (``params``) and the chombo settings
        given."""
        chosen: dict[str, Any] = {}
        for key in self.chombo_fields:
            value = self.cleaned_data.get(key)
            if value in (None, ""):
                continue
            chosen[key] = PAID_CHOICES[value] if key == CHOMBO_ZERO_SUM else value
        # A family's ``params`` that reads every field reads these too: only those given count.
        own = {key: value for key, value in self.params().items() if key not in CHOMBO_KEYS}
        return own | chosen

    @classmethod
    def initial_from_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        return dict(params)
