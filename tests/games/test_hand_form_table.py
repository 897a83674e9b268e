"""The hand form opens with where the game stands, in each family's own terms, and the
totals so far; after a save it says what was saved (issue 36, item 1)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Club, Player, Session
from tests.fuzz.world import PARAMS
from tests.games.pages import DISCARD, new_hand_form, table_rows, text
from tests.games.riichi_hanchan import EMA, HANDS


def new_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/hands/new/"


def table_line(response: Any) -> str:
    html = response.content.decode()
    start = html.index('class="table-line"')
    return text_of(html[start : html.index("</p>", start)])


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.split(">", 1)[1]).split())


def family_session(
    club: Club, alice: User, players: list[Player], family: str, params: Any
) -> Session:
    rules = services.rule_set_create(club=club, name=family, family=family, params=params, by=alice)
    season = services.season_save(club=club, name=f"{family} season", rule_set=rules)
    return services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=players, by=alice
    )


def record(session: Session, user: User, *hands: dict[str, Any]) -> None:
    for hand in hands:
        services.hand_record(session=session, hand_input=hand, by=user)


def test_a_fresh_hk_form_says_hand_1_in_the_east_round_with_the_first_player_dealing(
    as_bob: Client, session: Session
) -> None:
    page = as_bob.get(new_url(session))
    assert table_line(page) == "Hand 1 · East round · A deals"
    assert table_rows(page, "running-totals")[0][1::2] == ["0", "0", "0", "0"]
    assert "Totals so far A 0 B 0 C 0 D 0" in text(page)


def test_the_deal_passes_when_another_player_wins_and_stays_on_a_draw(
    as_bob: Client, session: Session, alice: User
) -> None:
    # B wins off C: the deal passes from A to B; a draw keeps it with B.
    record(session, alice, DISCARD, {"outcome": "draw"})
    page = as_bob.get(new_url(session))
    assert table_line(page) == "Hand 3 · East round · B deals"
    assert table_rows(page, "running-totals")[0][1::2] == ["-4", "+16", "-8", "-4"]


def test_after_four_passes_of_the_deal_the_south_round_begins(
    as_bob: Client, session: Session, alice: User
) -> None:
    wins = [{"outcome": "self_drawn", "winner": seat, "faan": 3} for seat in (1, 2, 3, 0)]
    record(session, alice, *wins)
    assert table_line(as_bob.get(new_url(session))) == "Hand 5 · South round · A deals"


def test_riichi_names_the_hand_the_counters_the_dealer_and_the_sticks(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = family_session(club, alice, players, "riichi", EMA)
    # No sticks on the table goes unsaid.
    assert table_line(as_bob.get(new_url(session))) == "Hand 1 · East 1 · 0 honba · A deals"
    record(session, alice, *HANDS[:2])
    line = table_line(as_bob.get(new_url(session)))
    assert line == "Hand 3 · East 3 · 1 honba · C deals · 1 riichi stick"


def test_mcr_counts_the_hand_of_16_and_the_round(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = family_session(club, alice, players, "mcr", PARAMS["mcr"])
    record(session, alice, *[{"outcome": "draw"}] * 4)
    line = table_line(as_bob.get(new_url(session)))
    assert line.startswith("Hand 5 of 16 · South round · ")
    assert line.endswith(" deals")


def test_big_two_counts_deals(
    as_bob: Client, club: Club, alice: User, players: list[Player]
) -> None:
    session = family_session(club, alice, players, "big_two", PARAMS["big_two"])
    assert table_line(as_bob.get(new_url(session))) == "Deal 1"


def test_after_a_save_the_form_says_what_was_saved_and_who_gained(
    as_bob: Client, session: Session
) -> None:
    saved = as_bob.post(new_url(session), new_hand_form())
    page = as_bob.get(saved["Location"])
    assert "Hand 1 saved ✓ B wins 2 faan off C (打出), B +16" in text(page)
    assert table_line(page) == "Hand 2 · East round · B deals"


@pytest.mark.parametrize(
    ("language", "line"),
    [("zh-hant", "第 3 局 · 東圈 · B 坐莊"), ("zh-hans", "第 3 局 · 东圈 · B 坐庄")],
)
def test_the_line_is_in_the_readers_language(
    as_bob: Client, session: Session, alice: User, language: str, line: str
) -> None:
    record(session, alice, DISCARD, {"outcome": "draw"})
    page = as_bob.get(new_url(session), HTTP_ACCEPT_LANGUAGE=language)
    assert table_line(page) == line
    # What the phone calls a hand it keeps offline ("Not recorded: …") is in it too.
    label = re.search(r'data-label="([^"]*)"', page.content.decode())
    assert label and label.group(1).endswith(" 的一局") and "a hand for" not in label.group(1)
