"""The operator's admin: every registered model's list and page open for staff, secrets never
shown, and nobody else gets in."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.urls import reverse

from games.importing.models import ImportJob
from games.models import ApiToken, Club, Hand, Invitation, Membership, Player, Score, Session
from games.stats.models import RatingsPending
from games.webhooks.models import Webhook, WebhookDelivery
from tests.conftest import client_for


@pytest.fixture
def operator(db: Any) -> User:
    return User.objects.create_superuser("operator", "op@example.org", "x")


REGISTERED = [
    Club,
    Membership,
    Player,
    Invitation,
    ApiToken,
    ImportJob,
    Webhook,
    WebhookDelivery,
    RatingsPending,
]


def test_the_models_an_operator_needs_are_registered_and_no_scores() -> None:
    assert all(admin.site.is_registered(model) for model in REGISTERED)
    assert not any(admin.site.is_registered(model) for model in (Hand, Score, Session))


def test_staff_open_every_list(operator: User, session: Session) -> None:
    client = client_for(operator)
    for model in REGISTERED:
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        assert client.get(url).status_code == 200, url


def test_secrets_are_not_on_the_pages(operator: User, club: Club, alice: User) -> None:
    hook = Webhook.objects.create(club=club, url="https://example.org/hook", created_by=alice)
    invitation = Invitation.objects.create(club=club, created_by=alice)
    client = client_for(operator)
    page = client.get(reverse("admin:webhooks_webhook_change", args=[hook.pk])).content.decode()
    assert hook.secret not in page
    page = client.get(reverse("admin:games_invitation_change", args=[invitation.pk]))
    assert invitation.token not in page.content.decode()


def test_a_ratings_mark_is_shown_but_never_changed_nor_deleted(operator: User, club: Club) -> None:
    mark = RatingsPending.objects.create(club=club, family="hk", since="2024-05-01")
    client = client_for(operator)
    page = client.get(reverse("admin:stats_ratingspending_changelist")).content.decode()
    assert "2024" in page and club.name in page
    delete = reverse("admin:stats_ratingspending_delete", args=[mark.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert RatingsPending.objects.filter(pk=mark.pk).exists()


def test_tokens_cannot_be_made_in_the_admin(operator: User) -> None:
    url = reverse("admin:games_apitoken_add")
    assert client_for(operator).get(url).status_code == 403
    assert ApiToken.objects.count() == 0


def test_a_member_is_sent_to_sign_in(as_bob: Any) -> None:
    answer = as_bob.get(reverse("admin:games_club_changelist"))
    assert answer.status_code == 302 and "/admin/login/" in answer["Location"]
