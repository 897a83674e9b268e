"""Hong Kong faan payments (港式番數計分): multipliers, portions and settlement.

A hand is one game of four seats. Its result is a draw, a win (self-drawn or on a
discard, possibly guaranteed by a responsible player), or a false win. The
settlement is exact (``Fraction``) and always sums to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from scoring.engine.bounds import MAX_POINTS, Bound
from scoring.engine.errors import HandError, RulesError, Term

SEATS = 4
MAX_FAAN = Bound("maximum faan", 0, 64)
MAX_BASE = 10_000


class Responsibility(StrEnum):
    """Who pays for a discard: the discarder a portion and the others half (半銃), or all (全銃)."""

    HALF = "half"
    FULL = "full"


class Spiciness(StrEnum):
    """How the multiplier rises past 4 faan: half-spicy (半辣上) or spicy-spicy (辣辣上)."""

    HALF = "half"
    SPICY = "spicy"


class Outcome(StrEnum):
    """How a hand ended."""

    DRAW = "draw"  # 摸和
    SELF_DRAWN = "self_drawn"  # 自摸
    DISCARD = "discard"  # 打出
    DISCARD_GUARANTEE = "discard_guarantee"  # 包打出
    SELF_DRAW_GUARANTEE = "self_draw_guarantee"  # 包自摸
    FALSE_WIN = "false_win"  # 詐糊

    @property
    def has_winner(self) -> bool:
        return self not in (Outcome.DRAW, Outcome.FALSE_WIN)

    @property
    def has_blamed(self) -> bool:
        return self not in (Outcome.DRAW, Outcome.SELF_DRAWN)


@dataclass(frozen=True)
class HKRules:
    """A Hong Kong rule set: base points, maximum faan, responsibility and spiciness."""

    base: Fraction = Fraction(1)
    max_faan: int = 13
    responsibility: Responsibility = Responsibility.FULL
    spiciness: Spiciness = Spiciness.HALF

    def __post_init__(self) -> None:
        if not isinstance(self.base, Fraction) or not 0 <= self.base <= MAX_BASE:
            raise RulesError(
                "base must be a number from 0 to {max_base}", field="base", max_base=MAX_BASE
            )
        MAX_FAAN.check(self.max_faan, field="max_faan", error=RulesError)
        object.__setattr__(self, "responsibility", Responsibility(self.responsibility))
        object.__setattr__(self, "spiciness", Spiciness(self.spiciness))
        # The largest payment of any hand: a false win at the maximum (9 portions).
        if 9 * portion(self.max_faan, self) > MAX_POINTS:
            raise RulesError(
                "a false win at {max_faan} faan would pay more points than can be "
                "recorded: lower the maximum faan or the base",
                field="max_faan",
                max_faan=self.max_faan,
            )


@dataclass(frozen=True)
class HKHand:
    """One hand's result: seats are 0-3; ``blamed`` is the discarder, guarantor or false winner."""

    outcome: Outcome
    winner: int | None = None
    faan: int | None = None
    blamed: int | None = None


def multiplier(faan: int, spiciness: Spiciness = Spiciness.HALF) -> int:
    """The payment multiplier for a number of faan.

    >>> [multiplier(f) for f in range(4, 10)]
    [16, 24, 32, 48, 64, 96]
    >>> multiplier(13, Spiciness.SPICY)
    8192
    """
    if faan < 0:
        raise HandError("faan cannot be negative", field="faan")
    if Spiciness(spiciness) is Spiciness.SPICY or faan <= 4:
        return 1 << faan
    k = 4 + (faan - 4) // 2
    return 1 << k if faan % 2 == 0 else 3 << (k - 1)


def portion(faan: int, rules: HKRules) -> Fraction:
    """One portion: base × multiplier(faan)."""
    return rules.base * multiplier(faan, rules.spiciness)


def validate(hand: HKHand, rules: HKRules) -> None:
    """Raise ``HandError`` naming the field when ``hand`` cannot happen under ``rules``."""
    outcome = Outcome(hand.outcome)
    _check_seat(hand.winner, "winner", required=outcome.has_winner)
    _check_seat(hand.blamed, "blamed", required=outcome.has_blamed)
    if outcome.has_winner:
        _check_faan(hand.faan, rules)
    elif hand.faan is not None:
        raise HandError("a hand without a winner has no faan", field="faan")
    if outcome.has_winner and hand.winner == hand.blamed:
        raise HandError("the winner cannot also be the player blamed", field="blamed")
    if outcome is Outcome.DISCARD_GUARANTEE and rules.responsibility is Responsibility.FULL:
        raise HandError(
            "a discard guarantee (包打出) is redundant under full responsibility (全銃): "
            "record it as a plain discard",
            field="outcome",
        )


def _check_seat(seat: int | None, field: str, *, required: bool) -> None:
    winner = field == "winner"
    label = Term("the winner") if winner else Term("the player blamed")
    short = Term("winner") if winner else Term("player blamed")
    if not required:
        if seat is not None:
            raise HandError("this result has no {label}", field=field, label=short)
        return
    if seat is None:
        raise HandError("choose {label}", field=field, label=label)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise HandError(
            "{label} must be one of the {seats} players at the table",
            field=field,
            label=label,
            seats=SEATS,
        )


def _check_faan(faan: int | None, rules: HKRules) -> None:
    if faan is None:
        raise HandError("enter the winner's faan", field="faan")
    if isinstance(faan, bool) or not isinstance(faan, int) or faan < 0:
        raise HandError("faan must be a whole number of at least 0", field="faan")
    if faan > rules.max_faan:
        raise HandError(
            "{faan} faan is above this rule set's maximum of {max_faan}",
            field="faan",
            faan=faan,
            max_faan=rules.max_faan,
        )


def settle(hand: HKHand, rules: HKRules) -> tuple[Fraction, ...]:
    """Each seat's change in points; validates first. The changes sum to zero.

    >>> rules = HKRules(base=Fraction(2), max_faan=6, responsibility=Responsibility.HALF)
    >>> [int(x) for x in settle(HKHand(Outcome.DISCARD, winner=1, faan=2, blamed=2), rules)]
    [-4, 16, -8, -4]
    >>> [int(x) for x in settle(HKHand(Outcome.FALSE_WIN, blamed=3), rules)]
    [192, 192, 192, -576]
    """
    validate(hand, rules)
    outcome = Outcome(hand.outcome)
    changes = [Fraction(0)] * SEATS
    if outcome is Outcome.DRAW:
        return tuple(changes)
    if outcome is Outcome.FALSE_WIN:
        assert hand.blamed is not None
        # The false winner pays each other seat the maximum self-drawn amount (3 portions).
        return _everyone_pays_one(hand.blamed, -9 * portion(rules.max_faan, rules))
    assert hand.winner is not None and hand.faan is not None
    p = portion(hand.faan, rules)
    if outcome is Outcome.SELF_DRAWN:
        return _everyone_pays_one(hand.winner, 3 * p)
    assert hand.blamed is not None
    payer_share = {
        Outcome.DISCARD: 2 * p if rules.responsibility is Responsibility.FULL else p,
        Outcome.DISCARD_GUARANTEE: 2 * p,
        Outcome.SELF_DRAW_GUARANTEE: 3 * p,
    }[outcome]
    winner_gain = 3 * p if outcome is Outcome.SELF_DRAW_GUARANTEE else 2 * p
    others = (winner_gain - payer_share) / (SEATS - 2)
    for seat in range(SEATS):
        changes[seat] = -others
    changes[hand.winner] = winner_gain
    changes[hand.blamed] = -payer_share
    return tuple(changes)


def _everyone_pays_one(seat: int, gain: Fraction) -> tuple[Fraction, ...]:
    """``seat`` gains ``gain`` and each of the other three pays a third of it."""
    changes = [-gain / (SEATS - 1)] * SEATS
    changes[seat] = gain
    return tuple(changes)


# --- The score-file notation: four tokens such as ``- 2 d -`` -------------------------

BLAME_TOKENS = {
    "d": Outcome.DISCARD,
    "D": Outcome.DISCARD_GUARANTEE,
    "S": Outcome.SELF_DRAW_GUARANTEE,
    "f": Outcome.FALSE_WIN,
}


def _faan_of_token(token: str, rules: HKRules) -> int:
    digits = token.lstrip("0") or "0"
    # A number too long to read exceeds any maximum (at most 64): it is not converted.
    if len(digits) > 9 or int(digits) > rules.max_faan:
        raise HandError(
            "game declared with winner's faan exceeding maximum faan ({max_faan})",
            max_faan=rules.max_faan,
        )
    return int(digits)


def hand_from_tokens(tokens: list[str], rules: HKRules) -> HKHand:
    """Read a game line's four tokens, with the reference scorer's checks and messages in order.

    >>> hand_from_tokens(["-", "2", "d", "-"], HKRules())
    HKHand(outcome=<Outcome.DISCARD: 'discard'>, winner=1, faan=2, blamed=2)
    """
    winners = [seat for seat, token in enumerate(tokens) if token.isdigit()]
    blamed = [seat for seat, token in enumerate(tokens) if token in BLAME_TOKENS]
    if len(winners) > 1:
        raise HandError("game declared with multiple winners (digits entries)")
    winner = winners[0] if winners else None
    faan = _faan_of_token(tokens[winner], rules) if winner is not None else None
    if len(blamed) > 1:
        raise HandError("game declared with multiple players blamed (suffix `d`, `S`, or `f`)")
    blame = tokens[blamed[0]] if blamed else None
    if winner is None and blame in ("d", "D", "S"):
        raise HandError(
            "game declared with no winner yet non-false-win blame (suffix `d`, `D`, or `S`)"
        )
    if winner is not None and blame == "f":
        raise HandError("game declared with winner yet false-win blame (suffix `f`)")
    if blame == "D" and rules.responsibility is Responsibility.FULL:
        raise HandError("discard-guarantee `D` is redundant under full responsibility (全銃)")
    if winner is None:
        outcome = Outcome.FALSE_WIN if blame == "f" else Outcome.DRAW
    else:
        outcome = BLAME_TOKENS[blame] if blame else Outcome.SELF_DRAWN
    return HKHand(outcome, winner=winner, faan=faan, blamed=blamed[0] if blamed else None)
