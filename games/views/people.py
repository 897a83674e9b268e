"""Players, members, invitations and accounts made by organisers."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import selectors, services
from games.access import club_access, signed_in
from games.forms import (
    InvitationForm,
    MemberAccountForm,
    PlayerAliasForm,
    PlayerEditForm,
    PlayerForm,
    SignUpForm,
    apply_validation_error,
)
from games.models import Invitation, Membership, Player
from games.player_parts import player_parts
from games.qr import qr_svg
from games.views.player_pages import hands_page, sessions_page
from scoring.families import get_family

ORGANISER = Membership.Role.ORGANISER


def player_list(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug)
    form = PlayerForm()
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('league:login')}?next={request.path}")
        access = club_access(request, slug, role=ORGANISER)
        form = PlayerForm(request.POST)
        if form.is_valid():
            try:
                player = services.player_create(club=access.club, name=form.cleaned_data["name"])
            except ValidationError as error:
                apply_validation_error(form, error)
            else:
                messages.success(request, _("Added %(name)s.") % {"name": player.name})
                return redirect("league:players", slug=slug)
    players = access.club.players.select_related("user")
    return render(
        request,
        "games/player_list.html",
        {"access": access, "club": access.club, "players": players, "form": form},
    )


def player_detail(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """The player's record in one rule family at a time (their units differ), paged."""
    access = club_access(request, slug)
    player = get_object_or_404(
        Player.objects.select_related("user"), club=access.club, pk=player_id
    )
    families = selectors.player_families(player=player)
    key = request.GET.get("family")
    key = key if key in families else (families[0] if families else None)
    only = len(families) == 1
    context = {
        "access": access,
        "club": access.club,
        "player": player,
        "families": [get_family(family) for family in families],
        "family": get_family(key) if key else None,
        **(hands_page(request, player, key, only=only) if key else {}),
        **(sessions_page(request, player, key, only=only) if key else {}),
        "totals": selectors.player_totals(player=player, family=key),
    }
    if key:
        # The satellites' parts of the page (statistics, ratings), each a template.
        context["parts"], figures = player_parts(request=request, player=player, family=key)
        context.update(figures)
    return render(request, "games/player_detail.html", context)


@login_required
def player_edit(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    player = get_object_or_404(Player, club=access.club, pk=player_id)
    initial = {"name": player.name, "ema_number": player.ema_number}
    form = PlayerEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.player_update(
                player=player,
                name=form.cleaned_data["name"],
                ema_number=form.cleaned_data["ema_number"],
            )
        except ValidationError as error:
            apply_validation_error(form, error)
        else:
            return redirect("league:player", slug=slug, player_id=player.pk)
    context = {
        "access": access,
        "club": access.club,
        "player": player,
        "form": form,
        "aliases": player.aliases.all(),
        "alias_form": PlayerAliasForm(),
    }
    return render(request, "games/player_edit.html", context)


@login_required
def members(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    club = access.club
    context = {
        "access": access,
        "club": club,
        "memberships": club.memberships.select_related("user").order_by("user__username"),
        "invitations": selectors.club_open_invitations(club=club),
        "roles": Membership.Role.choices,
        "invite_form": InvitationForm(club=club),
        "account_form": MemberAccountForm(club=club),
    }
    return render(request, "games/members.html", context)


@login_required
@require_POST
def invitation_create(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    form = InvitationForm(request.POST, club=access.club)
    if form.is_valid():
        try:
            invitation = services.invitation_create(
                club=access.club, by=signed_in(request), **form.cleaned_data
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            link = request.build_absolute_uri(reverse("league:invitation", args=[invitation.token]))
            messages.success(
                request, _("Send this link to the new member: %(link)s") % {"link": link}
            )
    else:
        messages.error(request, _invitation_form_problem(form))
    return redirect("league:members", slug=slug)


def _invitation_form_problem(form: InvitationForm) -> str:
    if "days" in form.errors:
        return _("An invitation lasts 1 to %(max)d days.") % {"max": Invitation.MAX_DAYS}
    return _("Choose a role and, if you like, an unlinked player.")


@login_required
@require_POST
def invitation_withdraw(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    invite = get_object_or_404(access.club.invitations, token=token)
    try:
        services.invitation_withdraw(invitation=invite)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Invitation withdrawn: its link admits no one now."))
    return redirect("league:members", slug=slug)


@login_required
@require_POST
def member_account_create(request: HttpRequest, slug: str) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    form = MemberAccountForm(request.POST, club=access.club)
    if not form.is_valid():
        messages.error(request, _("Enter a username and a role."))
        return redirect("league:members", slug=slug)
    try:
        user = services.member_account_create(
            club=access.club,
            username=form.cleaned_data["username"],
            role=form.cleaned_data["role"],
            player=form.cleaned_data["player"],
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("league:members", slug=slug)
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    link = request.build_absolute_uri(reverse("league:password_reset_confirm", args=[uid, token]))
    messages.success(
        request,
        _("Account %(get_username)s created. Send them this set-password link: %(link)s")
        % {"get_username": user.get_username(), "link": link},
    )
    return redirect("league:members", slug=slug)


def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """Open an invitation: sign up (or sign in) and accept it."""
    invite = get_object_or_404(Invitation.objects.select_related("club", "player"), token=token)
    closed = invite.closed_reason(now=timezone.now())
    if closed is not None:
        context = {"invite": invite, "closed": closed}
        return render(request, "games/invitation.html", context, status=410)
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        if request.user.is_authenticated:
            return _accept(request, invite, signed_in(request))
        if form.is_valid():
            return _sign_up_and_accept(request, invite, form)
    return render(request, "games/invitation.html", {"invite": invite, "form": form})


def _sign_up_and_accept(request: HttpRequest, invite: Invitation, form: SignUpForm) -> HttpResponse:
    try:
        user = services.invitation_sign_up(
            invitation=invite,
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password"],
        )
    except ValidationError as error:
        if hasattr(error, "error_dict") and "username" in error.error_dict:
            apply_validation_error(form, error)
            return render(request, "games/invitation.html", {"invite": invite, "form": form})
        messages.error(request, " ".join(error.messages))
        return redirect("league:home")
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return _welcome(request, invite)


def _accept(request: HttpRequest, invite: Invitation, user: Any) -> HttpResponse:
    try:
        services.invitation_accept(invitation=invite, user=user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("league:home")
    return _welcome(request, invite)


def _welcome(request: HttpRequest, invite: Invitation) -> HttpResponse:
    messages.success(request, _("Welcome to %(name)s.") % {"name": invite.club.name})
    return redirect("league:club", slug=invite.club.slug)


@login_required
@require_POST
def member_role(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    membership = get_object_or_404(access.club.memberships, pk=membership_id)
    role = request.POST.get("role", "")
    if role not in Membership.Role.values:
        messages.error(request, _("Choose organiser, member or viewer."))
        return redirect("league:members", slug=slug)
    try:
        services.membership_change_role(membership=membership, role=role)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        label = Membership.Role(role).label.lower()
        messages.success(
            request,
            _("%(get_username)s is now a %(label)s.")
            % {"get_username": membership.user.get_username(), "label": label},
        )
    return redirect("league:members", slug=slug)


@login_required
@require_POST
def member_remove(request: HttpRequest, slug: str, membership_id: int) -> HttpResponse:
    access = club_access(request, slug, role=ORGANISER)
    membership = get_object_or_404(access.club.memberships, pk=membership_id)
    try:
        services.membership_remove(membership=membership)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        name = membership.user.get_username()
        messages.success(
            request,
            _("%(name)s is no longer a member; their hands stay recorded.") % {"name": name},
        )
    return redirect("league:members", slug=slug)


@login_required
def invitation_qr(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """The invitation link as a QR code (SVG drawn on the server), for a phone to scan."""
    access = club_access(request, slug, role=ORGANISER)
    invite = get_object_or_404(selectors.club_open_invitations(club=access.club), token=token)
    link = request.build_absolute_uri(reverse("league:invitation", args=[invite.token]))
    response = HttpResponse(qr_svg(link), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response
