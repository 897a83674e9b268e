"""Adding, previewing, amending and deleting hands through the pages a phone uses."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Hand, HandRevision, Player, Score, Season, Session
from tests.games.pages import (
    DISCARD,
    field_block,
    hand_form,
    messages_of,
    new_hand_form,
    snapshot,
    table_rows,
    text,
)


def new_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/hands/new/"


def preview_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/hands/preview/"


def sheet_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/"


def record(session: Session, user: User, hand: dict | None = None) -> Hand:
    recorded, _ = services.hand_record(session=session, hand_input=hand or DISCARD, by=user)
    return recorded


def points(hand: Hand) -> list[Decimal]:
    return [score.points for score in hand.scores.order_by("seat")]


@pytest.fixture
def full_session(club: Club, players: list[Player], alice: User) -> Session:
    """A table under full responsibility (全銃), where a discard cannot be guaranteed."""
    rule_set = services.rule_set_create(
        club=club,
        name="Full rules",
        family="hk",
        params={"base": "1", "max_faan": 13, "responsibility": "full", "spiciness": "half"},
        by=alice,
    )
    season = services.season_save(club=club, name="Full season", rule_set=rule_set)
    return services.session_start(
        season=season, played_on=dt.date(2026, 3, 2), players=players, by=alice
    )


# --- adding a hand ------------------------------------------------------------------------


def test_the_add_hand_form_offers_the_seats_and_a_fresh_entry_id(
    as_bob: Client, session: Session
) -> None:
    response = as_bob.get(new_url(session))
    assert response.status_code == 200
    assert [label for _, label in response.context["form"].fields["winner"].choices][:4] == [
        "A",
        "B",
        "C",
        "D",
    ]
    client_id = response.context["meta"].initial["client_id"]
    assert f'value="{client_id}"' in response.content.decode()
    assert 'name="client_id"' in response.content.decode()


def test_preview_shows_the_payments_and_writes_nothing(as_bob: Client, session: Session) -> None:
    before = snapshot()
    response = as_bob.post(new_url(session), new_hand_form(action="preview"))
    assert response.status_code == 200
    assert table_rows(response, "preview-table") == [
        ["A", "-4"],
        ["B", "+16"],
        ["C", "-8"],
        ["D", "-4"],
    ]
    assert snapshot() == before


def test_saving_records_one_hand_and_shows_it_on_the_sheet(
    as_bob: Client, session: Session, bob: User
) -> None:
    client_id = uuid.uuid4()
    response = as_bob.post(new_url(session), new_hand_form(client_id=client_id))

    assert response.status_code == 302
    hand = Hand.objects.get()
    # A fresh form for the next hand, saying the hand was saved.
    assert response["Location"] == f"{new_url(session)}?saved={hand.pk}"
    assert hand.session == session and hand.number == 1
    assert hand.input == DISCARD and hand.client_id == client_id
    assert hand.recorded_by == bob
    assert points(hand) == [-4, 16, -8, -4]

    fresh = as_bob.get(response["Location"])
    assert "Hand 1 saved ✓" in text(fresh)
    sheet = as_bob.get(sheet_url(session))
    assert 'id="hand-1"' in sheet.content.decode()
    assert "B wins 2 faan off C" in text(sheet)


def test_posting_the_same_entry_twice_records_one_hand(as_bob: Client, session: Session) -> None:
    data = new_hand_form()
    first = as_bob.post(new_url(session), data, follow=True)
    second = as_bob.post(new_url(session), data, follow=True)

    assert Hand.objects.count() == 1
    assert Score.objects.count() == 4
    assert second.redirect_chain == [(f"{sheet_url(session)}#hand-1", 302)]
    assert "Hand 1 saved ✓" in text(first)
    assert messages_of(second) == ["Hand 1 was already recorded; it is shown here once."]


def test_a_second_hand_gets_the_next_number(as_bob: Client, session: Session) -> None:
    as_bob.post(new_url(session), new_hand_form())
    response = as_bob.post(new_url(session), new_hand_form(winner="draw", how="", blamed=""))
    assert response["Location"].endswith(f"?saved={Hand.objects.get(number=2).pk}")
    assert list(Hand.objects.values_list("number", "input")) == [
        (1, DISCARD),
        (2, {"outcome": "draw"}),
    ]


BAD_HANDS = [
    ("faan above the maximum", {"faan": "7"}, "faan", "At most 6 faan under this rule set."),
    ("missing faan", {"faan": ""}, "faan", "Enter the winner's faan."),
    ("negative faan", {"faan": "-1"}, "faan", "greater than or equal to 0"),
    ("a discarder who won", {"blamed": "1"}, "blamed", "the winner cannot also be the player"),
    ("a win without how", {"how": ""}, "how", "Choose how the hand was won."),
    ("a discard without discarder", {"blamed": ""}, "blamed", "Choose who discarded"),
    ("a false win without culprit", {"winner": "false_win", "blamed": ""}, "blamed", "false win"),
    ("no result", {"winner": ""}, "winner", "This field is required."),
    ("a seat that is not there", {"winner": "7"}, "winner", "Select a valid choice."),
    ("faan that is not a number", {"faan": "lots"}, "faan", "Enter a whole number."),
]


@pytest.mark.parametrize(("case", "change", "field", "message"), BAD_HANDS, ids=lambda v: v)
def test_bad_input_is_explained_beside_its_field_and_nothing_is_saved(
    as_bob: Client, session: Session, case: str, change: dict, field: str, message: str
) -> None:
    for action in ("save", "preview"):
        response = as_bob.post(new_url(session), new_hand_form(action=action, **change))
        assert response.status_code == 200
        assert message in field_block(response, field)
        assert response.context["preview"] is None
    assert not Hand.objects.exists()


def test_a_discard_guarantee_is_refused_under_full_responsibility(
    as_bob: Client, full_session: Session
) -> None:
    response = as_bob.get(new_url(full_session))
    assert "discard_guarantee" not in [
        key for key, _ in response.context["form"].fields["how"].choices
    ]

    response = as_bob.post(new_url(full_session), new_hand_form(how="discard_guarantee"))
    assert response.status_code == 200
    assert "redundant under full responsibility (全銃)" in field_block(response, "how")
    assert not Hand.objects.exists()


def test_a_refused_discard_guarantee_is_the_only_message_beside_how(
    as_bob: Client, full_session: Session
) -> None:
    response = as_bob.post(new_url(full_session), new_hand_form(how="discard_guarantee"))
    assert response.context["form"].errors["how"] == [
        "A discard guarantee (包打出) is redundant under full responsibility (全銃): "
        "the discarder already pays for everyone. Choose Discard."
    ]


def test_an_unknown_discarder_seat_gets_one_message(as_bob: Client, session: Session) -> None:
    response = as_bob.post(new_url(session), new_hand_form(blamed="7"))
    assert len(response.context["form"].errors["blamed"]) == 1


def test_a_closed_session_takes_no_new_hands(as_bob: Client, session: Session, alice: User) -> None:
    services.session_set_status(session=session, status="closed")
    response = as_bob.post(new_url(session), new_hand_form())
    assert response.status_code == 200
    assert "This session is closed; an organiser must reopen it first." in text(response)
    assert not Hand.objects.exists()
    assert 'id="add-hand"' not in as_bob.get(sheet_url(session)).content.decode()


def test_an_entry_id_from_another_session_is_refused(
    as_bob: Client, session: Session, full_session: Session, bob: User
) -> None:
    client_id = uuid.uuid4()
    services.hand_record(session=full_session, hand_input=DISCARD, by=bob, client_id=client_id)
    response = as_bob.post(new_url(session), new_hand_form(client_id=client_id))
    assert response.status_code == 200
    assert "This entry id was already used in another session." in text(response)
    assert Hand.objects.get().session == full_session


def test_the_live_preview_answers_the_payments_as_json(as_bob: Client, session: Session) -> None:
    before = snapshot()
    response = as_bob.post(preview_url(session), hand_form())
    assert response.status_code == 200
    body = json.loads(response.content)
    assert body["ok"] is True
    assert body["rows"] == [
        {"name": "A", "points": "-4"},
        {"name": "B", "points": "16"},
        {"name": "C", "points": "-8"},
        {"name": "D", "points": "-4"},
    ]
    assert body.get("evaluation") is None  # a typed faan needs no tile evaluation
    assert snapshot() == before


@pytest.mark.parametrize(
    ("change", "errors"),
    [
        ({"faan": "9"}, {"faan": ["At most 6 faan under this rule set."]}),
        ({"blamed": "1"}, {"blamed": ["the winner cannot also be the player blamed"]}),
        ({"faan": ""}, {"faan": ["Enter the winner's faan."]}),
    ],
)
def test_the_live_preview_answers_errors_by_field(
    as_bob: Client, session: Session, change: dict, errors: dict
) -> None:
    response = as_bob.post(preview_url(session), hand_form(**change))
    assert response.status_code == 200
    assert json.loads(response.content) == {"ok": False, "errors": errors}
    assert not Hand.objects.exists()


@pytest.mark.parametrize("amending", ["²", "١", "-1", "1_0", str(2**31), "9" * 5000])
def test_the_live_preview_reads_only_a_plain_hand_number_as_amending(
    as_bob: Client, session: Session, amending: str
) -> None:
    response = as_bob.post(preview_url(session), {**hand_form(), "amending": amending})
    assert response.status_code == 200
    assert json.loads(response.content)["ok"] is True


def test_the_live_preview_takes_only_post(as_bob: Client, session: Session) -> None:
    assert as_bob.get(preview_url(session)).status_code == 405


# --- amending and deleting ----------------------------------------------------------------


def edit_url(hand: Hand) -> str:
    return f"/c/dragons/hands/{hand.pk}/edit/"


def delete_url(hand: Hand) -> str:
    return f"/c/dragons/hands/{hand.pk}/delete/"


SELF_DRAWN_A = {"winner": "0", "how": "self_drawn", "blamed": "", "faan": "3"}


def test_the_amend_form_starts_from_the_stored_hand(
    as_bob: Client, session: Session, bob: User
) -> None:
    hand = record(session, bob)
    response = as_bob.get(edit_url(hand))
    assert response.status_code == 200
    form = response.context["form"]
    assert (form["winner"].value(), form["how"].value(), form["blamed"].value()) == (
        "1",
        "discard",
        "2",
    )
    assert form["faan"].value() == 2
    assert response.context["change"]["version"].value() == 1


def test_amending_needs_a_reason(as_bob: Client, session: Session, bob: User) -> None:
    hand = record(session, bob)
    response = as_bob.post(edit_url(hand), {**hand_form(**SELF_DRAWN_A), "version": "1"})
    assert response.status_code == 200
    assert response.context["change"].errors["reason"] == ["This field is required."]
    blank = as_bob.post(
        edit_url(hand), {**hand_form(**SELF_DRAWN_A), "version": "1", "reason": " "}
    )
    assert blank.status_code == 200
    hand.refresh_from_db()
    assert hand.version == 1 and hand.input == DISCARD
    assert not HandRevision.objects.exists()


def test_an_amendment_rescores_the_hand_and_shows_in_its_history(
    as_bob: Client, as_charlie: Client, session: Session, bob: User
) -> None:
    hand = record(session, bob)
    data = {**hand_form(**SELF_DRAWN_A), "version": "1", "reason": "A drew it herself"}
    response = as_bob.post(edit_url(hand), data)

    assert response.status_code == 302
    assert response["Location"] == f"{sheet_url(session)}#hand-1"
    hand.refresh_from_db()
    assert hand.version == 2 and hand.updated_by == bob
    assert hand.input == {"outcome": "self_drawn", "winner": 0, "faan": 3}
    assert points(hand) == [48, -16, -16, -16]
    revision = hand.revisions.get()
    assert (revision.action, revision.previous_input, revision.previous_version) == (
        "amend",
        DISCARD,
        1,
    )
    assert (revision.reason, revision.by) == ("A drew it herself", bob)

    sheet = text(as_charlie.get(sheet_url(session)))
    assert "A self-drawn, 3 faan" in sheet
    assert "amended by bob" in sheet
    assert "History (1)" in sheet
    assert "bob amended version 1 (B wins 2 faan off C (打出)): “A drew it herself”" in sheet


def test_a_stale_amendment_is_refused_with_the_newer_value_shown(
    as_bob: Client, session: Session, alice: User, bob: User
) -> None:
    hand = record(session, bob)
    opened = as_bob.get(edit_url(hand))
    version = opened.context["change"]["version"].value()
    services.hand_amend(
        hand=hand,
        hand_input={"outcome": "draw"},
        expected_version=1,
        reason="it was a draw",
        by=alice,
    )

    data = {**hand_form(**SELF_DRAWN_A), "version": str(version), "reason": "A self-drew"}
    response = as_bob.post(edit_url(hand), data)

    assert response.status_code == 200
    page = text(response)
    assert "Not saved" in page
    assert "It is now: Draw (摸和) (version 2, by alice)" in page
    hand.refresh_from_db()
    assert hand.version == 2 and hand.input == {"outcome": "draw"}
    assert hand.revisions.count() == 1
    assert points(hand) == [0, 0, 0, 0]
    # The form now carries the newer version and keeps what bob typed, reason included.
    assert response.context["change"]["version"].value() == 2
    assert response.context["change"]["reason"].value() == "A self-drew"
    assert response.context["form"]["faan"].value() == "3"

    again = as_bob.post(edit_url(hand), {**data, "version": "2"})
    assert again.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 3 and hand.input["outcome"] == "self_drawn"


def test_an_amendment_with_bad_input_keeps_the_hand_as_it_was(
    as_bob: Client, session: Session, bob: User
) -> None:
    hand = record(session, bob)
    data = {**hand_form(faan="7"), "version": "1", "reason": "more faan"}
    response = as_bob.post(edit_url(hand), data)
    assert response.status_code == 200
    assert "At most 6 faan under this rule set." in field_block(response, "faan")
    hand.refresh_from_db()
    assert hand.version == 1 and hand.input == DISCARD


def test_a_hand_in_a_closed_session_cannot_be_amended_or_deleted(
    as_bob: Client, session: Session, bob: User
) -> None:
    hand = record(session, bob)
    services.session_set_status(session=session, status="closed")
    amend = {**hand_form(**SELF_DRAWN_A), "version": "1", "reason": "fix"}
    for url, data in ((edit_url(hand), amend), (delete_url(hand), {"version": "1", "reason": "x"})):
        response = as_bob.post(url, data)
        assert response.status_code == 200
        assert "This session is closed" in text(response)
    hand.refresh_from_db()
    assert hand.version == 1 and hand.deleted_at is None


def test_deleting_needs_a_reason(as_bob: Client, session: Session, bob: User) -> None:
    hand = record(session, bob)
    response = as_bob.post(delete_url(hand), {"version": "1", "reason": ""})
    assert response.status_code == 200
    assert response.context["change"].errors["reason"] == ["This field is required."]
    hand.refresh_from_db()
    assert hand.deleted_at is None


def test_a_stale_deletion_is_refused(
    as_bob: Client, session: Session, alice: User, bob: User
) -> None:
    hand = record(session, bob)
    services.hand_amend(
        hand=hand, hand_input={"outcome": "draw"}, expected_version=1, reason="draw", by=alice
    )
    response = as_bob.post(delete_url(hand), {"version": "1", "reason": "entered twice"})
    assert response.status_code == 200
    assert "Someone else changed this hand since you opened it" in text(response)
    hand.refresh_from_db()
    assert hand.deleted_at is None and hand.version == 2


def test_a_deleted_hand_drops_out_of_the_totals_and_standings(
    as_bob: Client, session: Session, season: Season, bob: User
) -> None:
    kept = record(session, bob, {"outcome": "self_drawn", "winner": 0, "faan": 1})
    dropped = record(session, bob)
    response = as_bob.post(delete_url(dropped), {"version": "1", "reason": "entered twice"})

    assert response.status_code == 302
    assert response["Location"] == sheet_url(session)
    dropped.refresh_from_db()
    assert dropped.is_deleted and dropped.version == 2
    assert not dropped.scores.exists()
    assert dropped.revisions.get().action == "delete"

    sheet = as_bob.get(sheet_url(session))
    assert [row.hand for row in sheet.context["sheet"].rows] == [kept]
    assert sheet.context["sheet"].totals == [12, -4, -4, -4]
    assert "Total 12 -4 -4 -4" in text(sheet)
    assert "After hand 1:" in text(sheet) and "“entered twice”" in text(sheet)

    standings = as_bob.get(f"/c/dragons/seasons/{season.pk}/").context["standings"]
    assert [(row.name, row.games, row.net) for row in standings] == [
        ("A", 1, 12),
        ("B", 1, -4),
        ("C", 1, -4),
        ("D", 1, -4),
    ]
    assert as_bob.get(edit_url(dropped)).status_code == 404
    assert as_bob.get(delete_url(dropped)).status_code == 404


def test_the_amend_page_says_a_session_is_closed_once(
    as_bob: Client, session: Session, bob: User
) -> None:
    hand = record(session, bob)
    services.session_set_status(session=session, status="closed")
    data = {**hand_form(**SELF_DRAWN_A), "version": "1", "reason": "fix"}
    assert text(as_bob.post(edit_url(hand), data)).count("This session is closed") == 1


def test_the_outbox_sender_gets_json_with_the_page_to_open(
    as_bob: Client, session: Session
) -> None:
    data = {"client_id": str(uuid.uuid4()), "action": "save", "winner": "draw"}
    url = f"/c/dragons/sessions/{session.pk}/hands/new/"
    first = as_bob.post(url, data, headers={"X-Outbox": "1"}).json()
    again = as_bob.post(url, data, headers={"X-Outbox": "1"}).json()
    assert first == {
        "saved": True,
        "created": True,
        "redirect": f"{url}?saved={Hand.objects.get().pk}",
    }
    assert again["saved"] and not again["created"]
    assert Hand.objects.count() == 1


def test_hands_are_numbered_by_their_place_among_live_hands_everywhere(
    as_bob: Client, session: Session, bob: User
) -> None:
    hands = [record(session, bob) for _ in range(7)]
    services.hand_delete(hand=hands[4], expected_version=1, reason="entered twice", by=bob)
    sheet = as_bob.get(sheet_url(session))
    numbers = [row[0] for row in table_rows(sheet, "sheet") if row[0].isdigit()]
    assert numbers == ["1", "2", "3", "4", "5", "6"]
    assert "After hand 4:" in text(sheet)
    sixth_recorded = hands[5]
    assert "Amend hand 5" in text(as_bob.get(f"/c/dragons/hands/{sixth_recorded.pk}/edit/"))
    api = as_bob.get(f"/api/v1/hands/{sixth_recorded.pk}/").json()
    assert (api["number"], api["place"]) == (6, 5)
    assert as_bob.get(f"/api/v1/hands/{hands[4].pk}/").json()["place"] is None
    listed = as_bob.get(f"/api/v1/hands/?session={session.pk}").json()["results"]
    assert [hand["place"] for hand in listed] == [1, 2, 3, 4, 5, 6]
    response = as_bob.post(new_url(session), new_hand_form(), follow=True)
    assert "Hand 7 saved ✓" in text(response)


@pytest.mark.parametrize(
    ("fields", "message"),
    [({"faan": ""}, "Enter the winner's faan."), ({"winner": "7"}, "Select a valid choice.")],
)
def test_the_outbox_sender_is_told_when_the_hand_itself_is_refused(
    as_bob: Client, session: Session, fields: dict[str, str], message: str
) -> None:
    response = as_bob.post(new_url(session), new_hand_form(**fields), headers={"X-Outbox": "1"})
    assert response.status_code == 400 and response["X-Hand-Refused"] == "1"
    assert message in text(response) and not Hand.objects.exists()


def test_a_hand_for_a_closed_session_is_refused_to_the_outbox(
    as_bob: Client, session: Session
) -> None:
    services.session_set_status(session=session, status="closed")
    response = as_bob.post(new_url(session), new_hand_form(), headers={"X-Outbox": "1"})
    assert response.status_code == 400 and response["X-Hand-Refused"] == "1"
    assert "This session is closed" in text(response)


def test_a_page_post_with_errors_is_still_the_form_page(as_bob: Client, session: Session) -> None:
    response = as_bob.post(new_url(session), new_hand_form(faan=""))
    assert response.status_code == 200 and "X-Hand-Refused" not in response
