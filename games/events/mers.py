"""The EMA's ranking (MERS) across clubs, computed from the finished events in the database
(``scoring.engine.mers`` holds the formula).

An event counts when it is finished, of a family EMA ranks (one with EMA results columns:
MCR and riichi), in a club the viewer may see (every public club, and their own), and no
more than two years old on the day of reckoning. Its players are placed as its standings
place them; its weight is made of what the database knows:

- days: the distinct days its tables were played on;
- players: those in its standings (who played);
- countries: the distinct country codes of its players' EMA numbers (the first two digits;
  players without a number are not counted);
- qualification: never (the database records none).

A person is one account across clubs; a player with no account is known by their EMA
number across clubs, and one with neither only in their own club.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Max, Q

from games.events.models import Event
from games.events.selectors import event_standings
from games.models import Club, Membership, Player
from scoring import mers
from scoring.families import FAMILIES, get_family


@dataclass(frozen=True)
class RankedEvent:
    """One event as the ranking weighs it."""

    event: Event
    tournament: mers.Tournament
    age_factor: Fraction
    placed: list[int]  # its players' ids, first place first


@dataclass(frozen=True)
class Person:
    """Who a result belongs to across clubs, and how they are shown."""

    key: str
    name: str
    ema_number: str
    player: Player  # the player of their latest counted result (for the link)


@dataclass(frozen=True)
class PersonRanking:
    person: Person
    ranking: mers.Ranking
    events: dict[int, RankedEvent]  # by event id, the events of the counted results

    @property
    def lines(self) -> list[tuple[mers.Counted, RankedEvent | None]]:
        """Each counted result with its event (None for a missing result, a zero)."""
        return [
            (line, self.events[line.result.key] if line.result else None)
            for line in self.ranking.counted
        ]


def mers_families() -> list[str]:
    """The families EMA ranks."""
    return [key for key, family in FAMILIES.items() if family.ema_columns is not None]


def _visible_clubs(viewer: User | AnonymousUser) -> Q:
    public = Q(visibility=Club.Visibility.PUBLIC)
    if not viewer.is_authenticated:
        return public
    return public | Q(pk__in=Membership.objects.filter(user=viewer).values("club_id"))


def ranked_events(*, viewer: User | AnonymousUser, family: str, on: dt.date) -> list[RankedEvent]:
    """The finished events of ``family`` the viewer may see that count on ``on``, the most
    recent first (one query for the events and their days, then their standings)."""
    if get_family(family).ema_columns is None:
        return []
    clubs = Club.objects.filter(_visible_clubs(viewer)).values("pk")
    events = (
        Event.objects.filter(club_id__in=clubs, rule_set__family=family, state=Event.State.FINISHED)
        .select_related("club", "rule_set")
        .annotate(
            last_day=Max("round_set__tables__session__played_on"),
            days=Count("round_set__tables__session__played_on", distinct=True),
        )
        .filter(last_day__lte=on, last_day__gte=mers.years_before(on, mers.COUNTED_YEARS))
        .order_by("-last_day", "-id")
    )
    return [_weighed(event, on) for event in events]


def _weighed(event: Event, on: dt.date) -> RankedEvent:
    rows = event_standings(event=event)
    numbers = Player.objects.filter(pk__in=[row.player_id for row in rows]).exclude(ema_number="")
    countries = {number[:2] for number in numbers.values_list("ema_number", flat=True)}
    last_day: dt.date = event.last_day  # type: ignore[attr-defined]
    tournament = mers.Tournament(
        last_day=last_day,
        days=event.days,  # type: ignore[attr-defined]
        players=len(rows),
        countries=len(countries),
    )
    placed = [row.player_id for row in rows]
    return RankedEvent(event, tournament, mers.age_factor(last_day, on), placed)


def mers_table(*, viewer: User | AnonymousUser, family: str, on: dt.date) -> list[PersonRanking]:
    """Everyone with two results counted on ``on``, highest ranking first."""
    weighed = ranked_events(viewer=viewer, family=family, on=on)
    by_id = {entry.event.pk: entry for entry in weighed}
    results: dict[str, list[mers.Result]] = defaultdict(list)
    people: dict[str, Person] = {}
    for entry in weighed:  # most recent first: a person's first is their latest
        players = Player.objects.select_related("user", "club").in_bulk(entry.placed)
        for place, player_id in enumerate(entry.placed, 1):
            person = _person(players[player_id])
            people.setdefault(person.key, person)
            results[person.key].append(mers.Result(entry.event.pk, entry.tournament, place))
    table = []
    for key, held in results.items():
        ranking = mers.ranking(held, on=on)
        if ranking is not None:
            counted = {line.result.key for line in ranking.counted if line.result}
            table.append(PersonRanking(people[key], ranking, {k: by_id[k] for k in counted}))
    return sorted(table, key=lambda row: (-row.ranking.total, row.person.name))


def _person(player: Player) -> Person:
    if player.user is not None:
        name = player.user.get_username()
        return Person(f"user:{player.user.pk}", name, player.ema_number, player)
    if player.ema_number:
        return Person(f"ema:{player.ema_number}", player.name, player.ema_number, player)
    return Person(f"player:{player.pk}", player.name, "", player)
