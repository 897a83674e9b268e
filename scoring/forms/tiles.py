"""Form fields for a hand given by its tiles (docs/hand-format.md), shared by tile-scored families.

The fields are plain text so that the form works without JavaScript; the tile picker
fills them in on a phone.
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine.errors import HandError
from scoring.engine.hand import FLAGS
from scoring.engine.tiles import format_tiles, is_suited, parse_tiles, suit

WIND_CHOICES = [
    ("1z", lazy_text("East 東")),
    ("2z", lazy_text("South 南")),
    ("3z", lazy_text("West 西")),
    ("4z", lazy_text("North 北")),
]
WINDS = ("seat_wind", "prevailing_wind")
FLAG_LABELS = {
    "last_tile_of_wall": lazy_text("Last tile of the wall 海底撈月"),
    "last_discard": lazy_text("Last discard 河底撈魚"),
    "replacement_tile": lazy_text("On a kong replacement 嶺上開花"),
    "bonus_replacement": lazy_text("On a flower replacement 花上"),
    "robbing_kong": lazy_text("Robbing a kong 搶槓"),
    "last_of_its_kind": lazy_text("Last of its kind 絕張"),
    "heavenly": lazy_text("Heavenly hand 天和"),
    "earthly": lazy_text("Earthly hand 地和"),
}
TILE_FIELDS = (
    "concealed",
    "melds",
    "winning_tile",
    "bonus",
    "seat_wind",
    "prevailing_wind",
    "flags",
)


def parse_melds(text: str) -> list[dict[str, Any]]:
    """Read declared sets such as ``123m 555s -7777p`` (``-`` marks a concealed kong).

    >>> [(meld["type"], meld["concealed"]) for meld in parse_melds("123m -7777p")]
    [('chow', False), ('kong', True)]
    """
    melds = []
    for token in text.replace(",", " ").split():
        concealed = token.startswith("-")
        try:
            tiles = parse_tiles(token.lstrip("-+"))
        except HandError as error:
            raise ValidationError(
                _("%(token)s: %(problem)s") % {"token": token, "problem": error.message}
            ) from error
        kind = _meld_kind(tiles)
        if kind is None:
            raise ValidationError(_("%(token)s is not a chow, pung or kong.") % {"token": token})
        melds.append({"type": kind, "tiles": format_tiles(tiles), "concealed": concealed})
    return melds


def _meld_kind(tiles: tuple[int, ...]) -> str | None:
    if len(set(tiles)) == 1:
        return {3: "pung", 4: "kong"}.get(len(tiles))
    if len(tiles) != 3:
        return None
    first, second, third = sorted(tiles)
    is_run = second == first + 1 and third == first + 2
    return "chow" if is_run and is_suited(first) and suit(first) == suit(third) else None


class TileFieldsMixin(forms.Form):
    """The tiles of a winning hand, for forms that can score a hand from its tiles."""

    # Whether the family sets the winds from the hand's place in the game, and plays without
    # flowers: the form then asks for neither.
    winds_from_game: ClassVar[bool] = False

    concealed = forms.CharField(
        required=False,
        label=lazy_text("Tiles in hand"),
        help_text=lazy_text(
            "Including the winning tile, e.g. 123m456p789s11z (m 萬, p 筒, s 索, z honours)."
        ),
    )
    melds = forms.CharField(
        required=False,
        label=lazy_text("Declared sets"),
        help_text=lazy_text("e.g. 555s 123m; a concealed kong with a minus: -7777p."),
    )
    winning_tile = forms.CharField(required=False, max_length=3, label=lazy_text("Winning tile"))
    bonus = forms.CharField(
        required=False, label=lazy_text("Flowers and seasons"), help_text="e.g. 15f"
    )
    seat_wind = forms.ChoiceField(
        choices=WIND_CHOICES, initial="1z", required=False, label=lazy_text("Winner's seat wind")
    )
    prevailing_wind = forms.ChoiceField(
        choices=WIND_CHOICES, initial="1z", required=False, label=lazy_text("Prevailing wind")
    )
    flags = forms.MultipleChoiceField(
        choices=list(FLAG_LABELS.items()),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=lazy_text("How it was won"),
    )

    def clean_melds(self) -> list[dict[str, Any]]:
        return parse_melds(self.cleaned_data.get("melds") or "")

    def tiles_missing(self) -> bool:
        return not (self.cleaned_data.get("concealed") or "").strip()

    def hand_json(self, *, self_drawn: bool) -> dict[str, Any]:
        """The hand object of docs/hand-format.md from the tile fields."""
        data = self.cleaned_data
        hand: dict[str, Any] = {
            "concealed": data["concealed"].strip(),
            "melds": data["melds"],
            "winning_tile": data["winning_tile"].strip(),
            "self_drawn": self_drawn,
        }
        # Winds left out take hand-json's default (East), or where the family fixes them by
        # the hand's place in the game (MCR), that place's winds.
        hand.update((wind, data[wind]) for wind in WINDS if data.get(wind))
        if data.get("bonus", "").strip():
            hand["bonus"] = data["bonus"].strip()
        hand.update((flag, True) for flag in data.get("flags") or [] if flag in FLAGS)
        return hand

    @staticmethod
    def initial_from_hand(hand: dict[str, Any]) -> dict[str, Any]:
        melds = " ".join(
            ("-" if meld.get("concealed") else "") + str(meld.get("tiles", ""))
            for meld in hand.get("melds", [])
        )
        return {
            "concealed": hand.get("concealed", ""),
            "melds": melds,
            "winning_tile": hand.get("winning_tile", ""),
            "bonus": hand.get("bonus", ""),
            "seat_wind": hand.get("seat_wind", "1z"),
            "prevailing_wind": hand.get("prevailing_wind", "1z"),
            "flags": [flag for flag in FLAGS if hand.get(flag)],
        }
