"""Chinese in one script per page: the engines' pattern and fan names, written in either
script where they were first typed, are shown in the reader's (OpenCC's Hong Kong tables)."""

from __future__ import annotations

import opencc

_TO_SIMPLIFIED = opencc.OpenCC("hk2s")
_TO_TRADITIONAL = opencc.OpenCC("s2hk")


def to_simplified(text: str) -> str:
    """``text`` in Simplified characters (Hong Kong Traditional in, mainland forms out)."""
    return str(_TO_SIMPLIFIED.convert(text))


def to_traditional(text: str) -> str:
    """``text`` in Traditional characters as Hong Kong writes them."""
    return str(_TO_TRADITIONAL.convert(text))
