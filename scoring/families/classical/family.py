"""The classical (Millington-style) family as the league sees it: parameters, hand input,
scores in session order, the table between hands, and descriptions for the score sheet.

The family is *sequential*: a hand's scores depend on the hands before it in the session
(who is East, the winds, East's run), so ``session.replay`` is the one place that derives
positions, scores and payments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine import classical
from scoring.engine.classical.entry import read_hand
from scoring.engine.classical.game_file import (
    GameRecord,
    read_game,
    replay_game,
    write_game,
)
from scoring.engine.classical.model import PaymentMethod
from scoring.engine.classical.params import (
    FILE,
    clean_params,
    rules_from_params,
    stake_from_params,
)
from scoring.engine.classical.replay import replay
from scoring.engine.penalties import ChomboEnds, PenaltyPreset
from scoring.families import table_line
from scoring.families.base import Column, GameFile, SeatResult, SequentialFamily
from scoring.families.classical import session
from scoring.families.classical.forms import ClassicalHandForm, ClassicalParamsForm
from scoring.families.classical.results import hand_evaluation, seat_results
from scoring.families.classical.session import TableState

METHOD_NAMES = {
    PaymentMethod.ONLY_WINNER: "only the winner is paid",
    PaymentMethod.ONLY_WINNER_EAST_DOUBLE: "only the winner is paid, East double",
    PaymentMethod.DIFF_ALL_PLAYERS_EAST_DOUBLE: "all players settle differences, East double",
    PaymentMethod.WINNER_COLLECT_OTHERS_DIFF_EAST_DOUBLE: (
        "the winner collects, the others settle differences, East double"
    ),
    PaymentMethod.DISCARDER_PAYMENT: "the discarder pays",
}


class ClassicalFamily(SequentialFamily):
    key = "classical"
    label = lazy_text("Classical (Millington, rules files)")
    seat_counts = (2, 3, 4)
    params_form = ClassicalParamsForm
    hand_form = ClassicalHandForm
    keeps_table = True
    uploaded_params = frozenset({"text"})
    value_label = lazy_text("points")
    standings_columns = (
        Column("sessions", lazy_text("Games")),
        Column("games", lazy_text("Hands")),
        Column("wins", lazy_text("Mah-Jonggs")),
        Column("east_hands", lazy_text("Hands as East")),
        Column("best_east_run", lazy_text("Best East run")),
        Column("net", lazy_text("Stake change"), "signed"),
        Column("net_per_game", lazy_text("Per hand"), "ratio"),
    )
    session_template = "scoring/classical_session.html"
    hand_template = "scoring/classical_hand_detail.html"

    # The club's choice: a false Mah-Jongg pays 100 to each other player; the hand is over.
    chombo_preset = PenaltyPreset(chombo=300, zero_sum=True, ends=ChomboEnds.HAND)

    game_files = True

    def write_game_file(self, game: GameFile) -> str:
        return write_game(GameRecord(game.players, game.hands, game.params, game.played_on))

    def read_game_file(self, text: str) -> GameFile:
        record = read_game(text)
        replay_game(record)  # every hand scores under its rules, or the error names it
        return GameFile(record.players, record.hands, record.params, record.played_on)

    def standings_key(self, row: Any) -> tuple[Any, ...]:
        """Highest stake change after penalties first, then by name."""
        return (-(row.penalised_net or 0), row.name)

    def default_params(self) -> dict[str, Any]:
        return self.clean_params({"rules": classical.DEFAULT_PRESET, "stake": 2000})

    def switch_problem(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
        """The options and the rules file may change between hands (§4.1: from the next
        hand on); the starting stake is set before the game, so it cannot."""
        if stake_from_params(old) != stake_from_params(new):
            return _(
                "the starting stake (%(old)s) is set before the game and cannot change to "
                "%(new)s between hands; re-score the session under that version instead"
            ) % {"old": stake_from_params(old), "new": stake_from_params(new)}
        return None

    def clean_rules(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return clean_params(params)

    def describe_params(self, params: Mapping[str, Any]) -> str:
        rules = rules_from_params(params)
        options = rules.options
        parts = [
            rules.name
            if params.get("rules") != FILE
            else _("own rules file “%(name)s”") % {"name": rules.name},
            _("payment method %(int)s (%(method_names)s)")
            % {
                "int": int(options.payment_method),
                "method_names": METHOD_NAMES[options.payment_method],
            },
            _("stake %(stake_from_params)s") % {"stake_from_params": stake_from_params(params)},
            _("limit %(limit)s") % {"limit": options.limit},
            _("draws pass the deal")
            if options.draw_advance_wind
            else _("East keeps the deal on a draw"),
        ]
        if options.new_east_each_round:
            parts.append(_("a new East each round"))
        if options.draw_reset_consec:
            parts.append(_("a draw ends East's run"))
        if rules.east_limit:
            parts.append(
                _("East passes the deal after %(east_limit)s Mah-Jonggs in a row")
                % {"east_limit": rules.east_limit}
            )
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
        for seat, (events, tokens) in enumerate(zip(read.events, read.tokens, strict=True)):
            entry: dict[str, Any] = {"sets": list(tokens), "events": sorted(events)}
            if result.fixed and result.fixed[seat] is not None:
                entry["fixed"] = result.fixed[seat]
            players.append(entry)
        cleaned["players"] = players
        return cleaned

    def score_sequence(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        *,
        start: int = 0,
        hand_params: Sequence[Mapping[str, Any]] | None = None,
    ) -> Iterator[tuple[list[SeatResult], dict[str, Any] | None]]:
        each = hand_params if hand_params is not None else [params] * len(hands)
        replayed = replay(hands, params, score_from=start, hand_params=hand_params)
        for own, played in zip(each, replayed, strict=False):
            if played.played is not None:
                rules = rules_from_params(own)
                yield seat_results(played.played), hand_evaluation(played.played, rules)

    def table_states(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        changes: Sequence[Sequence[Decimal]],
        *,
        names: Sequence[str],
        evaluations: Sequence[Mapping[str, Any] | None] = (),
        hand_params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[TableState]:
        """The table before each hand and after the last (see ``session.table_states``)."""
        return session.table_states(
            hands,
            params,
            changes,
            names=names,
            evaluations=evaluations,
            hand_params=hand_params,
        )

    def table_line(
        self, *, place: int, hands: Sequence[Mapping[str, Any]], names: Sequence[str], state: Any
    ) -> list[str]:
        """Hand number, the round and East, who deals (``state``: the table before the hand)."""
        if state.over:
            return [_("The game is over")]
        return [
            table_line.hand_part(place),
            table_line.round_part(state.position.round_wind),
            table_line.deals_part(state.east_name),
        ]

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        mahjong = hand.get("mahjong")
        if mahjong is None:
            text = _("Draw (wash-out)")
        else:
            text = _("%(seat_names)s Mah-Jongg") % {"seat_names": seat_names[mahjong]}
            discarder = hand.get("discarder")
            if discarder is not None:
                text += _(" off %(seat_names)s's discard") % {"seat_names": seat_names[discarder]}
                if hand.get("cannon"):
                    text += " (cannon)"
            else:
                text += _(" from the wall")
        if evaluation and evaluation.get("scores"):
            scores = ", ".join(
                f"{name} {_score_text(score)}"
                for name, score in zip(seat_names, evaluation["scores"], strict=False)
            )
            text += _("; scores: %(scores)s") % {"scores": scores}
        return text


def _score_text(score: Mapping[str, Any]) -> str:
    if score.get("fixed") is not None:
        return f"{score['fixed']} (fixed)"
    return str(score.get("score"))
