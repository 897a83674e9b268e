"""Score riichi hand-json lines with jansou (the pure-Python riichi library issue 38 names),
one result line per hand line, as ``mahjong-score evaluate --rules riichi`` does.

    .venv/bin/python tools/jansou_evaluate.py HANDS.jsonl > RESULTS.jsonl

Only what ``bench_hands.py`` writes is read: concealed tiles, melds, the winning tile, the
winds, self-drawn, riichi and the dora indicators. jansou is installed beside the league
(``.venv/bin/pip install jansou``), not a dependency of it.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from jansou.core.hand import CallSource, Hand, Meld, MeldType
from jansou.core.notation import parse_mpsz
from jansou.core.rules import preset
from jansou.core.tiles import Wind
from jansou.scoring.context import WinContext
from jansou.scoring.score import ScoringError, score

RULES = preset("renmei")  # no red fives, as the league's "ema" preset


def _meld(data: dict[str, Any]) -> Meld:
    tiles = tuple(parse_mpsz(data["tiles"]))
    if data["type"] == "chow":
        return Meld(MeldType.CHII, tiles, called=tiles[0], source=CallSource.KAMICHA)
    if data["type"] == "pung":
        return Meld(MeldType.PON, tiles, called=tiles[0], source=CallSource.TOIMEN)
    if data["concealed"]:
        return Meld(MeldType.ANKAN, tiles)
    return Meld(MeldType.DAIMINKAN, tiles, called=tiles[0], source=CallSource.TOIMEN)


def _wind(code: str) -> Wind:
    return Wind(int(code[0]) - 1)


def result(data: dict[str, Any]) -> dict[str, Any]:
    """The han and fu of one hand object, or the error jansou gives."""
    hand = Hand(tuple(parse_mpsz(data["concealed"])), tuple(_meld(m) for m in data["melds"]))
    context = WinContext(
        rules=RULES,
        round_wind=_wind(data["prevailing_wind"]),
        seat_wind=_wind(data["seat_wind"]),
        is_tsumo=data["self_drawn"],
        riichi=data["riichi"],
        dora_indicators=tuple(parse_mpsz(data["dora_indicators"])),
    )
    try:
        found = score(hand, parse_mpsz(data["winning_tile"])[0], context)
    except ScoringError as error:
        return {"ok": False, "error": str(error)}
    return {"ok": True, "han": found.han, "fu": found.fu.total}


def main() -> int:
    with open(sys.argv[1], "rb") as stream:
        for line in stream:
            sys.stdout.write(json.dumps(result(json.loads(line))) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
