"""Entry ids name a hand within its club only (issue 32).

An entry id is the hand form's hidden id, the API's Idempotency-Key (or body ``client_id``)
or an import's id computed from public values. Anyone can make a club of their own and record
hands there with any id: used in another club, the same id must neither block, alter nor
reveal that club's games, by every path that writes hands. Bob, a member of the public
Dragons club, is the outsider; Dave's members-only Tigers club is the one to keep apart.
"""

from __future__ import annotations

import datetime as dt
import uuid
from functools import partial
from pathlib import Path

import pytest
from django.apps.registry import Apps
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from games import services
from games.importing import score_import
from games.importing.pmn_import import RecordFile, pmn_import, pmn_import_plan
from games.models import Club, Hand, Player, Season, Session
from scoring.score_files import HK_FORMAT
from tests.api.conftest import DISCARD, Api, token_for
from tests.conftest import HK_HALF
from tests.games.pages import new_hand_form, text

SELF_DRAWN = {"outcome": "self_drawn", "winner": 0, "faan": 3}
PMN = Path(__file__).parent / "data" / "example_1.pmn"
PLAYED_ON = dt.date(2026, 5, 1)
TIGER_FILE = "2024-01-05\nT0 T1 T2 T3\n- 2 d -\n1 - - -\n"
DRAGON_FILE = "2024-01-05\nA B C D\n- 2 d -\n1 - - -\n"


@pytest.fixture
def tiger_season(private_club: Club, dave: User) -> Season:
    for name in ("T0", "T1", "T2", "T3"):
        services.player_create(club=private_club, name=name)
    rules = services.rule_set_create(
        club=private_club, name="Tiger rules", family="hk", params=HK_HALF, by=dave
    )
    return services.season_save(club=private_club, name="Tiger season", rule_set=rules)


@pytest.fixture
def tiger_session(tiger_season: Season, dave: User) -> Session:
    players = list(tiger_season.club.players.order_by("name"))
    return services.session_start(
        season=tiger_season, played_on=dt.date(2026, 3, 2), players=players, by=dave
    )


def record(api: Api, session: Session, hand: dict[str, object], key: uuid.UUID) -> object:
    body = {"session": session.pk, "input": hand}
    return api.post("hands/", body, **{"Idempotency-Key": str(key)})


def take(session: Session, by: User, client_id: uuid.UUID) -> Hand:
    """The outsider records a hand in their own session with the id another club uses."""
    hand, created = services.hand_record(
        session=session, hand_input=SELF_DRAWN, by=by, client_id=client_id
    )
    assert created
    return hand


def test_an_outsiders_key_of_another_clubs_hand_neither_reveals_nor_alters_it(
    session: Session, tiger_session: Session, bob: User, dave: User
) -> None:
    key = uuid.uuid4()
    tigers_hand, _ = services.hand_record(
        session=tiger_session, hand_input=DISCARD, by=dave, client_id=key
    )

    response = record(Api(token_for(bob)), session, SELF_DRAWN, key)

    # a new hand in Bob's own session, as for any fresh key: nothing says the key is in use
    assert response.status_code == 201, response.json()  # type: ignore[attr-defined]
    assert Hand.objects.get(pk=response.json()["id"]).session == session  # type: ignore[attr-defined]
    tigers_hand.refresh_from_db()
    assert (tigers_hand.session, tigers_hand.input, tigers_hand.version) == (
        tiger_session,
        DISCARD,
        1,
    )


def test_a_key_taken_in_another_club_does_not_block_the_clubs_own_hand_or_its_retry(
    session: Session, tiger_session: Session, bob: User, dave: User
) -> None:
    key = uuid.uuid4()
    bobs_hand = take(session, bob, key)
    dave_api = Api(token_for(dave))

    first = record(dave_api, tiger_session, DISCARD, key)
    again = record(dave_api, tiger_session, DISCARD, key)

    assert (first.status_code, again.status_code) == (201, 200)  # type: ignore[attr-defined]
    assert again.json()["id"] == first.json()["id"]  # type: ignore[attr-defined]
    assert tiger_session.hands.get().client_id == key
    # and Bob's retry still finds his own hand
    retried, created = services.hand_record(
        session=session, hand_input=SELF_DRAWN, by=bob, client_id=key
    )
    assert (retried, created) == (bobs_hand, False)


def test_the_hand_form_and_its_outbox_record_once_with_an_id_another_club_took(
    as_bob: Client, session: Session, tiger_session: Session, dave: User
) -> None:
    key = uuid.uuid4()
    take(tiger_session, dave, key)
    url = f"/c/dragons/sessions/{session.pk}/hands/new/"
    outbox = {"X-Outbox": "1", "X-Outbox-Retry": "1"}

    saved = as_bob.post(url, new_hand_form(client_id=key), headers=outbox)
    resent = as_bob.post(url, new_hand_form(client_id=key), headers=outbox)

    assert saved.status_code == 200, text(saved)
    assert (saved.json()["created"], resent.json()["created"]) == (True, False)
    assert session.hands.get().client_id == key  # delivered exactly once
    assert tiger_session.hands.get().input == SELF_DRAWN


def test_a_pmn_import_is_not_blocked_by_its_game_id_taken_in_another_club(
    club: Club, session: Session, tiger_season: Season, bob: User, dave: User
) -> None:
    mcr = services.rule_set_create(
        club=tiger_season.club,
        name="MCR",
        family="mcr",
        params={"preset": "standard", "scoring": "duplicate"},
        by=dave,
    )
    season = services.season_save(club=tiger_season.club, name="MCR 2022", rule_set=mcr)
    files = [RecordFile(PMN.name, PMN.read_text(encoding="utf-8"))]
    plan = pmn_import_plan(season=season, rule_set=mcr, files=files, played_on=PLAYED_ON)
    (game,) = plan.games
    take(session, bob, game.client_id)  # the id is uuid5 of the club, season and the text

    result = pmn_import(
        season=season, rule_set=mcr, files=files, played_on=PLAYED_ON, by=dave,
        create_players=True,
    )  # fmt: skip

    assert (result.hands, result.skipped) == (1, 0)
    imported = Hand.objects.get(session__season=season)
    assert imported.client_id == game.client_id and imported.club == tiger_season.club
    again = pmn_import_plan(season=season, rule_set=mcr, files=files, played_on=PLAYED_ON)
    assert again.skipped == 1  # a second import of the file still finds the first


def test_a_score_file_import_is_not_blocked_by_its_ids_taken_in_another_club(
    session: Session, tiger_season: Season, bob: User
) -> None:
    section = f"{tiger_season.club_id}/{tiger_season.pk}/2024-01-05|T0 T1 T2 T3|0"
    taken = uuid.uuid5(score_import.NAMESPACE, f"{section}/1/- 2 d -")
    take(session, bob, taken)

    plan = score_import.import_scores(
        season=tiger_season, text=TIGER_FILE, score_format=HK_FORMAT, by=None
    )

    assert plan.new_hand_count == 2
    first = Hand.objects.get(session__season=tiger_season, number=1)
    assert first.client_id == taken and first.club == tiger_season.club
    again = score_import.import_scores(
        season=tiger_season, text=TIGER_FILE, score_format=HK_FORMAT, by=None
    )
    assert (again.new_hand_count, again.known_hand_count) == (0, 2)


def test_an_import_whose_id_the_club_used_elsewhere_is_refused_with_a_message(
    season: Season, session: Session, players: list[Player], bob: User
) -> None:
    """Within the club an id can still clash (a member can send any id): on either database
    the import is refused as a whole with its message, never with the database's error."""
    section = f"{season.club_id}/{season.pk}/2024-01-05|A B C D|0"
    take(session, bob, uuid.uuid5(score_import.NAMESPACE, f"{section}/1/- 2 d -"))
    with pytest.raises(score_import.ImportRefused) as refused:
        score_import.import_scores(season=season, text=DRAGON_FILE, score_format=HK_FORMAT, by=None)
    assert [str(problem) for problem in refused.value.problems] == [
        "The season changed meanwhile; try again."
    ]
    assert session.season.sessions.count() == 1  # nothing of the import was written


# --- the migration --------------------------------------------------------------------------

Node = tuple[str, str]


def before_hand_club() -> Node:
    """The migration before the one that gives hands their club (found by name, so that
    renumbering the migrations keeps this test)."""
    graph = MigrationExecutor(connection).loader.graph
    (target,) = [
        node for node in graph.nodes if node[0] == "games" and node[1].endswith("_hand_club")
    ]
    (previous,) = [node for node in graph.node_map[target].parents if node.key[0] == "games"]
    return previous.key


def migrate(node: Node | None) -> Apps:
    executor = MigrationExecutor(connection)
    targets = [node] if node else executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def old_hands(apps: Apps) -> dict[int, tuple[int, uuid.UUID]]:
    """Two clubs' hands as the league stored them before: each hand's club and entry id."""
    model = partial(apps.get_model, "games")
    stored = {}
    for slug in ("north", "south"):
        club = model("Club").objects.create(name=slug, slug=slug)
        rules = model("RuleSet").objects.create(club=club, name="HK", family="hk")
        version = model("RuleSetVersion").objects.create(rule_set=rules, number=1, params=HK_HALF)
        season = model("Season").objects.create(club=club, name="S", rule_set=rules)
        for day in (1, 2):
            session = model("Session").objects.create(
                club=club, season=season, rule_set_version=version, played_on=dt.date(2020, 1, day)
            )
            for number in (1, 2):
                hand = model("Hand").objects.create(
                    session=session, number=number, rule_set_version=version, input=DISCARD
                )
                stored[hand.pk] = (club.pk, hand.client_id)
    return stored


@pytest.mark.django_db(transaction=True)
def test_migrating_gives_every_stored_hand_its_club_and_keeps_its_entry_id() -> None:
    previous = before_hand_club()
    try:
        stored = old_hands(migrate(previous))
        hands = migrate(None).get_model("games", "Hand").objects
        migrated = {hand.pk: (hand.club_id, hand.client_id) for hand in hands.all()}
        # one club's entry id is free in the other club now
        north, south = sorted({club for club, _ in stored.values()})
        taken = next(client_id for club, client_id in stored.values() if club == north)
        first_south = hands.filter(club_id=south).first()
        hands.create(
            session=first_south.session,
            club_id=south,
            number=3,
            rule_set_version=first_south.rule_set_version,
            input=DISCARD,
            client_id=taken,
        )
    finally:
        migrate(None)
    assert migrated == stored and len(stored) == 8
