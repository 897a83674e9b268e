"""Importing Tenhou JSON game logs into a riichi season: the service, the page and its job."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games import services
from games.importing.models import ImportJob
from games.importing.pmn_import import RecordFile
from games.importing.tenhou_import import tenhou_import, tenhou_import_plan
from games.models import Club, Hand, Player, RuleSet, Season, Session, SessionSeatTotal
from tests.games.pages import snapshot, text
from tests.workers import run_worker

LOGS = Path(__file__).parents[1] / "data" / "tenhou"
PLAYED = dt.date(2026, 5, 1)
# Each log, the rule set it is played under, and its final scores as its numbers say: the
# last kyoku's scores, plus what its result pays, less the riichi sticks put down in it.
GAMES = {
    "ema_hanchan.json": ("ema", [19800, 29200, 30900, 40100]),
    "ema_chombo.json": ("ema", [22000, 26000, 62000, 10000]),
    "club_double_ron.json": ("club", [17800, 26700, 26300, 29200]),
    "club_abortive_draws.json": ("club", [32000, 20000, 28600, 19400]),
    "club_chombo.json": ("club", [32500, 25500, 15500, 25500]),
}
START = {"ema": 30000, "club": 25000}


def log_file(name: str, text: str | None = None) -> RecordFile:
    return RecordFile(name, (LOGS / name).read_text(encoding="utf-8") if text is None else text)


@pytest.fixture
def ema_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="EMA riichi", family="riichi", params={"preset": "ema"}, by=alice
    )


@pytest.fixture
def club_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="Club riichi", family="riichi", params={"preset": "club"}, by=alice
    )


@pytest.fixture
def riichi_season(club: Club, ema_rules: RuleSet) -> Season:
    return services.season_save(club=club, name="Riichi 2026", rule_set=ema_rules)


def do_import(season: Season, rules: RuleSet, names: list[str], by: User) -> Any:
    files = [log_file(name) for name in names]
    return tenhou_import(
        season=season, rule_set=rules, files=files, played_on=PLAYED, by=by, create_players=True
    )


def finals(session: Session, start: int) -> list[Decimal]:
    totals = SessionSeatTotal.objects.filter(session=session).order_by("seat")
    return [start + total.net for total in totals]


# --- the service ----------------------------------------------------------------------------


def test_five_logs_end_on_the_final_scores_each_log_says(
    riichi_season: Season, ema_rules: RuleSet, club_rules: RuleSet, alice: User
) -> None:
    rules = {"ema": ema_rules, "club": club_rules}
    for name, (preset, expected) in GAMES.items():
        result = do_import(riichi_season, rules[preset], [name], alice)

        (session,) = result.sessions
        assert session.status == Session.Status.CLOSED and session.played_on == PLAYED
        assert session.rule_set_version.rule_set == rules[preset]
        assert [seat.player.name for seat in session.seats.order_by("position")] == [
            "Ada",
            "Bo",
            "Cy",
            "Di",
        ]
        kyoku = len(json.loads((LOGS / name).read_text(encoding="utf-8"))["log"])
        assert result.hands == session.hands.count() == kyoku
        assert finals(session, START[preset]) == [Decimal(points) for points in expected], name
    # Four players in all: the same names are the same players from log to log.
    assert Player.objects.filter(club=riichi_season.club).count() == 4


def test_the_kinds_of_kyoku_become_hands_of_their_kind(
    riichi_season: Season, club_rules: RuleSet, ema_rules: RuleSet, alice: User
) -> None:
    do_import(riichi_season, club_rules, ["club_double_ron.json", "club_chombo.json"], alice)
    do_import(riichi_season, ema_rules, ["ema_chombo.json"], alice)

    outcomes = [hand.input["outcome"] for hand in Hand.objects.order_by("session_id", "number")]
    double_ron, chombo = ["ron", "abortive", "ron"], ["chombo", "tsumo", "draw"]
    assert outcomes == [*double_ron, *chombo, "chombo", "ron", "tsumo"]
    double = Hand.objects.get(input__outcome="ron", input__discarder=0)
    assert [win["winner"] for win in double.input["wins"]] == [1, 3]
    assert [s.points for s in double.scores.order_by("seat")] == [
        Decimal(-7200),
        Decimal(3000),
        Decimal(0),
        Decimal(4200),  # 5,200 less the stick put down
    ]
    # The chombo off the final score is a false win, taken at placement; the one paid at
    # the table is a reverse mangan.
    ema = Session.objects.get(rule_set_version__rule_set__name="EMA riichi")
    assert [t.false_wins for t in SessionSeatTotal.objects.filter(session=ema)] == [0, 0, 0, 1]


def test_importing_the_same_logs_again_adds_nothing(
    riichi_season: Season, club_rules: RuleSet, alice: User
) -> None:
    do_import(riichi_season, club_rules, ["club_double_ron.json"], alice)
    before = snapshot()

    again = do_import(
        riichi_season, club_rules, ["club_double_ron.json", "club_chombo.json"], alice
    )
    assert (again.hands, again.skipped, len(again.sessions)) == (3, 1, 1)
    after = snapshot()
    third = do_import(
        riichi_season, club_rules, ["club_double_ron.json", "club_chombo.json"], alice
    )
    assert (third.hands, third.skipped, third.sessions) == (0, 2, [])
    assert snapshot() == after != before
    # Its spacing and key order are not the log: the same game compact is the same game.
    compact = json.dumps(json.loads(log_file("club_chombo.json").text), separators=(",", ":"))
    plan = tenhou_import_plan(
        season=riichi_season, rule_set=club_rules, files=[log_file("copy.json", compact)]
    )
    assert plan.skipped == 1 and plan.new_logs == []


def test_the_same_log_in_another_season_is_imported_there(
    club: Club, riichi_season: Season, club_rules: RuleSet, alice: User
) -> None:
    other = services.season_save(club=club, name="Replays", rule_set=club_rules)
    do_import(riichi_season, club_rules, ["club_chombo.json"], alice)
    assert do_import(other, club_rules, ["club_chombo.json"], alice).hands == 3


def test_names_match_players_and_aliases_and_new_ones_wait_for_confirmation(
    club: Club, riichi_season: Season, club_rules: RuleSet, alice: User
) -> None:
    ada = services.player_create(club=club, name="ＡＤＡ")
    bob = services.player_create(club=club, name="Bob")
    services.player_alias_add(player=bob, name="Bo")
    plan = tenhou_import_plan(
        season=riichi_season, rule_set=club_rules, files=[log_file("club_chombo.json")]
    )
    assert plan.unknown_names == ["Cy", "Di"]
    before = snapshot()
    with pytest.raises(ValidationError, match="Confirm that these new players may be created"):
        tenhou_import(
            season=riichi_season,
            rule_set=club_rules,
            files=[log_file("club_chombo.json")],
            played_on=PLAYED,
            by=alice,
        )
    assert snapshot() == before

    (session,) = do_import(riichi_season, club_rules, ["club_chombo.json"], alice).sessions
    seated = [seat.player for seat in session.seats.order_by("position")]
    assert seated[:2] == [ada, bob]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("bad.json", "{", "bad.json is not JSON: line 1, column 2: Expecting property name"),
        ("bad.json", "[1, 2]", 'bad.json, a Tenhou log is a JSON object with "name" and "log"'),
    ],
)
def test_a_file_that_is_no_log_is_refused_by_name(
    riichi_season: Season, club_rules: RuleSet, name: str, text: str, message: str
) -> None:
    plan = tenhou_import_plan(
        season=riichi_season, rule_set=club_rules, files=[log_file(name, text)]
    )
    assert len(plan.errors) == 1 and plan.errors[0].startswith(message)


def test_a_log_under_other_rules_is_refused_naming_the_file_and_kyoku(
    riichi_season: Season, ema_rules: RuleSet, alice: User
) -> None:
    before = snapshot()
    with pytest.raises(ValidationError) as refused:
        do_import(riichi_season, ema_rules, ["ema_hanchan.json", "club_double_ron.json"], alice)
    assert refused.value.messages == [
        "club_double_ron.json, kyoku 1 (East 1, 0 honba): the log starts each player on"
        " 25,000 points; these rules start on 30,000"
    ]
    assert snapshot() == before


def test_another_familys_rule_set_is_refused(riichi_season: Season, rule_set: RuleSet) -> None:
    plan = tenhou_import_plan(
        season=riichi_season, rule_set=rule_set, files=[log_file("club_chombo.json")]
    )
    assert plan.errors == [
        "Tenhou logs are riichi games: choose one of this club's riichi rule sets."
    ]


# --- the page and its job -------------------------------------------------------------------


def import_url(season: Season) -> str:
    return f"/c/dragons/seasons/{season.pk}/import-tenhou/"


def upload(name: str, content: bytes | None = None) -> SimpleUploadedFile:
    data = (LOGS / name).read_bytes() if content is None else content
    return SimpleUploadedFile(name, data, content_type="application/json")


def test_the_season_page_offers_the_import_to_organisers_of_a_riichi_season(
    riichi_season: Season, season: Season, as_alice: Client, as_bob: Client
) -> None:
    page = f"/c/dragons/seasons/{riichi_season.pk}/"
    assert import_url(riichi_season) in as_alice.get(page).content.decode()
    assert import_url(riichi_season) not in as_bob.get(page).content.decode()
    other = as_alice.get(f"/c/dragons/seasons/{season.pk}/").content.decode()
    assert import_url(season) not in other
    assert as_bob.get(import_url(riichi_season)).status_code == 403


def test_an_organiser_previews_then_confirms_and_a_worker_imports(
    riichi_season: Season, club_rules: RuleSet, as_alice: Client
) -> None:
    names = ["club_double_ron.json", "club_abortive_draws.json"]
    data = {"rule_set": club_rules.pk, "played_on": "2026-05-01", "action": "preview"}
    before = snapshot()

    preview = as_alice.post(
        import_url(riichi_season), {**data, "files": [upload(n) for n in names]}
    )

    assert preview.status_code == 200 and snapshot() == before
    page = text(preview)
    assert "2 logs read; 2 new; 9 new hands." in page
    assert "Final scores: Ada 17,800 · Bo 26,700 · Cy 26,300 · Di 29,200" in page
    files = preview.context["files"]
    confirm = {
        **data,
        "action": "import",
        "create_players": "on",
        "record_name": [f.name for f in files],
        "record_text": [f.text for f in files],
    }
    response = as_alice.post(import_url(riichi_season), confirm)
    job = ImportJob.objects.get()
    assert response["Location"] == f"/c/dragons/imports/{job.pk}/"
    assert (job.kind, job.status, Hand.objects.count()) == ("tenhou", "queued", 0)

    run_worker()

    page = text(as_alice.get(response["Location"]))
    assert "Imported 9 hands in 2 new sessions and added 4 players." in page
    again = as_alice.post(import_url(riichi_season), confirm)
    assert "Nothing new: all 2 logs had been imported before." in text(again)
    assert Hand.objects.count() == 9 and ImportJob.objects.count() == 1


def test_a_bad_log_is_shown_in_the_preview_and_nothing_is_offered(
    riichi_season: Season, ema_rules: RuleSet, as_alice: Client
) -> None:
    broken = json.loads((LOGS / "ema_hanchan.json").read_text(encoding="utf-8"))
    broken["log"][3][-1][1] = [-7700, 0, 7700, 0]  # the counter left out
    data = {"rule_set": ema_rules.pk, "played_on": "2026-05-01", "action": "import"}
    content = json.dumps(broken, ensure_ascii=False).encode()
    before = snapshot()

    response = as_alice.post(
        import_url(riichi_season), {**data, "files": [upload("e.json", content)]}
    )

    page = text(response)
    assert "Nothing can be imported until every error is fixed" in page
    assert (
        "e.json, kyoku 4 (East 3, 1 honba): the log pays Ada -7,700, Bo 0, Cy +7,700, Di 0;"
        " these rules pay Ada -8,000, Bo 0, Cy +8,000, Di 0"
    ) in page
    assert 'id="tenhou-confirm"' not in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "bad.json is empty."),
        (b"\x89PNG\r\n\x1a\n\x00", "bad.json, line 1, column 1: not UTF-8 text"),
        (
            b"[" + b" " * 600 * 1024 + b"]",
            "bad.json is 600 KB; a Tenhou log may be at most 512 KB.",
        ),
    ],
)
def test_a_bad_upload_gets_a_clear_message(
    riichi_season: Season, ema_rules: RuleSet, as_alice: Client, content: bytes, message: str
) -> None:
    data = {"rule_set": ema_rules.pk, "played_on": "2026-05-01", "action": "import"}
    response = as_alice.post(
        import_url(riichi_season), {**data, "files": [upload("bad.json", content)]}
    )
    assert message in text(response)
    assert not Hand.objects.exists()


def test_a_season_of_another_family_says_the_logs_are_riichi(
    season: Season, as_alice: Client
) -> None:
    response = as_alice.get(import_url(season))
    assert "Tenhou logs are riichi games" in text(response)


def test_the_page_and_a_bad_log_s_problem_are_told_in_chinese(
    riichi_season: Season, ema_rules: RuleSet, as_alice: Client
) -> None:
    as_alice.defaults.update(HTTP_ACCEPT_LANGUAGE="zh-HK")
    data = {"rule_set": ema_rules.pk, "played_on": "2026-05-01", "action": "preview"}
    files = [upload("ema_hanchan.json"), upload("club_chombo.json")]

    page = text(as_alice.post(import_url(riichi_season), {**data, "files": files}))

    assert "匯入天鳳牌譜" in page and "已讀 2 份牌譜；1 份新的" in page
    assert "最終點數： Ada 19800 · Bo 29200 · Cy 30900 · Di 40100" in page
    assert (
        "club_chombo.json，第 1 局（東 1 局，0 本場）：牌譜中每位牌手以 25,000 點開始；"
        "此規則以 30,000 點開始"
    ) in page
    assert "kyoku" not in page and "Final scores" not in page


def test_another_club_s_import_of_the_same_log_neither_blocks_nor_sees_this_one(
    riichi_season: Season, club_rules: RuleSet, alice: User, private_club: Club, dave: User
) -> None:
    do_import(riichi_season, club_rules, ["club_chombo.json"], alice)
    theirs = services.rule_set_create(
        club=private_club, name="Club", family="riichi", params={"preset": "club"}, by=dave
    )
    their_season = services.season_save(club=private_club, name="Riichi", rule_set=theirs)
    plan = tenhou_import_plan(
        season=their_season, rule_set=theirs, files=[log_file("club_chombo.json")]
    )
    assert plan.skipped == 0 and plan.unknown_names == ["Ada", "Bo", "Cy", "Di"]
    assert do_import(their_season, theirs, ["club_chombo.json"], dave).hands == 3
    # ... and another club's rule set is no choice here.
    refused = tenhou_import_plan(
        season=riichi_season, rule_set=theirs, files=[log_file("club_chombo.json")]
    )
    assert refused.errors and refused.new_logs == []


def test_rules_changed_after_the_preview_fail_the_job_by_kyoku_and_write_nothing(
    riichi_season: Season, club_rules: RuleSet, as_alice: Client, alice: User
) -> None:
    data = {"rule_set": club_rules.pk, "played_on": "2026-05-01", "create_players": "on"}
    files = [upload("club_abortive_draws.json")]
    as_alice.post(import_url(riichi_season), {**data, "action": "import", "files": files})
    job = ImportJob.objects.get()
    services.rule_set_update(
        rule_set=club_rules,
        name="Club riichi",
        params={"preset": "club", "abortive_draws": False},
        by=alice,
    )
    before = snapshot()

    run_worker()

    job.refresh_from_db()
    assert job.status == ImportJob.Status.FAILED
    assert [problem["message"] for problem in job.problems] == [
        "club_abortive_draws.json, kyoku 1 (East 1, 0 honba): these rules play no abortive draws"
    ]
    after = snapshot()
    assert (after["Hand"], after["Session"], after["Player"]) == (
        before["Hand"],
        before["Session"],
        before["Player"],
    )


def test_posting_without_a_file_asks_for_one(
    riichi_season: Season, ema_rules: RuleSet, as_alice: Client
) -> None:
    data = {"rule_set": ema_rules.pk, "played_on": "2026-05-01", "action": "preview"}
    response = as_alice.post(import_url(riichi_season), data)
    assert "Choose one or more Tenhou logs." in text(response)


def test_an_imported_log_s_score_sheet_shows_its_hands(
    riichi_season: Season, club_rules: RuleSet, alice: User, as_alice: Client
) -> None:
    (session,) = do_import(riichi_season, club_rules, ["club_double_ron.json"], alice).sessions
    response = as_alice.get(f"/c/dragons/sessions/{session.pk}/")
    assert response.status_code == 200
    page = text(response)
    # The table where the log ends: East 3 (Cy deals), each player's points.
    assert "Ada West 西 17800 Bo North 北 26700 Cy East 東 deals 26300 Di South 南 29200" in page
    assert "Bo ron 2 han 30 fu (All simples (tanyao) 斷麼九) and Di ron 3 han 40 fu" in page
    assert "Abortive draw (途中流局)" in page
