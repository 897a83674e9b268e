"""What a refusal looks like: the site's own 404 page, one log line for a 403, cookies that
production sends over https only."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.utils import translation

from games.api.handlers import server_error
from games.models import Club
from tests.test_settings import load


def test_a_403_is_logged_in_one_line(
    as_bob: Client, club: Club, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = as_bob.get(f"/c/{club.slug}/members/")  # bob is a member, not organiser
    assert response.status_code == 403
    (record,) = [r for r in caplog.records if r.name == "django.request"]
    assert record.getMessage() == f"Forbidden (Permission denied): /c/{club.slug}/members/"
    assert record.exc_info is None and "Traceback" not in caplog.text


def test_a_server_error_keeps_its_traceback(caplog: pytest.LogCaptureFixture) -> None:
    # The filter lets through what is not a refusal: a 500's record keeps its exception.
    record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "boom", None, None)
    record.status_code = 500
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        record.exc_info = (type(error), error, error.__traceback__)
    logging.getLogger("django.request").handle(record)
    assert caplog.records[-1].exc_info is not None


def test_a_missing_page_is_the_sites_own(client: Client, settings: Any) -> None:
    assert settings.DEBUG is False
    response = client.get("/no-such-page/", headers={"accept-language": "zh-hant"})
    assert response.status_code == 404
    page = response.content.decode()
    assert "找不到這一頁" in page  # the page's heading, translated
    assert 'class="brand"' in page  # in the site's layout, with its way home
    assert "Not Found" not in page


def test_a_server_error_is_a_page_of_the_sites_own() -> None:
    with translation.override("zh-hans"):
        response = server_error(RequestFactory().get("/c/dragons/"))
    page = response.content.decode()
    assert response.status_code == 500 and "出错了" in page and "Server Error" not in page


def test_production_sends_the_language_cookies_over_https_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    production = load(monkeypatch)
    assert production["LANGUAGE_COOKIE_SECURE"] is True
    assert production["LANGUAGE_COOKIE_SAMESITE"] == "Lax"
    development = load(monkeypatch, DEBUG="1")
    assert development["LANGUAGE_COOKIE_SECURE"] is False
    # One switch for the session's cookie switches the language's with it.
    assert load(monkeypatch, SESSION_COOKIE_SECURE="0")["LANGUAGE_COOKIE_SECURE"] is False
    assert production["LANGUAGE_COOKIE_HTTPONLY"] is True


@pytest.mark.parametrize(
    ("field", "value", "cookie"),
    [("language", "zh-hant", "language"), ("chinese_script", "hans", "chinese_script")],
)
def test_the_language_cookies_follow_the_settings(
    settings: Any, db: Any, field: str, value: str, cookie: str
) -> None:
    settings.LANGUAGE_COOKIE_SECURE = True
    response = Client().post("/language/", {field: value, "next": "/"})
    sent = response.cookies[cookie]
    assert sent.value == value
    assert sent["secure"] is True and sent["httponly"] is True and sent["samesite"] == "Lax"
