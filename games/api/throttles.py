"""Request limits: per token, per signed-in browser user, per anonymous address, and failed
tokens per address (docs/api.md)."""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from rest_framework import throttling
from rest_framework.request import Request

from games.models import ApiToken


class _RateFromSettings(throttling.SimpleRateThrottle):
    """A fixed window per client, opened by its first call, counted with the cache's atomic
    ``add`` and ``incr``: DRF's own history list is read, changed and written back, so two
    app servers sharing Redis could both let a call through on the same last slot."""

    # Set by DRF's constructor (from the rate) and by ``allow_request``.
    duration: int
    num_requests: int
    now: float
    window_end: float

    # DRF copies the rates at import; reading them per request lets settings change them.
    def get_rate(self) -> str | None:
        rates = cast(dict[str, str | None], settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
        return rates.get(self.scope) if self.scope is not None else None

    def allow_request(self, request: Request, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        start = self._window_start()
        self.window_end = start + self.duration
        return self._count_call(f"{self.key}:{start!r}") <= self.num_requests

    def _window_start(self) -> float:
        # Only the first call of a window succeeds in adding its start; the others read it.
        self.cache.add(f"{self.key}:start", self.now, self.duration)
        return float(self.cache.get(f"{self.key}:start", self.now))

    def _count_call(self, counter: str) -> int:
        self.cache.add(counter, 0, self.duration)
        try:
            return int(self.cache.incr(counter))
        except ValueError:  # the window expired between add and incr: this call opens one
            self.cache.add(counter, 1, self.duration)
            return 1

    def wait(self) -> float:
        return max(self.window_end - self.now, 1.0)


class TokenThrottle(_RateFromSettings):
    scope = "token"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if not isinstance(request.auth, ApiToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class SessionUserThrottle(_RateFromSettings):
    scope = "user"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if isinstance(request.auth, ApiToken) or not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class AnonymousThrottle(_RateFromSettings):
    scope = "anon"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class FailedTokenThrottle(_RateFromSettings):
    """Failed bearer tokens per client address. A refused token never reaches the other
    throttles (authentication fails before they run), so the authentication counts its
    failures here and refuses an address that has used them up, before any lookup."""

    scope = "token_failure"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def refuses(self, request: Request) -> bool:
        """Whether the address has no failures left in its window (this call not counted)."""
        if self.rate is None:
            return False
        self.key = self.get_cache_key(request, None)
        self.now = self.timer()
        start = self.cache.get(f"{self.key}:start")
        if start is None:
            return False
        self.window_end = float(start) + self.duration
        failures = self.cache.get(f"{self.key}:{float(start)!r}", 0)
        return int(failures) >= self.num_requests

    def note_failure(self, request: Request) -> None:
        self.allow_request(request, None)
