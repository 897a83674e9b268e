"""The health probe that the proxy in front (deploy/nginx/league.conf) and load balancers call."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client


def test_the_health_probe_answers_without_a_session(db: Any, settings: Any) -> None:
    settings.SECURE_SSL_REDIRECT = True  # production: the probe over plain http is answered
    response = Client().get("/health/")
    assert response.status_code == 200 and response.content == b"ok\n"
    assert "no-cache" in response["Cache-Control"] and not response.cookies
    assert Client().post("/health/").status_code == 405


def test_the_health_probe_says_when_the_database_does_not_answer(
    db: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreachable() -> None:
        raise OperationalError("connection refused")

    with monkeypatch.context() as patch:  # undone before the test database is torn down
        patch.setattr(connection, "cursor", unreachable)
        response = Client().get("/health/")
    assert response.status_code == 503 and response.content == b"database unavailable\n"
