"""An event's pages: the organiser's desk, a player's seat, the clock and the room's screen."""

from __future__ import annotations

import csv
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.access import ClubAccess, club_access, signed_in
from games.events import selectors, services
from games.events.ema import ema_results_csv, event_ema_results, event_has_ema_results
from games.events.forms import (
    ChangeForm,
    EventForm,
    ExtendForm,
    PlayersForm,
    ScheduleForm,
    SeatForm,
)
from games.events.models import Event, Round, RoundTable
from games.forms import apply_validation_error
from games.models import Membership
from games.qr import qr_svg
from games.templatetags.league import cell
from scoring.families import get_family
from scoring.families.base import shown_columns
from scoring.score_files import spreadsheet_safe

ORGANISER = Membership.Role.ORGANISER


def _event(access: ClubAccess, event_id: int) -> Event:
    return get_object_or_404(
        Event.objects.select_related("club", "season", "rule_set"), club=access.club, pk=event_id
    )


def event_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug)
    events = selectors.event_list(club_id=access.club.pk)
    context = {"access": access, "club": access.club, "events": events}
    return render(request, "events/event_list.html", context)


@login_required
def event_create(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    form = EventForm(request.POST or None, club=access.club)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(
                club=access.club,
                season=form.cleaned_data["season"],
                rule_set=form.cleaned_data["rule_set"],
                settings=form.settings(),
            )
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            return redirect("events:event", slug=slug, event_id=event.pk)
    context = {"access": access, "club": access.club, "form": form}
    return render(request, "events/event_form.html", context)


def event_detail(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    access = club_access(request, slug)
    event = _event(access, event_id)
    return _render_event(request, access, event)


def _render_event(
    request: HttpRequest, access: ClubAccess, event: Event, **extra: Any
) -> HttpResponse:
    round_ = selectors.round_current(event=event)
    context: dict[str, Any] = {
        "access": access,
        "club": access.club,
        "event": event,
        "round": round_,
        "tables": selectors.round_tables(round=round_) if round_ else [],
        "byes": selectors.round_byes(round=round_) if round_ else [],
        "mine": selectors.my_seat(event=event, user=request.user),
        "standings": selectors.event_standings(event=event),
        "family": get_family(event.rule_set.family),
        "has_ema_results": event_has_ema_results(event=event),
        "entries": event.players.select_related("player", "substitute_for__player"),
    }
    if access.can_manage:
        context.setdefault("players_form", PlayersForm(event=event))
        context.setdefault("change_form", ChangeForm(event=event))
        context.setdefault("seat_form", SeatForm(event=event))
        context.setdefault("extend_form", ExtendForm())
        context.setdefault("schedule_form", ScheduleForm())
    context.update(extra)
    return render(request, "events/event_detail.html", context)


@login_required
@require_POST
def event_players(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    event = _event(access, event_id)
    form = PlayersForm(request.POST, event=event)
    if form.is_valid():
        try:
            services.event_players_add(event=event, players=list(form.cleaned_data["players"]))
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            return redirect("events:event", slug=slug, event_id=event.pk)
    return _render_event(request, access, event, players_form=form)


@login_required
@require_POST
def event_change(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    event = _event(access, event_id)
    form = ChangeForm(request.POST, event=event)
    if form.is_valid():
        try:
            _change(event, form.cleaned_data)
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            return redirect("events:event", slug=slug, event_id=event.pk)
    return _render_event(request, access, event, change_form=form)


def _change(event: Event, data: dict[str, Any]) -> None:
    if data["substitute"] is None:
        services.event_player_drop(
            event=event, player=data["player"], from_round=data["from_round"]
        )
    else:
        services.event_player_substitute(
            event=event,
            absent=data["player"],
            substitute=data["substitute"],
            from_round=data["from_round"],
        )


@login_required
@require_POST
def round_seat(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Preview the next round's seating; publish it when the organiser says so."""
    access = club_access(request, slug, role=ORGANISER)
    event = _event(access, event_id)
    form = SeatForm(request.POST, event=event)
    preview = None
    if form.is_valid():
        choice = {
            key: form.cleaned_data[key] for key in ("method", "seed", "byes", "prescribed", "apart")
        }
        try:
            if "publish" in request.POST:
                services.round_publish(event=event, by=signed_in(request), **choice)
                messages.success(request, _("The round is published; its tables are open."))
                return redirect("events:event", slug=slug, event_id=event.pk)
            preview = services.round_seat(event=event, **choice)
        except ValidationError as error:
            apply_validation_error(form, error)
    return _render_event(request, access, event, seat_form=form, preview=preview)


@login_required
@require_POST
def event_schedule(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """Upload a prescripted schedule; every problem in it is shown at once."""
    access = club_access(request, slug, role=ORGANISER)
    event = _event(access, event_id)
    form = ScheduleForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            services.event_schedule_upload(event=event, text=form.cleaned_data["schedule"])
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            messages.success(request, _("The schedule is kept; seat each round prescripted."))
            return redirect("events:event", slug=slug, event_id=event.pk)
    return _render_event(request, access, event, schedule_form=form)


CLOCK_ACTIONS = {
    "start": services.round_clock_start,
    "pause": services.round_clock_pause,
    "finish": services.round_finish,
}


@login_required
@require_POST
def round_clock(request: HttpRequest, slug: str, event_id: int, action: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    event = _event(access, event_id)
    round_ = get_object_or_404(Round, event=event, number=event.current_round)
    try:
        if action == "extend":
            _extend(request, round_)
        elif action in CLOCK_ACTIONS:
            CLOCK_ACTIONS[action](round=round_)
        else:
            raise Http404(_("No such clock action."))
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    return redirect("events:event", slug=slug, event_id=event.pk)


def _extend(request: HttpRequest, round_: Round) -> None:
    form = ExtendForm(request.POST)
    if not form.is_valid():
        raise ValidationError(
            _("Extend by 1 to %(most)d minutes.") % {"most": services.MAX_EXTRA_MINUTES}
        )
    services.round_clock_extend(round=round_, minutes=form.cleaned_data["minutes"])


def clock_json(request: HttpRequest, slug: str, event_id: int) -> JsonResponse:
    access = club_access(request, slug)
    return _clock_answer(_event(access, event_id))


def _clock_answer(event: Event) -> JsonResponse:
    """The clock as the server reads it now: every phone and screen counts down from this."""
    round_ = selectors.round_current(event=event)
    if round_ is None:
        answer: dict[str, Any] = {"round": 0, "state": "waiting", "remaining": None}
    else:
        clock = selectors.round_clock(round=round_)
        now = timezone.now()
        answer = {
            "round": round_.number,
            "state": str(clock.state(now)),
            "remaining": clock.remaining(now),
            "warning": 60 * event.warning_minutes,
        }
    response = JsonResponse(answer)
    response["Cache-Control"] = "no-store"
    return response


def _screen_event(token: str) -> Event:
    return get_object_or_404(
        Event.objects.select_related("club", "season", "rule_set"), screen_token=token
    )


def screen(request: HttpRequest, token: str) -> HttpResponse:
    """The room's screen by its secret link: read-only, for a projector."""
    event = _screen_event(token)
    return _render_screen(request, event, reverse("events:screen_clock", args=[token]))


def screen_clock(request: HttpRequest, token: str) -> JsonResponse:
    return _clock_answer(_screen_event(token))


def club_screen(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The screen of a public club's event (or for its members) without the secret link."""
    access = club_access(request, slug)
    clock_url = reverse("events:clock", args=[slug, event_id])
    return _render_screen(request, _event(access, event_id), clock_url)


def _render_screen(request: HttpRequest, event: Event, clock_url: str) -> HttpResponse:
    round_ = selectors.round_current(event=event)
    context = {
        "event": event,
        "round": round_,
        "tables": selectors.round_tables(round=round_) if round_ else [],
        "byes": selectors.round_byes(round=round_) if round_ else [],
        "pages": _pages(selectors.event_standings(event=event)),
        "family": get_family(event.rule_set.family),
        "clock_url": clock_url,
        "page_seconds": _page_seconds(request),
    }
    return render(request, "events/screen.html", context)


SCREEN_ROWS = 16
# How long the screen shows each page: 20 s unless its link says (``?seconds=``, 2 to 120).
PAGE_SECONDS = 20


def _page_seconds(request: HttpRequest) -> int:
    asked = request.GET.get("seconds", "")
    if not (asked.isascii() and asked.isdigit() and len(asked) <= 3):
        return PAGE_SECONDS
    return min(max(int(asked), 2), 120)


def _pages(rows: list[Any]) -> list[tuple[int, list[Any]]]:
    """The standings cut into screenfuls, each with the rank of its first row."""
    return [
        (start, rows[start : start + SCREEN_ROWS]) for start in range(0, len(rows), SCREEN_ROWS)
    ]


def seating_print(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The current round's seating to print: by player, by table, and a card per table."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    round_ = get_object_or_404(Round, event=event, number=event.current_round)
    tables = selectors.round_tables(round=round_)
    by_player = sorted(
        ((seat.name, table.number, seat.wind) for table in tables for seat in table.seats),
        key=lambda entry: entry[0].casefold(),
    )
    context = {
        "access": access,
        "club": access.club,
        "event": event,
        "round": round_,
        "tables": tables,
        "by_player": by_player,
        "byes": selectors.round_byes(round=round_),
    }
    return render(request, "events/seating_print.html", context)


def table_qr(request: HttpRequest, slug: str, event_id: int, session_id: int) -> HttpResponse:
    """A QR code that opens one table's session on a phone (for the printed table card)."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    table = get_object_or_404(RoundTable, round__event=event, session_id=session_id)
    link = request.build_absolute_uri(reverse("league:session", args=[slug, table.session_id]))
    return HttpResponse(qr_svg(link), content_type="image/svg+xml")


def ranking_csv(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The event's ranking as CSV: rank, player, then the family's standings columns."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    family = get_family(event.rule_set.family)
    rows = selectors.event_standings(event=event)
    columns = shown_columns(family.standings_columns, rows)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{slugify(event.name) or "event"}-ranking.csv"'
    )
    writer = csv.writer(response)
    writer.writerow([_("Rank"), _("Player"), *(str(column.label) for column in columns)])
    for rank, row in enumerate(rows, 1):
        # A name a spreadsheet would run as a formula (=, +, -, @ first) is neutralised.
        cells = [rank, row.name, *(cell(row, column) for column in columns)]
        writer.writerow([spreadsheet_safe(value) for value in cells])
    return response


def ema_results(request: HttpRequest, slug: str, event_id: int) -> HttpResponse:
    """The event's ranking in the EMA results format, for MCR and riichi events only."""
    access = club_access(request, slug)
    event = _event(access, event_id)
    if not event_has_ema_results(event=event):
        raise Http404(_("The EMA results format is for MCR and riichi events only."))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{slugify(event.name) or "event"}-ema-results.csv"'
    )
    ema_results_csv(event_ema_results(event=event), response)
    return response
