"""A PMN game on the table, moved to any action: each seat's concealed tiles, melds,
discards and flowers, the wall, and the winners' fans in English and Chinese.

The questions and answers are python-majiang's (``Board``, seed 003), tiles in PMN codes
(``c7`` characters, ``d`` dots, ``b`` bamboo, ``w`` winds, ``r`` dragons, ``f`` flowers).
Its README's example, answered the same:

>>> board = Board.read("tests/engine/data/python-majiang/example_2.pmn")
>>> board.to_last_action()
>>> board.get_private_tile_list(SOUTH)
['c7', 'c8', 'c9', 'd1', 'd2', 'd5', 'd5', 'd8', 'd8', 'd8', 'b4', 'b5', 'b6']
>>> board.get_private_tile_list(NORTH)
['c4', 'c5', 'c6', 'd1', 'd2', 'b8', 'b8']
>>> board.get_meld_tile_list(NORTH)
[['b8', 'b7', 'b9'], ['d8', 'd7', 'd9']]
>>> board.get_discard_tile_list(SOUTH)
['r2', 'r1', 'r3', 'w1', 'w2', 'w1', 'd7', 'b5', 'w1', 'c6']
>>> board.get_fan()  # there can be several winners under duplicate MCR
[[], [(39, 1), (62, 1), (76, 1), (77, 1)], [], [(39, 1), (63, 1), (70, 1), (77, 1)]]
>>> board.get_fan_zh()  # doctest: +NORMALIZE_WHITESPACE
[[], [('花龙', 1), ('门前清', 1), ('无字', 1), ('边张', 1)], [],
 [('花龙', 1), ('平和', 1), ('喜相逢', 1), ('边张', 1)]]

Step by step (action 0 is the deal):

>>> board.to_action(3)
>>> board.last_action, board.get_discard_tile_list(EAST), board.wall_count
('T1b6', ['r1'], 82)
>>> board.next_action()
>>> board.last_action, board.get_discard_tile_list(SOUTH)
('D1w3', ['w3'])
>>> board.get_fan_en()  # nobody has won yet
[[], [], [], []]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final, TypeVar

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import FANS
from scoring.engine.mcr.pmn import PmnError, PmnGame, read_pmn
from scoring.engine.mcr.records import GameScore, score_game
from scoring.engine.mcr.replay import Seat, Table
from scoring.engine.mcr.rules import STANDARD, MCRRules
from scoring.engine.text import decode_text
from scoring.engine.tiles import Tile, to_pmn

EAST: Final = 0
SOUTH: Final = 1
WEST: Final = 2
NORTH: Final = 3

__all__ = ["EAST", "NORTH", "SOUTH", "WEST", "Board"]

Label = TypeVar("Label", int, str)


class Board:
    """One PMN game, replayed up to ``action`` (0, the deal, when made).

    The whole game is replayed and scored when the board is made, so a broken record
    raises ``PmnError`` (``PlayError`` naming the action) then, not at some later step.
    """

    def __init__(self, game: PmnGame, rules: MCRRules = STANDARD) -> None:
        self.game = game
        self.score: GameScore = score_game(game, rules)
        self.action = 0
        self._table: Table = self.score.table_after(0)

    @classmethod
    def read(cls, path: str | Path, *, game: int = 1, rules: MCRRules = STANDARD) -> Board:
        """The board of game ``game`` (1-based) of a PMN file."""
        return cls.from_text(decode_text(Path(path).read_bytes()), game=game, rules=rules)

    @classmethod
    def from_text(cls, text: str, *, game: int = 1, rules: MCRRules = STANDARD) -> Board:
        """The board of game ``game`` (1-based) of a PMN text."""
        games = read_pmn(text)
        if not 1 <= game <= len(games):
            raise PmnError(
                "there is no game {number}: the file holds {count}", number=game, count=len(games)
            )
        return cls(games[game - 1], rules)

    # --- moving ---------------------------------------------------------------------------

    @property
    def actions(self) -> int:
        """How many actions the play has."""
        return len(self.game.play)

    def to_action(self, number: int) -> None:
        """Move to just after action ``number`` (0: the deal, before any action)."""
        if not 0 <= number <= self.actions:
            raise EngineError(
                "there is no action {number}: the play has actions 1 to {count} (0 is the deal)",
                field="action",
                number=number,
                count=self.actions,
            )
        self.action = number
        self._table = self.score.table_after(number)

    def to_first_action(self) -> None:
        """Move back to the deal."""
        self.to_action(0)

    def to_last_action(self) -> None:
        """Move to the end of the play."""
        self.to_action(self.actions)

    def next_action(self) -> None:
        """One action on (an error at the end)."""
        self.to_action(self.action + 1)

    def previous_action(self) -> None:
        """One action back (an error at the deal)."""
        self.to_action(self.action - 1)

    @property
    def last_action(self) -> str | None:
        """The action just played, as PMN writes it (None at the deal)."""
        return self.game.play[self.action - 1].code() if self.action else None

    @property
    def over(self) -> bool:
        """The board is at the end of the play."""
        return self.action == self.actions

    # --- what the table shows -------------------------------------------------------------

    def _seat(self, seat: int) -> Seat:
        if seat not in range(4):
            raise EngineError("seat {seat} is not 0-3 (East to North)", field="seat", seat=seat)
        return self._table.seats[seat]

    def get_private_tile_list(self, seat: int) -> list[str]:
        """The seat's concealed tiles in order (a winning discard is not among them)."""
        return _codes(sorted(self._seat(seat).concealed))

    def get_meld_tile_list(self, seat: int) -> list[list[str]]:
        """The seat's melds in the order made; a claimed tile comes first."""
        state = self._seat(seat)
        return [
            _codes(_claimed_first(meld.tiles, claimed))
            for meld, claimed in zip(state.melds, state.claimed, strict=True)
        ]

    def get_discard_tile_list(self, seat: int) -> list[str]:
        """The seat's discards in order, less those another seat claimed."""
        return _codes(self._seat(seat).discards)

    def get_flower_tile_list(self, seat: int) -> list[str]:
        """The seat's flowers, dealt and drawn."""
        return _codes(self._seat(seat).flowers)

    @property
    def wall_count(self) -> int:
        """The tiles left in the wall."""
        return self._table.wall_count

    def winners(self) -> list[int]:
        """The seats that have won by this action."""
        return sorted(self._table.winners)

    def get_fan(self) -> list[list[tuple[int, int]]]:
        """Each seat's fans as (PMN number, times counted); empty for a seat not (yet) won."""
        return self._fans(lambda fan: FANS[fan].pmn)

    def get_fan_en(self) -> list[list[tuple[str, int]]]:
        """Each seat's fans by English name and times counted."""
        return self._fans(lambda fan: FANS[fan].name)

    def get_fan_zh(self) -> list[list[tuple[str, int]]]:
        """Each seat's fans by Chinese name (simplified, as the PMN table) and times counted."""
        return self._fans(lambda fan: FANS[fan].name_zh)

    def _fans(self, label: Callable[[str], Label]) -> list[list[tuple[Label, int]]]:
        fans: list[list[tuple[Label, int]]] = [[] for _ in range(4)]
        for seat in self._table.winners:
            patterns = sorted(self.score.evaluations[seat].patterns, key=lambda p: FANS[p.id].pmn)
            fans[seat] = [(label(p.id), p.count) for p in patterns]
        return fans


def _claimed_first(tiles: tuple[Tile, ...], claimed: Tile | None) -> list[Tile]:
    if claimed is None:
        return list(tiles)
    rest = list(tiles)
    rest.remove(claimed)
    return [claimed, *rest]


def _codes(tiles: Iterable[Tile]) -> list[str]:
    return [to_pmn(t) for t in tiles]
