"""Replay a PMN play string: each seat's concealed tiles, melds, flowers and discards after
any action, the rules of turn order checked, and the winners' hands with derived flags.

>>> from scoring.engine.mcr.pmn import read_pmn
>>> deal = "c1112345678999dbwrf cd1112345678999bwrf cdb1112345678999wrf c234567d234567bw1rf"
>>> game = read_pmn(f'[Deal "{deal}"]' + chr(10) + '[Play "T0c9H0"]')[0]
>>> table = replay(game)
>>> format_tiles(table.seats[0].concealed), table.winners[0].self_drawn
('11123456789999m', True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.errors import EngineError, HandError
from scoring.engine.hand import Hand, Meld, MeldKind
from scoring.engine.mcr.pmn import Action, PlayError, PmnGame
from scoring.engine.tiles import WINDS, Tile, format_tiles, to_pmn

DEAL_TILES = 52
FLOWER_WALL = 144  # the set with its eight flowers (136 without)
CLAIMS = "CPZ"


@dataclass(slots=True)
class Seat:
    """One player's tiles during the replay."""

    concealed: list[Tile] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    flowers: list[Tile] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    dealt_flowers: list[Tile] = field(default_factory=list)  # dealt, not yet replaced by R
    # The discard each meld took, in step with ``melds`` (None for a concealed kong): a
    # board lists a chow's claimed tile first, as python-majiang does.
    claimed: list[Tile | None] = field(default_factory=list)

    def describe(self) -> str:
        """The seat's tiles in compact codes: concealed, melds, flowers."""
        melds = " ".join(f"[{m}{'*' if m.concealed else ''}]" for m in self.melds)
        flowers = format_tiles(self.flowers) if self.flowers else "-"
        return f"{format_tiles(self.concealed)} {melds} flowers {flowers}".replace("  ", " ")


@dataclass(slots=True)
class Table:
    """The state after some actions; ``winners`` maps each seat that won to its hand."""

    seats: list[Seat]
    wall_size: int
    draws: int = 0
    history: list[Action] = field(default_factory=list)
    last_tile: Tile | None = None  # the tile of the last T, D or B
    winners: dict[int, Hand] = field(default_factory=dict)
    seen: Counter[Tile] = field(default_factory=Counter)
    dealt_bonus: int = 0  # flowers dealt beside the 13 tiles: each took a tile off the wall

    @property
    def last(self) -> Action | None:
        """The last action applied."""
        return self.history[-1] if self.history else None

    def trigger(self) -> tuple[Action, str]:
        """The action a win answers (earlier wins on the same discard skipped), and the kind
        of the action before it ('' at the start)."""
        plays = [a for a in self.history if a.kind != "H"]
        return plays[-1], plays[-2].kind if len(plays) > 1 else ""

    @property
    def wall_count(self) -> int:
        """The tiles left in the wall (the deal, its flowers and every draw taken off)."""
        return self.wall_size - DEAL_TILES - self.dealt_bonus - self.draws

    @property
    def wall_empty(self) -> bool:
        return self.wall_count <= 0


def replay(game: PmnGame, actions: int | None = None, *, flowers: bool = False) -> Table:
    """The table after the first ``actions`` actions (all by default). ``flowers`` says whether
    the set has flowers (144 tiles; else 136): PMN does not record it.

    Raises ``PlayError`` naming the position of the first action that breaks the rules.
    """
    if len(game.deal) != 4:
        raise PlayError("the game has no [Deal] to replay", 0)
    table = Table(
        seats=[Seat(concealed=[t for t in hand if t < 34]) for hand in game.deal],
        wall_size=FLOWER_WALL if flowers else FLOWER_WALL - 8,
    )
    for seat, hand in zip(table.seats, game.deal, strict=True):
        seat.flowers = [t for t in hand if t >= 34]
        seat.dealt_flowers = list(seat.flowers)
        table.dealt_bonus += len(seat.flowers)
    for hand in game.deal:
        table.seen.update(hand)
    for action in game.play[:actions]:
        _apply(table, action, game)
    return table


def _apply(table: Table, action: Action, game: PmnGame) -> None:
    _check_turn(table, action)
    handler = _HANDLERS[action.kind]
    handler(table, action, game)
    table.history.append(action)


def _fail(action: Action, message: str | EngineError, **values: Any) -> PlayError:
    error = PlayError(message, action.position, **values)
    error.parts = (*error.parts[:2], ("{tile}: ", {"tile": action.code()}), *error.parts[2:])
    return error


def _check_turn(table: Table, action: Action) -> None:
    last, seat = table.last, action.seat
    if table.winners and action.kind != "H":
        raise _fail(action, "the hand is over: only another win (H) may follow a win")
    if last is None:
        if action.kind not in "TR" or seat != 0:
            raise _fail(action, "the play starts with East (seat 0) drawing or replacing")
        return
    allowed = _allowed_after(last, table)
    if (action.kind, seat) not in allowed:
        raise _fail(action, "not allowed after {tile}", tile=last.code())


def _allowed_after(last: Action, table: Table) -> set[tuple[str, int]]:
    me, others = last.seat, [s for s in range(4) if s != last.seat]
    if last.kind == "H":
        trigger = table.trigger()[0]
        if trigger.kind not in "DB":
            return set()
        return {("H", s) for s in range(4) if s not in table.winners and s != trigger.seat}
    if last.kind == "D":
        nxt = (me + 1) % 4
        return {("T", nxt), ("C", nxt)} | {(k, s) for k in "PZH" for s in others}
    if last.kind == "T":
        return {(k, me) for k in "DABRH"}
    if last.kind in "CP":
        return {("D", me)}
    if last.kind == "B":
        return {("T", me)} | {("H", s) for s in others}
    return {("T", me)}  # after A, Z and R: the replacement draw


def _take_tile(table: Table, action: Action, tile: Tile) -> None:
    table.seen[tile] += 1
    if tile < 34 and table.seen[tile] > 4:
        raise _fail(action, "a fifth {tile} comes into play", tile=to_pmn(tile))
    if tile >= 34 and table.seen[tile] > 1:
        raise _fail(action, "a second {tile} comes into play; there is one", tile=to_pmn(tile))


def _remove(seat: Seat, tile: Tile, copies: int, action: Action) -> None:
    if seat.concealed.count(tile) < copies:
        raise _fail(
            action, "the seat does not hold {copies} × {tile}", copies=copies, tile=to_pmn(tile)
        )
    for _ in range(copies):
        seat.concealed.remove(tile)


def _tile_of(table: Table, action: Action) -> Tile:
    if action.tile is not None:
        return action.tile
    if table.last is None or table.last.kind != "T" or table.last_tile is None:
        raise _fail(action, "z1 (the tile just drawn) needs a draw just before")
    return table.last_tile


def _take(table: Table, action: Action, game: PmnGame) -> None:
    if table.wall_empty:
        raise _fail(action, "the wall is empty")
    tile = _tile_of_draw(action)
    _take_tile(table, action, tile)
    table.draws += 1
    table.seats[action.seat].concealed.append(tile)
    table.last_tile = tile


def _tile_of_draw(action: Action) -> Tile:
    if action.tile is None:
        raise _fail(action, "a draw names the tile drawn")
    return action.tile


def _discard(table: Table, action: Action, game: PmnGame) -> None:
    tile = _tile_of(table, action)
    seat = table.seats[action.seat]
    _remove(seat, tile, 1, action)
    seat.discards.append(tile)
    table.last_tile = tile


def _claimed(table: Table, action: Action) -> Tile:
    assert table.last is not None and table.last_tile is not None
    tile = table.last_tile
    table.seats[table.last.seat].discards.pop()
    return tile


def _chow(table: Table, action: Action, game: PmnGame) -> None:
    middle = _tile_of(table, action)
    if middle >= 27 or middle % 9 in (0, 8):
        raise _fail(action, "the middle tile of a chow is a 2-8 of a suit")
    claimed = table.last_tile
    tiles = (middle - 1, middle, middle + 1)
    if claimed not in tiles:
        raise _fail(
            action, "the discard {tile} is not part of this chow", tile=to_pmn(claimed or 0)
        )
    _claimed(table, action)
    seat = table.seats[action.seat]
    for t in tiles:
        if t != claimed:
            _remove(seat, t, 1, action)
    seat.melds.append(Meld(MeldKind.CHOW, tiles))
    seat.claimed.append(claimed)


def _pung(table: Table, action: Action, game: PmnGame) -> None:
    _claim_same(table, action, MeldKind.PUNG)


def _claim_same(table: Table, action: Action, kind: MeldKind) -> None:
    """Claim the last discard against two (pung) or three (direct kong) held copies."""
    tile = _claimed_equal(table, action)
    seat = table.seats[action.seat]
    size = 4 if kind is MeldKind.KONG else 3
    _remove(seat, tile, size - 1, action)
    _claimed(table, action)
    seat.melds.append(Meld(kind, (tile,) * size))
    seat.claimed.append(tile)


def _claimed_equal(table: Table, action: Action) -> Tile:
    tile = _tile_of(table, action)
    if tile != table.last_tile:
        raise _fail(
            action, "the tile is not the last discard {tile}", tile=to_pmn(table.last_tile or 0)
        )
    return tile


def _direct_kong(table: Table, action: Action, game: PmnGame) -> None:
    _claim_same(table, action, MeldKind.KONG)


def _concealed_kong(table: Table, action: Action, game: PmnGame) -> None:
    tile = _tile_of(table, action)
    seat = table.seats[action.seat]
    _remove(seat, tile, 4, action)
    seat.melds.append(Meld(MeldKind.KONG, (tile,) * 4, concealed=True))
    seat.claimed.append(None)


def _promoted_kong(table: Table, action: Action, game: PmnGame) -> None:
    tile = _tile_of(table, action)
    seat = table.seats[action.seat]
    pung = Meld(MeldKind.PUNG, (tile,) * 3)
    if pung not in seat.melds:
        raise _fail(action, "the seat has no melded pung of {tile} to add to", tile=to_pmn(tile))
    _remove(seat, tile, 1, action)
    seat.melds[seat.melds.index(pung)] = Meld(MeldKind.KONG, (tile,) * 4)
    table.last_tile = tile


def _flower(table: Table, action: Action, game: PmnGame) -> None:
    """A flower set aside: one just drawn, or one dealt (already shown with the flowers)."""
    tile = _tile_of(table, action)
    seat = table.seats[action.seat]
    if tile in seat.dealt_flowers:
        seat.dealt_flowers.remove(tile)
        return
    _remove(seat, tile, 1, action)
    seat.flowers.append(tile)


def _win(table: Table, action: Action, game: PmnGame) -> None:
    try:
        table.winners[action.seat] = winning_hand(table, action, game)
    except HandError as error:
        raise _fail(action, "not a valid winning hand: {problem}", problem=error) from None


_HANDLERS = {
    "T": _take,
    "D": _discard,
    "C": _chow,
    "P": _pung,
    "Z": _direct_kong,
    "A": _concealed_kong,
    "B": _promoted_kong,
    "R": _flower,
    "H": _win,
}


def winning_hand(table: Table, action: Action, game: PmnGame) -> Hand:
    """The hand of a seat declaring a win now, with the flags the log shows (§11.3)."""
    seat = table.seats[action.seat]
    trigger, before = table.trigger()
    tile = table.last_tile
    assert tile is not None
    self_drawn = trigger.kind == "T"
    concealed = list(seat.concealed) if self_drawn else [*seat.concealed, tile]
    robbing = trigger.kind == "B"
    replacement = self_drawn and before in ("A", "B", "Z")
    visible = _visible(table, tile) - (0 if self_drawn or robbing else 1)
    return Hand(
        concealed=tuple(concealed),
        winning_tile=tile,
        melds=tuple(seat.melds),
        self_drawn=self_drawn,
        seat_wind=WINDS[action.seat],
        prevailing_wind=game.prevailing_wind,
        bonus=tuple(seat.flowers),
        last_tile_of_wall=self_drawn and table.wall_empty,
        last_discard=not self_drawn and not robbing and table.wall_empty,
        replacement_tile=replacement,
        bonus_replacement=self_drawn and before == "R",
        robbing_kong=robbing,
        last_of_its_kind=not robbing and visible == 3 and concealed.count(tile) == 1,
    )


def _visible(table: Table, tile: Tile) -> int:
    """Copies of a tile face up: in discards and in exposed melds (not concealed kongs)."""
    total = 0
    for seat in table.seats:
        total += seat.discards.count(tile)
        total += sum(m.tiles.count(tile) for m in seat.melds if not m.concealed)
    return total
