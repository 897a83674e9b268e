"""Forms for classical rule sets (a preset or the club's rules file) and hands (every
player's tile sets and events, entered from the Mah-Jongg player onwards)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.display import lazy_text
from scoring.engine import classical
from scoring.engine.classical.entry import parse_tokens, set_from_token
from scoring.engine.classical.model import EAST_LIMIT, FIXED_SCORE, LIMIT, STAKE
from scoring.engine.classical.params import rules_from_params
from scoring.engine.errors import EngineError, LineError
from scoring.engine.text import TextError, decode_text
from scoring.forms import HandInputForm, ParamsForm, bounded_integer, radio_field
from scoring.forms.typed import choice_field
from scoring.parameters import whole_number_parameter

DRAW = "draw"
FROM_THE_FILE = ""
MAX_UPLOAD = 100_000
METHOD_CHOICES = [
    (FROM_THE_FILE, gettext_lazy("As the rules file says")),
    ("0", gettext_lazy("0 · only the winner is paid")),
    ("1", gettext_lazy("1 · only the winner is paid, East double")),
    ("2", gettext_lazy("2 · all players settle differences, East double")),
    ("3", gettext_lazy("3 · the winner collects, the others settle differences, East double")),
    ("4", gettext_lazy("4 · the discarder pays (a self-drawn win: as 1)")),
]
YES_NO = [
    (FROM_THE_FILE, gettext_lazy("As the rules file says")),
    ("yes", gettext_lazy("Yes")),
    ("no", gettext_lazy("No")),
]
BOOLEAN_OPTIONS = {
    "draw_advance_wind": gettext_lazy("After a draw the deal passes (DrawAdvanceWind)"),
    "new_east_each_round": gettext_lazy("A new East is chosen for each round (NewEastEachRound)"),
    "draw_reset_consec": gettext_lazy("A draw ends East's run of Mah-Jonggs (DrawResetConsec)"),
}


class ClassicalParamsForm(ParamsForm):
    rules = radio_field(
        [
            ("millington", lazy_text("Millington (limit 1000)")),
            ("1920s", lazy_text("1920s rules (limit 400)")),
            ("file", lazy_text("The club's own rules file")),
        ],
        label=gettext_lazy("Rules"),
    )
    rules_file = forms.FileField(
        required=False,
        label=gettext_lazy("Upload a rules file"),
        help_text=gettext_lazy(
            "A .rules file in the 1000FluffyClouds language; it replaces the text below."
        ),
    )
    text = forms.CharField(
        required=False,
        label=gettext_lazy("Rules file text"),
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        help_text=gettext_lazy("Or type or edit the rules file here. It is checked on save."),
    )
    payment_method = forms.ChoiceField(
        choices=METHOD_CHOICES, required=False, label=gettext_lazy("Payment method")
    )
    draw_advance_wind = forms.ChoiceField(
        choices=YES_NO, required=False, label=BOOLEAN_OPTIONS["draw_advance_wind"]
    )
    new_east_each_round = forms.ChoiceField(
        choices=YES_NO, required=False, label=BOOLEAN_OPTIONS["new_east_each_round"]
    )
    draw_reset_consec = forms.ChoiceField(
        choices=YES_NO, required=False, label=BOOLEAN_OPTIONS["draw_reset_consec"]
    )
    east_limit = bounded_integer(
        EAST_LIMIT,
        required=False,
        label=gettext_lazy("East passes the deal after this many Mah-Jonggs in a row"),
        help_text=gettext_lazy("Empty: as the rules file says (its N rule); 0: never."),
    )
    limit = bounded_integer(
        LIMIT,
        required=False,
        label=gettext_lazy("Limit"),
        help_text=gettext_lazy("Empty: the rules' own limit (Millington 1000, 1920s 400)."),
    )
    stake = bounded_integer(
        STAKE, initial=2000, label=gettext_lazy("Starting stake of each player")
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("rules") != "file":
            return data
        upload = data.get("rules_file")
        if upload is not None:
            text = self._read_upload(upload)
            if text is None:
                return data
            data["text"] = text
            # Shown in the text box, so that the club can correct the errors it has.
            # A QueryDict from a request (a dict in tests): either copies as itself.
            shown = cast(QueryDict, self.data).copy()
            shown[self.add_prefix("text")] = text
            self.data = shown
        text = data.get("text") or ""
        if not text.strip():
            self.add_error("text", _("Upload a rules file or type its text."))
            return data
        errors, _warnings = classical.check_rules(text)
        for error in errors:
            self.add_error("text", _line_error(error))
        return data

    def _read_upload(self, upload: Any) -> str | None:
        if upload.size > MAX_UPLOAD:
            self.add_error("rules_file", _("A rules file can be at most 100 kB."))
            return None
        try:
            return decode_text(upload.read())
        except TextError as error:
            self.add_error("rules_file", error.message)
            return None

    def params(self) -> dict[str, Any]:
        data = self.cleaned_data
        params: dict[str, Any] = {"rules": data["rules"], "stake": data["stake"]}
        if data["rules"] == "file":
            params["text"] = data["text"]
        if data.get("payment_method"):
            params["payment_method"] = int(data["payment_method"])
        for name in BOOLEAN_OPTIONS:
            if data.get(name):
                params[name] = data[name] == "yes"
        for name in ("east_limit", "limit"):
            if data.get(name) is not None:
                params[name] = data[name]
        return params

    @classmethod
    def initial_from_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        initial = dict(params)
        initial["payment_method"] = str(params.get("payment_method", FROM_THE_FILE))
        for name in BOOLEAN_OPTIONS:
            value = params.get(name)
            initial[name] = FROM_THE_FILE if value is None else ("yes" if value else "no")
        return initial


@dataclass
class PlayerBlock:
    """One player's part of the hand form: sets, events and a fixed score."""

    seat: int
    name: str
    sets: forms.BoundField
    events: forms.BoundField
    fixed: forms.BoundField


class ClassicalHandForm(HandInputForm):
    """Who went Mah-Jongg (or a draw) and how, then every player's sets and events."""

    template_name_hand = "scoring/classical_hand_fields.html"
    field_map = {"players": "mahjong"}

    mahjong = forms.ChoiceField(label=gettext_lazy("Who went Mah-Jongg?"), widget=forms.RadioSelect)
    discarder = forms.ChoiceField(
        label=gettext_lazy("The winning tile"), widget=forms.RadioSelect, required=False, initial=""
    )
    cannon = forms.BooleanField(
        required=False,
        label=gettext_lazy("The discard let off a cannon (the discarder pays for everyone)"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)

        try:
            rules = rules_from_params(self.params)
        except EngineError:  # a damaged version: the service names the problem on save
            rules = classical.preset(classical.DEFAULT_PRESET)
        self.rules = rules
        seats = [(str(seat), name) for seat, name in enumerate(self.seat_names)]
        choice_field(self, "mahjong").choices = [*seats, (DRAW, "Draw (wash-out)")]
        choice_field(self, "discarder").choices = [("", "From the wall (self-drawn)")] + [
            (seat, _("Discarded by %(name)s") % {"name": name}) for seat, name in seats
        ]
        if rules.options.new_east_each_round:
            self.fields["next_east"] = forms.ChoiceField(
                label=_("If this hand ends the round: who is East in the next round?"),
                choices=[("", "East simply moves on"), *seats],
                required=False,
            )
        events = [(str(rule.id), rule.description) for rule in rules.events(mahjong=True)]
        self.mahjong_only = {str(rule.id) for rule in rules.events(mahjong=True)} - {
            str(rule.id) for rule in rules.events(mahjong=False)
        }
        for seat in range(len(self.seat_names)):
            sets = forms.CharField(
                required=False,
                label=_("Sets"),
                help_text=(
                    _(
                        "Codes or tiles: PED 555s -111z +2222p 345m 55s F1 S3 (− concealed, + a "
                        "kong claimed to a concealed pung)."
                    )
                ),
            )
            sets.widget.attrs.update({"autocomplete": "off", "autocapitalize": "off"})
            self.fields[f"sets_{seat}"] = sets
            self.fields[f"events_{seat}"] = forms.MultipleChoiceField(
                choices=events,
                required=False,
                widget=forms.CheckboxSelectMultiple,
                label=_("Events"),
            )
            fixed = bounded_integer(FIXED_SCORE, required=False, label=_("Fixed score"))
            fixed.widget.attrs.update({"inputmode": "numeric", "placeholder": "as calculated"})
            self.fields[f"fixed_{seat}"] = fixed

    @property
    def seat_count(self) -> int:
        return len(self.seat_names)

    def mahjong_seat(self) -> int | None:
        value = self.data.get(self.add_prefix("mahjong")) if self.is_bound else None
        value = value if value is not None else self.initial.get("mahjong")
        seat = whole_number_parameter(value) if isinstance(value, str) else None
        return seat if seat is not None and seat < self.seat_count else None

    def player_blocks(self) -> list[PlayerBlock]:
        """Every player, from the Mah-Jongg player onwards (counter-clockwise)."""
        first = self.mahjong_seat() or 0
        order = [(first + step) % self.seat_count for step in range(self.seat_count)]
        return [
            PlayerBlock(
                seat,
                self.seat_names[seat],
                self[f"sets_{seat}"],
                self[f"events_{seat}"],
                self[f"fixed_{seat}"],
            )
            for seat in order
        ]

    def clean(self) -> dict[str, Any]:

        super().clean()

        data = self.cleaned_data
        mahjong = data.get("mahjong")
        for seat in range(self.seat_count):
            for token in parse_tokens(data.get(f"sets_{seat}") or ""):
                try:
                    set_from_token(token)
                except EngineError as error:
                    self.add_error(f"sets_{seat}", error.message)
            if mahjong != str(seat):
                # Changing the Mah-Jongg player drops the other's Mah-Jongg-only events (§6.1).
                events = data.get(f"events_{seat}") or []
                data[f"events_{seat}"] = [e for e in events if e not in self.mahjong_only]
        if mahjong == DRAW:
            data["discarder"], data["cannon"] = "", False
        elif data.get("discarder") == mahjong and mahjong:
            self.add_error("discarder", _("The Mah-Jongg player cannot have discarded it."))
        if data.get("cannon") and not data.get("discarder"):
            self._missing("discarder", "Choose who let off the cannon.")
        return data

    def hand_input(self) -> dict[str, Any]:

        data = self.cleaned_data
        mahjong = data["mahjong"]
        hand: dict[str, Any] = {"mahjong": None if mahjong == DRAW else int(mahjong)}
        if data.get("discarder"):
            hand["discarder"] = int(data["discarder"])
        if data.get("cannon"):
            hand["cannon"] = True
        if data.get("next_east"):
            hand["next_east"] = int(data["next_east"])
        players = []
        for seat in range(self.seat_count):
            entry: dict[str, Any] = {
                "sets": parse_tokens(data.get(f"sets_{seat}") or ""),
                "events": sorted(int(e) for e in data.get(f"events_{seat}") or []),
            }
            if data.get(f"fixed_{seat}") is not None:
                entry["fixed"] = data[f"fixed_{seat}"]
            players.append(entry)
        hand["players"] = players
        return hand

    @classmethod
    def initial_from_input(cls, hand: dict[str, Any]) -> dict[str, Any]:
        mahjong = hand.get("mahjong")
        initial: dict[str, Any] = {
            "mahjong": DRAW if mahjong is None else str(mahjong),
            "discarder": "" if hand.get("discarder") is None else str(hand["discarder"]),
            "cannon": bool(hand.get("cannon")),
            "next_east": "" if hand.get("next_east") is None else str(hand["next_east"]),
        }
        for seat, entry in enumerate(hand.get("players", [])):
            initial[f"sets_{seat}"] = " ".join(entry.get("sets", []))
            initial[f"events_{seat}"] = [str(e) for e in entry.get("events", [])]
            initial[f"fixed_{seat}"] = entry.get("fixed")
        return initial

    def form_field_for(self, engine_field: str | None) -> str | None:
        """``players[2].sets`` → ``sets_2``; other fields by name."""
        text = engine_field or ""
        if text.startswith("players[") and "]." in text:
            seat, _, rest = text[len("players[") :].partition("].")
            name = f"{rest.split('.')[0]}_{seat}"
            return name if name in self.fields else None
        return super().form_field_for(engine_field)


__all__ = ["ClassicalHandForm", "ClassicalParamsForm"]


def _line_error(error: LineError) -> str:
    return _("Line %(line)s: %(message)s") % {"line": error.line, "message": error.message}
