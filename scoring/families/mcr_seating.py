"""Where MCR players sit and which wind each has, hand by hand through a 16-hand game (§9.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.display import SEAT_LABELS
from scoring.engine.errors import HandError, RulesError, Seat, Term
from scoring.engine.tiles import parse_tile
from scoring.forms.mcr import COMPETITION_SEATS, FIXED_SEATS
from scoring.forms.tiles import WIND_CHOICES

HANDS_PER_GAME = 16
WINDS = ("1z", "2z", "3z", "4z")
WIND_LABELS = dict(WIND_CHOICES)
# The round as the reader names it: "East 東" in English, "東" in Chinese.
ROUND_NAMES = SEAT_LABELS
# The wind (0 East … 3 North) of each player, by session seat, in the first hand of each
# round. Competition rules (§9.3): East and South swap places after the East round, West
# and North too, and so on, so that every player starts a round at every wind once.
ROUND_STARTS: dict[str, tuple[tuple[int, ...], ...]] = {
    COMPETITION_SEATS: ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0)),
    FIXED_SEATS: ((0, 1, 2, 3),) * 4,
}


def seating(params: Mapping[str, Any]) -> str:
    """The rule set's seating; a version stored before it was a choice kept seats fixed."""
    seats = params.get("seats", FIXED_SEATS)
    if seats not in ROUND_STARTS:
        raise RulesError("seats must be competition or fixed", field="seats")
    return str(seats)


def winds_for_hand(number: int, seats: str) -> dict[str, Any]:
    """Prevailing wind and each seat's wind for hand ``number`` (1-based) of a 16-hand game.

    The deal passes every hand and the prevailing wind changes every four hands (§9.3).
    With ``seats`` "fixed", seat 1 is East in the first hand of every round; with
    "competition" the players change seats at each round (``ROUND_STARTS``).

    >>> winds_for_hand(6, "fixed")
    {'prevailing_wind': '2z', 'seat_winds': ['4z', '1z', '2z', '3z']}
    >>> winds_for_hand(6, "competition")
    {'prevailing_wind': '2z', 'seat_winds': ['1z', '4z', '3z', '2z']}
    """
    round_index, hand = divmod((number - 1) % HANDS_PER_GAME, 4)
    starts = ROUND_STARTS[seats][round_index]
    return {
        "prevailing_wind": WINDS[round_index],
        "seat_winds": [WINDS[(start - hand) % 4] for start in starts],
    }


def place_winds(
    tiles: Mapping[str, Any], seat: int, winds: Mapping[str, Any], field: str | None = None
) -> dict[str, Any]:
    """A winner's tiles (docs/hand-format.md) with the winds of ``winds`` (``winds_for_hand``) for
    ``seat``; ``HandError`` on ``field`` (by default the wind's own) when the tiles name
    another wind.

    >>> place_winds({"concealed": "..."}, 1, winds_for_hand(2, "fixed"))
    {'concealed': '...', 'seat_wind': '1z', 'prevailing_wind': '1z'}
    >>> place_winds({"seat_wind": "4z"}, 1, winds_for_hand(1, "fixed"))
    Traceback (most recent call last):
    ...
    scoring.engine.errors.HandError: South is South (2z) in this hand of the game, not 4z
    """
    if seat not in range(len(winds["seat_winds"])):
        return dict(tiles)  # the family reports the seat itself
    expected = {"seat_wind": winds["seat_winds"][seat], "prevailing_wind": winds["prevailing_wind"]}
    for key, wind in expected.items():
        given = tiles.get(key)
        if given is not None and _same_tile(given) != _same_tile(wind):
            raise _wrong_wind(key, seat, wind, given, field=field or key)
    return {**tiles, **expected}


# One template each, so that the messages are translated whole (a word is not a sentence).
WRONG_WIND = {
    "seat_wind": Term("{player} is {name} ({wind}) in this hand of the game, not {given}"),
    "prevailing_wind": Term(
        "the prevailing wind is {name} ({wind}) in this hand of the game, not {given}"
    ),
}


def _wrong_wind(key: str, seat: int, wind: str, given: object, *, field: str) -> HandError:
    name = Term(WIND_LABELS[wind].split()[0])
    values = {"player": Seat(seat), "name": name, "wind": wind, "given": given}
    return HandError(WRONG_WIND[key], field=field, **values)


def _same_tile(code: Any) -> Any:
    """A wind code as the engine reads it (``code`` itself when it is not a tile: the
    evaluation reports that)."""
    try:
        return parse_tile(code, field=None)
    except (HandError, TypeError):
        return code


@dataclass(frozen=True)
class TableState:
    """The table before hand ``number`` of the game: the round, each player's wind and the
    dealer; ``number`` past the last hand once the game is complete."""

    number: int
    names: tuple[str, ...]
    seat_winds: tuple[str, ...] = ()
    prevailing_wind: str = ""

    @property
    def over(self) -> bool:
        return self.number > HANDS_PER_GAME

    @property
    def hands_per_game(self) -> int:
        return HANDS_PER_GAME

    @property
    def round_name(self) -> str:
        return str(ROUND_NAMES[WINDS.index(self.prevailing_wind)]) if self.prevailing_wind else ""

    @property
    def dealer(self) -> int | None:
        """The seat of East, who deals."""
        return self.seat_winds.index(WINDS[0]) if self.seat_winds else None

    @property
    def dealer_name(self) -> str:
        return self.names[self.dealer] if self.dealer is not None else ""

    @property
    def seats(self) -> list[tuple[str, str, bool]]:
        """Each player's name, wind (East 東 …) and whether they deal."""
        return [
            (name, WIND_LABELS[wind], seat == self.dealer)
            for seat, (name, wind) in enumerate(zip(self.names, self.seat_winds, strict=True))
        ]


def table_state(number: int, seats: str, names: Sequence[str]) -> TableState:
    """The table before hand ``number`` (1-based) of a game seated by ``seats``."""
    if number > HANDS_PER_GAME:
        return TableState(number, tuple(names))
    winds = winds_for_hand(number, seats)
    return TableState(number, tuple(names), tuple(winds["seat_winds"]), winds["prevailing_wind"])
