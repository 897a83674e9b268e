"""Deployment checks of our own (`manage.py check --deploy`), beside Django's security ones."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

LANGUAGE_COOKIE_NOT_SECURE = Warning(
    "LANGUAGE_COOKIE_SECURE is off: the language cookie is sent over plain http too.",
    hint="It follows SESSION_COOKIE_SECURE; leave that on (the default outside DEBUG).",
    id="games.W001",
)
PROXY_NOT_COUNTED = Warning(
    "The site trusts a proxy's X-Forwarded-Proto (TRUST_X_FORWARDED_PROTO) but counts no "
    "proxy in front (NUM_PROXIES=0): every client then has the proxy's address, and the "
    "sign-in lock-out and API limits per address would lock out everyone at once.",
    hint="Set NUM_PROXIES to the number of proxies that append to X-Forwarded-For "
    "(1 behind the sample nginx of deploy/nginx/league.conf).",
    id="games.W002",
)


@register(Tags.security, deploy=True)
def language_cookie_secure(app_configs: Any, **kwargs: Any) -> list[Warning]:
    return [] if settings.LANGUAGE_COOKIE_SECURE else [LANGUAGE_COOKIE_NOT_SECURE]


@register(Tags.security, deploy=True)
def proxy_addresses_counted(app_configs: Any, **kwargs: Any) -> list[Warning]:
    behind_proxy = settings.SECURE_PROXY_SSL_HEADER is not None
    return [PROXY_NOT_COUNTED] if behind_proxy and settings.NUM_PROXIES == 0 else []
