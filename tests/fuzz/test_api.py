"""Fuzz every API write: a valid body with one value spoiled, anywhere in its nesting.

Each operation starts from a body it accepts (``test_each_baseline_is_accepted``). The
sweep gives every value in the body, at any depth, each suspect in turn; the random part
replaces or removes one or two values with any JSON (strategies.py), or sends the whole
body as one. Every answer must be below 500, and every error must come in the API's one
JSON shape, ``{"status", "code", "message", "fields"}``, 500s included.
"""

from __future__ import annotations

import copy
import os
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from django.http import HttpResponse
from django.test import Client, override_settings
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games import services
from tests.fuzz.strategies import deep_nesting, dump_json, json_value
from tests.fuzz.world import FAMILIES, HAND_INPUTS, PARAMS, World, assert_api_answer, build_world

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=14)

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
    # No shrinking: the sweeps give the short reproductions, and CI's time stays bounded.
    phases=[Phase.explicit, Phase.generate],
)
REMOVE = object()
# Every value in a body gets each of these once, and every container a nesting too deep.
SUSPECTS: list[Any] = [2**31, 10**30, "²", "a\x00b", ["x"]]
TOO_DEEP = deep_nesting(20_000)
TEXT_SPOILS = ["a\x00b", "x" * 300, "²", ""]
HEADER_SPOILS = ['"2147483648"', '"²"', "x" * 300, ""]
Path = tuple[str | int, ...]


@dataclass(frozen=True)
class ApiWrite:
    """One write operation, a body it accepts, and the headers it needs."""

    name: str
    method: str
    path: Callable[[World], str]
    body: Callable[[World], Any] | None
    headers: dict[str, str] = field(default_factory=dict)
    query: Callable[[World], dict[str, str]] | None = None
    accepted: tuple[int, ...] = (200,)


def _league(family: str, attribute: str) -> Callable[[World], int]:
    return lambda w: getattr(w.leagues[family], attribute).pk


def _writes_for(family: str) -> list[ApiWrite]:
    session, hand = _league(family, "session"), _league(family, "hand")
    hand_input = HAND_INPUTS[family]
    return [
        ApiWrite(
            f"hands_create_{family}",
            "post",
            lambda w: "/api/v1/hands/",
            lambda w: {"session": session(w), "input": hand_input, "client_id": str(uuid.uuid4())},
            accepted=(201,),
        ),
        ApiWrite(
            f"hands_amend_{family}",
            "patch",
            lambda w: f"/api/v1/hands/{hand(w)}/",
            lambda w: {"input": hand_input, "reason": "typo"},
            headers={"If-Match": '"1"'},
        ),
        ApiWrite(
            f"settle_{family}",
            "post",
            lambda w: "/api/v1/settle/",
            lambda w: {"family": family, "params": PARAMS[family], "hand": hand_input},
        ),
    ]


def _rule_set_settle(w: World) -> dict[str, Any]:
    return {"rule_set": w.leagues["mcr"].rule_set.pk, "hand": HAND_INPUTS["mcr"]}


def _session_start(w: World) -> dict[str, Any]:
    return {
        "season": w.leagues["classical"].season.pk,
        "played_on": "2026-04-01",
        "players": [player.pk for player in w.players[:3]],
        "rule_set": w.leagues["classical"].rule_set.pk,
    }


def _empty_session(w: World) -> int:
    league = w.leagues["hk"]
    return services.session_start(
        season=league.season, played_on=league.session.played_on, players=w.players, by=w.alice
    ).pk


def _fined(w: World) -> int:
    """A penalty of its own (version 1) for an amendment or a deletion to start from."""
    league = w.leagues["hk"]
    fine = services.PenaltyInput(player=w.players[0], reason="lateness", amount=30)
    return services.penalty_record(session=league.session, penalty=fine, by=w.alice)[0].pk


def _penalty_body(w: World) -> dict[str, Any]:
    return {
        "session": w.leagues["hk"].session.pk,
        "player": w.players[1].pk,
        "reason": "other",
        "note": "left the table",
        "amount": 10,
        "zero_sum": False,
        "client_id": str(uuid.uuid4()),
    }


API_WRITES: list[ApiWrite] = [
    *[write for family in FAMILIES for write in _writes_for(family)],
    ApiWrite("settle_by_rule_set", "post", lambda w: "/api/v1/settle/", _rule_set_settle),
    ApiWrite(
        "evaluate_mcr",
        "post",
        lambda w: "/api/v1/evaluate/",
        lambda w: {
            "family": "mcr",
            "preset": "standard",
            "hand": {**HAND_INPUTS["zung_jung"]["hand"], "seat_wind": "2z", "bonus": "1f"},
        },
    ),
    ApiWrite(
        "evaluate_zung_jung",
        "post",
        lambda w: "/api/v1/evaluate/",
        lambda w: {"family": "zung_jung", "hand": HAND_INPUTS["zung_jung"]["hand"]},
    ),
    ApiWrite(
        "hands_delete",
        "delete",
        lambda w: f"/api/v1/hands/{w.leagues['big_two'].hand.pk}/",
        None,
        headers={"If-Match": '"1"'},
        query=lambda w: {"reason": "never played"},
        accepted=(204,),
    ),
    ApiWrite(
        "sessions_create",
        "post",
        lambda w: "/api/v1/sessions/",
        _session_start,
        accepted=(201,),
    ),
    ApiWrite(
        "sessions_update",
        "patch",
        lambda w: f"/api/v1/sessions/{w.leagues['mcr'].session.pk}/",
        lambda w: {"status": "closed"},
    ),
    ApiWrite(
        "sessions_delete",
        "delete",
        lambda w: f"/api/v1/sessions/{_empty_session(w)}/",
        None,
        accepted=(204,),
    ),
    ApiWrite(
        "penalties_create",
        "post",
        lambda w: "/api/v1/penalties/",
        _penalty_body,
        accepted=(201,),
    ),
    ApiWrite(
        "penalties_amend",
        "patch",
        lambda w: f"/api/v1/penalties/{_fined(w)}/",
        lambda w: {"player": w.players[2].pk, "amount": 40, "why": "It was C."},
        headers={"If-Match": '"1"'},
    ),
    ApiWrite(
        "penalties_delete",
        "delete",
        lambda w: f"/api/v1/penalties/{_fined(w)}/",
        None,
        headers={"If-Match": '"1"'},
        query=lambda w: {"why": "forgiven"},
        accepted=(204,),
    ),
]


def value_paths(value: Any, at: Path = ()) -> Iterator[Path]:
    """Every place in a JSON value, the value itself first."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from value_paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from value_paths(item, (*at, index))


def replaced(body: Any, path: Path, new: Any) -> Any:
    """A copy of ``body`` with the value at ``path`` replaced (or removed: ``REMOVE``)."""
    if not path:
        return new
    body = copy.deepcopy(body)
    parent = body
    for step in path[:-1]:
        parent = parent[step]
    if new is not REMOVE:
        parent[path[-1]] = new
    elif isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent.pop(path[-1])
    return body


@contextmanager
def rolled_back() -> Iterator[None]:
    with transaction.atomic():
        try:
            yield
        finally:
            transaction.set_rollback(True)


@override_settings(
    REST_FRAMEWORK={
        **django_settings.REST_FRAMEWORK,
        # Thousands of requests from one token: the limits have tests of their own.
        "DEFAULT_THROTTLE_RATES": {"token": None, "user": None, "anon": None},
    }
)
class ApiWriteFuzz(TestCase):
    world: World
    secret: str

    @classmethod
    def setUpTestData(cls) -> None:
        cls.world = build_world()
        _, cls.secret = services.api_token_create(user=cls.world.alice, name="t", read_only=False)
        # The token's first use is noted once here, not again by each rolled-back example.
        headers = {"Authorization": f"Bearer {cls.secret}"}
        assert Client().get("/api/v1/clubs/", headers=headers).status_code == 200

    def send(
        self,
        write: ApiWrite,
        body: Any,
        headers: dict[str, str] | None = None,
        query: dict[str, str] | None = None,
    ) -> HttpResponse:
        client = Client(raise_request_exception=False)
        path = write.path(self.world)
        all_headers = {"Authorization": f"Bearer {self.secret}", **write.headers, **(headers or {})}
        kwargs: dict[str, Any] = {"headers": all_headers}
        if write.query:
            kwargs["QUERY_STRING"] = urlencode({**write.query(self.world), **(query or {})})
        if body is not None:
            kwargs.update(data=dump_json(body), content_type="application/json")
        response = getattr(client, write.method)(path, **kwargs)
        assert_api_answer(response, f"{write.method.upper()} {path}")
        return response

    def sweep(self, write: ApiWrite) -> None:
        """Every value of the body, at any depth, every query parameter and header, with each
        suspect; no 5xx, and every error in the one shape."""
        body = write.body(self.world) if write.body else None
        trials: list[tuple[str, dict[str, Any]]] = []
        for path in value_paths(body) if body is not None else []:
            spoils = [*SUSPECTS, *([REMOVE] if path else [])]
            if isinstance(_at(body, path), dict | list):
                spoils.append(TOO_DEEP)
            place = ".".join(map(str, path)) or "(body)"
            trials += [
                (f"{place}={spoil!s:.20}", {"body": replaced(body, path, spoil)})
                for spoil in spoils
            ]
        for name in write.query(self.world) if write.query else []:
            trials += [(f"?{name}={text!r:.20}", {"query": {name: text}}) for text in TEXT_SPOILS]
        for name in (*write.headers, "Idempotency-Key"):
            trials += [
                (f"{name}: {text!r:.20}", {"headers": {name: text}}) for text in HEADER_SPOILS
            ]
        failures = []
        for label, spoil in trials:
            with rolled_back():
                try:
                    self.send(write, **{"body": body, **spoil})
                except AssertionError as failure:
                    failures.append(f"{label}: {str(failure).splitlines()[0]}")
        assert not failures, "\n".join(failures)

    def fuzz(self, write: ApiWrite, draw: st.DataObject) -> None:
        body = write.body(self.world) if write.body else None
        if body is not None:
            paths = list(value_paths(body))
            for _ in range(draw.draw(st.integers(1, 2), "spoils")):
                path = draw.draw(st.sampled_from(paths), "at")
                new = draw.draw(st.one_of(json_value(), st.just(REMOVE)), "value")
                if path and not _has(body, path):
                    continue
                body = replaced(body, path, new)
                if not path:
                    break
                paths = list(value_paths(body))
        headers = draw.draw(
            st.dictionaries(
                st.sampled_from(["If-Match", "Idempotency-Key"]),
                st.one_of(
                    st.sampled_from(['"1"', '"2147483648"', 'W/"1"', "", "x" * 300]),
                    st.text(st.characters(codec="latin-1", exclude_characters="\r\n"), max_size=20),
                ),
                max_size=1,
            ),
            "headers",
        )
        self.send(write, body, headers)

    def test_each_baseline_is_accepted(self) -> None:
        for write in API_WRITES:
            with self.subTest(write.name), rolled_back():
                response = self.send(write, write.body(self.world) if write.body else None)
                content = response.content.decode()[:500]
                assert response.status_code in write.accepted, (write.name, content)


def _at(body: Any, path: Path) -> Any:
    for step in path:
        body = body[step]
    return body


def _has(body: Any, path: Path) -> bool:
    try:
        _at(body, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _fuzz_test(write: ApiWrite) -> Callable[..., None]:
    @FUZZ
    @given(draw=st.data())
    def test(self: ApiWriteFuzz, draw: st.DataObject) -> None:
        self.fuzz(write, draw)

    test.__name__ = f"test_{write.name}_answers_no_server_error"
    return test


def _sweep_test(write: ApiWrite) -> Callable[..., None]:
    def test(self: ApiWriteFuzz) -> None:
        self.sweep(write)

    test.__name__ = f"test_{write.name}_survives_the_suspects"
    return test


for _write in API_WRITES:
    for _test in (_fuzz_test(_write), _sweep_test(_write)):
        setattr(ApiWriteFuzz, _test.__name__, _test)
