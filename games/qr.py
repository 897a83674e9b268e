"""QR codes for links a phone should open (invitations), drawn on the server by segno."""

from __future__ import annotations

import io

import segno


def qr_svg(text: str) -> bytes:
    """A standalone SVG of ``text`` as a QR code, dark on light, scaled for a phone screen.

    >>> qr_svg("https://league.example.org/join/abc").startswith(b"<?xml")
    True
    """
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="svg", scale=6, border=2, title="QR code")
    return buffer.getvalue()
