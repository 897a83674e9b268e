"""A classical game replayed from its hands as entered: each hand's position (East, the
winds, the round, East's run) follows from the hands before it, and each hand is scored and
passes the deal under its own parameters (options changed during a game apply from the next
hand on, §4.1)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine.classical.entry import read_hand
from scoring.engine.classical.game import Game, PlayedHand, Position, advance
from scoring.engine.classical.params import rules_from_params, stake_from_params
from scoring.engine.errors import HandError


@dataclass(frozen=True)
class Replayed:
    """One hand of a replay: where it was played, and (when scored) the engine's result."""

    position: Position
    played: PlayedHand | None


def replay(
    hands: Sequence[Mapping[str, Any]],
    params: Mapping[str, Any],
    *,
    score_from: int = 0,
    hand_params: Sequence[Mapping[str, Any]] | None = None,
    names: Sequence[str] | None = None,
) -> Iterator[Replayed]:
    """Walk a game's hands in order through the engine's ``Game``: each hand's position
    follows from the hands before it; hands from ``score_from`` on are scored.

    ``hand_params`` gives each hand its own parameters where the game changed rules between
    hands; each hand is scored, and the deal passes after it, under its own rules. ``names``
    name the players in messages (default ``seat 1`` …)."""
    each = list(hand_params) if hand_params is not None else [params] * len(hands)
    if not hands:
        return
    games = _Games(each[0], hands[0], names)
    position: Position | None = games.start
    for index, (data, own) in enumerate(zip(hands, each, strict=True)):
        game = games.under(own)
        hand = read_hand(data, game.rules)
        if position is None:
            raise HandError("the game is over: the North round is complete")
        scored = None
        if index >= score_from:
            scored = PlayedHand(
                hand.result, position, game.options, game.score(hand.result, position)
            )
        yield Replayed(position, scored)
        count = len(game.players)
        position = advance(position, hand.result, game.options, count, game.rules.east_limit)


class _Games:
    """One engine ``Game`` per distinct parameters of a replay: the first hand says how
    many sit at the table, and every game starts from the first hand's stake (the stake is
    set before the game, §4.1)."""

    def __init__(
        self,
        first: Mapping[str, Any],
        first_hand: Mapping[str, Any],
        names: Sequence[str] | None,
    ) -> None:
        rules = rules_from_params(first)
        count = len(read_hand(first_hand, rules).result.players)
        self.names = list(names) if names else [f"seat {n + 1}" for n in range(count)]
        self.stake = stake_from_params(first)
        self.games: dict[str, Game] = {}
        self.start = self.under(first).start

    def under(self, params: Mapping[str, Any]) -> Game:
        key = json.dumps(params, sort_keys=True)
        if key not in self.games:
            self.games[key] = Game(rules_from_params(params), self.names, stake=self.stake)
        return self.games[key]
