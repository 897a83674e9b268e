"""Events over the API: events, their rounds with the clock, a round's seating and the event
standings (reads carry an ETag), and the organiser's writes, each through the events
services (``games.events.services``), never the ORM."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.access import signed_in
from games.api.common import page_response, parse
from games.api.filters import EventFilter, filter_parameters, filtered
from games.api.pagination import page_of
from games.api.permissions import ORGANISER, access_to
from games.api.standings import standings_row, standings_serializer
from games.api.stats import NOT_MODIFIED, conditional
from games.events import schedule, selectors, services
from games.events.clock import ClockState
from games.events.ema import event_ema_results
from games.events.models import Event, Round
from games.events.services import MAX_EXTRA_MINUTES, MAX_ROUND_MINUTES, MAX_ROUNDS
from games.models import Player, RuleSet, Season
from scoring.families import get_family

LARGEST_ID = 2**62
MAX_REGISTRATIONS = 500
MAX_TABLES = 100
TAGS = ["events"]


def conditional_body(request: Request, data: Any) -> HttpResponseBase:
    """``data`` with an ETag of its content; 304 when If-None-Match names it. An event's
    reads are small, so their content is their version (no counter to keep in step)."""
    return conditional(
        request, json.dumps(data, cls=DjangoJSONEncoder, sort_keys=True), lambda: data
    )


def get_event(request: Request, event_id: int, *, role: str | None = None) -> Event:
    """An event of a club the caller may read (404 otherwise), at ``role`` or above (403)."""
    event = get_object_or_404(
        Event.objects.select_related("club", "season", "rule_set"), pk=event_id
    )
    access_to(request, event.club, role=role)
    return event


def get_round(event: Event, number: int) -> Round:
    return get_object_or_404(event.round_set.select_related("event"), number=number)


# Reads


class EventSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.SlugField(source="club.slug")
    season = serializers.IntegerField(source="season_id")
    rule_set = serializers.IntegerField(source="rule_set_id")
    family = serializers.CharField(source="rule_set.family")
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=Event.Kind.choices)
    rounds = serializers.IntegerField()
    state = serializers.ChoiceField(choices=Event.State.choices)
    current_round = serializers.IntegerField(help_text="The round the state speaks of; 0 before.")
    seating = serializers.ChoiceField(choices=Event.Seating.choices)
    round_minutes = serializers.IntegerField()
    warning_minutes = serializers.IntegerField()
    withhold_results = serializers.BooleanField()
    tie_break = serializers.ChoiceField(choices=Event.TieBreak.choices)
    created_at = serializers.DateTimeField()


class EventEntrySerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    from_round = serializers.IntegerField()
    dropped_from = serializers.IntegerField(allow_null=True)


class EventDetailSerializer(EventSerializer):
    players = EventEntrySerializer(many=True, help_text="Registered players, by name.")


class EventListApi(APIView):
    @extend_schema(
        operation_id="events_list",
        tags=TAGS,
        summary="Events of the clubs you may read, newest first",
        parameters=filter_parameters(EventFilter),
        responses=page_of(EventSerializer),
    )
    def get(self, request: Request) -> Response:
        events = filtered(EventFilter, request, Event.objects.select_related("club", "rule_set"))
        return page_response(request, events, ("-id",), EventSerializer)


def event_body(event: Event) -> Any:
    entries = event.players.select_related("player")
    return {**EventSerializer(event).data, "players": EventEntrySerializer(entries, many=True).data}


class EventDetailApi(APIView):
    @extend_schema(
        operation_id="events_retrieve",
        tags=TAGS,
        responses={200: EventDetailSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int) -> HttpResponseBase:
        return conditional_body(request, event_body(get_event(request, event_id)))


class RoundClockSerializer(serializers.Serializer[Any]):
    state = serializers.ChoiceField(choices=[(state.value, state.value) for state in ClockState])
    remaining_seconds = serializers.IntegerField(help_text="At server_time; never below 0.")
    minutes = serializers.IntegerField(help_text="The round's length, extensions included.")
    warning_minutes = serializers.IntegerField()
    server_time = serializers.DateTimeField(help_text="When the clock was read.")


class EventRoundSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    state = serializers.ChoiceField(choices=Round.State.choices)
    method = serializers.ChoiceField(choices=Event.Seating.choices)
    seed = serializers.CharField()
    published_at = serializers.DateTimeField()
    clock = RoundClockSerializer()


def round_body(round_: Round) -> Any:
    now = timezone.now().replace(microsecond=0)
    clock = selectors.round_clock(round=round_)
    reading = {
        "state": str(clock.state(now)),
        "remaining_seconds": clock.remaining(now),
        "minutes": clock.minutes + clock.extra_minutes,
        "warning_minutes": clock.warning_minutes,
        "server_time": now,
    }
    return EventRoundSerializer({**vars(round_), "clock": reading}).data


class RoundListApi(APIView):
    @extend_schema(
        operation_id="events_rounds",
        tags=TAGS,
        summary="An event's published rounds with their state and clock",
        responses={200: EventRoundSerializer(many=True), 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int) -> HttpResponseBase:
        event = get_event(request, event_id)
        rounds = event.round_set.select_related("event").order_by("number")
        return conditional_body(request, [round_body(round_) for round_ in rounds])


class EventSeatSerializer(serializers.Serializer[Any]):
    wind = serializers.ChoiceField(choices=[(wind, wind) for wind in selectors.WINDS])
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()


class EventTableSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    session = serializers.IntegerField(source="session.pk", help_text="The table's session.")
    finished = serializers.BooleanField()
    seats = EventSeatSerializer(many=True, help_text="In wind order: East, South, West, North.")


class RoundSeatingSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    tables = EventTableSerializer(many=True)
    byes = serializers.ListField(child=serializers.CharField(), help_text="Who sits out.")


def seating_body(round_: Round) -> Any:
    data = {
        "round": round_.number,
        "tables": selectors.round_tables(round=round_),
        "byes": selectors.round_byes(round=round_),
    }
    return RoundSeatingSerializer(data).data


class RoundSeatingApi(APIView):
    @extend_schema(
        operation_id="events_round_seating",
        tags=TAGS,
        summary="A published round's tables, seats in wind order, and byes",
        responses={200: RoundSeatingSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int, number: int) -> HttpResponseBase:
        round_ = get_round(get_event(request, event_id), number)
        return conditional_body(request, seating_body(round_))


class ScheduleSerializer(serializers.Serializer[Any]):
    rounds = serializers.DictField(
        child=serializers.ListField(child=serializers.ListField(child=serializers.CharField())),
        help_text="Round number → its tables in order, each the players' names East first.",
    )


class ScheduleInput(serializers.Serializer[Any]):
    schedule = serializers.CharField(
        max_length=schedule.MAX_BYTES,
        trim_whitespace=False,
        help_text="One table per line: round,table,east,south,west,north (as the event page's "
        "file; a first line of column names is skipped).",
    )


class EventScheduleApi(APIView):
    @extend_schema(
        operation_id="events_schedule",
        tags=TAGS,
        summary="The uploaded prescripted schedule (organisers)",
        responses={200: ScheduleSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int) -> HttpResponseBase:
        event = get_event(request, event_id, role=ORGANISER)
        return conditional_body(request, {"rounds": event.schedule})


class EventScheduleUploadApi(APIView):
    @extend_schema(
        operation_id="events_schedule_upload",
        tags=TAGS,
        summary="Upload a prescripted schedule, replacing any earlier one (organisers)",
        description="Every line is checked before anything is kept; each problem is named by "
        "line and player name. Rounds already published are refused.",
        request=ScheduleInput,
        responses={200: ScheduleSerializer},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = get_event(request, event_id, role=ORGANISER)
        text = parse(ScheduleInput, request.data)["schedule"]
        event = services.event_schedule_upload(event=event, text=text)
        return Response({"rounds": event.schedule})


class EventStandingsSerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField()
    family = serializers.CharField()
    columns = serializers.ListField(
        child=serializers.CharField(),
        help_text="The row fields this family's standings show, in the order to show them.",
    )
    rows = serializers.ListField(
        child=serializers.DictField(),
        help_text="rank, player, name, then the family's columns (as a season's standings).",
    )


class EventStandingsApi(APIView):
    @extend_schema(
        operation_id="events_standings",
        tags=TAGS,
        summary="The event's standings in its family's terms, with its tie-break",
        responses={200: EventStandingsSerializer, 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int) -> HttpResponseBase:
        event = get_event(request, event_id)
        family = get_family(event.rule_set.family)
        rows = selectors.event_standings(event=event)
        # Each row as a season's: the family's fields, figures as exact text (a raw ratio is
        # a Fraction, which JSON cannot hold).
        as_rows = standings_serializer(family.key)().fields["rows"]
        data = {
            "event": event.pk,
            "family": family.key,
            "columns": [column.field for column in family.standings_columns],
            "rows": as_rows.to_representation(
                [standings_row(rank, row, family) for rank, row in enumerate(rows, 1)]
            ),
        }
        return conditional_body(request, EventStandingsSerializer(data).data)


class EmaRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    name = serializers.CharField()
    ema_number = serializers.CharField(help_text="8 digits; empty when the player has none.")
    points = serializers.CharField(help_text="MCR: table points; riichi: placement points.")
    score = serializers.CharField(help_text="The points won at the tables.")


class EventEmaResultsApi(APIView):
    @extend_schema(
        operation_id="events_ema_results",
        tags=TAGS,
        summary="The ranking in the EMA results format (MCR and riichi events)",
        responses={200: EmaRowSerializer(many=True), 304: NOT_MODIFIED},
    )
    def get(self, request: Request, event_id: int) -> HttpResponseBase:
        rows = event_ema_results(event=get_event(request, event_id))
        return conditional_body(request, EmaRowSerializer(rows, many=True).data)


# Writes (organisers)


def _id() -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=LARGEST_ID)


class EventCreateInput(serializers.Serializer[Any]):
    club = serializers.SlugField(max_length=50)
    season = _id()
    rule_set = serializers.IntegerField(
        min_value=1, max_value=LARGEST_ID, required=False, help_text="Defaults to the season's."
    )
    name = serializers.CharField(max_length=80)
    kind = serializers.ChoiceField(choices=Event.Kind.choices, default=Event.Kind.CLUB_NIGHT)
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS, default=4)
    seating = serializers.ChoiceField(
        choices=Event.Seating.choices, default=Event.Seating.FEWEST_MEETINGS
    )
    round_minutes = serializers.IntegerField(min_value=1, max_value=MAX_ROUND_MINUTES, default=90)
    warning_minutes = serializers.IntegerField(min_value=0, max_value=MAX_ROUND_MINUTES, default=15)
    withhold_results = serializers.BooleanField(default=False)
    tie_break = serializers.ChoiceField(choices=Event.TieBreak.choices, default="family")


def _of_club(rows: QuerySet[Any], pk: int, club_id: int, field: str) -> Any:
    found = rows.filter(pk=pk, club_id=club_id).first()
    if found is None:
        raise serializers.ValidationError(
            {field: [_("No %(field)s %(pk)s in this club.") % {"field": field, "pk": pk}]}
        )
    return found


class EventCreateApi(APIView):
    @extend_schema(
        operation_id="events_create",
        tags=TAGS,
        summary="Create an event in registration (organisers)",
        request=EventCreateInput,
        responses={201: EventDetailSerializer},
    )
    def post(self, request: Request) -> Response:
        data = parse(EventCreateInput, request.data)
        club = access_to(request, data.pop("club"), role=ORGANISER).club
        season = _of_club(Season.objects.all(), data.pop("season"), club.pk, "season")
        rule_set_id = data.pop("rule_set", season.rule_set_id)
        rule_set = _of_club(RuleSet.objects.all(), rule_set_id, club.pk, "rule_set")
        settings = services.EventSettings(**data)
        event = services.event_create(
            club=club, season=season, rule_set=rule_set, settings=settings
        )
        return Response(event_body(event), status=status.HTTP_201_CREATED)


class PlayersInput(serializers.Serializer[Any]):
    players = serializers.ListField(
        child=_id(),
        min_length=1,
        max_length=MAX_REGISTRATIONS,
        help_text="Ids of the club's players to register (already registered ones are kept).",
    )


class EventPlayersAddApi(APIView):
    @extend_schema(
        operation_id="events_players_add",
        tags=TAGS,
        summary="Register players from the next round on (organisers)",
        request=PlayersInput,
        responses={200: EventDetailSerializer},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = get_event(request, event_id, role=ORGANISER)
        wanted = parse(PlayersInput, request.data)["players"]
        found = Player.objects.filter(club_id=event.club_id).in_bulk(wanted)
        missing = [pk for pk in wanted if pk not in found]
        if missing:
            raise serializers.ValidationError(
                {"players": [_("No player %(pk)s in this club.") % {"pk": missing[0]}]}
            )
        services.event_players_add(event=event, players=list(found.values()))
        return Response(event_body(event))


class SeatInput(serializers.Serializer[Any]):
    method = serializers.ChoiceField(choices=Event.Seating.choices)
    seed = serializers.CharField(max_length=40, help_text="The same seed gives the same seating.")
    byes = serializers.BooleanField(
        default=False, help_text="Seat whole tables and give the rest byes."
    )
    tables = serializers.ListField(
        child=serializers.ListField(
            child=serializers.CharField(max_length=80), min_length=4, max_length=4
        ),
        max_length=MAX_TABLES,
        default=list,
        help_text="Prescripted only: each table's players by name, East first.",
    )
    apart = serializers.BooleanField(
        default=False,
        help_text="Keep teammates apart: the event's teams, or the season's when it has none.",
    )


class SeatingPreviewSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(source="number")
    tables = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Each table's players by name, East first.",
    )
    byes = serializers.ListField(child=serializers.CharField())
    repeat_pairs = serializers.IntegerField(help_text="Pairs that meet more than once so far.")
    team_clashes = serializers.IntegerField(
        allow_null=True,
        help_text="Pairs of teammates at one table; null unless teammates were kept apart.",
    )


def _seat_args(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "method": data["method"],
        "seed": data["seed"],
        "byes": data["byes"],
        "prescribed": data["tables"],
        "apart": data["apart"],
    }


class RoundPreviewApi(APIView):
    writes = False  # it seats nothing: the same request publishes it

    @extend_schema(
        operation_id="events_seating_preview",
        tags=TAGS,
        summary="Preview the next round's seating by a method and seed (organisers)",
        request=SeatInput,
        responses={200: SeatingPreviewSerializer},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = get_event(request, event_id, role=ORGANISER)
        preview = services.round_seat(event=event, **_seat_args(parse(SeatInput, request.data)))
        return Response(SeatingPreviewSerializer(preview).data)


class RoundPublishApi(APIView):
    @extend_schema(
        operation_id="events_round_publish",
        tags=TAGS,
        summary="Publish the next round as previewed: one session per table (organisers)",
        request=SeatInput,
        responses={201: RoundSeatingSerializer},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = get_event(request, event_id, role=ORGANISER)
        args = _seat_args(parse(SeatInput, request.data))
        round_ = services.round_publish(event=event, by=signed_in(request), **args)
        return Response(seating_body(round_), status=status.HTTP_201_CREATED)


class RoundActionApi(APIView):
    """One change of a published round (organisers); answers the round with its clock."""

    def act(self, request: Request, event_id: int, number: int) -> Response:
        round_ = get_round(get_event(request, event_id, role=ORGANISER), number)
        return Response(round_body(self.change(request, round_)))

    def change(self, request: Request, round_: Round) -> Round:
        raise NotImplementedError


Post = TypeVar("Post", bound=Callable[..., Response])


def _round_action(operation: str, summary: str, request: Any = None) -> Callable[[Post], Post]:
    return extend_schema(
        operation_id=f"events_round_{operation}",
        tags=TAGS,
        summary=summary,
        request=request,
        responses={200: EventRoundSerializer},
    )


class RoundStartApi(RoundActionApi):
    @_round_action("start", "Start the round's clock, or resume it after a pause")
    def post(self, request: Request, event_id: int, number: int) -> Response:
        return self.act(request, event_id, number)

    def change(self, request: Request, round_: Round) -> Round:
        return services.round_clock_start(round=round_)


class RoundResumeApi(RoundStartApi):
    """Starting a paused clock again: the same change as a start, its own operation."""

    @_round_action("resume", "Resume the round's clock from where it was paused")
    def post(self, request: Request, event_id: int, number: int) -> Response:
        return self.act(request, event_id, number)


class RoundPauseApi(RoundActionApi):
    @_round_action("pause", "Pause the round's clock where it stands")
    def post(self, request: Request, event_id: int, number: int) -> Response:
        return self.act(request, event_id, number)

    def change(self, request: Request, round_: Round) -> Round:
        return services.round_clock_pause(round=round_)


class ExtendInput(serializers.Serializer[Any]):
    minutes = serializers.IntegerField(min_value=1, max_value=MAX_EXTRA_MINUTES)


class RoundExtendApi(RoundActionApi):
    @_round_action("extend", "Give the round more minutes", ExtendInput)
    def post(self, request: Request, event_id: int, number: int) -> Response:
        return self.act(request, event_id, number)

    def change(self, request: Request, round_: Round) -> Round:
        minutes = parse(ExtendInput, request.data)["minutes"]
        return services.round_clock_extend(round=round_, minutes=minutes)


class RoundFinishApi(RoundActionApi):
    @_round_action("finish", "Finish the round: the clock stops and its tables close")
    def post(self, request: Request, event_id: int, number: int) -> Response:
        return self.act(request, event_id, number)

    def change(self, request: Request, round_: Round) -> Round:
        return services.round_finish(round=round_)
