"""Penalties: recorded, amended and deleted through the services, shared among the seats by
the engine, counted in the kept totals (the check passes) and in the standings, apart."""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client

from games import selectors, services
from games.models import Club, Penalty, Player, Season, Session, SessionSeatTotal
from games.services import PenaltyInput
from games.totals import totals_differences
from scoring.engine.penalties import ChomboEnds, PenaltyPreset, shares
from scoring.families import get_family
from tests.conftest import HK_HALF

pytestmark = pytest.mark.django_db


def totals(session: Session) -> dict[str, tuple[Decimal, Decimal]]:
    """Each player's kept (net, penalties) in the session."""
    rows = SessionSeatTotal.objects.filter(session=session).select_related("player")
    return {row.player.name: (row.net, row.penalties) for row in rows}


def kept_equals_recomputed(session: Session) -> None:
    assert [str(d) for d in totals_differences(session_ids=[session.pk])] == []


def fine(
    session: Session, player: Player, by: User, amount: int = 300, zero_sum: bool = True
) -> Penalty:
    penalty, _ = services.penalty_record(
        session=session,
        penalty=PenaltyInput(player=player, reason="lateness", amount=amount, zero_sum=zero_sum),
        by=by,
    )
    return penalty


# --- the engine's shares -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "offender", "seats", "expected"),
    [
        (300, 0, 4, (-300, 100, 100, 100)),
        (100, 2, 4, (33, 33, -100, 34)),  # the unit left goes to the seat after the offender
        (101, 3, 4, (34, 34, 33, -101)),
        (7, 1, 3, (3, -7, 4)),
        (5, 0, 2, (-5, 5)),
    ],
)
def test_a_zero_sum_penalty_is_shared_equally_and_sums_to_zero(
    amount: int, offender: int, seats: int, expected: tuple[int, ...]
) -> None:
    split = shares(amount, offender=offender, seats=seats, zero_sum=True)
    assert split == expected
    assert sum(split) == 0


def test_a_penalty_not_zero_sum_is_only_taken_away() -> None:
    split = shares(20000, offender=1, seats=4, zero_sum=False)
    assert split == (0, -20000, 0, 0)
    assert sum(split) == -20000


# --- each family's preset ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("family", "params", "preset"),
    [
        # Riichi: the printed rules, 20,000 off the final score, the hand replayed.
        ("riichi", {"preset": "ema"}, PenaltyPreset(20000, False, ChomboEnds.HAND)),
        ("riichi", {"preset": "wrc"}, PenaltyPreset(20000, False, ChomboEnds.HAND)),
        ("riichi", {"preset": "club"}, PenaltyPreset(8000, True, ChomboEnds.HAND)),
        # MCR: the organiser's false-win points to each of the three others; play goes on.
        ("mcr", {"false_win_penalty": 10}, PenaltyPreset(30, True, ChomboEnds.NOTHING)),
        ("mcr", {"false_win_penalty": 5}, PenaltyPreset(15, True, ChomboEnds.NOTHING)),
        # HK: a false win's payment, 9 portions at the maximum (10 faan, half spicy: 128).
        (
            "hk",
            {"base": "1", "max_faan": 10, "responsibility": "half", "spiciness": "half"},
            PenaltyPreset(9 * 128, True, ChomboEnds.HAND),
        ),
        ("zung_jung", {}, PenaltyPreset(120, True, ChomboEnds.HAND)),
        ("classical", {}, PenaltyPreset(300, True, ChomboEnds.HAND)),
        ("big_two", {}, PenaltyPreset(13, True, ChomboEnds.HAND)),
    ],
)
def test_each_family_says_what_a_chombo_costs_and_ends(
    family: str, params: dict[str, object], preset: PenaltyPreset
) -> None:
    rules = get_family(family)
    assert rules.penalty_preset(rules.clean_params(params)) == preset


def test_every_family_shows_penalties_in_its_standings() -> None:
    for key in ("hk", "zung_jung", "mcr", "big_two", "classical", "riichi"):
        fields = [column.field for column in get_family(key).standings_columns]
        assert fields[-1] == "penalties", key


# --- recorded, amended, deleted: the kept totals and the standings -------------------------


def test_a_zero_sum_penalty_is_paid_to_the_others_and_kept_apart_from_the_net(
    session: Session, players: list[Player], alice: User
) -> None:
    services.hand_record(
        session=session, hand_input={"outcome": "self_drawn", "winner": 0, "faan": 3}, by=alice
    )
    fine(session, players[1], alice, amount=300)
    kept = totals(session)
    assert kept["B"][1] == -300
    assert [kept[name][1] for name in "ACD"] == [100, 100, 100]
    assert sum(penalties for _, penalties in kept.values()) == 0
    assert sum(net for net, _ in kept.values()) == 0
    kept_equals_recomputed(session)


def test_a_penalty_not_zero_sum_is_taken_from_the_player_alone(
    session: Session, players: list[Player], alice: User
) -> None:
    fine(session, players[2], alice, amount=50, zero_sum=False)
    kept = totals(session)
    # A player penalised before any hand has totals of no hands.
    assert kept["C"] == (0, -50)
    assert set(kept) == {"C"}
    assert sum(penalties for _, penalties in kept.values()) == -50
    kept_equals_recomputed(session)


def test_standings_show_penalties_apart_and_rank_after_them(
    season: Season, session: Session, players: list[Player], alice: User
) -> None:
    services.hand_record(
        session=session, hand_input={"outcome": "self_drawn", "winner": 0, "faan": 3}, by=alice
    )
    before = {row.name: row for row in selectors.season_standings(season=season)}
    assert before["A"].net > 0
    assert next(row.name for row in selectors.season_standings(season=season)) == "A"
    fine(session, players[0], alice, amount=int(before["A"].net) + 1000, zero_sum=False)
    rows = {row.name: row for row in selectors.season_standings(season=season)}
    assert rows["A"].net == before["A"].net
    assert rows["A"].penalties == -(before["A"].net + 1000)
    assert [row.name for row in selectors.season_standings(season=season)][-1] == "A"


def test_amending_and_deleting_a_penalty_rewrites_the_totals_and_keeps_its_history(
    session: Session, players: list[Player], alice: User, bob: User
) -> None:
    penalty = fine(session, players[0], alice, amount=300)
    changed = PenaltyInput(player=players[3], reason="conduct", amount=90, zero_sum=False)
    penalty = services.penalty_amend(
        penalty=penalty, changed=changed, expected_version=1, why="wrong player", by=bob
    )
    assert totals(session) == {"D": (0, -90)}
    kept_equals_recomputed(session)
    assert penalty.version == 2
    (revision,) = penalty.revisions.all()
    assert revision.previous["player"] == players[0].pk
    assert revision.previous["amount"] == 300
    assert revision.reason == "wrong player"
    services.penalty_delete(penalty=penalty, expected_version=2, why="forgiven", by=bob)
    assert totals(session) == {}
    kept_equals_recomputed(session)
    assert [r.action for r in penalty.revisions.all()] == ["amend", "delete"]


def test_a_stale_amendment_is_refused(session: Session, players: list[Player], alice: User) -> None:
    penalty = fine(session, players[0], alice)
    changed = PenaltyInput(player=players[0], reason="conduct", amount=10)
    services.penalty_amend(
        penalty=penalty, changed=changed, expected_version=1, why="less", by=alice
    )
    with pytest.raises(services.StalePenalty):
        services.penalty_amend(
            penalty=penalty, changed=changed, expected_version=1, why="again", by=alice
        )


def test_the_same_entry_id_records_one_penalty(
    session: Session, players: list[Player], alice: User
) -> None:
    entry = uuid.uuid4()
    given = PenaltyInput(player=players[0], reason="chombo", amount=30)
    first, created = services.penalty_record(
        session=session, penalty=given, by=alice, client_id=entry
    )
    again, created_again = services.penalty_record(
        session=session, penalty=given, by=alice, client_id=entry
    )
    assert (created, created_again) == (True, False)
    assert first.pk == again.pk
    assert totals(session)["A"] == (0, -30)


@pytest.mark.parametrize(
    ("reason", "amount", "note", "field", "message"),
    [
        ("lateness", 0, "", "amount", "at least 1"),
        ("lateness", 10**10, "", "amount", "at most 1,000,000,000"),
        ("other", 10, " ", "note", "Say what the penalty is for"),
        ("sleeping", 10, "", "reason", "Choose why"),
    ],
)
def test_bad_penalties_are_refused_with_what_is_wrong(
    session: Session,
    players: list[Player],
    alice: User,
    reason: str,
    amount: int,
    note: str,
    field: str,
    message: str,
) -> None:
    given = PenaltyInput(player=players[0], reason=reason, amount=amount, note=note)
    with pytest.raises(ValidationError) as refused:
        services.penalty_record(session=session, penalty=given, by=alice)
    assert message in " ".join(refused.value.message_dict[field])
    assert not Penalty.objects.exists()


def test_a_player_not_at_the_table_is_named(
    season: Season, session: Session, players: list[Player], alice: User
) -> None:
    stranger = services.player_create(club=season.club, name="Eve")
    given = PenaltyInput(player=stranger, reason="conduct", amount=10)
    with pytest.raises(ValidationError) as refused:
        services.penalty_record(session=session, penalty=given, by=alice)
    assert "Eve is not at this table" in refused.value.message_dict["player"][0]


def test_the_totals_check_command_passes_with_penalties(
    session: Session, players: list[Player], alice: User
) -> None:
    services.hand_record(
        session=session, hand_input={"outcome": "self_drawn", "winner": 2, "faan": 4}, by=alice
    )
    fine(session, players[1], alice, amount=100)
    fine(session, players[3], alice, amount=7, zero_sum=False)
    out = StringIO()
    call_command("standings_totals", stdout=out)
    assert "differ" not in out.getvalue().lower() or "0 " in out.getvalue()
    # Spoil a kept figure: the check finds it and a rebuild mends it.
    SessionSeatTotal.objects.filter(session=session, seat=3).update(penalties=0)
    assert totals_differences(session_ids=[session.pk])
    call_command("standings_totals", "--rebuild", stdout=StringIO())
    kept_equals_recomputed(session)


def test_a_session_of_another_day_is_unaffected(
    season: Season, session: Session, players: list[Player], alice: User
) -> None:
    other = services.session_start(
        season=season, played_on=dt.date(2026, 3, 2), players=players, by=alice
    )
    fine(other, players[0], alice, amount=30)
    assert totals(session) == {}
    assert totals(other)["A"] == (0, -30)


# --- the pages -----------------------------------------------------------------------------


def test_a_member_records_a_penalty_from_the_session_page_and_the_sheet_shows_it(
    session: Session, players: list[Player], as_bob: Client
) -> None:
    page = as_bob.get(f"/c/dragons/sessions/{session.pk}/penalties/new/")
    assert page.status_code == 200
    # The family's preset fills the form in: HK, 9 portions at its maximum (base 2 × 32).
    assert page.context["form"].initial["amount"] == 576
    assert "a chombo costs 576, paid to the other players equally" in page.content.decode()
    response = as_bob.post(
        f"/c/dragons/sessions/{session.pk}/penalties/new/",
        {
            "player": players[1].pk,
            "reason": "lateness",
            "amount": 300,
            "zero_sum": "on",
            "client_id": str(uuid.uuid4()),
        },
    )
    assert response.status_code == 302
    sheet = as_bob.get(f"/c/dragons/sessions/{session.pk}/")
    text = sheet.content.decode()
    assert "After penalties" in text
    assert sheet.context["sheet"].penalty_totals == [100, -300, 100, 100]
    assert "Lateness, −300" in text


def test_a_penalty_form_names_what_is_wrong(
    session: Session, players: list[Player], as_bob: Client
) -> None:
    response = as_bob.post(
        f"/c/dragons/sessions/{session.pk}/penalties/new/",
        {"player": players[1].pk, "reason": "other", "note": "", "amount": 5},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["note"] == ["Say what the penalty is for."]
    assert not Penalty.objects.exists()


def test_amend_and_delete_pages_keep_the_history(
    session: Session, players: list[Player], alice: User, as_bob: Client
) -> None:
    penalty = fine(session, players[0], alice, amount=30)
    response = as_bob.post(
        f"/c/dragons/penalties/{penalty.pk}/edit/",
        {
            "player": players[0].pk,
            "reason": "conduct",
            "amount": 60,
            "zero_sum": "on",
            "version": 1,
            "why": "doubled",
        },
    )
    assert response.status_code == 302
    assert totals(session)["A"] == (0, -60)
    response = as_bob.post(
        f"/c/dragons/penalties/{penalty.pk}/delete/", {"version": 2, "why": "withdrawn"}
    )
    assert response.status_code == 302
    assert totals(session) == {}
    text = as_bob.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert "“doubled”" in text and "“withdrawn”" in text


def test_viewers_may_not_record_penalties(
    session: Session, players: list[Player], as_charlie: Client
) -> None:
    response = as_charlie.get(f"/c/dragons/sessions/{session.pk}/penalties/new/")
    assert response.status_code == 403


def test_strangers_get_404_for_another_clubs_penalties(
    session: Session, players: list[Player], alice: User, as_dave: Client, private_club: Club
) -> None:
    penalty = fine(session, players[0], alice)
    # Dave organises Tigers: Dragons' penalty is not found under his club's address.
    assert as_dave.get(f"/c/tigers/penalties/{penalty.pk}/edit/").status_code == 404
    assert (
        as_dave.post(
            f"/c/tigers/penalties/{penalty.pk}/delete/", {"version": 1, "why": "x"}
        ).status_code
        == 404
    )
    assert as_dave.get(f"/c/tigers/sessions/{session.pk}/penalties/new/").status_code == 404
    penalty.refresh_from_db()
    assert penalty.deleted_at is None


def test_strangers_get_404_in_a_members_only_club(
    private_club: Club, dave: User, as_bob: Client
) -> None:
    rules = services.rule_set_create(
        club=private_club, name="R", family="hk", params=HK_HALF, by=dave
    )
    season = services.season_save(club=private_club, name="S", rule_set=rules)
    seated = [services.player_create(club=private_club, name=name) for name in "WXYZ"]
    session = services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=seated, by=dave
    )
    penalty = fine(session, seated[0], dave)
    assert as_bob.get(f"/c/tigers/sessions/{session.pk}/penalties/new/").status_code == 404
    assert as_bob.get(f"/c/tigers/penalties/{penalty.pk}/edit/").status_code == 404


def test_the_seasons_penalty_list_and_csv_show_each_live_penalty(
    season: Season, session: Session, players: list[Player], alice: User
) -> None:
    fine(session, players[1], alice, amount=300)
    gone = fine(session, players[2], alice, amount=5)
    services.penalty_delete(penalty=gone, expected_version=1, why="mistake", by=alice)
    anyone = Client()
    page = anyone.get(f"/c/dragons/seasons/{season.pk}/penalties/")
    assert page.status_code == 200
    assert [p.player.name for p in page.context["penalties"]] == ["B"]
    response = anyone.get(f"/c/dragons/seasons/{season.pk}/penalties.csv")
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("date,session,player,reason,note,amount,zero_sum")
    assert lines[1].startswith(f"2026-03-01,{session.pk},B,lateness,,300,yes,alice,")
    assert len(lines) == 2
    # Another club's season is not found under this club's address.
    assert anyone.get(f"/c/tigers/seasons/{season.pk}/penalties/").status_code == 404


def test_the_rules_page_says_what_a_chombo_costs(season: Season) -> None:
    text = Client().get("/c/dragons/rules/").content.decode()
    # HK half rules: base 2, maximum 6 faan: a false win's 9 portions of 64.
    assert "chombo 576, paid to the others, ends the hand" in text
