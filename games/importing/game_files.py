"""Importing a game file (a family with ``game_files``: classical) into a new session of a
season, all or nothing: the players matched by name, each distinct set of rules in the file
a version of the rule set (found, or made for the import), every hand recorded in order
through ``hand_record`` and the rules switched between hands where the file changed them.

The session stays open: the manual loads a saved game to go on playing it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from games import services
from games.locks import rule_versions_share_lock
from games.models import Club, Player, RuleSet, RuleSetVersion, Season, Session
from games.names import club_name_index, name_key, same_player
from scoring.families import EngineError, Family, GameFile, get_family
from scoring.text import TextError, decode_text

MAX_GAME_FILE = 1_000_000  # bytes: a long game of 100 hands is about 60 KB


@dataclass(frozen=True)
class GameImport:
    """What an import made: the session, the players it created, the versions it made."""

    session: Session
    players: list[Player]
    versions: list[RuleSetVersion]


def game_file_decode(data: bytes) -> str:
    """An uploaded game file's text (``ValidationError`` if too large or not text)."""
    if not data:
        raise ValidationError(_("The file is empty."))
    if len(data) > MAX_GAME_FILE:
        raise ValidationError(
            _("A game file can be at most %(size)s KB.") % {"size": MAX_GAME_FILE // 1000}
        )
    try:
        return decode_text(data)
    except TextError as error:
        raise ValidationError(error.located) from None


def game_file_read(*, rule_set: RuleSet, text: str) -> GameFile:
    """The game a file holds, checked by the rule set's family: every hand scores under its
    rules (``ValidationError`` naming the hand and what is wrong)."""
    family = get_family(rule_set.family)
    if not family.game_files:
        raise ValidationError(
            _("%(family)s games have no game file.") % {"family": rule_set.get_family_display()}
        )
    try:
        return family.read_game_file(text)
    except EngineError as error:
        located = getattr(error, "located", None) if error.field == "file" else None
        raise ValidationError(located or error.message) from None


def game_file_import(
    *,
    season: Season,
    text: str,
    by: User,
    rule_set: RuleSet | None = None,
    played_on: dt.date | None = None,
    create_players: bool = False,
) -> GameImport:
    """A new session of ``season`` holding the file's game (under ``rule_set``, by default
    the season's), played on ``played_on`` (default: the file's day, else today)."""
    rule_set = rule_set or season.rule_set
    _check_rule_set(season, rule_set)
    game = game_file_read(rule_set=rule_set, text=text)
    family = get_family(rule_set.family)
    with transaction.atomic():
        rule_versions_share_lock(rule_set)
        players, created = _players(season.club, game.players, create_players)
        made: list[RuleSetVersion] = []
        versions = [_version(rule_set, family, params, by, made) for params in game.params]
        session, _new = services.session_start_once(
            season=season,
            played_on=played_on or game.played_on or timezone.localdate(),
            players=players,
            by=by,
            version=versions[0],
        )
        for number, (hand, version) in enumerate(zip(game.hands, versions, strict=False), 1):
            _switch(session, version)
            _record(session, number, hand, by)
        _switch(session, versions[-1])
    return GameImport(session, created, made)


def _check_rule_set(season: Season, rule_set: RuleSet) -> None:
    if rule_set.club_id != season.club_id:
        raise ValidationError({"rule_set": [_("That rule set belongs to another club.")]})
    if rule_set.family != season.rule_set.family:
        family = season.rule_set.get_family_display()
        raise ValidationError(
            {"rule_set": [_("This season's standings are for %(family)s.") % {"family": family}]}
        )


def _players(club: Club, names: Sequence[str], create: bool) -> tuple[list[Player], list[Player]]:
    """The club's players of the file's names, in seat order; new ones only if allowed."""
    index = club_name_index(club_id=club.pk)
    twins = same_player(index, names)
    if twins:
        first, second = twins
        raise ValidationError(
            _("%(first)s and %(second)s are one player of %(club)s: a player sits at one seat.")
            % {"first": first, "second": second, "club": club.name}
        )
    unknown = [name for name in names if index.find(name) is None]
    if unknown and not create:
        raise ValidationError(
            _("Confirm that these new players may be created: %(names)s.")
            % {"names": ", ".join(unknown)}
        )
    created = {name_key(name): services.player_create(club=club, name=name) for name in unknown}
    players = [index.find(name) or created[name_key(name)] for name in names]
    return players, list(created.values())


def _version(
    rule_set: RuleSet,
    family: Family,
    params: Mapping[str, Any],
    by: User,
    made: list[RuleSetVersion],
) -> RuleSetVersion:
    """The rule set's version with exactly these parameters, made for the import (and not
    the rules new sessions start with) when none has them."""
    for version in rule_set.versions.order_by("-number"):
        try:
            if family.clean_params(version.params) == params:
                return version
        except EngineError:
            continue  # a version stored before its family changed: not these rules
    number = (rule_set.versions.aggregate(Max("number"))["number__max"] or 0) + 1
    version = RuleSetVersion.objects.create(
        rule_set=rule_set, number=number, params=dict(params), created_by=by, from_import=True
    )
    made.append(version)
    return version


def _switch(session: Session, version: RuleSetVersion) -> None:
    """The rules from the next hand on, as the game changed them (the stake never changes:
    a game file gives it once)."""
    if session.rule_set_version_id != version.pk:
        session.rule_set_version = version
        session.save(update_fields=["rule_set_version"])


def _record(session: Session, number: int, hand: Mapping[str, Any], by: User) -> None:
    try:
        services.hand_record(session=session, hand_input=hand, by=by)
    except ValidationError as error:
        raise ValidationError(
            _("Hand %(number)s: %(problem)s")
            % {"number": number, "problem": " ".join(error.messages)}
        ) from None
