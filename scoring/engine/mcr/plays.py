"""A PMN game that plays out to a given result: a deal and a play string whose replay gives
back a winner's hand (or a drawn wall), so that a hand kept as tiles can be written as a
game record (mcr.md §11) and read back.

The play is made, not remembered: the winner is dealt the tiles of its hand, the tiles it
claims are drawn and discarded by the seat before it, and every other turn draws a tile
that plays no part and discards it. What a replay derives from the play (self-draw, a kong's
replacement tile, a flower's replacement, the last of its kind, robbing a kong, the last tile
of the wall or the last discard) is played so that it holds; what a replay never derives
(heavenly and earthly hands) is refused with ``PmnError``, as is anything the replay of the
made play does not give back exactly.

>>> from scoring.engine.hand import hand_from_json
>>> hand = hand_from_json({"concealed": "123m456p789s11z", "melds": [
...     {"type": "pung", "tiles": "555s"}], "winning_tile": "1z", "seat_wind": "2z"})
>>> game = winning_game(hand, winner=1, discarder=2, flowers=False)
>>> from scoring.engine.mcr.replay import replay
>>> replay(game).winners[1] == hand
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from scoring.engine.hand import Hand, Meld, MeldKind
from scoring.engine.mcr.pmn import (
    SEATS,
    WIND_LETTERS,
    Action,
    PmnError,
    PmnGame,
    read_pmn,
    write_pmn,
)
from scoring.engine.mcr.replay import FLOWER_WALL, replay
from scoring.engine.tiles import KINDS, WINDS, Tile

PLAYING_KINDS = KINDS  # tile kinds 0..33; 34 and up are flowers
DEALT = 13


def drawn_game(*, prevailing_wind: Tile = WINDS[0]) -> PmnGame:
    """A deal whose wall is drawn to its end (136 tiles, no flowers) with no win."""
    builder = _Builder(winner=None, keep=Counter())
    builder.deal_others(skip=None)
    while not builder.wall_empty:
        builder.filler(builder.turn)
        builder.turn = (builder.turn + 1) % 4
    return builder.game(prevailing_wind)


def winning_game(hand: Hand, *, winner: int, discarder: int | None, flowers: bool) -> PmnGame:
    """A game in which seat ``winner`` (0 East … 3 North) wins ``hand``, self-drawn or on
    ``discarder``'s discard; ``flowers`` says whether the set has flowers (the rule set's).
    Raises ``PmnError`` when no made-up play gives the hand back exactly."""
    for flag in ("heavenly", "earthly"):
        if getattr(hand, flag):
            raise PmnError("a made-up play cannot show {flag}", tag="Play", flag=flag)
    if hand.self_drawn != (discarder is None) or discarder == winner:
        raise PmnError("the hand's self-draw and its discarder disagree", tag="Play")
    with_flowers = flowers and bool(hand.bonus)
    game = _play(hand, winner, discarder, with_flowers)
    table = replay(game, flowers=with_flowers)
    if table.winners.get(winner) != replace(hand, seat_wind=WINDS[winner]) or (
        hand.seat_wind != WINDS[winner]
    ):
        raise PmnError("a made-up play does not give this hand back exactly", tag="Play")
    return game


def _play(hand: Hand, winner: int, discarder: int | None, with_flowers: bool) -> PmnGame:
    builder = _Builder(winner=winner, keep=_tiles_of(hand), winning=hand.winning_tile)
    claimed = [meld for meld in hand.melds if not meld.concealed]
    hidden = [meld for meld in hand.melds if meld.concealed]
    last_kong = _last_kong(hand)
    builder.deal_winner(hand, claimed, hidden, last_kong)
    runs_out = (hand.last_tile_of_wall or hand.last_discard) and not hand.last_of_its_kind
    builder.deal_others(skip=winner, hide=hand.winning_tile if runs_out else None)
    if hand.robbing_kong:
        assert discarder is not None  # a robbed kong is not self-drawn (checked above)
        builder.pung_to_rob(discarder, hand)
    _show_last_of_its_kind(builder, hand)
    for meld in hand.melds:  # in the hand's order: a replay lists them as declared
        if meld is last_kong:
            continue
        if meld.concealed:
            builder.conceal(meld)
        else:
            builder.claim(meld)
    if last_kong is not None:
        builder.kong_then_win(last_kong, hand.winning_tile)
    elif hand.bonus_replacement:
        builder.flower_then_win(hand.bonus[-1], hand.winning_tile)
    elif hand.robbing_kong:
        assert discarder is not None
        builder.rob(discarder, hand.winning_tile)
    else:
        if hand.last_tile_of_wall or hand.last_discard:
            wall = FLOWER_WALL if with_flowers else FLOWER_WALL - 8
            in_wall = [KINDS + n for n in range(8) if KINDS + n not in hand.bonus]
            builder.run_out(
                discarder, wall - 4 * DEALT - builder.bonus_dealt, in_wall if with_flowers else []
            )
        builder.win(hand.winning_tile, discarder)
    return builder.game(hand.prevailing_wind)


def _tiles_of(hand: Hand) -> Counter[Tile]:
    tiles: Counter[Tile] = Counter(hand.concealed)
    for meld in hand.melds:
        tiles.update(meld.tiles)
    return tiles


def _last_kong(hand: Hand) -> Meld | None:
    """The kong whose replacement tile wins, when the hand won on one: its last set."""
    if not hand.replacement_tile:
        return None
    if not hand.melds or hand.melds[-1].kind is not MeldKind.KONG:
        raise PmnError("a replacement tile needs a kong declared last", tag="Play")
    return hand.melds[-1]


def _show_last_of_its_kind(builder: _Builder, hand: Hand) -> None:
    """Discard the copies of the winning tile a replay must see for the last of its kind."""
    if not hand.last_of_its_kind:
        return
    shown = sum(meld.tiles.count(hand.winning_tile) for meld in hand.melds if not meld.concealed)
    for _ in range(3 - shown):
        if builder.turn == builder.winner:
            builder.filler(builder.turn)
            builder.turn = (builder.turn + 1) % 4
        builder.draw_discard(builder.turn, hand.winning_tile, reserved=False)
        builder.turn = (builder.turn + 1) % 4


class _Builder:
    """The deal and the play as they are made; ``turn`` is the seat that draws next."""

    def __init__(
        self, *, winner: int | None, keep: Counter[Tile], winning: Tile | None = None
    ) -> None:
        self.winner = winner
        self._winning = winning
        self.pool: Counter[Tile] = Counter({t: 4 for t in range(PLAYING_KINDS)})
        self.pool.subtract(Counter({t: n for t, n in keep.items() if t < PLAYING_KINDS}))
        self.keep = keep  # the winner's tiles: never junk
        self.deal: list[list[Tile]] = [[] for _ in range(4)]
        self.actions: list[Action] = []
        self.spare: list[Tile] = []  # junk in the winner's deal, discarded after claims
        self.turn = 0
        self.draws = 0
        self.bonus_dealt = 0

    @property
    def wall_empty(self) -> bool:
        return self.draws >= FLOWER_WALL - 8 - 4 * DEALT

    def junk(self, *, avoid: Tile | None = None) -> Tile:
        """A tile that plays no part: of a kind the winner does not hold if any is left,
        else of the winner's kinds, the ``avoid`` kind (the winning tile's) last."""
        kinds = range(PLAYING_KINDS)
        for choice in (
            (t for t in kinds if t not in self.keep),
            (t for t in kinds if t != avoid),
            kinds,
        ):
            for t in choice:
                if self.pool[t] > 0:
                    self.pool[t] -= 1
                    return t
        raise PmnError("the wall has no tile left for a made-up play", tag="Play")

    def act(self, kind: str, seat: int, tile: Tile | None, *, just_drawn: bool = False) -> None:
        self.actions.append(Action(kind, seat, tile, 0, just_drawn=just_drawn))
        if kind == "T":
            self.draws += 1

    def deal_winner(
        self, hand: Hand, claimed: list[Meld], hidden: list[Meld], last_kong: Meld | None
    ) -> None:
        assert self.winner is not None
        tiles = list(hand.concealed)
        tiles.remove(hand.winning_tile)
        for meld in claimed:
            held = list(meld.tiles)
            held.remove(_claimed_tile(meld))
            tiles.extend(held)
        for meld in hidden:
            tiles.extend(meld.tiles[:3])  # the fourth is drawn on the winner's turn
        self.spare = [self.junk() for _ in range(DEALT - len(tiles))]
        flowers = list(hand.bonus)
        if hand.bonus_replacement and last_kong is None and flowers:
            flowers.pop()  # drawn and set aside just before the win
        self.bonus_dealt = len(flowers)
        self.deal[self.winner] = [*tiles, *self.spare, *flowers]

    def deal_others(self, *, skip: int | None, hide: Tile | None = None) -> None:
        """The other seats' deals, of junk; the copies of ``hide`` left go to them first
        (a wall drawn to its end would otherwise show every one)."""
        hidden = [hide] * self.pool[hide] if hide is not None else []
        if hide is not None:
            self.pool[hide] = 0
        for seat in range(4):
            if seat != skip:
                held = [hidden.pop() for _ in range(min(len(hidden), 2))]
                self.deal[seat] = [self.junk() for _ in range(DEALT - len(held))] + held

    def filler(self, seat: int) -> None:
        """A turn that changes nothing: a junk tile drawn and discarded."""
        self.draw_discard(seat, self.junk(avoid=self._winning), reserved=True)

    def draw_discard(self, seat: int, tile: Tile, *, reserved: bool) -> None:
        if not reserved:
            self.pool[tile] -= 1
        self.act("T", seat, tile)
        self.act("D", seat, None, just_drawn=True)

    def advance_to(self, seat: int) -> None:
        while self.turn != seat:
            self.filler(self.turn)
            self.turn = (self.turn + 1) % 4

    def claim(self, meld: Meld) -> None:
        """The seat before the winner discards the meld's tile, and the winner claims it."""
        assert self.winner is not None
        before = (self.winner - 1) % 4
        self.advance_to(before)
        tile = _claimed_tile(meld)
        self.draw_discard(before, tile, reserved=True)
        if meld.kind is MeldKind.CHOW:
            self.act("C", self.winner, meld.tiles[1])
        elif meld.kind is MeldKind.PUNG:
            self.act("P", self.winner, tile)
        else:
            self.act("Z", self.winner, tile)
            self.filler(self.winner)
            self.turn = (self.winner + 1) % 4
            return
        self.act("D", self.winner, self.spare.pop())
        self.turn = (self.winner + 1) % 4

    def conceal(self, meld: Meld) -> None:
        assert self.winner is not None
        self.advance_to(self.winner)
        self.act("T", self.winner, meld.tiles[0])
        self.act("A", self.winner, meld.tiles[0])
        self.filler(self.winner)
        self.turn = (self.winner + 1) % 4

    def kong_then_win(self, meld: Meld, winning: Tile) -> None:
        """The winner's last kong, then its replacement tile wins."""
        assert self.winner is not None
        if meld.concealed:
            self.advance_to(self.winner)
            self.act("T", self.winner, meld.tiles[0])
            self.act("A", self.winner, meld.tiles[0])
        else:
            self.advance_to((self.winner - 1) % 4)
            self.draw_discard(self.turn, meld.tiles[0], reserved=True)
            self.act("Z", self.winner, meld.tiles[0])
        self.act("T", self.winner, winning)
        self.act("H", self.winner, None)

    def flower_then_win(self, flower: Tile, winning: Tile) -> None:
        assert self.winner is not None
        self.advance_to(self.winner)
        self.act("T", self.winner, flower)
        self.act("R", self.winner, flower)
        self.act("T", self.winner, winning)
        self.act("H", self.winner, None)

    def pung_to_rob(self, robbed: int, hand: Hand) -> None:
        """Seat ``robbed`` melds a pung of the winning tile (two dealt, one claimed), to add
        the fourth copy to it later; the winner holds no other copy."""
        winning = hand.winning_tile  # a valid hand holds no other copy of it
        dealt = self.deal[robbed]
        self.pool.update(dealt[-2:])  # two junk tiles back, two copies of the tile in
        self.pool[winning] -= 2
        dealt[-2:] = [winning, winning]
        claimer = (robbed - 1) % 4
        self.advance_to(claimer)
        self.draw_discard(claimer, winning, reserved=False)
        self.act("P", robbed, winning)
        self.act("D", robbed, dealt[0])
        self.turn = (robbed + 1) % 4

    def rob(self, robbed: int, winning: Tile) -> None:
        """Seat ``robbed`` draws the fourth copy and adds it to its pung; the winner robs it."""
        assert self.winner is not None
        self.advance_to(robbed)
        self.act("T", robbed, winning)
        self.act("B", robbed, winning)
        self.act("H", self.winner, None)

    def run_out(self, discarder: int | None, draws: int, flowers: list[Tile]) -> None:
        """Turns that change nothing until the wall's last tile is the next draw, by the
        winner (self-drawn) or the discarder; the flowers still in the wall are drawn, set
        aside and replaced on the way, and one seat's pung of another's discard (a kind no
        hand needs) moves the turn on where the count of turns does not fall right."""
        assert self.winner is not None
        drawer = self.winner if discarder is None else discarder
        fillers = draws - 1 - self.draws - len(flowers)  # turns: a flower's takes two draws
        shift = (drawer - self.turn - fillers) % 4
        avoid = self._winning
        for _ in range(fillers):
            if flowers and self.turn != self.winner:
                flower = flowers.pop()
                self.act("T", self.turn, flower)
                self.act("R", self.turn, flower)
                self.draw_discard(self.turn, self.junk(avoid=avoid), reserved=True)
                self.turn = (self.turn + 1) % 4
                continue
            punger = (self.turn + shift) % 4
            if shift and punger != self.winner:
                self._pung_to_shift(punger, avoid)
                shift = 0
                continue
            self.draw_discard(self.turn, self.junk(avoid=avoid), reserved=True)
            self.turn = (self.turn + 1) % 4
        if shift or fillers < 0 or flowers:
            raise PmnError("a made-up play cannot show {flag}", tag="Play", flag="the wall's end")

    def _pung_to_shift(self, punger: int, avoid: Tile | None) -> None:
        """The seat whose turn it is draws and discards a tile ``punger`` pungs."""
        kind = next(
            (t for t in range(PLAYING_KINDS) if self.pool[t] >= 3 and t not in self.keep), None
        )
        if kind is None:
            raise PmnError("the wall has no tile left for a made-up play", tag="Play")
        dealt = self.deal[punger]
        self.pool.update(dealt[1:3])
        self.pool[kind] -= 2
        dealt[1:3] = [kind, kind]
        self.draw_discard(self.turn, kind, reserved=False)
        self.act("P", punger, kind)
        self.act("D", punger, dealt[3])
        self.turn = (punger + 1) % 4

    def win(self, winning: Tile, discarder: int | None) -> None:
        assert self.winner is not None
        if discarder is None:
            self.advance_to(self.winner)
            self.act("T", self.winner, winning)
        else:
            self.advance_to(discarder)
            self.draw_discard(discarder, winning, reserved=True)
        self.act("H", self.winner, None)

    def game(self, prevailing_wind: Tile) -> PmnGame:
        """The game as written and read back (every tag checked by the reader)."""
        tags = {"PWind": WIND_LETTERS[WINDS.index(prevailing_wind)], **{s: s for s in SEATS}}
        made = PmnGame(
            tags=tags,
            deal=tuple(tuple(sorted(hand)) for hand in self.deal),
            play=tuple(self.actions),
        )
        return read_pmn(write_pmn(made))[0]


def _claimed_tile(meld: Meld) -> Tile:
    """The tile a melded set took from a discard: a chow's lowest, a pung's or kong's own."""
    return meld.tiles[0]
