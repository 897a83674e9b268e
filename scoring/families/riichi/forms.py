"""Phone-first forms for riichi rule sets (a preset) and hands: the result, how it was won,
who discarded (or made the chombo), the value typed as han and fu (or a limit) with its
yaku, or the tiles; who declared riichi, and who was tenpai at a draw."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from django import forms

from scoring.engine.riichi import PRESETS
from scoring.engine.riichi.payments import VALID_FU, Limit
from scoring.families.riichi.hand_input import HAN, YAKU_NAMES
from scoring.families.riichi.params import PRESET_LABELS
from scoring.forms import HandInputForm, ParamsForm, bounded_integer, radio_field
from scoring.forms.tiles import TileFieldsMixin
from scoring.forms.typed import choice_field

DRAW: Final = "draw"
CHOMBO: Final = "chombo"
# The form's answers to "how?" are the shared hand form's (its script reads them).
HOW: Final = {"self_drawn": "tsumo", "discard": "ron"}
RIICHI_FLAGS: Final = [
    ("double_riichi", "Double riichi ダブル立直"),
    ("ippatsu", "Ippatsu 一発"),
    ("chiihou", "Blessing of earth 地和"),
]


class RiichiParamsForm(ParamsForm):
    preset = radio_field([(name, PRESET_LABELS[name]) for name in PRESETS], label="Rules")

    def params(self) -> dict[str, Any]:
        return {"preset": self.cleaned_data["preset"]}


class RiichiHandForm(TileFieldsMixin, HandInputForm):
    """One hand of the hanchan, in the order the table calls it out."""

    template_name_hand = "scoring/riichi/hand_fields.html"
    # The seat and round winds follow from the hand's place in the hanchan.
    winds_from_game: ClassVar[bool] = True
    field_map = {
        "outcome": "how",
        "discarder": "blamed",
        "offender": "blamed",
        "wins": "winner",
        "hand": "concealed",
        "limit": "limit",
        "yakuman": "limit",
    }

    winner = forms.ChoiceField(label="Result", widget=forms.RadioSelect)
    how = forms.ChoiceField(
        label="How",
        choices=[("self_drawn", "Tsumo 自摸"), ("discard", "Ron 栄和")],
        widget=forms.RadioSelect,
        required=False,
    )
    blamed = forms.ChoiceField(label="By", widget=forms.RadioSelect, required=False)
    value_mode = radio_field(
        [("points", "Type han and fu"), ("tiles", "Enter the tiles")],
        label="Value",
        required=False,
    )
    han = bounded_integer(HAN, label="Han (dora included)", required=False)
    fu = forms.TypedChoiceField(
        choices=[("", "—"), *((str(fu), f"{fu} fu") for fu in sorted(VALID_FU))],
        coerce=int,
        empty_value=None,
        required=False,
        label="Fu",
    )
    limit = forms.ChoiceField(
        choices=[
            ("", "Below a limit: han and fu"),
            *((str(limit), limit.title()) for limit in Limit),
        ],
        required=False,
        label="Or a limit",
    )
    yaku = forms.MultipleChoiceField(
        choices=[(key, names.name) for key, names in YAKU_NAMES.items()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Yaku",
    )
    riichi = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Riichi declared 立直"
    )
    tenpai = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label="Tenpai at the draw 聴牌"
    )
    dora_indicators = forms.CharField(
        required=False, label="Dora indicators", help_text="e.g. 3p7z (red fives as 0m 0p 0s)"
    )
    ura_dora_indicators = forms.CharField(required=False, label="Ura dora indicators")
    riichi_flags = forms.MultipleChoiceField(
        choices=RIICHI_FLAGS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Riichi's own",
    )

    field_order = ["winner", "how", "blamed", "value_mode", "han", "fu", "limit", "yaku"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(seat), name) for seat, name in enumerate(self.seat_names)]
        results = [*seats, (DRAW, "Exhaustive draw 流局"), (CHOMBO, "Chombo 錯和")]
        choice_field(self, "winner").choices = results
        for name in ("blamed", "riichi", "tenpai"):
            choice_field(self, name).choices = seats
        self.fields["han"].widget.attrs.update({"inputmode": "numeric"})

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        winner = data.get("winner")
        if winner == CHOMBO and not data.get("blamed"):
            self._missing("blamed", "Choose who made the chombo.")
        if not winner or winner in (DRAW, CHOMBO):
            return data
        if not data.get("how"):
            self._missing("how", "Choose tsumo or ron.")
        elif data["how"] == "discard" and not data.get("blamed"):
            self._missing("blamed", "Choose who discarded.")
        if data.get("value_mode") == "tiles":
            if self.tiles_missing():
                self._missing("concealed", "Enter the tiles in hand.")
        elif not data.get("limit") and data.get("han") is None:
            self._missing("han", "Enter the han (and fu), or choose a limit.")
        return data

    def hand_input(self) -> dict[str, Any]:
        data = self.cleaned_data
        winner = data["winner"]
        riichi = sorted(int(seat) for seat in data.get("riichi") or ())
        if winner == CHOMBO:
            return {"outcome": CHOMBO, "offender": int(data["blamed"])}
        hand: dict[str, Any]
        if winner == DRAW:
            tenpai = sorted(int(seat) for seat in data.get("tenpai") or ())
            hand = {"outcome": DRAW, "tenpai": tenpai}
        else:
            hand = {"outcome": HOW[data["how"]], "wins": [self._win(int(winner))]}
            if data["how"] == "discard":
                hand["discarder"] = int(data["blamed"])
        if riichi:
            hand["riichi"] = riichi
        return hand

    def _win(self, winner: int) -> dict[str, Any]:
        data = self.cleaned_data
        win: dict[str, Any] = {"winner": winner}
        if data["value_mode"] == "tiles":
            win["hand"] = self._tiles()
            return win
        if data.get("limit") == Limit.YAKUMAN:
            win["yakuman"] = 1
        elif data.get("limit"):
            win["limit"] = data["limit"]
        else:
            win["han"] = data["han"]
            if data.get("fu") is not None:
                win["fu"] = data["fu"]
        if data.get("yaku"):
            win["yaku"] = list(data["yaku"])
        return win

    def _tiles(self) -> dict[str, Any]:
        """The tiles with riichi's own: dora indicators and flags (the winds, self-drawn
        and riichi follow from the hand's place and the declarations)."""
        tiles = self.hand_json(self_drawn=self.cleaned_data["how"] == "self_drawn")
        for key in ("seat_wind", "prevailing_wind", "self_drawn"):
            tiles.pop(key, None)
        for key in ("dora_indicators", "ura_dora_indicators"):
            if (self.cleaned_data.get(key) or "").strip():
                tiles[key] = self.cleaned_data[key].strip()
        tiles.update((flag, True) for flag in self.cleaned_data.get("riichi_flags") or ())
        return tiles

    @classmethod
    def initial_from_input(cls, hand: dict[str, Any]) -> dict[str, Any]:
        outcome = hand.get("outcome")
        initial: dict[str, Any] = {"riichi": [str(seat) for seat in hand.get("riichi", ())]}
        if outcome == CHOMBO:
            return {**initial, "winner": CHOMBO, "blamed": str(hand.get("offender"))}
        if outcome == DRAW:
            return {**initial, "winner": DRAW, "tenpai": [str(s) for s in hand.get("tenpai", ())]}
        how = {answer: key for key, answer in HOW.items()}.get(str(outcome))
        win = (hand.get("wins") or [{}])[0]
        initial.update(winner=str(win.get("winner")), how=how)
        if hand.get("discarder") is not None:
            initial["blamed"] = str(hand["discarder"])
        return {**initial, **cls._initial_value(win)}

    @classmethod
    def _initial_value(cls, win: dict[str, Any]) -> dict[str, Any]:
        if "hand" in win:
            tiles = win["hand"]
            flags = [flag for flag, _ in RIICHI_FLAGS if tiles.get(flag)]
            return {
                "value_mode": "tiles",
                **cls.initial_from_hand(tiles),
                "dora_indicators": tiles.get("dora_indicators", ""),
                "ura_dora_indicators": tiles.get("ura_dora_indicators", ""),
                "riichi_flags": flags,
            }
        limit = str(Limit.YAKUMAN) if win.get("yakuman") else win.get("limit", "")
        return {
            "value_mode": "points",
            "han": win.get("han"),
            "fu": win.get("fu"),
            "limit": limit,
            "yaku": win.get("yaku", []),
        }
