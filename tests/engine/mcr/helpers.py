"""Building MCR test hands tersely: ``hand("123m...", "5p", "pung:777z ckong:1111s")``."""

from __future__ import annotations

from typing import Any

from scoring.engine.evaluation import Evaluation
from scoring.engine.hand import Hand, hand_from_json
from scoring.engine.mcr import MCRRules, evaluate

_KINDS = {"chow": ("chow", False), "pung": ("pung", False), "kong": ("kong", False)}
_KINDS["ckong"] = ("kong", True)


def hand(concealed: str, winning: str, melds: str = "", **context: Any) -> Hand:
    """A validated hand; melds are ``kind:tiles`` words (chow, pung, kong, ckong)."""
    declared = []
    for word in melds.split():
        kind, tiles = word.split(":")
        meld_type, hidden = _KINDS[kind]
        declared.append({"type": meld_type, "tiles": tiles, "concealed": hidden})
    return hand_from_json(
        {"concealed": concealed, "winning_tile": winning, "melds": declared, **context}
    )


def fans(result: Evaluation) -> dict[str, int]:
    """The counted fans of a result by id."""
    return {p.id: p.count for p in result.patterns}


def score(
    concealed: str, winning: str, melds: str = "", rules: MCRRules | None = None, **context: Any
) -> Evaluation:
    """Evaluate a terse hand."""
    built = hand(concealed, winning, melds, **context)
    return evaluate(built) if rules is None else evaluate(built, rules)
