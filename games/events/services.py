"""Every write an event makes: registering players, seating and publishing rounds, the clock.

A round's tables are core sessions started through ``games.services.session_start``, so a
table's score sheet and hand form are the ones every member knows.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games import services as core
from games.events import seating
from games.events.announce import announce_round_finished, announce_round_published
from games.events.models import Event, EventPlayer, Round, RoundBye, RoundTable
from games.events.schedule import schedule_read
from games.events.selectors import event_standings, round_seatings
from games.events.team_selectors import team_groups
from games.models import Club, Player, RuleSet, Season, Session

# How long one extension of a round may be, and how long a round may be at most.
MAX_EXTRA_MINUTES = 120
MAX_ROUND_MINUTES = 600
MAX_ROUNDS = 30


@dataclass(frozen=True)
class EventSettings:
    """What the organiser chooses when creating or editing an event."""

    name: str
    kind: str = Event.Kind.CLUB_NIGHT
    rounds: int = 4
    seating: str = Event.Seating.FEWEST_MEETINGS
    round_minutes: int = 90
    warning_minutes: int = 15
    withhold_results: bool = False
    tie_break: str = Event.TieBreak.FAMILY


def event_create(
    *, club: Club, season: Season, rule_set: RuleSet, settings: EventSettings
) -> Event:
    """A new event in registration, under a rule set of the season's family."""
    _check_settings(settings)
    if season.club_id != club.pk or rule_set.club_id != club.pk:
        raise ValidationError({"season": [_("That season or rule set belongs to another club.")]})
    if rule_set.family != season.rule_set.family:
        family = season.rule_set.get_family_display()
        raise ValidationError(
            {"rule_set": [_("This season's standings are for %(family)s.") % {"family": family}]}
        )
    return Event.objects.create(
        club=club,
        season=season,
        rule_set=rule_set,
        name=core.name_clean(settings.name),
        kind=settings.kind,
        rounds=settings.rounds,
        seating=settings.seating,
        round_minutes=settings.round_minutes,
        warning_minutes=settings.warning_minutes,
        withhold_results=settings.withhold_results,
        tie_break=settings.tie_break,
    )


def _check_settings(settings: EventSettings) -> None:
    errors: dict[str, list[str]] = {}
    if not 1 <= settings.rounds <= MAX_ROUNDS:
        errors["rounds"] = [_("An event has 1 to %(most)d rounds.") % {"most": MAX_ROUNDS}]
    if not 1 <= settings.round_minutes <= MAX_ROUND_MINUTES:
        errors["round_minutes"] = [
            _("A round lasts 1 to %(most)d minutes.") % {"most": MAX_ROUND_MINUTES}
        ]
    if settings.warning_minutes >= settings.round_minutes:
        errors["warning_minutes"] = [_("The end warning must come before the end of the round.")]
    if errors:
        raise ValidationError(errors)


def event_players_add(*, event: Event, players: Sequence[Player]) -> list[EventPlayer]:
    """Register the club's players (guests are players too) from the next round on."""
    strangers = [player.name for player in players if player.club_id != event.club_id]
    if strangers:
        raise ValidationError(
            {"players": [_("%(name)s is not a player of this club.") % {"name": strangers[0]}]}
        )
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _check_not_finished(event)
        known = set(event.players.values_list("player_id", flat=True))
        entries = [
            EventPlayer(event=event, player=player, from_round=event.current_round + 1)
            for player in players
            if player.pk not in known
        ]
        return EventPlayer.objects.bulk_create(entries)


def event_player_drop(*, event: Event, player: Player, from_round: int) -> EventPlayer:
    """The player plays no round from ``from_round`` on; rounds already published stay."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        entry = _entry(event, player)
        _check_future_round(event, from_round, player)
        entry.dropped_from = from_round
        entry.save(update_fields=["dropped_from"])
        return entry


def event_player_substitute(
    *, event: Event, absent: Player, substitute: Player, from_round: int
) -> EventPlayer:
    """``substitute`` plays in place of ``absent`` from ``from_round`` on."""
    if substitute.club_id != event.club_id:
        raise ValidationError(
            {"substitute": [_("%(name)s is not a player of this club.") % {"name": substitute}]}
        )
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        entry = _entry(event, absent)
        _check_future_round(event, from_round, absent)
        if event.players.filter(player=substitute).exists():
            raise ValidationError(
                {"substitute": [_("%(name)s is already registered.") % {"name": substitute}]}
            )
        entry.dropped_from = from_round
        entry.save(update_fields=["dropped_from"])
        return EventPlayer.objects.create(
            event=event, player=substitute, from_round=from_round, substitute_for=entry
        )


def _entry(event: Event, player: Player) -> EventPlayer:
    entry = event.players.filter(player=player).first()
    if entry is None:
        raise ValidationError(
            {"player": [_("%(name)s is not registered for this event.") % {"name": player}]}
        )
    return entry


def _check_future_round(event: Event, number: int, player: Player) -> None:
    if not event.current_round < number <= event.rounds:
        raise ValidationError(
            {
                "from_round": [
                    _("%(name)s can change from round %(first)d to %(last)d only.")
                    % {"name": player, "first": event.current_round + 1, "last": event.rounds}
                ]
            }
        )


def _check_not_finished(event: Event) -> None:
    if event.state == Event.State.FINISHED or event.current_round >= event.rounds:
        raise ValidationError(_("This event has played all its rounds."))


def event_schedule_upload(*, event: Event, text: str) -> Event:
    """Keep an uploaded prescripted schedule (replacing any earlier one) once every line
    reads: each problem is named, by line and by player name, and nothing is kept."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        names = [entry.player.name for entry in event.players.select_related("player")]
        tables, problems = schedule_read(text, rounds=event.rounds, players=names)
        published = sorted(number for number in tables if number <= event.current_round)
        problems += [
            _("Round %(round)d is already published.") % {"round": number} for number in published
        ]
        if problems:
            raise ValidationError({"schedule": problems})
        event.schedule = {
            str(number): [by_table[table] for table in sorted(by_table)]
            for number, by_table in sorted(tables.items())
        }
        event.save(update_fields=["schedule"])
        return event


@dataclass(frozen=True)
class SeatingPreview:
    """The next round's tables before they are published, with how often pairs met."""

    number: int
    seating: seating.RoundSeating[int]
    names: dict[int, str]
    repeat_pairs: int
    # Pairs of teammates at one table (None: teammates were not asked to sit apart).
    team_clashes: int | None = None

    @property
    def tables(self) -> list[list[str]]:
        return [[self.names[key] for key in table.seats] for table in self.seating.tables]

    @property
    def byes(self) -> list[str]:
        return [self.names[key] for key in self.seating.byes]


def round_seat(
    *,
    event: Event,
    method: str,
    seed: str,
    byes: bool,
    prescribed: Sequence[Sequence[str]] = (),
    apart: bool = False,
) -> SeatingPreview:
    """The next round's seating by ``method`` from ``seed``: the same every time it is asked.
    ``prescribed`` are the organiser's tables by the players' names, seats in wind order
    (the prescripted method); without them, the uploaded schedule's tables of the round.
    With ``apart``, teammates sit at different tables where the numbers allow: the event's
    teams, or the season's when the event has none."""
    if event.state not in (Event.State.REGISTRATION, Event.State.ROUND_FINISHED):
        raise ValidationError(_("Finish the current round before seating the next."))
    _check_not_finished(event)
    number = event.current_round + 1
    if method == seating.Method.PRESCRIPTED and not prescribed:
        prescribed = event.scheduled_tables(number)
    entries = [entry for entry in event.players.select_related("player") if entry.plays_in(number)]
    names = {entry.player_id: entry.player.name for entry in entries}
    earlier = round_seatings(event=event)
    standing = _standing(event, names) if method == seating.Method.SWISS else None
    groups = _teams(event) if apart else []
    try:
        seated = seating.seat_round(
            sorted(names),
            method=seating.Method(method),
            seed=seed,
            earlier=earlier,
            standing=standing,
            apart=groups,
            byes=byes,
            prescribed=_by_id(prescribed, names),
            rounds_total=event.rounds,
            name=names.__getitem__,
        )
    except seating.SeatingError as error:
        raise ValidationError(capfirst(_(error.template).format(**error.values))) from error
    except ValueError as error:
        raise ValidationError({"method": [_("Choose a seating method.")]}) from error
    clashes = seating.apart_clashes([seated], groups) if apart else None
    return SeatingPreview(number, seated, names, seating.repeat_pairs([*earlier, seated]), clashes)


def _teams(event: Event) -> list[list[int]]:
    """The groups kept apart: the event's teams, or else its season's."""
    return team_groups(season=event.season, event=event) or team_groups(season=event.season)


def _by_id(tables: Sequence[Sequence[str]], names: dict[int, str]) -> list[list[int]]:
    """The organiser's tables by player id; a name not playing this round is refused."""
    ids = {name.casefold(): key for key, name in names.items()}
    unknown = [name for table in tables for name in table if name.casefold() not in ids]
    if unknown:
        raise ValidationError(
            {"tables": [_("%(name)s does not play this round.") % {"name": unknown[0]}]}
        )
    return [[ids[name.casefold()] for name in table] for table in tables]


def _standing(event: Event, players: dict[int, str]) -> dict[int, int]:
    """Higher is better: the reverse of each player's place; who has played no hand yet
    (a substitute) ties below everyone, and the seed decides among them."""
    ranked = [row.player_id for row in event_standings(event=event)]
    place = {player_id: index for index, player_id in enumerate(ranked)}
    return {key: -place.get(key, len(ranked)) for key in players}


def round_publish(
    *,
    event: Event,
    method: str,
    seed: str,
    byes: bool,
    by: User,
    prescribed: Sequence[Sequence[str]] = (),
    apart: bool = False,
) -> Round:
    """Seat the next round as previewed and open one session per table, seats in wind order."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        preview = round_seat(
            event=event, method=method, seed=seed, byes=byes, prescribed=prescribed, apart=apart
        )
        round_ = Round.objects.create(event=event, number=preview.number, method=method, seed=seed)
        players = Player.objects.in_bulk(list(preview.names))
        today = timezone.localdate()
        for number, table in enumerate(preview.seating.tables, 1):
            session = core.session_start(
                season=event.season,
                played_on=today,
                players=[players[key] for key in table.seats],
                by=by,
                rule_set=event.rule_set,
            )
            RoundTable.objects.create(round=round_, number=number, session=session)
        RoundBye.objects.bulk_create(
            RoundBye(round=round_, player=players[key]) for key in preview.seating.byes
        )
        event.current_round = preview.number
        event.state = Event.State.SEATED
        event.save(update_fields=["current_round", "state"])
        announce_round_published(round_)
        return round_


def _locked_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("event").get(pk=round_.pk)


def round_clock_start(*, round: Round, now: dt.datetime | None = None) -> Round:
    """Start the clock (or resume it after a pause)."""
    now = now or timezone.now()
    with transaction.atomic():
        round_ = _locked_round(round)
        if round_.state == Round.State.FINISHED:
            raise ValidationError(_("This round has finished."))
        if round_.started_at is not None and round_.paused_at is None:
            return round_  # already running: a second tap changes nothing
        round_.started_at, round_.paused_at = now, None
        round_.state = Round.State.PLAYING
        round_.save(update_fields=["started_at", "paused_at", "state"])
        Event.objects.filter(pk=round_.event_id).update(state=Event.State.PLAYING)
        return round_


def round_clock_pause(*, round: Round, now: dt.datetime | None = None) -> Round:
    """Stop the clock where it stands; starting it again goes on from there."""
    now = now or timezone.now()
    with transaction.atomic():
        round_ = _locked_round(round)
        if round_.started_at is None or round_.paused_at is not None:
            return round_
        round_.run_seconds += int((now - round_.started_at).total_seconds())
        round_.paused_at = now
        round_.save(update_fields=["run_seconds", "paused_at"])
        return round_


def round_clock_extend(*, round: Round, minutes: int) -> Round:
    """Give the round ``minutes`` more (a dispute, a late start)."""
    if not 1 <= minutes <= MAX_EXTRA_MINUTES:
        raise ValidationError(
            {"minutes": [_("Extend by 1 to %(most)d minutes.") % {"most": MAX_EXTRA_MINUTES}]}
        )
    with transaction.atomic():
        round_ = _locked_round(round)
        if round_.state == Round.State.FINISHED:
            raise ValidationError(_("This round has finished."))
        if round_.extra_minutes + minutes > MAX_EXTRA_MINUTES:
            raise ValidationError(
                {
                    "minutes": [
                        _("A round may be extended by %(most)d minutes in all.")
                        % {"most": MAX_EXTRA_MINUTES}
                    ]
                }
            )
        round_.extra_minutes += minutes
        round_.save(update_fields=["extra_minutes"])
        return round_


def round_finish(*, round: Round, now: dt.datetime | None = None) -> Round:
    """End the round: its clock stops, its tables' sessions close, the next can be seated."""
    round_clock_pause(round=round, now=now)
    with transaction.atomic():
        round_ = _locked_round(round)
        for table in round_.tables.select_related("session"):
            if table.session.is_open:
                core.session_set_status(session=table.session, status=Session.Status.CLOSED)
        round_.state = Round.State.FINISHED
        round_.save(update_fields=["state"])
        event = round_.event
        last = round_.number >= event.rounds
        event.state = Event.State.FINISHED if last else Event.State.ROUND_FINISHED
        event.save(update_fields=["state"])
        announce_round_finished(round_)
        return round_
