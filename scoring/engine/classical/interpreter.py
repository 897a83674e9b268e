"""Score one player's hand under a rule set: activations of each rule in file order (§3).

>>> from scoring.engine.classical.language import read_rules
>>> from scoring.engine.classical.sets import player_hand
>>> rules = read_rules('Demo\\n10 3 "Bonus" "F**|S**" 4 0\\n11 3 "Dragons" "G*D" 1 1\\n// END')
>>> result = score_hand(rules, player_hand(["F 1", "S 2", "PED"]), Seat())
>>> result.points, result.doubles, result.score
(8, 1, Fraction(16, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from scoring.engine.classical.model import Rule, RuleSet, SubRule, TermKind, Units
from scoring.engine.classical.sets import WIND_LETTERS, PlayerHand, TileSet
from scoring.engine.errors import HandError, Term, WorkLimitError

Item = tuple[str, int, int]  # ("set", index, 0) or ("rule", rule id, activation number)
Match = frozenset[Item]
LIMIT_LINE_ID: Final = -1

# The steps one hand's scoring may take: a step is a pair of matches tried together, a match
# kept or a partial packing carried on (about 3 microseconds). The presets' busiest hand takes
# about 500, a loser's tiles read in 90 ways about 25,000; rules that each count the ones
# before them multiply their activations rule after rule (a 4 KB file took minutes), and this
# bound stops them within half a second.
STEP_LIMIT: Final = 100_000
TOO_MUCH_WORK = Term(
    "rule {rule} ({description!r}) takes more than {limit} steps to score this hand: "
    "its matches multiply those of the rules it refers to; simplify the rules file"
)


class Budget:
    """The steps left for scoring one hand, charged to the rule being applied."""

    __slots__ = ("left", "rule", "steps")

    def __init__(self, steps: int = STEP_LIMIT) -> None:
        self.steps = self.left = steps
        self.rule: Rule | None = None

    def spend(self, steps: int) -> None:
        """Charge ``steps``; ``WorkLimitError`` naming the rule once the bound is passed."""
        self.left -= steps
        if self.left < 0:
            rule = self.rule
            raise WorkLimitError(
                TOO_MUCH_WORK,
                rule=rule.id if rule else "?",
                description=rule.description if rule else "",
                limit=self.steps,
            )


@dataclass(frozen=True, slots=True)
class Seat:
    """Who is scored: seat wind, round wind (letters E S W N), whether they went Mahjong,
    and East's consecutive Mahjongs with this hand (what ``Nnn`` sub-rules test)."""

    seat_wind: str = "E"
    round_wind: str = "E"
    mahjong: bool = False
    east_run: int = 0


@dataclass(frozen=True, slots=True)
class Activation:
    """One firing of a rule, with the tile sets it used (indexes into the hand's sets)."""

    rule: Rule
    sets: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """A line of the score breakdown: the item and the running total after it."""

    rule_id: int
    description: str
    value: int
    units: Units
    sets: tuple[str, ...]
    running: Fraction

    def text(self) -> str:
        """As the original shows it: ``Exposed Pong of Majors 4 pts (PED)``."""
        if self.rule_id == LIMIT_LINE_ID:
            return self.description
        where = f" ({', '.join(self.sets)})" if self.sets else ""
        return f"{self.description} {self.value} {self.units.label}{where}"

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule_id,
            "text": self.text(),
            "value": self.value,
            "units": self.units.name.lower(),
            "sets": list(self.sets),
            "running": exact_json(self.running),
        }


@dataclass(frozen=True)
class HandScore:
    """A player's hand score (§3.2) with its breakdown; ``fixed`` overrides it (§6.2)."""

    points: int
    doubles: int
    limit_percent: int  # the highest active percentage rule, 0 when none
    limit: int
    computed: Fraction  # points x 2^doubles, capped at the limit
    calculated: Fraction  # after the limit percentage
    lines: tuple[ScoreLine, ...]
    activations: tuple[Activation, ...]
    fixed: Fraction | None = None

    @property
    def score(self) -> Fraction:
        """The score used for payments: the fixed score when one is set."""
        return self.calculated if self.fixed is None else self.fixed

    @property
    def limit_reached(self) -> bool:
        """The hand is worth the full limit."""
        return self.calculated >= self.limit

    def with_fixed(self, fixed: Fraction | int | None) -> HandScore:
        """The same calculation with a fixed score set (or cleared with ``None``)."""
        return HandScore(
            self.points,
            self.doubles,
            self.limit_percent,
            self.limit,
            self.computed,
            self.calculated,
            self.lines,
            self.activations,
            None if fixed is None else Fraction(fixed),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "score": exact_json(self.score),
            "calculated": exact_json(self.calculated),
            "fixed": None if self.fixed is None else exact_json(self.fixed),
            "points": self.points,
            "doubles": self.doubles,
            "limit_percent": self.limit_percent,
            "breakdown": [line.to_json() for line in self.lines],
        }


def exact_json(value: Fraction) -> int | str:
    """An exact score for JSON: an integer, or the fraction as text (``'1000/3'``)."""
    return value.numerator if value.denominator == 1 else str(value)


def score_hand(
    rule_set: RuleSet,
    hand: PlayerHand,
    seat: Seat,
    limit: int | None = None,
    *,
    budget: Budget | None = None,
) -> HandScore:
    """Apply every rule in file order and total the activations (limit from the options
    unless given; ``budget`` shared when one request scores several readings of a hand)."""
    check_events(rule_set, hand.events, mahjong=seat.mahjong)
    found: dict[int, int] = {}
    activations: list[Activation] = []
    budget = budget or Budget()
    for rule in rule_set.rules:
        budget.rule = rule
        matches = _activations(rule, rule_set, hand, seat, found, budget)
        found[rule.id] = len(matches)
        activations.extend(
            Activation(rule, tuple(sorted(i for kind, i, _ in m if kind == "set"))) for m in matches
        )
    return total(activations, hand.sets, rule_set.options.limit if limit is None else limit)


def check_events(rule_set: RuleSet, events: Iterable[int], *, mahjong: bool) -> None:
    """Each ticked event must be an event rule offered to this player."""
    for event in sorted(events):
        rule = rule_set.by_id.get(event)
        if rule is None or not rule.type.is_event:
            raise HandError(
                "rule {event} is not an event of {name!r}",
                field="events",
                event=event,
                name=rule_set.name,
            )
        if rule.type.mahjong_only and not mahjong:
            raise HandError(
                "the event {description!r} is for the Mahjong player only",
                field="events",
                description=rule.description,
            )


def without_mahjong_events(rule_set: RuleSet, hand: PlayerHand) -> PlayerHand:
    """The hand with its Mahjong-only events unticked, for when the Mahjong player was
    entered wrongly and is changed (§6.1)."""
    kept = frozenset(
        e for e in hand.events if e not in rule_set.by_id or not rule_set.by_id[e].type.mahjong_only
    )
    return PlayerHand(hand.sets, kept)


def _activations(
    rule: Rule,
    rule_set: RuleSet,
    hand: PlayerHand,
    seat: Seat,
    found: dict[int, int],
    budget: Budget,
) -> list[Match]:
    if rule.type.mahjong_only and not seat.mahjong:
        return []
    if rule.type.is_event:
        return [frozenset()] if rule.id in hand.events else []
    alternatives = [_term_matches(term, rule, rule_set, hand, seat, found) for term in rule.terms]
    return pack(combine(alternatives, rule.operators, budget), budget)


def _term_matches(
    term: SubRule,
    rule: Rule,
    rule_set: RuleSet,
    hand: PlayerHand,
    seat: Seat,
    found: dict[int, int],
) -> list[Match]:
    if term.kind is TermKind.SET:
        return [
            frozenset({("set", n, 0)})
            for n, tile_set in enumerate(hand.sets)
            if set_matches(term.code, tile_set, seat)
        ]
    if term.kind is TermKind.REFERENCE:
        count = found.get(term.rule_id, 0)
        if term.mode == "S":
            return [frozenset({("rule", term.rule_id, k)}) for k in range(count)]
        holds = count > 0 if term.mode == "U" else count == 0
        return [frozenset()] if holds else []
    if term.kind is TermKind.CONSECUTIVE:
        holds = (
            rule.id == rule_set.consecutive_rule
            and seat.mahjong
            and seat.seat_wind == "E"
            and seat.east_run == term.count
        )
        return [frozenset()] if holds else []
    return [frozenset()] if seat.mahjong else []


def combine(
    alternatives: Sequence[list[Match]], operators: Sequence[str], budget: Budget | None = None
) -> list[Match]:
    """Matches of a whole rule, strictly left to right: ``&`` joins disjoint matches, ``|``
    takes either (§2.4, reading A3). Each pair tried and match kept is a step of ``budget``.

    >>> a, b = frozenset({("set", 0, 0)}), frozenset({("set", 1, 0)})
    >>> [sorted(match) for match in combine([[a, b], [a, b]], "&")]
    [[('set', 0, 0), ('set', 1, 0)]]
    """
    budget = budget or Budget()
    result = list(alternatives[0])
    for operator, matches in zip(operators, alternatives[1:], strict=True):
        if operator == "|":
            budget.spend(len(result) + len(matches))
            joined = result + matches
        else:
            budget.spend(len(result) * len(matches))
            joined = [left | right for left in result for right in matches if not left & right]
        result = list(dict.fromkeys(joined))
    return result


def pack(matches: list[Match], budget: Budget | None = None) -> list[Match]:
    """The most matches that share no item (entry order first); a rule whose match uses
    nothing (``M**``, ``N13``, ``12C``) fires once.

    >>> a, b, ab = (frozenset({("set", n, 0) for n in s}) for s in ((0,), (1,), (0, 1)))
    >>> len(pack([ab, a, b])), pack([frozenset()])
    (2, [frozenset()])
    """
    using = tuple(m for m in matches if m)
    best = _disjoint(using, budget or Budget())
    if not best and len(using) < len(matches):
        return [frozenset()]
    return [using[n] for n in best]


@dataclass(frozen=True, slots=True)
class Packing:
    """Matches taken so far: how many, the last one's index, and the ones before it (shared
    by every packing grown from them, never copied)."""

    size: int = 0
    last: int = -1
    before: Packing | None = None

    def indexes(self) -> list[int]:
        """The indexes taken, in entry order."""
        taken: list[int] = []
        packing: Packing | None = self
        while packing is not None and packing.size:
            taken.append(packing.last)
            packing = packing.before
        return taken[::-1]


def _disjoint(matches: tuple[Match, ...], budget: Budget) -> list[int]:
    """The largest packing, and of those the one taking the earliest matches, found match by
    match over the partial packings; two that have used the same items still wanted by later
    matches have the same future, so only the better is carried on (each is a step)."""
    last = {item: n for n, match in enumerate(matches) for item in match}
    budget.spend(len(matches))
    if len(last) == sum(map(len, matches)):  # no item shared (most rules): all are taken
        return list(range(len(matches)))
    packings: dict[Match, Packing] = {frozenset(): Packing()}
    for n, match in enumerate(matches):
        grown: dict[Match, Packing] = {}
        for used, taken in packings.items():
            budget.spend(1)
            _keep(grown, frozenset(i for i in used if last[i] > n), taken, budget)
            if not match & used:
                wanted = frozenset(i for i in used | match if last[i] > n)
                _keep(grown, wanted, Packing(taken.size + 1, n, taken), budget)
        packings = grown
    best = Packing()
    for packing in packings.values():
        best = packing if _better(packing, best, budget) else best
    return best.indexes()


def _keep(packings: dict[Match, Packing], wanted: Match, taken: Packing, budget: Budget) -> None:
    known = packings.get(wanted)
    if known is None or _better(taken, known, budget):
        packings[wanted] = taken


def _better(packing: Packing, other: Packing, budget: Budget) -> bool:
    """More matches, or as many taking earlier ones (reading both is a step per match)."""
    if packing.size != other.size:
        return packing.size > other.size
    budget.spend(packing.size)
    return packing.indexes() < other.indexes()


# --- matching one tile set --------------------------------------------------------------------


def set_matches(code: str, tile_set: TileSet, seat: Seat) -> bool:
    """Whether a tile-set sub-rule such as ``PEJ`` or ``F*Q`` matches a recorded set.

    >>> pung = TileSet("P", "E", "E")
    >>> set_matches("PEJ", pung, Seat()), set_matches("G*R", pung, Seat(round_wind="S"))
    (True, False)
    """
    return (
        _kind_matches(code[0], tile_set)
        and _how_matches(code[1], tile_set)
        and _value_matches(code[2], tile_set, seat)
    )


def _kind_matches(char: str, tile_set: TileSet) -> bool:
    if char in "* ":
        return True
    if char == "G":
        return tile_set.kind in "PK"
    return char == tile_set.kind


def _how_matches(char: str, tile_set: TileSet) -> bool:
    if char in "* ":
        return True
    if char == "B":  # a concealed pung: C, and for kongs also the claimed kong K
        return tile_set.how == "C" or (tile_set.kind == "K" and tile_set.how == "K")
    return char == tile_set.how


_VALUE_CLASSES: Final[dict[str, str]] = {
    "B": "ESWN",
    "V": "TM",
    "H": "ESWND",
    "J": "ESWNDT",
}


def _value_matches(char: str, tile_set: TileSet, seat: Seat) -> bool:
    if char in "* ":
        return True
    value = tile_set.value
    if tile_set.is_bonus:
        if char == "Q":
            return value == str(WIND_LETTERS.index(seat.seat_wind) + 1)
        return char == value
    if tile_set.kind == "C":
        return char == value or char == "V"
    return _honour_value_matches(char, value, seat)


def _honour_value_matches(char: str, value: str, seat: Seat) -> bool:
    chosen: dict[str, Callable[[], bool]] = {
        "R": lambda: value == seat.round_wind,
        "P": lambda: value == seat.seat_wind,
    }
    if char in chosen:
        return chosen[char]()
    return value in _VALUE_CLASSES.get(char, char)


# --- the hand score ---------------------------------------------------------------------------


def total(activations: Sequence[Activation], sets: Sequence[TileSet], limit: int) -> HandScore:
    """Points first, then doubles, then the limit and limit percentages (§3.2, reading A6)."""
    by_units = {units: [a for a in activations if a.rule.units is units] for units in Units}
    lines: list[ScoreLine] = []
    running = Fraction(0)
    for activation in by_units[Units.POINTS]:
        running += activation.rule.value
        lines.append(_line(activation, sets, running))
    points = int(running)
    for activation in by_units[Units.DOUBLES]:
        running *= Fraction(2) ** activation.rule.value
        lines.append(_line(activation, sets, running))
    doubles = sum(a.rule.value for a in by_units[Units.DOUBLES])
    computed = min(running, Fraction(limit))
    if computed < running:
        lines.append(ScoreLine(LIMIT_LINE_ID, f"Limit {limit}", limit, Units.POINTS, (), computed))
    calculated = computed
    for activation in by_units[Units.LIMIT_PERCENT]:
        calculated = max(calculated, Fraction(limit * activation.rule.value, 100))
        lines.append(_line(activation, sets, calculated))
    percent = max((a.rule.value for a in by_units[Units.LIMIT_PERCENT]), default=0)
    return HandScore(
        points, doubles, percent, limit, computed, calculated, tuple(lines), tuple(activations)
    )


def _line(activation: Activation, sets: Sequence[TileSet], running: Fraction) -> ScoreLine:
    rule = activation.rule
    codes = tuple(sets[n].code for n in activation.sets)
    return ScoreLine(rule.id, rule.description, rule.value, rule.units, codes, running)
