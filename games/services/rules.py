"""Rule sets, their versions, and seasons."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Max
from django.utils.translation import gettext as _

from games.models import (
    Club,
    RuleSet,
    RuleSetVersion,
    Season,
)
from games.services.common import engine_error_to_validation, name_clean, write_unique
from scoring.families import EngineError, Family, get_family


def _clean_params(family: Family, params: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return family.clean_params(params)
    except EngineError as error:
        raise engine_error_to_validation(error) from error


def rule_set_create(
    *, club: Club, name: str, family: str, params: Mapping[str, Any], by: User
) -> RuleSet:
    try:
        family_obj = get_family(family)
    except EngineError as error:
        raise engine_error_to_validation(error) from error
    cleaned = _clean_params(family_obj, params)
    name = name_clean(name)

    def write() -> RuleSet:
        rule_set = RuleSet.objects.create(club=club, name=name, family=family)
        RuleSetVersion.objects.create(rule_set=rule_set, number=1, params=cleaned, created_by=by)
        return rule_set

    return write_unique(write, check_free=lambda: _check_rule_set_name_free(club, name))


def rule_set_update(
    *, rule_set: RuleSet, name: str, params: Mapping[str, Any], by: User
) -> RuleSetVersion:
    """Rename and reconfigure; a version any session uses is never changed, so a new one is made."""
    name = name_clean(name)
    family = get_family(rule_set.family)
    cleaned = _clean_params(family, params)

    def write() -> RuleSetVersion:
        locked = RuleSet.objects.select_for_update().get(pk=rule_set.pk)
        # An import pinning these versions holds them (games.locks): wait for it, so that
        # the check below sees its sessions and no version in use is changed in place.
        list(RuleSetVersion.objects.select_for_update().filter(rule_set=locked).values("pk"))
        locked.name = name
        locked.save(update_fields=["name"])
        return _rule_set_version_for(locked, family, cleaned, by)

    return write_unique(
        write, check_free=lambda: _check_rule_set_name_free(rule_set.club, name, rule_set.pk)
    )


def _rule_set_version_for(
    rule_set: RuleSet, family: Family, cleaned: dict[str, Any], by: User
) -> RuleSetVersion:
    current = rule_set.current_version()
    if _same_params(family, current.params, cleaned):
        return current
    # A version that scored any hand is history too, even after its session moved on; so is
    # one an import made (for its sessions).
    if current.from_import or current.sessions.exists() or current.hands.exists():
        number = (rule_set.versions.aggregate(Max("number"))["number__max"] or 0) + 1
        return RuleSetVersion.objects.create(
            rule_set=rule_set, number=number, params=cleaned, created_by=by
        )
    current.params = cleaned
    current.save(update_fields=["params"])
    return current


def _same_params(family: Family, stored: Mapping[str, Any], cleaned: Mapping[str, Any]) -> bool:
    """Whether a stored version already means ``cleaned``: one stored before a parameter
    existed reads its absence as the old behaviour, which cleaning writes out."""
    if stored == cleaned:
        return True
    try:
        return family.clean_params(stored) == cleaned
    except EngineError:
        return False


def _check_rule_set_name_free(club: Club, name: str, exclude: int | None = None) -> None:
    if not name.strip():
        raise ValidationError({"name": [_("Enter a name.")]})
    taken = RuleSet.objects.filter(club=club, name=name.strip())
    if exclude is not None:
        taken = taken.exclude(pk=exclude)
    if taken.exists():
        raise ValidationError(
            {
                "name": [
                    _("%(name)s already has a rule set called %(name2)s.")
                    % {"name": club.name, "name2": repr(name)}
                ]
            }
        )


def season_save(
    *,
    club: Club,
    name: str,
    rule_set: RuleSet,
    starts_on: dt.date | None = None,
    ends_on: dt.date | None = None,
    season: Season | None = None,
) -> Season:
    """Create a season, or update ``season`` when given."""
    if rule_set.club_id != club.pk:
        raise ValidationError({"rule_set": [_("That rule set belongs to another club.")]})
    if season is not None and season.pk and season.sessions.exists():
        played = Season.objects.get(pk=season.pk).rule_set.family
        if rule_set.family != played:
            raise ValidationError(
                {
                    "rule_set": [
                        _("Sessions were played under another rule family; keep its family.")
                    ]
                }
            )
    if starts_on and ends_on and ends_on < starts_on:
        raise ValidationError({"ends_on": [_("The season cannot end before it starts.")]})
    name = name_clean(name)

    def check_free() -> None:
        clash = Season.objects.filter(club=club, name=name)
        if season is not None and season.pk is not None:
            clash = clash.exclude(pk=season.pk)
        if clash.exists():
            raise ValidationError(
                {
                    "name": [
                        _("%(name)s already has a season called %(name2)s.")
                        % {"name": club.name, "name2": repr(name)}
                    ]
                }
            )

    saved = season or Season(club=club)
    saved.name, saved.rule_set = name, rule_set
    saved.starts_on, saved.ends_on = starts_on, ends_on
    write_unique(saved.save, check_free=check_free)
    return saved
