"""Feeding our validated hands to pymahjonggb (mcr.md §10), for the oracle tests."""

from __future__ import annotations

from typing import Any

from scoring.engine.hand import Hand, MeldKind
from scoring.engine.tiles import EAST, GREEN, RED, WHITE, Tile

_SUIT_LETTERS = {0: "W", 1: "B", 2: "T"}  # characters, dots, bamboo
_DRAGONS = {RED: "J1", GREEN: "J2", WHITE: "J3"}


def oracle_tile(t: Tile) -> str:
    """pymahjonggb's code for a tile."""
    if t < 27:
        return f"{_SUIT_LETTERS[t // 9]}{t % 9 + 1}"
    if t in _DRAGONS:
        return _DRAGONS[t]
    return f"F{t - EAST + 1}"


def oracle_arguments(hand: Hand) -> tuple[Any, ...]:
    """The arguments of MahjongFanCalculator for a hand our validator accepted."""
    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", oracle_tile(meld.tiles[1]), 1))
        elif meld.kind is MeldKind.PUNG:
            packs.append(("PENG", oracle_tile(meld.first), 1))
        else:
            packs.append(("GANG", oracle_tile(meld.first), 0 if meld.concealed else 1))
    standing = list(hand.concealed)
    standing.remove(hand.winning_tile)
    assert 0 <= len(packs) <= 4 and len(standing) == 13 - 3 * len(packs)
    assert 0 <= len(hand.bonus) <= 8
    return (
        tuple(packs),
        tuple(oracle_tile(t) for t in standing),
        oracle_tile(hand.winning_tile),
        len(hand.bonus),
        hand.self_drawn,
        hand.last_of_its_kind,
        hand.replacement_tile or hand.robbing_kong,
        hand.last_tile_of_wall or hand.last_discard,
        hand.seat_wind - EAST,
        hand.prevailing_wind - EAST,
    )


def oracle_fans(hand: Hand) -> tuple[int, list[tuple[int, int, str, str]]]:
    """pymahjonggb's total (flowers included) and its verbose fan list."""
    from MahjongGB import MahjongFanCalculator

    fans = MahjongFanCalculator(*oracle_arguments(hand), verbose=True)
    return sum(value * count for value, count, _, _ in fans), list(fans)
