"""A riichi hand in one line of the score sheet, with its players' names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from scoring.families.riichi.hand_input import YAKU_NAMES

# A ron's winners beyond the first, said once after them.
MULTIPLE_RON: Final = {2: " · double ron", 3: " · triple ron"}


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
        tenpai = ", ".join(names[seat] for seat in hand.get("tenpai", ())) or "nobody"
        text = f"Exhaustive draw (流局) · tenpai: {tenpai}"
        nagashi = ", ".join(names[seat] for seat in hand.get("nagashi", ()))
        text += f" · nagashi mangan: {nagashi}" if nagashi else ""
    elif outcome == "abortive":
        text = "Abortive draw (途中流局)"
    elif outcome == "chombo":
        text = f"Chombo by {names[hand['offender']]} (錯和)"
    else:
        wins = " and ".join(
            f"{names[win['winner']]} {outcome} {_value(win, _evaluation_of(win, evaluation))}"
            + (f", {names[win['liable']]} liable (pao)" if win.get("liable") is not None else "")
            for win in hand.get("wins", ())
        )
        text = f"{wins} off {names[hand['discarder']]} (栄和)" if outcome == "ron" else wins
        text += MULTIPLE_RON.get(len(hand.get("wins", ())), "")
        text += " (自摸)" if outcome == "tsumo" else ""
    declarers = ", ".join(names[seat] for seat in hand.get("riichi", ()))
    return f"{text} · riichi: {declarers}" if declarers else text


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
        text = "yakuman" if count == 1 else f"{count}× yakuman"
    elif source.get("limit") or source.get("limit_name"):
        name = source.get("limit_name") or source["limit"]
        text = f"{name} ({source['han']} han)" if source.get("han") else str(name)
    elif "han" in source:
        text = f"{source['han']} han {source.get('fu', 0)} fu"
    else:
        text = "(tiles)"
    if evaluation is not None:
        text += " from tiles"
    yaku = [YAKU_NAMES[name].name for name in win.get("yaku", ()) if name in YAKU_NAMES]
    return f"{text} ({', '.join(yaku)})" if yaku else text
