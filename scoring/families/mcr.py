"""MCR (Chinese Official, 国标) as a league family: typed fan or tiles, 16-hand games.

A hand may carry ``penalties`` (§9.1: false win, misconduct): four whole numbers in seat
order, each added to that seat's change after the settlement of any outcome, a draw
included. They need not sum to zero, because points deducted for misconduct are paid to
no one; the engine's settlement stays zero-sum (duplicate scoring aside) and penalties are
added here, on top of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine import mcr
from scoring.engine.errors import HandError, RulesError, Seat
from scoring.engine.evaluation import Evaluation
from scoring.engine.hand import hand_from_json
from scoring.engine.mcr import rules as mcr_rules
from scoring.engine.mcr import settlement
from scoring.engine.penalties import CHOMBO_KEYS, ChomboEnds, PenaltyPreset
from scoring.families import table_line
from scoring.families.base import Column, Demo, Family, SeatResult, is_whole
from scoring.families.mcr_seating import (
    HANDS_PER_GAME,
    WINDS,
    TableState,
    place_winds,
    seating,
    table_state,
    winds_for_hand,
)
from scoring.forms.mcr import COMPETITION_SEATS, MCRHandForm, MCRParamsForm

INPUT_FIELDS = (
    "outcome",
    "winner",
    "discarder",
    "offender",
    "fan",
    "hand",
    "winners",
    "penalties",
)
OUTCOMES = ("self_drawn", "discard", "draw", "false_win")
PARAMS = ("preset", "flowers", "false_win_penalty", "scoring", "seats")


def rules_from_params(params: Mapping[str, Any]) -> mcr.MCRRules:
    unknown = sorted(set(params) - {*PARAMS, *CHOMBO_KEYS})
    if unknown:
        raise RulesError("unknown MCR rule {unknown}", field=unknown[0], unknown=repr(unknown[0]))
    if params.get("scoring", "standard") not in ("standard", "duplicate"):
        raise RulesError("scoring must be standard or duplicate", field="scoring")
    seating(params)
    penalty = mcr_rules.FALSE_WIN_PENALTY.check(
        params.get("false_win_penalty", 10), field="false_win_penalty", error=RulesError
    )
    flowers = params.get("flowers", True)
    if not isinstance(flowers, bool):
        raise RulesError("flowers must be on or off", field="flowers")
    base = mcr.preset(str(params.get("preset", "standard")))
    return replace(base, flowers=flowers, false_win_penalty=penalty)


def _seat(hand: Mapping[str, Any], field: str) -> int:
    value = hand.get(field)
    if not is_whole(value) or value not in range(4):
        raise HandError("choose the {name}", field=field, name=field)
    return value


def penalties_of(hand: Mapping[str, Any]) -> tuple[int, ...] | None:
    """The hand's penalties, seat by seat, or None when it has none (or only zeros).

    >>> penalties_of({"penalties": [0, -10, 0, 0]})
    (0, -10, 0, 0)
    >>> penalties_of({"penalties": [0, 0, 0, 0]}) is None
    True
    """
    value = hand.get("penalties")
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise HandError("the penalties are four whole numbers, one per seat", field="penalties")
    for seat, penalty in enumerate(value):
        mcr_rules.PENALTY.check(penalty, field="penalties", where=Seat(seat))
    return tuple(value) if any(value) else None


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"−{-points}"


def describe_penalties(penalties: Sequence[int], seat_names: Sequence[str]) -> str:
    """The non-zero penalties by name, for a hand's line: ``Ann −10, Cy +5``."""
    return ", ".join(
        f"{name} {_signed(points)}"
        for name, points in zip(seat_names, penalties, strict=True)
        if points
    )


def _evaluate(tiles: Any, self_drawn: bool, rules: mcr.MCRRules) -> Evaluation:
    if not isinstance(tiles, Mapping):
        raise HandError("the tiles must be a hand object", field="hand")
    if bool(tiles.get("self_drawn", False)) != self_drawn:
        raise HandError(
            "the tiles say self-drawn but the result is not (or the other way round)",
            field="hand",
        )
    if tiles.get("bonus") and not rules.flowers:
        raise HandError("this rule set plays without flowers", field="bonus")
    evaluation = mcr.evaluate(hand_from_json(tiles), rules)
    if not evaluation.meets_minimum:
        raise HandError(
            "the hand is worth {total_without_bonus} fan without flowers; a win needs "
            "{minimum} (record a false win instead)",
            field="hand",
            total_without_bonus=evaluation.total_without_bonus,
            minimum=rules.minimum,
        )
    return evaluation


def winning_fan(entry: Mapping[str, Any], self_drawn: bool, rules: mcr.MCRRules) -> int:
    """The fan of one winner: typed, or evaluated from the tiles (flowers included)."""
    if "hand" in entry and "fan" in entry:
        raise HandError("give the fan or the tiles, not both", field="fan")
    if "hand" in entry:
        return _evaluate(entry["hand"], self_drawn, rules).total
    fan = mcr_rules.FAN.check(entry.get("fan"), field="fan")
    if fan < rules.minimum:
        raise HandError("a win is worth at least {minimum} fan", field="fan", minimum=rules.minimum)
    return fan


def _described_fan(
    entry: Mapping[str, Any],
    self_drawn: bool,
    rules: mcr.MCRRules,
    evaluation: Mapping[str, Any] | None = None,
) -> int:
    """A winner's fan for a description: the stored evaluation's, else typed or evaluated."""
    if evaluation:
        return int(evaluation["total"])
    return winning_fan(entry, self_drawn, rules)


MIXED_STRAIGHT = {"concealed": "123m456p789s789p55s", "winning_tile": "7s", "seat_wind": "2z"}
# The demo club's MCR game (manage.py seed_demo).
DEMO = Demo(
    order=4,
    rules_name="MCR club rules",
    params={"preset": "standard", "seats": "competition"},
    season_name="{year} MCR",
    sessions=(
        (
            5,
            ("Ada", "Chi", "Dee", "Eli"),
            (
                {"outcome": "discard", "winner": 1, "discarder": 0, "hand": MIXED_STRAIGHT},
                {"outcome": "self_drawn", "winner": 2, "fan": 12},
                {"outcome": "draw"},
                {"outcome": "discard", "winner": 3, "discarder": 1, "fan": 8},
                {"outcome": "false_win", "offender": 0},
            ),
        ),
    ),
)


class MCRFamily(Family):
    key = "mcr"
    ema_columns = ("table_points", "net")
    label = lazy_text("MCR (國標)")
    params_form = MCRParamsForm
    hand_form = MCRHandForm
    keeps_table = True
    value_label = lazy_text("fan")
    pmn_records = True
    demo = DEMO
    standings_columns = (
        Column("table_points", lazy_text("Table points"), "ratio"),
        Column("net", lazy_text("Score"), "points"),
        Column("sessions", lazy_text("Games")),
        Column("games", lazy_text("Hands")),
        Column("win_fraction", lazy_text("Win rate"), "percent"),
        Column("deal_in_fraction", lazy_text("Deal-in rate"), "percent"),
        Column("self_draw_fraction", lazy_text("Self-draw rate"), "percent"),
        Column("average_winning_value", lazy_text("Average winning fan"), "ratio"),
    )
    table_points = True
    hands_per_session = HANDS_PER_GAME
    session_template = "scoring/mcr_session.html"

    def chombo_default(self, params: Mapping[str, Any]) -> PenaltyPreset:
        """The organiser's points: a chombo pays the rule set's false-win penalty to each
        other player (§9.1), and the other three play the hand on."""
        each = rules_from_params(params).false_win_penalty
        return PenaltyPreset(chombo=3 * each, zero_sum=True, ends=ChomboEnds.NOTHING)

    def default_params(self) -> dict[str, Any]:
        return {
            "preset": "standard",
            "flowers": True,
            "false_win_penalty": 10,
            "scoring": "standard",
            "seats": COMPETITION_SEATS,
        }

    def clean_rules(self, params: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_from_params(params)
        return {
            "preset": rules.preset,
            "flowers": rules.flowers,
            "false_win_penalty": rules.false_win_penalty,
            "scoring": params.get("scoring", "standard"),
            "seats": seating(params),
        }

    def describe_params(self, params: Mapping[str, Any]) -> str:
        rules = rules_from_params(params)
        parts = [
            _(mcr.MCREvaluator.preset_labels.get(rules.preset, rules.preset)),
            _("Two Concealed Kongs %(two_concealed_kongs)s fan")
            % {"two_concealed_kongs": rules.two_concealed_kongs},
            _("flowers") if rules.flowers else _("no flowers"),
            _("false win −%(false_win_penalty)s each")
            % {"false_win_penalty": rules.false_win_penalty},
            _("duplicate scoring")
            if params.get("scoring") == "duplicate"
            else _("standard scoring"),
            _("seats change each round")
            if seating(params) == COMPETITION_SEATS
            else _("fixed seats"),
        ]
        return ", ".join(parts)

    def event_standings_key(self, row: Any) -> tuple[Any, ...]:
        """An event ranks as a season does: table points, then score."""
        return self.standings_key(row)

    def standings_key(self, row: Any) -> tuple[Any, ...]:
        """Most table points first, then the highest total score, then by name."""
        return (-row.table_points, -row.penalised_net, row.name)

    def hand_context(self, number: int, params: Mapping[str, Any]) -> dict[str, Any]:
        return winds_for_hand(number, seating(params))

    def place_hand(
        self, hand: Mapping[str, Any], number: int, params: Mapping[str, Any]
    ) -> Mapping[str, Any]:
        """Each winner's tiles get the seat wind and prevailing wind of hand ``number``;
        tiles that name other winds are refused (they would score other fans)."""
        winds = self.hand_context(number, params)
        placed = dict(hand)
        if is_whole(hand.get("winner")) and isinstance(hand.get("hand"), Mapping):
            placed["hand"] = place_winds(hand["hand"], hand["winner"], winds)
        others = hand.get("winners")
        if isinstance(others, list):
            placed["winners"] = [
                {**entry, "hand": place_winds(entry["hand"], entry["seat"], winds, "winners")}
                if isinstance(entry, Mapping)
                and is_whole(entry.get("seat"))
                and isinstance(entry.get("hand"), Mapping)
                else entry
                for entry in others
            ]
        return placed

    def table_states(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        changes: Sequence[Sequence[Any]],
        *,
        names: Sequence[str],
        evaluations: Sequence[Mapping[str, Any] | None] = (),
        hand_params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[TableState]:
        """The table before each hand and after the last: the winds of each place in the game
        (the seating of the session's first rules; ``hand_params`` changes no wind)."""
        seats = seating(params)
        return [table_state(number, seats, names) for number in range(1, len(hands) + 2)]

    def session_table_points(self, totals: Sequence[Fraction]) -> tuple[Fraction, ...]:
        return settlement.table_points(totals)

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        self._changes(hand, params)
        cleaned = {
            key: hand[key]
            for key in INPUT_FIELDS
            if key != "penalties" and hand.get(key) is not None
        }
        penalties = penalties_of(hand)
        if penalties is not None:
            cleaned["penalties"] = list(penalties)
        return cleaned

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        changes, fans, blamed = self._changes(hand, params)
        outcome = hand["outcome"]
        return [
            SeatResult(
                points=Decimal(change),
                won=seat in fans,
                blamed=seat == blamed,
                self_drawn=seat in fans and outcome == "self_drawn",
                false_win=outcome == "false_win" and seat == blamed,
                hand_value=fans.get(seat),
            )
            for seat, change in enumerate(changes)
        ]

    def evaluate(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any] | None:
        if "hand" not in hand:
            return None
        rules = rules_from_params(params)
        result = _evaluate(hand["hand"], hand.get("outcome") == "self_drawn", rules).to_json()
        others = [
            {"seat": entry.get("seat"), **_evaluate(entry["hand"], False, rules).to_json()}
            for entry in hand.get("winners") or ()
            if isinstance(entry, Mapping) and "hand" in entry
        ]
        if others:  # duplicate scoring: each other winner's fans, listed beside the first's
            result["other_winners"] = others
        return result

    def _changes(
        self, hand: Mapping[str, Any], params: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], dict[int, int], int | None]:
        """Each seat's change (the settlement, then any penalties), each winner's fan, and
        the discarder or offender."""
        unknown = sorted(set(hand) - set(INPUT_FIELDS))
        if unknown:
            raise HandError("unknown field {unknown}", field=unknown[0], unknown=repr(unknown[0]))
        penalties = penalties_of(hand)
        changes, fans, blamed = self._settlement(hand, params)
        if penalties is not None:
            changes = settlement.add(changes, penalties)
        return changes, fans, blamed

    def _settlement(
        self, hand: Mapping[str, Any], params: Mapping[str, Any]
    ) -> tuple[tuple[int, ...], dict[int, int], int | None]:
        """The outcome's settlement (§9): each seat's change, each winner's fan, and the
        discarder or offender."""
        outcome = hand.get("outcome")
        if outcome not in OUTCOMES:
            raise HandError(
                "outcome must be one of {value}",
                field="outcome",
                value=", ".join(OUTCOMES),
            )
        rules = rules_from_params(params)
        if outcome == "draw":
            return (0, 0, 0, 0), {}, None
        if outcome == "false_win":
            offender = _seat(hand, "offender")
            return settlement.false_win(offender, rules.false_win_penalty), {}, offender
        fans = self._winners(hand, outcome == "self_drawn", rules, params)
        if outcome == "self_drawn":
            ((winner, fan),) = fans.items()
            return settlement.settle(winner, fan), fans, None
        discarder = _seat(hand, "discarder")
        if params.get("scoring") == "duplicate":
            return settlement.settle_duplicate(fans, discarder), fans, discarder
        ((winner, fan),) = fans.items()
        return settlement.settle(winner, fan, discarder), fans, discarder

    def _winners(
        self,
        hand: Mapping[str, Any],
        self_drawn: bool,
        rules: mcr.MCRRules,
        params: Mapping[str, Any],
    ) -> dict[int, int]:
        fans = {_seat(hand, "winner"): winning_fan(hand, self_drawn, rules)}
        extra = hand.get("winners") or []
        if extra and (self_drawn or params.get("scoring") != "duplicate"):
            raise HandError(
                "only duplicate scoring has several winners on one discard", field="winners"
            )
        if not isinstance(extra, list):
            raise HandError("the other winners must be a list", field="winners")
        for entry in extra:
            if not isinstance(entry, Mapping) or set(entry) - {"seat", "fan", "hand"}:
                raise HandError('each other winner is {"seat": …, "fan": …}', field="winners")
            seat = _seat({"winner": entry.get("seat")}, "winner")
            if seat in fans:
                raise HandError("a player can win only once on a discard", field="winners")
            fans[seat] = winning_fan(entry, False, rules)
        return fans

    def table_line(
        self, *, place: int, hands: Sequence[Mapping[str, Any]], names: Sequence[str], state: Any
    ) -> list[str]:
        """Hand 9 of 16, the round and the dealer (``state``: the table before the hand)."""
        if state.over:
            return [_("The game is complete")]
        of = _("Hand %(number)s of %(hands_per_game)s") % {
            "number": state.number,
            "hands_per_game": state.hands_per_game,
        }
        round_index = WINDS.index(state.prevailing_wind)
        return [of, table_line.round_part(round_index), table_line.deals_part(state.dealer_name)]

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        text = self._describe_outcome(hand, seat_names, evaluation, params or {})
        if any(hand.get("penalties") or ()):
            text += _(" · penalties: %(describe_penalties)s") % {
                "describe_penalties": describe_penalties(hand["penalties"], seat_names)
            }
        return text

    def _describe_outcome(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None,
        params: Mapping[str, Any],
    ) -> str:
        outcome = hand.get("outcome")
        if outcome == "draw":
            return _("Draw (荒莊)")
        if outcome == "false_win":
            return _("False win by %(seat_names)s (錯和)") % {
                "seat_names": seat_names[hand["offender"]]
            }
        rules = rules_from_params(params)
        fan = _described_fan(hand, outcome == "self_drawn", rules, evaluation)
        source = _(" from tiles") if "hand" in hand else ""
        winner = seat_names[hand["winner"]]
        if outcome == "self_drawn":
            return _("%(winner)s self-drawn, %(fan)s fan%(source)s (自摸)") % {
                "winner": winner,
                "fan": fan,
                "source": source,
            }
        others = "".join(
            _(" and %(seat_names)s (%(described_fan)s fan%(value)s)")
            % {
                "seat_names": seat_names[e["seat"]],
                "described_fan": _described_fan(e, False, rules),
                "value": _(" from tiles") if "hand" in e else "",
            }
            for e in hand.get("winners", [])
        )
        return _("%(winner)s wins %(fan)s fan%(source)s%(others)s off %(seat_names)s") % {
            "winner": winner,
            "fan": fan,
            "source": source,
            "others": others,
            "seat_names": seat_names[hand["discarder"]],
        }
