"""The sample systemd units (deploy/systemd/) start what docs/operations.md says they start."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = ROOT / "deploy" / "systemd"


def exec_start(unit: str) -> list[str]:
    text = (UNITS / unit).read_text(encoding="utf-8")
    (line,) = re.findall(r"^ExecStart=(.+)$", text, flags=re.MULTILINE)
    return shlex.split(line)


def test_gunicorn_listens_where_the_sample_nginx_sends_requests() -> None:
    command = exec_start("league-web.service")
    assert command[0].endswith("/.venv/bin/gunicorn") and "mahjong_league.wsgi" in command
    bind = command[command.index("--bind") + 1]
    nginx = (ROOT / "deploy" / "nginx" / "league.conf").read_text(encoding="utf-8")
    assert f"server {bind} " in nginx


@pytest.mark.parametrize(
    "unit, queue", [("league-worker@.service", "default"), ("league-webhooks@.service", "webhooks")]
)
def test_each_queue_has_a_template_of_workers(unit: str, queue: str) -> None:
    command = exec_start(unit)
    assert command[1:3] == ["manage.py", "worker"]
    assert command[command.index("--queue-name") + 1] == queue
    assert "--no-reload" in command  # never the development reloader in production
    text = (UNITS / unit).read_text(encoding="utf-8")
    assert "EnvironmentFile=/etc/league/league.env" in text
