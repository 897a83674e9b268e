"""Request limits per token and per anonymous address; sign-in attempts per account and address."""

from __future__ import annotations

from typing import Any

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client

from games.models import Club
from tests.api.conftest import Api, token_for
from tests.conftest import PASSWORD


def limit(settings: Any, **rates: str) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"token": None, "user": None, "anon": None, **rates},
    }


def test_calls_are_throttled_per_token(settings: Any, alice: User, club: Club) -> None:
    limit(settings, token="3/hour")
    first, second = Api(token_for(alice)), Api(token_for(alice))
    assert [first.get("clubs/").status_code for _ in range(3)] == [200] * 3
    refused = first.get("clubs/")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    assert second.get("clubs/").status_code == 200  # another token has its own budget


def test_anonymous_calls_are_throttled_per_address(settings: Any, club: Club) -> None:
    limit(settings, anon="2/hour")
    here, there = Api(), Api()
    assert [here.get("clubs/").status_code for _ in range(2)] == [200, 200]
    assert here.get("clubs/").status_code == 429
    # A forged X-Forwarded-For does not buy a new budget (no proxy is trusted by default).
    assert here.get("clubs/", **{"X-Forwarded-For": "203.0.113.9"}).status_code == 429
    there.client.defaults["REMOTE_ADDR"] = "198.51.100.7"
    assert there.get("clubs/").status_code == 200


def test_the_default_limits_come_from_settings(settings: Any) -> None:
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert set(rates) == {"token", "user", "anon", "token_failure"} and all(rates.values())


def test_made_up_tokens_are_throttled_per_address(settings: Any, alice: User, club: Club) -> None:
    limit(settings, token_failure="3/hour")
    guesser = Api("mjl_made-up")
    assert [guesser.get("clubs/").status_code for _ in range(3)] == [401] * 3
    refused = guesser.get("clubs/")
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    # Once refused, the address cannot try a real token either (it is not even looked up).
    real = Api(token_for(alice))
    assert real.get("clubs/").status_code == 429
    real.client.defaults["REMOTE_ADDR"] = "198.51.100.8"
    assert real.get("clubs/").status_code == 200  # another address has its own budget


def test_good_tokens_do_not_use_up_the_failures(settings: Any, alice: User, club: Club) -> None:
    limit(settings, token_failure="2/hour")
    real = Api(token_for(alice))
    assert [real.get("clubs/").status_code for _ in range(4)] == [200] * 4
    assert Api("mjl_made-up").get("clubs/").status_code == 401


def login(client: Client, password: str) -> int:
    response = client.post("/accounts/login/", {"username": "alice", "password": password})
    return int(response.status_code)


def test_sign_in_is_locked_after_repeated_failures(settings: Any, alice: User) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    client = Client(REMOTE_ADDR="192.0.2.1")
    assert [login(client, "wrong") for _ in range(2)] == [200, 200]
    assert login(client, "wrong") == 429
    assert login(client, PASSWORD) == 429  # even the right password, until the cool-off
    elsewhere = Client(REMOTE_ADDR="192.0.2.2")
    assert login(elsewhere, PASSWORD) == 302  # the lock is per account and address


def test_a_successful_sign_in_resets_the_count(settings: Any, alice: User) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    client = Client(REMOTE_ADDR="192.0.2.3")
    assert [login(client, "wrong") for _ in range(2)] == [200, 200]
    assert login(client, PASSWORD) == 302
    client.post("/accounts/logout/")
    assert [login(client, "wrong") for _ in range(2)] == [200, 200]


def test_one_address_trying_many_usernames_is_locked(settings: Any, alice: User) -> None:
    # One password against many accounts: no pair fails twice, but the address has a limit.
    settings.AXES_FAILURE_LIMIT = 3
    settings.SIGN_IN_ADDRESS_FAILURE_LIMIT = 5
    client = Client(REMOTE_ADDR="192.0.2.5")
    codes = [
        client.post("/accounts/login/", {"username": f"user{n}", "password": "x"}).status_code
        for n in range(5)
    ]
    assert codes == [200] * 4 + [429]
    assert login(client, PASSWORD) == 429  # the whole address waits for the cool-off
    assert login(Client(REMOTE_ADDR="192.0.2.6"), PASSWORD) == 302


def test_signing_in_does_not_clear_the_address_count(settings: Any, alice: User) -> None:
    settings.AXES_FAILURE_LIMIT = 3
    settings.SIGN_IN_ADDRESS_FAILURE_LIMIT = 4
    client = Client(REMOTE_ADDR="192.0.2.7")
    for n in range(3):
        assert (
            client.post("/accounts/login/", {"username": f"u{n}", "password": "x"}).status_code
            == 200
        )
    assert login(client, PASSWORD) == 302  # an attacker's own account does not buy more tries
    client.post("/accounts/logout/")
    assert client.post("/accounts/login/", {"username": "u9", "password": "x"}).status_code == 429


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_an_over_long_user_name_is_a_failed_sign_in(settings: Any, alice: User, path: str) -> None:
    # django-axes keeps the attempted name in a 255-character column: PostgreSQL refused a
    # longer one with a 500. It must count as a failed attempt instead, on every sign-in page.
    settings.AXES_FAILURE_LIMIT = 3
    client = Client(REMOTE_ADDR="192.0.2.3")
    for name in ("a" * 256, "a" * 5000):
        response = client.post(path, {"username": name, "password": "x"})
        assert response.status_code == 200
        assert response.context["form"].non_field_errors()
    attempt = AccessAttempt.objects.get()
    assert attempt.username == "a" * 255 and attempt.failures_since_start == 2
    assert client.post(path, {"username": "a" * 300, "password": "x"}).status_code == 429
    assert login(Client(REMOTE_ADDR="192.0.2.4"), PASSWORD) == 302
