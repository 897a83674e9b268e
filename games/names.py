"""How players' names are compared: a name, an alias and a name in a file meet when their
keys do; a name that nearly meets one is proposed, never taken."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher

# How alike two keys must be (difflib's ratio: 2 × matching characters / both lengths) for
# an unknown name to be proposed as another's: "ada lee" and "ada lea" are, "ada" and "bob"
# are not.
NEAR_RATIO = 0.8


def name_key(name: str) -> str:
    """The name as names are compared: NFKC (full-width letters are the ASCII ones),
    case-folded, its runs of spaces one space: "ＡＤＡ", "Ada" and " ada " meet."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def near_match(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``name`` most nearly is, or none: a candidate whose key starts the
    name's key as a whole word ("Ada" for "Ada L."), or the other way round, or whose key
    is at least ``NEAR_RATIO`` alike. The likeliest wins (ties: the first in order)."""
    key = name_key(name)
    best: tuple[float, str] | None = None
    for candidate in candidates:
        other = name_key(candidate)
        if not other or other == key:
            continue
        score = _likeness(key, other)
        if score >= NEAR_RATIO and (best is None or score > best[0]):
            best = (score, candidate)
    return best[1] if best else None


def _likeness(key: str, other: str) -> float:
    short, long = sorted((key, other), key=len)
    if long.startswith(short + " "):
        return 1.0
    return SequenceMatcher(None, key, other).ratio()
