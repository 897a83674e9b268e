"""Personal API tokens: made and revoked on a page, shown once, stored hashed, last use kept."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client

from games.models import ApiToken, Club
from games.services import api_token_hash
from tests.api.conftest import Api


def make_token(client: Client, name: str = "club website", access: str = "read") -> str:
    response = client.post("/accounts/tokens/", {"name": name, "access": access})
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    found = re.search(r'id="new-token" readonly value="([^"]+)"', response.content.decode())
    assert found, "the new token is shown"
    return found.group(1)


def test_the_page_needs_a_signed_in_user(client: Client) -> None:
    response = client.get("/accounts/tokens/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_account_nav_links_to_the_token_page(as_alice: Client) -> None:
    assert 'href="/accounts/tokens/"' in as_alice.get("/").content.decode()


def test_a_token_is_shown_once_and_stored_hashed(as_alice: Client, alice: User) -> None:
    secret = make_token(as_alice)
    token = ApiToken.objects.get(user=alice)
    assert token.key_hash == api_token_hash(secret) and secret not in token.key_hash
    assert secret.startswith(token.hint) and token.read_only
    page = as_alice.get("/accounts/tokens/").content.decode()
    assert secret not in page and token.hint in page and "never used" in page


def test_a_token_authenticates_and_records_its_last_use(
    as_alice: Client, alice: User, club: Club
) -> None:
    secret = make_token(as_alice, access="write")
    response = Api(secret).get("clubs/dragons/")
    assert response.json()["your_role"] == "organiser"
    token = ApiToken.objects.get(user=alice)
    assert token.last_used_at is not None and not token.read_only
    assert "last used" in as_alice.get("/accounts/tokens/").content.decode()


def test_a_revoked_token_stops_working(as_alice: Client, alice: User, club: Club) -> None:
    secret = make_token(as_alice)
    token = ApiToken.objects.get(user=alice)
    response = as_alice.post(f"/accounts/tokens/{token.pk}/revoke/")
    assert response.status_code == 302
    assert not ApiToken.objects.exists()
    refused = Api(secret).get("clubs/")
    assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"


def test_nobody_revokes_another_users_token(as_bob: Client, alice: User) -> None:
    from games.services import api_token_create

    token, _ = api_token_create(user=alice, name="mine", read_only=True)
    assert as_bob.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_a_token_needs_a_name(as_alice: Client) -> None:
    response = as_alice.post("/accounts/tokens/", {"name": "  ", "access": "read"})
    assert "new-token" not in response.content.decode()
    assert not ApiToken.objects.exists()


def test_unknown_and_malformed_tokens_are_401(db: Any) -> None:
    for header in ["Bearer mjl_nothing", "Bearer two parts", "Bearer"]:
        response = Api().get("clubs/", Authorization=header)
        assert response.status_code == 401, header
        assert set(response.json()) == {"status", "code", "message", "fields"}


def test_a_token_of_a_deactivated_account_is_refused(alice: User, club: Club) -> None:
    from tests.api.conftest import token_for

    secret = token_for(alice)
    alice.is_active = False
    alice.save()
    assert Api(secret).get("clubs/").status_code == 401
