"""The operator's admin (/admin/, staff only): clubs, members, players, invitations and
tokens; each satellite app registers its own. Hands, sessions and scores are not
here: they change only through the services, which keep the scores, totals and history right."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.forms.renderers import DjangoTemplates

from games.models import ApiToken, Club, Invitation, Membership, Player


class AdminForm(forms.ModelForm):  # type: ignore[type-arg]
    """The admin's widgets are Django templates: its forms are drawn by Django's template
    renderer, not the site's Jinja2 one (``FORM_RENDERER``)."""

    default_renderer = DjangoTemplates()


class OperatorAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    form = AdminForm


@admin.register(Club)
class ClubAdmin(OperatorAdmin):
    list_display = ["name", "slug", "visibility", "time_zone", "created_at"]
    search_fields = ["name", "slug"]
    list_filter = ["visibility"]


@admin.register(Membership)
class MembershipAdmin(OperatorAdmin):
    list_display = ["user", "club", "role", "joined_at"]
    search_fields = ["user__username", "club__name"]
    list_filter = ["role"]


@admin.register(Player)
class PlayerAdmin(OperatorAdmin):
    list_display = ["name", "club", "user", "created_at"]
    search_fields = ["name", "club__name", "user__username"]


@admin.register(Invitation)
class InvitationAdmin(OperatorAdmin):
    list_display = ["club", "role", "player", "created_by", "created_at", "accepted_at"]
    search_fields = ["club__name"]
    exclude = ["token"]  # the link's secret


@admin.register(ApiToken)
class ApiTokenAdmin(OperatorAdmin):
    """Tokens can be looked at and revoked (deleted), never made here: the secret is shown
    once, to its owner, on the tokens page."""

    list_display = ["name", "user", "hint", "read_only", "created_at", "last_used_at"]
    search_fields = ["name", "user__username"]
    readonly_fields = ["user", "name", "hint", "read_only", "created_at", "last_used_at"]
    exclude = ["key_hash"]

    def has_add_permission(self, request: object) -> bool:
        return False


class ReadOnlyAdmin(OperatorAdmin):
    """A record the site writes: an operator reads it, and deletes it at most."""

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
