"""Who may read and write what, for every route: one table per kind of request."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver

from games import services
from games.models import Club, Invitation, Player
from tests.conftest import make_user
from tests.games.pages import CLUB_MUTATIONS, ClubWorld, Mutation, build_world, snapshot

# Seconds it takes on one core: the slowest modules start first, so workers end together.
pytestmark = pytest.mark.slow(seconds=10)

FAST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

VISITORS = ["anonymous", "dave", "charlie", "bob", "alice"]
RANK = {"anonymous": 0, "dave": 0, "charlie": 1, "bob": 2, "alice": 3}
NEEDS = {"read": 0, "viewer": 1, "member": 2, "organiser": 3}

# Every page that answers GET under a club: (name, path, the least role that may open it).
CLUB_PAGES = [
    ("club", "/c/{slug}/", "read"),
    ("players", "/c/{slug}/players/", "read"),
    ("player", "/c/{slug}/players/{player}/", "read"),
    ("player_edit", "/c/{slug}/players/{player}/edit/", "organiser"),
    ("player_merge", "/c/{slug}/players/merge/", "organiser"),
    ("stats:ratings", "/c/{slug}/ratings/", "read"),
    ("members", "/c/{slug}/members/", "organiser"),
    ("club_settings", "/c/{slug}/settings/", "organiser"),
    ("archive:club", "/c/{slug}/archive/", "organiser"),
    ("archive:download", "/c/{slug}/archive/download/", "organiser"),
    ("webhooks:list", "/c/{slug}/webhooks/", "organiser"),
    ("rule_sets", "/c/{slug}/rules/", "read"),
    ("rule_set_create", "/c/{slug}/rules/new/hk/", "organiser"),
    ("rule_set_edit", "/c/{slug}/rules/{rule_set}/edit/", "organiser"),
    ("season_create", "/c/{slug}/seasons/new/", "organiser"),
    ("season", "/c/{slug}/seasons/{season}/", "read"),
    ("season_edit", "/c/{slug}/seasons/{season}/edit/", "organiser"),
    ("season_sessions", "/c/{slug}/seasons/{season}/sessions/", "read"),
    ("season_penalties", "/c/{slug}/seasons/{season}/penalties/", "read"),
    ("season_penalties_csv", "/c/{slug}/seasons/{season}/penalties.csv", "read"),
    ("importing:scores", "/c/{slug}/seasons/{season}/import/", "organiser"),
    ("importing:job", "/c/{slug}/imports/{import}/", "organiser"),
    ("importing:progress", "/c/{slug}/imports/{import}/progress/", "organiser"),
    ("season_export", "/c/{slug}/seasons/{season}/scores.txt", "read"),
    ("season_standings_file", "/c/{slug}/seasons/{season}/standings.csv", "read"),
    ("importing:pmn", "/c/{slug}/seasons/{season}/import-pmn/", "organiser"),
    ("importing:tenhou", "/c/{slug}/seasons/{season}/import-tenhou/", "organiser"),
    ("importing:games", "/c/{slug}/seasons/{season}/import-games/", "organiser"),
    ("importing:games_export", "/c/{slug}/seasons/{season}/games.jsonl", "read"),
    ("importing:game_file", "/c/{slug}/seasons/{season}/import-game/", "organiser"),
    ("session_start", "/c/{slug}/sessions/new/", "organiser"),
    ("session", "/c/{slug}/sessions/{session}/", "read"),
    ("session_live", "/c/{slug}/sessions/{session}/live/", "read"),
    ("session_rules", "/c/{slug}/sessions/{session}/rules/", "organiser"),
    ("session_rescore", "/c/{slug}/sessions/{session}/rescore/", "organiser"),
    ("hand_new", "/c/{slug}/sessions/{session}/hands/new/", "member"),
    ("penalty_new", "/c/{slug}/sessions/{session}/penalties/new/", "member"),
    ("hand_edit", "/c/{slug}/hands/{hand}/edit/", "member"),
    ("hand_delete", "/c/{slug}/hands/{hand}/delete/", "member"),
    ("hand_replay", "/c/{slug}/hands/{hand}/replay/", "read"),
]
# Routes outside any club, tested on their own below.
SITE_ROUTES = {
    "home",
    "health",
    "login",
    "logout",
    "password_reset_confirm",
    "password_reset_complete",
    "invitation",
    "calculator",
    "club_create",
    "archive:upload",  # any signed-in account loads a club: tests/games/archive/test_pages.py
    "tokens",  # a user's own API tokens: tests/api/test_tokens.py
    "token_revoke",
    # The installable app, for anyone (the kept-pages list is each person's own):
    # tests/games/test_offline.py
    "manifest",
    "service_worker",
    "offline",
    "offline_sessions",
    # One person across clubs, each club's part as its visibility allows:
    # tests/games/stats/test_profile.py
    "stats:person",
    "stats:people",  # everyone across the visible clubs: tests/games/stats/test_federation.py
    # The reader's language, for anyone, and the scripts' words: tests/languages/
    "language",
    "javascript_catalog",
}
# Pages only some rule families have, tested with a season of that family below.
# (A classical session's game file: tests/games/test_game_files.py; an MCR session's PMN
# records: tests/games/importing/test_pmn_export.py.)
FAMILY_PAGES = {"season_chart", "session_game_file", "importing:pmn_export"}
# Routes that address a membership or an invitation: tests/games/test_views_members.py.
MEMBER_ROUTES = {"member_role", "member_remove", "invitation_qr", "invitation_withdraw"}
# Routes of a webhook, which the worlds do not have: tests/games/webhooks/test_webhooks.py.
WEBHOOK_ROUTES = {"webhooks:resume", "webhooks:delete"}
# Undo, which only the member who recorded the hand may do, for a minute: tests/games/test_undo.py.
UNDO_ROUTES = {"hand_undo"}
# A merge's undo and a player's other names: tests/games/test_views_player_merge.py.
MERGE_ROUTES = {"player_merge_undo", "player_alias_add", "player_alias_remove"}
# A penalty's amendment and deletion, which the worlds have none of: tests/games/test_penalties.py.
PENALTY_ROUTES = {"penalty_edit", "penalty_delete"}


@dataclass(frozen=True)
class Matrix:
    """The cast and both clubs, built once for the module: each test runs inside a savepoint
    of the module's transaction, so whatever a test writes is gone before the next one."""

    users: dict[str, User]
    dragons: ClubWorld
    tigers: ClubWorld


@pytest.fixture(scope="module")
def matrix(django_db_setup: Any, django_db_blocker: Any) -> Iterator[Matrix]:
    with django_db_blocker.unblock(), override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        outer = transaction.atomic()
        outer.__enter__()
        try:
            users = {name: make_user(name) for name in ("alice", "bob", "charlie", "dave")}
            club = services.club_create(
                name="Dragons", slug="dragons", visibility="public", organiser=users["alice"]
            )
            services.membership_set(club=club, user=users["bob"], role="member")
            services.membership_set(club=club, user=users["charlie"], role="viewer")
            players = [services.player_create(club=club, name=name) for name in "ABCD"]
            dragons = build_world(club, users["alice"], players=players, recorder=users["bob"])
            tigers_club = services.club_create(
                name="Tigers", slug="tigers", visibility="members", organiser=users["dave"]
            )
            tigers = build_world(tigers_club, users["dave"])
        except BaseException:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            raise
    yield Matrix(users, dragons, tigers)
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


# The conftest's people and clubs, as the module built them (``db``: a savepoint per test).
@pytest.fixture
def alice(matrix: Matrix, db: Any) -> User:
    return matrix.users["alice"]


@pytest.fixture
def bob(matrix: Matrix, db: Any) -> User:
    return matrix.users["bob"]


@pytest.fixture
def charlie(matrix: Matrix, db: Any) -> User:
    return matrix.users["charlie"]


@pytest.fixture
def dave(matrix: Matrix, db: Any) -> User:
    return matrix.users["dave"]


@pytest.fixture
def club(matrix: Matrix, db: Any) -> Club:
    return matrix.dragons.club


@pytest.fixture
def private_club(matrix: Matrix, db: Any) -> Club:
    return matrix.tigers.club


@pytest.fixture
def players(matrix: Matrix, db: Any) -> list[Player]:
    return matrix.dragons.players


@pytest.fixture
def dragons(matrix: Matrix, db: Any) -> ClubWorld:
    return matrix.dragons


@pytest.fixture
def tigers(matrix: Matrix, db: Any) -> ClubWorld:
    return matrix.tigers


@pytest.fixture
def worlds(dragons: ClubWorld, tigers: ClubWorld) -> dict[str, ClubWorld]:
    return {"dragons": dragons, "tigers": tigers}


def client_of(request: pytest.FixtureRequest, who: str) -> Client:
    if who == "anonymous":
        return Client()
    client: Client = request.getfixturevalue(f"as_{who}")
    return client


def login_redirect(path: str) -> str:
    return f"/accounts/login/?next={path}"


# The site's pages whose permissions these tables cover (the events app has its own tests);
# the core's names are written without their namespace (league:).
PAGE_NAMESPACES = {"league", "importing", "stats", "webhooks", "archive"}


def route_names(patterns: list[URLPattern | URLResolver], namespace: str = "") -> set[str]:
    """Every named route, with its namespace (``webhooks:list``)."""
    names = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            names |= route_names(pattern.url_patterns, inner)
        elif pattern.name:
            names.add(namespace + pattern.name)
    return names


def test_the_tables_cover_every_route() -> None:
    every = route_names(get_resolver().url_patterns)
    names = {
        name.removeprefix("league:") for name in every if name.split(":")[0] in PAGE_NAMESPACES
    }
    covered = {name for name, _, _ in CLUB_PAGES} | {m.name for m in CLUB_MUTATIONS}
    others = SITE_ROUTES | FAMILY_PAGES | MEMBER_ROUTES | WEBHOOK_ROUTES | UNDO_ROUTES
    others |= MERGE_ROUTES
    others |= PENALTY_ROUTES
    assert names == covered | others


def expected_in_public_club(who: str, needs: str) -> int | str:
    """200 if the role suffices; else anonymous signs in first and the others are refused."""
    if RANK[who] >= NEEDS[needs]:
        return 200
    return "login" if who == "anonymous" else 403


@pytest.mark.parametrize("who", VISITORS)
@pytest.mark.parametrize(("name", "path", "needs"), CLUB_PAGES, ids=[p[0] for p in CLUB_PAGES])
def test_a_public_club_page_answers_each_role_as_it_may(
    request: pytest.FixtureRequest, worlds: Any, who: str, name: str, path: str, needs: str
) -> None:
    url = path.format(**worlds["dragons"].ids())
    response = client_of(request, who).get(url)
    expected = expected_in_public_club(who, needs)
    if expected == "login":
        assert response.status_code == 302
        assert response["Location"] == login_redirect(url)
    else:
        assert response.status_code == expected


@pytest.mark.parametrize("who", VISITORS)
@pytest.mark.parametrize(("name", "path", "needs"), CLUB_PAGES, ids=[p[0] for p in CLUB_PAGES])
def test_a_members_only_club_is_hidden_from_everyone_but_its_members(
    request: pytest.FixtureRequest, worlds: Any, who: str, name: str, path: str, needs: str
) -> None:
    url = path.format(**worlds["tigers"].ids())
    response = client_of(request, who).get(url)
    if who == "dave":
        assert response.status_code == 200
    elif who == "anonymous" and needs != "read":
        # Sign in first, exactly as for a club that does not exist: nothing is given away.
        assert response.status_code == 302
        assert response["Location"] == login_redirect(url)
        missing = path.format(**{**worlds["tigers"].ids(), "slug": "no-such-club"})
        assert Client().get(missing)["Location"] == login_redirect(missing)
    else:
        assert response.status_code == 404
        assert b"Tigers" not in response.content


def expected_post(who: str, club: str, mutation: Mutation) -> int | str:
    if club == "tigers":
        if who == "dave":
            return mutation.status
        return "hidden" if who == "anonymous" else 404
    if RANK[who] >= NEEDS[mutation.role]:
        return mutation.status
    return "login" if who == "anonymous" else 403


@pytest.mark.parametrize("slug", ["dragons", "tigers"])
@pytest.mark.parametrize("who", VISITORS)
@pytest.mark.parametrize("mutation", CLUB_MUTATIONS, ids=[m.name for m in CLUB_MUTATIONS])
def test_only_a_role_that_may_write_changes_anything(
    request: pytest.FixtureRequest, worlds: Any, slug: str, who: str, mutation: Mutation
) -> None:
    world = worlds[slug]
    url = mutation.url(world)
    client = client_of(request, who)
    before = snapshot()

    response = client.post(url, mutation.data(world))

    expected = expected_post(who, slug, mutation)
    if expected == "login":
        assert response.status_code == 302
        assert response["Location"] == login_redirect(url)
    elif expected == "hidden":
        # Anonymous: either sign in first or 404, but the same as for a club that does not exist.
        missing = mutation.url(world, slug="no-such-club")
        other = Client().post(missing, mutation.data(world))
        assert response.status_code == other.status_code
        assert response.status_code in (302, 404)
    else:
        assert response.status_code == expected
    permitted = expected == mutation.status
    assert (snapshot() != before) == (permitted and mutation.writes)


# --- objects of another club, addressed under this club's slug --------------------------

OBJECT_PAGES = [page for page in CLUB_PAGES if "{" in page[1].replace("{slug}", "")]
OBJECT_MUTATIONS = [m for m in CLUB_MUTATIONS if "{" in m.path.replace("{slug}", "")]


@pytest.mark.parametrize(
    ("own", "other", "who"), [("dragons", "tigers", "alice"), ("tigers", "dragons", "dave")]
)
@pytest.mark.parametrize(("name", "path", "needs"), OBJECT_PAGES, ids=[p[0] for p in OBJECT_PAGES])
def test_another_clubs_object_under_this_clubs_address_is_not_found(
    request: pytest.FixtureRequest,
    worlds: Any,
    own: str,
    other: str,
    who: str,
    name: str,
    path: str,
    needs: str,
) -> None:
    url = path.format(**{**worlds[other].ids(), "slug": own})
    response = client_of(request, who).get(url)
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("own", "other", "who"), [("dragons", "tigers", "alice"), ("tigers", "dragons", "dave")]
)
@pytest.mark.parametrize("mutation", OBJECT_MUTATIONS, ids=[m.name for m in OBJECT_MUTATIONS])
def test_nobody_writes_another_clubs_object_through_their_own_club(
    request: pytest.FixtureRequest,
    worlds: Any,
    own: str,
    other: str,
    who: str,
    mutation: Mutation,
) -> None:
    before = snapshot()
    url = mutation.url(worlds[other], slug=own)
    response = client_of(request, who).post(url, mutation.data(worlds[other]))
    assert response.status_code == 404
    assert snapshot() == before


def test_an_organiser_cannot_seat_another_clubs_player(
    as_alice: Client, dragons: ClubWorld, tigers: ClubWorld
) -> None:
    before = snapshot()
    data = {
        "season": dragons.season.pk,
        "played_on": "2026-04-01",
        "seat_0": tigers.players[0].pk,
        **{f"seat_{i}": player.pk for i, player in enumerate(dragons.players[1:], start=1)},
    }
    response = as_alice.post("/c/dragons/sessions/new/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["seat_0"]
    assert snapshot() == before


def test_an_organiser_cannot_use_another_clubs_rule_set_or_season(
    as_alice: Client, dragons: ClubWorld, tigers: ClubWorld
) -> None:
    before = snapshot()
    season = as_alice.post(
        "/c/dragons/seasons/new/", {"name": "Stolen", "rule_set": tigers.rule_set.pk}
    )
    session = as_alice.post(
        "/c/dragons/sessions/new/",
        {
            "season": tigers.season.pk,
            "rule_set": tigers.rule_set.pk,
            "played_on": "2026-04-01",
            **{f"seat_{i}": player.pk for i, player in enumerate(dragons.players)},
        },
    )
    assert season.status_code == 200 and season.context["form"].errors["rule_set"]
    assert session.status_code == 200
    assert set(session.context["form"].errors) == {"season", "rule_set"}
    assert snapshot() == before


def test_an_organiser_cannot_invite_as_another_clubs_player(
    as_alice: Client, dragons: ClubWorld, tigers: ClubWorld
) -> None:
    stolen = tigers.players[0].pk
    invite = as_alice.post(
        "/c/dragons/members/invite/", {"role": "member", "player": stolen}, follow=True
    )
    account = as_alice.post(
        "/c/dragons/members/account/",
        {"username": "mallory", "role": "member", "player": stolen},
        follow=True,
    )
    assert [str(m) for m in invite.context["messages"]] == [
        "Choose a role and, if you like, an unlinked player."
    ]
    assert [str(m) for m in account.context["messages"]] == ["Enter a username and a role."]
    assert not Invitation.objects.exists()
    assert not User.objects.filter(username="mallory").exists()
    tigers.players[0].refresh_from_db()
    assert tigers.players[0].user is None


def test_a_player_page_lists_only_this_clubs_hands(
    as_dave: Client, dragons: ClubWorld, tigers: ClubWorld
) -> None:
    response = as_dave.get(f"/c/tigers/players/{tigers.players[1].pk}/")
    assert response.status_code == 200
    assert [score.hand_id for score in response.context["hands"]] == [tigers.hand.pk]


# --- routes outside any club --------------------------------------------------------------


def test_the_front_page_lists_public_clubs_and_only_ones_own_private_clubs(
    worlds: Any, as_alice: Client, as_dave: Client
) -> None:
    assert [c.slug for c in Client().get("/").context["clubs"]] == ["dragons"]
    assert [c.slug for c in as_alice.get("/").context["clubs"]] == ["dragons"]
    assert [c.slug for c in as_dave.get("/").context["clubs"]] == ["dragons", "tigers"]


def test_the_sign_in_page_answers_anyone() -> None:
    assert Client().get("/accounts/login/").status_code == 200


def test_signing_out_takes_a_post_and_ends_the_session(as_bob: Client, club: Club) -> None:
    assert as_bob.get("/accounts/logout/").status_code == 405
    assert as_bob.post("/accounts/logout/").status_code == 302
    assert as_bob.get("/c/dragons/members/invite/").status_code == 302


def test_a_bogus_set_password_link_says_it_is_no_longer_valid(db: Any) -> None:
    response = Client().get("/accounts/set-password/MQ/bogus-token/")
    assert response.status_code == 200
    assert response.context["validlink"] is False
    assert Client().get("/accounts/set-password/done/").status_code == 200


def test_an_unknown_invitation_is_not_found(db: Any) -> None:
    assert Client().get("/invite/no-such-token/").status_code == 404


def test_the_calculator_answers_anyone_and_stores_nothing(worlds: Any, as_bob: Client) -> None:
    before = snapshot()
    for client in (Client(), as_bob):
        assert client.get("/calculator/").status_code == 200
        assert (
            client.get("/calculator/", {"concealed": "junk", "format": "json"}).status_code == 200
        )
    assert snapshot() == before


def test_starting_a_club_needs_a_signed_in_user(db: Any, as_dave: Client) -> None:
    data = {"name": "Phoenix", "slug": "phoenix", "visibility": "public"}
    response = Client().post("/clubs/new/", data)
    assert response.status_code == 302
    assert response["Location"] == login_redirect("/clubs/new/")
    assert not Club.objects.filter(slug="phoenix").exists()

    assert as_dave.post("/clubs/new/", data).status_code == 302
    club = Club.objects.get(slug="phoenix")
    assert club.memberships.get().user.username == "dave"
    assert club.memberships.get().role == "organiser"


def test_pages_offer_only_the_actions_a_role_may_take(
    dragons: ClubWorld, as_alice: Client, as_bob: Client, as_charlie: Client
) -> None:
    sheet = f"/c/dragons/sessions/{dragons.session.pk}/"
    edit = f"/c/dragons/hands/{dragons.hand.pk}/edit/"
    for client, records, manages in (
        (Client(), False, False),
        (as_charlie, False, False),
        (as_bob, True, False),
        (as_alice, True, True),
    ):
        page = client.get(sheet).content.decode()
        assert ('id="add-hand"' in page) == records
        assert (edit in page) == records
        assert ("Close session" in page) == manages
        assert ("/c/dragons/members/" in client.get("/c/dragons/").content.decode()) == manages


@pytest.mark.parametrize("who", VISITORS)
def test_a_big_two_chart_is_hidden_outside_a_members_only_club(
    request: pytest.FixtureRequest, private_club: Club, dave: User, who: str
) -> None:
    rules = services.rule_set_create(
        club=private_club, name="Cards", family="big_two", params={"fry_threshold": 10}, by=dave
    )
    season = services.season_save(club=private_club, name="Cards", rule_set=rules)
    response = client_of(request, who).get(f"/c/tigers/seasons/{season.pk}/charts/wins-net.svg")
    if who == "dave":
        assert response.status_code == 200
        assert response["Content-Type"] == "image/svg+xml"
    else:
        assert response.status_code == 404
