"""One POST to a hook, connected to the address that was just checked (not re-resolved)."""

from __future__ import annotations

import http.client
import socket
import ssl
from urllib.parse import urlsplit

from django.conf import settings

from games.webhooks.addresses import check_url, url_parts


class _PinnedHTTP(http.client.HTTPConnection):
    """Connects to a checked address; the Host header still names the hook's host."""

    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(_PinnedHTTP):
    default_port = http.client.HTTPS_PORT

    def connect(self) -> None:
        super().connect()
        # The certificate is checked against the host name, as for any https request.
        context = ssl.create_default_context()
        self.sock = context.wrap_socket(self.sock, server_hostname=self.host)


def post(*, url: str, body: bytes, headers: dict[str, str]) -> int:
    """The receiver's status code; ValidationError for a refused address, OSError for the
    network (both are a failed attempt)."""
    address = check_url(url)[0]
    scheme, host, port = url_parts(url)
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    kind = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    connection = kind(host, port, address=address, timeout=settings.WEBHOOKS_TIMEOUT_SECONDS)
    try:
        connection.request("POST", target, body=body, headers=headers)
        return connection.getresponse().status
    finally:
        connection.close()
