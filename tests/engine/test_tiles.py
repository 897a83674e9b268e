"""Tile codes: canonical, seed and PMN notations, round trips, predicates and errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import tiles as t
from scoring.engine.errors import HandError

ALL = list(range(t.ALL_TILES))


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("123m456p789s11z", "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z"),
        ("1m 2m 5z", "1m 2m 5z"),
        ("15f", "1f 5f"),
        ("  7z ", "7z"),
    ],
)
def test_it_parses_compact_strings(text: str, codes: str) -> None:
    assert [t.code(x) for x in t.parse_tiles(text)] == codes.split()


def test_it_parses_lists_of_codes_and_compact_items() -> None:
    assert t.parse_tiles(["1m", "23m", "7z"]) == (0, 1, 2, t.RED)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0m", "0m is not a tile: characters are 1m-9m"),
        ("8z", "8z is not a tile: honours are 1z-7z"),
        ("9f", "9f is not a tile: bonus tiles are 1f-8f"),
        ("123", "'123' is not a tile"),
        ("12x", "'12x' is not a tile"),
        ("m1", "'m1' is not a tile"),
    ],
)
def test_it_rejects_unknown_tiles_with_the_text(text: str, message: str) -> None:
    with pytest.raises(HandError, match="^" + message.replace("(", r"\(")) as error:
        t.parse_tiles(text, field="concealed")
    assert error.value.field == "concealed"


def test_parse_tile_wants_exactly_one() -> None:
    assert t.parse_tile("5p") == 13
    with pytest.raises(HandError, match="exactly one tile"):
        t.parse_tile("55p")
    with pytest.raises(HandError, match="as text"):
        t.parse_tile(5)  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(ALL), max_size=20))
def test_compact_strings_round_trip(tiles: list[int]) -> None:
    assert t.parse_tiles(t.format_tiles(tiles)) == tuple(sorted(tiles))
    assert t.parse_tiles(t.format_tiles(tiles, sort=False)) == tuple(tiles)


@given(st.lists(st.sampled_from(ALL), max_size=20))
def test_seed_notation_round_trips(tiles: list[int]) -> None:
    assert t.from_seed(" ".join(t.to_seed(x) for x in tiles)) == tuple(tiles)
    assert t.from_seed("".join(t.to_seed(x) for x in tiles)) == tuple(tiles)


@given(st.lists(st.sampled_from(ALL), max_size=20))
def test_pmn_notation_round_trips(tiles: list[int]) -> None:
    if tiles:
        assert t.from_pmn("".join(t.to_pmn(x) for x in tiles)) == tuple(tiles)


@pytest.mark.parametrize(
    ("seed", "canonical"),
    [
        ("c1 c9", "1p9p"),
        ("b1 b9", "1s9s"),
        ("k1 k9", "1m9m"),
        ("we ws ww wn", "1234z"),
        ("dw dg dr", "567z"),
        ("f1 f4 s1 s4", "1458f"),
    ],
)
def test_seed_letters_mean_what_the_seed_says(seed: str, canonical: str) -> None:
    assert t.from_seed(seed) == t.parse_tiles(canonical)


@pytest.mark.parametrize(
    ("pmn", "canonical"),
    [
        ("c19", "19m"),
        ("d19", "19p"),
        ("b19", "19s"),
        ("w1234", "1234z"),
        ("r123", "765z"),
        ("f18", "18f"),
        ("c25566d579b2269wr2f", "25566m579p2269s6z"),
    ],
)
def test_pmn_letters_mean_what_pmn_says(pmn: str, canonical: str) -> None:
    assert t.from_pmn(pmn) == t.parse_tiles(canonical)


@pytest.mark.parametrize("text", ["z1", "w5", "r4", "c0", "x1", ""])
def test_it_rejects_unknown_pmn_tiles(text: str) -> None:
    with pytest.raises(HandError, match="PMN"):
        t.from_pmn(text)


@pytest.mark.parametrize("text", ["c0", "wx", "d1", "f5", "s5", "k"])
def test_it_rejects_unknown_seed_tiles(text: str) -> None:
    with pytest.raises(HandError, match="seed notation"):
        t.from_seed(text)


def test_predicates_partition_the_playing_tiles() -> None:
    for x in range(t.KINDS):
        kinds = [t.is_simple(x), t.is_terminal(x), t.is_wind(x), t.is_dragon(x)]
        assert sum(kinds) == 1, t.code(x)
        assert t.is_honour(x) == (t.is_wind(x) or t.is_dragon(x))
        assert t.is_terminal_or_honour(x) == (not t.is_simple(x))
        assert not t.is_bonus(x)
    assert all(t.is_bonus(x) and t.suit(x) == "f" for x in range(t.KINDS, t.ALL_TILES))
    assert t.format_tiles(t.ORPHANS, sort=False) == "19m19p19s1234567z"


def test_counts_ignore_bonus_tiles() -> None:
    tally = t.counts(t.parse_tiles("1155m1f"))
    assert (tally[0], tally[4], sum(tally), len(tally)) == (2, 2, 4, 34)


def test_tile_names_read_well() -> None:
    assert t.describe(t.parse_tile("3z")) == "3z (West wind)"
    assert t.tile_name(t.parse_tile("9s")) == "9 bamboo"
    assert t.tile_name(t.parse_tile("8f")) == "Winter (season 4)"
