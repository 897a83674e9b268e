"""The parts of the line a hand form opens with: where the game stands before the next hand,
in a family's own terms ("Hand 9", "South round", "Bo deals")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.display import lazy_text

# The prevailing winds, East round first.
ROUND_WINDS = (lazy_text("East"), lazy_text("South"), lazy_text("West"), lazy_text("North"))


def hand_part(place: int) -> str:
    return _("Hand %(place)s") % {"place": place}


def round_part(round_index: int) -> str:
    """``round_index`` 0 for the East round, 1 for South, …; a fifth round is East again."""
    return _("%(wind)s round") % {"wind": ROUND_WINDS[round_index % len(ROUND_WINDS)]}


def deals_part(name: str) -> str:
    return _("%(name)s deals") % {"name": name}


@dataclass(frozen=True)
class Deal:
    """Who deals the next hand and in which round, for a family that keeps no table."""

    round_index: int
    dealer: int


def deal_after(winners: Sequence[int | None], seats: int) -> Deal:
    """The deal after hands won by ``winners`` (None: a draw or a false win), the first seat
    dealing the first hand: the dealer keeps the deal on a win of their own, a draw or a
    false win, and passes it to the next seat when another player wins; a round ends when
    the deal comes back to the first seat.

    >>> deal_after([1, None, 1, 2], 4)
    Deal(round_index=0, dealer=2)
    >>> deal_after([1, 2, 3, 0], 4)
    Deal(round_index=1, dealer=0)
    """
    round_index, dealer = 0, 0
    for winner in winners:
        if winner is None or winner == dealer:
            continue
        dealer = (dealer + 1) % seats
        if dealer == 0:
            round_index += 1
    return Deal(round_index, dealer)


def rotating_line(place: int, winners: Sequence[int | None], names: Sequence[str]) -> list[str]:
    """Hand number, prevailing wind's round and dealer, for a family that keeps no table."""
    deal = deal_after(winners, len(names))
    return [hand_part(place), round_part(deal.round_index), deals_part(names[deal.dealer])]
