"""Fuzz every page form that writes: a valid submission with one or two fields spoiled.

Each form starts from a submission its page accepts (``test_each_baseline_is_accepted``
proves it, so the fuzz reaches the services and the engines rather than the first field
check). Each example then drops a field, gives it another value the page offers, or gives
it a hostile one (strategies.py), and spoils uploaded files a token at a time. No answer may
be a 5xx, nor an exception Django would turn into one. The world is built once per class and
each example runs in a transaction that is rolled back, so every example starts from it.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.http import HttpResponse
from django.test import Client, override_settings
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from games import services
from games.importing.jobs import run_import
from games.importing.models import ImportJob
from tests.conftest import client_for
from tests.fuzz.strategies import file_sweep, form_value, spoiled_text, sweep_values
from tests.fuzz.world import (
    DATA,
    OWN_RULES,
    PASSWORD,
    World,
    assert_no_server_error,
    build_world,
    form_fields,
)

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=30)

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
DROP = object()  # the field is left out of the submission
JUNK_FIELD = "unexpected_field"

HK_HAND = {"winner": "1", "how": "discard", "blamed": "2", "faan": "2"}
TILE_HAND = {"value_mode": "tiles", "melds": "", "bonus": ""}
HAND_FIELDS: dict[str, dict[str, Any]] = {
    "hk": HK_HAND,
    "zung_jung": {
        **TILE_HAND,
        "winner": "1",
        "how": "discard",
        "blamed": "2",
        "concealed": "123m456m789p234s55s",
        "winning_tile": "4s",
        "seat_wind": "1z",
        "prevailing_wind": "1z",
    },
    "mcr": {
        **TILE_HAND,
        "winner": "1",
        "how": "discard",
        "blamed": "0",
        "concealed": "123m456p789s789p55s",
        "winning_tile": "7s",
        # No winds: the hand's place in the game decides them (the form fills them in).
        "penalty_2": "-10",
    },
    "classical": {
        "mahjong": "0",
        "sets_0": "-111s 777z 345m 234p 55p",
        "sets_1": "PEM",
        "sets_2": "",
        "sets_3": "F1",
    },
    "big_two": {"cards_0": "0", "cards_1": "11", "cards_2": "12", "cards_3": "13", "takes_all": ""},
}
PARAMS_FIELDS: dict[str, dict[str, Any]] = {
    "hk": {"base": "1", "max_faan": "8", "responsibility": "full", "spiciness": "half"},
    "zung_jung": {
        "preset": "official",
        "payoff": "discarder_pays_all",
        "minimum": "5",
        "illegal_call": "40",
        "flowers": "on",
    },
    "mcr": {
        "preset": "standard",
        "flowers": "on",
        "false_win_penalty": "10",
        "scoring": "standard",
        "seats": "competition",
    },
    "classical": {"rules": "file", "text": OWN_RULES, "stake": "500", "payment_method": "1"},
    "big_two": {"fry_threshold": "10"},
}
HK_SCORES = "B=2\nM=6\nR=half\n2024-01-05\nA B C D\n- 2 d -\n1 - - -\nA B C Eve\n- - - f\n"
BIG_TWO_SCORES = "A B C D\n0 11 12 13\n1 1 1 0\n\nNew B C D\n3t 0 1 2\n"
Files = dict[str, tuple[str, str]]


@dataclass(frozen=True)
class PageForm:
    """A form that writes: where it posts, a submission it accepts, and who sends it."""

    name: str
    path: Callable[[World], str]
    data: Callable[[World], dict[str, Any]]
    user: str = "alice"  # "alice" organises, "bob" is a member, "" is nobody signed in
    accepted: tuple[int, ...] = (302,)
    page: Callable[[World], str] | None = None  # the page showing the form, if not ``path``
    files: Callable[[World], Files] | None = None
    fields: tuple[str, ...] = ()  # fields the page shows only at another step
    method: str = "post"
    # After the submission: a second request that the first one leads to (a confirmation).
    then: Callable[[Client, World, HttpResponse], HttpResponse | None] | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)


def club(path: str) -> Callable[[World], str]:
    return lambda w: f"/c/{w.club.slug}/{path}"


def league_path(family: str, path: str) -> Callable[[World], str]:
    def build(w: World) -> str:
        league = w.leagues[family]
        ids = {"session": league.session.pk, "hand": league.hand.pk, "season": league.season.pk}
        return f"/c/{w.club.slug}/" + path.format(**ids, rule_set=league.rule_set.pk)

    return build


def hidden_fields(response: HttpResponse) -> dict[str, str]:
    """The hidden inputs of a page (a preview's confirmation carries its state in them)."""
    html = response.content.decode()
    pairs = {}
    for tag in re.findall(r"<input[^>]*type=\"hidden\"[^>]*>", html):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and value and name.group(1) != "csrfmiddlewaretoken":
            pairs[name.group(1)] = value.group(1)
    return pairs


def confirm_score_import(client: Client, w: World, upload: HttpResponse) -> HttpResponse | None:
    """Confirm the uploaded file's import, adding the new players, when its page offers it;
    then run the job here, as a worker would, and answer its page. An import that crashed
    (rather than refused the file, by line) fails the test."""
    if upload.status_code != 302 or "/imports/" not in upload["Location"]:
        return None
    preview = client.get(upload["Location"])
    hidden = hidden_fields(preview)
    if preview.status_code != 200 or "digest" not in hidden:
        return preview
    client.post(upload["Location"] + "confirm/", {**hidden, "create_players": "on"})
    job = ImportJob.objects.get(pk=upload["Location"].rstrip("/").rsplit("/", 1)[1])
    if job.status == ImportJob.Status.QUEUED:
        run_import.call(str(job.pk))
        job.refresh_from_db()
    stopped = [p["message"] for p in job.problems if p["message"].startswith("The import stopped")]
    assert not stopped, stopped
    return client.get(upload["Location"])


def hand_forms(family: str) -> list[PageForm]:
    hand = HAND_FIELDS[family]
    new_hand = league_path(family, "sessions/{session}/hands/new/")
    return [
        PageForm(
            f"hand_new_{family}",
            new_hand,
            lambda w: {**hand, "client_id": str(uuid.uuid4()), "action": "save"},
            user="bob",
        ),
        PageForm(
            f"hand_preview_{family}",
            league_path(family, "sessions/{session}/hands/preview/"),
            lambda w: {**hand, "amending": "1"},
            user="bob",
            accepted=(200,),
            page=new_hand,
        ),
        PageForm(
            f"hand_edit_{family}",
            league_path(family, "hands/{hand}/edit/"),
            lambda w: {**hand, "version": "1", "reason": "typo"},
            user="bob",
        ),
    ]


def rule_set_forms(family: str) -> list[PageForm]:
    params = PARAMS_FIELDS[family]
    return [
        PageForm(
            f"rule_set_create_{family}",
            club(f"rules/new/{family}/"),
            lambda w: {"name": "New rules", **params},
        ),
        PageForm(
            f"rule_set_edit_{family}",
            league_path(family, "rules/{rule_set}/edit/"),
            lambda w: {"name": f"{family} rules", **params},
        ),
    ]


def score_import(family: str, text: str, score_format: str) -> PageForm:
    return PageForm(
        f"score_import_{family}",
        league_path(family, "seasons/{season}/import/"),
        lambda w: {"score_format": score_format, "undated_on": "2024-01-01"},
        accepted=(200, 302),
        files=lambda w: {"score_file": ("scores.txt", text)},
        then=confirm_score_import,
    )


def _token_path(w: World) -> str:
    token, _ = services.api_token_create(user=w.alice, name="old tool", read_only=True)
    return f"/accounts/tokens/{token.pk}/revoke/"


PAGE_FORMS: list[PageForm] = [
    PageForm(
        "club_create",
        lambda w: "/clubs/new/",
        lambda w: {"name": "Tigers", "slug": "tigers", "visibility": "members"},
    ),
    PageForm("player_create", club("players/"), lambda w: {"name": "Fay"}),
    PageForm(
        "player_edit",
        lambda w: f"/c/{w.club.slug}/players/{w.players[0].pk}/edit/",
        lambda w: {"name": "Ann"},
    ),
    PageForm(
        "invitation_create",
        club("members/invite/"),
        lambda w: {"role": "member", "player": str(w.spare.pk)},
        page=club("members/"),
    ),
    PageForm(
        "member_account_create",
        club("members/account/"),
        lambda w: {"username": "erin", "role": "member", "player": str(w.spare.pk)},
        page=club("members/"),
    ),
    PageForm(
        "invitation_sign_up",
        lambda w: f"/invite/{w.invitation.token}/",
        lambda w: {"username": "fay", "password": "a-long-enough-passphrase"},
        user="",
    ),
    PageForm(
        "sign_in",
        lambda w: "/accounts/login/",
        lambda w: {"username": "bob", "password": PASSWORD},
        user="",
    ),
    PageForm(
        "token_create",
        lambda w: "/accounts/tokens/",
        lambda w: {"name": "tool", "access": "write"},
        accepted=(200,),  # the page shows the new secret once
    ),
    PageForm("token_revoke", _token_path, lambda w: {}, page=lambda w: "/accounts/tokens/"),
    *[form for family in HAND_FIELDS for form in rule_set_forms(family)],
    PageForm(
        "rule_set_upload_classical",
        club("rules/new/classical/"),
        lambda w: {"name": "Uploaded", "rules": "file", "stake": "500"},
        files=lambda w: {"rules_file": ("house.rules", OWN_RULES)},
    ),
    PageForm(
        "season_create",
        club("seasons/new/"),
        lambda w: {"name": "Autumn", "rule_set": str(w.leagues["hk"].rule_set.pk)},
    ),
    PageForm(
        "season_edit",
        league_path("hk", "seasons/{season}/edit/"),
        lambda w: {
            "name": "Renamed",
            "rule_set": str(w.leagues["hk"].rule_set.pk),
            "starts_on": "2026-01-01",
            "ends_on": "2026-12-31",
        },
    ),
    PageForm(
        "session_start",
        club("sessions/new/"),
        lambda w: {
            "season": str(w.leagues["hk"].season.pk),
            "rule_set": "",
            "played_on": "2026-04-01",
            **{f"seat_{i}": str(player.pk) for i, player in enumerate(w.players)},
        },
    ),
    PageForm(
        "session_status",
        league_path("hk", "sessions/{session}/status/"),
        lambda w: {"status": "closed"},
        page=league_path("hk", "sessions/{session}/"),
    ),
    PageForm(
        "team_create",
        league_path("mcr", "seasons/{season}/teams/"),
        lambda w: {"name": "Red", "best_of": "1", "players": [str(w.players[0].pk)]},
    ),
    *[form for family in HAND_FIELDS for form in hand_forms(family)],
    PageForm(
        "hand_delete",
        league_path("classical", "hands/{hand}/delete/"),
        lambda w: {"version": "1", "reason": "never played"},
        user="bob",
    ),
    score_import("hk", HK_SCORES, "hk"),
    score_import("big_two", BIG_TWO_SCORES, "big_two"),
    PageForm(
        "importing:pmn",
        lambda w: f"/c/{w.club.slug}/seasons/{w.duplicate_season.pk}/import-pmn/",
        lambda w: {
            "rule_set": str(w.duplicate_season.rule_set_id),
            "played_on": "2026-05-01",
            "create_players": "on",
            "action": "import",
        },
        files=lambda w: {
            "files": ("example_1.pmn", (DATA / "example_1.pmn").read_text(encoding="utf-8"))
        },
        fields=("record_name", "record_text"),
    ),
    PageForm(
        "calculator",
        lambda w: "/calculator/",
        lambda w: {
            "rules": "mcr:standard",
            "concealed": "123m456p789s789p55s",
            "winning_tile": "7s",
            "seat_wind": "2z",
            "prevailing_wind": "1z",
            "format": "json",
        },
        user="",
        accepted=(200,),
        method="get",
    ),
    PageForm(
        "mers_ranking",
        lambda w: "/rankings/",
        lambda w: {"family": "riichi", "on": "2026-11-28"},
        user="",
        accepted=(200,),
        method="get",
    ),
]


@contextmanager
def rolled_back() -> Iterator[None]:
    """Undo whatever the block writes, so that the next submission meets the same world."""
    with transaction.atomic():
        try:
            yield
        finally:
            transaction.set_rollback(True)


def _client(sessions: dict[str, str], user: str) -> Client:
    """A client signed in as ``user`` (or nobody), through a session made once for the class:
    each example's writes, sessions included, are rolled back, so the session outlives them."""
    # Exceptions come back as the 500 a visitor would get, with ``exc_info`` for the report.
    client = Client(raise_request_exception=False)
    if user:
        client.cookies[django_settings.SESSION_COOKIE_NAME] = sessions[user]
    return client


def _session_of(user: User) -> str:
    """A signed-in session as a member's first page leaves it, holding their language choices:
    each example's writes are rolled back, so a session without them is read from the
    account and written again by every request."""
    client = client_for(user)
    assert client.get("/").status_code == 200
    return client.cookies[django_settings.SESSION_COOKIE_NAME].value


def _uploads(files: Files, texts: dict[str, bytes]) -> dict[str, SimpleUploadedFile]:
    return {
        name: SimpleUploadedFile(file_name, texts[name], content_type="text/plain")
        for name, (file_name, _) in files.items()
    }


@override_settings(
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    # Hundreds of sign-in attempts from one address: the lockout has tests of its own.
    AXES_ENABLED=False,
)
class PageFormFuzz(TestCase):
    """One test per form; the league is built once for all of them."""

    world: World
    sessions: dict[str, str]  # session key by user ("alice", "bob")
    offered: dict[str, dict[str, list[str]]] = {}
    follow: HttpResponse | None = None

    @classmethod
    def setUpTestData(cls) -> None:
        cls.world = build_world()
        cls.sessions = {name: _session_of(getattr(cls.world, name)) for name in ("alice", "bob")}

    def send(self, spec: PageForm, data: dict[str, Any], files: dict[str, Any]) -> HttpResponse:
        client = _client(self.sessions, spec.user)
        path = spec.path(self.world)
        if spec.method == "get":
            response = client.get(path, data)
        else:
            response = client.post(path, {**data, **files})
        assert_no_server_error(response, f"{spec.method.upper()} {path}")
        self.follow = spec.then(client, self.world, response) if spec.then else None
        if self.follow is not None:
            assert_no_server_error(self.follow, f"after {spec.method.upper()} {path}")
        return response

    def fields_of(self, spec: PageForm) -> dict[str, list[str]]:
        """The fields the form's page shows, and the values it offers for each."""
        if spec.name not in self.offered:
            page = (spec.page or spec.path)(self.world)
            response = _client(self.sessions, spec.user).get(page)
            assert response.status_code == 200, f"GET {page}: {response.status_code}"
            self.offered[spec.name] = form_fields(response)
        return self.offered[spec.name]

    def fuzz(self, spec: PageForm, draw: st.DataObject) -> None:
        data = spec.data(self.world)
        files = spec.files(self.world) if spec.files else {}
        offered = self.fields_of(spec)
        names = sorted({*offered, *data, *files, *spec.fields, JUNK_FIELD})
        texts = {name: text.encode() for name, (_, text) in files.items()}
        for name in files:
            texts[name] = draw.draw(
                st.one_of(spoiled_text(files[name][1]).map(str.encode), st.binary(max_size=64)),
                label=name,
            )
        for name in draw.draw(st.lists(st.sampled_from(names), min_size=0, max_size=2), "spoil"):
            value = draw.draw(
                st.one_of(
                    form_value(data.get(name, "")),
                    st.just(DROP),
                    st.sampled_from(offered.get(name) or [""]),
                ),
                label=name,
            )
            data.pop(name, None)
            if value is not DROP:
                data[name] = value
        self.send(spec, data, _uploads(files, texts))

    def sweep(self, spec: PageForm) -> None:
        """Each field in turn gets each suspect of its kind, the rest of the form valid."""
        data = spec.data(self.world)
        names = sorted({*self.fields_of(spec), *data, *spec.fields} - {"action", "client_id"})
        failures = []
        for name in names:
            for value in sweep_values(data.get(name, "")):
                with rolled_back():
                    try:
                        self.send(spec, {**data, name: value}, self.uploads(spec))
                    except AssertionError as failure:
                        failures.append(f"{name}={value[:20]!r}: {str(failure).splitlines()[0]}")
        failures += self.sweep_files(spec, data)
        assert not failures, "\n".join(failures)

    def sweep_files(self, spec: PageForm, data: dict[str, Any]) -> list[str]:
        """Each uploaded file with a NUL, then each of its numbers a suspect in turn."""
        files = spec.files(self.world) if spec.files else {}
        failures = []
        for name, (file_name, text) in files.items():
            for variant in file_sweep(text):
                texts = {other: body.encode() for other, (_, body) in files.items()}
                with rolled_back():
                    try:
                        self.send(spec, data, _uploads(files, {**texts, name: variant.encode()}))
                    except AssertionError as failure:
                        changed = next(
                            (line for line in variant.splitlines() if line not in text), ""
                        )
                        failures.append(
                            f"{file_name} {changed!r:.60}: {str(failure).splitlines()[0]}"
                        )
        return failures

    def uploads(self, spec: PageForm) -> dict[str, SimpleUploadedFile]:
        files = spec.files(self.world) if spec.files else {}
        return _uploads(files, {name: text.encode() for name, (_, text) in files.items()})

    def test_each_baseline_is_accepted(self) -> None:
        """The fuzz starts from submissions that work, so it gets past the first check."""
        for spec in PAGE_FORMS:
            with self.subTest(spec.name), rolled_back():
                response = self.send(spec, spec.data(self.world), self.uploads(spec))
                page = response.content.decode()
                errors = re.findall(r'"ok": false.*|class="errorlist.*', page)
                assert response.status_code in spec.accepted, (spec.name, errors or page[:300])
                assert not errors, (spec.name, errors)
                if spec.then is not None:  # the confirmation went through as well
                    assert self.follow is not None and self.follow.status_code == 200
                    assert "Imported " in self.follow.content.decode(), spec.name


def _fuzz_test(spec: PageForm) -> Callable[..., None]:
    @FUZZ
    @given(draw=st.data())
    def test(self: PageFormFuzz, draw: st.DataObject) -> None:
        self.fuzz(spec, draw)

    test.__name__ = f"test_{spec.name}_answers_no_server_error"
    test.__doc__ = f"Spoiled submissions of {spec.name} get a page or a redirect, never a 5xx."
    return test


def _sweep_test(spec: PageForm) -> Callable[..., None]:
    def test(self: PageFormFuzz) -> None:
        self.sweep(spec)

    test.__name__ = f"test_{spec.name}_survives_the_suspects"
    test.__doc__ = f"Each field of {spec.name} with each suspect of its kind: never a 5xx."
    return test


for _spec in PAGE_FORMS:
    for _test in (_fuzz_test(_spec), _sweep_test(_spec)):
        setattr(PageFormFuzz, _test.__name__, _test)
