"""How players' names are compared: a name, an alias and a name in a file meet when their
keys do; a name that nearly meets one is proposed, never taken."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher

from games.models import Player, PlayerAlias

# How alike two keys must be (difflib's ratio: 2 × matching characters / both lengths) for
# an unknown name to be proposed as another's: "ada lee" and "ada lea" are, "ada" and "bob"
# are not.
NEAR_RATIO = 0.8


def name_key(name: str) -> str:
    """The name as names are compared: NFKC (full-width letters are the ASCII ones),
    case-folded, its runs of spaces one space: "ＡＤＡ", "Ada" and " ada " meet."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def near_match(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``name`` most nearly is, or none: a candidate whose key starts the
    name's key as a whole word ("Ada" for "Ada L."), or the other way round, or whose key
    is at least ``NEAR_RATIO`` alike. The likeliest wins (ties: the first in order)."""
    return _nearest(name_key(name), [(name_key(candidate), candidate) for candidate in candidates])


def _nearest(key: str, candidates: Iterable[tuple[str, str]]) -> str | None:
    best: tuple[float, str] | None = None
    for other, candidate in candidates:
        if not other or other == key:
            continue
        score = _likeness(key, other)
        if score >= NEAR_RATIO and (best is None or score > best[0]):
            best = (score, candidate)
    return best[1] if best else None


def _likeness(key: str, other: str) -> float:
    short, long = sorted((key, other), key=len)
    if long.startswith(short + " "):
        return 1.0
    matcher = SequenceMatcher(None, key, other)
    # The cheap upper bounds first: most names of a club are nowhere near each other.
    if matcher.real_quick_ratio() < NEAR_RATIO or matcher.quick_ratio() < NEAR_RATIO:
        return 0.0
    return matcher.ratio()


def club_player_names(*, club_id: int) -> list[tuple[str, Player]]:
    """Every name the club's players answer to: their own names, then their aliases
    (two queries, whatever the number of players)."""
    players = {player.pk: player for player in Player.objects.filter(club_id=club_id)}
    names = [(player.name, player) for player in players.values()]
    aliases = PlayerAlias.objects.filter(club_id=club_id).values_list("name", "player_id")
    names += [(name, players[player_id]) for name, player_id in aliases]
    return names


class NameIndex:
    """The club's players by name as names compare; an exact name is preferred, then a
    player's own name, then an alias."""

    def __init__(self, names: list[tuple[str, Player]]) -> None:
        self.names = names
        self.exact = {name: player for name, player in reversed(names)}
        self.keys: dict[str, Player] = {}
        # Each name's key, and the name of the player it belongs to.
        self.candidates = [(name_key(name), player.name) for name, player in names]
        for name, player in names:
            self.keys.setdefault(name_key(name), player)

    def find(self, name: str) -> Player | None:
        return self.exact.get(name) or self.keys.get(name_key(name))

    def proposal(self, name: str) -> str | None:
        """The name of the player ``name`` nearly is (``near_match``), if any."""
        return _nearest(name_key(name), self.candidates)


def club_name_index(*, club_id: int) -> NameIndex:
    return NameIndex(club_player_names(club_id=club_id))


def same_player(index: NameIndex, names: Iterable[str]) -> tuple[str, str] | None:
    """Two of ``names`` that are one player (known, or new with the same key), if any."""
    seen: dict[object, str] = {}
    for name in names:
        player = index.find(name)
        identity: object = player.pk if player is not None else name_key(name)
        if identity in seen:
            return seen[identity], name
        seen[identity] = name
    return None
