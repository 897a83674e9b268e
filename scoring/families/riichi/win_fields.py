"""The fields of a win beyond the first on one discard (double and triple ron): who, and the
value typed (han and fu, or a limit) or the tiles (text, filled by the tile picker), and,
where the rules play pao, the player liable for it.

Their fields are ``second_winner``, ``second_han``, ``second_fu``, ``second_limit``,
``second_concealed``, ``second_melds``, ``second_winning_tile``, ``second_flags``,
``second_liable``, then ``third_…``. The tiles share the hand's dora indicators (and its
ura dora, for a winner who declared riichi).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django import forms
from django.core.exceptions import ValidationError
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scoring.display import lazy_text
from scoring.engine.riichi.payments import VALID_FU, Limit
from scoring.families.riichi.hand_input import HAN
from scoring.forms import bounded_integer
from scoring.forms.tiles import parse_melds

OTHER_WINNERS: Final = ("second", "third")
TYPED_PARTS: Final = ("winner", "han", "fu", "limit")
TILE_PARTS: Final = ("concealed", "melds", "winning_tile", "flags")
OTHER_WIN_PARTS: Final = (*TYPED_PARTS, *TILE_PARTS, "liable")
# How a message names the winner whose field it is beside.
WINNER_LABELS: Final = {"second": _("Second winner"), "third": _("Third winner")}
# Riichi's own flags a win on a discard may have.
RON_FLAGS: Final = [
    ("double_riichi", lazy_text("Double riichi ダブル立直")),
    ("ippatsu", lazy_text("Ippatsu 一発")),
]
# The limits as a reader names them: "Mangan 満貫" in English, "滿貫" in Chinese.
LIMIT_LABELS: Final = {
    Limit.MANGAN: lazy_text("Mangan 満貫"),
    Limit.HANEMAN: lazy_text("Haneman 跳満"),
    Limit.BAIMAN: lazy_text("Baiman 倍満"),
    Limit.SANBAIMAN: lazy_text("Sanbaiman 三倍満"),
    Limit.YAKUMAN: lazy_text("Yakuman 役満"),
}
# An engine error on a win's tiles goes beside its tiles in hand.
TILE_ERRORS: Final = frozenset(
    {"hand", "concealed", "melds", "winning_tile", "dora_indicators", "ura_dora_indicators"}
)


def fu_field() -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        choices=[
            ("", "—"),
            *((str(fu), format_lazy(_("{fu} fu"), fu=fu)) for fu in sorted(VALID_FU)),
        ],
        coerce=int,
        empty_value=None,
        required=False,
        label=_("Fu"),
    )


def limit_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=[
            ("", _("Below a limit: han and fu")),
            *((str(limit), LIMIT_LABELS[limit]) for limit in Limit),
        ],
        required=False,
        label=_("Or a limit"),
    )


def typed_value(han: int | None, fu: int | None, limit: str | None) -> dict[str, Any]:
    """A win's value as the engine reads it: a limit, yakuman, or han (and fu)."""
    if limit == Limit.YAKUMAN:
        return {"yakuman": 1}
    if limit:
        return {"limit": limit}
    return {"han": han} if fu is None else {"han": han, "fu": fu}


def other_win_fields(
    ordinal: str, seats: list[tuple[str, str]], *, pao: bool
) -> dict[str, forms.Field]:
    """The fields of one more winner on the same discard: who, the value or the tiles, and
    (where the rules play ``pao``) who is liable for it."""
    fields: dict[str, forms.Field] = {
        f"{ordinal}_winner": forms.ChoiceField(
            choices=[("", _("Nobody")), *seats], required=False, label=WINNER_LABELS[ordinal]
        ),
        f"{ordinal}_han": bounded_integer(HAN, label=_("Han (dora included)"), required=False),
        f"{ordinal}_fu": fu_field(),
        f"{ordinal}_limit": limit_field(),
        f"{ordinal}_concealed": forms.CharField(
            required=False,
            label=_("Or the tiles in hand"),
            help_text=_("including the winning tile, e.g. 234m22456p345678s"),
        ),
        f"{ordinal}_melds": forms.CharField(required=False, label=_("Declared sets")),
        f"{ordinal}_winning_tile": forms.CharField(
            required=False, max_length=3, label=_("Winning tile")
        ),
        f"{ordinal}_flags": forms.MultipleChoiceField(
            choices=RON_FLAGS,
            required=False,
            widget=forms.CheckboxSelectMultiple,
            label=_("Their riichi's own"),
        ),
    }
    if pao:
        fields[f"{ordinal}_liable"] = forms.ChoiceField(
            choices=[("", _("Nobody")), *seats], required=False, label=_("Liable (pao 包)")
        )
    return fields


def value_problem(data: Mapping[str, Any], ordinal: str) -> tuple[str, str] | None:
    """What is wrong with the other winner's value or tiles, as (field, message)."""
    tiles = (data.get(f"{ordinal}_concealed") or "").strip()
    typed = data.get(f"{ordinal}_limit") or data.get(f"{ordinal}_han") is not None
    if tiles and typed:
        return f"{ordinal}_concealed", str(
            _("Give the tiles or the han and fu, not both: clear one of them.")
        )
    if not tiles and not typed:
        return f"{ordinal}_han", _("%(winner)s: enter their han (and fu), or choose a limit.") % {
            "winner": WINNER_LABELS[ordinal]
        }
    if tiles:
        try:
            parse_melds(data.get(f"{ordinal}_melds") or "")
        except ValidationError as error:
            return f"{ordinal}_melds", " ".join(error.messages)
    return None


def other_win(
    data: Mapping[str, Any], ordinal: str, indicators: Mapping[str, str]
) -> dict[str, Any]:
    """The other winner as the engine's win: typed, or its tiles with the hand's dora
    indicators (``indicators``)."""
    win: dict[str, Any] = {"winner": int(data[f"{ordinal}_winner"])}
    if data.get(f"{ordinal}_liable"):
        win["liable"] = int(data[f"{ordinal}_liable"])
    concealed = (data.get(f"{ordinal}_concealed") or "").strip()
    if not concealed:
        parts = (data.get(f"{ordinal}_{part}") for part in ("han", "fu", "limit"))
        return {**win, **typed_value(*parts)}
    tiles: dict[str, Any] = {
        "concealed": concealed,
        "melds": parse_melds(data.get(f"{ordinal}_melds") or ""),
        "winning_tile": (data.get(f"{ordinal}_winning_tile") or "").strip(),
        **indicators,
    }
    tiles.update((flag, True) for flag in data.get(f"{ordinal}_flags") or ())
    return {**win, "hand": tiles}


def initial_other(ordinal: str, win: Mapping[str, Any]) -> dict[str, Any]:
    """An other winner's fields from the stored win, typed or by its tiles."""
    initial: dict[str, Any] = {f"{ordinal}_winner": str(win.get("winner"))}
    if win.get("liable") is not None:
        initial[f"{ordinal}_liable"] = str(win["liable"])
    tiles = win.get("hand")
    if isinstance(tiles, Mapping):
        melds = " ".join(
            ("-" if meld.get("concealed") else "") + str(meld.get("tiles", ""))
            for meld in tiles.get("melds", [])
        )
        return {
            **initial,
            f"{ordinal}_concealed": tiles.get("concealed", ""),
            f"{ordinal}_melds": melds,
            f"{ordinal}_winning_tile": tiles.get("winning_tile", ""),
            f"{ordinal}_flags": [flag for flag, _label in RON_FLAGS if tiles.get(flag)],
        }
    limit = str(Limit.YAKUMAN) if win.get("yakuman") else win.get("limit", "")
    return {
        **initial,
        f"{ordinal}_han": win.get("han"),
        f"{ordinal}_fu": win.get("fu"),
        f"{ordinal}_limit": limit,
    }


def error_field(ordinal: str, part: str) -> str:
    """The field an engine error on the other winner's ``part`` shows beside."""
    part = {"yakuman": "limit"}.get(part, part)
    if part in TILE_ERRORS:
        return f"{ordinal}_concealed"
    return f"{ordinal}_{part if part in OTHER_WIN_PARTS else 'winner'}"
