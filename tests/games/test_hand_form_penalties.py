"""The hand form's running totals count the session's penalties, apart from the hands'
totals as the score sheet shows them, and only once a penalty changes anything."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from games import services
from games.models import Player, Session
from games.services import PenaltyInput
from tests.games.pages import DISCARD, table_rows


def new_url(session: Session) -> str:
    return f"/c/dragons/sessions/{session.pk}/hands/new/"


def test_penalties_are_shown_apart_with_the_totals_after_them(
    as_bob: Client, session: Session, players: list[Player], alice: User
) -> None:
    services.hand_record(session=session, hand_input=DISCARD, by=alice)
    fine = PenaltyInput(player=players[1], reason="lateness", amount=30)
    penalty, _ = services.penalty_record(session=session, penalty=fine, by=alice)
    page = as_bob.get(new_url(session))
    hands = table_rows(page, "running-totals")
    assert hands[0][1::2] == ["-4", "+16", "-8", "-4"]  # the hands' alone, as before
    penalties, after = table_rows(page, "penalty-totals")
    assert penalties[0::2] == ["A", "B", "C", "D"]
    assert penalties[1::2] == ["+10", "-30", "+10", "+10"]
    assert after[1::2] == ["6", "-14", "2", "6"]

    services.penalty_delete(penalty=penalty, expected_version=1, why="Forgiven.", by=alice)
    page = as_bob.get(new_url(session))
    assert table_rows(page, "penalty-totals") == []
    assert 'id="penalties-now"' not in page.content.decode()


def test_a_penalty_not_zero_sum_is_only_taken_from_its_player(
    as_bob: Client, session: Session, players: list[Player], alice: User
) -> None:
    fine = PenaltyInput(player=players[3], reason="conduct", amount=5, zero_sum=False)
    services.penalty_record(session=session, penalty=fine, by=alice)
    penalties, after = table_rows(as_bob.get(new_url(session)), "penalty-totals")
    assert penalties[1::2] == ["0", "0", "0", "-5"]
    assert after[1::2] == ["0", "0", "0", "-5"]
