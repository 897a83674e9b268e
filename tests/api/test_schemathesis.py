"""Schemathesis against our own schema: every operation, generated requests, no server error.

Each operation gets a fixed-seed run (``derandomize``) of generated requests, sent with
alice's read-write token over both clubs' data (she organises the public one and is a
stranger to the members-only one); responses must match the schema in status, content type,
headers and body. Then whole workflows: the schema's links (declared in
``games.api.schema.add_links``, and those schemathesis infers) lead from what one answer
creates to the operations on it (start a session → record a hand in it → amend it with its
ETag → delete it), and each step is checked the same way.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from importlib.util import find_spec
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from games.events.services import round_publish
from tests.api.conftest import token_for
from tests.games.events.factories import EMA, event_with_players, family_season

# Schemathesis's own default. Measured with coverage.py over games/ and scoring/: 100
# examples an operation ran 7,888 lines, 200 ran 7,788, and neither set held the other (a
# derandomised run draws other inputs for another count); the families' fields are swept
# input by input in tests/fuzz/test_api.py. SCHEMATHESIS_EXAMPLES=1000 for a longer run.
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "100"))
WORKFLOWS = int(os.environ.get("SCHEMATHESIS_WORKFLOWS", "40"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]

# Schemathesis's WSGI transport imports Flask for each request it sends (to catch a Flask
# app's exceptions); where Flask is not installed, each failed import searched the whole path
# again, about 2% of this module's time. None in sys.modules fails that import at once.
if find_spec("flask") is None:
    sys.modules.setdefault("flask", None)  # type: ignore[arg-type]

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", get_wsgi_application())


@pytest.fixture
def events(dragons: Any, tigers: Any, alice: User, dave: User) -> None:
    """An event in each club, the public one's first round published, for the events API."""
    event, _ = event_with_players(
        dragons["club"], family_season(dragons["club"], alice, "riichi", EMA), count=8
    )
    round_publish(event=event, method="random", seed="s", byes=False, by=alice)
    event_with_players(tigers["club"], tigers["season"], count=4)


@pytest.fixture
def world(
    dragons: Any, tigers: Any, events: None, alice: User, settings: Any
) -> Iterator[dict[str, str]]:
    # Thousands of requests from one token: lift the limits, which test_limits.py covers.
    rates = {"token": None, "user": None, "anon": None}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    # Requests go straight to the WSGI handler, whose end-of-request signal would close the
    # test's database connection (and its transaction); Django's own test client does this too.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield {"Authorization": f"Bearer {token_for(alice)}"}
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_input_gets_a_server_error(case: Any, world: dict[str, str]) -> None:
    case.call_and_validate(headers=world, checks=CHECKS)


class Workflows(schema.as_state_machine()):  # type: ignore[misc]
    """Chains of operations that follow the schema's links, with alice's token."""

    headers: dict[str, str] = {}
    answers: set[tuple[str, int]] = set()

    # Each chain starts from the same rows, so that a chain Hypothesis replays (to shrink a
    # failure) meets what it met the first time: otherwise a failure is reported only as
    # "inconsistent data generation", without the failure itself.
    def setup(self) -> None:
        self.savepoint = transaction.savepoint()

    def teardown(self) -> None:
        transaction.savepoint_rollback(self.savepoint)
        super().teardown()

    def after_call(self, response: Any, case: Any) -> None:
        self.answers.add((case.operation.label, response.status_code))

    def get_call_kwargs(self, case: Any) -> dict[str, Any]:
        return {"headers": self.headers}

    def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
        case.validate_response(response, checks=CHECKS)


# The longest of this module's tests, which are handed out one by one: it goes first.
@pytest.mark.slow(seconds=3)
@pytest.mark.django_db
def test_workflows_following_the_links_get_no_server_error(world: dict[str, str]) -> None:
    Workflows.headers = world
    Workflows.run(
        settings=settings(
            max_examples=WORKFLOWS,
            stateful_step_count=6,
            derandomize=True,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )
    # The chains got somewhere: links led to real rows (which ids exist depends on the
    # database's sequences, and which links the chains take on the operations there are, so
    # which rows may vary).
    found = {label for label, status in Workflows.answers if status != 404 and "{" in label}
    assert len(found) >= 2, found
