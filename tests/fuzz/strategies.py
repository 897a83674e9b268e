"""Hypothesis strategies for hostile input: the values a careless user or an attacker sends.

Three families of values, one per way input arrives: form fields (strings, repeated keys),
JSON (any type, any depth) and file text (a valid file with one token or line spoiled).
Each mixes plain random data with the edge cases that have broken web apps before: numbers
past every column's range, Unicode digits that ``str.isdigit`` accepts but ``int`` may not,
NUL and other control characters, very long text, and deep nesting.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from hypothesis import strategies as st

# Numbers at and past the limits of 32- and 64-bit columns, Decimal and float.
EDGE_INTEGERS = [
    0,
    -1,
    1,
    13,
    14,
    255,
    256,
    1000,
    1001,
    2**31 - 1,
    2**31,
    -(2**31) - 1,
    2**53 + 1,
    2**63,
    -(2**63) - 1,
    10**30,
    -(10**30),
    10**400,
]
EDGE_NUMBER_TEXT = [
    "1e309",
    "-1e309",
    "NaN",
    "inf",
    "-0",
    "0.0",
    "1.5",
    "1e5",
    "0x10",
    "1_000",
    "00000000000000000000001",
    "9" * 5000,
    "0." + "1" * 300,
    "  7  ",
    "+7",
]
# Text that looks like digits or is invisible or breaks parsers and column types.
EDGE_TEXT = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "\x00" * 3,
    "\x1b[31m",
    "\r\n",
    "\t",
    "²",
    "³",
    "½",
    "١٢",  # Arabic-Indic digits: isdigit() and int() accept them
    "𝟙𝟚",  # mathematical digits
    "\u200b",
    "\u202e",
    "\ufeff",
    "e\u0301",  # e + combining acute: not NFC
    "👩\u200d👩\u200d👧",
    "Ω" * 300,
    "x" * 10_000,
    "$\\frac{1}{$",
    '=HYPERLINK("http://x")',
    "<script>alert(1)</script>",
    "'; DROP TABLE games_hand; --",
    "../../etc/passwd",
    "%s%s%n",
    "{{ 7*7 }}",
    "null",
    "true",
    "[]",
    "{}",
    "2026-02-30",
    "0000-00-00",
    "9999-12-31",
    "10000-01-01",
    "-0001-01-01",
]
# Characters a Unicode-aware strategy would seldom pick on its own.
_CHARACTERS = st.characters(codec="utf-8", exclude_categories=("Cs",))


def _edge_integer_text() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(EDGE_INTEGERS).map(str),
        st.integers(min_value=-(10**40), max_value=10**40).map(str),
        st.sampled_from(EDGE_NUMBER_TEXT),
    )


def form_text() -> st.SearchStrategy[str]:
    """One form field's value, as a browser would send it (always text)."""
    return st.one_of(
        _edge_integer_text(),
        st.sampled_from(EDGE_TEXT),
        st.text(_CHARACTERS, max_size=40),
        st.dates(min_value=dt.date(1, 1, 1)).map(str),
    )


# The values most likely to break a field of each kind, tried first and most often.
NUMBER_SUSPECTS = [
    "2147483648",
    "-2147483649",
    str(10**30),
    "-1",
    "²",
    "١٢",
    "1e309",
    "NaN",
    "9" * 5000,
    "0.5",
]
TEXT_SUSPECTS = [
    "a\x00b",
    "\x1b[31m",
    "$\\frac{1}{$",
    "=1+2",
    "x" * 10_000,
    "e\u0301",
    "\u202e",
    " ",
    "",
    "²",
]


# One request each in the sweeps: every field of a form gets these, one field at a time.
# (2**31 overflows PostgreSQL's integer columns, 10**30 SQLite's too; "²" passes isdigit().)
SWEEP_NUMBERS = [str(2**31), str(10**30), "²"]
SWEEP_TEXTS = ["a\x00b", "x" * 300]


def is_number(example: Any) -> bool:
    return str(example).strip().lstrip("-").isdecimal()


def sweep_values(example: Any) -> list[str]:
    """The suspects to try in a field that accepts ``example``."""
    return SWEEP_NUMBERS if is_number(example) else SWEEP_TEXTS


def form_value(example: str = "") -> st.SearchStrategy[Any]:
    """A field's value in a POST: usually one text, sometimes the key repeated.

    ``example`` is a value the field accepts: a number's field gets numbers' suspects first.
    """
    suspects = st.sampled_from(NUMBER_SUSPECTS if is_number(example) else TEXT_SUSPECTS)
    return st.one_of(
        suspects,
        suspects,
        form_text(),
        st.lists(form_text(), min_size=2, max_size=3),
    )


class RawJson(str):
    """JSON text to splice in as it is: nesting too deep for ``json.dumps`` to write."""


def deep_nesting(depth: int) -> RawJson:
    return RawJson("[" * depth + "]" * depth)


def _json_scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.sampled_from(EDGE_INTEGERS),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(EDGE_TEXT),
        st.sampled_from(EDGE_NUMBER_TEXT),
        st.text(_CHARACTERS, max_size=30),
    )


def json_value() -> st.SearchStrategy[Any]:
    """Any JSON value: scalars at the edges, small nested structures, and deep nesting."""
    nested = st.recursive(
        _json_scalars(),
        lambda children: st.one_of(
            st.lists(children, max_size=4),
            st.dictionaries(st.text(_CHARACTERS, max_size=8), children, max_size=4),
        ),
        max_leaves=8,
    )
    return st.one_of(
        _json_scalars(),
        nested,
        st.sampled_from([deep_nesting(100), deep_nesting(20_000)]),
    )


def dump_json(body: Any) -> str:
    """``json.dumps`` of a body whose values may hold :class:`RawJson` (spliced in as is)."""
    raw: list[str] = []

    def default(value: Any) -> Any:
        raise TypeError(value)

    def placeholder(value: Any) -> Any:
        if isinstance(value, RawJson):
            raw.append(value)
            return f"\x00raw{len(raw) - 1}\x00"
        if isinstance(value, dict):
            return {key: placeholder(item) for key, item in value.items()}
        if isinstance(value, list):
            return [placeholder(item) for item in value]
        return value

    text = json.dumps(placeholder(body), default=default)
    for index, chunk in enumerate(raw):
        text = text.replace(json.dumps(f"\x00raw{index}\x00"), chunk)
    return text


def spoiled_text(text: str) -> st.SearchStrategy[str]:
    """A valid file with one whitespace-separated token replaced, or one line added."""
    tokens = text.split(" ")

    def replace_token(index: int, value: str) -> str:
        return " ".join([*tokens[:index], value, *tokens[index + 1 :]])

    token = st.one_of(
        st.sampled_from(NUMBER_SUSPECTS + TEXT_SUSPECTS),
        _edge_integer_text(),
        st.sampled_from(EDGE_TEXT),
        st.text(_CHARACTERS, max_size=12),
    )
    lines = text.splitlines(keepends=True)
    return st.one_of(
        st.builds(replace_token, st.integers(0, len(tokens) - 1), token),
        st.builds(
            lambda at, line: "".join([*lines[:at], line + "\n", *lines[at:]]),
            st.integers(0, len(lines)),
            token,
        ),
        st.just(text),
    )


NUMBER = re.compile(r"(?<![\w.])-?\d+(?![\w.])")


def file_sweep(text: str) -> list[str]:
    """A file with a NUL in its middle, then with each standalone number in turn replaced by
    each number suspect: ``0 11 12 13`` → ``0 2147483648 12 13``."""
    middle = len(text) // 2
    variants = [text[:middle] + "\x00" + text[middle:]]
    for match in NUMBER.finditer(text):
        for suspect in SWEEP_NUMBERS:
            variants.append(text[: match.start()] + suspect + text[match.end() :])
    return variants
