"""The test cast: alice organises the Dragons (public), bob is a member, charlie a viewer;
dave organises the Tigers (members only) and belongs nowhere else."""

from __future__ import annotations

import datetime as dt
import gc
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
from schemathesis.pytest.plugin import SchemathesisFunction
from xdist.scheduler import LoadScopeScheduling

from games import services
from games.catalogs import catalogs_compile
from games.models import Club, Player, RuleSet, Season, Session
from scoring.chinese import use_english_script
from tests.browser import stop_chromium
from tests.frame_stack import call_in_a_large_frame

PASSWORD = "correct-horse-battery"
HK_HALF = {"base": "2", "max_faan": 6, "responsibility": "half", "spiciness": "half"}
# Collections of the middle generation before a full one: more than a run of the suite makes.
FULL_COLLECTION_NEVER = 1_000_000


# Modules whose tests are handed out to the workers one by one (each a work unit of its own),
# after every other: schemathesis's thirty tests of about 2 s even out the workers' ends.
ONE_BY_ONE = ("tests/api/test_schemathesis.py::",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest modules first, longest first (``slow(seconds=N)``), the rest as collected,
    the ``ONE_BY_ONE`` tests last (they too longest first): pytest-xdist
    (``--no-loadscope-reorder``) hands modules out in this order, so the two workers are not
    left waiting on one long module at the end.

    Under pytest 9.2, schemathesis (4.32) names each operation's test but all of them get
    the test function's node id; each gets its own (``[operation]``), so that reports and
    pytest-xdist tell them apart."""
    for item in items:
        if isinstance(item, SchemathesisFunction) and item.operation_label:
            item._id = item.id.with_params(item.operation_label)
    items.sort(key=_order)


def _order(item: pytest.Item) -> tuple[int, float]:
    mark = item.get_closest_marker("slow")
    longest_first = -float(mark.kwargs["seconds"]) if mark else 0.0
    if item.nodeid.startswith(ONE_BY_ONE):
        return 2, longest_first
    if item.get_closest_marker("browser"):  # together, so that they share one Chromium
        return 1, 0.0
    return 0, longest_first


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """A run of browser tests shares one Chromium (``tests/browser.py``), stopped after the
    last of them, before a test that does not drive a browser. After a module's last test
    (and after the run's), the garbage is collected."""
    try:
        return (yield)
    finally:
        if nextitem is None or not nextitem.get_closest_marker("browser"):
            stop_chromium()
        if nextitem is None or nextitem.path != item.path:
            set_aside_what_lives()


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> Any:
    """The test loop (pytest's, or a pytest-xdist worker's) runs inside one large frame:
    CPython then stops mapping memory for the frames of deep calls (tests/frame_stack.py)."""
    plugins = session.config.pluginmanager
    loop = plugins.subset_hook_caller("pytest_runtestloop", remove_plugins=[sys.modules[__name__]])
    return call_in_a_large_frame(lambda: loop(session=session))


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadscope``, but each ``ONE_BY_ONE`` test is a scope of its own."""
    if config.getvalue("dist") != "loadscope":
        return None
    return OneByOneScopes(config, log)


class OneByOneScopes(LoadScopeScheduling):  # type: ignore[misc]
    def _split_scope(self, nodeid: str) -> str:
        return nodeid if nodeid.startswith(ONE_BY_ONE) else super()._split_scope(nodeid)

    def _reschedule(self, node: Any) -> None:
        """A worker is given the next ``ONE_BY_ONE`` test when it holds one test besides
        the one it runs (pytest-xdist gives more work at two): at the end of the run, the
        first worker to finish has less left on the other to wait for."""
        waiting = next(iter(self.workqueue), "")
        if waiting.startswith(ONE_BY_ONE) and self._pending_of(self.assigned_work[node]) > 1:
            return
        super()._reschedule(node)


def pytest_configure(config: pytest.Config) -> None:
    """Pages are read in every language, so the catalogues are compiled first (once, by
    the process that starts any workers)."""
    if not hasattr(config, "workerinput"):
        catalogs_compile()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Most of a worker's objects are made before its first test (Django's apps, the test
    items, schemathesis's schema, Hypothesis's strategies) and live to the end of the run.
    So the garbage collector sets them aside (``gc.freeze``) and makes no full collection
    of its own: each full pass walked the whole heap again, about 25 passes of a quarter
    second each a worker, a tenth of the run. What a test makes that outlives the young
    collections is collected when its module ends (:func:`set_aside_what_lives`)."""
    set_aside_what_lives()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_NEVER)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The same at the end of the session, in the process that started the workers too:
    pytest's own collections at its exit then walk only what is made after, not the whole
    heap again (two passes, a second at the end of the run)."""
    set_aside_what_lives()


def set_aside_what_lives() -> None:
    """A full collection, then what is left is set aside: the next full collection walks
    only what is made after. Made after each module (its fixtures torn down), each pass
    walks only that module's leavings, and the last test of the run leaves little for the
    last pass and pytest's own at its exit: one pass at the end over all of them took a
    second and a half, while the other worker had finished. (Its finalisers' unraisable
    exceptions are found there, and pytest reports them.) A worker peaks at about 510 MB."""
    gc.collect()
    gc.freeze()


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
