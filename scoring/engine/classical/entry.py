"""A classical hand as JSON (the league's hand input, a game file's hand) read into the
engine's ``HandResult``: who went Mah-Jongg and how, and every player's tile sets (as codes
or tiles), events and fixed score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.engine.bounds import is_whole
from scoring.engine.classical.game import HandResult
from scoring.engine.classical.interpreter import check_events
from scoring.engine.classical.model import FIXED_SCORE, RuleSet
from scoring.engine.classical.sets import (
    PlayerHand,
    TileSet,
    bonus_set,
    check_table_sets,
    parse_set,
    value_letter,
)
from scoring.engine.classical.tiles_in import wall_events
from scoring.engine.errors import HandError
from scoring.engine.tiles import (
    is_bonus,
    is_suited,
    number,
    parse_tiles,
    suit,
)

HAND_FIELDS = ("mahjong", "discarder", "cannon", "next_east", "players")
PLAYER_FIELDS = ("sets", "events", "fixed")


def set_from_token(token: str, *, field: str | None = None) -> TileSet:
    """A tile set from a compact token: a code (``PED``, ``KKT``, ``F1``) or tiles
    (``555s`` exposed, ``-555s`` concealed, ``+1111z`` a claimed kong, ``3f`` a bonus tile).

    >>> [set_from_token(t).code for t in ("PED", "F1", "-555s", "+1111z", "345m", "7f")]
    ['PED', 'F 1', 'PCM', 'KKE', 'CE3', 'S 3']
    """
    text = token.strip()
    if text and text[0] in "PKCTFS":
        code = text if len(text) == 3 else text[0] + " " + text[1:]
        return parse_set(code.replace("*", " ") if code[0] in "FS" else code, field=field)
    return _tiles_set(text, field)


def _tiles_set(text: str, field: str | None) -> TileSet:
    how = {"-": "C", "+": "K"}.get(text[:1], "E")
    tiles = sorted(parse_tiles(text.lstrip("-+").replace(" ", ""), field=field))
    if len(tiles) == 1 and is_bonus(tiles[0]):
        return bonus_set(tiles[0])
    kind = _kind(tiles)
    if kind is None:
        raise HandError("{text} is not a pair, pung, kong or chow", field=field, text=repr(text))
    if how == "K" and kind != "K":
        raise HandError(
            "{text}: only a kong can be claimed to a concealed pung (+)",
            field=field,
            text=repr(text),
        )
    if kind == "C":
        return TileSet("C", how, str(number(tiles[0])))
    return TileSet(kind, how, value_letter(tiles[0]))


def _kind(tiles: list[int]) -> str | None:
    if any(is_bonus(t) for t in tiles):
        return None
    if len(set(tiles)) == 1:
        return {2: "T", 3: "P", 4: "K"}.get(len(tiles))
    first = tiles[0]
    is_run = len(tiles) == 3 and tiles == [first, first + 1, first + 2]
    return "C" if is_run and is_suited(first) and suit(first) == suit(tiles[2]) else None


def parse_tokens(text: str) -> list[str]:
    """The tokens of a compact sets entry such as ``PED 555s F1`` (commas allowed)."""
    return text.replace(",", " ").split()


@dataclass(frozen=True)
class ClassicalHand:
    """A stored hand input read back: the engine's ``HandResult`` (with the events the
    winning tile says), and the tokens and events as entered."""

    result: HandResult
    tokens: tuple[tuple[str, ...], ...]
    events: tuple[frozenset[int], ...]


def read_hand(hand: Mapping[str, Any], rules: RuleSet) -> ClassicalHand:
    """Check a hand input and turn it into the engine's ``HandResult`` (``HandError``)."""
    unknown = sorted(set(hand) - set(HAND_FIELDS))
    if unknown:
        raise HandError("unknown field {unknown}", field=unknown[0], unknown=repr(unknown[0]))
    entries = hand.get("players")
    if not isinstance(entries, list) or not 2 <= len(entries) <= 4:
        raise HandError("give the sets and events of each of the 2-4 players", field="players")
    count = len(entries)
    mahjong = _seat(hand, "mahjong", count)
    discarder = _seat(hand, "discarder", count)
    next_east = _seat(hand, "next_east", count)
    if next_east is not None and not rules.options.new_east_each_round:
        raise HandError(
            "these rules pass the deal on at each round: no new East can be chosen",
            field="next_east",
        )
    cannon = hand.get("cannon", False)
    if not isinstance(cannon, bool):
        raise HandError("cannon must be true or false", field="cannon")
    if mahjong is None and (discarder is not None or cannon):
        raise HandError("a draw has no discarder and no cannon", field="discarder")
    if discarder is not None and discarder == mahjong:
        raise HandError(
            "the Mah-Jongg player cannot have discarded the winning tile", field="discarder"
        )
    if cannon and discarder is None:
        raise HandError(
            "a cannon needs the player who discarded the winning tile", field="discarder"
        )
    players, tokens, fixed = [], [], []
    for seat, entry in enumerate(entries):
        player, entered, fixed_score = _player(entry, seat, seat == mahjong, rules)
        players.append(player)
        tokens.append(entered)
        fixed.append(fixed_score)
    check_table_sets(players)
    events_entered = tuple(player.events for player in players)
    if mahjong is not None:
        players[mahjong] = _with_wall_events(players[mahjong], mahjong, discarder, rules)
    result = HandResult(
        tuple(players),
        mahjong=mahjong,
        discarder=discarder,
        cannon=cannon,
        fixed=tuple(fixed) if any(f is not None for f in fixed) else (),
        next_east=next_east,
    )
    return ClassicalHand(result, tuple(tokens), events_entered)


def _with_wall_events(
    player: PlayerHand, seat: int, discarder: int | None, rules: RuleSet
) -> PlayerHand:
    """The winner's events with those the winning tile already says: ticked when it came
    from the wall, refused when it was discarded."""
    wall = wall_events(rules)
    if discarder is None:
        return PlayerHand(player.sets, player.events | wall)
    if player.events & wall:
        raise HandError(
            "the winning tile was discarded, so it was not drawn from the wall",
            field=f"players[{seat}].events",
        )
    return player


def _seat(hand: Mapping[str, Any], field: str, count: int) -> int | None:
    value = hand.get(field)
    if value is None:
        return None
    if not is_whole(value) or not 0 <= value < count:
        raise HandError(
            "the {field_name} must be one of the {seats} players at the table",
            field=field,
            field_name=field.replace("_", " "),
            seats=count,
        )
    return value


def _player(
    entry: Any, seat: int, mahjong: bool, rules: RuleSet
) -> tuple[PlayerHand, tuple[str, ...], int | None]:
    where = f"players[{seat}]"
    if not isinstance(entry, Mapping):
        raise HandError("each player is an object with sets and events", field=where)
    unknown = sorted(set(entry) - set(PLAYER_FIELDS))
    if unknown:
        raise HandError(
            "unknown field {unknown}",
            field=f"{where}.{unknown[0]}",
            unknown=repr(unknown[0]),
        )
    tokens = entry.get("sets", [])
    if not isinstance(tokens, list) or not all(isinstance(t, str) and t.strip() for t in tokens):
        raise HandError("the sets are a list of codes or tiles", field=f"{where}.sets")
    sets = tuple(set_from_token(t, field=f"{where}.sets") for t in tokens)
    events = entry.get("events", [])
    if not isinstance(events, list) or not all(
        isinstance(e, int) and not isinstance(e, bool) for e in events
    ):
        raise HandError("the events are a list of rule IDs", field=f"{where}.events")
    try:
        player = PlayerHand(sets, frozenset(events))
        check_events(rules, events, mahjong=mahjong)
    except HandError as error:
        raise HandError(error.message, field=f"{where}.{error.field or 'sets'}") from None
    fixed = entry.get("fixed")
    if fixed is not None:
        fixed = FIXED_SCORE.check(fixed, field=f"{where}.fixed")
    return player, tuple(t.strip() for t in tokens), fixed
