"""Load a demo club (idempotent): players, an organiser and a member login, rules, sessions."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games import importing, services
from games.models import Club, Player, RuleSet, Season
from scoring.score_files import BIG_TWO_FORMAT

DEMO_PASSWORD = "mahjong-demo"
PLAYERS = ["Ada", "Bo", "Chi", "Dee", "Eli"]
# (session day, seats by name, hands as engine input)
SESSIONS: list[tuple[int, list[str], list[dict[str, Any]]]] = [
    (
        1,
        ["Ada", "Bo", "Chi", "Dee"],
        [
            {"outcome": "self_drawn", "winner": 0, "faan": 3},
            {"outcome": "discard", "winner": 1, "faan": 4, "blamed": 2},
            {"outcome": "draw"},
            {"outcome": "discard", "winner": 3, "faan": 6, "blamed": 0},
            {"outcome": "self_draw_guarantee", "winner": 2, "faan": 5, "blamed": 1},
        ],
    ),
    (
        8,
        ["Eli", "Ada", "Bo", "Chi"],
        [
            {"outcome": "discard", "winner": 0, "faan": 3, "blamed": 3},
            {"outcome": "discard_guarantee", "winner": 2, "faan": 7, "blamed": 1},
            {"outcome": "false_win", "blamed": 3},
            {"outcome": "self_drawn", "winner": 1, "faan": 8},
        ],
    ),
]

ALL_SEQUENCES = {"concealed": "123m456m789p234s55s", "winning_tile": "4s", "self_drawn": True}
DRAGON_PUNGS = {
    "concealed": "11m22m33m77z",
    "melds": [{"type": "pung", "tiles": "555z"}, {"type": "pung", "tiles": "666z"}],
    "winning_tile": "3m",
}
ZUNG_JUNG_SESSIONS: list[tuple[int, list[str], list[dict[str, Any]]]] = [
    (
        3,
        ["Bo", "Chi", "Dee", "Eli"],
        [
            {"outcome": "self_drawn", "winner": 1, "hand": ALL_SEQUENCES},
            {"outcome": "discard", "winner": 3, "discarder": 0, "points": 25},
            {"outcome": "discard", "winner": 0, "discarder": 2, "hand": DRAGON_PUNGS},
            {"outcome": "draw"},
        ],
    ),
]

# Big Two nights, loaded through the score-file importer: (day, seating, game lines).
BIG_TWO_SESSIONS: list[tuple[int, str, list[str]]] = [
    (2, "Ada Bo Chi Dee", ["0 5 8 11", "3 0 2 13", "1 4 0 6", "7 2 9 0", "0 10 3 1t"]),
    (2, "Eli Ada Bo Chi", ["2 0 6 4", "0 12 5 3", "4 3 0 8"]),
    (9, "Bo Chi Dee Eli", ["5 0 1 9", "0 2 2 11", "6 6 0 3", "1 0 13 4"]),
]
BIG_TWO_RULES = "Big Two nights"


def big_two_score_file(start: dt.date) -> str:
    """The demo Big Two games as a score file, dated from ``start``."""
    lines = ["F=10"]
    for day, seating, games in BIG_TWO_SESSIONS:
        lines += ["", (start + dt.timedelta(days=day)).isoformat(), seating, *games]
    return "\n".join(lines) + "\n"


MCR_RULES = "MCR club rules"
MIXED_STRAIGHT = {"concealed": "123m456p789s789p55s", "winning_tile": "7s", "seat_wind": "2z"}
MCR_SESSIONS: list[tuple[int, list[str], list[dict[str, Any]]]] = [
    (
        5,
        ["Ada", "Chi", "Dee", "Eli"],
        [
            {"outcome": "discard", "winner": 1, "discarder": 0, "hand": MIXED_STRAIGHT},
            {"outcome": "self_drawn", "winner": 2, "fan": 12},
            {"outcome": "draw"},
            {"outcome": "discard", "winner": 3, "discarder": 1, "fan": 8},
            {"outcome": "false_win", "offender": 0},
        ],
    ),
]


class Command(BaseCommand):
    help = "Create the demo club 'Jade Dragon Club' with logins organiser/member (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            created = self._seed()
        verb = "Created" if created else "Already present:"
        self.stdout.write(
            f"{verb} demo club at /c/jade-dragon/ — sign in as 'organiser' or 'member' "
            f"with password '{DEMO_PASSWORD}'."
        )

    def _seed(self) -> bool:
        club = Club.objects.filter(slug="jade-dragon").first()
        created = club is None
        if club is None:
            club = self._club()
        # Added after the first demo: a demo club loaded before gets it on the next run.
        added = [self._big_two(club), self._mcr(club)]
        return any(added) or created

    def _club(self) -> Club:
        organiser = self._user("organiser")
        member = self._user("member")
        club = services.club_create(
            name="Jade Dragon Club", slug="jade-dragon", visibility="public", organiser=organiser
        )
        services.membership_set(club=club, user=member, role="member")
        players = {name: services.player_create(club=club, name=name) for name in PLAYERS}
        services.player_link_user(player=players["Ada"], user=organiser)
        services.player_link_user(player=players["Bo"], user=member)
        rule_set = services.rule_set_create(
            club=club,
            name="Friday HK",
            family="hk",
            params={"base": "1", "max_faan": 10, "responsibility": "half", "spiciness": "half"},
            by=organiser,
        )
        start = dt.date.today() - dt.timedelta(days=14)
        season = services.season_save(
            club=club, name=f"{start.year} season", rule_set=rule_set, starts_on=start
        )
        self._sessions(season, rule_set, players, organiser, start, SESSIONS)
        zung_jung = services.rule_set_create(
            club=club,
            name="Zung Jung night",
            family="zung_jung",
            params={"preset": "seed", "payoff": "each_loser_pays", "flowers": True},
            by=organiser,
        )
        zj_season = services.season_save(
            club=club, name=f"{start.year} Zung Jung", rule_set=zung_jung, starts_on=start
        )
        self._sessions(zj_season, zung_jung, players, organiser, start, ZUNG_JUNG_SESSIONS)
        return club

    def _big_two(self, club: Club) -> bool:
        if club.rule_sets.filter(name=BIG_TWO_RULES).exists():
            return False
        organiser = self._user("organiser")
        rule_set = services.rule_set_create(
            club=club, name=BIG_TWO_RULES, family="big_two", params={}, by=organiser
        )
        start = dt.date.today() - dt.timedelta(days=14)
        season = services.season_save(
            club=club, name=f"{start.year} Big Two", rule_set=rule_set, starts_on=start
        )
        importing.import_scores(
            season=season,
            text=big_two_score_file(start),
            score_format=BIG_TWO_FORMAT,
            by=organiser,
        )
        return True

    def _mcr(self, club: Club) -> bool:
        if club.rule_sets.filter(name=MCR_RULES).exists():
            return False
        organiser = self._user("organiser")
        rule_set = services.rule_set_create(
            club=club,
            name=MCR_RULES,
            family="mcr",
            params={"preset": "standard", "seats": "competition"},
            by=organiser,
        )
        start = dt.date.today() - dt.timedelta(days=14)
        season = services.season_save(
            club=club, name=f"{start.year} MCR", rule_set=rule_set, starts_on=start
        )
        players = {player.name: player for player in club.players.all()}
        self._sessions(season, rule_set, players, organiser, start, MCR_SESSIONS)
        return True

    def _user(self, username: str) -> Any:
        user_model = get_user_model()
        user = user_model.objects.filter(username=username).first()
        if user is None:
            user = user_model.objects.create_user(username=username, password=DEMO_PASSWORD)
        return user

    def _sessions(
        self,
        season: Season,
        rule_set: RuleSet,
        players: dict[str, Player],
        by: Any,
        start: dt.date,
        sessions: list[tuple[int, list[str], list[dict[str, Any]]]],
    ) -> None:
        for day, names, hands in sessions:
            session = services.session_start(
                season=season,
                rule_set=rule_set,
                played_on=start + dt.timedelta(days=day),
                players=[players[name] for name in names],
                by=by,
            )
            for hand in hands:
                services.hand_record(
                    session=session, hand_input=hand, by=by, client_id=uuid.uuid4()
                )
