"""Chinese in one script per page: the engines' pattern and fan names, written in either
script where they were first typed, are shown in the reader's (OpenCC's Hong Kong tables)."""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

import opencc
from django.utils import translation

SCRIPTS = ("hant", "hans")
# The script of the Chinese on an English page: the reader's choice (set for each request
# by games.middleware.LanguageMiddleware); Traditional unless they chose Simplified.
_english_script: ContextVar[str] = ContextVar("chinese_script", default="hant")

_TO_SIMPLIFIED = opencc.OpenCC("hk2s")
_TO_TRADITIONAL = opencc.OpenCC("s2hk")


def to_simplified(text: str) -> str:
    """``text`` in Simplified characters (Hong Kong Traditional in, mainland forms out)."""
    return str(_TO_SIMPLIFIED.convert(text))


def to_traditional(text: str) -> str:
    """``text`` in Traditional characters as Hong Kong writes them."""
    return str(_TO_TRADITIONAL.convert(text))


def use_english_script(script: str) -> None:
    """Write the Chinese of English pages in ``script`` ("hant" or "hans") from now on in
    this request."""
    _english_script.set(script if script in SCRIPTS else "hant")


def reader_script() -> str:
    """The script of the page being written: its language's, or on an English page the
    reader's choice."""
    language = translation.get_language() or ""
    if language == "zh-hans":
        return "hans"
    if language == "zh-hant":
        return "hant"
    return _english_script.get()


def in_reader_script(text: str) -> str:
    """``text`` in the script of the page being written."""
    return to_simplified(text) if reader_script() == "hans" else to_traditional(text)


def reads_chinese() -> bool:
    """Whether the page being written is in Chinese (either script)."""
    return (translation.get_language() or "").startswith("zh")


def pattern_name(name: str, name_zh: str) -> str:
    """A pattern or fan as the reader names it: its Chinese name in their script on a
    Chinese page; on an English one, the English name with the Chinese after it."""
    chinese = in_reader_script(name_zh) if name_zh else ""
    if reads_chinese() and chinese:
        return chinese
    return f"{name} {chinese}".strip()


def with_pattern_labels(evaluation: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """An evaluation for the page's scripts: each pattern carries its ``label`` as the
    reader names it (``pattern_name``), so that the scripts name nothing themselves."""
    if not evaluation or "patterns" not in evaluation:
        return evaluation
    patterns = [
        {**p, "label": pattern_name(str(p.get("name", "")), str(p.get("name_zh", "")))}
        for p in evaluation["patterns"]
    ]
    return {**evaluation, "patterns": patterns}
