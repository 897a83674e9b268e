"""Recording, previewing, amending and deleting hands."""

from __future__ import annotations

import math
import uuid
from functools import cached_property
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Prefetch, prefetch_related_objects
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import selectors, services
from games.access import ClubAccess, club_access, signed_in
from games.forms import HandChangeForm, HandMetaForm, apply_validation_error
from games.models import Hand, Membership, Seat, Session
from games.templatetags.league import points
from games.views.sessions import get_session
from scoring.chinese import with_pattern_labels
from scoring.families import EngineError, Family, SeatResult, get_family
from scoring.forms import HandInputForm
from scoring.parameters import whole_number_parameter

MEMBER = Membership.Role.MEMBER


class Table:
    """A session as one request to a hand page reads it: what several parts of the page ask
    for (the family, the seat names, the next hand's place) is read once."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @cached_property
    def family(self) -> Family:
        return get_family(self.session.rule_set_version.rule_set.family)

    @cached_property
    def names(self) -> list[str]:
        # Kept on the session, where the services' seat checks read them (a preview's too).
        seats = Seat.objects.select_related("player").order_by("position")
        prefetch_related_objects([self.session], Prefetch("seats", queryset=seats))
        return [seat.player.name for seat in self.session.seats.all()]

    @cached_property
    def now(self) -> selectors.TableNow:
        """Where the game stands before the next hand, and the running totals."""
        return selectors.session_table_now(session=self.session, names=self.names)

    @cached_property
    def next_place(self) -> int:
        """The place in the game of the session's next hand (from the table when it is read
        already: a form shown with it costs no count of its own)."""
        if "now" in self.__dict__:
            return self.now.place
        return selectors.hand_place(session=self.session)


def _hand_form(
    table: Table, data: Any = None, initial: Any = None, number: int | None = None
) -> HandInputForm:
    """The family's hand form for hand ``number`` (by default the next one)."""
    if number is None:
        return _form_at(
            table, table.session.rule_set_version.params, table.next_place, data, initial
        )
    # A recorded hand is entered again under the rules it was scored with.
    params = selectors.hand_rule_set_version(session=table.session, number=number).params
    place = selectors.hand_place(session=table.session, number=number)
    return _form_at(table, params, place, data, initial)


def _form_at(
    table: Table, params: dict[str, Any], place: int, data: Any = None, initial: Any = None
) -> HandInputForm:
    """The family's hand form for the hand at ``place``, under ``params``; where the family
    fixes the winds of the hand's place in the game, they are filled in."""
    context = table.family.hand_context(place, params)
    initial = dict(initial or {})
    if context:
        initial.setdefault("prevailing_wind", context["prevailing_wind"])
    form: HandInputForm = table.family.hand_form(
        data, params=params, seat_names=table.names, initial=initial
    )
    form.context = context
    return form


def _show_error(form: HandInputForm, error: ValidationError) -> None:
    apply_validation_error(form, error, form.form_field_for)


def _show_change_error(form: HandInputForm, change: HandChangeForm, error: ValidationError) -> None:
    """A missing reason goes beside the reason; everything else on the hand form, once."""
    if hasattr(error, "error_dict") and "reason" in error.error_dict:
        change.add_error("reason", error.error_dict["reason"])
        return
    _show_error(form, error)


def _preview_rows(form: HandInputForm, results: list[SeatResult]) -> list[tuple[str, Any]]:
    return list(zip(form.seat_names, [result.points for result in results], strict=True))


@login_required
def hand_new(request: HttpRequest, slug: str, session_id: int) -> HttpResponse:
    access = club_access(request, slug, role=MEMBER)
    session = get_session(access.club.pk, session_id)
    if request.method != "POST" and not session.is_open:
        messages.error(request, _("This session is closed; an organiser must reopen it first."))
        return redirect("league:session", slug=slug, session_id=session.pk)
    if request.method != "POST" and (ended := selectors.session_chombo_ending(session=session)):
        messages.error(request, ended)
        return redirect("league:session", slug=slug, session_id=session.pk)
    table = Table(session)
    if request.method != "POST":
        table.now  # noqa: B018 - read first: the form's place comes from it
        form = _hand_form(table)
        meta = HandMetaForm(initial={"client_id": uuid.uuid4(), "expected": table.next_place})
        saved = _just_saved(request, table)
        return _render_new(request, access, table, form, meta, None, saved=saved)
    form, meta = _hand_form(table, request.POST), HandMetaForm(request.POST)
    if not (form.is_valid() and meta.is_valid()):
        return _refused(request, _render_new(request, access, table, form, meta, None))
    if request.POST.get("action") != "preview" and (
        clash := _recorded_since(request, session, meta)
    ):
        return _refused(request, _render_clash(request, access, table, form, meta, clash))
    try:
        if request.POST.get("action") == "preview":
            results, evaluation = services.hand_preview(
                session=session, hand_input=form.hand_input()
            )
            preview = _preview_rows(form, results)
            return _render_new(request, access, table, form, meta, preview, evaluation)
        hand, created = services.hand_record(
            session=session,
            hand_input=form.hand_input(),
            client_id=meta.cleaned_data["client_id"],
            by=signed_in(request),
        )
    except ValidationError as error:
        _show_error(form, error)
        return _refused(request, _render_new(request, access, table, form, meta, None))
    target = _after_saving(request, slug, table, hand, created)
    if request.headers.get("X-Outbox"):
        # The page's own sender (static/js/offline-queue.js) follows this itself.
        return JsonResponse({"saved": True, "created": created, "redirect": target})
    return redirect(target)


def _after_saving(request: HttpRequest, slug: str, table: Table, hand: Hand, created: bool) -> str:
    """Where a saved hand leads: a fresh form for the next hand, saying the hand was saved
    (with Undo), while the session takes more hands; else the hand on the score sheet."""
    session = table.session
    on_sheet = reverse("league:session", args=[slug, session.pk]) + f"#hand-{hand.number}"
    place = selectors.hand_place(session=session, number=hand.number)
    if not created:
        messages.success(
            request,
            _("Hand %(place)s was already recorded; it is shown here once.") % {"place": place},
        )
        return on_sheet
    if not _takes_more_hands(table):
        messages.success(request, _("Hand %(place)s recorded.") % {"place": place})
        return on_sheet
    return reverse("league:hand_new", args=[slug, session.pk]) + f"?saved={hand.pk}"


def _takes_more_hands(table: Table) -> bool:
    """Whether the session has room for another hand (not closed, not a finished game)."""
    session, family = table.session, table.family
    if not session.is_open or selectors.session_chombo_ending(session=session):
        return False
    limit = family.hands_per_session
    if not (family.keeps_table or limit):
        return True  # nothing but closing the session ends it: no need to read the sheet
    sheet = selectors.session_sheet(session=session)
    return not sheet.over and not (limit and len(sheet.rows) >= limit)


def _just_saved(request: HttpRequest, table: Table) -> dict[str, Any] | None:
    """The hand this member saved just before the form opened again (``?saved=``), with
    what it was and who gained: "Bo wins 5 faan off Chi (打出)", "Bo +320"."""
    hand_id = whole_number_parameter(request.GET.get("saved"))
    if hand_id is None:
        return None
    session = table.session
    hand = (
        session.hands.filter(pk=hand_id, deleted_at=None, recorded_by_id=signed_in(request).pk)
        .select_related("rule_set_version")
        .first()
    )
    if hand is None:
        return None
    age = timezone.now() - hand.recorded_at
    # The whole seconds Undo is still offered for (0: no longer), counted down on the page.
    left = services.hands.UNDO_SECONDS - age.total_seconds()
    changes = hand.scores.order_by("seat").values_list("points", flat=True)
    return {
        "hand": hand,
        "place": selectors.hand_place(session=session, number=hand.number),
        "undo_seconds": max(0, math.floor(left)),
        "description": _description(table.family, hand, table.names),
        "gains": [
            (name, change) for name, change in zip(table.names, changes, strict=False) if change > 0
        ],
    }


@login_required
@require_POST
def hand_undo(request: HttpRequest, slug: str, hand_id: int) -> HttpResponse:
    access = club_access(request, slug, role=MEMBER)
    hand = _get_hand(access, hand_id)
    place = hand.place
    try:
        services.hand_undo(hand=hand, by=signed_in(request))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("league:session", slug=slug, session_id=hand.session_id)
    messages.success(request, _("Hand %(place)s undone.") % {"place": place})
    return redirect("league:hand_new", slug=slug, session_id=hand.session_id)


def _recorded_since(request: HttpRequest, session: Session, meta: HandMetaForm) -> list[Hand]:
    """The hands someone else recorded at or after the place this form was opened for.

    None when the member has seen them and chose to record another hand, when this entry is
    already recorded (a retry), or when the phone's outbox sends a hand kept while offline
    (``X-Outbox-Retry``: nobody is there to be asked; it is recorded as entered)."""
    expected = meta.cleaned_data.get("expected")
    if not expected or meta.cleaned_data.get("another") or request.headers.get("X-Outbox-Retry"):
        return []
    if session.hands.filter(client_id=meta.cleaned_data["client_id"]).exists():
        return []
    member = signed_in(request).pk
    recorded = selectors.hands_from_place(session=session, place=expected)
    return [hand for hand in recorded if hand.recorded_by_id != member]


def _render_clash(
    request: HttpRequest,
    access: ClubAccess,
    table: Table,
    form: HandInputForm,
    meta: HandMetaForm,
    clash: list[Hand],
) -> HttpResponse:
    """The form again, with the hands recorded meanwhile, asking before recording another."""
    recorded = [
        (hand.place, hand.recorded_by, _description(table.family, hand, table.names))
        for hand in clash
    ]
    data = request.POST.copy()
    data["expected"] = str(table.next_place)
    data["another"] = "1"
    meta = HandMetaForm(data)
    meta.is_valid()
    page = _render_new(request, access, table, form, meta, None, recorded=recorded)
    return page


def _description(family: Family, hand: Hand, names: list[str]) -> str:
    try:
        return family.describe_hand(
            hand.input, names, hand.evaluation, hand.rule_set_version.params
        )
    except (EngineError, KeyError, IndexError, TypeError, ValueError):
        return _("a hand that cannot be described")


def _refused(request: HttpRequest, page: HttpResponse) -> HttpResponse:
    """The form with its errors; to the phone's outbox (static/js/offline-queue.js) also a 400
    marked as the hand's own refusal, the one answer that may drop a hand kept on the phone."""
    if request.headers.get("X-Outbox"):
        page.status_code = 400
        page["X-Hand-Refused"] = "1"
    return page


def _render_new(
    request: HttpRequest,
    access: ClubAccess,
    table: Table,
    form: HandInputForm,
    meta: HandMetaForm,
    preview: list[tuple[str, Any]] | None,
    evaluation: dict[str, Any] | None = None,
    *,
    recorded: list[tuple[int, Any, str]] | None = None,
    saved: dict[str, Any] | None = None,
) -> HttpResponse:
    context = {
        "access": access,
        "club": access.club,
        "session": table.session,
        "now": table.now,
        "form": form,
        "meta": meta,
        "preview": preview,
        "evaluation": evaluation,
        "recorded": recorded,
        "saved": saved,
    }
    return render(request, "games/hand_new.html", context)


@login_required
@require_POST
def hand_preview(request: HttpRequest, slug: str, session_id: int) -> JsonResponse:
    """The payments a hand would get, for the form's live preview."""
    access = club_access(request, slug, role=MEMBER)
    session = get_session(access.club.pk, session_id)
    table = Table(session)
    form = _hand_form(table, request.POST, number=_amending(request))
    if form.is_valid():
        try:
            results, evaluation = services.hand_preview(
                session=session, hand_input=form.hand_input(), at_number=_amending(request)
            )
        except ValidationError as error:
            _show_error(form, error)
        else:
            rows = [{"name": n, "points": points(p)} for n, p in _preview_rows(form, results)]
            # The unit of the hand's value as the family counts it (faan, fan, points, …).
            unit = table.family.value_label
            body = {
                "ok": True,
                "rows": rows,
                "evaluation": with_pattern_labels(evaluation),
                "unit": unit,
            }
            return JsonResponse(body)
    errors = {name: [str(e) for e in errs] for name, errs in form.errors.items()}
    return JsonResponse({"ok": False, "errors": errors})


def _amending(request: HttpRequest) -> int | None:
    """The number of the hand an amend form previews (its position decides a sequential
    family's scores); ``None`` for a new hand."""
    return whole_number_parameter(request.POST.get("amending"))


def _get_hand(access: ClubAccess, hand_id: int) -> Hand:
    queryset = selectors.with_places(
        Hand.objects.select_related(
            "session__rule_set_version__rule_set", "session__season", "rule_set_version"
        )
    )
    return get_object_or_404(queryset, session__club=access.club, pk=hand_id, deleted_at=None)


@login_required
def hand_edit(request: HttpRequest, slug: str, hand_id: int) -> HttpResponse:
    access = club_access(request, slug, role=MEMBER)
    hand = _get_hand(access, hand_id)
    table = Table(hand.session)
    initial = table.family.hand_form.initial_from_input(hand.input)
    # The hand is entered again under the rules it was scored with, at its place in the game.
    form = _form_at(table, _params(hand), hand.place, request.POST or None, initial)
    change = HandChangeForm(request.POST or None, initial={"version": hand.version})
    stale: Hand | None = None
    if request.method == "POST" and form.is_valid() and change.is_valid():
        try:
            services.hand_amend(
                hand=hand,
                hand_input=form.hand_input(),
                expected_version=change.cleaned_data["version"],
                reason=change.cleaned_data["reason"],
                by=signed_in(request),
            )
        except services.StaleHand as error:
            stale = error.current
            reason = change.cleaned_data["reason"]
            change = HandChangeForm(initial={"version": stale.version, "reason": reason})
        except ValidationError as error:
            _show_change_error(form, change, error)
        else:
            messages.success(request, _("Hand %(place)s amended.") % {"place": hand.place})
            return redirect(
                reverse("league:session", args=[slug, hand.session_id]) + f"#hand-{hand.number}"
            )
    context = {
        "access": access,
        "club": access.club,
        "session": hand.session,
        "hand": hand,
        "form": form,
        "change": change,
        "stale": stale,
        "stale_description": (
            table.family.describe_hand(stale.input, table.names, stale.evaluation, _params(hand))
            if stale
            else None
        ),
    }
    return render(request, "games/hand_edit.html", context)


@login_required
def hand_delete(request: HttpRequest, slug: str, hand_id: int) -> HttpResponse:
    access = club_access(request, slug, role=MEMBER)
    hand = _get_hand(access, hand_id)
    table = Table(hand.session)
    change = HandChangeForm(request.POST or None, initial={"version": hand.version})
    if request.method == "POST" and change.is_valid():
        try:
            services.hand_delete(
                hand=hand,
                expected_version=change.cleaned_data["version"],
                reason=change.cleaned_data["reason"],
                by=signed_in(request),
            )
        except ValidationError as error:
            apply_validation_error(change, error, lambda name: name if name == "reason" else None)
        else:
            messages.success(request, _("Hand %(place)s deleted.") % {"place": hand.place})
            return redirect("league:session", slug=slug, session_id=hand.session_id)
    context = {
        "access": access,
        "club": access.club,
        "session": hand.session,
        "hand": hand,
        "description": table.family.describe_hand(
            hand.input, table.names, hand.evaluation, _params(hand)
        ),
        "change": change,
    }
    return render(request, "games/hand_delete.html", context)


def _params(hand: Hand) -> dict[str, Any]:
    """The rule-set parameters the hand was scored under."""
    params: dict[str, Any] = hand.rule_set_version.params
    return params
