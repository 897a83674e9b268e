"""A classical session as a game file (issue 40, item 2): saved from the session's page,
loaded into a new session (page and command), replayed by ``mahjong-score rules game``,
and "new game like this one"."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

from games import services
from games.models import Club, Hand, RuleSet, Session
from games.selectors import session_sheet
from games.services.session_rules import session_switch_rules
from scoring.engine.cli import main
from tests.games import test_session_rules as services_tests
from tests.games.session_rules import (
    CHANGES,
    HOUSE_RULES,
    SEQUENCE,
    STAKES,
    new_version,
    play_the_sequence,
    record,
    rules,
)

house = services_tests.house
game = services_tests.game


def save(client: Client, session: Session) -> str:
    response = client.get(f"/c/dragons/sessions/{session.pk}/game.json")
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'-game-{session.pk}.json"')
    return response.content.decode()


def load(client: Client, season_id: int, text: str, language: str = "en", **fields: Any) -> Any:
    upload = SimpleUploadedFile("game.json", text.encode(), content_type="application/json")
    return client.post(
        f"/c/dragons/seasons/{season_id}/import-game/",
        {"file": upload, **fields},
        HTTP_ACCEPT_LANGUAGE=language,
    )


def hands_of(session: Session) -> list[Hand]:
    return list(
        session.hands.filter(deleted_at=None).select_related("rule_set_version").order_by("number")
    )


def changes(session: Session) -> list[list[int]]:
    return [[int(s.points) for s in hand.scores.order_by("seat")] for hand in hands_of(session)]


def replayed(path: Path) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["rules", "game", str(path)]) == 0
    return out.getvalue()


def matrix(block: str) -> list[list[str]]:
    """The payments matrix of a hand the command printed: a name and its cells a row."""
    lines = block.splitlines()
    top = next(n for n, line in enumerate(lines) if line.startswith("Payments (method"))
    return [line.split() for line in lines[top + 2 : top + 6]]


@pytest.fixture
def played(game: Session, house: RuleSet, alice: User) -> Session:
    """The manual's twelve hands: payment method 2 from hand 5, a corrected file from 9."""
    play_the_sequence(game, house, alice)
    return Session.objects.get(pk=game.pk)


def test_a_game_with_rules_changed_mid_game_saves_loads_and_replays_as_the_site_scores_it(
    as_alice: Client, played: Session, tmp_path: Path
) -> None:
    text = save(as_alice, played)
    data = json.loads(text)
    assert data["players"] == ["Keith", "Larry", "David", "Joe"]
    assert [hand.get("options") for hand in data["hands"]][4] == {"payment_method": 2}
    assert 'Mah-Jongg" "M**" 30' in data["hands"][8]["rules"]["text"]

    response = load(as_alice, played.season_id, text)
    loaded = Session.objects.exclude(pk=played.pk).get()
    assert response.status_code == 302
    assert response["Location"] == f"/c/dragons/sessions/{loaded.pk}/"
    # The same hands under the same rules, hand by hand: scores, payments, stakes.
    assert changes(loaded) == CHANGES
    old, new = hands_of(played), hands_of(loaded)
    assert [h.input for h in new] == [h.input for h in old]
    assert [h.evaluation for h in new] == [h.evaluation for h in old]
    assert [h.rule_set_version_id for h in new] == [h.rule_set_version_id for h in old]
    sheet = session_sheet(session=loaded)
    assert [[int(s) for s in row.state.stakes] for row in sheet.rows[1:]] == STAKES[:-1]
    assert loaded.is_open and loaded.played_on == played.played_on
    # Saved again, the loaded game is the same file.
    assert save(as_alice, loaded) == text

    # The command replays the file: every player's score items and the payments matrix
    # of every hand are those the site stored.
    path = tmp_path / "game.json"
    path.write_text(text)
    printed = replayed(path).split("\n\nHand ")[1:]
    assert len(printed) == len(old)
    for block, hand in zip(printed, old, strict=True):
        for score in hand.evaluation["scores"]:
            for item in score["breakdown"]:
                assert f"  {item['text']}  {item['running']}\n" in block
        assert matrix(block) == [
            [name, *row]
            for name, row in zip(data["players"], hand.evaluation["payments"], strict=True)
        ]
    assert "From this hand: House rules; payment method 2" in printed[4]
    assert "After 12 hands: Larry (1276) leads" in printed[-1]


def test_loading_refuses_a_broken_file_and_writes_nothing(
    as_alice: Client, played: Session
) -> None:
    data = json.loads(save(as_alice, played))
    data["hands"][6]["players"][0]["sets"] = ["PXM"]
    page = load(as_alice, played.season_id, json.dumps(data)).content.decode()
    assert "hand 7: " in page and "PXM" in page
    page = load(as_alice, played.season_id, "{not json").content.decode()
    assert "line 1: not valid JSON" in page
    assert Session.objects.count() == 1


def test_new_players_are_created_only_when_the_organiser_says_so(
    as_alice: Client, played: Session
) -> None:
    text = save(as_alice, played).replace('"Joe"', '"Josephine"')
    page = load(as_alice, played.season_id, text).content.decode()
    assert "Confirm that these new players may be created: Josephine." in page
    assert Session.objects.count() == 1
    load(as_alice, played.season_id, text, create_players="on")
    loaded = Session.objects.exclude(pk=played.pk).get()
    assert [seat.player.name for seat in loaded.seats.all()][3] == "Josephine"


def test_only_an_organiser_of_the_club_loads_a_game_into_its_season(
    as_alice: Client, played: Session, bob: User, dave: User, private_club: Club
) -> None:
    text = save(as_alice, played)
    for user in (bob, dave):  # a member; another club's organiser
        client = Client()
        client.force_login(user)
        assert load(client, played.season_id, text).status_code == 403
    theirs = services.rule_set_create(
        club=private_club, name="Theirs", family="classical", params={}, by=dave
    )
    season = services.season_save(club=private_club, name="Tigers", rule_set=theirs)
    assert load(as_alice, season.pk, text).status_code in (403, 404)
    # Nor can a rule set of another club be chosen for the session.
    page = load(as_alice, played.season_id, text, rule_set=theirs.pk).content.decode()
    assert "Select a valid choice" in page
    assert Session.objects.count() == 1


def test_the_command_loads_a_game_file(
    as_alice: Client, played: Session, tmp_path: Path, bob: User
) -> None:
    path = tmp_path / "game.json"
    path.write_text(save(as_alice, played))
    out = io.StringIO()
    call_command(
        "import_game", str(path), club="dragons", season="Classical", by="alice", stdout=out
    )
    loaded = Session.objects.exclude(pk=played.pk).get()
    assert f"session {loaded.pk} of Classical, 12 hands, 0 new players" in out.getvalue()
    assert changes(loaded) == CHANGES
    with pytest.raises(CommandError, match="'bob' is not an organiser of Dragons"):
        call_command("import_game", str(path), club="dragons", season="Classical", by="bob")
    path.write_text("[]")
    with pytest.raises(CommandError, match="a game file is one JSON object"):
        call_command("import_game", str(path), club="dragons", season="Classical", by="alice")
    assert Session.objects.count() == 2


def test_a_new_game_like_this_one_takes_its_players_rules_and_options(
    as_alice: Client, played: Session, charlie: User
) -> None:
    client = as_alice
    page = client.get(f"/c/dragons/sessions/{played.pk}/").content.decode()
    assert 'id="new-game-like"' in page and 'id="game-file"' in page
    form = {"played_on": "2026-05-08", "client_id": "6f1c0d52-3c3a-4a43-9d5e-3d2f4c2b7a11"}
    response = client.post(f"/c/dragons/sessions/{played.pk}/again/", form)
    again = Session.objects.exclude(pk=played.pk).get()
    assert response["Location"] == f"/c/dragons/sessions/{again.pk}/"
    assert again.rule_set_version == played.rule_set_version  # the corrected file, method 2
    assert [s.player_id for s in again.seats.all()] == [s.player_id for s in played.seats.all()]
    assert again.played_on.isoformat() == "2026-05-08" and not again.hands.exists()
    # A double tap starts one game; a viewer starts none.
    client.post(f"/c/dragons/sessions/{played.pk}/again/", form)
    assert Session.objects.count() == 2
    viewer = Client()
    viewer.force_login(charlie)
    assert (
        'id="new-game-like"' not in viewer.get(f"/c/dragons/sessions/{played.pk}/").content.decode()
    )
    refused = viewer.post(f"/c/dragons/sessions/{played.pk}/again/", {**form, "client_id": ""})
    assert refused.status_code == 403


@pytest.mark.parametrize(
    ("header", "words"), [("zh-HK", "儲存為牌局檔"), ("zh-CN", "保存为牌局文件")]
)
def test_the_game_file_pages_speak_chinese(
    as_alice: Client, played: Session, header: str, words: str
) -> None:
    session = as_alice.get(
        f"/c/dragons/sessions/{played.pk}/", HTTP_ACCEPT_LANGUAGE=header
    ).content.decode()
    assert words in session
    page = as_alice.get(
        f"/c/dragons/seasons/{played.season_id}/import-game/", HTTP_ACCEPT_LANGUAGE=header
    ).content.decode()
    refused = load(as_alice, played.season_id, "[]", header).content.decode()
    english = (
        "Save as a game file",
        "New game like this one",
        "The same players in the same seats",
        "Load a game file",
        "Load the game",
        "Game file",
        "Create the players",
        "the game becomes a new session",
        "a game file is one JSON object",
    )
    for text in (session, page, refused):
        assert [phrase for phrase in english if phrase in text] == []
    assert "牌局" in refused


def test_any_family_s_session_starts_a_game_like_it_and_a_bad_date_is_refused(
    as_alice: Client, session: Session
) -> None:
    page = as_alice.get(f"/c/dragons/sessions/{session.pk}/").content.decode()
    assert 'id="new-game-like"' in page and 'id="game-file"' not in page
    assert as_alice.get(f"/c/dragons/sessions/{session.pk}/game.json").status_code == 404
    url = f"/c/dragons/sessions/{session.pk}/again/"
    refused = as_alice.post(url, {"played_on": "May", "client_id": ""}, follow=True)
    assert "Enter a valid date." in refused.content.decode()
    assert Session.objects.count() == 1
    as_alice.post(
        url, {"played_on": "2026-03-08", "client_id": "0b7c9d1e-1f2a-4b3c-8d4e-5f6a7b8c9d0e"}
    )
    again = Session.objects.exclude(pk=session.pk).get()
    assert again.rule_set_version == session.rule_set_version
    assert [s.player_id for s in again.seats.all()] == [s.player_id for s in session.seats.all()]


def test_rules_changed_after_the_last_hand_are_saved_and_loaded_for_the_next_one(
    as_alice: Client, game: Session, house: RuleSet, alice: User
) -> None:
    record(game, SEQUENCE[:4], alice)
    method_2 = new_version(house, rules(HOUSE_RULES, 2), alice)
    session_switch_rules(session=game, version=method_2, from_hand=5, by=alice)
    data = json.loads(save(as_alice, game))
    assert data["then"] == {"options": {"payment_method": 2}}
    load(as_alice, game.season_id, json.dumps(data))
    loaded = Session.objects.exclude(pk=game.pk).get()
    assert loaded.rule_set_version == method_2
    assert [h.rule_set_version.number for h in hands_of(loaded)] == [1, 1, 1, 1]
    assert changes(loaded) == CHANGES[:4]
