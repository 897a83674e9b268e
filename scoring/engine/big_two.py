"""Big Two (鋤大弟) scoring: frying, taking on all losses, and the zero-sum net T − 4·loss.

A hand is one game of four seats: the cards each seat has left (its raw loss; the winner
has 0) and at most one seat that takes on everyone's losses (the ``t`` suffix).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from scoring.engine.bounds import Bound
from scoring.engine.errors import HandError, RulesError, Seat

SEATS = 4
MIN_FRY_THRESHOLD = 10
TRIPLE_THRESHOLD = 13  # fixed: from 13 cards left (and at least F) the loss is tripled
CARDS_LEFT = Bound("cards left", 0, 13)  # a hand is 13 cards
# Above 13 no seat is ever fried; 1000 is the reference's way of saying "no frying".
FRY_THRESHOLD = Bound("the fry threshold", MIN_FRY_THRESHOLD, 1000)


@dataclass(frozen=True)
class BigTwoRules:
    """A Big Two rule set: the fry threshold F (炒), at least 10; F=1000 turns frying off."""

    fry_threshold: int = MIN_FRY_THRESHOLD

    def __post_init__(self) -> None:
        threshold = self.fry_threshold
        if isinstance(threshold, bool) or not isinstance(threshold, int):
            raise RulesError("the fry threshold must be a whole number", field="fry_threshold")
        if threshold < MIN_FRY_THRESHOLD:
            raise RulesError(
                "fry threshold {threshold} is below {min_fry_threshold}",
                field="fry_threshold",
                threshold=threshold,
                min_fry_threshold=MIN_FRY_THRESHOLD,
            )
        FRY_THRESHOLD.check(threshold, field="fry_threshold", error=RulesError)


class BigTwoHand(NamedTuple):
    """One game: each seat's cards left (seats 0-3) and the seat taking on all losses, if any."""

    losses: tuple[int, ...]
    takes_all: int | None = None


@dataclass(frozen=True)
class BigTwoSeatScore:
    """What one game means for one seat: the facts statistics count and the point change."""

    raw_loss: int
    real_loss: int  # after frying and after the ``t`` seat took on all losses
    net: int
    won: bool
    fried: bool


def is_win(loss: int) -> bool:
    """Won (勝): the seat has no cards left."""
    return loss == 0


def is_fried(loss: int, rules: BigTwoRules) -> bool:
    """Fried (炒): the seat has at least F cards left, so its loss is multiplied."""
    return loss >= rules.fry_threshold


def is_triple_fried(loss: int, rules: BigTwoRules) -> bool:
    """Triple-fried (炒三倍): fried with at least 13 cards left."""
    return is_fried(loss, rules) and loss >= TRIPLE_THRESHOLD


def real_loss(loss: int, rules: BigTwoRules) -> int:
    """A raw loss after the fry multiplier (§7.1).

    >>> [real_loss(n, BigTwoRules()) for n in (9, 10, 12, 13, 20)]
    [9, 20, 24, 39, 60]
    >>> [real_loss(n, BigTwoRules(14)) for n in (13, 14)]
    [13, 42]
    """
    if is_triple_fried(loss, rules):
        return 3 * loss
    if is_fried(loss, rules):
        return 2 * loss
    return loss


def real_losses(hand: BigTwoHand, rules: BigTwoRules) -> tuple[int, ...]:
    """Each seat's real loss, after the ``t`` seat has taken on the sum of all four."""
    losses = tuple(real_loss(loss, rules) for loss in hand.losses)
    if hand.takes_all is None:
        return losses
    return tuple(sum(losses) if seat == hand.takes_all else 0 for seat in range(SEATS))


def settle(hand: BigTwoHand, rules: BigTwoRules) -> tuple[int, ...]:
    """Each seat's net change, T − 4·real loss; validates first. The changes sum to zero.

    >>> settle(BigTwoHand((0, 11, 12, 13)), BigTwoRules())
    (85, -3, -11, -71)
    >>> settle(BigTwoHand((3, 0, 1, 2), takes_all=0), BigTwoRules())
    (-18, 6, 6, 6)
    """
    validate(hand)
    losses = real_losses(hand, rules)
    total = sum(losses)
    return tuple(total - SEATS * loss for loss in losses)


def seat_scores(hand: BigTwoHand, rules: BigTwoRules) -> tuple[BigTwoSeatScore, ...]:
    """Every seat's facts and change; wins and fries stay with the original seats (§7.4)."""
    nets = settle(hand, rules)
    return tuple(
        BigTwoSeatScore(raw, real, net, is_win(raw), is_fried(raw, rules))
        for raw, real, net in zip(hand.losses, real_losses(hand, rules), nets, strict=True)
    )


def validate(hand: BigTwoHand) -> None:
    """Raise ``HandError`` naming the field when ``hand`` cannot be a game."""
    losses = hand.losses
    if not isinstance(losses, tuple | list) or len(losses) != SEATS:
        raise HandError(
            "enter the cards left for each of the {seats} seats", field="losses", seats=SEATS
        )
    for number, loss in enumerate(losses):
        CARDS_LEFT.check(loss, field="losses", where=Seat(number))
    if sum(map(is_win, losses)) != 1:
        raise HandError("exactly one seat must have 0 cards left: the winner", field="losses")
    seat = hand.takes_all
    if seat is not None and (isinstance(seat, bool) or seat not in range(SEATS)):
        raise HandError(
            "the player taking on all losses must be one of the {seats} players at the table",
            field="takes_all",
            seats=SEATS,
        )


def is_regular(game_count: int, total_games: int) -> bool:
    """A regular player has played at least a quarter of all games (exactly, no rounding).

    >>> [is_regular(3, 10), is_regular(2, 10), is_regular(2, 8), is_regular(0, 0)]
    [True, False, True, True]
    """
    return SEATS * game_count >= total_games


# Where a token's seat is named in a message (built once, not for every token read).
SEAT_PLACES = tuple(Seat(number) for number in range(SEATS))


def hand_from_tokens(tokens: list[str]) -> BigTwoHand:
    """Read a game line's four tokens (``0``, ``11``, ``3t``), with the reference checks in order.

    >>> hand_from_tokens(["3t", "0", "1", "2"])
    BigTwoHand(losses=(3, 0, 1, 2), takes_all=0)
    """
    numbers = [token.removesuffix("t") for token in tokens]
    if [number.strip("0") for number in numbers].count("") != 1:
        raise HandError("game does not have exactly one winner (loss `0`)")
    taking_all = [seat for seat, token in enumerate(tokens) if token.endswith("t")]
    if len(taking_all) > 1:
        raise HandError("multiple players taking on all losses (suffix `t`)")
    # After the reference checks, so that their messages stay first: the league's bound,
    # looked up for the plain numbers of nearly every line, read in full for the rest.
    try:
        losses = tuple(map(CARDS_LEFT.plain_numbers.__getitem__, numbers))
    except KeyError:
        losses = tuple(
            CARDS_LEFT.read(number, field="losses", where=place)
            for number, place in zip(numbers, SEAT_PLACES, strict=True)
        )
    return BigTwoHand(losses, taking_all[0] if taking_all else None)
