"""What every rule family offers the league: parameters, hand input, scores, descriptions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar

from scoring.display import lazy_text
from scoring.engine.bounds import is_whole
from scoring.engine.errors import EngineError
from scoring.engine.penalties import (
    CHOMBO_KEYS,
    ChomboEnds,
    PenaltyPreset,
    chombo_rules,
    clean_chombo,
)
from scoring.families import table_line
from scoring.forms import HandInputForm, ParamsForm
from scoring.score_format import HK_STATS, ScoreFormat, StatsTable

__all__ = [
    "Column",
    "Demo",
    "Family",
    "GameFile",
    "GameLog",
    "Placing",
    "SeatResult",
    "SessionSeat",
    "is_whole",
    "shown_columns",
]


# One demo session: (days after the season starts, seated players by name, hand inputs).
DemoSession = tuple[int, tuple[str, ...], tuple[Mapping[str, Any], ...]]


@dataclass(frozen=True)
class Demo:
    """A family's league in the demo club: its rule set, season, and the games played.

    Games are recorded hand by hand (``sessions``), or read from a score file in the family's
    format (``score_file`` gives its text for a season starting on a date). ``order`` places
    the league among the others (the newest season is the club's current one).
    """

    order: int
    rules_name: str
    params: Mapping[str, Any]
    season_name: str  # "{year}" is the season's year
    sessions: tuple[DemoSession, ...] = ()
    score_file: Callable[[dt.date], str] | None = None


@dataclass(frozen=True)
class Column:
    """One standings column: the row's field, its heading, and how its value is written
    (``count``, ``percent``, ``ratio``, ``points``, ``signed`` points or a yes/no ``flag``).
    The page and the API read a family's columns: an API row has exactly these fields; a
    column not ``shown`` is in the API only."""

    field: str
    label: str
    kind: str = "count"
    shown: bool = True
    # Shown only when some row has a value other than zero (penalties: most leagues have
    # none); the API has it always.
    when_any: bool = False

    @property
    def numeric(self) -> bool:
        """Whether the value is a number to align on its decimal point."""
        return self.kind in ("ratio", "points", "signed")


@dataclass(frozen=True)
class SeatResult:
    """One seat's outcome of one hand: the point change and the facts statistics need."""

    points: Decimal
    won: bool = False
    blamed: bool = False
    self_drawn: bool = False
    false_win: bool = False
    fried: bool = False
    hand_value: int | None = None
    real_loss: int | None = None
    # Classical: East's consecutive Mah-Jonggs after this hand, for the seat that was East.
    east_run: int | None = None
    # The seat staked a declaration of a ready hand this hand (a stick put on the table).
    declared: bool = False


@dataclass(frozen=True)
class SessionSeat:
    """One seat's kept totals over a session, as a family ranks the session's game."""

    net: Decimal
    false_wins: int = 0


@dataclass(frozen=True)
class Placing:
    """One seat's end of a game ranked by the family: placement points and place (1 best)."""

    points: Fraction
    place: int


# The standings column of each player's penalties (their own, and their shares of others'),
# shown apart from the hands' net; every family's standings have it last.
PENALTIES_COLUMN = Column("penalties", lazy_text("Penalties"), "signed", when_any=True)


def shown_columns(columns: Sequence[Column], rows: Sequence[Any]) -> list[Column]:
    """The columns a page or a file shows of these standings rows."""
    return [
        column
        for column in columns
        if column.shown and (not column.when_any or any(getattr(r, column.field) for r in rows))
    ]


@dataclass(frozen=True)
class GameLog:
    """A game read from another program's log: its title, the players' names by seat, its
    hands as the family's hand input, and each seat's points at its end as the log has them."""

    title: str
    names: tuple[str, ...]
    hands: tuple[Mapping[str, Any], ...]
    final_scores: tuple[int, ...]


@dataclass(frozen=True)
class GameFile:
    """A session as a game file holds it: the players in seat order, every live hand's
    input, and the rule-set parameters before each hand and for the next one
    (``len(hands) + 1``: a change between hands is where two differ)."""

    players: tuple[str, ...]
    hands: tuple[Mapping[str, Any], ...]
    params: tuple[Mapping[str, Any], ...]
    played_on: dt.date | None = None


class Family:
    """A rule family as the league sees it; subclasses adapt one engine.

    Parameters and hand inputs are plain JSON-able dicts, stored exactly as cleaned.
    ``clean_*`` and ``score_hand`` raise ``scoring.engine.errors.EngineError`` (with a
    ``field`` where one is to blame) for anything a person must correct.
    """

    key: ClassVar[str]
    label: ClassVar[str]
    seat_counts: ClassVar[tuple[int, ...]] = (4,)
    params_form: ClassVar[type[ParamsForm]]
    hand_form: ClassVar[type[HandInputForm]]
    value_label: ClassVar[str] = lazy_text("value")
    # The standings columns an EMA results file takes its points and score from, for the
    # families EMA ranks (MCR, riichi); None: the family has no EMA results.
    ema_columns: ClassVar[tuple[str, str] | None] = None
    # The standings row fields this family shows, in order (the page and the API).
    standings_columns: ClassVar[tuple[Column, ...]] = (
        Column("games", lazy_text("Games")),
        Column("wins", lazy_text("Wins")),
        Column("win_fraction", lazy_text("Win rate"), "percent"),
        Column("blames", lazy_text("Blamed")),
        Column("blame_fraction", lazy_text("Blame rate"), "percent"),
        Column("net", lazy_text("Net"), "points"),
        Column("net_per_game", lazy_text("Net / game"), "ratio"),
        Column("sessions", lazy_text("Sessions"), shown=False),
        Column("self_draws", lazy_text("Self-draws"), shown=False),
        Column("false_wins", lazy_text("False wins"), shown=False),
    )
    # What an empty standings table says is missing.
    standings_nothing: ClassVar[str] = lazy_text("No hands recorded")
    # Whether standings mark the players who played under a quarter of the games (Big Two).
    marks_occasional: ClassVar[bool] = False
    # A session is one game of this many hands (MCR: 16); None for no limit.
    hands_per_session: ClassVar[int | None] = None
    # Whether standings rank each session as a game with 4/2/1/0 table points (MCR).
    table_points: ClassVar[bool] = False
    # Whether standings rank each session as a game the family places (``session_placings``):
    # placement points and average place.
    placements: ClassVar[bool] = False
    # A sequential family scores a hand in the light of the hands before it in its session
    # (classical: who is East, the winds, East's run), so recording reads the earlier hands
    # and amending or deleting a hand re-scores every later one.
    sequential: ClassVar[bool] = False
    # Whether the family keeps a table hand by hand (``table_states``: winds, dealer, round),
    # which may say that the game is over; without one, only closing the session ends it.
    keeps_table: ClassVar[bool] = False
    # Extra information on the score sheet: for the session, and for each hand.
    session_template: ClassVar[str | None] = None
    hand_template: ClassVar[str | None] = None
    # The score-file format of the family's reference program, if it has one (import/export).
    score_file: ClassVar[ScoreFormat | None] = None
    # The reference program's statistics table the standings export as (CSV and TSV).
    stats: ClassVar[StatsTable] = HK_STATS
    # Whether games come as PMN game records (an import page of their own).
    pmn_records: ClassVar[bool] = False
    # Whether games come as Tenhou JSON game logs (an import page of their own): then
    # ``read_tenhou_log`` reads one.
    tenhou_logs: ClassVar[bool] = False
    # Whether a session is saved as, and started from, a game file of the family's own
    # (``write_game_file``, ``read_game_file``; classical: the manual's scorer's saved game).
    game_files: ClassVar[bool] = False
    # Whether the season page draws the Big Two analysis charts (games/charts.py).
    analysis_charts: ClassVar[bool] = False
    # The demo club's league of this family (``manage.py seed_demo``), if any.
    demo: ClassVar[Demo | None] = None
    # What a chombo costs where the rules leave it to the club: a sensible default (a limit
    # hand's worth, paid to the others, and the hand is over).
    chombo_preset: ClassVar[PenaltyPreset] = PenaltyPreset(
        chombo=30, zero_sum=True, ends=ChomboEnds.HAND
    )
    # Parameters whose text the engine interprets (a classical rules file): only callers who
    # are signed in may send them outside a stored rule set, so no stranger sets the work.
    uploaded_params: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every family's standings show the players' penalties, apart from their net."""
        super().__init_subclass__(**kwargs)
        if PENALTIES_COLUMN not in cls.standings_columns:
            cls.standings_columns = (*cls.standings_columns, PENALTIES_COLUMN)

    def write_game_file(self, game: GameFile) -> str:
        """The text of a game file (families with ``game_files``)."""
        raise NotImplementedError

    def read_game_file(self, text: str) -> GameFile:
        """A game file's text read and checked (``EngineError`` naming what is wrong)."""
        raise NotImplementedError

    def standings_key(self, row: Any) -> tuple[Any, ...]:
        """Order of a standings row: highest net per game after penalties first, then by
        name."""
        return (-(row.penalised_net_per_game or 0), row.name)

    def event_standings_key(self, row: Any) -> tuple[Any, ...]:
        """Order of an event's standings (every player plays the same rounds, whatever
        number of hands a table gets through): highest net after penalties first, then by
        name."""
        return (-(row.penalised_net or 0), row.name)

    def penalty_preset(self, params: Mapping[str, Any]) -> PenaltyPreset:
        """What a chombo costs under rule-set ``params``, whether it is paid to the others,
        and what it ends: the rule set's own chombo settings, else what the rules say."""
        return chombo_rules(params, self.chombo_default(params))

    def chombo_default(self, params: Mapping[str, Any]) -> PenaltyPreset:
        """What the family's rules under ``params`` say a chombo costs, where the rule set
        sets nothing of its own."""
        return self.chombo_preset

    def rule_set_form(
        self, data: Any = None, files: Any = None, *, params: Mapping[str, Any] | None = None
    ) -> ParamsForm:
        """The rule-set form: a new rule set's (the family's default rules), or filled from a
        rule set's stored ``params``; its chombo cost says what a blank one takes under
        those rules."""
        rules = dict(params) if params is not None else self.default_params()
        initial = self.params_form.initial_from_params(rules) if params is not None else None
        form = self.params_form(data, files, initial=initial)
        try:
            default = self.chombo_default({k: v for k, v in rules.items() if k not in CHOMBO_KEYS})
        except EngineError:
            return form  # rules no longer read: the form says only "as the rules say"
        form.state_chombo_default(default)
        return form

    def session_table_points(self, totals: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """Table points of one session's final totals (families with ``table_points``)."""
        raise NotImplementedError

    def session_placings(
        self, seats: Sequence[SessionSeat], params: Mapping[str, Any]
    ) -> tuple[Placing, ...] | None:
        """Each seat's placing in one session (families with ``placements``), by seat, from
        its seats' kept totals under the session's rule-set ``params``; None when the
        session is not a game the family places (another number of seats)."""
        raise NotImplementedError

    def hand_context(self, number: int, params: Mapping[str, Any]) -> dict[str, Any] | None:
        """Winds for hand ``number`` of a session under rule-set ``params`` where the family
        fixes them, else None."""
        return None

    def place_hand(
        self, hand: Mapping[str, Any], number: int, params: Mapping[str, Any]
    ) -> Mapping[str, Any]:
        """``hand`` as hand ``number`` of its session: where the family fixes what follows
        from the place (MCR's winds), it is filled in, and a contradiction raises
        ``EngineError`` naming the field. Other families take the hand as it is."""
        return hand

    def switch_problem(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
        """Why a session that has hands under ``old`` parameters cannot go on under ``new``
        from its next hand (something set once, before the game), or None when it can."""
        return None

    def read_tenhou_log(self, data: object, params: Mapping[str, Any]) -> GameLog:
        """A Tenhou JSON game log read (and checked) under ``params``, where ``tenhou_logs``;
        an ``EngineError`` says what is wrong and where."""
        raise EngineError("these rules' games do not come as Tenhou logs", field="log")

    def default_params(self) -> dict[str, Any]:
        raise NotImplementedError

    def clean_params(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The parameters as stored: the family's rules, then the rule set's own chombo
        settings (``scoring.engine.penalties.CHOMBO_KEYS``), each checked."""
        return self.clean_rules(params) | clean_chombo(params)

    def clean_rules(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The family's own parameters, checked, as stored (``params`` may also hold the
        chombo settings, which every family takes)."""
        raise NotImplementedError

    def describe_params(self, params: Mapping[str, Any]) -> str:
        raise NotImplementedError

    def clean_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        raise NotImplementedError

    def evaluate(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any] | None:
        """The evaluation result (docs/hand-format.md) when the input holds tiles, else None."""
        return None

    def score_sequence(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        *,
        start: int = 0,
        hand_params: Sequence[Mapping[str, Any]] | None = None,
    ) -> Iterator[tuple[list[SeatResult], dict[str, Any] | None]]:
        """Results and evaluation of ``hands[start:]``, cleaned inputs in session order.

        ``hand_params`` gives each hand its own rule-set parameters (a session that changed
        rules between hands); without it every hand is scored under ``params``.
        Only a ``sequential`` family reads the hands before ``start``; it raises the
        ``EngineError`` of the first hand that cannot be scored when it is reached.
        """
        each = hand_params if hand_params is not None else [params] * len(hands)
        for hand, own in zip(hands[start:], each[start:], strict=True):
            yield self.score_hand(hand, own), self.evaluate(hand, own)

    def table_states(
        self,
        hands: Sequence[Mapping[str, Any]],
        params: Mapping[str, Any],
        changes: Sequence[Sequence[Any]],
        *,
        names: Sequence[str],
        evaluations: Sequence[Mapping[str, Any] | None] = (),
        hand_params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[Any] | None:
        """The table before each hand and after the last (for ``session_template``), or None."""
        return None

    def table_line(
        self, *, place: int, hands: Sequence[Mapping[str, Any]], names: Sequence[str], state: Any
    ) -> list[str]:
        """Where the game stands before the session's next hand (at ``place``), in the
        family's own terms, as the parts the hand form joins with " · ": "Hand 9", "South 2",
        "1 honba", "Bo deals". ``hands`` are the session's live inputs so far and ``state``
        the family's table after them (``table_states``; None without one)."""
        return [table_line.hand_part(place)]

    def describe_hand(
        self,
        hand: Mapping[str, Any],
        seat_names: Sequence[str],
        evaluation: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> str:
        """One line for the score sheet, naming seats by ``seat_names``.

        ``evaluation`` is the stored evaluation of the winner's tiles; where it is missing
        (a revision's earlier input), a family evaluates tiles itself under ``params``."""
        raise NotImplementedError


class SequentialFamily(Family):
    """A family whose hands are scored in the light of the hands before them in their
    session (the winds, the dealer, the sticks on the table): it scores sequences, and a
    hand alone is the first of one."""

    sequential: ClassVar[bool] = True

    def score_hand(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> list[SeatResult]:
        """The hand as the first of a session (its scores depend on the hands before it)."""
        return next(self.score_sequence([hand], params))[0]

    def evaluate(self, hand: Mapping[str, Any], params: Mapping[str, Any]) -> dict[str, Any] | None:
        return next(self.score_sequence([hand], params))[1]
