"""A classical game: hands one by one, winds and rounds, stakes, and edit mode (§4, §6).

>>> from scoring.engine.classical.rulebooks import preset
>>> game = Game(preset("millington"), ["Keith", "Larry", "David", "Joe"], stake=1000)
>>> played = game.record(HandResult(
...     (player_hand([]), player_hand(["PCM"]), player_hand([]), player_hand(["PED"])),
...     mahjong=3))
>>> [int(s.score) for s in played.scores], [int(s) for s in game.stakes()]
([0, 4, 0, 28], [936, 984, 968, 1112])
>>> game.position()
Position(east=1, round_wind=0, round_start=0, east_run=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.classical.interpreter import HandScore, Seat, score_hand
from scoring.engine.classical.model import Options, RuleSet
from scoring.engine.classical.payments import Matrix, net, settle
from scoring.engine.classical.sets import WIND_LETTERS, PlayerHand, check_table_sets, player_hand
from scoring.engine.errors import HandError
from scoring.engine.errors import Seat as Sitting

ROUNDS = 4

__all__ = ["Game", "HandResult", "PlayedHand", "Position", "advance", "player_hand"]


@dataclass(frozen=True, slots=True)
class Position:
    """Where a hand is played: the East seat, the round wind (0 East .. 3 North), the seat
    that started the round, and East's consecutive Mahjongs before the hand."""

    east: int
    round_wind: int = 0
    round_start: int = 0
    east_run: int = 0

    def seat_wind(self, seat: int, players: int) -> str:
        """The seat's wind letter: East, then South, West, North counter-clockwise."""
        return WIND_LETTERS[(seat - self.east) % players]

    @property
    def round_letter(self) -> str:
        """The wind of the round as a letter."""
        return WIND_LETTERS[self.round_wind]

    def run_with(self, mahjong: int | None, *, draw_resets: bool) -> int:
        """East's consecutive Mahjongs after a hand won by ``mahjong`` (``None``: a draw)."""
        if mahjong is None:
            return 0 if draw_resets else self.east_run
        return self.east_run + 1 if mahjong == self.east else 0


@dataclass(frozen=True)
class HandResult:
    """One hand as entered: every player's sets and events (seat order), who went Mahjong
    (``None``: a draw), who discarded the winning tile (``None``: from the wall), whether
    that discard let off a cannon, fixed scores per seat, and the new East chosen when
    ``NewEastEachRound`` starts a round."""

    players: tuple[PlayerHand, ...]
    mahjong: int | None = None
    discarder: int | None = None
    cannon: bool = False
    fixed: tuple[Fraction | int | None, ...] = ()
    next_east: int | None = None


@dataclass(frozen=True)
class PlayedHand:
    """A hand as stored: its input, where it was played, the options and the scores."""

    result: HandResult
    position: Position
    options: Options
    scores: tuple[HandScore, ...]

    @property
    def payments(self) -> Matrix:
        """The payments matrix, from the stored scores (§5.2)."""
        return settle(
            [s.score for s in self.scores],
            winner=self.result.mahjong,
            east=self.position.east,
            method=self.options.payment_method,
            discarder=self.result.discarder,
            cannon=self.result.cannon,
        )


def advance(
    position: Position,
    result: HandResult,
    options: Options,
    players: int,
    east_limit: int | None = None,
) -> Position | None:
    """The position of the next hand, or ``None`` when the North round is over (§4.2)."""
    mahjong = result.mahjong
    run = position.run_with(mahjong, draw_resets=options.draw_reset_consec)
    if mahjong is None:
        rotate = options.draw_advance_wind
    else:
        rotate = mahjong != position.east or (east_limit is not None and run >= east_limit)
    if not rotate:
        return Position(position.east, position.round_wind, position.round_start, run)
    east = (position.east + 1) % players
    if east != position.round_start:
        return Position(east, position.round_wind, position.round_start)
    if position.round_wind == ROUNDS - 1:
        return None
    if options.new_east_each_round and result.next_east is not None:
        east = result.next_east
    return Position(east, position.round_wind + 1, east)


class Game:
    """A game of 2-4 players: record hands, edit earlier ones, read stakes and payments."""

    def __init__(
        self,
        rules: RuleSet,
        players: Sequence[str],
        *,
        stake: Fraction | int = 0,
        options: Options | None = None,
        first_east: int = 0,
    ) -> None:
        if not 2 <= len(players) <= 4:
            raise HandError(
                "a game has 2, 3 or 4 players, not {count}", field="players", count=len(players)
            )
        if not 0 <= first_east < len(players):
            raise HandError("the first East must be one of the players", field="first_east")
        self.rules = rules
        self.players = tuple(players)
        self.stake = Fraction(stake)
        self.options = rules.options if options is None else options
        self.start = Position(first_east, 0, first_east)
        self.hands: list[PlayedHand] = []

    @property
    def over(self) -> bool:
        """The North round is complete."""
        return self.position() is None

    def position(self) -> Position | None:
        """Where the next hand is played (``None`` when the game is over)."""
        if not self.hands:
            return self.start
        last = self.hands[-1]
        return advance(
            last.position, last.result, last.options, len(self.players), self.rules.east_limit
        )

    def set_options(self, options: Options) -> None:
        """Change the options from the next hand on (played hands keep theirs)."""
        self.options = options

    def record(self, result: HandResult) -> PlayedHand:
        """Score every player's hand and add it to the game."""
        position = self.position()
        if position is None:
            raise HandError("the game is over: the North round is complete")
        played = PlayedHand(result, position, self.options, self.score(result, position))
        self.hands.append(played)
        return played

    def edit(self, index: int, result: HandResult) -> PlayedHand:
        """Edit mode: re-score hand ``index`` (0-based) with its stored winds and options.
        Later hands keep their stored scores; their payments and stakes follow (§6.3)."""
        if not 0 <= index < len(self.hands):
            raise HandError("there is no hand {index} to edit", field="hand", index=index + 1)
        old = self.hands[index]
        scores = self.score(result, old.position, old.options)
        played = PlayedHand(result, old.position, old.options, scores)
        self.hands[index] = played
        return played

    def score(
        self, result: HandResult, position: Position, options: Options | None = None
    ) -> tuple[HandScore, ...]:
        """Every player's hand score at a position (fixed scores applied)."""
        options = self.options if options is None else options
        count = len(self.players)
        self._check(result)
        run = position.run_with(result.mahjong, draw_resets=options.draw_reset_consec)
        scores = []
        for seat, hand in enumerate(result.players):
            context = Seat(
                position.seat_wind(seat, count),
                position.round_letter,
                seat == result.mahjong,
                run if seat == position.east else 0,
            )
            try:
                scored = score_hand(self.rules, hand, context, options.limit)
            except HandError as error:
                raise HandError(
                    "{player}: {problem}",
                    field=error.field,
                    player=Sitting(seat, self.players[seat]),
                    problem=error,
                ) from None
            fixed = result.fixed[seat] if result.fixed else None
            scores.append(scored.with_fixed(fixed))
        return tuple(scores)

    def _check(self, result: HandResult) -> None:
        count = len(self.players)
        if len(result.players) != count:
            raise HandError(
                "enter a hand for each of the {count} players", field="players", count=count
            )
        if result.mahjong is not None and not 0 <= result.mahjong < count:
            raise HandError("the Mahjong player must be one of the players", field="mahjong")
        if result.fixed and len(result.fixed) != count:
            raise HandError("give a fixed score (or none) for every player", field="fixed")
        if result.next_east is not None and not 0 <= result.next_east < count:
            raise HandError("the new East must be one of the players", field="next_east")
        check_table_sets(result.players)

    def stakes(self, hands: int | None = None) -> tuple[Fraction, ...]:
        """Each player's stake after the first ``hands`` hands (all by default)."""
        stakes = [self.stake] * len(self.players)
        for played in self.hands[:hands]:
            for seat, change in enumerate(net(played.payments)):
                stakes[seat] += change
        return tuple(stakes)

    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest stake: the winner when the game is over."""
        stakes = self.stakes()
        best = max(stakes)
        return tuple(seat for seat, stake in enumerate(stakes) if stake == best)

    def warnings(self) -> list[str]:
        """Hands whose stored winds no longer follow the rotation after an edit (A11)."""
        found = []
        expected: Position | None = self.start
        for number, played in enumerate(self.hands, start=1):
            if expected != played.position:
                found.append(
                    f"hand {number}: its stored winds (East {self.players[played.position.east]}, "
                    f"{played.position.round_letter} round) do not follow from the hands before it"
                )
            expected = advance(
                played.position,
                played.result,
                played.options,
                len(self.players),
                self.rules.east_limit,
            )
        return found
