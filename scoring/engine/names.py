"""What a person's name (or a club's, a rule set's, a season's) may hold, for every path.

Forms, score files and PMN records all pass names through ``clean_name``: trimmed, in NFC
(so that ``é`` typed two ways is one player), and free of the characters that are not
text: control characters (a tab, a newline, NUL), format characters that reorder or hide
text (bidirectional overrides, zero-width spaces), line separators, unassigned and private
code points. Letters of every script, marks, digits, punctuation, symbols and spaces are
kept; so are the zero-width (non-)joiners that Persian, Indic and emoji spellings need.

>>> clean_name("  Cafe\\u0301 ")
'Café'
>>> clean_name("王 小明"), clean_name("می\\u200cخواهم")
('王 小明', 'می\\u200cخواهم')
>>> clean_name("Ann\\u202eevil")
Traceback (most recent call last):
...
scoring.engine.errors.EngineError: a name cannot hold U+202E (at character 4)
"""

from __future__ import annotations

import unicodedata
from typing import Final

from scoring.engine.errors import EngineError

# Control, format, surrogate, private use, unassigned; line and paragraph separators.
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
JOINERS: Final = frozenset({"\u200c", "\u200d"})  # zero-width non-joiner and joiner


def clean_name(text: str, *, field: str | None = "name") -> str:
    """``text`` trimmed and in NFC; ``EngineError`` naming ``field`` if it is empty or holds a
    character that is not text (named by its code point and position)."""
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        raise EngineError("enter a name", field=field)
    for position, char in enumerate(name, start=1):
        if unicodedata.category(char) in REFUSED_CATEGORIES and char not in JOINERS:
            raise EngineError(
                "a name cannot hold U+{ord:04X} (at character {position_value})",
                field=field,
                ord=ord(char),
                position_value=position,
            )
    return name
