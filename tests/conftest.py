"""The test cast: alice organises the Dragons (public), bob is a member, charlie a viewer;
dave organises the Tigers (members only) and belongs nowhere else."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    load_backend,
)
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from games import services
from games.catalogs import catalogs_compile
from games.models import Club, Player, RuleSet, Season, Session
from scoring.chinese import use_english_script
from tests.browser.chromium import stop_chromium

# How long Hypothesis takes to draw or run an example depends on how busy the machine is (2
# shared cores, CI): no deadline and no "too slow" health check, which would fail a test for
# the machine's load rather than for what it checks. Each test's own @settings still apply.
hypothesis_settings.register_profile(
    "shared_machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("shared_machine")

PASSWORD = "correct-horse-battery"
HK_HALF = {"base": "2", "max_faan": 6, "responsibility": "half", "spiciness": "half"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest modules first, longest first (``slow(seconds=N)``), and the browser tests
    together at the end, so that a worker's run of them shares one Chromium: pytest-xdist
    (``--dist loadscope --no-loadscope-reorder``) hands modules out in this order."""
    items.sort(key=_order)


def _order(item: pytest.Item) -> tuple[int, float]:
    mark = item.get_closest_marker("slow")
    longest_first = -float(mark.kwargs["seconds"]) if mark else 0.0
    if item.get_closest_marker("browser"):
        return 1, 0.0
    return 0, longest_first


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """A run of browser tests shares one Chromium (``tests/browser/chromium.py``), stopped
    after the last of them, before a test that does not drive a browser (after the
    test's own fixtures are torn down)."""
    if nextitem is None or not nextitem.get_closest_marker("browser"):
        stop_chromium()


def pytest_configure(config: pytest.Config) -> None:
    """Pages are read in every language, so the catalogues are compiled first (once, by
    the process that starts any workers)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        catalogs_compile()


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A request leaves its language (and the English pages' script of Chinese) active on
    the thread, as Django's LocaleMiddleware does: each test ends back in the site's
    default, so that the next test, or an engine doctest on the same worker, starts in
    English."""
    yield
    translation.deactivate()
    use_english_script("hant")


def make_user(username: str) -> User:
    return User.objects.create_user(username=username, password=PASSWORD)


@pytest.fixture
def alice(db: Any) -> User:
    return make_user("alice")


@pytest.fixture
def bob(db: Any) -> User:
    return make_user("bob")


@pytest.fixture
def charlie(db: Any) -> User:
    return make_user("charlie")


@pytest.fixture
def dave(db: Any) -> User:
    return make_user("dave")


@pytest.fixture
def club(alice: User, bob: User, charlie: User) -> Club:
    club = services.club_create(
        name="Dragons", slug="dragons", visibility="public", organiser=alice
    )
    services.membership_set(club=club, user=bob, role="member")
    services.membership_set(club=club, user=charlie, role="viewer")
    return club


@pytest.fixture
def private_club(dave: User) -> Club:
    return services.club_create(name="Tigers", slug="tigers", visibility="members", organiser=dave)


@pytest.fixture
def players(club: Club) -> list[Player]:
    return [services.player_create(club=club, name=name) for name in "ABCD"]


@pytest.fixture
def rule_set(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="Half rules", family="hk", params=HK_HALF, by=alice
    )


@pytest.fixture
def season(club: Club, rule_set: RuleSet) -> Season:
    return services.season_save(club=club, name="Spring", rule_set=rule_set)


@pytest.fixture
def session(season: Season, players: list[Player], alice: User) -> Session:
    return services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=players, by=alice
    )


@pytest.fixture
def competition_session(club: Club, players: list[Player], alice: User, bob: User) -> Session:
    """A game under competition seating (the default of a new rule set) after five draws."""
    rules = services.rule_set_create(
        club=club, name="MCR competition", family="mcr", params={"seats": "competition"}, by=alice
    )
    season = services.season_save(club=club, name="MCR competition", rule_set=rules)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=players, by=alice
    )
    for _ in range(5):
        services.hand_record(session=session, hand_input={"outcome": "draw"}, by=bob)
    return session


ZUNG_JUNG = {
    "preset": "seed",
    "payoff": "each_loser_pays",
    "flowers": True,
    "minimum": 0,
    "illegal_call": 40,
}


@pytest.fixture
def zj_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="ZJ", family="zung_jung", params=ZUNG_JUNG, by=alice
    )


@pytest.fixture
def zj_session(club: Club, zj_rules: RuleSet, players: list[Player], alice: User) -> Session:
    season = services.season_save(club=club, name="ZJ season", rule_set=zj_rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 4, 1), players=players, by=alice
    )


def client_for(user: User | None) -> Client:
    """A client signed in as ``user``, its session written to the store as signing in leaves
    it. (Client.force_login also sends the sign-in signals, the last-login update and
    django-axes's log of the sign-in, which cost more than many tests' requests.)"""
    client = Client()
    if user is not None:
        session = import_module(settings.SESSION_ENGINE).SessionStore()
        session[SESSION_KEY] = user._meta.pk.value_to_string(user)
        session[BACKEND_SESSION_KEY] = BACKEND
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return client


# The backend a session names: the first that loads users, as Client.force_login picks it.
BACKEND = next(
    path for path in settings.AUTHENTICATION_BACKENDS if hasattr(load_backend(path), "get_user")
)


@pytest.fixture
def as_alice(alice: User) -> Client:
    return client_for(alice)


@pytest.fixture
def as_bob(bob: User) -> Client:
    return client_for(bob)


@pytest.fixture
def as_charlie(charlie: User) -> Client:
    return client_for(charlie)


@pytest.fixture
def as_dave(dave: User) -> Client:
    return client_for(dave)


@pytest.fixture(scope="session")
def migrated_sqlite(
    tmp_path_factory: pytest.TempPathFactory, django_db_setup: Any, django_db_blocker: Any
) -> Callable[[Path], Path]:
    """Gives a test a SQLite database file of its own with every migration applied, for the
    site's processes it starts. Made once per worker: on SQLite a copy of the (empty,
    migrated) test database, else by ``manage.py migrate``; each test gets a copy of it.

    pytest-django sets the test database up only when a selected test asks for one: until
    then the connection names the site's own file, which is never copied (a test using this
    fixture alone is marked ``django_db(transaction=True)`` so as to copy, not migrate)."""
    made = tmp_path_factory.mktemp("migrated") / "league.sqlite3"
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute("VACUUM INTO %s", [str(made)])
    else:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{made}"}
        env["DJANGO_SETTINGS_MODULE"] = "mahjong_league.settings"
        command = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
        subprocess.run(command, cwd=Path(__file__).parents[1], env=env, check=True)

    def copy(path: Path) -> Path:
        shutil.copyfile(made, path)
        return path

    return copy
