"""Red fives beside plain fives of their suit, in the hand and in melds, under every preset:
a winning hand is scored or refused with a message, never a crash (issue 32, item 5)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine.errors import HandError
from scoring.engine.riichi import PRESETS, evaluate_data, preset

SUITS = "mps"
SUITED = [(n, s) for s in SUITS for n in range(1, 10)]
HONOURS = [(n, "z") for n in range(1, 8)]
RED_PRESETS = [name for name, rules in PRESETS.items() if rules.red_fives]


@st.composite
def groups(draw: st.DrawFn) -> list[tuple[str, list[tuple[int, str]]]]:
    """Four sets and a pair, fives often (a chow or pung of fives, a kong of fives)."""
    fives = st.sampled_from([(5, s) for s in SUITS])
    tile = st.one_of(fives, st.sampled_from(SUITED + HONOURS))
    found: list[tuple[str, list[tuple[int, str]]]] = []
    for _ in range(4):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        if kind == "chow":
            start, suit = draw(st.integers(3, 5)), draw(st.sampled_from(SUITS))
            found.append((kind, [(n, suit) for n in range(start, start + 3)]))
        else:
            found.append((kind, [draw(tile)] * (3 if kind == "pung" else 4)))
    found.append(("pair", [draw(tile)] * 2))
    return found


def text(tiles: list[tuple[int, str]]) -> str:
    return "".join(f"{n}{s}" for n, s in tiles)


@st.composite
def winning_hands(draw: st.DrawFn, *, closed: bool) -> dict[str, Any]:
    """A winning hand object; one five of a suit may be red (written 0). A closed hand is
    riichi and self-drawn, so it always has a yaku; its kongs are concealed."""
    found = draw(groups())
    counts = Counter(t for _, tiles in found for t in tiles)
    assume(all(count <= 4 for count in counts.values()))
    # all four fives of a suit include its red one; fewer may or may not
    red = {s for s in SUITS if counts[(5, s)] == 4 or (counts[(5, s)] and draw(st.booleans()))}
    concealed: list[tuple[int, str]] = []
    melds = []
    for kind, tiles in found:
        called = kind == "kong" or (not closed and kind != "pair" and draw(st.booleans()))
        if called:
            melds.append({"type": kind, "tiles": tiles, "concealed": closed})
        else:
            concealed += tiles
    assume(concealed)
    winning = draw(st.sampled_from(concealed))
    hand: dict[str, Any] = {"concealed": concealed, "winning_tile": [winning], "melds": melds}
    for suit in red:  # the first five of the suit, wherever it lies, becomes the red one
        hand = _redden(hand, suit, draw(st.booleans()))
    result = {key: text(v) if key != "melds" else v for key, v in hand.items()}
    result["melds"] = [{**m, "tiles": text(m["tiles"])} for m in hand["melds"]]
    if closed:
        result.update(riichi=True, self_drawn=True)
    return result


def _redden(hand: dict[str, Any], suit: str, meld_first: bool) -> dict[str, Any]:
    parts = [hand["concealed"], *(m["tiles"] for m in hand["melds"])]
    order = [*parts[1:], parts[0]] if meld_first else parts
    for tiles in order:
        if (5, suit) in tiles:
            tiles[tiles.index((5, suit))] = (0, suit)
            break
    if hand["winning_tile"] == [(5, suit)] and (5, suit) not in hand["concealed"]:
        hand["winning_tile"] = [(0, suit)]
    return hand


@pytest.mark.parametrize("name", RED_PRESETS)
@settings(max_examples=150, deadline=None)
@given(hand=winning_hands(closed=True))
def test_a_closed_riichi_hand_with_red_fives_always_scores(name: str, hand: dict[str, Any]) -> None:
    result = evaluate_data(hand, preset(name))
    assert result["ok"] and result["han"] >= 2, (hand, result)


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=60, deadline=None)
@given(hand=winning_hands(closed=False))
def test_any_winning_hand_is_scored_or_refused_with_a_message(
    name: str, hand: dict[str, Any]
) -> None:
    try:
        result = evaluate_data(hand, preset(name))
    except HandError as error:
        assert str(error)
    else:
        assert result["ok"]


def test_a_kong_of_fives_with_its_red_five_scores_under_the_club_preset() -> None:
    hand = {
        "concealed": "234p456s789s11z",
        "winning_tile": "4s",
        "melds": [{"type": "kong", "tiles": "0555p", "concealed": True}],
        "riichi": True,
        "self_drawn": True,
    }
    result = evaluate_data(hand, preset("club"))
    assert result["ok"] and any(p["id"] == "aka_dora" for p in result["patterns"]), result
