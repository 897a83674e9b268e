"""Penalties over the API: recorded, amended and deleted by organisers through the services,
seen in the session's totals and the season's and event's standings; idempotent; bad input
named; another club's penalties kept out."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import selectors
from games import services as core
from games.events import selectors as event_selectors
from games.events import services as event_services
from games.models import Club, Penalty, Player, Session
from games.services import PenaltyInput
from games.totals import totals_differences
from tests.api.conftest import Api
from tests.api.test_schema import schema_of
from tests.games.events.factories import EMA, event_with_players, family_season

LATE = {"reason": "lateness", "amount": 30, "zero_sum": True}


def body(session: Session, player: Player, **fields: Any) -> dict[str, Any]:
    return {"session": session.pk, "player": player.pk, **LATE, **fields}


def standing(api: Api, session: Session, name: str) -> dict[str, Any]:
    rows = api.get(f"seasons/{session.season_id}/standings/").json()["rows"]
    return next(row for row in rows if row["name"] == name)


def test_a_penalty_recorded_amended_and_deleted_shows_in_the_totals_and_standings(
    api_alice: Api, session: Session, players: list[Player], hand: Any
) -> None:
    made = api_alice.post("penalties/", body(session, players[0]))
    assert made.status_code == 201, made.json()
    penalty = made.json()
    assert made["ETag"] == '"1"' and made["Location"] == f"/api/v1/penalties/{penalty['id']}/"
    assert (penalty["name"], penalty["reason"], penalty["amount"]) == ("A", "lateness", 30)
    assert penalty["changes"] == ["-30", "10", "10", "10"]
    assert (penalty["recorded_by"], penalty["revisions"]) == ("alice", [])

    read = api_alice.get(f"sessions/{session.pk}/").json()
    assert read["penalties"] == ["-30", "10", "10", "10"]
    finals = [
        Decimal(t) + Decimal(p) for t, p in zip(read["totals"], read["penalties"], strict=True)
    ]
    assert [Decimal(total) for total in read["final_totals"]] == finals
    assert standing(api_alice, session, "A")["penalties"] == "-30"
    assert standing(api_alice, session, "B")["penalties"] == "10"

    url = f"penalties/{penalty['id']}/"
    amended = api_alice.patch(url, {"amount": 60, "why": "Late twice."}, **{"If-Match": '"1"'})
    assert amended.status_code == 200, amended.json()
    assert (amended.json()["amount"], amended.json()["version"]) == (60, 2)
    assert amended.json()["reason"] == "lateness"  # what was not sent stays
    assert api_alice.get(f"sessions/{session.pk}/").json()["penalties"] == ["-60", "20", "20", "20"]
    assert standing(api_alice, session, "A")["penalties"] == "-60"

    deleted = api_alice.delete(f"{url}?why=Forgiven.", **{"If-Match": '"2"'})
    assert deleted.status_code == 204
    assert api_alice.get(f"sessions/{session.pk}/").json()["penalties"] == ["0", "0", "0", "0"]
    assert standing(api_alice, session, "A")["penalties"] == "0"
    history = api_alice.get(url).json()
    assert history["deleted_at"] is not None and history["changes"] == []
    assert [(r["action"], r["why"]) for r in history["revisions"]] == [
        ("amend", "Late twice."),
        ("delete", "Forgiven."),
    ]
    assert history["revisions"][0]["previous"]["amount"] == 30
    assert api_alice.get(f"penalties/?session={session.pk}").json()["results"] == []
    assert [str(d) for d in totals_differences(session_ids=[session.pk])] == []


@pytest.mark.parametrize(
    ("amount", "zero_sum", "changes"),
    [
        (100, True, ["33", "-100", "34", "33"]),  # the unit left goes to the seat after
        (90, True, ["30", "-90", "30", "30"]),
        (90, False, ["0", "-90", "0", "0"]),  # only taken away
    ],
)
def test_a_zero_sum_penalty_sums_to_zero_and_one_that_is_not_is_only_taken(
    api_alice: Api,
    session: Session,
    players: list[Player],
    amount: int,
    zero_sum: bool,
    changes: list[str],
) -> None:
    made = api_alice.post(
        "penalties/", body(session, players[1], amount=amount, zero_sum=zero_sum)
    ).json()
    assert made["changes"] == changes
    assert sum(int(change) for change in made["changes"]) == (0 if zero_sum else -amount)
    read = api_alice.get(f"sessions/{session.pk}/").json()
    assert sum(Decimal(change) for change in read["penalties"]) == (0 if zero_sum else -amount)


def test_a_chombo_sent_without_an_amount_costs_what_the_rules_say(
    api_alice: Api, session: Session, players: list[Player]
) -> None:
    preset = selectors.session_penalty_preset(session=session)
    made = api_alice.post(
        "penalties/", {"session": session.pk, "player": players[2].pk, "reason": "chombo"}
    )
    assert made.status_code == 201, made.json()
    assert (made.json()["amount"], made.json()["zero_sum"]) == (preset.chombo, preset.zero_sum)


def test_a_retry_returns_the_first_penalty_and_another_body_is_refused(
    api_alice: Api, session: Session, players: list[Player]
) -> None:
    key = {"Idempotency-Key": "late-A-1"}
    first = api_alice.post("penalties/", body(session, players[0]), **key)
    again = api_alice.post("penalties/", body(session, players[0]), **key)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]
    other = api_alice.post("penalties/", body(session, players[0], amount=31), **key)
    assert other.status_code == 422
    assert other.json()["fields"]["client_id"] == [
        "This entry id was already used for a different penalty."
    ]
    assert Penalty.objects.count() == 1


def test_a_retry_after_an_amendment_still_gets_the_first_penalty(
    api_alice: Api, session: Session, players: list[Player]
) -> None:
    key = {"Idempotency-Key": "late-A-2"}
    first = api_alice.post("penalties/", body(session, players[0]), **key).json()
    api_alice.patch(f"penalties/{first['id']}/", {"amount": 5, "why": "x"}, **{"If-Match": '"1"'})
    again = api_alice.post("penalties/", body(session, players[0]), **key)
    assert again.status_code == 200 and again.json()["amount"] == 5


def test_members_record_amend_and_delete_as_on_the_session_page(
    api_bob: Api, api_dave: Api, session: Session, players: list[Player]
) -> None:
    """A member records the table's penalties, as on the session page; a signed-in outsider
    of this public club reads them but changes nothing."""
    assert api_dave.post("penalties/", body(session, players[0])).status_code == 403
    made = api_bob.post("penalties/", body(session, players[0]))
    assert made.status_code == 201, made.json()
    url = f"penalties/{made.json()['id']}/"
    assert api_dave.get(url).status_code == 200
    tag = {"If-Match": api_bob.get(url)["ETag"]}
    assert api_dave.patch(url, {"amount": 1, "why": "x"}, **tag).status_code == 403
    assert api_dave.delete(f"{url}?why=x", **tag).status_code == 403
    amended = api_bob.patch(url, {"amount": 1, "why": "typed 30"}, **tag)
    assert amended.status_code == 200 and Penalty.objects.get().amount == 1
    tag = {"If-Match": amended["ETag"]}
    assert api_bob.delete(f"{url}?why=not fined", **tag).status_code in (200, 204)
    assert Penalty.objects.get().deleted_at is not None


def test_another_club_s_member_gets_404_and_never_sees_its_penalties(
    api_alice: Api, tigers: dict[str, Any], dave: User, session: Session
) -> None:
    penalty, _ = core.penalty_record(
        session=tigers["session"],
        penalty=PenaltyInput(player=tigers["players"][0], reason="conduct", amount=5),
        by=dave,
    )
    url = f"penalties/{penalty.pk}/"
    assert api_alice.get(url).status_code == 404
    assert api_alice.patch(url, {"amount": 1, "why": "x"}, **{"If-Match": '"1"'}).status_code == 404
    assert api_alice.delete(f"{url}?why=x", **{"If-Match": '"1"'}).status_code == 404
    assert api_alice.get("penalties/?club=tigers").status_code == 404
    assert api_alice.get("penalties/").json()["results"] == []
    sent = {"session": tigers["session"].pk, "player": tigers["players"][0].pk, **LATE}
    refused = api_alice.post("penalties/", sent)
    assert refused.status_code == 400
    assert refused.json()["fields"]["session"] == ["No such session."]
    assert Penalty.objects.get().amount == 5


def test_bad_input_is_refused_naming_the_player_or_the_field(
    api_alice: Api, session: Session, club: Club, players: list[Player], tigers: dict[str, Any]
) -> None:
    eve = core.player_create(club=club, name="Eve")
    tiger = tigers["players"][0]
    cases = [
        (
            body(session, eve),
            "player",
            "Eve is not at this table; penalise a player of this session.",
        ),
        (body(session, tiger), "player", f"No player {tiger.pk} in this club."),
        (body(session, players[0], reason="other"), "note", "Say what the penalty is for."),
        (body(session, players[0], amount=0), "amount", None),
        (body(session, players[0], reason="bogus"), "reason", None),
        (
            {"session": session.pk, "player": players[0].pk, "reason": "conduct"},
            "amount",
            "Give the amount: only a chombo's comes from the rules.",
        ),
    ]
    for sent, field, message in cases:
        answer = api_alice.post("penalties/", sent)
        assert answer.status_code == 400, sent
        fields = answer.json()["fields"]
        assert field in fields, (sent, fields)
        if message:
            assert fields[field] == [message]
    assert not Penalty.objects.exists()


def test_changes_need_the_current_version_and_a_reason(
    api_alice: Api, session: Session, players: list[Player]
) -> None:
    made = api_alice.post("penalties/", body(session, players[0])).json()
    url = f"penalties/{made['id']}/"
    assert api_alice.patch(url, {"amount": 5, "why": "x"}).status_code == 428
    bad = api_alice.patch(url, {"amount": 5, "why": "x"}, **{"If-Match": "one"})
    assert bad.json()["fields"]["If-Match"] == [
        'Give the ETag the penalty was read with, e.g. "2".'
    ]
    api_alice.patch(url, {"amount": 5, "why": "x"}, **{"If-Match": '"1"'})
    stale = api_alice.patch(url, {"amount": 7, "why": "y"}, **{"If-Match": '"1"'})
    assert stale.status_code == 412
    assert (stale.json()["current"]["amount"], stale.json()["current"]["version"]) == (5, 2)
    unexplained = api_alice.patch(url, {"amount": 7}, **{"If-Match": '"2"'})
    assert unexplained.status_code == 400 and "why" in unexplained.json()["fields"]
    moved = api_alice.patch(
        url, {"player": players[3].pk, "why": "It was D."}, **{"If-Match": '"2"'}
    )
    assert moved.json()["name"] == "D" and moved.json()["changes"] == ["2", "2", "1", "-5"]


def test_the_list_filters_by_player_reason_season_and_session(
    api_alice: Api, session: Session, players: list[Player]
) -> None:
    late = api_alice.post("penalties/", body(session, players[0])).json()
    rude = api_alice.post("penalties/", body(session, players[1], reason="conduct")).json()

    def ids(query: str) -> list[int]:
        answer = api_alice.get(f"penalties/?{query}")
        assert answer.status_code == 200, answer.json()
        return [row["id"] for row in answer.json()["results"]]

    assert ids("") == [late["id"], rude["id"]]
    assert ids(f"player={players[1].pk}") == [rude["id"]]
    assert ids("reason=lateness") == [late["id"]]
    assert ids(f"season={session.season_id}&session={session.pk}") == [late["id"], rude["id"]]
    assert ids(f"season={session.season_id + 1000}") == []
    assert ids("club=dragons&date_from=2026-03-02") == []
    wrong = api_alice.get("penalties/?reason=sloth")
    assert wrong.status_code == 400 and "reason" in wrong.json()["fields"]


def test_a_penalty_at_an_event_table_shows_in_the_event_standings_and_its_list(
    api_alice: Api, club: Club, alice: User
) -> None:
    season = family_season(club, alice, "riichi", EMA)
    event, _ = event_with_players(club, season, count=4)
    round_ = event_services.round_publish(
        event=event, method="random", seed="s", byes=False, by=alice
    )
    table = event_selectors.round_tables(round=round_)[0]
    player = Player.objects.get(club=club, name=table.seats[0].name)
    made = api_alice.post(
        "penalties/", {"session": table.session.pk, "player": player.pk, "reason": "chombo"}
    )
    assert made.status_code == 201, made.json()
    assert made.json()["zero_sum"] is False  # EMA: taken off the final score
    rows = api_alice.get(f"events/{event.pk}/standings/").json()["rows"]
    row = next(row for row in rows if row["name"] == player.name)
    assert row["penalties"] == f"-{made.json()['amount']}"
    listed = api_alice.get(f"penalties/?event={event.pk}").json()["results"]
    assert [penalty["id"] for penalty in listed] == [made.json()["id"]]
    assert api_alice.get(f"penalties/?event={event.pk + 1}").json()["results"] == []


def test_the_schema_documents_penalty_writes_their_links_and_their_webhook(
    client: Client, db: Any
) -> None:
    schema = schema_of(client)
    paths = schema["paths"]
    assert "422" in paths["/api/v1/penalties/"]["post"]["responses"]
    created = paths["/api/v1/penalties/"]["post"]["responses"]["201"]
    assert set(created["links"]) == {"GetPenalty", "AmendPenalty", "DeletePenalty"}
    for method in ("patch", "delete"):
        operation = paths["/api/v1/penalties/{penalty_id}/"][method]
        assert {"412", "428"} <= set(operation["responses"])
        assert any(p["name"] == "If-Match" and p["required"] for p in operation["parameters"])
    event = schema["components"]["schemas"]["WebhookPenaltyEvent"]
    assert event["properties"]["data"] == {"$ref": "#/components/schemas/PenaltyDetail"}
    assert event["properties"]["event"]["enum"] == [
        "penalty.recorded",
        "penalty.amended",
        "penalty.deleted",
    ]
