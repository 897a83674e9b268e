"""Importing PMN game records into an MCR season: the service and the upload page."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import translation

from games import services
from games.importing.models import ImportJob
from games.importing.pmn_import import RecordFile, pmn_import, pmn_import_plan
from games.models import Club, Hand, Player, RuleSet, Season, Session
from tests.games.pages import snapshot, text
from tests.workers import run_worker

DATA = Path(__file__).parents[1] / "data"
FILES = ["example_1.pmn", "example_2.pmn", "example_3.pmn"]
TODAY = dt.date(2026, 5, 1)
DUPLICATE = {"preset": "standard", "scoring": "duplicate"}
STANDARD = {"preset": "standard", "scoring": "standard"}


def record(name: str) -> RecordFile:
    return RecordFile(name, (DATA / name).read_text(encoding="utf-8"))


def upload(name: str, content: bytes | None = None) -> SimpleUploadedFile:
    data = (DATA / name).read_bytes() if content is None else content
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


@pytest.fixture
def duplicate_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="Duplicate MCR", family="mcr", params=DUPLICATE, by=alice
    )


@pytest.fixture
def standard_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(club=club, name="MCR", family="mcr", params=STANDARD, by=alice)


@pytest.fixture
def mcr_season(club: Club, duplicate_rules: RuleSet) -> Season:
    return services.season_save(club=club, name="Duplicate 2022", rule_set=duplicate_rules)


def plan_of(season: Season, rules: RuleSet, *files: RecordFile) -> Any:
    return pmn_import_plan(season=season, rule_set=rules, files=list(files), played_on=TODAY)


def do_import(season: Season, rules: RuleSet, files: list[RecordFile], by: User) -> Any:
    return pmn_import(
        season=season, rule_set=rules, files=files, played_on=TODAY, by=by, create_players=True
    )


# --- the service ----------------------------------------------------------------------------


def test_it_imports_the_three_published_files_with_their_results(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    result = do_import(mcr_season, duplicate_rules, [record(name) for name in FILES], alice)

    assert result.hands == 3 and result.skipped == 0
    assert len(result.sessions) == 3  # three different tables
    hands = {hand.session.seats.get(position=0).player.name: hand for hand in Hand.objects.all()}
    expected = {
        "Sandy7169": ([-8, -17, 33, -8], 9),
        "SIM": ([-32, 36, -8, 36], 12),
        "忘却氤氲": ([-29, -8, 45, -8], 21),
    }
    for east, (points, fan) in expected.items():
        hand = hands[east]
        assert [s.points for s in hand.scores.order_by("seat")] == [Decimal(p) for p in points]
        assert hand.evaluation["total"] == fan and hand.source == "tiles"
        assert hand.record.startswith('[Event "Duplicate MCR"]')
        assert hand.session.played_on == dt.date(2022, 6, 25)
        assert hand.session.rule_set_version.rule_set == duplicate_rules
    assert hands["SIM"].input["winners"][0]["seat"] == 3  # North also won on East's discard
    assert hands["Sandy7169"].input["discarder"] == 1


def test_importing_the_same_file_again_creates_nothing(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    do_import(mcr_season, duplicate_rules, [record("example_1.pmn")], alice)
    before = snapshot()

    again = do_import(mcr_season, duplicate_rules, [record(n) for n in FILES[:2]], alice)
    # Only the second file's game is new; the first is recognised by its content.
    assert (again.hands, again.skipped) == (1, 1)
    after = snapshot()
    assert len(after["Hand"]) == len(before["Hand"]) + 1
    third = do_import(mcr_season, duplicate_rules, [record(n) for n in FILES[:2]], alice)
    assert (third.hands, third.skipped, third.sessions) == (0, 2, [])
    assert snapshot() == after


def test_crlf_and_a_bom_are_the_same_game(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    do_import(mcr_season, duplicate_rules, [record("example_3.pmn")], alice)
    windows = "\ufeff" + record("example_3.pmn").text.replace("\n", "\r\n")
    plan = plan_of(mcr_season, duplicate_rules, RecordFile("copy.pmn", windows))
    assert plan.skipped == 1 and plan.new_games == []


def test_the_same_game_in_another_season_is_imported_there(
    club: Club, mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    other = services.season_save(club=club, name="Replays", rule_set=duplicate_rules)
    do_import(mcr_season, duplicate_rules, [record("example_1.pmn")], alice)
    assert do_import(other, duplicate_rules, [record("example_1.pmn")], alice).hands == 1


def test_players_are_matched_by_name_and_unknown_ones_created_only_when_confirmed(
    club: Club, mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    sandy = services.player_create(club=club, name="Sandy7169")
    plan = pmn_import_plan(
        season=mcr_season, rule_set=duplicate_rules, files=[record(FILES[0])], played_on=TODAY
    )
    assert plan.unknown_names == sorted(["Alec (钧力）", "忘却氤氲", "Annie Fok"])
    before = snapshot()

    with pytest.raises(ValidationError, match="Confirm that these new players may be created"):
        pmn_import(
            season=mcr_season,
            rule_set=duplicate_rules,
            files=[record(FILES[0])],
            played_on=TODAY,
            by=alice,
        )
    assert snapshot() == before

    result = do_import(mcr_season, duplicate_rules, [record(FILES[0])], alice)
    assert sorted(p.name for p in result.players) == plan.unknown_names
    session = result.sessions[0]
    assert session.seats.get(position=0).player == sandy
    assert Player.objects.filter(club=club, name="Sandy7169").count() == 1


def test_a_game_with_the_players_in_other_seats_joins_their_session_by_name(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    first = record("example_1.pmn").text
    # The same four players one deal later: everyone moved one seat on.
    rotated = (
        first.replace('[Board "2"]', '[Board "3"]')
        .replace('[East "Sandy7169"]', '[East "Annie Fok"]')
        .replace('[South "Alec (钧力）"]', '[South "Sandy7169"]')
        .replace('[West "忘却氤氲"]', '[West "Alec (钧力）"]')
        .replace('[North "Annie Fok"]', '[North "忘却氤氲"]')
    )
    result = do_import(mcr_season, duplicate_rules, [RecordFile("two.pmn", first + rotated)], alice)

    (session,) = result.sessions
    second = session.hands.get(number=2)
    # The winner is the record's West, now Alec, who sits in the session's South seat.
    assert second.input["winner"] == 1 and second.input["discarder"] == 0
    assert [s.points for s in second.scores.order_by("seat")] == [-17, 33, -8, -8]


def penalised(text: str, penalty: str, result: str) -> str:
    """A copy of a record with its [Penalty] and its [Result] (which includes it) replaced."""
    return text.replace('[Penalty "0 0 0 0"]', f'[Penalty "{penalty}"]').replace(
        '[Result "-8 -17 33 -8"]', f'[Result "{result}"]'
    )


def test_a_penalty_in_the_record_lands_in_the_scores_without_a_warning(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    # example_1: West wins 9 fan off South (-8 -17 33 -8); then South is fined 10.
    text = penalised(record("example_1.pmn").text, "0 -10 0 0", "-8 -27 33 -8")
    plan = plan_of(mcr_season, duplicate_rules, RecordFile("p.pmn", text))
    (planned,) = plan.games
    assert plan.errors == [] and planned.game.warnings == []
    assert planned.game.hand_input["penalties"] == [0, -10, 0, 0]
    assert planned.game.summary.endswith(" · penalties: Alec (钧力） −10")

    do_import(mcr_season, duplicate_rules, [RecordFile("p.pmn", text)], alice)
    hand = Hand.objects.get()
    assert [s.points for s in hand.scores.order_by("seat")] == [-8, -27, 33, -8]


def test_a_result_that_leaves_out_the_penalty_is_a_warning(
    mcr_season: Season, duplicate_rules: RuleSet
) -> None:
    text = penalised(record("example_1.pmn").text, "0 -10 0 0", "-8 -17 33 -8")
    plan = plan_of(mcr_season, duplicate_rules, RecordFile("p.pmn", text))
    assert plan.games[0].game.warnings == ["recorded result -8 -17 33 -8, settled -8 -27 33 -8"]


def test_a_record_s_warnings_name_the_player_and_the_fan_in_the_reader_s_language(
    mcr_season: Season, duplicate_rules: RuleSet
) -> None:
    # example_1: West (忘却氤氲) wins with Outside Hand 全带幺, 4 fan, recorded here as 5.
    text = record("example_1.pmn").text.replace("55/4/1.", "55/5/1.")
    with translation.override("zh-hant"):
        plan = plan_of(mcr_season, duplicate_rules, RecordFile("w.pmn", text))
    assert plan.games[0].game.warnings == [
        "忘却氤氲：記錄 10 番，計算得 9 番",
        "忘却氤氲：番種 55（全帶幺）記錄為 5，番表為 4",
    ]
    with translation.override("en"):
        plan = plan_of(mcr_season, duplicate_rules, RecordFile("w.pmn", text))
    assert plan.games[0].game.warnings[1] == (
        "忘却氤氲: fan 55 (Outside Hand 全帶幺) recorded as 5, the table says 4"
    )


def test_a_penalty_moves_with_its_player_into_the_session_seats(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    first = record("example_1.pmn").text
    rotated = penalised(
        first.replace('[Board "2"]', '[Board "3"]')
        .replace('[East "Sandy7169"]', '[East "Annie Fok"]')
        .replace('[South "Alec (钧力）"]', '[South "Sandy7169"]')
        .replace('[West "忘却氤氲"]', '[West "Alec (钧力）"]')
        .replace('[North "Annie Fok"]', '[North "忘却氤氲"]'),
        "-5 0 0 0",
        "-13 -17 33 -8",
    )
    result = do_import(mcr_season, duplicate_rules, [RecordFile("two.pmn", first + rotated)], alice)

    second = result.sessions[0].hands.get(number=2)
    # The record's East, Annie Fok, is fined; she sits in the session's North seat.
    assert second.input["penalties"] == [0, 0, 0, -5]
    assert [s.points for s in second.scores.order_by("seat")] == [-17, 33, -8, -13]


def test_a_penalty_the_league_refuses_names_the_penalty_tag(
    mcr_season: Season, duplicate_rules: RuleSet
) -> None:
    text = penalised(record("example_1.pmn").text, "0 -5000 0 0", "-8 -5017 33 -8")
    plan = plan_of(mcr_season, duplicate_rules, RecordFile("p.pmn", text))
    assert plan.errors == [
        "p.pmn, game 1: [Penalty] South: a penalty must be a whole number from -1000 to 1000"
    ]


def test_every_error_names_its_file_game_and_tag_or_play_position(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    good = record("example_1.pmn").text
    bad_play = good.replace("T0r3D0z1", "T0r3D0c9")
    bad_board = good.replace('[Board "2"]', '[Board "x"]')
    files = [RecordFile("mixed.pmn", bad_play + "\n" + bad_board + "\n" + good)]
    before = snapshot()

    plan = pmn_import_plan(
        season=mcr_season, rule_set=duplicate_rules, files=files, played_on=TODAY
    )
    assert plan.errors == [
        "mixed.pmn, game 1: [Play] at character 5: D0c9: the seat does not hold 1 × c9",
        "mixed.pmn, game 2: [Board] 'x': the board must be a whole number from 1 to 9999",
    ]
    with pytest.raises(ValidationError):
        do_import(mcr_season, duplicate_rules, files, alice)
    assert snapshot() == before  # the good third game is not imported either


def test_a_line_that_is_no_tag_is_reported_with_its_line_in_the_file(
    mcr_season: Season, duplicate_rules: RuleSet
) -> None:
    broken = (
        record("example_1.pmn").text
        + "\n"
        + record("example_2.pmn").text.replace('[Site "', 'Site "')
    )
    plan = plan_of(mcr_season, duplicate_rules, RecordFile("b.pmn", broken))
    assert len(plan.errors) == 1
    assert plan.errors[0].startswith("b.pmn, game 2: line 19 is not a tag")


def test_a_duplicate_record_needs_a_duplicate_rule_set(
    mcr_season: Season, standard_rules: RuleSet, alice: User
) -> None:
    plan = pmn_import_plan(
        season=mcr_season, rule_set=standard_rules, files=[record(FILES[1])], played_on=TODAY
    )
    assert plan.errors == [
        "example_2.pmn, game 1: [Scoring] this game is scored Duplicate; import it under an "
        "MCR rule set with duplicate scoring (this one is standard)"
    ]


def test_a_standard_record_imports_under_a_standard_rule_set(
    mcr_season: Season, standard_rules: RuleSet, alice: User
) -> None:
    standard = record("example_3.pmn").text.replace('"Duplicate"', '"MCR"')
    result = do_import(mcr_season, standard_rules, [RecordFile("s.pmn", standard)], alice)
    hand = Hand.objects.get()
    assert result.hands == 1
    assert [s.points for s in hand.scores.order_by("seat")] == [-29, -8, 45, -8]


def test_a_game_without_a_date_takes_the_date_given(
    mcr_season: Season, duplicate_rules: RuleSet, alice: User
) -> None:
    undated = record("example_1.pmn").text.replace('[Date "2022.06.25"]\n', "")
    result = do_import(mcr_season, duplicate_rules, [RecordFile("u.pmn", undated)], alice)
    assert result.sessions[0].played_on == TODAY


def test_a_record_must_name_every_player(mcr_season: Season, duplicate_rules: RuleSet) -> None:
    nameless = record("example_1.pmn").text.replace('[North "Annie Fok"]\n', "")
    plan = plan_of(mcr_season, duplicate_rules, RecordFile("n.pmn", nameless))
    assert plan.errors == ["n.pmn, game 1: [North] the record does not name this seat's player"]


# --- the page -------------------------------------------------------------------------------


def import_url(season: Season) -> str:
    return f"/c/dragons/seasons/{season.pk}/import-pmn/"


def test_the_season_page_offers_the_import_to_organisers_of_an_mcr_season(
    mcr_season: Season, as_alice: Client, as_bob: Client, season: Season
) -> None:
    assert (
        import_url(mcr_season)
        in as_alice.get(f"/c/dragons/seasons/{mcr_season.pk}/").content.decode()
    )
    assert (
        import_url(mcr_season)
        not in as_bob.get(f"/c/dragons/seasons/{mcr_season.pk}/").content.decode()
    )
    assert (
        import_url(season) not in as_alice.get(f"/c/dragons/seasons/{season.pk}/").content.decode()
    )


def test_an_organiser_previews_then_confirms_an_upload(
    mcr_season: Season, duplicate_rules: RuleSet, as_alice: Client
) -> None:
    files = [upload(name) for name in FILES]
    data = {"rule_set": duplicate_rules.pk, "played_on": "2026-05-01", "action": "preview"}
    before = snapshot()

    preview = as_alice.post(import_url(mcr_season), {**data, "files": files})

    assert preview.status_code == 200
    assert snapshot() == before
    page = text(preview)
    assert "3 games read; 3 new; 3 new sessions" in page
    assert "忘却氤氲 9 fan off Alec (钧力）" in page
    assert "Angel Fok 12 fan and Mimi lam 12 fan off SIM" in page
    assert "pheebin" in preview.context["plan"].unknown_names
    # The files travel with the confirmation, so they need not be chosen again.
    names = preview.context["files"]
    confirm = {
        **data,
        "action": "import",
        "create_players": "on",
        "record_name": [f.name for f in names],
        "record_text": [f.text.replace("\n", "\r\n") for f in names],  # as a browser posts it
    }
    response = as_alice.post(import_url(mcr_season), confirm)
    job = ImportJob.objects.get()
    assert response["Location"] == f"/c/dragons/imports/{job.pk}/"
    assert (job.kind, job.status, Hand.objects.count()) == ("pmn", "queued", 0)

    run_worker()

    page = text(as_alice.get(response["Location"]))
    added = len(preview.context["plan"].unknown_names)
    assert f"Imported 3 hands in 3 new sessions and added {added} players." in page
    assert Player.objects.filter(club=mcr_season.club).count() == added
    assert Hand.objects.count() == 3 and Session.objects.filter(season=mcr_season).count() == 3
    again = as_alice.post(import_url(mcr_season), {**confirm, "action": "preview"})
    assert "3 games read; 0 new, 3 imported before" in text(again)
    assert 'id="pmn-confirm"' not in again.content.decode()
    repeated = as_alice.post(import_url(mcr_season), confirm)
    assert "Nothing new: all 3 games had been imported before." in text(repeated)
    assert Hand.objects.count() == 3 and ImportJob.objects.count() == 1


def test_without_confirming_new_players_nothing_is_written(
    mcr_season: Season, duplicate_rules: RuleSet, as_alice: Client
) -> None:
    before = snapshot()
    data = {"rule_set": duplicate_rules.pk, "played_on": "2026-05-01", "action": "import"}
    response = as_alice.post(import_url(mcr_season), {**data, "files": [upload(FILES[0])]})
    assert response.status_code == 200
    assert "Confirm that these new players may be created" in text(response)
    assert snapshot() == before


def test_the_preview_lists_errors_and_offers_no_import(
    mcr_season: Season, standard_rules: RuleSet, as_alice: Client
) -> None:
    data = {"rule_set": standard_rules.pk, "played_on": "2026-05-01", "action": "preview"}
    response = as_alice.post(import_url(mcr_season), {**data, "files": [upload(FILES[1])]})
    page = text(response)
    assert "Nothing can be imported until every error is fixed" in page
    assert "example_2.pmn, game 1: [Scoring] this game is scored Duplicate" in page
    assert 'id="pmn-confirm"' not in response.content.decode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "bad.pmn is empty."),
        (b"  \n\n", "bad.pmn is empty."),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "bad.pmn, line 1, column 1: not UTF-8 text"),
        ('[East "Zoë"]'.encode("latin-1"), "bad.pmn, line 1, column 10: not UTF-8 text"),
        (b'[East "Zo\x00"]', "bad.pmn, line 1, column 10: a NUL character"),
        (b"[" + b"x" * 300 * 1024 + b"]", "bad.pmn is 300 KB; a PMN file may be at most 256 KB."),
        (b"hello", "bad.pmn, game 1: line 1 is not a tag"),
    ],
)
def test_a_bad_upload_gets_a_clear_message(
    mcr_season: Season, duplicate_rules: RuleSet, as_alice: Client, content: bytes, message: str
) -> None:
    before = snapshot()
    data = {"rule_set": duplicate_rules.pk, "played_on": "2026-05-01", "action": "import"}
    response = as_alice.post(
        import_url(mcr_season), {**data, "files": [upload("bad.pmn", content)]}
    )
    assert response.status_code == 200
    assert message in text(response)
    assert snapshot() == before


def test_posting_without_a_file_asks_for_one(
    mcr_season: Season, duplicate_rules: RuleSet, as_alice: Client
) -> None:
    data = {"rule_set": duplicate_rules.pk, "played_on": "2026-05-01", "action": "preview"}
    response = as_alice.post(import_url(mcr_season), data)
    assert response.status_code == 200
    assert "Choose one or more PMN files." in text(response)


def test_a_season_of_another_family_says_the_records_are_mcr(
    season: Season, as_alice: Client
) -> None:
    before = snapshot()
    response = as_alice.post(import_url(season), {"files": [upload(FILES[0])]})
    assert response.status_code == 200
    assert "PMN records are MCR games" in text(response)
    assert snapshot() == before


def test_only_an_mcr_rule_set_of_this_club_can_be_chosen(
    mcr_season: Season, rule_set: RuleSet, as_alice: Client
) -> None:
    data = {"rule_set": rule_set.pk, "played_on": "2026-05-01", "files": [upload(FILES[0])]}
    response = as_alice.post(import_url(mcr_season), data)
    assert response.context["form"].errors["rule_set"]
    assert not Hand.objects.exists()


def test_a_board_above_16_under_standard_scoring_names_file_game_and_tag(
    club: Club, standard_rules: RuleSet
) -> None:
    season = services.season_save(club=club, name="MCR 2022", rule_set=standard_rules)
    good = record("example_1.pmn").text.replace('[Scoring "Duplicate"]', '[Scoring "MCR"]')
    late = good.replace('[Board "2"]', '[Board "17"]')
    before = snapshot()
    plan = plan_of(season, standard_rules, RecordFile("late.pmn", good + "\n" + late))
    assert plan.errors == ["late.pmn, game 2: [Board] board 17 is above 16, the last of a game"]
    assert snapshot() == before


def test_the_plan_s_refusals_read_in_the_reader_s_language(
    mcr_season: Season, duplicate_rules: RuleSet, rule_set: RuleSet
) -> None:
    twice = record("example_1.pmn").text.replace('[South "Alec (钧力）"]', '[South "Sandy7169"]')
    with translation.override("zh-hant"):
        other_family = plan_of(mcr_season, rule_set, record("example_1.pmn"))
        seated_twice = plan_of(mcr_season, duplicate_rules, RecordFile("t.pmn", twice))
    assert other_family.errors == ["PMN 牌譜是國標麻將的對局：請選擇本俱樂部的一套國標規則。"]
    assert "t.pmn，第 1 局：同一位玩家坐了兩個座位。" in seated_twice.errors
    with translation.override("en"):
        seated_twice = plan_of(mcr_season, duplicate_rules, RecordFile("t.pmn", twice))
    assert "t.pmn, game 1: a player sits at two seats." in seated_twice.errors
