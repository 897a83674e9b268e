"""Loading a club archive as a new club, in one transaction: every record checked (its
columns, what it refers to, what must be unique), written as it was (hands keep their
stored scores and revisions), the copies derived, then the kept totals summed again and
the ratings marked for their replay. A problem anywhere writes nothing.

Accounts: with ``accounts`` (the operator's command) each account of the archive is found
by its username or made without a password, and keeps its role and its records; without it
(an upload) the uploader is the organiser, each member of the archive gets an invitation
with their role and player, and the records' "who" is left empty."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import IO, Any, NoReturn

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.archive.kinds import ACCOUNTS, CLUB, CLUB_FIELDS, KINDS, Kind, column
from games.archive.reading import (
    UPGRADES,
    Archive,
    ArchiveRefused,
    Problem,
    Upgrades,
    archive_read,
)
from games.models import Club, Invitation, Membership, RuleSet, RuleSetVersion, Session
from games.names import name_key
from games.services.clubs import TIME_ZONES
from games.totals import session_totals_refresh
from scoring.families import EngineError, Family, get_family

# Problems reported at most: the first file with problems stops the load.
MAX_PROBLEMS = 20
BATCH = 500
# Django's accounts' usernames are this long at most.
USERNAME_LENGTH = 150
# Columns never empty, though the database would take an empty text.
NAMED = frozenset({"name", "slug", "url", "family", "time_zone"})


@dataclass(frozen=True)
class ArchiveLoaded:
    """The club an archive became, how many records of each kind it holds, and how many
    invitations were made for its members."""

    club: Club
    records: dict[str, int]
    invitations: int


def club_archive_load(
    *,
    source: IO[bytes],
    slug: str | None = None,
    organiser: User | None = None,
    accounts: bool = False,
    upgrades: Upgrades = UPGRADES,
) -> ArchiveLoaded:
    """Load the archive in ``source`` as a new club (at ``slug``, or the archive's own), or
    raise ``ArchiveRefused`` naming every problem of the first file that has any. An older
    archive is first taken through ``upgrades`` to the version they read."""
    files = archive_read(source, upgrades=upgrades)
    if organiser is None and not accounts:
        raise ArchiveRefused([Problem(_("Name the account that organises the new club."))])
    with transaction.atomic():
        loader = _Loader(files)
        club = loader.club(slug)
        loader.accounts(organiser, keep=accounts)
        for kind in KINDS:
            loader.load(kind)
        invitations = loader.finish(organiser)
    records = {kind.name: len(files[kind.file]) for kind in KINDS}
    return ArchiveLoaded(club, records, invitations)


class _Loader:
    def __init__(self, files: Archive) -> None:
        self.files = files
        self.ids: dict[str, dict[int, int]] = {kind.name: {} for kind in KINDS}
        self.users: dict[str, User] = {}
        self.members: list[dict[str, Any]] = []
        self.player_of: dict[str, int] = {}  # account's username → the new player
        self.family: dict[int, str] = {}  # new rule set → its family
        self.versions: dict[int, tuple[int, Any]] = {}  # new version → its rule set, params
        self.sessions: dict[int, tuple[int, dt.date]] = {}  # → season, day
        self.seated: dict[tuple[int, int], int] = {}  # (session, position) → player
        self.hand_session: dict[int, int] = {}
        self.team_scope: dict[int, tuple[int, int | None]] = {}
        self.problems: list[Problem] = []
        self.club_row: Club  # once ``club`` has made it
        self.keep = False  # the archive's accounts are found or made here

    # The club and its people

    def club(self, slug: str | None) -> Club:
        record = self.files[CLUB]
        if not isinstance(record, dict):
            self.refuse(Problem(_("it must be a JSON object."), CLUB))
        fields = [name for name in CLUB_FIELDS if name != "slug"]
        values = self.values(Club, fields, record, CLUB, None)
        club = Club(**values, slug=slug or str(record.get("slug") or ""))
        self.check(club, CLUB, None)
        self.stop_on_problems()
        if club.time_zone not in TIME_ZONES:
            message = _("%(zone)s is not a time zone.") % {"zone": repr(club.time_zone)}
            self.refuse(Problem(message, CLUB))
        if Club.objects.filter(slug=club.slug).exists():
            message = _("The address %(slug)s is taken; choose another.") % {
                "slug": repr(club.slug)
            }
            self.refuse(Problem(message))
        created_at = club.created_at
        club.save()
        Club.objects.filter(pk=club.pk).update(created_at=created_at)
        club.created_at = created_at
        self.club_row = club
        return club

    def accounts(self, organiser: User | None, *, keep: bool) -> None:
        self.keep = keep
        rows = self.files[ACCOUNTS]
        if not isinstance(rows, list):
            self.refuse(Problem(_("it must be a JSON list."), ACCOUNTS))
        roles = set(Membership.Role.values)
        seen: set[str] = set()
        for index, row in enumerate(rows, 1):
            if (
                not isinstance(row, dict)
                or not isinstance(row.get("username"), str)
                or not 0 < len(row["username"]) <= USERNAME_LENGTH
                or row.get("role") not in {*roles, None}
                or row["username"] in seen
            ):
                message = _(
                    "an account needs a username of its own, and a role of %(roles)s or null."
                )
                self.problem(message % {"roles": ", ".join(sorted(roles))}, ACCOUNTS, index)
                continue
            seen.add(row["username"])
            if keep:
                self.users[row["username"]] = _account(row)
            if row["role"] is not None:
                self.members.append(row)
        self.stop_on_problems()
        if keep:
            for row in self.members:
                Membership.objects.create(
                    club=self.club_row, user=self.users[row["username"]], role=row["role"]
                )
                joined = _time(row.get("joined_at"))
                if joined is not None:
                    Membership.objects.filter(
                        club=self.club_row, user=self.users[row["username"]]
                    ).update(joined_at=joined)
        if organiser is not None:
            Membership.objects.update_or_create(
                club=self.club_row, user=organiser, defaults={"role": Membership.Role.ORGANISER}
            )

    # Records

    def load(self, kind: Kind) -> None:
        records = self.files[kind.file]
        if not isinstance(records, list):
            self.refuse(Problem(_("it must be a JSON list."), kind.file))
        built: list[tuple[int, int, models.Model]] = []  # archive id, place, row
        # Rows naming a row of their own kind (a substitute's entry): set once all are written.
        later: list[tuple[models.Model | None, tuple[str, int, int]]] = []
        for index, record in enumerate(records, 1):
            pending: list[tuple[str, int, int]] = []
            row = self.row(kind, index, record, pending)
            later.extend((row, each) for each in pending)
            if row is not None:
                built.append((record["id"], index, row))
            if len(self.problems) >= MAX_PROBLEMS:
                break
        self.unique(kind, built)
        self.stop_on_problems()
        self.write(kind, built)
        for row, reference in later:
            if row is not None:
                self.refer_later(kind, row, reference)

    def row(
        self, kind: Kind, index: int, record: Any, later: list[tuple[str, int, int]]
    ) -> models.Model | None:
        if not isinstance(record, dict):
            self.problem(_("a record must be a JSON object."), kind.file, index)
            return None
        expected = {"id", *kind.fields, *kind.refs, *kind.users}
        odd = sorted(set(record) - expected) + sorted(expected - set(record))
        if odd:
            message = _("its fields must be %(expected)s (not: %(odd)s).")
            names = ", ".join(sorted(expected))
            self.problem(message % {"expected": names, "odd": ", ".join(odd)}, kind.file, index)
            return None
        archive_id = record["id"]
        if not isinstance(archive_id, int) or archive_id in self.ids[kind.name]:
            self.problem(_("its id must be a whole number of its own."), kind.file, index)
            return None
        self.ids[kind.name][archive_id] = 0  # taken; its row's id once written
        values = self.values(kind.model, kind.fields, record, kind.file, index)
        for name, target in kind.refs.items():
            self.refer(kind, name, target, record, values, index, later)
        for name in kind.users:
            values[name] = self.user(name, record[name], kind.file, index)
        row = kind.model(**values)
        self.derive(kind, row, index)
        self.check(row, kind.file, index)
        return row

    def values(
        self,
        model: type[models.Model],
        names: Iterable[str],
        record: dict[str, Any],
        file: str,
        index: int | None,
    ) -> dict[str, Any]:
        values = {}
        for name in names:
            field = column(model, name)
            try:
                values[name] = _value(field, record.get(name))
            except ValidationError as error:
                self.problem(f"{name}: {' '.join(error.messages)}", file, index)
        return values

    def refer(
        self,
        kind: Kind,
        name: str,
        target: str,
        record: dict[str, Any],
        values: dict[str, Any],
        index: int,
        later: list[tuple[str, int, int]],
    ) -> None:
        field = column(kind.model, name)
        archive_id = record[name]
        if archive_id is None and field.null:
            values[field.attname] = None
        elif target == kind.name and isinstance(archive_id, int):
            values[field.attname] = None
            later.append((name, archive_id, index))
        elif isinstance(archive_id, int) and self.ids[target].get(archive_id):
            values[field.attname] = self.ids[target][archive_id]
        else:
            message = _("%(field)s %(id)s is not in %(file)s.") % {
                "field": name,
                "id": repr(archive_id),
                "file": f"{target}.json",
            }
            self.problem(message, kind.file, index)

    def refer_later(self, kind: Kind, row: models.Model, pending: tuple[str, int, int]) -> None:
        name, archive_id, index = pending
        found = self.ids[kind.name].get(archive_id)
        if not found:
            message = _("%(field)s %(id)s is not in %(file)s.") % {
                "field": name,
                "id": repr(archive_id),
                "file": kind.file,
            }
            self.refuse(Problem(message, kind.file, index))
        kind.model._default_manager.filter(pk=row.pk).update(**{f"{name}_id": found})

    def user(self, name: str, username: Any, file: str, index: int) -> User | None:
        if username is None:
            return None
        if not isinstance(username, str) or (self.keep and username not in self.users):
            message = _("%(field)s %(id)s is not in %(file)s.") % {
                "field": name,
                "id": repr(username),
                "file": ACCOUNTS,
            }
            self.problem(message, file, index)
            return None
        return self.users.get(username)

    def derive(self, kind: Kind, row: Any, index: int) -> None:
        """Fill what a row copies from another (its club, a score's player) and check what
        only the league knows (a rule set's parameters, a hand's input)."""
        if any(field.name == "club" for field in kind.model._meta.concrete_fields):
            row.club = self.club_row
        step = getattr(self, f"derive_{kind.name}", None)
        if step is not None:
            step(row, kind, index)

    def derive_aliases(self, row: Any, kind: Kind, index: int) -> None:
        row.key = name_key(row.name or "")

    def derive_rule_set_versions(self, row: Any, kind: Kind, index: int) -> None:
        if row.rule_set_id:
            clean = partial(_clean_params, params=row.params)
            self.engine_check("params", clean, row.rule_set_id, kind, index)

    def derive_hands(self, row: Any, kind: Kind, index: int) -> None:
        if row.rule_set_version_id:
            rule_set, params = self.versions[row.rule_set_version_id]
            clean = partial(_clean_hand, hand=row.input, params=params)
            self.engine_check("input", clean, rule_set, kind, index)

    def derive_scores(self, row: Any, kind: Kind, index: int) -> None:
        if row.hand_id:
            row.session_id = self.hand_session[row.hand_id]
            row.season_id, row.played_on = self.sessions[row.session_id]
            row.player_id = self.seated.get((row.session_id, row.seat))
            if row.player_id is None:
                message = _("its hand's session has no seat %(seat)s.") % {"seat": row.seat}
                self.problem(message, kind.file, index)

    def derive_penalty_revisions(self, row: Any, kind: Kind, index: int) -> None:
        player = row.previous.get("player") if isinstance(row.previous, dict) else None
        if isinstance(player, int):
            row.previous = {**row.previous, "player": self.ids["players"].get(player)}

    def derive_team_members(self, row: Any, kind: Kind, index: int) -> None:
        if row.team_id:
            row.season_id, row.event_id = self.team_scope[row.team_id]

    def derive_webhooks(self, row: Any, kind: Kind, index: int) -> None:
        # The secret stays behind: the hook waits, paused, for its receiver to learn the
        # new one.
        if row.active:
            row.paused_reason = _("Moved with the club: it signs with a new secret.")
        row.active = False

    def engine_check(
        self,
        name: str,
        clean: Callable[[Family], object],
        rule_set: int,
        kind: Kind,
        index: int,
    ) -> None:
        """What the rule family says of a JSON column (a version's parameters, a hand's
        input), as when it was first written."""
        try:
            clean(get_family(self.family[rule_set]))
        except EngineError as error:
            self.problem(f"{name}: {error.message}", kind.file, index)
        except (TypeError, AttributeError):
            self.problem(f"{name}: {_('it must be a JSON object.')}", kind.file, index)

    def check(self, row: models.Model, file: str, index: int | None) -> None:
        """Each column's rules (length, choices, validators) as a form would check them,
        but an empty value stays as archived (some columns are empty by design). Relations
        are checked by the maps (a query each would be slow), JSON by what reads it."""
        for f in row._meta.concrete_fields:
            value = getattr(row, f.attname)
            if f.is_relation or f.primary_key or isinstance(f, models.JSONField):
                continue
            if value in f.empty_values:
                if f.name in NAMED:
                    self.problem(f"{f.name}: {_('it must have a value.')}", file, index)
                continue
            try:
                f.clean(value, row)
            except ValidationError as error:
                self.problem(f"{f.name}: {' '.join(error.messages)}", file, index)

    def unique(self, kind: Kind, built: list[tuple[int, int, models.Model]]) -> None:
        """Refuse two records where the database keeps one (two players of one name, two
        hands of one number in a session)."""
        meta = kind.model._meta
        sets = [
            tuple(constraint.fields)
            for constraint in meta.constraints
            if isinstance(constraint, models.UniqueConstraint) and constraint.condition is None
        ]
        for together in sets:
            columns = [column(kind.model, name).attname for name in together]
            seen: dict[tuple[Any, ...], int] = {}
            for _id, index, row in built:
                key = tuple(getattr(row, column) for column in columns)
                if key in seen:
                    message = _("another record has the same %(fields)s.") % {
                        "fields": ", ".join(together)
                    }
                    self.problem(message, kind.file, index)
                seen.setdefault(key, index)

    def write(self, kind: Kind, built: list[tuple[int, int, models.Model]]) -> None:
        try:
            with transaction.atomic():
                _insert_as_archived(kind.model, [row for _id, _index, row in built])
        except IntegrityError as error:
            message = _("a record breaks a rule of the database (%(error)s).") % {"error": error}
            self.refuse(Problem(message, kind.file))
        for archive_id, _index, row in built:
            self.ids[kind.name][archive_id] = row.pk
            self.remember(kind, row)

    def remember(self, kind: Kind, row: Any) -> None:
        """What later kinds derive from this row."""
        if isinstance(row, RuleSet):
            self.family[row.pk] = row.family
        elif isinstance(row, RuleSetVersion):
            self.versions[row.pk] = (row.rule_set_id, row.params)
        elif isinstance(row, Session):
            self.sessions[row.pk] = (row.season_id, row.played_on)
        elif kind.name == "seats":
            self.seated[(row.session_id, row.position)] = row.player_id
        elif kind.name == "hands":
            self.hand_session[row.pk] = row.session_id
        elif kind.name == "teams":
            self.team_scope[row.pk] = (row.season_id, row.event_id)

    # The end

    def finish(self, organiser: User | None) -> int:
        """Sum the kept totals again (the ratings are marked for their replay with them),
        link players to their accounts, and invite the members when accounts stay behind."""
        session_totals_refresh(session_ids=list(self.sessions))
        players = self.files["players.json"]
        for record in players:
            if isinstance(record.get("user"), str):
                self.player_of[record["user"]] = self.ids["players"][record["id"]]
        if self.keep:
            return 0
        for row in self.members:
            Invitation.objects.create(
                club=self.club_row,
                role=row["role"],
                player_id=self.player_of.get(row["username"]),
                created_by=organiser,
            )
        return len(self.members)

    # Problems

    def problem(self, message: str, file: str, index: int | None) -> None:
        self.problems.append(Problem(message, file, index))

    def stop_on_problems(self) -> None:
        if self.problems:
            raise ArchiveRefused(self.problems[:MAX_PROBLEMS])

    def refuse(self, problem: Problem) -> NoReturn:
        raise ArchiveRefused([*self.problems, problem][:MAX_PROBLEMS])


def _clean_params(family: Family, *, params: Any) -> object:
    return family.clean_params(params)


def _clean_hand(family: Family, *, hand: Any, params: Any) -> object:
    return family.clean_hand(hand, params)


def _insert_as_archived(model: type[models.Model], rows: list[models.Model]) -> None:
    """Insert the rows in batches as they are, each getting its new id. ``bulk_create``
    stamps ``auto_now`` and ``auto_now_add`` columns with the time of the write, so those
    are written again with the archive's times (``bulk_update`` stamps nothing)."""
    stamped = [
        field.attname
        for field in model._meta.concrete_fields
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)
    ]
    archived = [[getattr(row, name) for name in stamped] for row in rows]
    model._base_manager.bulk_create(rows, batch_size=BATCH)
    if not stamped:
        return
    for row, values in zip(rows, archived, strict=True):
        for name, value in zip(stamped, values, strict=True):
            setattr(row, name, value)
    model._base_manager.bulk_update(rows, stamped, batch_size=BATCH)


def _time(text: Any) -> dt.datetime | None:
    """An archived time with its UTC offset, or none when it is not one."""
    try:
        when = parse_datetime(str(text or ""))
    except ValueError:
        return None
    return when if when is not None and timezone.is_aware(when) else None


def _account(row: dict[str, Any]) -> User:
    """The account of this username, or a new one without a password (it signs in after a
    password reset, or an operator's ``changepassword``)."""
    users = get_user_model()
    user = users.objects.filter(username=row["username"]).first()
    if user is None:
        user = users.objects.create_user(
            username=row["username"],
            email=str(row.get("email") or "")[:254],
            first_name=str(row.get("first_name") or "")[:150],
            last_name=str(row.get("last_name") or "")[:150],
        )
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def _value(field: Any, raw: Any) -> Any:
    """A column's value from the archive's JSON, or a ``ValidationError`` saying why not."""
    if raw is None:
        if field.null:
            return None
        raise ValidationError(_("it must have a value."))
    if isinstance(field, models.JSONField):
        return raw
    _check_type(field, raw)
    value = field.to_python(raw)
    if isinstance(value, dt.datetime) and timezone.is_naive(value):
        raise ValidationError(_("it must be a time with its offset from UTC."))
    return value


def _check_type(field: Any, raw: Any) -> None:
    """Refuse a JSON value of the wrong type (``to_python`` would take "1" for 1). Asked of
    every column of every record: the message is looked up only when it is wrong."""
    if isinstance(field, models.BooleanField):
        if not isinstance(raw, bool):
            raise ValidationError(_("it must be true or false."))
    elif isinstance(field, models.IntegerField):
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise ValidationError(_("it must be a whole number."))
    elif isinstance(field, models.DecimalField):
        if not isinstance(raw, str):
            raise ValidationError(_('it must be a number written as text, like "-12.5".'))
    elif not isinstance(raw, str):
        raise ValidationError(_("it must be text."))
