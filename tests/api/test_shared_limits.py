"""With REDIS_URL, app servers share one cache, so the API's limits hold across processes."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

REDIS = ("127.0.0.1", 6379)
ROOT = Path(__file__).resolve().parents[2]

# One app server: a real Django process calling the API anonymously through its own stack.
# The scoring endpoint needs no database, so the process needs no migrated one.
CALLS = """
import json, sys, django
django.setup()
from django.test import Client
client = Client()
codes = [client.post("/api/v1/evaluate/", {}, content_type="application/json").status_code
         for _ in range(int(sys.argv[1]))]
print(json.dumps(codes))
"""


def redis_is_up() -> bool:
    try:
        socket.create_connection(REDIS, timeout=1).close()
    except OSError:
        return False
    return True


def app_server(prefix: str, calls: int) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "mahjong_league.settings",
        "DEBUG": "1",
        "REDIS_URL": "redis://{}:{}/0".format(*REDIS),
        "CACHE_KEY_PREFIX": prefix,
        "API_THROTTLE_ANON": "7/hour",
    }
    return subprocess.Popen(
        [sys.executable, "-c", CALLS, str(calls)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )


def test_two_app_servers_sharing_redis_allow_exactly_the_limit_together() -> None:
    if not redis_is_up():
        # CI starts Redis and sets REQUIRE_REDIS, so there this test never silently skips.
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail("REQUIRE_REDIS is set but no Redis answers on 127.0.0.1:6379")
        pytest.skip("no Redis on 127.0.0.1:6379 (.ci/run starts one)")
    prefix = f"test-shared-limits-{uuid.uuid4()}"  # no other run's counts
    servers = [app_server(prefix, 10), app_server(prefix, 10)]
    codes = []
    for server in servers:
        out, _ = server.communicate(timeout=120)
        assert server.returncode == 0
        codes.append(json.loads(out))
    allowed = [code for run in codes for code in run if code != 429]
    assert len(allowed) == 7  # each process alone would have allowed 7
    assert all(code == 400 for code in allowed)  # the empty hand, refused by validation
    assert all(len(run) == 10 for run in codes)
