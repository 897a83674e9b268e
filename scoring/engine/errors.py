"""The one hierarchy of errors the engines raise for bad input.

Every error carries a message a player can act on (``str(error)``) and, where the
input had named parts, the ``field`` that is wrong, so that a page can show the
message beside that field and the API can key its 400 answer by it.

A message is written once, in English, as a template with its values apart, so that a
reader's language can be put in its place: the league sets a translator
(``use_translator``, with Django's ``gettext``) and reads the message in the reader's
language; the command line sets none and reads the English. A value that is an English
word to translate with the message is given as a ``Term``; one that is another engine
error is read as that error's message.

>>> seat = Term("the winner")
>>> error = HandError("{seat} must be seat 1 to {seats}", field="winner", seat=seat, seats=4)
>>> str(error)
'the winner must be seat 1 to 4'
>>> str(LineError(3, "line {number}: {problem}", number=3, problem=error))
'line 3: the winner must be seat 1 to 4'

A seat is never shown as a number: a message gives it as a ``Seat``, read as the player's
name once whoever knows the names gives them (``EngineError.name_seats``: the league, a
score file's seating line), else as the seat's wind (the command line has no names).

>>> riichi = HandError("{player} declared riichi", player=Seat(1))
>>> str(riichi)
'South declared riichi'
>>> riichi.name_seats(["Ann", "Bo", "Cy", "Di"])
>>> str(riichi)
'Bo declared riichi'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Part = tuple[str, Mapping[str, Any]]


class Term(str):
    """An English word or phrase inside a message, translated with it."""

    __slots__ = ()


WINDS = (Term("East"), Term("South"), Term("West"), Term("North"))


class Seat:
    """A seat (0 is the first) inside a message: its player's name when known, else its
    wind, never its number."""

    __slots__ = ("index", "name")

    def __init__(self, index: int, name: str | None = None) -> None:
        self.index = index
        self.name = name

    def named(self, names: Sequence[str]) -> Seat:
        return Seat(self.index, names[self.index] if 0 <= self.index < len(names) else None)

    def __str__(self) -> str:
        if self.name is not None:
            return self.name
        return _translate(WINDS[self.index % len(WINDS)])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seat) and (other.index, other.name) == (self.index, self.name)

    def __hash__(self) -> int:
        return hash((self.index, self.name))


class Name:
    """A pattern's or fan's name inside a message, read as the reader names it (the league
    reads it through ``scoring.chinese.pattern_name``: the Chinese name alone on a Chinese
    page); without a namer, the English name and the Chinese after it.

    >>> str(Message("fan {name}", name=Name("All Pungs", "碰碰和")))
    'fan All Pungs 碰碰和'
    """

    __slots__ = ("chinese", "english")

    def __init__(self, english: str, chinese: str) -> None:
        self.english = english
        self.chinese = chinese

    def __str__(self) -> str:
        return _name(self.english, self.chinese)


def _both(english: str, chinese: str) -> str:
    return f"{english} {chinese}".strip()


_name: Callable[[str, str], str] = _both


def use_namer(name: Callable[[str, str], str]) -> None:
    """Read every pattern's name in a message through ``name(english, chinese)``."""
    global _name
    _name = name


def _named(values: Mapping[str, Any], names: Sequence[str]) -> Mapping[str, Any]:
    named = {}
    for key, value in values.items():
        if isinstance(value, Seat):
            value = value.named(names)
        elif isinstance(value, (EngineError, Message)):
            value.name_seats(names)
        named[key] = value
    return named


def _same(text: str) -> str:
    return text


_translate: Callable[[str], str] = _same


def use_translator(translate: Callable[[str], str]) -> None:
    """Read every engine message through ``translate`` (the league's ``gettext``)."""
    global _translate
    _translate = translate


def render(parts: tuple[Part, ...]) -> str:
    """The message of ``parts`` in the current translator's language."""
    return "".join(_fill(_translate(template), values) for template, values in parts)


def _fill(template: str, values: Mapping[str, Any]) -> str:
    if not values:
        return template
    return template.format(**{key: _value(value) for key, value in values.items()})


def _value(value: Any) -> Any:
    if isinstance(value, Term):
        return _translate(value)
    if isinstance(value, (EngineError, Message, Seat, Name)):
        return str(value)
    return value


class Message:
    """A note that is not an error (a warning), written as an error's message is: an
    English template with its values apart, read in the current translator's language.

    >>> str(Message("{seat}: recorded {fan} fan", seat=Term("East"), fan=8))
    'East: recorded 8 fan'
    """

    __slots__ = ("parts",)

    def __init__(self, template: str, **values: Any) -> None:
        self.parts: tuple[Part, ...] = ((template, values),)

    def name_seats(self, names: Sequence[str]) -> None:
        """Read every ``Seat`` of the message as the player sitting there."""
        self.parts = tuple((template, _named(values, names)) for template, values in self.parts)

    def __str__(self) -> str:
        return render(self.parts)

    def __repr__(self) -> str:
        return f"Message({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and other.parts == self.parts

    __hash__ = None  # type: ignore[assignment]


class EngineError(ValueError):
    """Base of every error caused by what a person typed or uploaded. ``message`` is a
    template filled from ``values``, or another engine error whose message is kept."""

    def __init__(
        self, message: str | EngineError, *, field: str | None = None, **values: Any
    ) -> None:
        self.parts: tuple[Part, ...] = (
            message.parts if isinstance(message, EngineError) else ((message, values),)
        )
        super().__init__(self.message)
        self.field = field

    @property
    def message(self) -> str:
        return render(self.parts)

    def __str__(self) -> str:
        return self.message

    def name_seats(self, names: Sequence[str]) -> None:
        """Read every ``Seat`` of the message as the player sitting there (names by seat)."""
        self.parts = tuple((template, _named(values, names)) for template, values in self.parts)

    def prefixed(self, template: str, **values: Any) -> None:
        """Put ``template`` (filled from ``values``) before the message."""
        self.parts = ((template, values), *self.parts)


class RulesError(EngineError):
    """A rule set's parameters are not valid."""


class HandError(EngineError):
    """A hand's input cannot be scored under the rules given."""


class WorkLimitError(RulesError):
    """A rule set asks for more work to score a hand than any one request may take."""


LOCATED = Term("line {line}: {message}")  # a message template, marked for translators
UNEXPECTED = Term("the scorer failed on this input ({kind}: {detail}); please report it")


def unexpected(error: Exception) -> str:
    """The message of an error that is not an engine error (a fault of ours, not of the
    input), so that a batch command reports it where one item's result would be and goes on.

    >>> unexpected(KeyError("x"))
    "the scorer failed on this input (KeyError: 'x'); please report it"
    """
    return render(((UNEXPECTED, {"kind": type(error).__name__, "detail": str(error)}),))


class LineError(EngineError):
    """A line of a score file or record is malformed; ``line`` is 1-based."""

    def __init__(self, line: int, message: str | EngineError, **values: Any) -> None:
        super().__init__(message, **values)
        self.line = line

    @property
    def located(self) -> str:
        """The message after its line, as the command lines print it after the file's name.

        >>> LineError(3, "no seat {seat}", seat=5).located
        'line 3: no seat 5'
        """
        return render(((LOCATED, {"line": self.line, "message": self}),))
