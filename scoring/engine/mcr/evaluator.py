"""Score an MCR hand: every arrangement and winning-tile placement, the combination
principles, the 8-fan minimum judged without flowers (mcr.md §4, §8).

>>> from scoring.engine.hand import hand_from_json
>>> hand = hand_from_json({"concealed": "123m456p789s789p55s", "winning_tile": "7s"})
>>> result = evaluate(hand)
>>> result.total
14
>>> [p.id for p in result.patterns]  # doctest: +NORMALIZE_WHITESPACE
['mixed_straight', 'concealed_hand', 'all_chows', 'mixed_double_chow', 'edge_wait']
"""

from __future__ import annotations

from functools import cache

from scoring.engine.errors import HandError
from scoring.engine.evaluation import CountedPattern, Evaluation
from scoring.engine.hand import Hand
from scoring.engine.mcr.facts import Facts, HandSummary
from scoring.engine.mcr.fans import EXCLUDES, FANS, RANK
from scoring.engine.mcr.knitted import MCR_SHAPES
from scoring.engine.mcr.predicates import arrangement_predicates, grouped_hand_predicates
from scoring.engine.mcr.rules import STANDARD, MCRRules
from scoring.engine.mcr.sets import chow_fan_counts, pung_fan_counts
from scoring.engine.shapes import Arrangement, Group, GroupKind, arrangements
from scoring.engine.tiles import Tile, is_wind

FAMILY_NAME = "mcr"
NO_WIN = (
    "the tiles form no winning hand: they make neither four sets and a pair, seven pairs, "
    "thirteen orphans, a knitted straight with a set and a pair, nor honours and knitted tiles"
)
PTH = "pung_of_terminals_or_honours"
_WIND_FANS = ("big_three_winds", "little_four_winds")

FanCounts = dict[str, int]
_VALUES: dict[str, int] = {fan: entry.value for fan, entry in FANS.items()}


def fan_value(fan: str, rules: MCRRules) -> int:
    """The value of one count of a fan under these rules (Two Concealed Kongs: 6 or 8)."""
    if fan == "two_concealed_kongs":
        return rules.two_concealed_kongs
    return _VALUES[fan]


def hand_fans(facts: Facts) -> dict[str, int]:
    """The fans that do not depend on the arrangement (any arrangement of the hand will do)."""
    found: dict[str, int] = {}
    asked, groups = grouped_hand_predicates(facts.summary.traits)
    for fan, predicate in asked:
        count = predicate(facts)
        if count > 0:
            found[fan] = count
    for fact, members, kept in groups:
        value = fact(facts.summary)
        answers = kept.get(value)
        if answers is None:
            answers = tuple((fan, count) for fan, p in members if (count := p(facts)) > 0)
            kept[value] = answers
        found.update(answers)
    return found


def candidate_fans(facts: Facts, hand_level: dict[str, int] | None = None) -> FanCounts:
    """Every fan the arrangement shows, before non-repeat."""
    found = dict(hand_fans(facts) if hand_level is None else hand_level)
    asked = arrangement_predicates(facts.summary.traits, len(facts.triplets), facts.shape)
    for fan, predicate in asked:
        count = predicate(facts)
        if count > 0:
            found[fan] = count
    # set fans need two sets; a set fan adds to a predicate's count of the same fan
    if len(facts.chows) > 1:
        for fan, count in chow_fan_counts(facts.chows, facts.pair):
            found[fan] = found.get(fan, 0) + count
    if len(facts.suit_triplets) > 1:
        for fan, count in pung_fan_counts(facts.suit_triplets):
            found[fan] = found.get(fan, 0) + count
    return found


def apply_exclusions(candidates: FanCounts) -> FanCounts:
    """Non-repeat (§4.1): bigger fans first; a fan excluded by a counted fan is dropped, and
    an excluded fan excludes nothing (exclusions are not transitive)."""
    counted: FanCounts = {}
    excluded: set[str] = set()
    for fan in sorted(candidates, key=RANK.__getitem__):
        if fan in excluded:
            continue
        counted[fan] = candidates[fan]
        excluded |= EXCLUDES.get(fan, frozenset())
    return counted


def _reduce_terminal_pungs(counted: FanCounts, facts: Facts) -> None:
    """Remove the Pungs of Terminals or Honours that wind fans and Nine Gates already used."""
    if PTH not in counted:
        return
    hand = facts.hand
    if any(fan in counted for fan in _WIND_FANS):
        used = sum(1 for g in facts.triplets if is_wind(g.tile))
    else:
        winds = {hand.seat_wind, hand.prevailing_wind}
        used = sum(1 for g in facts.triplets if g.tile in winds)
    if "nine_gates" in counted:
        used += counted[PTH] if facts.summary.rules.nine_gates_drops_all_terminal_pungs else 1
    left = counted[PTH] - used
    if left > 0:
        counted[PTH] = left
    else:
        del counted[PTH]


def count_fans(facts: Facts, hand_level: dict[str, int] | None = None) -> FanCounts:
    """The fans one arrangement scores, flowers aside (Chicken Hand when nothing else)."""
    counted = apply_exclusions(candidate_fans(facts, hand_level))
    _reduce_terminal_pungs(counted, facts)
    return counted or {"chicken_hand": 1}


def _total(counted: FanCounts, rules: MCRRules) -> int:
    total = sum(_VALUES[fan] * count for fan, count in counted.items())
    if "two_concealed_kongs" in counted:  # its value is the rules' (6 or 8)
        total += (rules.two_concealed_kongs - _VALUES["two_concealed_kongs"]) * counted[
            "two_concealed_kongs"
        ]
    return total


def _preference(counted: FanCounts, rules: MCRRules) -> tuple[int, ...]:
    """Higher total first; on equal totals Pure Triple Chow and Triple Pung readings, then
    Edge over Closed over Single Wait (§4.5)."""
    return (
        _total(counted, rules),
        int("pure_triple_chow" in counted or "triple_pung" in counted),
        int("edge_wait" in counted),
        int("closed_wait" in counted),
    )


def best_reading(hand: Hand, rules: MCRRules = STANDARD) -> tuple[FanCounts, Arrangement]:
    """The highest-scoring arrangement of a valid hand and its fans (flowers aside)."""
    readings = arrangements(hand, MCR_SHAPES)
    if not readings:
        raise HandError(NO_WIN, field="concealed")
    summary = HandSummary.of(hand, rules)
    if len(readings) == 1:  # most hands: nothing to prefer
        arrangement = readings[0]
        return count_fans(Facts.of(summary, arrangement)), arrangement
    best: tuple[tuple[int, ...], FanCounts, Arrangement] | None = None
    hand_level: dict[str, int] | None = None
    for arrangement in readings:
        facts = Facts.of(summary, arrangement)
        if hand_level is None:
            hand_level = hand_fans(facts)
        counted = count_fans(facts, hand_level)
        key = _preference(counted, rules)
        if best is None or key > best[0]:
            best = (key, counted, arrangement)
    assert best is not None
    return best[1], best[2]


def check_flags(hand: Hand) -> None:
    """The MCR constraints on the context flags beyond the generic hand checks (§7)."""
    if hand.robbing_kong and hand.last_discard:
        raise HandError(
            "robbing a kong cannot be a win on the final discard: no kong is declared after "
            "the last wall tile is drawn",
            field="robbing_kong",
        )
    if hand.replacement_tile and hand.bonus_replacement:
        raise HandError(
            "the winning tile replaced either a kong or a flower, not both",
            field="bonus_replacement",
        )


def _pattern(fan: str, count: int, rules: MCRRules) -> CountedPattern:
    return _counted(fan, fan_value(fan, rules), count)


@cache  # a counted pattern is immutable and hands repeat them
def _counted(fan: str, value: int, count: int) -> CountedPattern:
    entry = FANS[fan]
    return CountedPattern(entry.id, entry.name, entry.name_zh, value, count)


def evaluate(hand: Hand, rules: MCRRules = STANDARD) -> Evaluation:
    """Score a valid hand. Flowers count only once the hand reaches the minimum without them.

    Raises ``HandError`` when the tiles form no winning hand or the flags contradict MCR.
    """
    check_flags(hand)
    counted, arrangement = best_reading(hand, rules)
    without_bonus = _total(counted, rules)
    legal = without_bonus >= rules.minimum
    # ``counted`` is in the order of RANK already (``apply_exclusions``)
    values = _VALUES
    if "two_concealed_kongs" in counted:  # its value is the rules' (6 or 8)
        values = {**_VALUES, "two_concealed_kongs": rules.two_concealed_kongs}
    patterns = [_counted(fan, values[fan], count) for fan, count in counted.items()]
    flowers = len(hand.bonus)
    if legal and flowers:
        patterns.append(_pattern("flower_tiles", flowers, rules))
    return Evaluation(
        family=FAMILY_NAME,
        preset=rules.preset,
        total=without_bonus + (flowers if legal else 0),
        total_without_bonus=without_bonus,
        meets_minimum=legal,
        limit=False,
        patterns=tuple(patterns),
        arrangement=tuple(_code(group.kind, group.tile) for group in arrangement.groups),
    )


@cache
def _code(kind: GroupKind, tile: Tile) -> str:
    return Group(kind, tile).code()
