"""The sample nginx front (deploy/nginx/league.conf) is a configuration nginx accepts, and it
keeps the promises docs/operations.md makes of it."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
from http import client as http_client
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "deploy" / "nginx" / "league.conf"
# Debian puts nginx in /usr/sbin, which a user's PATH may leave out.
NGINX = shutil.which("nginx", path="/usr/sbin:/usr/local/sbin:/usr/bin:/usr/local/bin")
OPENSSL = shutil.which("openssl")
if NGINX is None and os.environ.get("REQUIRE_NGINX") == "1":
    raise RuntimeError("REQUIRE_NGINX=1 but Debian's nginx (nginx-light) is not installed")
# The machine's own paths in the sample, and where the test puts them instead.
MACHINE_PATHS = {
    "/etc/letsencrypt/live/league.example.org/": "tls/",
    "/var/log/nginx/": "logs/",
    "/srv/league/staticfiles/": "static/",
}


def sample_text() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def self_signed_certificate(folder: Path) -> None:
    assert OPENSSL, "openssl is needed to make the test certificate"
    folder.mkdir()
    request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    names = ["-subj", "/CN=league.example.org"]
    files = ["-keyout", str(folder / "privkey.pem"), "-out", str(folder / "fullchain.pem")]
    subprocess.run(
        [OPENSSL, *request, *names, *files],
        check=True,
        capture_output=True,
    )


def configuration_in(folder: Path) -> Path:
    """nginx's main configuration around the sample, with the sample's paths under ``folder``."""
    text = sample_text()
    for machine, here in MACHINE_PATHS.items():
        assert machine in text, f"the sample no longer names {machine}"
        text = text.replace(machine, f"{folder}/{here}")
    (folder / "league.conf").write_text(text, encoding="utf-8")
    for name in ("logs", "static"):
        (folder / name).mkdir()
    main = folder / "nginx.conf"
    main.write_text(
        f"pid {folder}/nginx.pid;\n"
        f"error_log {folder}/logs/error.log;\n"
        "events {}\n"
        "http {\n"
        "    include /etc/nginx/mime.types;\n"
        f"    include {folder}/league.conf;\n"
        "}\n",
        encoding="utf-8",
    )
    return main


@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (Debian: nginx-light)")
def test_nginx_accepts_the_sample(tmp_path: Path) -> None:
    assert NGINX is not None
    self_signed_certificate(tmp_path / "tls")
    main = configuration_in(tmp_path)
    result = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(main), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def directives(name: str) -> list[str]:
    return re.findall(rf"^\s*{name}\s+([^;{{]+);", sample_text(), flags=re.MULTILINE)


def test_the_sample_buffers_slow_clients_and_keeps_gunicorn_on_the_loopback() -> None:
    assert directives("proxy_buffering") == ["on"]
    assert directives("proxy_request_buffering") == ["on"]
    assert directives("client_body_buffer_size")
    assert directives("server") == ["127.0.0.1:8000 fail_timeout=0"]
    # What NUM_PROXIES=1 and TRUST_X_FORWARDED_PROTO=1 read.
    headers = directives("proxy_set_header")
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in headers
    assert "X-Forwarded-Proto $scheme" in headers


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server on port {port} stopped"
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"nothing answered on port {port}")


def front_for_test(folder: Path, *, app: int, http: int, https: int) -> Path:
    """The sample with the test's ports: nginx on the loopback, gunicorn on ``app``."""
    main = configuration_in(folder)
    league = folder / "league.conf"
    text = league.read_text(encoding="utf-8")
    text = re.sub(r"^\s*listen \[::\].*\n", "", text, flags=re.MULTILINE)
    text = text.replace("listen 80;", f"listen 127.0.0.1:{http};")
    text = text.replace("listen 443 ssl", f"listen 127.0.0.1:{https} ssl")
    text = text.replace("server 127.0.0.1:8000", f"server 127.0.0.1:{app}")
    league.write_text(text, encoding="utf-8")
    if os.geteuid() == 0:  # nginx's workers read the test's folder, which is root's
        main.write_text("user root;\n" + main.read_text(encoding="utf-8"), encoding="utf-8")
    return main


@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (Debian: nginx-light)")
def test_a_request_goes_through_nginx_to_gunicorn(tmp_path: Path) -> None:
    assert NGINX is not None
    self_signed_certificate(tmp_path / "tls")
    app, http, https = free_port(), free_port(), free_port()
    main = front_for_test(tmp_path, app=app, http=http, https=https)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjong_league.settings",
        "MAHJONG_LEAGUE_TESTING": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'league.sqlite3'}",
        "ALLOWED_HOSTS": "league.example.org",
        "NUM_PROXIES": "1",
        "TRUST_X_FORWARDED_PROTO": "1",
    }
    gunicorn = [sys.executable, "-m", "gunicorn", "mahjong_league.wsgi", "--workers", "1"]
    servers = [subprocess.Popen([*gunicorn, "--bind", f"127.0.0.1:{app}"], cwd=ROOT, env=env)]
    nginx = [NGINX, "-p", str(tmp_path), "-c", str(main), "-e", str(tmp_path / "error.log")]
    servers.append(subprocess.Popen([*nginx, "-g", "daemon off;"]))
    try:
        wait_for_port(app, servers[0])
        wait_for_port(https, servers[1])
        plain = http_client.HTTPConnection("127.0.0.1", http, timeout=30)
        plain.request("GET", "/health/", headers={"Host": "league.example.org"})
        assert plain.getresponse().status == 301  # nginx sends plain http to https
        secure = http_client.HTTPSConnection("127.0.0.1", https, timeout=30, context=unverified())
        secure.request("GET", "/health/", headers={"Host": "league.example.org"})
        answer = secure.getresponse()
        body = json.loads(answer.read())
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=30)
    # gunicorn's answer (its database is empty, never migrated: the probe says it is not
    # well), with the request id nginx gave the request.
    assert answer.status == 503 and body["status"] == "unhealthy"
    assert re.fullmatch(r"[0-9a-f]{32}", answer.headers["X-Request-ID"])


def unverified() -> ssl.SSLContext:
    """TLS that accepts the test's self-signed certificate."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context
