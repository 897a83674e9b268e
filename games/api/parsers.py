"""The API's JSON parser: bounded nesting, and no text a database column cannot hold."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rest_framework import exceptions, parsers

# Far deeper than any hand or rule set (five levels at most); deep enough nesting makes
# Python's decoder and every later walk over the value run out of stack.
MAX_DEPTH = 32
NUL_MESSAGE = "Text cannot contain the NUL character (\\u0000)."


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(too_deep()) from None
        check_json(data)
        return data


def too_deep() -> str:
    return f"JSON parse error - the body is nested deeper than {MAX_DEPTH} levels."


def check_json(data: Any) -> None:
    """Refuse nesting past ``MAX_DEPTH`` and NUL in any key or text, naming where it is.

    PostgreSQL cannot store NUL in a text or jsonb column, so it would otherwise fail on
    saving (a 500) where SQLite stored it.
    """
    for path, value, depth in _walk(data):
        if depth > MAX_DEPTH:
            raise exceptions.ParseError(too_deep())
        if isinstance(value, str) and "\x00" in value:
            raise exceptions.ValidationError({path or "non_field_errors": [NUL_MESSAGE]})


def _walk(data: Any) -> Iterator[tuple[str, Any, int]]:
    """Every key and value with its dotted path (``input.hand.0``) and depth, without
    recursion (the value may be as deep as the decoder allowed)."""
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    while stack:
        path, value, depth = stack.pop()
        yield path, value, depth
        if isinstance(value, dict):
            for key, item in value.items():
                child = f"{path}.{key}" if path else str(key)
                yield child, key, depth + 1
                stack.append((child, item, depth + 1))
        elif isinstance(value, list):
            stack.extend(
                (f"{path}.{index}" if path else str(index), item, depth + 1)
                for index, item in enumerate(value)
            )
