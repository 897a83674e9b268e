"""The settings: explicit test mode, helpers that refuse what they do not understand, SQLite
tuned for concurrent writers, a content security policy."""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

SETTINGS = Path(__file__).resolve().parents[1] / "mahjong_league" / "settings.py"


def load(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    """The settings module's values, read afresh under the given environment."""
    for name in ["MAHJONG_LEAGUE_TESTING", "DEBUG", "DATABASE_URL", "SECURE_SSL_REDIRECT"]:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def test_importing_pytest_does_not_switch_security_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "pytest" in sys.modules
    values = load(monkeypatch)
    assert values["TESTING"] is False
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SESSION_COOKIE_SECURE"] is True and values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_HSTS_SECONDS"] == 31536000
    storage = values["STORAGES"]["staticfiles"]["BACKEND"]
    assert storage == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_the_test_configuration_says_so_explicitly(monkeypatch: pytest.MonkeyPatch) -> None:
    values = load(monkeypatch, MAHJONG_LEAGUE_TESTING="1")
    assert values["TESTING"] is True and values["SECURE_SSL_REDIRECT"] is False
    assert os.environ["DJANGO_SETTINGS_MODULE"] == "mahjong_league.test_settings"
    assert settings.TESTING is True


@pytest.mark.parametrize(
    ("word", "expected"),
    [("1", True), ("yes", True), (" On ", True), ("TRUE", True), ("0", False), ("off", False)],
)
def test_env_bool_reads_yes_and_no(
    monkeypatch: pytest.MonkeyPatch, word: str, expected: bool
) -> None:
    assert load(monkeypatch, DEBUG=word)["DEBUG"] is expected


@pytest.mark.parametrize("word", ["ture", "", "2", "enabled"])
def test_env_bool_refuses_what_it_does_not_understand(
    monkeypatch: pytest.MonkeyPatch, word: str
) -> None:
    with pytest.raises(ImproperlyConfigured, match=f"SECURE_SSL_REDIRECT={word!r}"):
        load(monkeypatch, SECURE_SSL_REDIRECT=word)


@pytest.mark.parametrize("word", ["ten", "", "1.5"])
def test_env_int_refuses_what_is_not_a_whole_number(
    monkeypatch: pytest.MonkeyPatch, word: str
) -> None:
    with pytest.raises(ImproperlyConfigured, match=f"API_PAGE_SIZE={word!r}"):
        load(monkeypatch, API_PAGE_SIZE=word)


def test_sqlite_takes_the_write_lock_up_front_and_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    options = load(monkeypatch, DATABASE_URL="sqlite:////tmp/x.sqlite3")["DATABASES"]["default"][
        "OPTIONS"
    ]
    assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] >= 5
    assert "journal_mode=WAL" in options["init_command"]


def test_postgresql_gets_no_sqlite_options(monkeypatch: pytest.MonkeyPatch) -> None:
    database = load(monkeypatch, DATABASE_URL="postgres://u@127.0.0.1:5432/x")["DATABASES"]
    assert "transaction_mode" not in database["default"].get("OPTIONS", {})


def database(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, Any]:
    monkeypatch.delenv("DATABASE_CONN_MAX_AGE", raising=False)
    settings = load(monkeypatch, DATABASE_URL="postgres://u@127.0.0.1:5432/x", **env)
    return dict(settings["DATABASES"]["default"])


def test_production_keeps_connections_for_a_minute_and_checks_them_before_reuse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    default = database(monkeypatch)
    assert (default["CONN_MAX_AGE"], default["CONN_HEALTH_CHECKS"]) == (60, True)


@pytest.mark.parametrize(
    ("env", "age"),
    [
        ({"DEBUG": "1"}, 0),
        ({"MAHJONG_LEAGUE_TESTING": "1"}, 0),
        ({"DATABASE_CONN_MAX_AGE": "0"}, 0),
        ({"DEBUG": "1", "DATABASE_CONN_MAX_AGE": "300"}, 300),
    ],
)
def test_development_and_tests_open_a_connection_a_request_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], age: int
) -> None:
    assert database(monkeypatch, **env)["CONN_MAX_AGE"] == age


def test_the_suite_keeps_no_connection_open_for_the_test_database_teardown() -> None:
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] == 0


def test_server_side_cursors_can_be_switched_off_for_a_transaction_pooler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert database(monkeypatch)["DISABLE_SERVER_SIDE_CURSORS"] is False
    pooled = database(monkeypatch, DATABASE_DISABLE_SERVER_SIDE_CURSORS="1")
    assert pooled["DISABLE_SERVER_SIDE_CURSORS"] is True


def test_sessions_live_in_the_shared_cache_only_when_there_is_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process's own memory would keep a signed-out session alive in the other processes."""
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert load(monkeypatch)["SESSION_ENGINE"] == "django.contrib.sessions.backends.db"
    shared = load(monkeypatch, REDIS_URL="redis://127.0.0.1:6379/0")
    assert shared["SESSION_ENGINE"] == "django.contrib.sessions.backends.cached_db"


def test_hypothesis_fails_a_test_for_what_it_checks_not_for_the_machine_s_load() -> None:
    """A property test once failed in CI because one draw took 0.9 s on a busy machine."""
    from hypothesis import HealthCheck
    from hypothesis import settings as hypothesis_settings

    assert hypothesis_settings.default.deadline is None
    assert HealthCheck.too_slow in hypothesis_settings.default.suppress_health_check
