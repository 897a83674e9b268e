"""The production recipe of docs/operations.md, run as written: the site it sets up is well
(its health probe says so, with both job queues' workers heard) and serves its pages in every
language, not half in English."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import time
import uuid
from collections.abc import Iterator
from http import client as http_client
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from tests.deploy.test_nginx import free_port

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "docs" / "operations.md"
HOST = "league.example.org"
# What the recipe leaves to the operator, and what the test puts there.
PLACEHOLDERS = {
    "SECRET_KEY": "'<long random string>'",
    "DATABASE_URL": "postgres://league:secret@db.example.org:5432/league",
    "BIND": "--bind 127.0.0.1:8000",
}
# What the anonymous home page says in each language (its sign-in link).
SIGN_IN = {"en": "Sign in", "zh-hant": "登入", "zh-hans": "登录"}
LONG_RUNNING = ("/gunicorn ", "manage.py worker")


def recipe() -> list[str]:
    """The shell lines of the first block under "## Production", continuations joined."""
    text = RECIPE.read_text(encoding="utf-8").split("\n## Production\n", 1)[1]
    block = re.search(r"\n\n((?:    .*\n)+)", text)
    assert block, "the recipe's code block is gone from docs/operations.md"
    joined = re.sub(r"\\\n\s*", " ", block.group(1))
    lines = [re.sub(r"\s+#\s.*$", "", line).strip() for line in joined.splitlines()]
    return [line for line in lines if line]


def script(lines: list[str], *, database_url: str, port: int) -> str:
    """The recipe with the test's secret, database and port; the servers in the background."""
    servers = [line + " &" if any(s in line for s in LONG_RUNNING) else line for line in lines]
    text = "\n".join(servers)
    for name, placeholder in PLACEHOLDERS.items():
        assert placeholder in text, f"the recipe no longer holds {name} as {placeholder}"
    text = text.replace(PLACEHOLDERS["SECRET_KEY"], repr(secrets.token_urlsafe(50)))
    text = text.replace(PLACEHOLDERS["DATABASE_URL"], database_url)
    text = text.replace(PLACEHOLDERS["BIND"], f"--bind 127.0.0.1:{port}")
    return f"set -e\n{text}\nwait\n"


def copy_of_the_project(folder: Path) -> Path:
    """The project beside the test's own, so that the recipe's compiled catalogues and
    collected files never touch the files other tests read; its virtual environment is the
    project's own."""
    ignored = shutil.ignore_patterns(
        *(".git", ".venv", "node_modules", "staticfiles", "media", "job-progress"),
        *("*.sqlite3*", "*.mo"),
    )
    project = folder / "project"
    shutil.copytree(ROOT, project, ignore=ignored)
    (project / ".venv").symlink_to(ROOT / ".venv")
    return project


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    """An empty database of the kind the suite runs on."""
    if connection.vendor != "postgresql":
        yield f"sqlite:///{tmp_path / 'league.sqlite3'}"
        return
    settings = connection.settings_dict
    name = f"recipe_{uuid.uuid4().hex[:12]}"
    server = {
        "host": settings["HOST"] or "127.0.0.1",
        "port": settings["PORT"] or 5432,
        "user": settings["USER"],
        "password": settings["PASSWORD"],
    }
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    credentials = server["user"] + (f":{server['password']}" if server["password"] else "")
    try:
        yield f"postgres://{credentials}@{server['host']}:{server['port']}/{name}"
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def get(port: int, path: str, language: str = "en") -> tuple[int, str]:
    """A request as nginx passes it on: over https, for the site's host."""
    answer = http_client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {
        "Host": HOST,
        "X-Forwarded-Proto": "https",
        "X-Forwarded-For": "203.0.113.7",
        "Accept-Language": language,
    }
    answer.request("GET", path, headers=headers)
    response = answer.getresponse()
    return response.status, response.read().decode()


def wait_until_well(port: int, site: subprocess.Popen[str], log: Path) -> dict[str, object]:
    """The health probe's report once it says the site is well (workers take a beat)."""
    deadline = time.monotonic() + 180
    report: dict[str, object] = {}
    while time.monotonic() < deadline:
        if site.poll() is not None:
            raise AssertionError(f"the recipe stopped:\n{log.read_text()}")
        try:
            status, body = get(port, "/health/")
        except OSError:
            status, body = 0, "{}"
        report = json.loads(body) if status in (200, 503) else {}
        if status == 200:
            return report
        time.sleep(0.5)
    raise AssertionError(f"the site did not become well: {report}\n{log.read_text()}")


def plain_environment(tmp_path: Path) -> dict[str, str]:
    """An operator's shell: none of the test suite's settings."""
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")
    return {
        **{name: os.environ[name] for name in keep if name in os.environ},
        "STATIC_ROOT": str(tmp_path / "staticfiles"),
        "JOB_PROGRESS_DIR": str(tmp_path / "job-progress"),
    }


def test_the_production_recipe_as_written_serves_every_language(
    tmp_path: Path, database_url: str
) -> None:
    project, port, log = copy_of_the_project(tmp_path), free_port(), tmp_path / "recipe.log"
    with log.open("w") as output:
        site = subprocess.Popen(
            ["bash", "-c", script(recipe(), database_url=database_url, port=port)],
            cwd=project,
            env=plain_environment(tmp_path),
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
    try:
        report = wait_until_well(port, site, log)
        pages = {language: get(port, "/", language) for language in SIGN_IN}
    finally:
        os.killpg(site.pid, signal.SIGTERM)
        site.wait(timeout=60)
    assert report["status"] == "ok" and report["migrations"] == "ok"
    for language, (status, body) in pages.items():
        assert status == 200, language
        assert f'lang="{language}"' in body.lower()
        assert SIGN_IN[language] in body, f"the {language} page is not in {language}"
        if language != "en":
            assert "Sign in" not in body, f"English on the {language} page"
