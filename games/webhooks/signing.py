"""The signature on every delivery: HMAC-SHA256 of ``timestamp + "." + body``.

The timestamp is signed with the body so that a receiver can refuse a replayed delivery
(see docs/api.md for the receiving side).
"""

from __future__ import annotations

import hashlib
import hmac

HEADER = "X-League-Signature"


def signature(*, secret: str, timestamp: int, body: bytes) -> str:
    message = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signature_header(*, secret: str, timestamp: int, body: bytes) -> str:
    """The header's value: ``t=<unix seconds>,v1=<hex digest>``."""
    return f"t={timestamp},v1={signature(secret=secret, timestamp=timestamp, body=body)}"


def verify(*, secret: str, header: str, body: bytes, now: int, tolerance: int = 300) -> bool:
    """What a receiver does: the digest matches and the timestamp is recent."""
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    try:
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    expected = signature(secret=secret, timestamp=timestamp, body=body)
    fresh = abs(now - timestamp) <= tolerance
    return fresh and hmac.compare_digest(expected, parts.get("v1", ""))
