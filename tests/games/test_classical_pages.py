"""Classical leagues through the pages: rule sets from presets and rules files, a 3-player
session, hands player by player, fixed scores, the payments matrix, amending an earlier
hand, and the standings."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games import services
from games.models import Club, Hand, Player, RuleSet, Score, Session
from tests.games.pages import table_rows, text

MILLINGTON = {"rules": "millington", "stake": 1000}
# A (East) goes Mah-Jongg from the wall: concealed pung of 1 bamboo, a pung of red dragons.
EAST_WINS = {"mahjong": "0", "sets_0": "-111s 777z 345m 234p 55p", "sets_1": "PEM", "sets_2": ""}
# B goes Mah-Jongg off C's discard; C shows a concealed pung of minors.
SOUTH_WINS = {
    "mahjong": "1",
    "discarder": "2",
    "sets_0": "",
    "sets_1": "PED 999m 123s 456s 99p",
    "sets_2": "-444m",
}
OWN_RULES = """// the club's house rules
House rules
PaymentMethod=0
10 3 "Pung" "PEM|PCM|PEJ|PCJ" 2 0
30 2 "Mah-Jongg" "M**" 20 0
31 0 "Self-drawn" "" 1 1
// END
"""
BROKEN_RULES = """House rules
PaymentMethod=9
10 3 "Pung" "PXM" 2 0
// END
"""


@pytest.fixture
def classical_rules(club: Club, alice: User) -> RuleSet:
    return services.rule_set_create(
        club=club, name="Millington", family="classical", params=MILLINGTON, by=alice
    )


@pytest.fixture
def table(club: Club, classical_rules: RuleSet, players: list[Player], alice: User) -> Session:
    """A, B and C at a classical table."""
    season = services.season_save(club=club, name="Classical", rule_set=classical_rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players[:3], by=alice
    )


def post_hand(client: Client, session: Session, **fields: Any) -> Any:
    data = {"client_id": str(uuid.uuid4()), "action": "save", **fields}
    return client.post(f"/c/dragons/sessions/{session.pk}/hands/new/", data)


def points(hand: Hand) -> list[int]:
    return [int(s.points) for s in hand.scores.order_by("seat")]


def test_an_organiser_creates_a_rule_set_from_a_preset(as_alice: Client, club: Club) -> None:
    response = as_alice.post(
        "/c/dragons/rules/new/classical/",
        {"name": "Book rules", "rules": "1920s", "stake": "500", "payment_method": "1"},
    )
    assert response.status_code == 302
    params = RuleSet.objects.get(name="Book rules").versions.get().params
    assert params["rules"] == "1920s" and params["limit"] == 400
    assert params["payment_method"] == 1 and params["stake"] == 500
    listing = as_alice.get("/c/dragons/rules/").content.decode()
    assert "1920s classical (limit 400), payment method 1" in listing


def test_an_organiser_uploads_the_clubs_rules_file(as_alice: Client, club: Club) -> None:
    upload = SimpleUploadedFile("house.rules", OWN_RULES.encode(), "text/plain")
    response = as_alice.post(
        "/c/dragons/rules/new/classical/",
        {"name": "House", "rules": "file", "rules_file": upload, "stake": "100"},
    )
    assert response.status_code == 302
    params = RuleSet.objects.get(name="House").versions.get().params
    assert params["text"] == OWN_RULES and params["payment_method"] == 0


def test_a_malformed_rules_file_is_refused_with_every_error_by_line(
    as_alice: Client, club: Club
) -> None:
    upload = SimpleUploadedFile("broken.rules", BROKEN_RULES.encode(), "text/plain")
    response = as_alice.post(
        "/c/dragons/rules/new/classical/",
        {"name": "Broken", "rules": "file", "rules_file": upload, "stake": "100"},
    )
    assert response.status_code == 200
    page = text(response)
    assert "Line 2: PaymentMethod must be 0, 1, 2, 3 or 4, not '9'" in page
    assert "Line 3: the sub-rule 'PXM'" in page
    assert "PaymentMethod=9" in response.content.decode()  # the text is there to correct
    assert not RuleSet.objects.filter(name="Broken").exists()


def test_a_rules_file_holding_nul_is_refused_by_line(as_alice: Client, club: Club) -> None:
    # NUL is valid UTF-8: the file was read, checked (it sat in a comment) and stored, and
    # PostgreSQL's jsonb refused it with a 500.
    with_nul = OWN_RULES.replace("house rules", "house\x00rules")
    upload = SimpleUploadedFile("house.rules", with_nul.encode(), "text/plain")
    response = as_alice.post(
        "/c/dragons/rules/new/classical/",
        {"name": "House", "rules": "file", "rules_file": upload, "stake": "100"},
    )
    assert response.status_code == 200
    errors = response.context["params_form"].errors["rules_file"]
    assert errors == ["line 1, column 20: a NUL character, which no text file holds"]
    assert not RuleSet.objects.filter(name="House").exists()


def test_a_rules_file_typed_in_the_text_box_is_checked(as_alice: Client, club: Club) -> None:
    response = as_alice.post(
        "/c/dragons/rules/new/classical/",
        {"name": "Typed", "rules": "file", "text": "Only a name\n", "stake": "100"},
    )
    assert response.status_code == 200
    assert "does not end with a '// END' line" in text(response)


def test_a_used_version_is_kept_when_the_rules_change(
    as_alice: Client, table: Session, classical_rules: RuleSet
) -> None:
    response = as_alice.post(
        f"/c/dragons/rules/{classical_rules.pk}/edit/",
        {"name": "Millington", "rules": "millington", "stake": "2000", "payment_method": "3"},
    )
    assert response.status_code == 302
    assert list(classical_rules.versions.values_list("number", flat=True)) == [2, 1]
    assert table.rule_set_version.params["stake"] == 1000


def test_an_organiser_starts_a_three_player_session(
    as_alice: Client, club: Club, classical_rules: RuleSet, players: list[Player]
) -> None:
    season = services.season_save(club=club, name="Classical", rule_set=classical_rules)
    response = as_alice.post(
        "/c/dragons/sessions/new/",
        {
            "season": season.pk,
            "played_on": "2026-05-01",
            **{f"seat_{n}": players[n].pk for n in range(3)},
        },
    )
    assert response.status_code == 302
    session = Session.objects.get(season=season)
    assert session.seats.count() == 3
    page = text(as_alice.get(f"/c/dragons/sessions/{session.pk}/"))
    assert "Next hand: East 東 round, East is A" in page
    assert "A East 東 deals 1000 B South 南 1000 C West 西 1000" in page


def test_the_form_goes_player_by_player_from_the_mahjong_player(
    as_bob: Client, table: Session
) -> None:
    page = as_bob.get(f"/c/dragons/sessions/{table.pk}/hands/new/").content.decode()
    assert page.count('class="player"') == 3
    assert "Final Tile Drawn From the Wall" in page and "mj-only" in page
    response = post_hand(as_bob, table, **{**SOUTH_WINS, "sets_1": "PXM"})
    assert response.status_code == 200
    html = response.content.decode()
    order = [html.index(f'data-seat="{seat}"') for seat in (1, 2, 0)]
    assert order == sorted(order)  # B first, then C, then A
    assert "the set 'PXM': a pung is concealed (C) or exposed (E)" in text(response)


def test_a_member_records_hands_and_the_table_moves_on(as_bob: Client, table: Session) -> None:
    assert post_hand(as_bob, table, **EAST_WINS).status_code == 302
    assert post_hand(as_bob, table, **SOUTH_WINS, events_1=["32"]).status_code == 302
    first, second = Hand.objects.order_by("number")
    assert first.input["players"][0] == {
        "sets": ["-111s", "777z", "345m", "234p", "55p"],
        "events": [],
    }
    assert second.input["players"][1]["events"] == [32]
    assert sum(points(first)) == 0 and sum(points(second)) == 0
    assert [s.east_run for s in first.scores.order_by("seat")] == [1, None, None]
    assert second.evaluation["position"]["east"] == 0  # A kept the deal
    page = text(as_bob.get(f"/c/dragons/sessions/{table.pk}/"))
    assert "Next hand: East 東 round, East is B" in page
    assert "A Mah-Jongg from the wall" in page and "B Mah-Jongg off C's discard" in page


def test_mahjong_only_events_of_other_players_are_dropped(as_bob: Client, table: Session) -> None:
    response = post_hand(as_bob, table, **EAST_WINS, events_0=["31"], events_1=["31"])
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.input["players"][0]["events"] == [31]
    assert hand.input["players"][1]["events"] == []


def test_a_fixed_score_overrides_the_calculation_and_keeps_the_sets(
    as_bob: Client, table: Session
) -> None:
    response = post_hand(as_bob, table, **SOUTH_WINS, fixed_2="30")
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.input["players"][2] == {"sets": ["-444m"], "events": [], "fixed": 30}
    carl = hand.evaluation["scores"][2]
    assert carl["score"] == 30 and carl["calculated"] == 4
    page = text(as_bob.get(f"/c/dragons/sessions/{table.pk}/"))
    assert "C 30 (fixed)" in page and "30 fixed" in page


def test_the_sheet_shows_each_hands_payments_matrix(as_bob: Client, table: Session) -> None:
    post_hand(as_bob, table, **SOUTH_WINS)
    hand = Hand.objects.get()
    b_score = hand.evaluation["scores"][1]["score"]
    response = as_bob.get(f"/c/dragons/sessions/{table.pk}/")
    html = response.content.decode()
    assert 'class="matrix"' in html
    matrix = hand.evaluation["payments"]
    assert [sum(int(c) for c in row) for row in matrix] == points(hand)
    assert all(matrix[i][j] == str(-int(matrix[j][i])) for i in range(3) for j in range(3))
    stake_after = 1000 + points(hand)[1]
    assert f"{b_score} ({stake_after})" in text(response)
    assert "East 東 round · East A" in text(response)


def test_the_preview_shows_every_players_items_and_the_payments(
    as_bob: Client, table: Session
) -> None:
    result = as_bob.post(
        f"/c/dragons/sessions/{table.pk}/hands/preview/", {**SOUTH_WINS, "fixed_0": ""}
    ).json()
    assert result["ok"]
    scores = result["evaluation"]["scores"]
    assert [line["text"] for line in scores[2]["breakdown"]] == [
        "Concealed Pung of Minors 4 pts (PCM)"
    ]
    assert scores[1]["breakdown"][-1]["running"] == scores[1]["score"]
    assert len(result["evaluation"]["payments"]) == 3
    assert Hand.objects.count() == 0


def test_amending_an_earlier_hand_recomputes_the_later_hands(
    as_bob: Client, table: Session
) -> None:
    post_hand(as_bob, table, **EAST_WINS)
    post_hand(as_bob, table, **SOUTH_WINS)
    first, second = Hand.objects.order_by("number")
    before = points(second)
    # Hand 1 was really won by C: B, not A, was East for hand 2 and is paid double.
    response = as_bob.post(
        f"/c/dragons/hands/{first.pk}/edit/",
        {
            **EAST_WINS,
            "mahjong": "2",
            "sets_2": "-111s 777z 345m 234p 55p",
            "sets_0": "",
            "version": "1",
            "reason": "C won, not A",
        },
    )
    assert response.status_code == 302
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.version == 2 and first.revisions.get().reason == "C won, not A"
    assert second.version == 1 and not second.revisions.exists()
    assert second.evaluation["position"]["east"] == 1
    after = points(second)
    assert after != before and sum(after) == 0
    b_score = second.evaluation["scores"][1]["score"]  # A has no sets, C a minor pung: 4
    assert before == [-2 * b_score - 8, 3 * b_score, -b_score + 8]  # A was East: doubled
    assert after == [-2 * b_score - 4, 4 * b_score, -2 * b_score + 4]  # B is East now
    page = text(as_bob.get(f"/c/dragons/sessions/{table.pk}/"))
    assert "Next hand: East 東 round, East is B" in page  # B kept the deal


def test_the_amend_preview_scores_the_hand_where_it_was_played(
    as_bob: Client, table: Session
) -> None:
    post_hand(as_bob, table, **SOUTH_WINS)
    post_hand(as_bob, table, **SOUTH_WINS)
    first = Hand.objects.get(number=1)
    url = f"/c/dragons/sessions/{table.pk}/hands/preview/"
    as_first = as_bob.post(url, {**SOUTH_WINS, "amending": "1"}).json()
    as_next = as_bob.post(url, SOUTH_WINS).json()
    assert as_first["evaluation"]["position"]["east"] == first.evaluation["position"]["east"] == 0
    assert as_next["evaluation"]["position"]["east"] == 1  # B won hand 1 and hand 2 as East


def test_deleting_an_earlier_hand_recomputes_the_later_hands(
    as_bob: Client, table: Session
) -> None:
    post_hand(as_bob, table, **SOUTH_WINS)
    post_hand(as_bob, table, **SOUTH_WINS)
    first, second = Hand.objects.order_by("number")
    assert second.evaluation["position"]["east"] == 1
    response = as_bob.post(
        f"/c/dragons/hands/{first.pk}/delete/", {"version": "1", "reason": "a practice hand"}
    )
    assert response.status_code == 302
    second.refresh_from_db()
    assert second.evaluation["position"]["east"] == 0
    assert sum(Score.objects.values_list("points", flat=True)) == 0


def test_the_season_standings_go_by_stake_change(
    as_bob: Client, table: Session, club: Club
) -> None:
    post_hand(as_bob, table, **EAST_WINS)
    post_hand(as_bob, table, **EAST_WINS)
    post_hand(as_bob, table, **SOUTH_WINS)
    response = as_bob.get(f"/c/dragons/seasons/{table.season_id}/")
    assert "Best East run" in text(response) and "Stake change" in text(response)
    nets = {
        name: sum(Score.objects.filter(player__name=name).values_list("points", flat=True))
        for name in "ABC"
    }
    rows = table_rows(response, "standings")
    assert [row[1] for row in rows] == sorted(nets, key=lambda name: (-nets[name], name))
    a_row = next(row for row in rows if row[1] == "A")
    # 1 game, 3 hands, 2 Mah-Jonggs, East in all 3 hands, 2 Mah-Jonggs in a row as East.
    assert a_row[2:7] == ["1", "3", "2", "3", "2"]
    assert a_row[7] == f"{int(nets['A']):+d}"


def test_a_new_east_chosen_at_the_end_of_a_round_takes_the_deal(
    as_bob: Client, club: Club, players: list[Player], alice: User
) -> None:
    rules = services.rule_set_create(
        club=club,
        name="New East",
        family="classical",
        params={**MILLINGTON, "new_east_each_round": True},
        by=alice,
    )
    season = services.season_save(club=club, name="New East", rule_set=rules)
    table = services.session_start(
        season=season, played_on=dt.date(2026, 5, 1), players=players[:3], by=alice
    )
    form = as_bob.get(f"/c/dragons/sessions/{table.pk}/hands/new/").content.decode()
    assert 'name="next_east"' in form
    nobody_shows = {"sets_0": "", "sets_1": "", "sets_2": ""}
    # B, then C, then A go Mah-Jongg: the deal passes round to A and the East round ends.
    for mahjong in ("1", "2"):
        assert post_hand(as_bob, table, mahjong=mahjong, **nobody_shows).status_code == 302
    page = text(as_bob.get(f"/c/dragons/sessions/{table.pk}/"))
    assert "Next hand: East 東 round, East is C" in page
    response = post_hand(as_bob, table, mahjong="0", next_east="1", **nobody_shows)
    assert response.status_code == 302
    assert Hand.objects.get(number=3).input["next_east"] == 1
    page = text(as_bob.get(f"/c/dragons/sessions/{table.pk}/"))
    assert "Next hand: South 南 round, East is B" in page  # not A, who would simply follow
    # Each won once as a player after East, so the stakes are back level and all three lead.
    assert "A leads West 西 1000 B leads East 東 deals 1000 C leads South 南 1000" in page


def test_the_sheet_lists_every_players_score_items_with_running_totals(
    as_bob: Client, table: Session
) -> None:
    assert post_hand(as_bob, table, **EAST_WINS).status_code == 302
    hand = Hand.objects.get()
    page = as_bob.get(f"/c/dragons/sessions/{table.pk}/")
    items = text(page).split("Score items", 1)[1].split("Payments", 1)[0]
    for seat, player in enumerate(("A", "B", "C")):
        score = hand.evaluation["scores"][seat]
        assert f"{player}: {score['score']}" in items
        for line in score["breakdown"]:
            assert f"{line['text']} {line['running']}" in items
    assert hand.evaluation["scores"][1]["breakdown"], "a loser's own items are listed too"


@pytest.mark.parametrize("seat", ["²", "9", "1" * 40])
def test_a_mahjong_seat_that_is_no_seat_is_a_form_error(
    as_bob: Client, table: Session, seat: str
) -> None:
    response = post_hand(as_bob, table, **{**EAST_WINS, "mahjong": seat})
    assert response.status_code == 200 and not Hand.objects.exists()
    assert "errorlist" in response.content.decode()
