"""Phone-first forms for riichi rule sets (a preset) and hands: the result, how it was won,
who discarded (or made the chombo), the value typed as han and fu (or a limit) with its
yaku, or the tiles; who declared riichi, and who was tenpai at a draw."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final, cast

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.chinese import pattern_name
from scoring.display import lazy_text
from scoring.engine.penalties import CHOMBO_AMOUNT, CHOMBO_ENDS, MAX_AMOUNT, PenaltyPreset
from scoring.engine.riichi import PRESETS
from scoring.engine.riichi.payments import VALID_FU, Limit
from scoring.engine.riichi.rules import ChomboPenalty, MultipleRon
from scoring.families.riichi.hand_input import HAN, YAKU_NAMES
from scoring.families.riichi.params import (
    DEFAULT_PRESET,
    FINAL_CHOMBO_POINTS,
    FLAG_SETTINGS,
    PRESET_LABELS,
    final_chombo_points,
    rules_from_params,
)
from scoring.families.riichi.win_fields import (
    OTHER_WIN_PARTS,
    OTHER_WINNERS,
    WINNER_LABELS,
    error_field,
    fu_field,
    initial_other,
    limit_field,
    other_win,
    other_win_fields,
    typed_value,
    value_problem,
)
from scoring.forms import (
    CHOMBO_ENDS_CHOICES,
    HandInputForm,
    ParamsForm,
    bounded_integer,
    radio_field,
)
from scoring.forms.tiles import TileFieldsMixin
from scoring.forms.typed import choice_field

DRAW: Final = "draw"
CHOMBO: Final = "chombo"
ABORTIVE: Final = "abortive"
# The form's answers to "how?" are the shared hand form's (its script reads them).
HOW: Final = {"self_drawn": "tsumo", "discard": "ron"}
RIICHI_FLAGS: Final = [
    ("double_riichi", lazy_text("Double riichi ダブル立直")),
    ("ippatsu", lazy_text("Ippatsu 一発")),
    ("chiihou", lazy_text("Blessing of earth 地和")),
]
# The han grid's choices: 1 to 13 (13 and more pay alike).
GRID_HAN: Final = 13
AS_PRESET: Final = ("", _("As the preset says"))
YES_NO: Final = {"yes": True, "no": False}


def final_chombo_label(points: int) -> str:
    """The chombo answer that takes ``points`` off the offender's final score."""
    return gettext("%(points)s off the final score") % {"points": f"{points:,}"}


# How a chombo is paid; a form states the rule set's own cost (``_state_chombo_cost``).
CHOMBO_ANSWERS: Final[list[tuple[str, Any]]] = [
    ("final", lazy(final_chombo_label, str)(FINAL_CHOMBO_POINTS)),
    ("mangan", _("A reverse mangan paid at the table")),
]
# The settings an organiser may change on the preset (docs/spec/riichi.md §9), with their
# answers; a flag's answers are "yes" and "no".
SETTING_FIELDS: Final = {
    "leftover_sticks": (
        _("Riichi sticks left on the table at the end"),
        [("first", _("To first place")), ("lost", _("Lost"))],
    ),
    "honba_to_all_winners": (
        _("Counters (honba) in a double ron"),
        [("yes", _("To every winner")), ("no", _("To the winner nearest the discarder"))],
    ),
    "chombo": (_("Chombo"), CHOMBO_ANSWERS),
    "kazoe_yakuman": (
        _("13 han or more without a yakuman (kazoe yakuman 数え役満)"),
        [("yes", _("A yakuman")), ("no", _("A sanbaiman"))],
    ),
    "multiple_yakuman": (
        _("Two yakuman in one hand"),
        [("yes", _("Pay double")), ("no", _("Pay one yakuman"))],
    ),
    "kiriage": (
        _("4 han 30 fu and 3 han 60 fu (kiriage mangan 切り上げ満貫)"),
        [("yes", _("A mangan")), ("no", _("As counted: 7,700 / 11,600"))],
    ),
    "abortive_draws": (
        _("Abortive draws 途中流局"),
        [("yes", _("Played")), ("no", _("Not played"))],
    ),
    "nagashi_mangan": (
        _("Nagashi mangan 流し満貫"),
        [("yes", _("Played")), ("no", _("Not played"))],
    ),
    "pao": (
        _("Liability (pao 包) for big three dragons and big four winds"),
        [("yes", _("Played")), ("no", _("Not played"))],
    ),
}


# A yaku as the reader names it (the Chinese name alone on a Chinese page), when shown.
yaku_label = lazy(pattern_name, str)


class RiichiParamsForm(ParamsForm):
    """The preset, and each setting an organiser may change on it (blank: as the preset)."""

    preset = radio_field(
        [(name, PRESET_LABELS[name]) for name in PRESETS], label=lazy_text("Rules")
    )
    # Whether a chombo is paid to the others follows from how it is paid (``chombo``).
    chombo_fields = (CHOMBO_AMOUNT, CHOMBO_ENDS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        chombo_fields = {key: self.fields.pop(key) for key in self.chombo_fields}
        for key, (label, answers) in SETTING_FIELDS.items():
            self.fields[key] = forms.ChoiceField(
                choices=[AS_PRESET, *answers], required=False, label=label
            )
        self.fields |= chombo_fields
        self._state_chombo_cost()
        # A riichi chombo voids its hand: it ends that hand or the whole game.
        ends = cast(forms.ChoiceField, self.fields[CHOMBO_ENDS])
        ends.choices = [choice for choice in CHOMBO_ENDS_CHOICES if choice[0] != "nothing"]

    def _state_chombo_cost(self) -> None:
        """The chombo's answers and its cost's help state the costs: the rule set's own (as
        sent, else as stored) and the preset's, which a blank cost takes."""
        given = self.data if self.is_bound else self.initial
        sent = given.get("preset")
        preset = str(sent if sent in PRESETS else self.initial.get("preset") or DEFAULT_PRESET)
        typed = str(given.get(CHOMBO_AMOUNT) or "").strip()
        whole = typed.isdecimal() and len(typed) <= len(str(MAX_AMOUNT))
        own = int(typed) if whole and 0 < int(typed) <= MAX_AMOUNT else None
        final = final_chombo_label(final_chombo_points(preset, own))
        answers = [(key, final if key == "final" else label) for key, label in CHOMBO_ANSWERS]
        choice_field(self, "chombo").choices = [AS_PRESET, *answers]
        amount = self.fields[CHOMBO_AMOUNT]
        amount.label = lazy_text("Chombo off the final score")
        amount.help_text = gettext("Blank: as the preset says (%(points)s).") % {
            "points": f"{final_chombo_points(preset):,}"
        }

    def state_chombo_default(self, default: PenaltyPreset) -> None:
        """Riichi states its chombo's costs itself (``_state_chombo_cost``): a blank cost is
        the preset's final-score penalty, whatever the preset pays at the table."""

    def params(self) -> dict[str, Any]:
        params: dict[str, Any] = {"preset": self.cleaned_data["preset"]}
        for key in SETTING_FIELDS:
            answer = self.cleaned_data.get(key)
            if answer:
                params[key] = YES_NO[answer] if key in FLAG_SETTINGS else answer
        return params

    @classmethod
    def initial_from_params(cls, params: dict[str, Any]) -> dict[str, Any]:
        """A flag's stored true or false as the form's yes or no."""
        initial: dict[str, Any] = dict(params)
        for key in FLAG_SETTINGS:
            if key in params:
                initial[key] = "yes" if params[key] else "no"
        return initial


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

    winner = forms.ChoiceField(label=lazy_text("Result"), widget=forms.RadioSelect)
    how = forms.ChoiceField(
        label=lazy_text("How"),
        choices=[("self_drawn", lazy_text("Tsumo 自摸")), ("discard", lazy_text("Ron 栄和"))],
        widget=forms.RadioSelect,
        required=False,
    )
    blamed = forms.ChoiceField(label=lazy_text("By"), widget=forms.RadioSelect, required=False)
    value_mode = radio_field(
        [("points", lazy_text("Type han and fu")), ("tiles", lazy_text("Enter the tiles"))],
        label=lazy_text("Value"),
        required=False,
    )
    han = bounded_integer(HAN, label=lazy_text("Han (dora included)"), required=False)
    fu = fu_field()
    limit = limit_field()
    yaku = forms.MultipleChoiceField(
        choices=[(key, yaku_label(names.name, names.name_zh)) for key, names in YAKU_NAMES.items()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=lazy_text("Yaku"),
    )
    riichi = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label=lazy_text("Riichi declared 立直")
    )
    tenpai = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=lazy_text("Tenpai at the draw 聴牌"),
    )
    dora_indicators = forms.CharField(
        required=False,
        label=lazy_text("Dora indicators"),
        help_text=lazy_text("e.g. 3p7z (red fives as 0m 0p 0s)"),
    )
    ura_dora_indicators = forms.CharField(required=False, label=lazy_text("Ura dora indicators"))
    riichi_flags = forms.MultipleChoiceField(
        choices=RIICHI_FLAGS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=lazy_text("Riichi's own"),
    )
    # Where the rules play them: liability (pao), abortive draws, nagashi mangan.
    liable = forms.ChoiceField(
        required=False,
        label=_("Liable (pao 包)"),
        help_text=_("who fed the last dragon or wind of a big three dragons or big four winds"),
    )
    abortive = forms.BooleanField(
        required=False,
        label=_("Abortive draw 途中流局"),
        help_text=_("nine terminals, four winds, four riichi, four kans, triple ron"),
    )
    nagashi = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label=_("Nagashi mangan 流し満貫")
    )

    field_order = ["winner", "how", "blamed", "value_mode", "han", "fu", "limit", "yaku"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = [(str(seat), name) for seat, name in enumerate(self.seat_names)]
        results = [
            *seats,
            (DRAW, lazy_text("Exhaustive draw 流局")),
            (CHOMBO, lazy_text("Chombo 錯和")),
        ]
        choice_field(self, "winner").choices = results
        for name in ("blamed", "riichi", "tenpai", "nagashi"):
            choice_field(self, name).choices = seats
        choice_field(self, "liable").choices = [("", _("Nobody")), *seats]
        self._drop_unplayed()
        for ordinal in OTHER_WINNERS:
            self.fields.update(other_win_fields(ordinal, seats, pao="liable" in self.fields))
        for name in (f"{ordinal}_han" for ordinal in OTHER_WINNERS):
            self.fields[name].widget.attrs.update({"inputmode": "numeric"})
        self._grids()

    def _grids(self) -> None:
        """Han and fu as one-tap grids: han 1 to 13 (a larger han already stored stays a
        choice), fu as the engine counts them, or none (from 5 han, or for a limit)."""
        shown = list(range(1, GRID_HAN + 1))
        stored = self.initial.get("han")
        if isinstance(stored, int) and stored not in shown:
            shown.append(stored)
        self.fields["han"].widget = forms.RadioSelect(choices=[(n, str(n)) for n in shown])
        fu = [(str(fu), str(fu)) for fu in sorted(VALID_FU)]
        self.fields["fu"].widget = forms.RadioSelect(choices=[("", _("No fu")), *fu])

    def _drop_unplayed(self) -> None:
        """Leave out what these rules do not play."""
        rules = rules_from_params(self.params)
        played = {
            "liable": rules.pao,
            "abortive": rules.abortive_draws,
            "nagashi": rules.nagashi_mangan,
        }
        for name, kept in played.items():
            if not kept:
                del self.fields[name]

    @property
    def more_open(self) -> bool:
        """Whether "More" starts open: something in it is filled in or has an error."""
        names = ["limit", "yaku", "liable"]
        names += [f"{ordinal}_{part}" for ordinal in OTHER_WINNERS for part in OTHER_WIN_PARTS]
        return any(
            name in self.fields and (self[name].value() or self[name].errors) for name in names
        )

    @property
    def chombo_cost(self) -> str:
        """What a chombo costs under the hand's rules (the rule set's own cost), said beside
        the chombo's offender."""
        rules = rules_from_params(self.params)
        if rules.chombo is ChomboPenalty.FINAL:
            return gettext("Under these rules a chombo costs %(points)s off the final score.") % {
                "points": f"{rules.chombo_points:,}"
            }
        return gettext("Under these rules a chombo pays a reverse mangan at the table.")

    @property
    def red_fives(self) -> bool:
        """Whether the rules play red fives: the tile picker has a row of them."""
        return rules_from_params(self.params).red_fives

    @property
    def head_bump(self) -> bool:
        """Whether the rule set pays only the winner nearest the discarder."""
        return rules_from_params(self.params).multiple_ron is MultipleRon.HEAD_BUMP

    @property
    def other_winners(self) -> list[dict[str, Any]]:
        """Each other winner's bound fields by part (``winner``, ``han``, ``fu``, ``limit``,
        ``concealed``, ``melds``, ``winning_tile``, ``flags``, and ``liable`` where the
        rules play pao), with its ``ordinal``."""
        return [
            {
                "ordinal": ordinal,
                **{
                    part: self[f"{ordinal}_{part}"]
                    for part in OTHER_WIN_PARTS
                    if f"{ordinal}_{part}" in self.fields
                },
            }
            for ordinal in OTHER_WINNERS
        ]

    def form_field_for(self, engine_field: str | None) -> str | None:
        """An error on a later win (``wins[1].han``) goes beside that winner's field, one on
        the first win's liable player (``wins[0].liable``) beside Liable."""
        found = re.fullmatch(r"wins\[(\d+)\](?:\.(\w+))?", engine_field or "")
        if found and found.group(1) == "0" and found.group(2) == "liable":
            return "liable" if "liable" in self.fields else None
        if found and 0 < int(found.group(1)) <= len(OTHER_WINNERS):
            ordinal = OTHER_WINNERS[int(found.group(1)) - 1]
            return error_field(ordinal, found.group(2) or "winner")
        return super().form_field_for(engine_field)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        winner = data.get("winner")
        if winner == CHOMBO and not data.get("blamed"):
            self._missing("blamed", lazy_text("Choose who made the chombo."))
        if winner == DRAW and data.get("abortive"):
            self._clean_abortive()
        if not winner or winner in (DRAW, CHOMBO):
            return data
        if not data.get("how"):
            self._missing("how", lazy_text("Choose tsumo or ron."))
        elif data["how"] == "discard" and not data.get("blamed"):
            self._missing("blamed", lazy_text("Choose who discarded."))
        if data.get("value_mode") == "tiles":
            if self.tiles_missing():
                self._missing("concealed", lazy_text("Enter the tiles in hand."))
        elif not data.get("limit") and data.get("han") is None:
            self._missing("han", lazy_text("Enter the han (and fu), or choose a limit."))
        self._clean_other_winners()
        return data

    def _clean_abortive(self) -> None:
        """An abortive draw pays nobody: no tenpai players, no nagashi mangan."""
        for name in ("tenpai", "nagashi"):
            if self.cleaned_data.get(name):
                self._missing(
                    name,
                    gettext("An abortive draw pays nobody: clear these, or untick Abortive draw."),
                )

    def _clean_other_winners(self) -> None:
        """More winners only on a ron, where the rules pay each, every one another player."""
        data = self.cleaned_data
        others = [ordinal for ordinal in OTHER_WINNERS if data.get(f"{ordinal}_winner")]
        if not others:
            return
        field = f"{others[0]}_winner"
        winner = {"winner": WINNER_LABELS[others[0]]}
        if data.get("how") != "discard":
            self._missing(
                field,
                gettext(
                    "Only a ron has more than one winner: choose Ron, or set %(winner)s to Nobody."
                )
                % winner,
            )
        elif self.head_bump:
            self._missing(
                field,
                gettext(
                    "No other winner under head bump (atamahane): only the winner nearest the "
                    "discarder is paid. Record that winner alone and set %(winner)s to Nobody."
                )
                % winner,
            )
        else:
            self._check_other_winners(others)

    def _check_other_winners(self, others: list[str]) -> None:
        data = self.cleaned_data
        taken = {data.get("winner"), data.get("blamed")}
        for ordinal in others:
            seat = data[f"{ordinal}_winner"]
            if seat in taken:
                self._missing(
                    f"{ordinal}_winner",
                    gettext(
                        "%(name)s already won or discarded: choose another player as %(winner)s."
                    )
                    % {"name": self.seat_names[int(seat)], "winner": WINNER_LABELS[ordinal]},
                )
            taken.add(seat)
            problem = value_problem(data, ordinal) or self._liable_problem(ordinal)
            if problem is not None:
                self._missing(*problem)

    def _liable_problem(self, ordinal: str) -> tuple[str, str] | None:
        """What is wrong with the player named liable (pao) for another winner's hand, as
        (field, message): never the winner, only for a yakuman (one given by its tiles is
        checked once they are evaluated)."""
        data = self.cleaned_data
        liable = data.get(f"{ordinal}_liable")
        if not liable:
            return None
        field, names = f"{ordinal}_liable", {"winner": WINNER_LABELS[ordinal]}
        if liable == data.get(f"{ordinal}_winner"):
            message = gettext(
                "%(winner)s: a winner cannot be liable (pao) for their own hand. Choose the "
                "player who fed the last set, or Nobody."
            )
            return field, message % names
        typed = data.get(f"{ordinal}_limit") or data.get(f"{ordinal}_han") is not None
        if typed and data.get(f"{ordinal}_limit") != Limit.YAKUMAN:
            message = gettext(
                "%(winner)s: liability (pao) is for a yakuman. Choose Yakuman as their limit, "
                "or set Liable to Nobody."
            )
            return field, message % names
        return None

    def hand_input(self) -> dict[str, Any]:
        data = self.cleaned_data
        winner = data["winner"]
        riichi = sorted(int(seat) for seat in data.get("riichi") or ())
        if winner == CHOMBO:
            return {"outcome": CHOMBO, "offender": int(data["blamed"])}
        hand: dict[str, Any]
        if winner == DRAW and data.get("abortive"):
            hand = {"outcome": ABORTIVE}
        elif winner == DRAW:
            tenpai = sorted(int(seat) for seat in data.get("tenpai") or ())
            hand = {"outcome": DRAW, "tenpai": tenpai}
            nagashi = sorted(int(seat) for seat in data.get("nagashi") or ())
            if nagashi:
                hand["nagashi"] = nagashi
        else:
            wins = [self._win(int(winner)), *self._other_wins()]
            hand = {"outcome": HOW[data["how"]], "wins": wins}
            if data["how"] == "discard":
                hand["discarder"] = int(data["blamed"])
        if riichi:
            hand["riichi"] = riichi
        return hand

    def _win(self, winner: int) -> dict[str, Any]:
        data = self.cleaned_data
        win: dict[str, Any] = {"winner": winner}
        if data.get("liable"):
            win["liable"] = int(data["liable"])
        if data["value_mode"] == "tiles":
            win["hand"] = self._tiles()
            return win
        win.update(typed_value(data.get("han"), data.get("fu"), data.get("limit")))
        if data.get("yaku"):
            win["yaku"] = list(data["yaku"])
        return win

    def _other_wins(self) -> list[dict[str, Any]]:
        """The ron's other winners, each with their typed value or their tiles (with the
        hand's dora indicators, and its ura dora for a winner who declared riichi)."""
        data = self.cleaned_data
        if data.get("how") != "discard":
            return []
        declared = {int(seat) for seat in data.get("riichi") or ()}
        wins = []
        for ordinal in OTHER_WINNERS:
            if not data.get(f"{ordinal}_winner"):
                continue
            keys = ["dora_indicators"]
            if int(data[f"{ordinal}_winner"]) in declared:
                keys.append("ura_dora_indicators")
            indicators = {key: data[key].strip() for key in keys if (data.get(key) or "").strip()}
            wins.append(other_win(data, ordinal, indicators))
        return wins

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
        if outcome == ABORTIVE:
            return {**initial, "winner": DRAW, "abortive": True}
        if outcome == DRAW:
            return {
                **initial,
                "winner": DRAW,
                "tenpai": [str(s) for s in hand.get("tenpai", ())],
                "nagashi": [str(s) for s in hand.get("nagashi", ())],
            }
        how = {answer: key for key, answer in HOW.items()}.get(str(outcome))
        win = (hand.get("wins") or [{}])[0]
        initial.update(winner=str(win.get("winner")), how=how)
        if win.get("liable") is not None:
            initial["liable"] = str(win["liable"])
        if hand.get("discarder") is not None:
            initial["blamed"] = str(hand["discarder"])
        others = zip(OTHER_WINNERS, (hand.get("wins") or [])[1:], strict=False)
        for ordinal, other in others:
            initial.update(initial_other(ordinal, other))
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
