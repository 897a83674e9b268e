"""The clubs the archive tests move: the demo club with every family, events, teams,
penalties, aliases, revisions and deleted hands; and a second club that must stay home."""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from typing import Any

from django.contrib.auth.models import User
from django.core.management import call_command

from games import services
from games.archive.exporting import club_archive_write
from games.archive.kinds import ACCOUNTS, CLUB, KINDS
from games.events import selectors as event_selectors
from games.events import services as events
from games.events.team_services import TeamSettings, team_create
from games.models import Club, Hand, Player
from games.services.penalties import PenaltyInput
from games.services.session_rules import session_rescore, session_rescore_preview
from games.webhooks.models import Webhook
from tests.conftest import HK_HALF
from tests.games.test_classical_services import DRAW, EAST_WINS, OTHER_WINS


def rich_club() -> Club:
    """Jade Dragon (``seed_demo``: a league of each family with a demo, accounts
    ``organiser`` and ``member``) with a classical league, a penalty amended and one deleted,
    hands amended and deleted, a rule set edited, an alias, a club night with a bye, a
    substitute and teams, and a webhook."""
    call_command("seed_demo", stdout=io.StringIO())
    club = Club.objects.get(slug="jade-dragon")
    organiser = User.objects.get(username="organiser")
    players = {player.name: player for player in club.players.all()}
    _classical(club, players, organiser)
    _revisions(club, organiser)
    _penalties(club, players, organiser)
    _event(club, players, organiser)
    services.player_alias_add(player=players["Ada"], name="Ada L.")
    hk = club.rule_sets.get(family="hk")
    spicy = {**HK_HALF, "max_faan": 10, "spiciness": "spicy"}
    version = services.rule_set_update(rule_set=hk, name=hk.name, params=spicy, by=organiser)
    session = club.sessions.filter(rule_set_version__rule_set=hk, status="open").first()
    assert session is not None
    plan = session_rescore_preview(session=session, version=version, by=organiser)
    session_rescore(
        session=session, version=version, token=plan.token, reason="new rules", by=organiser
    )
    Webhook.objects.create(
        club=club, url="https://example.com/hook", events=["hand.recorded"], created_by=organiser
    )
    return club


def _classical(club: Club, players: dict[str, Player], by: User) -> None:
    rules = services.rule_set_create(
        club=club,
        name="Millington",
        family="classical",
        params={"rules": "millington", "stake": 100, "draw_advance_wind": True},
        by=by,
    )
    season = services.season_save(club=club, name="Classical", rule_set=rules)
    session = services.session_start(
        season=season,
        played_on=dt.date(2026, 5, 1),
        players=[players["Chi"], players["Dee"]],
        by=by,
    )
    for hand in (OTHER_WINS, EAST_WINS, DRAW, OTHER_WINS):
        services.hand_record(session=session, hand_input=hand, by=by)


def _revisions(club: Club, by: User) -> None:
    """Amend then delete the first hand of each family's first session (the classical
    one's later hands are scored again), and delete the last of each."""
    for rule_set in club.rule_sets.all():
        hands = Hand.objects.filter(
            session__rule_set_version__rule_set=rule_set, session__status="open", deleted_at=None
        ).order_by("session_id", "number")
        first, last = hands.first(), hands.last()
        if first is None or last is None or first == last:
            continue
        services.hand_amend(
            hand=first,
            hand_input=last.input,
            expected_version=first.version,
            reason="typed the wrong hand",
            by=by,
        )
        services.hand_delete(
            hand=Hand.objects.get(pk=last.pk),
            expected_version=last.version,
            reason="recorded twice",
            by=by,
        )


def _penalties(club: Club, players: dict[str, Player], by: User) -> None:
    session = club.sessions.filter(rule_set_version__rule_set__family="hk").order_by("pk")[0]
    seated = [seat.player for seat in session.seats.all()]
    kept, _ = services.penalty_record(
        session=session, penalty=PenaltyInput(player=seated[0], reason="lateness", amount=4), by=by
    )
    services.penalty_amend(
        penalty=kept,
        changed=PenaltyInput(player=seated[1], reason="conduct", amount=8, zero_sum=False),
        expected_version=kept.version,
        why="it was the other player",
        by=by,
    )
    dropped, _ = services.penalty_record(
        session=session, penalty=PenaltyInput(player=seated[2], reason="chombo", amount=2), by=by
    )
    services.penalty_delete(penalty=dropped, expected_version=dropped.version, why="no", by=by)


def _event(club: Club, players: dict[str, Player], by: User) -> None:
    season = club.seasons.get(rule_set__family="hk")
    event = events.event_create(
        club=club,
        season=season,
        rule_set=season.rule_set,
        settings=events.EventSettings(name="Club night", rounds=2),
    )
    events.event_players_add(event=event, players=list(players.values()))
    round_ = events.round_publish(event=event, method="random", seed="s", byes=True, by=by)
    table = event_selectors.round_tables(round=round_)[0]
    for hand in ({"outcome": "self_drawn", "winner": 1, "faan": 3}, {"outcome": "draw"}):
        services.hand_record(session=table.session, hand_input=hand, by=by)
    events.round_finish(round=round_)
    fay = services.player_create(club=club, name="Fay")
    events.event_player_substitute(event=event, absent=players["Eli"], substitute=fay, from_round=2)
    team_create(season=season, settings=TeamSettings(name="Dragons", players=[players["Ada"]]))
    team_create(
        season=season, event=event, settings=TeamSettings(name="Bo's", players=[players["Bo"]])
    )


def second_club(dave: User) -> Club:
    """The Tigers: a league of their own, with names found nowhere in Jade Dragon."""
    club = services.club_create(name="Tigers", slug="tigers", visibility="members", organiser=dave)
    rules = services.rule_set_create(
        club=club, name="Tiger rules", family="hk", params=HK_HALF, by=dave
    )
    season = services.season_save(club=club, name="Tiger season", rule_set=rules)
    seated = [services.player_create(club=club, name=f"Tiger {n}") for n in range(4)]
    session = services.session_start(
        season=season, played_on=dt.date(2026, 6, 1), players=seated, by=dave
    )
    services.hand_record(
        session=session, hand_input={"outcome": "self_drawn", "winner": 0, "faan": 5}, by=dave
    )
    return club


def exported(club: Club) -> bytes:
    out = io.BytesIO()
    club_archive_write(club=club, out=out)
    return out.getvalue()


def files_of(archive: bytes) -> dict[str, Any]:
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        return {name: json.loads(opened.read(name)) for name in opened.namelist()}


def zipped(files: dict[str, Any]) -> io.BytesIO:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, value in files.items():
            archive.writestr(name, value if isinstance(value, (str, bytes)) else json.dumps(value))
    out.seek(0)
    return out


def normalized(archive: bytes) -> dict[str, Any]:
    """The archive's records with each id (and each reference) replaced by the record's
    place in its file: two archives of the same club, whatever its rows' ids, are equal."""
    files = files_of(archive)
    place = {
        kind.name: {record["id"]: n for n, record in enumerate(files[kind.file])} for kind in KINDS
    }
    out: dict[str, Any] = {CLUB: {**files[CLUB], "slug": None}, ACCOUNTS: files[ACCOUNTS]}
    for kind in KINDS:
        rows = []
        for record in files[kind.file]:
            row = {**record, "id": place[kind.name][record["id"]]}
            for name, target in kind.refs.items():
                row[name] = None if row[name] is None else place[target][row[name]]
            if kind.name == "penalty_revisions":
                row["previous"] = {
                    **row["previous"],
                    "player": place["players"][row["previous"]["player"]],
                }
            rows.append(row)
        out[kind.file] = rows
    return out
