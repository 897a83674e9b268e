"""Tiles as small integers: the codes of docs/hand-format.md, the seed and PMN notations.

A tile is an ``int``. The 34 playing kinds come first, in the order of the compact codes
(``1m``..``9m`` = 0..8, ``1p``..``9p`` = 9..17, ``1s``..``9s`` = 18..26, ``1z``..``7z`` =
27..33: East South West North, white green red); the eight bonus tiles follow
(``1f``..``8f`` = 34..41: four flowers, then four seasons). Counting a hand is therefore a
list of 34 integers indexed by tile.

>>> parse_tiles("123m11z")
(0, 1, 2, 27, 27)
>>> format_tiles(parse_tiles("1z 5s 5s 5s 2m"))
'2m555s1z'
>>> format_tiles(from_seed("c1 b1 k1 we dr f1 s1"))
'1m1p1s17z15f'
>>> format_tiles(from_pmn("c25d5w3r1f2"))
'25m5p37z2f'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from scoring.engine.errors import HandError

Tile = int

KINDS: Final = 34  # playing tiles: 3 suits x 9 + 7 honours
BONUS_COUNT: Final = 8
ALL_TILES: Final = KINDS + BONUS_COUNT

SUITS: Final = "mpsz"  # characters 萬, dots 筒, bamboo 索, honours 字
BONUS_SUIT: Final = "f"

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
HONOURS: Final = WINDS + DRAGONS
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
ORPHANS: Final = TERMINALS + HONOURS  # the 13 kinds of Thirteen Orphans (幺九)
FLOWERS: Final = (34, 35, 36, 37)
SEASONS: Final = (38, 39, 40, 41)

_SUIT_NAMES: Final = {"m": "characters", "p": "dots", "s": "bamboo"}
_HONOUR_NAMES: Final = (
    "East wind",
    "South wind",
    "West wind",
    "North wind",
    "White dragon",
    "Green dragon",
    "Red dragon",
)
_BONUS_NAMES: Final = (
    "Plum (flower 1)",
    "Orchid (flower 2)",
    "Chrysanthemum (flower 3)",
    "Bamboo (flower 4)",
    "Spring (season 1)",
    "Summer (season 2)",
    "Autumn (season 3)",
    "Winter (season 4)",
)


def tile(number: int, suit: str) -> Tile:
    """The tile with this number in this suit letter (``m p s z f``).

    >>> tile(5, "p"), tile(7, "z"), tile(1, "f")
    (13, 33, 34)
    """
    if suit in "mps" and len(suit) == 1 and 1 <= number <= 9:
        return SUITS.index(suit) * 9 + number - 1
    if suit == "z" and 1 <= number <= 7:
        return 27 + number - 1
    if suit == "f" and 1 <= number <= 8:
        return KINDS + number - 1
    raise HandError(
        "{number}{suit!s} is not a tile{range_hint}",
        number=number,
        suit=suit,
        range_hint=_range_hint(suit),
    )


def _range_hint(suit: str) -> str:
    hints = {
        "m": ": characters are 1m-9m",
        "p": ": dots are 1p-9p",
        "s": ": bamboo are 1s-9s",
        "z": ": honours are 1z-7z (winds 1z-4z, dragons 5z-7z)",
        "f": ": bonus tiles are 1f-8f",
    }
    return hints.get(suit, "")


def suit(t: Tile) -> str:
    """The suit letter: ``m`` ``p`` ``s`` for numbers, ``z`` honours, ``f`` bonus tiles.

    >>> suit(0), suit(13), suit(26), suit(EAST), suit(34)
    ('m', 'p', 's', 'z', 'f')
    """
    if t >= KINDS:
        return BONUS_SUIT
    return SUITS[t // 9] if t < 27 else "z"


def number(t: Tile) -> int:
    """The tile's number within its suit letter (1-9; 1-7 honours; 1-8 bonus).

    >>> number(8), number(RED), number(41)
    (9, 7, 8)
    """
    if t >= KINDS:
        return t - KINDS + 1
    return t % 9 + 1 if t < 27 else t - 27 + 1


def code(t: Tile) -> str:
    """The canonical two-character code.

    >>> code(0), code(WHITE), code(38)
    ('1m', '5z', '5f')
    """
    return f"{number(t)}{suit(t)}"


def tile_name(t: Tile) -> str:
    """A name for messages: ``'5 dots'``, ``'West wind'``, ``'Spring (season 1)'``.

    >>> tile_name(13), tile_name(WEST), tile_name(RED)
    ('5 dots', 'West wind', 'Red dragon')
    """
    if t >= KINDS:
        return _BONUS_NAMES[t - KINDS]
    if t >= 27:
        return _HONOUR_NAMES[t - 27]
    return f"{number(t)} {_SUIT_NAMES[suit(t)]}"


def describe(t: Tile) -> str:
    """Code and name together for messages: ``'3z (West wind)'``."""
    return f"{code(t)} ({tile_name(t)})"


def is_suited(t: Tile) -> bool:
    """A number tile of characters, dots or bamboo."""
    return t < 27


def is_honour(t: Tile) -> bool:
    """A wind or a dragon (字牌)."""
    return 27 <= t < KINDS


def is_wind(t: Tile) -> bool:
    """East, South, West or North (風牌)."""
    return EAST <= t <= NORTH


def is_dragon(t: Tile) -> bool:
    """White, green or red dragon (箭牌)."""
    return WHITE <= t <= RED


def is_terminal(t: Tile) -> bool:
    """A 1 or 9 of a suit (老頭)."""
    return t < 27 and t % 9 in (0, 8)


def is_terminal_or_honour(t: Tile) -> bool:
    """A terminal or an honour (幺九)."""
    return is_terminal(t) or is_honour(t)


def is_simple(t: Tile) -> bool:
    """A 2-8 of a suit (中張).

    >>> [is_simple(t) for t in parse_tiles("1m2m8p9s1z")]
    [False, True, True, False, False]
    """
    return t < 27 and t % 9 not in (0, 8)


def is_bonus(t: Tile) -> bool:
    """A flower or season (花)."""
    return t >= KINDS


_COMPACT_GROUP = re.compile(r"(\d+)([mpszf])")
_COMPACT_WORD = re.compile(r"(?:\d+[mpszf])+")  # a whole word of compact groups


def _scan(pattern: re.Pattern[str], word: str) -> tuple[list[re.Match[str]], int]:
    """The back-to-back matches of ``pattern`` from the start of ``word``, and where they
    stop (``len(word)`` when the whole word was read)."""
    matches: list[re.Match[str]] = []
    position = 0
    for match in pattern.finditer(word):
        if match.start() != position:
            break
        matches.append(match)
        position = match.end()
    return matches, position


def parse_tiles(text: str | Sequence[str], *, field: str | None = None) -> tuple[Tile, ...]:
    """Parse canonical tiles: a compact string (``'123m11z'``), codes with spaces, or a list.

    Each item of a list may itself be a compact string. Unknown tiles raise ``HandError``
    naming the text and the ``field``.

    >>> parse_tiles(["1m", "23m", "5z"])
    (0, 1, 2, 31)
    >>> parse_tiles("12x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scoring.engine.errors.HandError: '12x' is not a tile: use codes like 1m-9m, ...
    """
    if isinstance(text, str):
        try:
            return _text_tiles(text)
        except HandError as error:
            raise HandError(error, field=field) from None
    if not all(isinstance(item, str) for item in text):
        raise HandError("tiles must be given as text such as '123m' or ['1m', '2m']", field=field)
    return tuple(t for item in text for t in _parse_compact(item, field))


def _parse_compact(text: str, field: str | None) -> tuple[Tile, ...]:
    try:
        return _text_tiles(text)
    except HandError as error:
        raise HandError(error, field=field) from None


@lru_cache(maxsize=4096)
def _text_tiles(text: str) -> tuple[Tile, ...]:
    """The tiles of a text of compact words (cached: winds, melds and winning tiles repeat)."""
    words = text.split()
    if len(words) == 1:
        return _word_tiles(words[0])
    return tuple(t for word in words for t in _word_tiles(word))


# Every valid (digit, suit letter) pair, so that reading a word is a dictionary lookup.
_DIGIT_TILES: Final = {
    (str(number), suit): tile(number, suit)
    for suit, top in (("m", 9), ("p", 9), ("s", 9), ("z", 7), ("f", 8))
    for number in range(1, top + 1)
}


@lru_cache(maxsize=4096)
def _word_tiles(word: str) -> tuple[Tile, ...]:
    """The tiles of one compact word such as ``'123m11z'`` (cached: melds repeat)."""
    if _COMPACT_WORD.fullmatch(word) is None:
        raise HandError(
            "{word!r} is not a tile: use codes like 1m-9m, 1p-9p, 1s-9s, 1z-7z, 1f-8f", word=word
        )
    tiles: list[Tile] = []
    for digits, suit_letter in _COMPACT_GROUP.findall(word):
        for digit in digits:
            found = _DIGIT_TILES.get((digit, suit_letter))
            tiles.append(found if found is not None else tile(int(digit), suit_letter))
    return tuple(tiles)


def parse_tile(text: str, *, field: str | None = None) -> Tile:
    """Parse exactly one canonical tile code.

    >>> parse_tile("7z") == RED
    True
    """
    if not isinstance(text, str):
        raise HandError("a tile must be given as text such as '5p'", field=field)
    found = _CODES.get(text)
    if found is not None:
        return found
    tiles = _parse_compact(text, field)
    if len(tiles) != 1:
        raise HandError("{text!r} should be exactly one tile, such as '5p'", field=field, text=text)
    return tiles[0]


# Every canonical code ("5p") and its tile: most single tiles are given this way.
_CODES: Final = {f"{digit}{letter}": t for (digit, letter), t in _DIGIT_TILES.items()}


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """The compact string, digits grouped before each suit letter (sorted unless told not to).

    >>> format_tiles([27, 0, 1, 2, 27])
    '123m11z'
    >>> format_tiles([27, 0, 1, 2, 27], sort=False)
    '1z123m1z'
    """
    ordered = sorted(tiles) if sort else list(tiles)
    parts: list[str] = []
    for index, t in enumerate(ordered):
        parts.append(str(number(t)))
        if index + 1 == len(ordered) or suit(ordered[index + 1]) != suit(t):
            parts.append(suit(t))
    return "".join(parts)


def counts(tiles: Iterable[Tile]) -> list[int]:
    """How many of each of the 34 playing kinds (bonus tiles are not counted).

    >>> counts(parse_tiles("112m"))[:3]
    [2, 1, 0]
    """
    result = [0] * KINDS
    for t in tiles:
        if t < KINDS:
            result[t] += 1
    return result


# --- the seed's notation: c = dots, b = bamboo, k = characters -----------------------------

_SEED_SUITS: Final = {"k": "m", "c": "p", "b": "s"}
_SEED_HONOURS: Final = {
    "we": EAST,
    "ws": SOUTH,
    "ww": WEST,
    "wn": NORTH,
    "dw": WHITE,
    "dg": GREEN,
    "dr": RED,
}
_SEED_TOKEN = re.compile(r"[cbk][1-9]|w[eswn]|d[rgw]|f[1-4]|s[1-4]")


def from_seed(text: str, *, field: str | None = None) -> tuple[Tile, ...]:
    """Parse the seed's notation (``c1`` dots, ``b1`` bamboo, ``k1`` characters, ``we``, ``dr``,
    ``f1``-``f4`` flowers, ``s1``-``s4`` seasons), with or without spaces.

    >>> format_tiles(from_seed("k1k2k3 c5 b9 ws dg s4"))
    '123m5p9s26z8f'
    """
    tiles: list[Tile] = []
    for word in text.split():
        matches, position = _scan(_SEED_TOKEN, word)
        tiles.extend(_seed_tile(match.group()) for match in matches)
        if position != len(word):
            raise HandError(
                "{word!r} is not a tile in the seed notation (c1-c9 dots, b1-b9 bamboo, "
                "k1-k9 characters, we ws ww wn, dr dg dw, f1-f4, s1-s4)",
                field=field,
                word=word[position:],
            )
    return tuple(tiles)


def _seed_tile(token: str) -> Tile:
    if token in _SEED_HONOURS:
        return _SEED_HONOURS[token]
    letter, digit = token[0], int(token[1])
    if letter == "f":
        return FLOWERS[digit - 1]
    if letter == "s":
        return SEASONS[digit - 1]
    return tile(digit, _SEED_SUITS[letter])


def to_seed(t: Tile) -> str:
    """The seed's code for a tile.

    >>> [to_seed(t) for t in parse_tiles("1m9p5s1z7z5f")]
    ['k1', 'c9', 'b5', 'we', 'dr', 's1']
    """
    for token, honour in _SEED_HONOURS.items():
        if honour == t:
            return token
    if t >= KINDS:
        return f"f{t - KINDS + 1}" if t in FLOWERS else f"s{t - SEASONS[0] + 1}"
    letter = {"m": "k", "p": "c", "s": "b"}[suit(t)]
    return f"{letter}{number(t)}"


# --- PMN: c = characters, d = dots, b = bamboo, w1-4 winds, r1 red r2 green r3 white -------

_PMN_GROUP = re.compile(r"([cdbwrf])(\d*)")
_PMN_SUITS: Final = {"c": "m", "d": "p", "b": "s"}
_PMN_DRAGONS: Final = (RED, GREEN, WHITE)


def from_pmn(text: str, *, field: str | None = None) -> tuple[Tile, ...]:
    """Parse PMN tiles: a letter then its digits (``c25566d579b2269wr2f``, or one tile ``d3``).

    >>> format_tiles(from_pmn("c25566d579b2269wr2f"))
    '25566m579p2269s6z'
    """
    stripped = text.strip()
    matches, position = _scan(_PMN_GROUP, stripped)
    if position != len(stripped) or not stripped:
        raise HandError(
            "{text!r} is not PMN tiles (c characters, d dots, b bamboo 1-9; w winds "
            "1-4; r dragons 1-3; f flowers 1-8)",
            field=field,
            text=text,
        )
    return tuple(
        _pmn_tile(letter, int(digit), field)
        for letter, digits in (match.groups() for match in matches)
        for digit in digits
    )


def _pmn_tile(letter: str, digit: int, field: str | None) -> Tile:
    limits = {"c": 9, "d": 9, "b": 9, "w": 4, "r": 3, "f": 8}
    if not 1 <= digit <= limits[letter]:
        raise HandError(
            "{letter}{digit} is not a PMN tile", field=field, letter=letter, digit=digit
        )
    if letter in _PMN_SUITS:
        return tile(digit, _PMN_SUITS[letter])
    if letter == "w":
        return WINDS[digit - 1]
    if letter == "r":
        return _PMN_DRAGONS[digit - 1]
    return KINDS + digit - 1


def to_pmn(t: Tile) -> str:
    """The PMN code for a tile.

    >>> [to_pmn(t) for t in parse_tiles("1m9p5s2z5z7z3f")]
    ['c1', 'd9', 'b5', 'w2', 'r3', 'r1', 'f3']
    """
    if t >= KINDS:
        return f"f{t - KINDS + 1}"
    if is_wind(t):
        return f"w{t - EAST + 1}"
    if is_dragon(t):
        return f"r{_PMN_DRAGONS.index(t) + 1}"
    letter = {"m": "c", "p": "d", "s": "b"}[suit(t)]
    return f"{letter}{number(t)}"
