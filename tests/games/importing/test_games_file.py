"""Games files: every family's season exported and imported into an empty season of another
club gives identical sessions and hands (field by field); importing again creates nothing;
bad files are refused by line; the pages and the command."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from games import services
from games.importing import games_file
from games.importing.games_import import games_import, games_import_plan
from games.importing.models import ImportJob
from games.importing.plans import ImportRefused
from games.models import Club, Hand, Player, RuleSet, Season, Session, SessionSeatTotal
from games.services.session_rules import session_switch_rules
from scoring.families import get_family
from tests.conftest import client_for
from tests.games.pages import text
from tests.workers import run_worker

# Classical at a two-player table (tests/games/test_classical_services.py's hands).
CLASSICAL: dict[str, Any] = {
    "params": {"rules": "millington", "stake": 100, "draw_advance_wind": True},
    "sessions": (
        (
            1,
            ("Ada", "Bo"),
            (
                {"mahjong": 0, "discarder": 1, "players": [{"sets": ["PCT"]}, {}]},
                {"mahjong": 1, "discarder": 0, "players": [{}, {"sets": ["PCT"]}]},
                {"mahjong": None, "players": [{}, {}]},
                {"mahjong": 1, "discarder": 0, "players": [{}, {"sets": ["PCT"]}]},
            ),
        ),
    ),
}
FAMILIES = ("zung_jung", "mcr", "classical", "riichi", "hk")
# A hand every family's rules take after a switch of rules, as its session's next hand.
NEXT_HAND = {
    "zung_jung": {"outcome": "discard", "winner": 3, "discarder": 0, "points": 25},
    "mcr": {"outcome": "discard", "winner": 3, "discarder": 1, "fan": 8},
    "classical": {"mahjong": None, "players": [{}, {}]},
    "riichi": {"outcome": "draw", "tenpai": [0, 3]},
    "hk": {"outcome": "discard", "winner": 1, "faan": 4, "blamed": 2},
}
OTHER_PARAMS = {
    "zung_jung": {"preset": "seed", "payoff": "each_loser_pays", "flowers": False},
    "mcr": {"preset": "standard", "seats": "competition", "false_win_penalty": 20},
    "classical": {"rules": "millington", "stake": 100, "draw_advance_wind": False},
    "riichi": {"preset": "club", "pao": False},
    "hk": {"base": "2", "max_faan": 10, "responsibility": "half", "spiciness": "half"},
}


def demo_of(family: str) -> tuple[dict[str, Any], tuple[Any, ...]]:
    if family == "classical":
        return CLASSICAL["params"], CLASSICAL["sessions"]
    demo = get_family(family).demo
    assert demo is not None
    return dict(demo.params), demo.sessions


def league(club: Club, by: User, family: str) -> Season:
    """A season of the family: its demo games twice (a week apart), a penalty, a deleted
    hand, a switch of rules before a last hand, and one session left open."""
    params, sessions = demo_of(family)
    rules = services.rule_set_create(club=club, name=family, family=family, params=params, by=by)
    season = services.season_save(club=club, name=f"{family} league", rule_set=rules)
    played: list[Session] = []
    for week in (0, 7):
        for day, names, hands in sessions:
            players = [_player(club, name) for name in names]
            session = services.session_start(
                season=season, played_on=dt.date(2026, 5, 1 + day + week), players=players, by=by
            )
            for hand in hands:
                services.hand_record(session=session, hand_input=dict(hand), by=by)
            played.append(session)
    first, last = played[0], played[-1]
    hand = first.hands.order_by("number").last()
    assert hand is not None
    services.hand_delete(hand=hand, expected_version=1, reason="a mistake", by=by)
    seated = first.seats.order_by("position").first()
    assert seated is not None
    services.penalty_record(
        session=first,
        penalty=services.PenaltyInput(player=seated.player, reason="lateness", amount=5),
        by=by,
    )
    version = services.rule_set_update(
        rule_set=rules, name=family, params=OTHER_PARAMS[family], by=by
    )
    place = last.hands.count() + 1
    session_switch_rules(session=last, version=version, from_hand=place, by=by)
    services.hand_record(session=last, hand_input=NEXT_HAND[family], by=by)
    for session in played[:-1]:
        services.session_set_status(session=session, status=Session.Status.CLOSED)
    return season


def _player(club: Club, name: str) -> Player:
    return Player.objects.filter(club=club, name=name).first() or services.player_create(
        club=club, name=name
    )


def snapshot(season: Season) -> list[dict[str, Any]]:
    """Everything a season's sessions hold, without row ids, in date order."""
    sessions = []
    for session in Session.objects.filter(season=season).order_by("played_on", "id"):
        hands = session.hands.filter(deleted_at__isnull=True).order_by("number")
        sessions.append(
            {
                "played_on": session.played_on,
                "status": session.status,
                "seats": [seat.player.name for seat in session.seats.order_by("position")],
                "rules": session.rule_set_version.params,
                "hands": [_hand(hand) for hand in hands],
                "penalties": [
                    (p.player.name, p.reason, p.amount, p.zero_sum, p.note)
                    for p in session.penalties.filter(deleted_at__isnull=True)
                ],
                "totals": list(
                    SessionSeatTotal.objects.filter(session=session)
                    .order_by("seat")
                    .values("seat", "player__name", "hands", "net", "wins", "blames", "penalties")
                ),
            }
        )
    return sessions


def _hand(hand: Hand) -> dict[str, Any]:
    return {
        "place": list(hand.session.hands.filter(deleted_at__isnull=True)).index(hand),
        "input": hand.input,
        "source": hand.source,
        "evaluation": hand.evaluation,
        "rules": hand.rule_set_version.params,
        "record": hand.record,
        "scores": list(
            hand.scores.order_by("seat").values(
                "seat",
                "player__name",
                "points",
                "won",
                "blamed",
                "self_drawn",
                "false_win",
                "fried",
                "hand_value",
                "real_loss",
                "east_run",
                "declared",
            )
        ),
    }


def exported(season: Season) -> str:
    return "".join(games_file.season_games_lines(season=season))


def empty_season(club: Club, by: User, family: str) -> Season:
    """A season of another club whose rule set has the family's default parameters."""
    default = get_family(family).default_params()
    rules = services.rule_set_create(club=club, name="Ours", family=family, params=default, by=by)
    return services.season_save(club=club, name="Imported", rule_set=rules)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_season_exported_and_imported_into_an_empty_season_is_identical(
    family: str, club: Club, private_club: Club, alice: User, dave: User
) -> None:
    season = league(club, alice, family)
    target = empty_season(private_club, dave, family)

    plan = games_import(season=target, text=exported(season), by=dave, create_players=True)

    assert (
        plan.new_hand_count
        == Hand.objects.filter(session__season=season, deleted_at__isnull=True).count()
    )
    assert snapshot(target) == snapshot(season)
    sessions = Session.objects.filter(season=season).count()
    assert len(snapshot(target)) == sessions and snapshot(target)[-1]["status"] == "open"
    # Nothing of the importing club reaches the exporting one, nor the other way round.
    assert not Player.objects.filter(club=club).exclude(seats__session__club=club).exists()
    assert Session.objects.filter(club=private_club).count() == sessions


@pytest.mark.parametrize("family", FAMILIES)
def test_importing_the_same_file_again_creates_nothing(
    family: str, club: Club, private_club: Club, alice: User, dave: User
) -> None:
    season = league(club, alice, family)
    target = empty_season(private_club, dave, family)
    text_ = exported(season)
    games_import(season=target, text=text_, by=dave, create_players=True)
    before = snapshot(target)

    plan = games_import_plan(season=target, text=text_)

    assert plan.creates_nothing and plan.is_valid
    assert plan.known_hand_count == sum(len(s["hands"]) for s in before)
    games_import(season=target, text=text_, by=dave)
    assert snapshot(target) == before


def test_a_session_that_grew_gets_only_its_new_hands(
    club: Club, private_club: Club, alice: User, dave: User
) -> None:
    season = league(club, alice, "zung_jung")
    target = empty_season(private_club, dave, "zung_jung")
    games_import(season=target, text=exported(season), by=dave, create_players=True)
    open_session = Session.objects.get(season=season, status=Session.Status.OPEN)
    services.hand_record(session=open_session, hand_input=NEXT_HAND["zung_jung"], by=alice)

    plan = games_import(season=target, text=exported(season), by=dave)

    assert plan.new_hand_count == 1 and not plan.new_sessions
    assert snapshot(target) == snapshot(season)


def test_the_file_holds_the_live_hands_with_their_stored_input(club: Club, alice: User) -> None:
    season = league(club, alice, "riichi")
    lines = [json.loads(line) for line in exported(season).splitlines()]

    assert lines[0]["format"] == "mahjong-league-games" and lines[0]["version"] == 1
    assert lines[0]["family"] == "riichi"
    assert [line["rules"] for line in lines[1:3]] == [1, 2]
    first = lines[3]
    assert first["seats"] == ["Ada", "Bo", "Chi", "Dee"] and first["status"] == "closed"
    hands = Hand.objects.filter(session__season=season, deleted_at__isnull=True)
    stored = list(hands.order_by("session__played_on", "number").values_list("input", flat=True))
    assert [hand["input"] for line in lines[3:] for hand in line["hands"]] == stored
    assert first["penalties"][0]["reason"] == "lateness" and first["penalties"][0]["seat"] == 0


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda lines: ["not json", *lines[1:]], "line 1: this line is not JSON"),
        (
            lambda lines: [lines[0].replace('"version": 1', '"version": 9'), *lines[1:]],
            "line 1: this games file is of version 9; this site reads version 1",
        ),
        (
            lambda lines: [
                *lines[:3],
                lines[3].replace('"played_on": "2026-05-04"', '"played_on": "5/4"'),
                *lines[4:],
            ],
            "line 4: played_on should be a date (YYYY-MM-DD)",
        ),
        (
            lambda lines: [
                *lines[:3],
                lines[3].replace('"rules": 1}', '"rules": 7}', 1),
                *lines[4:],
            ],
            "line 4: hand 1: rules should be the number of a rules line above",
        ),
        (
            lambda lines: [*lines[:3], lines[3].replace('"han": 3', '"han": 0'), *lines[4:]],
            "line 4: hand 1: ",
        ),
        (
            lambda lines: [*lines[:3], lines[3].replace('"Bo"', '"Ada"', 1), *lines[4:]],
            "line 4: Ada and Ada are one player of",
        ),
        (
            lambda lines: [
                *lines[:4],
                json.dumps({**json.loads(lines[3]), "session": str(uuid.uuid4())}),
                *lines[4:],
            ],
            "line 5: hand 1: its id is in the file twice",
        ),
        (
            lambda lines: [*lines[:3], lines[3].replace('"lateness"', '"late"'), *lines[4:]],
            "line 4: penalty 1: reason should be chombo / false_win / lateness / conduct / other",
        ),
    ],
)
def test_a_bad_file_is_refused_by_line_and_writes_nothing(
    change: Any, problem: str, club: Club, private_club: Club, alice: User, dave: User
) -> None:
    season = league(club, alice, "riichi")
    target = empty_season(private_club, dave, "riichi")
    lines = change(exported(season).splitlines())

    with pytest.raises(ImportRefused) as refused:
        games_import(season=target, text="\n".join(lines), by=dave, create_players=True)

    assert any(str(p).startswith(problem) for p in refused.value.problems), refused.value.problems
    assert not Session.objects.filter(club=private_club).exists()


def test_a_file_of_another_family_is_refused(
    club: Club, private_club: Club, alice: User, dave: User
) -> None:
    season = league(club, alice, "mcr")
    target = empty_season(private_club, dave, "zung_jung")

    with pytest.raises(ImportRefused, match="holds MCR"):
        games_import_plan(season=target, text=exported(season))


def test_new_players_are_created_only_when_allowed(
    club: Club, private_club: Club, alice: User, dave: User
) -> None:
    season = league(club, alice, "classical")
    target = empty_season(private_club, dave, "classical")

    with pytest.raises(ImportRefused, match="has no player called 'Ada'"):
        games_import(season=target, text=exported(season), by=dave)
    assert not Player.objects.filter(club=private_club).exists()


def test_the_pages_export_preview_and_import_through_a_job(
    club: Club, alice: User, as_alice: Client
) -> None:
    season = league(club, alice, "mcr")
    page = text(as_alice.get(f"/c/dragons/seasons/{season.pk}/"))
    assert "games file" in page and "import a games file" in page
    download = as_alice.get(f"/c/dragons/seasons/{season.pk}/games.jsonl")
    body = b"".join(download.streaming_content).decode()  # type: ignore[attr-defined]
    assert download["Content-Disposition"].endswith('.games.jsonl"') and body == exported(season)
    rules = RuleSet.objects.get(club=club, family="mcr")
    target = services.season_save(club=club, name="Copy", rule_set=rules)

    answer = as_alice.post(
        f"/c/dragons/seasons/{target.pk}/import-games/",
        {"games_file": SimpleUploadedFile("mcr.games.jsonl", body.encode())},
        follow=True,
    )

    job = ImportJob.objects.get(season=target)
    assert job.kind == ImportJob.Kind.GAMES and job.status == ImportJob.Status.CHECKED
    assert "<strong>2</strong> sessions to create" in answer.content.decode()
    as_alice.post(f"/c/dragons/imports/{job.pk}/confirm/", {"digest": job.digest})
    run_worker()
    job.refresh_from_db()
    assert job.status == ImportJob.Status.DONE, job.problems
    assert snapshot(target) == snapshot(season)


def test_a_file_of_many_hands_is_checked_by_a_worker(
    club: Club, alice: User, as_alice: Client, settings: Any
) -> None:
    settings.SCORE_IMPORT_CHECK_INLINE_LINES = 5  # hands, for a games file: its lines are sessions
    season = league(club, alice, "zung_jung")
    target = services.season_save(club=club, name="Copy", rule_set=season.rule_set)
    upload = SimpleUploadedFile("zj.games.jsonl", exported(season).encode())

    as_alice.post(f"/c/dragons/seasons/{target.pk}/import-games/", {"games_file": upload})

    job = ImportJob.objects.get(season=target)
    assert job.status == ImportJob.Status.CHECKING
    run_worker()
    job.refresh_from_db()
    assert job.status == ImportJob.Status.CHECKED and job.preview["new_hands"] == 8


def test_a_member_cannot_import(club: Club, alice: User, bob: User) -> None:
    season = league(club, alice, "zung_jung")

    answer = client_for(bob).get(f"/c/dragons/seasons/{season.pk}/import-games/")
    assert answer.status_code == 403


def test_the_command_imports_a_file_and_says_what_it_made(
    club: Club, private_club: Club, alice: User, dave: User, tmp_path: Path
) -> None:
    season = league(club, alice, "zung_jung")
    empty_season(private_club, dave, "zung_jung")
    path = tmp_path / "zj.games.jsonl"
    path.write_text(exported(season))
    out = StringIO()

    call_command(
        "import_games", path, club="tigers", season="Imported", create_players=True, stdout=out
    )

    assert "created 2 sessions and 8 hands" in out.getvalue()
    assert snapshot(Season.objects.get(club=private_club)) == snapshot(season)
    with pytest.raises(CommandError):
        path.write_text("{}")
        call_command("import_games", path, club="tigers", season="Imported", stderr=StringIO())


def test_the_upload_page_and_a_bad_file_s_problems_read_in_chinese(
    club: Club, alice: User, as_alice: Client
) -> None:
    season = league(club, alice, "riichi")
    as_alice.defaults.update({"HTTP_ACCEPT_LANGUAGE": "zh-HK"})
    lines = exported(season).splitlines()
    lines[3] = lines[3].replace('"played_on": "2026-05-04"', '"played_on": "5/4"')
    page = text(as_alice.get(f"/c/dragons/seasons/{season.pk}/import-games/"))
    assert "匯入牌局檔至 riichi league" in page and "Import a games file" not in page

    answer = as_alice.post(
        f"/c/dragons/seasons/{season.pk}/import-games/",
        {"games_file": SimpleUploadedFile("bad.jsonl", "\n".join(lines).encode())},
        follow=True,
    )

    page = text(answer)
    assert "第 4 行：played_on 應為日期（YYYY-MM-DD）" in page and "should be" not in page
