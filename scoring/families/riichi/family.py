"""Japanese riichi as the league sees it: presets, hands in session order (a hanchan),
the table between hands, placement points for the standings, and the score sheet's lines.

The family is *sequential*: a hand's payments depend on the hands before it (the dealer,
counters, riichi sticks on the table), so ``session.replay`` scores every hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.display import lazy_text
from scoring.engine.penalties import ChomboEnds, PenaltyPreset
from scoring.engine.riichi import GameState, final_scores
from scoring.engine.riichi.rules import RIICHI_STICK, SEATS, ChomboPenalty
from scoring.engine.riichi.tenhou import read_log
from scoring.families import table_line
from scoring.families.base import (
    Column,
    GameLog,
    Placing,
    SeatResult,
    SequentialFamily,
    SessionSeat,
)
from scoring.families.riichi import describe, session
from scoring.families.riichi.demo import DEMO
from scoring.families.riichi.forms import RiichiHandForm, RiichiParamsForm
from scoring.families.riichi.hand_input import HAND_KEYS, read_hand
from scoring.families.riichi.params import (
    DEFAULT_PRESET,
    clean_params,
    describe_rules,
    rules_from_params,
)
from scoring.families.riichi.stats import RIICHI_STATS

# A chombo paid at the table: a non-dealer's mangan, paid to the others.
REVERSE_MANGAN = 8000


class RiichiFamily(SequentialFamily):
    key = "riichi"
    ema_columns = ("placement_points", "net")
    label = lazy_text("Riichi (立直麻雀)")
    params_form = RiichiParamsForm
    hand_form = RiichiHandForm
    keeps_table = True
    value_label = lazy_text("han")
    placements = True
    tenhou_logs = True
    demo = DEMO
    standings_columns = (
        Column("placement_points", lazy_text("Placement points"), "ratio"),
        Column("average_place", lazy_text("Average place"), "ratio"),
        Column("sessions", lazy_text("Hanchan")),
        Column("games", lazy_text("Hands")),
        Column("win_fraction", lazy_text("Win rate"), "percent"),
        Column("deal_in_fraction", lazy_text("Deal-in rate"), "percent"),
        Column("declaration_fraction", lazy_text("Riichi rate"), "percent"),
        Column("net", lazy_text("Points ±"), "signed", shown=False),
    )
    stats = RIICHI_STATS
    session_template = "scoring/riichi/session.html"
    hand_template = "scoring/riichi/hand_detail.html"

    def event_standings_key(self, row: Any) -> tuple[Any, ...]:
        """An event ranks as a season does: placement points, then average place."""
        return self.standings_key(row)

    def standings_key(self, row: Any) -> tuple[Any, ...]:
        """Most placement points after penalties first, then the best average place, then
        by name."""
        points = row.placement_points + Fraction(row.penalties)
        return (-points, row.average_place or SEATS, row.name)

    def chombo_default(self, params: Mapping[str, Any]) -> PenaltyPreset:
        """The printed rules': EMA and WRC take the chombo penalty (20,000) off the final
        score, paid to no one; a preset that pays it at the table as a reverse mangan pays
        8,000 to the others. Either way the hand is replayed: it ends that hand only."""
        rules = rules_from_params(params)
        if rules.chombo is ChomboPenalty.FINAL:
            return PenaltyPreset(rules.chombo_points, zero_sum=False, ends=ChomboEnds.HAND)
        return PenaltyPreset(REVERSE_MANGAN, zero_sum=True, ends=ChomboEnds.HAND)

    def read_tenhou_log(self, data: object, params: Mapping[str, Any]) -> GameLog:
        """Each kyoku becomes a hand; the log must pay what these rules pay."""
        game = read_log(data, rules_from_params(params))
        return GameLog(game.title, game.names, game.hands, game.final_scores)

    def default_params(self) -> dict[str, Any]:
        return {"preset": DEFAULT_PRESET}

    def clean_rules(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return clean_params(params)

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return describe_rules(rules_from_params(params))

    def switch_problem(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
        """Starting and return points are set before the hanchan: a preset that changes
        them cannot take over between hands."""
        before, after = rules_from_params(old), rules_from_params(new)
        if (before.start, before.target) != (after.start, after.target):
            return _(
                "the starting points (%(start)s) and return points are set before the "
                "hanchan; re-score the session under that version instead"
            ) % {"start": f"{before.start:,}"}
        return None

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        """The hand read as the first of a hanchan (its place is checked when scored)."""
        read_hand(hand, rules_from_params(params), None)
        cleaned = {key: hand[key] for key in HAND_KEYS if hand.get(key) not in (None, [])}
        return {"outcome": hand["outcome"], **cleaned}

    def score_sequence(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        *,
        start: int = 0,
        hand_params: Sequence[Mapping[str, Any]] | None = None,
    ) -> Iterator[tuple[list[SeatResult], dict[str, Any] | None]]:
        each = hand_params if hand_params is not None else [params] * len(hands)
        for index, played in enumerate(session.replay(hands, each)):
            if index >= start:
                yield session.seat_results(played), session.evaluation_of(played)

    def table_states(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        changes: Sequence[Sequence[Any]],
        *,
        names: Sequence[str],
        evaluations: Sequence[Mapping[str, Any] | None] = (),
        hand_params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[session.TableState]:
        each = hand_params if hand_params is not None else [params] * len(hands)
        return session.table_states(hands, each, names, params)

    def session_placings(
        self, seats: Sequence[SessionSeat], params: Mapping[str, Any]
    ) -> tuple[Placing, ...] | None:
        """The hanchan's placements from where it stands: each seat's points are the start
        plus its net, the sticks still on the table are what the nets are short of zero,
        and each false win is a chombo."""
        if len(seats) != SEATS:
            return None
        rules = rules_from_params(params)
        nets = [int(seat.net) for seat in seats]
        state = GameState(
            scores=tuple(rules.start + net for net in nets),
            sticks=-sum(nets) // RIICHI_STICK,
            chombos=tuple(seat.false_wins for seat in seats),
            over=True,
        )
        return tuple(Placing(Fraction(p.final), p.place) for p in final_scores(state, rules))

    def table_line(
        self, *, place: int, hands: Sequence[Mapping[str, Any]], names: Sequence[str], state: Any
    ) -> list[str]:
        """The hand's name (South 2), the counters, the dealer and any sticks on the table."""
        if state.over:
            return [_("The hanchan is over.")]
        game = state.game
        wind = table_line.ROUND_WINDS[game.round_wind % len(table_line.ROUND_WINDS)]
        honba = ngettext("%(count)s honba", "%(count)s honba", game.honba)
        sticks = ngettext("%(count)s riichi stick", "%(count)s riichi sticks", game.sticks)
        line = [
            table_line.hand_part(place),
            _("%(wind)s %(number)s") % {"wind": wind, "number": game.hand + 1},
            honba % {"count": game.honba},
            table_line.deals_part(state.dealer_name),
        ]
        # No sticks on the table goes unsaid (the line stays one row on a phone).
        return [*line, sticks % {"count": game.sticks}] if game.sticks else line

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        return describe.hand_line(hand, seat_names, evaluation)
