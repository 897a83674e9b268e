"""The site run as it runs in production, on a SQLite file of a test's own: ``manage.py``
commands and a gunicorn server (two processes) in processes of their own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[2]


def sqlite_site_env(database: Path) -> dict[str, str]:
    """The site's own settings (as `make run` uses them) on the database file ``database``."""
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "mahjong_league.test_settings",
        "AXES_ENABLED": "0",
    }


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server_for(sqlite_env: dict[str, str]) -> Iterator[str]:
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "mahjong_league.wsgi", "--bind"]
    command += [f"127.0.0.1:{port}", "--workers", "2", "--threads", "4", "--log-level", "error"]
    process = subprocess.Popen(command, cwd=ROOT, env=sqlite_env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):  # the workers start within seconds, but the machine may be busy
            try:
                requests.get(url + "/accounts/login/", timeout=30)
                break
            except requests.ConnectionError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
