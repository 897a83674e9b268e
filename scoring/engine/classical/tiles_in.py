"""Classical hands given as tiles (docs/hand-format.md plus ``"mahjong"``): sets and events derived.

The winner's tiles must form a winning hand; every arrangement is scored and the best kept.
A loser's tiles need not: their concealed tiles are grouped into concealed pungs, chows and
at most one pair in every possible way (left-over tiles score nothing) and the best kept.
Instead of tiles a hand may give ``"sets"``, the recorded 3-character codes (§2.5).

Extra keys: ``mahjong`` (default true), ``events`` (rule IDs ticked; when absent the events
are pre-ticked from the tiles and flags, §2.5), ``sets``, ``east_run`` (East's consecutive
Mahjongs with this hand, for ``Nnn`` rules; default 1 for an East winner, else 0).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from scoring.engine.classical.interpreter import Budget, HandScore, Seat, score_hand
from scoring.engine.classical.model import RuleSet
from scoring.engine.classical.sets import (
    WIND_LETTERS,
    PlayerHand,
    TileSet,
    bonus_set,
    player_hand,
    value_letter,
)
from scoring.engine.errors import HandError
from scoring.engine.hand import FLAGS, Hand, MeldKind, hand_from_json, meld_from_json
from scoring.engine.shapes import (
    STANDARD,
    THIRTEEN_ORPHANS,
    Arrangement,
    GroupKind,
    arrangements,
    waits,
)
from scoring.engine.tiles import (
    KINDS,
    WINDS,
    Tile,
    counts,
    describe,
    is_bonus,
    is_suited,
    number,
    parse_tile,
    parse_tiles,
    suit,
)

CLASSICAL_KEYS: Final = frozenset({"mahjong", "events", "sets", "east_run"})
_WIND_KEYS: Final = frozenset({"seat_wind", "prevailing_wind"})
_LOSER_KEYS: Final = frozenset({"concealed", "melds", "bonus"}) | _WIND_KEYS
NO_WIN: Final = (
    "the tiles form no winning hand: they make neither four sets and a pair, nor thirteen orphans"
)


@dataclass(frozen=True)
class ScoredHand:
    """A hand object scored: the sets scored (the best reading) and the score."""

    hand: PlayerHand
    seat: Seat
    score: HandScore


def score_json(data: object, rule_set: RuleSet) -> ScoredHand:
    """Score a classical hand object (``HandError`` for anything invalid)."""
    if not isinstance(data, Mapping):
        raise HandError('a hand must be a JSON object such as {"concealed": ..., ...}')
    mahjong = _flag(data, "mahjong", default=True)
    seat = Seat(_wind(data, "seat_wind"), _wind(data, "prevailing_wind"), mahjong)
    seat = Seat(seat.seat_wind, seat.round_wind, mahjong, _east_run(data, seat))
    explicit = _events(data)
    candidates, derived = _candidates(data, mahjong)
    best: ScoredHand | None = None
    budget = Budget()  # one bound for every reading, however many the tiles allow
    for sets in candidates:
        events = explicit if explicit is not None else _derive(rule_set, derived, sets, seat)
        hand = PlayerHand(sets, events)
        scored = ScoredHand(hand, seat, score_hand(rule_set, hand, seat, budget=budget))
        if best is None or scored.score.calculated > best.score.calculated:
            best = scored
    assert best is not None  # every path gives at least one candidate
    return best


def _flag(data: Mapping[str, Any], key: str, *, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise HandError("'{key}' must be true or false", field=key, key=key)
    return value


def _wind(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key, "1z")
    tile = parse_tile(value, field=key) if isinstance(value, str) else -1
    if tile not in WINDS:
        raise HandError(
            "'{key}' must be a wind: 1z East, 2z South, 3z West or 4z North", field=key, key=key
        )
    return WIND_LETTERS[WINDS.index(tile)]


def _east_run(data: Mapping[str, Any], seat: Seat) -> int:
    default = 1 if seat.mahjong and seat.seat_wind == "E" else 0
    value = data.get("east_run", default)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise HandError("'east_run' must be a whole number, 0 or more", field="east_run")
    return value


def _events(data: Mapping[str, Any]) -> frozenset[int] | None:
    if "events" not in data:
        return None
    value = data["events"]
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise HandError("'events' must be a list of rule IDs such as [31, 62]", field="events")
    return frozenset(value)


# --- candidate readings -----------------------------------------------------------------------

Candidates = tuple[tuple[tuple[TileSet, ...], ...], "Facts | None"]


@dataclass(frozen=True)
class Facts:
    """What the winner's tiles tell beyond the sets, for pre-ticking events."""

    hand: Hand
    arrangements: tuple[Arrangement, ...]


def _candidates(data: Mapping[str, Any], mahjong: bool) -> Candidates:
    if "sets" in data:
        extra = sorted(set(data) - CLASSICAL_KEYS - _WIND_KEYS)
        if extra:
            raise HandError(
                "give either 'sets' or tiles, not both ({extra!r})", field=extra[0], extra=extra[0]
            )
        codes = data["sets"]
        if not isinstance(codes, list):
            raise HandError("'sets' must be a list of codes such as ['PED', 'S 3']", field="sets")
        return (player_hand(codes).sets,), None
    if mahjong:
        hand = hand_from_json({k: v for k, v in data.items() if k not in CLASSICAL_KEYS})
        found = arrangements(hand, (STANDARD, THIRTEEN_ORPHANS))
        if not found:
            raise HandError(NO_WIN, field="concealed")
        bonus = _bonus_sets(hand.bonus)
        return tuple(_arrangement_sets(a) + bonus for a in found), Facts(hand, found)
    return _loser_candidates(data), None


def _arrangement_sets(arrangement: Arrangement) -> tuple[TileSet, ...]:
    sets: list[TileSet] = []
    for group in arrangement.groups:
        value = value_letter(group.tile)
        if group.kind is GroupKind.CHOW:
            sets.append(TileSet("C", "E" if group.declared else "C", str(number(group.tile))))
        elif group.kind in (GroupKind.PUNG, GroupKind.KONG):
            kind = "P" if group.kind is GroupKind.PUNG else "K"
            sets.append(TileSet(kind, "C" if group.concealed else "E", value))
        elif group.kind is GroupKind.PAIR:
            sets.append(TileSet("T", "C", value))
    return tuple(sets)


def _bonus_sets(bonus: Sequence[Tile]) -> tuple[TileSet, ...]:
    return tuple(bonus_set(t) for t in bonus)


def _loser_candidates(data: Mapping[str, Any]) -> tuple[tuple[TileSet, ...], ...]:
    unknown = sorted(set(data) - CLASSICAL_KEYS - _LOSER_KEYS)
    for key in unknown:
        if key == "winning_tile" or ((key in FLAGS or key == "self_drawn") and data[key]):
            raise HandError("'{key}' is only for the Mahjong player", field=key, key=key)
        if key not in FLAGS and key != "self_drawn":
            raise HandError("unknown field {key!r}", field=key, key=key)
    melds_data = data.get("melds", [])
    if not isinstance(melds_data, list):
        raise HandError("'melds' must be a list", field="melds")
    melds = [meld_from_json(item, n) for n, item in enumerate(melds_data)]
    concealed = _tile_list(data, "concealed")
    bonus = _tile_list(data, "bonus")
    _check_loser_tiles(concealed, [t for m in melds for t in m.tiles], bonus, len(melds))
    declared = tuple(_meld_set(m.kind, m.tiles[0], m.concealed) for m in melds)
    readings = _partial_groupings(tuple(counts(concealed)), 4 - len(melds))
    return tuple(declared + reading + _bonus_sets(sorted(bonus)) for reading in readings)


def _tile_list(data: Mapping[str, Any], key: str) -> list[Tile]:
    value = data.get(key, "")
    if not isinstance(value, str | list):
        raise HandError("'{key}' must be tiles such as '123m'", field=key, key=key)
    return list(parse_tiles(value, field=key))


def _check_loser_tiles(
    concealed: list[Tile], meld_tiles: list[Tile], bonus: list[Tile], meld_count: int
) -> None:
    if any(is_bonus(t) for t in concealed):
        raise HandError("flowers and seasons go in 'bonus'", field="concealed")
    if not all(is_bonus(t) for t in bonus):
        raise HandError("'bonus' holds only flowers and seasons (1f-8f)", field="bonus")
    if len(set(bonus)) < len(bonus):
        raise HandError("a bonus tile appears twice; there is one of each", field="bonus")
    kongs = len(meld_tiles) - 3 * meld_count
    if len(concealed) + len(meld_tiles) > 13 + kongs:
        raise HandError(
            "a losing hand has at most 13 tiles (plus one for each kong)", field="concealed"
        )
    tile_counts = counts(concealed + meld_tiles)
    for t in range(KINDS):
        if tile_counts[t] > 4:
            raise HandError(
                "the hand uses {tile_counts} copies of {tile}",
                field="concealed",
                tile_counts=tile_counts[t],
                tile=describe(t),
            )


def _meld_set(kind: MeldKind, first: Tile, concealed: bool) -> TileSet:
    if kind is MeldKind.CHOW:
        return TileSet("C", "E", str(number(first)))
    return TileSet(
        "P" if kind is MeldKind.PUNG else "K", "C" if concealed else "E", value_letter(first)
    )


def _partial_groupings(tile_counts: tuple[int, ...], free: int) -> list[tuple[TileSet, ...]]:
    """Every grouping of concealed tiles into at most ``free`` pungs or chows and one pair."""
    found: dict[tuple[TileSet, ...], None] = {}

    def walk(work: list[int], start: int, sets: tuple[TileSet, ...], pair: bool) -> None:
        i = next((t for t in range(start, KINDS) if work[t]), KINDS)
        if i == KINDS:
            found[sets] = None
            return
        for need, made, uses_set in _group_options(work, i, pair, len(sets) - pair < free):
            for t in need:
                work[t] -= 1
            walk(
                work,
                i,
                (*sets, made) if made else sets,
                pair or (made is not None and not uses_set),
            )
            for t in need:
                work[t] += 1

    walk(list(tile_counts), 0, (), False)
    return list(found) or [()]


def _group_options(
    work: list[int], i: Tile, pair: bool, set_free: bool
) -> list[tuple[tuple[Tile, ...], TileSet | None, bool]]:
    options: list[tuple[tuple[Tile, ...], TileSet | None, bool]] = [((i,), None, False)]
    if not pair and work[i] >= 2:
        options.append(((i, i), TileSet("T", "C", value_letter(i)), False))
    if set_free and work[i] >= 3:
        options.append(((i, i, i), TileSet("P", "C", value_letter(i)), True))
    if set_free and _chow_fits(work, i):
        options.append(((i, i + 1, i + 2), TileSet("C", "C", str(number(i))), True))
    return options


def _chow_fits(work: list[int], i: Tile) -> bool:
    return is_suited(i) and number(i) <= 7 and work[i + 1] > 0 and work[i + 2] > 0


# --- events pre-ticked from the tiles (§2.5) --------------------------------------------------


def _derive(
    rule_set: RuleSet, facts: Facts | None, sets: tuple[TileSet, ...], seat: Seat
) -> frozenset[int]:
    if facts is None:
        return frozenset()
    ticked = set()
    for rule in rule_set.events(mahjong=seat.mahjong):
        predicate = DERIVED_EVENTS.get(_normal(rule.description))
        if predicate is not None and predicate(facts, sets):
            ticked.add(rule.id)
    return frozenset(ticked)


def wall_events(rule_set: RuleSet) -> frozenset[int]:
    """The Mah-Jongg events that say the winning tile came from the wall ("Final tile drawn
    from the wall"): where the hand says so, they need no tick, and a discard excludes them."""
    return frozenset(
        rule.id
        for rule in rule_set.events(mahjong=True)
        if DERIVED_EVENTS.get(_normal(rule.description)) is self_drawn
    )


def _normal(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum() or ch == " ").strip()


def _suits(hand: Hand) -> set[str]:
    return {suit(t) for t in hand.tiles if is_suited(t)}


def _has_honours(hand: Hand) -> bool:
    return any(not is_suited(t) for t in hand.tiles)


def self_drawn(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Final tile drawn from the wall 自摸."""
    return facts.hand.self_drawn


def only_place(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Filling the only place 獨聽: one kind of tile completes the hand."""
    before = list(facts.hand.concealed_counts())
    before[facts.hand.winning_tile] -= 1
    return len(waits(before, (STANDARD,))) == 1


def fishing_the_eyes(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Fishing the eyes 釣眼: the winning tile completes the pair (in every reading)."""
    return all(a.winning_group.kind is GroupKind.PAIR for a in facts.arrangements)


def concealed_hand(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Concealed hand 門前清: no set melded before the win."""
    return facts.hand.is_concealed


def one_suit_with_honours(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """One suit with honours 混一色."""
    return len(_suits(facts.hand)) == 1 and _has_honours(facts.hand)


def one_suit_only(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """One suit only 清一色."""
    return len(_suits(facts.hand)) == 1 and not _has_honours(facts.hand)


def loose_tile(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Winning with a loose tile 槓上開花."""
    return facts.hand.replacement_tile


def last_tile_of_wall(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Last tile of the wall 海底撈月."""
    return facts.hand.last_tile_of_wall


def last_discard(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Last discard 河底撈魚."""
    return facts.hand.last_discard


def robbing_a_kong(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Robbing a kong 搶槓."""
    return facts.hand.robbing_kong


def heavens_blessing(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Heaven's blessing 天和."""
    return facts.hand.heavenly


def earths_blessing(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Earth's blessing 地和."""
    return facts.hand.earthly


def plum_blossom(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Gathering plum blossom from the roof 槓上開梅: 5 circles from the loose wall."""
    return facts.hand.replacement_tile and facts.hand.winning_tile == parse_tile("5p")


def moon_from_the_sea(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Catching the moon from the bottom of the sea 海底撈月: 1 circle as the last tile."""
    return facts.hand.last_tile_of_wall and facts.hand.winning_tile == parse_tile("1p")


def carrying_pole(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Scratching a carrying pole 搶槓: robbing a kong of 2 bamboo."""
    return facts.hand.robbing_kong and facts.hand.winning_tile == parse_tile("2s")


def imperial_jade(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Imperial jade 綠一色: only green tiles."""
    return set(facts.hand.tiles) <= set(parse_tiles("23468s6z"))


def concealed_clear_suit(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Concealed clear suit 門前清一色."""
    return concealed_hand(facts, sets) and one_suit_only(facts, sets)


def nine_gates(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Nine gates 九蓮寶燈: 1112345678999 of one suit, concealed, plus any tile of it."""
    if not concealed_clear_suit(facts, sets) or facts.hand.melds:
        return False
    held = counts(facts.hand.concealed)
    low = min(facts.hand.concealed)
    need = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    return number(low) == 1 and all(held[low + n] >= need[n] for n in range(9))


def thirteen_wonders(facts: Facts, sets: tuple[TileSet, ...]) -> bool:
    """Thirteen unique wonders 十三么."""
    return any(a.shape == THIRTEEN_ORPHANS for a in facts.arrangements)


Predicate = Callable[[Facts, tuple[TileSet, ...]], bool]

# event descriptions (normalised: lower case, letters, digits, spaces) -> what ticks them
DERIVED_EVENTS: Final[dict[str, Predicate]] = {
    "final tile drawn from the wall": self_drawn,
    "drawing the winning tile": self_drawn,
    "filling the only place": only_place,
    "only possible place": only_place,
    "fishing the eyes": fishing_the_eyes,
    "concealed hand": concealed_hand,
    "one suit with honours": one_suit_with_honours,
    "one suit only": one_suit_only,
    "winning with a loose tile": loose_tile,
    "winning on a loose tile": loose_tile,
    "last tile of the wall": last_tile_of_wall,
    "last discard": last_discard,
    "robbing a kong": robbing_a_kong,
    "heavens blessing": heavens_blessing,
    "earths blessing": earths_blessing,
    "gathering plum blossom from the roof": plum_blossom,
    "catching the moon from the bottom of the sea": moon_from_the_sea,
    "scratching a carrying pole": carrying_pole,
    "imperial jade": imperial_jade,
    "nine gates": nine_gates,
    "concealed clear suit": concealed_clear_suit,
    "thirteen unique wonders": thirteen_wonders,
}
