"""Helpers for the page tests: a second club's world, form data, HTML reading, DB snapshots."""

from __future__ import annotations

import datetime as dt
import re
import uuid
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Model
from django.http import HttpResponse

from games import services
from games.importing import jobs
from games.importing.models import ImportJob
from games.models import (
    Club,
    Hand,
    HandRevision,
    Invitation,
    Membership,
    Player,
    RuleSet,
    RuleSetVersion,
    Score,
    Season,
    Seat,
    Session,
)
from tests.conftest import HK_HALF

# B wins 2 faan off C: under base 2, half responsibility, A -4, B +16, C -8, D -4.
DISCARD = {"outcome": "discard", "winner": 1, "faan": 2, "blamed": 2}
DRAW = {"outcome": "draw"}


@dataclass
class ClubWorld:
    """One club with everything a route can address: players, rules, a season, a session, a hand."""

    club: Club
    players: list[Player]
    rule_set: RuleSet
    season: Season
    session: Session
    hand: Hand
    import_job: ImportJob

    def ids(self) -> dict[str, Any]:
        return {
            "slug": self.club.slug,
            "player": self.players[0].pk,
            "rule_set": self.rule_set.pk,
            "season": self.season.pk,
            "session": self.session.pk,
            "hand": self.hand.pk,
            "import": self.import_job.pk,
        }


def build_world(
    club: Club, organiser: User, players: list[Player] | None = None, recorder: User | None = None
) -> ClubWorld:
    """Fill ``club`` with players, a rule set, a season, an open session, one hand and an
    uploaded score file waiting for its import to be confirmed."""
    if players is None:
        players = [services.player_create(club=club, name=name) for name in "ABCD"]
    rule_set = services.rule_set_create(
        club=club, name="House rules", family="hk", params=HK_HALF, by=organiser
    )
    season = services.season_save(club=club, name="Main", rule_set=rule_set)
    session = services.session_start(
        season=season, played_on=dt.date(2026, 3, 1), players=players, by=organiser
    )
    hand, _ = services.hand_record(session=session, hand_input=DISCARD, by=recorder or organiser)
    import_job = jobs.job_create(
        season=season,
        file_name="scores.txt",
        text="2026-03-02\nA B C D\n1 - - -\n",
        options={"score_format": "hk", "rule_set": None, "undated_on": None},
        by=organiser,
    )
    return ClubWorld(club, players, rule_set, season, session, hand, import_job)


def hand_form(
    winner: str = "1",
    how: str = "discard",
    blamed: str = "2",
    faan: str = "2",
    **extra: Any,
) -> dict[str, Any]:
    """The add-hand form as a phone posts it; defaults to B winning 2 faan off C."""
    data = {"winner": winner, "how": how, "blamed": blamed, "faan": faan}
    data.update(extra)
    return {key: value for key, value in data.items() if value is not None}


def new_hand_form(action: str = "save", client_id: uuid.UUID | None = None, **fields: Any) -> dict:
    return {**hand_form(**fields), "client_id": str(client_id or uuid.uuid4()), "action": action}


def text(response: HttpResponse) -> str:
    """The page's visible text, tags dropped and whitespace collapsed."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"</?(a|strong|em|b|i|small|span|code)\b[^>]*>", "", html)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def block(response: HttpResponse, start: str, end: str) -> str:
    """The HTML between the first ``start`` and the next ``end`` (to find what sits by a field)."""
    html = response.content.decode()
    begin = html.index(start)
    return unescape(html[begin : html.index(end, begin)])


def field_block(response: HttpResponse, field: str) -> str:
    """A hand-form fieldset, where a field's input and its errors are shown together."""
    return block(response, f'data-field="{field}"', "</fieldset>")


class _TableReader(HTMLParser):
    def __init__(self, table_class: str) -> None:
        super().__init__()
        self.table_class = table_class
        self.depth = 0
        self.in_body = False
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and (self.depth or self.table_class in classes):
            self.depth += 1
        elif self.depth and tag == "tbody":
            self.in_body = True
        elif self.depth and self.in_body and tag == "tr":
            self.rows.append([])
        elif self.depth and self.in_body and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self.depth:
            self.depth -= 1
        elif tag == "tbody":
            self.in_body = False
        elif tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def table_rows(response: HttpResponse, table_class: str) -> list[list[str]]:
    """The body rows of the first table with ``table_class``, as lists of cell texts."""
    reader = _TableReader(table_class)
    reader.feed(response.content.decode())
    return reader.rows


def messages_of(response: HttpResponse) -> list[str]:
    return [str(message) for message in response.context["messages"]]


SNAPSHOT_MODELS = (
    User,
    ImportJob,
    Club,
    Membership,
    Player,
    RuleSet,
    RuleSetVersion,
    Season,
    Session,
    Seat,
    Hand,
    Score,
    HandRevision,
    Invitation,
)


def snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row the league writes, to prove that a request wrote nothing. Read with
    plain SQL: the ORM compiled these fourteen queries anew at each call, two thirds of a
    permission test's time."""
    with connection.cursor() as cursor:
        return {model.__name__: _rows(cursor, model) for model in SNAPSHOT_MODELS}


def _rows(cursor: Any, model: type[Model]) -> list[tuple[Any, ...]]:
    quote = connection.ops.quote_name
    columns = ", ".join(
        quote(field.column)
        for field in model._meta.concrete_fields
        if field.attname not in ("last_login",)
    )
    table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
    cursor.execute(f"SELECT {columns} FROM {table} ORDER BY {pk}")
    return [tuple(row) for row in cursor.fetchall()]


@dataclass(frozen=True)
class Mutation:
    """A POST-accepting route, valid data for it, and what an allowed POST answers."""

    name: str
    path: str
    data: Any  # (ClubWorld) -> dict
    role: str  # the least role that may post: "member" or "organiser"
    status: int = 302
    writes: bool = True

    def url(self, world: ClubWorld, **override: Any) -> str:
        return self.path.format(**{**world.ids(), **override})


RULES_POST = {"base": "1", "max_faan": "8", "responsibility": "full", "spiciness": "half"}

CLUB_MUTATIONS = [
    Mutation("players", "/c/{slug}/players/", lambda w: {"name": "Eve"}, "organiser"),
    Mutation(
        "club_settings",
        "/c/{slug}/settings/",
        lambda w: {"name": "Renamed", "visibility": w.club.visibility, "time_zone": "Asia/Macau"},
        "organiser",
    ),
    Mutation(
        "player_edit", "/c/{slug}/players/{player}/edit/", lambda w: {"name": "Ann"}, "organiser"
    ),
    Mutation(
        "invitation_create",
        "/c/{slug}/members/invite/",
        lambda w: {"role": "member", "player": w.players[0].pk},
        "organiser",
    ),
    Mutation(
        "member_account_create",
        "/c/{slug}/members/account/",
        lambda w: {"username": "erin", "role": "member", "player": w.players[0].pk},
        "organiser",
    ),
    Mutation(
        "rule_set_create",
        "/c/{slug}/rules/new/hk/",
        lambda w: {"name": "New rules", **RULES_POST},
        "organiser",
    ),
    Mutation(
        "rule_set_edit",
        "/c/{slug}/rules/{rule_set}/edit/",
        lambda w: {"name": "House rules", **RULES_POST},
        "organiser",
    ),
    Mutation(
        "season_create",
        "/c/{slug}/seasons/new/",
        lambda w: {"name": "Autumn", "rule_set": w.rule_set.pk},
        "organiser",
    ),
    Mutation(
        "season_edit",
        "/c/{slug}/seasons/{season}/edit/",
        lambda w: {"name": "Renamed", "rule_set": w.rule_set.pk},
        "organiser",
    ),
    Mutation(
        # The world's season is not MCR: the page says so and imports nothing.
        "importing:pmn",
        "/c/{slug}/seasons/{season}/import-pmn/",
        lambda w: {"action": "preview"},
        "organiser",
        status=200,
        writes=False,
    ),
    Mutation(
        # The world's season is not riichi: the page says so and imports nothing.
        "importing:tenhou",
        "/c/{slug}/seasons/{season}/import-tenhou/",
        lambda w: {"action": "preview"},
        "organiser",
        status=200,
        writes=False,
    ),
    Mutation(
        "session_start",
        "/c/{slug}/sessions/new/",
        lambda w: {
            "season": w.season.pk,
            "played_on": "2026-04-01",
            **{f"seat_{i}": player.pk for i, player in enumerate(w.players)},
        },
        "organiser",
    ),
    Mutation(
        "session_again",
        "/c/{slug}/sessions/{session}/again/",
        lambda w: {"played_on": "2026-04-02", "client_id": "3c5e7a90-1b2d-4e6f-8a9b-0c1d2e3f4a5b"},
        "organiser",
    ),
    Mutation(
        # The world's season is not classical: the page says so and loads nothing.
        "importing:game_file",
        "/c/{slug}/seasons/{season}/import-game/",
        lambda w: {},
        "organiser",
        status=200,
        writes=False,
    ),
    Mutation(
        "session_status",
        "/c/{slug}/sessions/{session}/status/",
        lambda w: {"status": "closed"},
        "organiser",
    ),
    Mutation(
        "hand_new", "/c/{slug}/sessions/{session}/hands/new/", lambda w: new_hand_form(), "member"
    ),
    # The rules a session already uses: allowed, answered as done, and nothing to write.
    Mutation(
        "session_rules",
        "/c/{slug}/sessions/{session}/rules/",
        lambda w: {"version": "1"},
        "organiser",
        writes=False,
    ),
    Mutation(
        "session_rescore",
        "/c/{slug}/sessions/{session}/rescore/",
        lambda w: {"version": "1", "token": "a repeat"},
        "organiser",
        writes=False,
    ),
    Mutation(
        "importing:scores",
        "/c/{slug}/seasons/{season}/import/",
        lambda w: {"score_format": "hk"},
        "organiser",
        status=200,
        writes=False,
    ),
    Mutation(
        "importing:confirm",
        "/c/{slug}/imports/{import}/confirm/",
        lambda w: {"digest": "stale"},
        "organiser",
        writes=False,
    ),
    Mutation(
        "importing:retry",
        "/c/{slug}/imports/{import}/retry/",
        lambda w: {},
        "organiser",
        writes=False,  # only a stopped import is tried again
    ),
    Mutation("importing:cancel", "/c/{slug}/imports/{import}/cancel/", lambda w: {}, "organiser"),
    Mutation(
        "hand_preview",
        "/c/{slug}/sessions/{session}/hands/preview/",
        lambda w: hand_form(),
        "member",
        status=200,
        writes=False,
    ),
    Mutation(
        "hand_edit",
        "/c/{slug}/hands/{hand}/edit/",
        lambda w: {**hand_form(faan="3"), "version": "1", "reason": "it was 3 faan"},
        "member",
    ),
    Mutation(
        "hand_delete",
        "/c/{slug}/hands/{hand}/delete/",
        lambda w: {"version": "1", "reason": "entered twice"},
        "member",
    ),
]
