"""One POST to a hook, connected to the address that was just checked (not re-resolved),
within one wall-clock deadline for the whole attempt."""

from __future__ import annotations

import http.client
import io
import socket
import ssl
import time
from typing import cast
from urllib.parse import urlsplit

from django.conf import settings

from games.webhooks.addresses import check_url, url_parts


class DeadlinePassed(TimeoutError):
    """The receiver had the whole attempt's time and did not answer within it."""


def _left(deadline: float) -> float:
    """The seconds left before ``deadline``; DeadlinePassed when none are."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise DeadlinePassed
    return left


class _DeadlineSocket:
    """A connected socket whose every send and read ends by one deadline.

    A socket's own timeout bounds each read: a receiver sending a byte every few seconds
    would hold the worker for as long as it liked. Here each call gets only the time left."""

    def __init__(self, sock: socket.socket, *, deadline: float) -> None:
        self.sock, self.deadline = sock, deadline

    def _arm(self) -> None:
        self.sock.settimeout(_left(self.deadline))

    def sendall(self, data: bytes) -> None:
        self._arm()
        try:
            self.sock.sendall(data)
        except TimeoutError as error:  # the time left ran out inside this send
            raise DeadlinePassed from error

    def recv_into(self, buffer: memoryview) -> int:
        self._arm()
        try:
            return self.sock.recv_into(buffer)
        except TimeoutError as error:  # the time left ran out inside this read
            raise DeadlinePassed from error

    def makefile(self, mode: str) -> io.BufferedReader:
        """What http.client reads the answer from (it asks for "rb" only)."""
        return io.BufferedReader(_DeadlineReader(self))

    def close(self) -> None:
        self.sock.close()


class _DeadlineReader(io.RawIOBase):
    def __init__(self, sock: _DeadlineSocket) -> None:
        self.sock = sock

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        return self.sock.recv_into(buffer)


class _PinnedHTTP(http.client.HTTPConnection):
    """Connects to a checked address; the Host header still names the hook's host."""

    def __init__(self, host: str, port: int, *, address: str, deadline: float) -> None:
        super().__init__(host, port)
        self.address, self.deadline = address, deadline

    def connect(self) -> None:
        connected = socket.create_connection((self.address, self.port), _left(self.deadline))
        sock = self._wrap(connected)
        # http.client only sends, reads through makefile and closes: the stand-in does these.
        self.sock = cast(socket.socket, _DeadlineSocket(sock, deadline=self.deadline))

    def _wrap(self, sock: socket.socket) -> socket.socket:
        return sock


class _PinnedHTTPS(_PinnedHTTP):
    default_port = http.client.HTTPS_PORT

    def _wrap(self, sock: socket.socket) -> socket.socket:
        # The certificate is checked against the host name, as for any https request. The
        # handshake is one call, which the ssl module bounds by the socket's timeout in all.
        sock.settimeout(_left(self.deadline))
        context = ssl.create_default_context()
        return context.wrap_socket(sock, server_hostname=self.host)


def post(*, url: str, body: bytes, headers: dict[str, str]) -> int:
    """The receiver's status code; ValidationError for a refused address, OSError for the
    network or a receiver slower than WEBHOOKS_TIMEOUT_SECONDS in all (DeadlinePassed),
    HTTPException for an answer that is not HTTP (all are a failed attempt)."""
    deadline = time.monotonic() + settings.WEBHOOKS_TIMEOUT_SECONDS
    address = check_url(url)[0]
    scheme, host, port = url_parts(url)
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    kind = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    connection = kind(host, port, address=address, deadline=deadline)
    try:
        connection.request("POST", target, body=body, headers=headers)
        return connection.getresponse().status
    finally:
        connection.close()
