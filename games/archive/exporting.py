"""Writing a club's archive: a zip of ``manifest.json``, ``club.json``, ``accounts.json``
and one JSON file per kind (``games.archive.kinds``), nothing of any other club."""

from __future__ import annotations

import datetime as dt
import json
import uuid
import zipfile
from decimal import Decimal
from typing import IO, Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone

from games.archive.kinds import (
    ACCOUNTS,
    CLUB,
    CLUB_FIELDS,
    FORMAT,
    KINDS,
    MANIFEST,
    VERSION,
    Kind,
    column,
)
from games.models import Club, Membership

ACCOUNT_FIELDS = ("username", "first_name", "last_name", "email")


def encoded(value: Any) -> Any:
    """A column's value as the archive writes it: dates and times in ISO 8601 (to the
    microsecond), decimals and ids as text."""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, (Decimal, uuid.UUID)):
        return str(value)
    return value


def club_archive_write(*, club: Club, out: IO[bytes]) -> dict[str, int]:
    """Write ``club``'s archive to ``out``; returns how many records each file holds."""
    files: dict[str, Any] = {CLUB: {name: encoded(getattr(club, name)) for name in CLUB_FIELDS}}
    usernames: set[str] = set()
    for kind in KINDS:
        files[kind.file] = _records(kind, club, usernames)
    files[ACCOUNTS] = _accounts(club, usernames)
    counts = {name: len(records) for name, records in files.items() if isinstance(records, list)}
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "club": club.slug,
        "records": counts,
    }
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, value in {MANIFEST: manifest, **files}.items():
            archive.writestr(name, json.dumps(value, ensure_ascii=False, indent=1))
    return counts


def _records(kind: Kind, club: Club, usernames: set[str]) -> list[dict[str, Any]]:
    """The club's rows of ``kind``, oldest first, each with its ``id`` in the archive."""
    refs = {name: column(kind.model, name).attname for name in kind.refs}
    users = {name: f"{name}__username" for name in kind.users}
    rows = kind.model._default_manager.filter(**{kind.club_path: club}).order_by("pk")
    records = []
    for row in rows.values("pk", *kind.fields, *refs.values(), *users.values()).iterator():
        record = {"id": row["pk"]}
        record |= {name: encoded(row[name]) for name in kind.fields}
        record |= {name: row[column] for name, column in refs.items()}
        record |= {name: row[column] for name, column in users.items()}
        usernames.update(row[column] for column in users.values() if row[column] is not None)
        records.append(record)
    return records


def _accounts(club: Club, named: set[str]) -> list[dict[str, Any]]:
    """The members (with their role) and every other account the records name (with
    none): never a password, a token or a preference."""
    roles = dict(
        Membership.objects.filter(club=club).values_list("user__username", "role").order_by()
    )
    joined = dict(
        Membership.objects.filter(club=club).values_list("user__username", "joined_at").order_by()
    )
    users = get_user_model().objects.filter(Q(username__in=named) | Q(username__in=roles))
    return [
        {
            **dict(zip(ACCOUNT_FIELDS, row, strict=True)),
            "role": roles.get(row[0]),
            "joined_at": encoded(joined.get(row[0])),
        }
        for row in users.order_by("username").values_list(*ACCOUNT_FIELDS)
    ]
