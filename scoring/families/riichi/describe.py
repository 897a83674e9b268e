"""A riichi hand in one line of the score sheet, with its players' names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.chinese import pattern_name
from scoring.families.riichi.hand_input import YAKU_NAMES

# A ron's winners beyond the first, said once after them.
MULTIPLE_RON: Final = {2: gettext_noop(" · double ron"), 3: gettext_noop(" · triple ron")}
# The limits as the sheet names them (their keys are the engine's).
LIMIT_NAMES: Final = {
    "mangan": gettext_noop("mangan"),
    "haneman": gettext_noop("haneman"),
    "baiman": gettext_noop("baiman"),
    "sanbaiman": gettext_noop("sanbaiman"),
    "yakuman": gettext_noop("yakuman"),
}


def hand_line(
    hand: Mapping[str, Any], names: Sequence[str], evaluation: Mapping[str, Any] | None = None
) -> str:
    """The hand as the sheet shows it.

    >>> names = ["Ann", "Bo", "Cy", "Di"]
    >>> hand_line({"outcome": "ron", "wins": [{"winner": 0, "han": 3, "fu": 30}],
    ...            "discarder": 1, "riichi": [0]}, names)
    'Ann ron 3 han 30 fu off Bo (栄和) · riichi: Ann'
    >>> hand_line({"outcome": "ron", "wins": [{"winner": 0, "han": 2, "fu": 40},
    ...            {"winner": 2, "limit": "mangan"}], "discarder": 1}, names)
    'Ann ron 2 han 40 fu and Cy ron mangan off Bo (栄和) · double ron'
    >>> hand_line({"outcome": "draw", "tenpai": [2]}, names)
    'Exhaustive draw (流局) · tenpai: Cy'
    >>> hand_line({"outcome": "draw", "tenpai": [], "nagashi": [3]}, names)
    'Exhaustive draw (流局) · tenpai: nobody · nagashi mangan: Di'
    >>> hand_line({"outcome": "abortive", "riichi": [1]}, names)
    'Abortive draw (途中流局) · riichi: Bo'
    >>> hand_line({"outcome": "tsumo", "wins": [{"winner": 0, "yakuman": 1, "liable": 2}]}, names)
    'Ann tsumo yakuman, Cy liable (pao) (自摸)'
    """
    outcome = hand.get("outcome")
    if outcome == "draw":
        tenpai = ", ".join(names[seat] for seat in hand.get("tenpai", ())) or _("nobody")
        text = _("Exhaustive draw (流局) · tenpai: %(tenpai)s") % {"tenpai": tenpai}
        nagashi = ", ".join(names[seat] for seat in hand.get("nagashi", ()))
        if nagashi:
            text += _(" · nagashi mangan: %(players)s") % {"players": nagashi}
    elif outcome == "abortive":
        text = _("Abortive draw (途中流局)")
    elif outcome == "chombo":
        text = _("Chombo by %(offender)s (錯和)") % {"offender": names[hand["offender"]]}
    else:
        wins = _(" and ").join(
            _win_line(win, outcome, names, evaluation) for win in hand.get("wins", ())
        )
        if outcome == "ron":
            text = _("%(wins)s off %(discarder)s (栄和)") % {
                "wins": wins,
                "discarder": names[hand["discarder"]],
            }
        else:
            text = wins
        multiple = MULTIPLE_RON.get(len(hand.get("wins", ())), "")
        text += _(multiple) if multiple else ""
        if outcome == "tsumo":
            text = _("%(wins)s (自摸)") % {"wins": text}
    declarers = ", ".join(names[seat] for seat in hand.get("riichi", ()))
    if declarers:
        return _("%(text)s · riichi: %(declarers)s") % {"text": text, "declarers": declarers}
    return text


def _win_line(
    win: Mapping[str, Any],
    outcome: Any,
    names: Sequence[str],
    evaluation: Mapping[str, Any] | None,
) -> str:
    """One winner: who, how, how much, and who is liable (pao) if someone is."""
    line = (
        _("%(winner)s ron %(value)s") if outcome == "ron" else _("%(winner)s tsumo %(value)s")
    ) % {
        "winner": names[win["winner"]],
        "value": _value(win, _evaluation_of(win, evaluation)),
    }
    if win.get("liable") is not None:
        line += _(", %(liable)s liable (pao)") % {"liable": names[win["liable"]]}
    return line


def _evaluation_of(
    win: Mapping[str, Any], evaluation: Mapping[str, Any] | None
) -> Mapping[str, Any] | None:
    """The stored evaluation of this winner's tiles, if there is one."""
    if not evaluation:
        return None
    found = [evaluation, *evaluation.get("other_winners", ())]
    return next((e for e in found if e.get("seat") == win.get("winner")), None)


def _value(win: Mapping[str, Any], evaluation: Mapping[str, Any] | None) -> str:
    """``3 han 30 fu``, ``mangan``, ``2× yakuman``, with the yaku called out."""
    source = evaluation or win
    if source.get("yakuman"):
        count = source["yakuman"]
        text = _("yakuman") if count == 1 else _("%(count)s× yakuman") % {"count": count}
    elif source.get("limit") or source.get("limit_name"):
        name = source.get("limit_name") or source["limit"]
        name = _(LIMIT_NAMES.get(str(name), str(name)))
        text = (
            _("%(name)s (%(han)s han)") % {"name": name, "han": source["han"]}
            if source.get("han")
            else name
        )
    elif "han" in source:
        text = _("%(han)s han %(fu)s fu") % {"han": source["han"], "fu": source.get("fu", 0)}
    else:
        text = _("(tiles)")
    if evaluation is not None:
        text += _(" from tiles")
    yaku = [
        pattern_name(YAKU_NAMES[name].name, YAKU_NAMES[name].name_zh)
        for name in win.get("yaku", ())
        if name in YAKU_NAMES
    ]
    return f"{text} ({', '.join(yaku)})" if yaku else text
