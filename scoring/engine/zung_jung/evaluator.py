"""Score a Zung Jung hand: one pattern per family, cap and limits, best arrangement wins.

>>> from scoring.engine.hand import hand_from_json
>>> hand = hand_from_json({"concealed": "234p55z", "winning_tile": "5z", "melds": [
...     {"type": "pung", "tiles": "777z"}, {"type": "pung", "tiles": "666z"},
...     {"type": "chow", "tiles": "678p"}]})
>>> result = evaluate(hand)
>>> result.total, [(p.id, p.value, p.count) for p in result.patterns]
(100, [('mixed_one_suit', 40, 1), ('dragon_triplet', 10, 2), ('little_three_dragons', 40, 1)])
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from scoring.engine.errors import HandError
from scoring.engine.evaluation import CountedPattern, Evaluation
from scoring.engine.hand import Hand
from scoring.engine.shapes import DEFAULT_SHAPES, Arrangement, arrangements
from scoring.engine.tiles import FLOWERS, SEASONS
from scoring.engine.zung_jung.facts import Facts, HandSummary
from scoring.engine.zung_jung.patterns import PATTERNS, Pattern, asked
from scoring.engine.zung_jung.rules import SEED, PatternEntry, ZungJungRules

FAMILY_NAME = "zung_jung"
BONUS_IDS = frozenset({"bonus_tile", "four_flowers", "four_seasons", "all_bonus_tiles"})
NO_WIN = (
    "the tiles form no winning hand: they make neither four sets and a pair, "
    "nor seven pairs, nor thirteen orphans"
)

Plan = tuple[tuple[tuple[Pattern, PatternEntry], ...], ...]


_PLANS: dict[int, tuple[ZungJungRules, Plan]] = {}


def _plan(rules: ZungJungRules) -> Plan:
    """The preset's patterns grouped by family, in the order they are tried (kept per rules
    object: hashing a whole rule set for every hand would cost more than the plan)."""
    known = _PLANS.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    plan = _make_plan(rules)
    _PLANS[id(rules)] = (rules, plan)
    return plan


# (id of the rules, hand traits, pungs and kongs, chows, shape) -> (rules, its plan cut down
# to the patterns such an arrangement can count)
_ASKED: dict[tuple[int, frozenset[str], int, int, str], tuple[ZungJungRules, Plan]] = {}


def _asked_plan(rules: ZungJungRules, facts: Facts) -> Plan:
    """The plan of the patterns worth asking of this arrangement (``patterns.NEEDS``)."""
    key = (id(rules), facts.summary.traits, len(facts.triplets), len(facts.chows), facts.shape)
    known = _ASKED.get(key)
    if known is not None and known[0] is rules:
        return known[1]
    traits = facts.traits
    plan = tuple(
        members
        for members in (
            tuple(member for member in family if asked(member[0], traits, key[4]))
            for family in _plan(rules)
        )
        if members
    )
    _ASKED[key] = (rules, plan)
    return plan


def _make_plan(rules: ZungJungRules) -> Plan:
    families: dict[str, list[tuple[Pattern, PatternEntry]]] = {}
    for pattern in PATTERNS:
        entry = rules.by_id.get(pattern.id)
        if entry is not None:
            families.setdefault(pattern.family, []).append((pattern, entry))
    return tuple(tuple(members) for members in families.values())


@cache  # entries and counted patterns are immutable, and every hand counts a few
def _counted(entry: PatternEntry, count: int = 1) -> CountedPattern:
    return CountedPattern(entry.id, entry.name, entry.name_zh, entry.value, count)


def count_patterns(facts: Facts, rules: ZungJungRules) -> list[CountedPattern]:
    """The patterns one arrangement counts: the best of each family (per-set patterns of a
    family add up instead), and Chicken Hand when nothing else applies."""
    counted: list[CountedPattern] = []
    for family in _asked_plan(rules, facts):
        best: CountedPattern | None = None
        stack: list[CountedPattern] = []
        for pattern, entry in family:
            count = pattern.predicate(facts)
            if not count:
                continue
            if pattern.stacking:
                stack.append(_counted(entry, count))
            elif best is None or entry.value > best.value:
                best = _counted(entry)
        if best is not None and (not stack or best.value >= _sum(stack)):
            counted.append(best)
        elif stack:
            counted.extend(stack)
    if not counted and "chicken_hand" in rules.by_id:
        counted.append(_counted(rules.by_id["chicken_hand"]))
    return counted


def bonus_patterns(bonus: Iterable[int], rules: ZungJungRules) -> list[CountedPattern]:
    """Flowers and seasons: 2 each, a complete set of four 20, all eight 40 (§3.1).

    >>> from scoring.engine.tiles import parse_tiles
    >>> [(p.id, p.count) for p in bonus_patterns(parse_tiles("12345f"), SEED)]
    [('four_flowers', 1), ('bonus_tile', 1)]
    """
    if not rules.flowers:
        return []
    held = set(bonus)
    entries = rules.by_id
    if held >= set(FLOWERS + SEASONS):
        return [_counted(entries["all_bonus_tiles"])]
    found: list[CountedPattern] = []
    loose = len(held)
    for group, entry_id in ((FLOWERS, "four_flowers"), (SEASONS, "four_seasons")):
        if held >= set(group):
            found.append(_counted(entries[entry_id]))
            loose -= len(group)
    if loose:
        found.append(_counted(entries["bonus_tile"], loose))
    return found


def _sum(patterns: Iterable[CountedPattern]) -> int:
    return sum(p.value * p.count for p in patterns)


Combined = tuple[int, int, bool, list[CountedPattern]]


def combine(patterns: list[CountedPattern], rules: ZungJungRules) -> Combined:
    """Total, total without bonus tiles, whether a limit applied, and the patterns kept.

    With a limit pattern (worth ``rules.limit`` or more) the hand scores the highest limit
    alone; otherwise the sum, capped at ``rules.cap``.
    """
    limits = [p for p in patterns if p.value >= rules.limit]
    if limits:
        top = max(limits, key=lambda p: p.value)
        return top.value, top.value, True, [top]
    ordered = sorted(patterns, key=lambda p: rules.order[p.id])
    total = min(_sum(patterns), rules.cap)
    without_bonus = min(_sum(p for p in patterns if p.id not in BONUS_IDS), rules.cap)
    return total, without_bonus, False, ordered


def evaluate(hand: Hand, rules: ZungJungRules = SEED) -> Evaluation:
    """Score a valid hand; the best arrangement wins (Freedom of Count, §3.3).

    Raises ``HandError`` when the tiles form no winning hand.
    """
    readings = arrangements(hand, DEFAULT_SHAPES)
    if not readings:
        raise HandError(NO_WIN, field="concealed")
    summary = HandSummary.of(hand)
    bonus = bonus_patterns(hand.bonus, rules)
    best: tuple[tuple[int, int], Combined, Arrangement] | None = None
    for arrangement in readings:
        combined = combine(count_patterns(Facts.of(summary, arrangement), rules) + bonus, rules)
        key = (combined[0], -len(combined[3]))
        if best is None or key > best[0]:
            best = (key, combined, arrangement)
    assert best is not None
    return _evaluation(best[1], rules, best[2])


def _evaluation(combined: Combined, rules: ZungJungRules, arrangement: Arrangement) -> Evaluation:
    total, without_bonus, limit, kept = combined
    return Evaluation(
        family=FAMILY_NAME,
        preset=rules.preset,
        total=total,
        total_without_bonus=without_bonus,
        meets_minimum=without_bonus >= rules.minimum,
        limit=limit,
        patterns=tuple(kept),
        arrangement=tuple(arrangement.codes(mark_winning=False)),
    )


def illegal_call(rules: ZungJungRules = SEED) -> Evaluation:
    """The result of declaring a win without a winning hand (Illegal Call 詐和, §3.1.6)."""
    if rules.illegal_call is None:
        raise HandError(
            "the {preset} preset has no Illegal Call; the hand is not a winning hand",
            preset=rules.preset,
        )
    entry = rules.by_id.get("illegal_call") or PatternEntry(
        "illegal_call", "Illegal Call", "詐和", -rules.illegal_call
    )
    counted = CountedPattern(entry.id, entry.name, entry.name_zh, -rules.illegal_call)
    return Evaluation(
        family=FAMILY_NAME,
        preset=rules.preset,
        total=counted.value,
        total_without_bonus=counted.value,
        meets_minimum=False,
        limit=False,
        patterns=(counted,),
        arrangement=(),
    )


def evaluate_declared(hand: Hand, rules: ZungJungRules = SEED) -> Evaluation:
    """Score a hand a player declared as a win: an Illegal Call when the tiles (valid as
    tiles) form no winning hand, where the rules have one."""
    try:
        return evaluate(hand, rules)
    except HandError as error:
        if error.parts != ((NO_WIN, {}),) or rules.illegal_call is None:
            raise
        return illegal_call(rules)
