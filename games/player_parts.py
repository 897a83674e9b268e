"""Parts that satellites add to a player's page (their statistics, say): each a template
included after the summary and the context it reads. The core page calls what is
registered without knowing who registered it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.http import HttpRequest

    from games.models import Player


@dataclass(frozen=True)
class PlayerPart:
    """A template, and what it reads, from the request, the player and the family shown."""

    template: str
    context: Callable[[HttpRequest, Player, str], dict[str, Any]]


_PARTS: dict[str, PlayerPart] = {}


def player_part_register(*, part: PlayerPart) -> None:
    """Add ``part`` to every player's page (once: registering its template again replaces it)."""
    _PARTS[part.template] = part


def player_parts(
    *, request: HttpRequest, player: Player, family: str
) -> tuple[list[str], dict[str, Any]]:
    """The templates of the parts, in the order registered, and their context merged."""
    context: dict[str, Any] = {}
    for part in _PARTS.values():
        context.update(part.context(request, player, family))
    return list(_PARTS), context
