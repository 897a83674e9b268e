"""The league's door to the engines' one decoder of every uploaded or read file."""

from __future__ import annotations

from scoring.engine.text import TextError, decode_text

__all__ = ["TextError", "decode_text"]
