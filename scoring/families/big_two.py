"""Big Two (鋤大弟) as a league family: cards left per seat, frying, one seat taking all."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from scoring.display import lazy_text
from scoring.engine import big_two
from scoring.engine.big_two_scorefile import (
    BIG_TWO_HEADER,
    BIG_TWO_NAME,
    BigTwoPlayerStats,
    read_big_two_scores,
)
from scoring.engine.errors import HandError, RulesError
from scoring.engine.penalties import CHOMBO_KEYS, ChomboEnds, PenaltyPreset
from scoring.families.base import Column, Demo, Family, SeatResult
from scoring.forms.big_two import BigTwoHandForm, BigTwoParamsForm
from scoring.score_format import ScoreFormat, StandingLike, StatsTable, column_sums

INPUT_FIELDS = ("losses", "takes_all")


def rules_from_params(params: Mapping[str, Any]) -> big_two.BigTwoRules:
    unknown = sorted(set(params) - {"fry_threshold", *CHOMBO_KEYS})
    if unknown:
        raise RulesError(
            "unknown Big Two rule {unknown}", field=unknown[0], unknown=repr(unknown[0])
        )
    return big_two.BigTwoRules(fry_threshold=params.get("fry_threshold", 10))


def hand_from_input(hand: Mapping[str, Any]) -> big_two.BigTwoHand:
    unknown = sorted(set(hand) - set(INPUT_FIELDS))
    if unknown:
        raise HandError("unknown field {unknown}", field=unknown[0], unknown=repr(unknown[0]))
    losses = hand.get("losses")
    if not isinstance(losses, list | tuple):
        raise HandError("give the cards left for each seat as a list", field="losses")
    parsed = big_two.BigTwoHand(tuple(losses), hand.get("takes_all"))
    big_two.validate(parsed)
    return parsed


# --- the score file of the reference program (big-two-scorer) --------------------------


def _big_two_rules_params(rules: big_two.BigTwoRules) -> dict[str, Any]:
    return {"fry_threshold": rules.fry_threshold}


def _big_two_hand_input(hand: big_two.BigTwoHand) -> dict[str, Any]:
    hand_input: dict[str, Any] = {"losses": list(hand.losses)}
    if hand.takes_all is not None:
        hand_input["takes_all"] = hand.takes_all
    return hand_input


def _big_two_setting_lines(params: Mapping[str, Any]) -> list[str]:
    return [f"F={rules_from_params(params).fry_threshold}"]


def _big_two_game_tokens(hand_input: Mapping[str, Any]) -> list[str]:
    hand = hand_from_input(hand_input)
    return [
        f"{loss}t" if seat == hand.takes_all else str(loss) for seat, loss in enumerate(hand.losses)
    ]


BIG_TWO_FORMAT = ScoreFormat(
    key="big_two",
    label=lazy_text("Big Two (big-two-scorer)"),
    family="big_two",
    read=read_big_two_scores,
    name_pattern=re.compile(BIG_TWO_NAME),
    rules_params=_big_two_rules_params,
    hand_input=_big_two_hand_input,
    setting_lines=_big_two_setting_lines,
    game_tokens=_big_two_game_tokens,
    params_rules=rules_from_params,
)


def big_two_rows(standings: Sequence[StandingLike]) -> list[BigTwoPlayerStats]:
    """Big Two standings as statistics rows, then the ``*`` row of everyone."""
    rows = [
        BigTwoPlayerStats(
            row.name, row.is_regular, row.games, row.wins, row.fries, row.real_losses, int(row.net)
        )
        for row in standings
    ]
    columns = ("game_count", "win_count", "fry_count", "real_losses", "net_score")
    return [*rows, BigTwoPlayerStats("*", True, *column_sums(rows, *columns))]


# The big-two-scorer program's own statistics table.
BIG_TWO_STATS = StatsTable(BIG_TWO_HEADER, big_two_rows)


# The demo club's Big Two nights, read from a score file: (day, seating, game lines).
DEMO_NIGHTS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (2, "Ada Bo Chi Dee", ("0 5 8 11", "3 0 2 13", "1 4 0 6", "7 2 9 0", "0 10 3 1t")),
    (2, "Eli Ada Bo Chi", ("2 0 6 4", "0 12 5 3", "4 3 0 8")),
    (9, "Bo Chi Dee Eli", ("5 0 1 9", "0 2 2 11", "6 6 0 3", "1 0 13 4")),
)


def demo_score_file(start: dt.date) -> str:
    """The demo Big Two games as a score file, dated from ``start``."""
    lines = ["F=10"]
    for day, seating, games in DEMO_NIGHTS:
        lines += ["", (start + dt.timedelta(days=day)).isoformat(), seating, *games]
    return "\n".join(lines) + "\n"


DEMO = Demo(
    order=3,
    rules_name="Big Two nights",
    params={},
    season_name="{year} Big Two",
    score_file=demo_score_file,
)


class BigTwoFamily(Family):
    key = "big_two"
    label = lazy_text("Big Two (鋤大弟)")
    params_form = BigTwoParamsForm
    hand_form = BigTwoHandForm
    value_label = lazy_text("cards")
    score_file = BIG_TWO_FORMAT
    stats = BIG_TWO_STATS
    analysis_charts = True
    demo = DEMO
    standings_columns = (
        Column("games", lazy_text("Games")),
        Column("wins", lazy_text("Wins")),
        Column("fries", lazy_text("Fries")),
        Column("real_losses", lazy_text("Real losses")),
        Column("net", lazy_text("Net"), "points"),
        Column("win_fraction", lazy_text("Win rate"), "percent"),
        Column("fry_fraction", lazy_text("Fry rate"), "percent"),
        Column("real_losses_per_game", lazy_text("Losses / game"), "ratio"),
        Column("net_per_game", lazy_text("Net / game"), "ratio"),
        Column("sessions", lazy_text("Sessions"), shown=False),
        Column(
            "is_regular", lazy_text("Played a quarter of the games or more"), "flag", shown=False
        ),
    )
    standings_nothing = lazy_text("No games recorded")
    marks_occasional = True

    # The club's choice: a full hand of thirteen cards, paid to the others; the deal is over.
    chombo_preset = PenaltyPreset(chombo=13, zero_sum=True, ends=ChomboEnds.HAND)

    def standings_key(self, row: Any) -> tuple[Any, ...]:
        """Regular players first, then by real losses per game (a penalty counts as a loss, one
        paid to the player as a gain), then by name (§8.4)."""
        losses = row.penalised_real_losses_per_game
        return (not row.is_regular, losses is None, losses or 0, row.name)

    def default_params(self) -> dict[str, Any]:
        return {"fry_threshold": 10}

    def clean_rules(self, params: Mapping[str, Any]) -> dict[str, Any]:
        return {"fry_threshold": rules_from_params(params).fry_threshold}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        threshold = rules_from_params(params).fry_threshold
        return _("fried (炒) from %(threshold)s cards, tripled from 13") % {"threshold": threshold}

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        parsed = hand_from_input(hand)
        cleaned: dict[str, Any] = {"losses": list(parsed.losses)}
        if parsed.takes_all is not None:
            cleaned["takes_all"] = parsed.takes_all
        return cleaned

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        parsed = hand_from_input(hand)
        return [
            SeatResult(
                points=Decimal(seat.net),
                won=seat.won,
                fried=seat.fried,
                blamed=index == parsed.takes_all,
                hand_value=seat.raw_loss,
                real_loss=seat.real_loss,
            )
            for index, seat in enumerate(big_two.seat_scores(parsed, rules_from_params(params)))
        ]

    def table_line(
        self, *, place: int, hands: Sequence[Mapping[str, Any]], names: Sequence[str], state: Any
    ) -> list[str]:
        """A session of Big Two is a run of deals."""
        return [_("Deal %(place)s") % {"place": place}]

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        parsed = hand_from_input(hand)
        winner = seat_names[parsed.losses.index(0)]
        left = ", ".join(
            f"{name} {loss}" for name, loss in zip(seat_names, parsed.losses, strict=True) if loss
        )
        text = _("%(winner)s wins; cards left: %(left)s") % {"winner": winner, "left": left}
        if parsed.takes_all is not None:
            text += _("; %(seat_names)s takes all losses") % {
                "seat_names": seat_names[parsed.takes_all]
            }
        return text
