"""Classical (Millington-style) rules from a rules file as a league family.

A rule set names a shipped preset or holds the club's own rules file text, plus the game
options. A hand records every player's tile sets and ticked events; its scores depend on
the hands before it in the session (who is East, the winds, East's run), so the family is
*sequential*: ``replay`` walks a session's hands through the engine's ``Game`` and is the
one place that derives positions, scores and payments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from scoring.engine import classical
from scoring.engine.classical.game import Game, HandResult, PlayedHand, Position, advance
from scoring.engine.classical.interpreter import HandScore, check_events, exact_json
from scoring.engine.classical.model import PaymentMethod, RuleSet
from scoring.engine.classical.sets import (
    WIND_LETTERS,
    PlayerHand,
    TileSet,
    check_table_sets,
    parse_set,
)
from scoring.engine.errors import HandError, RulesError
from scoring.engine.exact import to_decimal
from scoring.engine.tiles import (
    WINDS,
    is_bonus,
    is_dragon,
    is_suited,
    is_terminal,
    number,
    parse_tiles,
    suit,
)
from scoring.families.base import Family, SeatResult
from scoring.forms.classical import ClassicalHandForm, ClassicalParamsForm

FILE = "file"
SOURCES = (*classical.PRESETS, FILE)
MAX_RULES_TEXT = 100_000
MAX_STAKE = 10**9
MAX_LIMIT = 10**6
MAX_PLACES = 6  # the database keeps six decimal places of a point
BOOLEAN_OPTIONS = ("draw_advance_wind", "new_east_each_round", "draw_reset_consec")
HAND_FIELDS = ("mahjong", "discarder", "cannon", "next_east", "players")
PLAYER_FIELDS = ("sets", "events", "fixed")
WIND_NAMES = {"E": "East 東", "S": "South 南", "W": "West 西", "N": "North 北"}
METHOD_NAMES = {
    PaymentMethod.ONLY_WINNER: "only the winner is paid",
    PaymentMethod.ONLY_WINNER_EAST_DOUBLE: "only the winner is paid, East double",
    PaymentMethod.DIFF_ALL_PLAYERS_EAST_DOUBLE: "all players settle differences, East double",
    PaymentMethod.WINNER_COLLECT_OTHERS_DIFF_EAST_DOUBLE: (
        "the winner collects, the others settle differences, East double"
    ),
    PaymentMethod.DISCARDER_PAYMENT: "the discarder pays",
}


# --- rule-set parameters ----------------------------------------------------------------------


@lru_cache(maxsize=64)
def read_rules_text(text: str) -> RuleSet:
    """A rules file's text read once (``RulesError`` listing every error by line)."""
    errors, _ = classical.check_rules(text)
    if errors:
        lines = "; ".join(f"line {error.line}: {error.message}" for error in errors)
        count = f"{len(errors)} errors" if len(errors) > 1 else "an error"
        raise RulesError(f"the rules file has {count}: {lines}", field="text")
    return classical.read_rules(text)


def base_rules(params: Mapping[str, Any]) -> RuleSet:
    """The rule set a parameter dict names: a preset, or the club's own rules file."""
    source = params.get("rules", classical.DEFAULT_PRESET)
    if source == FILE:
        text = params.get("text")
        if not isinstance(text, str) or not text.strip():
            raise RulesError("upload a rules file or type its text", field="text")
        if len(text) > MAX_RULES_TEXT:
            raise RulesError("a rules file can be at most 100,000 characters", field="text")
        return read_rules_text(text)
    if source not in classical.PRESETS:
        known = ", ".join(SOURCES)
        raise RulesError(f"the rules must be one of {known}", field="rules")
    return classical.preset(str(source))


def rules_from_params(params: Mapping[str, Any]) -> RuleSet:
    """The rule set with the rule set's options applied; missing options keep the file's."""
    unknown = sorted(
        set(params)
        - {"rules", "text", "stake", "payment_method", "limit"}
        - {"east_limit", *BOOLEAN_OPTIONS}
    )
    if unknown:
        raise RulesError(f"unknown classical option {unknown[0]!r}", field=unknown[0])
    rules = base_rules(params)
    changes: dict[str, Any] = {}
    for name in BOOLEAN_OPTIONS:
        value = params.get(name)
        if value is not None and not isinstance(value, bool):
            raise RulesError(f"{name.replace('_', ' ')} must be true or false", field=name)
        if value is not None:
            changes[name] = value
    method = params.get("payment_method")
    if method is not None:
        if method not in range(len(PaymentMethod)) or isinstance(method, bool):
            raise RulesError("the payment method must be 0, 1, 2, 3 or 4", field="payment_method")
        changes["payment_method"] = PaymentMethod(method)
    limit = params.get("limit")
    if limit is not None:
        changes["limit"] = _whole(limit, "limit", 1, MAX_LIMIT)
    east_limit = params.get("east_limit")
    if east_limit is not None:
        rules = replace(rules, east_limit=_whole(east_limit, "east_limit", 0, 99) or None)
    return replace(rules, options=rules.options.with_changes(**changes))


def stake_from_params(params: Mapping[str, Any]) -> int:
    return _whole(params.get("stake", 0), "stake", 0, MAX_STAKE)


def _whole(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(
            f"{field.replace('_', ' ')} must be a whole number from {low} to {high}", field=field
        )
    return value


# --- hand input: tile sets as codes or tiles --------------------------------------------------


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
        n = number(tiles[0])
        return TileSet("F" if n <= 4 else "S", " ", str((n - 1) % 4 + 1))
    kind = _kind(tiles)
    if kind is None:
        raise HandError(f"{text!r} is not a pair, pung, kong or chow", field=field)
    if how == "K" and kind != "K":
        raise HandError(
            f"{text!r}: only a kong can be claimed to a concealed pung (+)", field=field
        )
    if kind == "C":
        return TileSet("C", how, str(number(tiles[0])))
    return TileSet(kind, how, _value(tiles[0]))


def _kind(tiles: list[int]) -> str | None:
    if any(is_bonus(t) for t in tiles):
        return None
    if len(set(tiles)) == 1:
        return {2: "T", 3: "P", 4: "K"}.get(len(tiles))
    first = tiles[0]
    is_run = len(tiles) == 3 and tiles == [first, first + 1, first + 2]
    return "C" if is_run and is_suited(first) and suit(first) == suit(tiles[2]) else None


def _value(tile: int) -> str:
    """The value letter of a tile: D dragons, E S W N winds, T terminals, M minors."""
    if is_dragon(tile):
        return "D"
    if tile in WINDS:
        return WIND_LETTERS[WINDS.index(tile)]
    return "T" if is_terminal(tile) else "M"


def parse_tokens(text: str) -> list[str]:
    """The tokens of a compact sets entry such as ``PED 555s F1`` (commas allowed)."""
    return text.replace(",", " ").split()


@dataclass(frozen=True)
class ClassicalHand:
    """A stored hand input read back: the engine's ``HandResult`` and the tokens entered."""

    result: HandResult
    tokens: tuple[tuple[str, ...], ...]


def read_hand(hand: Mapping[str, Any], rules: RuleSet) -> ClassicalHand:
    """Check a hand input and turn it into the engine's ``HandResult`` (``HandError``)."""
    unknown = sorted(set(hand) - set(HAND_FIELDS))
    if unknown:
        raise HandError(f"unknown field {unknown[0]!r}", field=unknown[0])
    entries = hand.get("players")
    if not isinstance(entries, list) or not 2 <= len(entries) <= 4:
        raise HandError("give the sets and events of each of the 2-4 players", field="players")
    count = len(entries)
    mahjong = _seat(hand, "mahjong", count)
    discarder = _seat(hand, "discarder", count)
    next_east = _seat(hand, "next_east", count)
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
    result = HandResult(
        tuple(players),
        mahjong=mahjong,
        discarder=discarder,
        cannon=cannon,
        fixed=tuple(fixed) if any(f is not None for f in fixed) else (),
        next_east=next_east,
    )
    return ClassicalHand(result, tuple(tokens))


def _seat(hand: Mapping[str, Any], field: str, count: int) -> int | None:
    value = hand.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise HandError(
            f"{field.replace('_', ' ')} must be a seat from 0 to {count - 1}", field=field
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
        raise HandError(f"unknown field {unknown[0]!r}", field=f"{where}.{unknown[0]}")
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
        fixed = _whole_hand(fixed, f"{where}.fixed")
    return player, tuple(t.strip() for t in tokens), fixed


def _whole_hand(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_LIMIT:
        raise HandError(f"a fixed score is a whole number from 0 to {MAX_LIMIT}", field=field)
    return value


# --- the session, replayed --------------------------------------------------------------------


@dataclass(frozen=True)
class Replayed:
    """One hand of a replay: where it was played, and (when scored) the engine's result."""

    position: Position
    played: PlayedHand | None


def replay(
    hands: Sequence[Mapping[str, Any]], params: Mapping[str, Any], *, score_from: int = 0
) -> Iterator[Replayed]:
    """Walk a session's hands in order through the engine's ``Game``: each hand's position
    follows from the hands before it; hands from ``score_from`` on are scored."""
    rules = rules_from_params(params)
    position: Position | None = None
    game: Game | None = None
    for index, data in enumerate(hands):
        hand = read_hand(data, rules)
        if game is None:
            count = len(hand.result.players)
            names = [f"seat {n + 1}" for n in range(count)]
            game = Game(rules, names, stake=stake_from_params(params))
            position = game.start
        if position is None:
            raise HandError("the game is over: the North round is complete")
        scored = None
        if index >= score_from:
            scored = PlayedHand(
                hand.result, position, game.options, game.score(hand.result, position)
            )
        yield Replayed(position, scored)
        position = advance(position, hand.result, game.options, len(game.players), rules.east_limit)


@dataclass(frozen=True)
class MatrixRow:
    """One player's row of a hand's payments matrix (§5.2): what they received from each
    player (negative: paid), their hand score and their stake after the hand."""

    name: str
    score: str
    fixed: bool
    stake: Decimal
    cells: list[str]
    net: Decimal


@dataclass(frozen=True)
class TableState:
    """The table before a hand (or after the last one): position and stakes; for a hand,
    also the stakes after it and its payments matrix."""

    position: Position | None
    stakes: tuple[Decimal, ...]
    names: tuple[str, ...]
    matrix: tuple[MatrixRow, ...] = ()

    @property
    def over(self) -> bool:
        return self.position is None

    @property
    def round_name(self) -> str:
        return WIND_NAMES[self.position.round_letter] if self.position else ""

    @property
    def winds(self) -> list[str]:
        if self.position is None:
            return [""] * len(self.stakes)
        count = len(self.stakes)
        return [WIND_NAMES[self.position.seat_wind(seat, count)] for seat in range(count)]

    @property
    def east(self) -> int | None:
        return self.position.east if self.position else None

    @property
    def east_run(self) -> int:
        return self.position.east_run if self.position else 0

    @property
    def east_name(self) -> str:
        return self.names[self.east] if self.east is not None else ""

    @property
    def seats(self) -> list[tuple[str, str, Decimal, bool, bool]]:
        """Each seat's name, wind, stake, whether it is East and whether it leads."""
        leaders = self.leaders
        return [
            (name, wind, stake, seat == self.east, seat in leaders)
            for seat, (name, wind, stake) in enumerate(
                zip(self.names, self.winds, self.stakes, strict=True)
            )
        ]

    @property
    def leaders(self) -> list[int]:
        best = max(self.stakes)
        return [seat for seat, stake in enumerate(self.stakes) if stake == best]


def payments_matrix(
    evaluation: Mapping[str, Any] | None, names: Sequence[str], stakes_after: Sequence[Decimal]
) -> tuple[MatrixRow, ...]:
    """The rows of a stored hand's payments matrix, named, with scores and stakes after."""
    if not evaluation or "payments" not in evaluation:
        return ()
    rows = []
    for name, scored, cells, stake in zip(
        names, evaluation["scores"], evaluation["payments"], stakes_after, strict=True
    ):
        fixed = scored.get("fixed") is not None
        rows.append(
            MatrixRow(
                name,
                str(scored["fixed"] if fixed else scored["score"]),
                fixed,
                stake,
                list(cells),
                sum((Decimal(cell) for cell in cells), Decimal(0)),
            )
        )
    return tuple(rows)


def _decimal(value: Fraction, what: str) -> Decimal:
    try:
        result = to_decimal(value)
    except ValueError:
        result = None
    if result is None or -result.as_tuple().exponent > MAX_PLACES:  # type: ignore[operator]
        raise HandError(
            f"{what} {value} is not an exact decimal; choose a limit that divides evenly"
        )
    return result


def _evaluation(played: PlayedHand, rules: RuleSet) -> dict[str, Any]:
    """What is stored with a hand: position, every player's score and breakdown, payments.

    ``total``, ``patterns`` and ``arrangement`` describe the Mah-Jongg player's hand the way
    the other families' evaluations do, so the shared sheet and preview can show them."""
    result, position = played.result, played.position
    count = len(result.players)
    winner = played.scores[result.mahjong] if result.mahjong is not None else None
    run = position.run_with(result.mahjong, draw_resets=played.options.draw_reset_consec)
    return {
        "family": "classical",
        "preset": rules.name,
        "total": exact_json(winner.score) if winner else 0,
        "limit": bool(winner and winner.limit_reached),
        "patterns": _patterns(winner) if winner else [],
        "arrangement": [s.code for s in result.players[result.mahjong].sets]
        if result.mahjong is not None
        else [],
        "position": {
            "east": position.east,
            "round": position.round_letter,
            "winds": [position.seat_wind(seat, count) for seat in range(count)],
            "east_run": run,
        },
        "scores": [score.to_json() for score in played.scores],
        "payments": [[str(_decimal(cell, "a payment")) for cell in row] for row in played.payments],
    }


def _patterns(score: HandScore) -> list[dict[str, Any]]:
    counted: dict[int, dict[str, Any]] = {}
    for activation in score.activations:
        rule = activation.rule
        if rule.id in counted:
            counted[rule.id]["count"] += 1
        else:
            counted[rule.id] = {
                "id": str(rule.id),
                "name": rule.description,
                "name_zh": "",
                "value": f"{rule.value} {rule.units.label}",
                "count": 1,
            }
    return list(counted.values())


def _seat_results(played: PlayedHand) -> list[SeatResult]:
    result, position = played.result, played.position
    run = position.run_with(result.mahjong, draw_resets=played.options.draw_reset_consec)
    changes = classical.net(played.payments)
    seat_results = []
    for seat, (change, score) in enumerate(zip(changes, played.scores, strict=True)):
        value = score.score
        seat_results.append(
            SeatResult(
                points=_decimal(change, "a payment"),
                won=seat == result.mahjong,
                blamed=seat == result.discarder,
                self_drawn=seat == result.mahjong and result.discarder is None,
                hand_value=int(value) if value.denominator == 1 else None,
                east_run=run if seat == position.east else None,
            )
        )
    return seat_results


class ClassicalFamily(Family):
    key = "classical"
    label = "Classical (Millington, rules files)"
    seat_counts = (2, 3, 4)
    params_form = ClassicalParamsForm
    hand_form = ClassicalHandForm
    value_label = "points"
    sequential = True
    standings_template = "games/_standings_classical.html"
    standings_columns = (
        "sessions",
        "games",
        "wins",
        "east_hands",
        "best_east_run",
        "net",
        "net_per_game",
    )
    session_template = "scoring/classical_session.html"
    hand_template = "scoring/classical_hand_detail.html"

    def standings_key(self, row: Any) -> tuple[Any, ...]:
        """Highest stake change first, then by name."""
        return (-(row.net or 0), row.name)

    def default_params(self) -> dict[str, Any]:
        return self.clean_params({"rules": classical.DEFAULT_PRESET, "stake": 2000})

    def clean_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_from_params(params)
        cleaned: dict[str, Any] = {"rules": params.get("rules", classical.DEFAULT_PRESET)}
        if cleaned["rules"] == FILE:
            cleaned["text"] = params["text"]
        options = rules.options
        cleaned.update(
            stake=stake_from_params(params),
            payment_method=int(options.payment_method),
            draw_advance_wind=options.draw_advance_wind,
            new_east_each_round=options.new_east_each_round,
            draw_reset_consec=options.draw_reset_consec,
            limit=options.limit,
            east_limit=rules.east_limit or 0,
        )
        return cleaned

    def describe_params(self, params: Mapping[str, Any]) -> str:
        rules = rules_from_params(params)
        options = rules.options
        parts = [
            rules.name if params.get("rules") != FILE else f"own rules file “{rules.name}”",
            f"payment method {int(options.payment_method)} "
            f"({METHOD_NAMES[options.payment_method]})",
            f"stake {stake_from_params(params)}",
            f"limit {options.limit}",
            "draws pass the deal" if options.draw_advance_wind else "East keeps the deal on a draw",
        ]
        if options.new_east_each_round:
            parts.append("a new East each round")
        if options.draw_reset_consec:
            parts.append("a draw ends East's run")
        if rules.east_limit:
            parts.append(f"East passes the deal after {rules.east_limit} Mah-Jonggs in a row")
        return ", ".join(parts)

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        read = read_hand(hand, rules_from_params(params))
        result = read.result
        cleaned: dict[str, Any] = {"mahjong": result.mahjong}
        if result.discarder is not None:
            cleaned["discarder"] = result.discarder
        if result.cannon:
            cleaned["cannon"] = True
        if result.next_east is not None:
            cleaned["next_east"] = result.next_east
        players = []
        for seat, (player, tokens) in enumerate(zip(result.players, read.tokens, strict=True)):
            entry: dict[str, Any] = {"sets": list(tokens), "events": sorted(player.events)}
            if result.fixed and result.fixed[seat] is not None:
                entry["fixed"] = result.fixed[seat]
            players.append(entry)
        cleaned["players"] = players
        return cleaned

    def score_sequence(
        self, hands: Sequence[Mapping[str, Any]], params: Mapping[str, Any], *, start: int = 0
    ) -> Iterator[tuple[list[SeatResult], dict[str, Any] | None]]:
        rules = rules_from_params(params)
        for replayed in replay(hands, params, score_from=start):
            if replayed.played is not None:
                yield _seat_results(replayed.played), _evaluation(replayed.played, rules)

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        """The hand as the first of a session (its scores depend on the hands before it)."""
        return next(self.score_sequence([hand], params))[0]

    def evaluate(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any] | None:
        return next(self.score_sequence([hand], params))[1]

    def table_states(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        changes: Sequence[Sequence[Decimal]],
        *,
        names: Sequence[str],
        evaluations: Sequence[Mapping[str, Any] | None] = (),
    ) -> list[TableState]:
        """The table before each hand and after the last: positions replayed from the
        inputs, stakes from the starting stake and each hand's stored changes, and each
        hand's payments matrix from its stored evaluation."""
        rules = rules_from_params(params)
        stakes = [Decimal(stake_from_params(params))] * len(names)
        states = []
        position: Position | None = Position(0)
        replayed = replay(hands, params, score_from=len(hands))
        for index, (played, hand_changes) in enumerate(zip(replayed, changes, strict=True)):
            position = played.position
            after = [s + c for s, c in zip(stakes, hand_changes, strict=True)]
            evaluation = evaluations[index] if index < len(evaluations) else None
            matrix = payments_matrix(evaluation, names, after)
            states.append(TableState(position, tuple(stakes), tuple(names), matrix))
            stakes = after
        if hands:
            last = read_hand(hands[-1], rules).result
            assert position is not None
            position = advance(position, last, rules.options, len(names), rules.east_limit)
        states.append(TableState(position, tuple(stakes), tuple(names)))
        return states

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
    ) -> str:
        mahjong = hand.get("mahjong")
        if mahjong is None:
            text = "Draw (wash-out)"
        else:
            text = f"{seat_names[mahjong]} Mah-Jongg"
            discarder = hand.get("discarder")
            if discarder is not None:
                text += f" off {seat_names[discarder]}'s discard"
                if hand.get("cannon"):
                    text += " (cannon)"
            else:
                text += " from the wall"
        if evaluation and evaluation.get("scores"):
            scores = ", ".join(
                f"{name} {_score_text(score)}"
                for name, score in zip(seat_names, evaluation["scores"], strict=False)
            )
            text += f"; scores: {scores}"
        return text


def _score_text(score: Mapping[str, Any]) -> str:
    if score.get("fixed") is not None:
        return f"{score['fixed']} (fixed)"
    return str(score.get("score"))


__all__ = [
    "ClassicalFamily",
    "TableState",
    "read_hand",
    "replay",
    "rules_from_params",
    "set_from_token",
]
