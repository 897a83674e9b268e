"""What a merge of players would move, and what refuses it (reads only).

Every foreign key to ``Player`` is found through Django's model registry, so the rows of a
satellite (event entries, ratings, …) move with the core's without the core naming them.
The kept totals are not moved but recomputed from the moved scores."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.apps import apps
from django.db import models
from django.utils.translation import gettext as _

from games.models import Player, PlayerMerge, Seat, SessionSeatTotal

# Rows the merge does not move: the kept totals are summed again from the moved scores.
REBUILT: frozenset[type[models.Model]] = frozenset({SessionSeatTotal})


def references() -> list[models.ForeignKey[Player, Player]]:
    """Every foreign key (and one-to-one) to a player but the ones rebuilt, the seats first
    (a conflict there is the one a person understands)."""
    found = [
        field
        for model in apps.get_models()
        for field in model._meta.concrete_fields
        if isinstance(field, models.ForeignKey) and field.related_model is Player
    ]
    keys = [key for key in found if key.model not in REBUILT]
    return sorted(keys, key=lambda key: (key.model is not Seat, key.model._meta.label_lower))


def reference_label(key: models.ForeignKey[Player, Player]) -> str:
    """How a merge record names a foreign key: ``app.model.field``."""
    return f"{key.model._meta.label_lower}.{key.name}"


@dataclass
class MergePreview:
    """What merging ``others`` into ``into`` would move, or why it cannot."""

    into: Player
    others: list[Player]
    sessions: int = 0
    hands: int = 0
    other_rows: int = 0
    problems: list[str] = field(default_factory=list)


def merge_preview(*, into: Player, others: Sequence[Player]) -> MergePreview:
    """Counts of what moves and every reason the merge would be refused."""
    preview = MergePreview(into=into, others=list(others))
    ids = [player.pk for player in others]
    for key in references():
        rows = key.model._default_manager.filter(**{f"{key.name}__in": ids})
        count = rows.count()
        if key.model is Seat:
            preview.sessions = count
        elif key.model._meta.label_lower == "games.score":
            preview.hands = count
        elif key.model is not PlayerMerge:
            preview.other_rows += count
    preview.problems = merge_problems(into=into, others=others)
    return preview


def merge_problems(*, into: Player, others: Sequence[Player]) -> list[str]:
    """Why merging ``others`` into ``into`` is refused (nothing: it may go ahead)."""
    everyone = [into, *others]
    problems = []
    accounts = {player.user_id for player in everyone if player.user_id is not None}
    if len(accounts) > 1:
        linked = [player.name for player in everyone if player.user_id is not None]
        problems.append(
            _("%(names)s are linked to different accounts; a player has one account.")
            % {"names": ", ".join(linked)}
        )
    for key in references():
        problems.extend(_conflicts(key, everyone))
        if problems:
            break
    return problems


def _conflicts(key: models.ForeignKey[Player, Player], players: list[Player]) -> Iterable[str]:
    """Rows that would become two of one player where only one may be (two seats at one
    table, two entries in one event)."""
    names = {player.pk: player.name for player in players}
    for together in _unique_sets(key):
        others = [name for name in together if name != key.name]
        rows = key.model._default_manager.filter(**{f"{key.name}__in": list(names)}).order_by("pk")
        groups: dict[tuple[object, ...], list[models.Model]] = defaultdict(list)
        for row in rows:
            groups[tuple(row.serializable_value(name) for name in others)].append(row)
        for group in groups.values():
            if len(group) < 2:
                continue
            first, second = (names[getattr(row, key.attname)] for row in group[:2])
            where = ", ".join(str(getattr(group[0], name)) for name in others)
            if key.model is Seat:
                message = _(
                    "%(first)s and %(second)s sat at the same table in the session %(where)s: "
                    "one person cannot have played both seats."
                )
            else:
                message = _("%(first)s and %(second)s are both in %(where)s.")
            yield message % {"first": first, "second": second, "where": where}


def _unique_sets(key: models.ForeignKey[Player, Player]) -> list[tuple[str, ...]]:
    meta = key.model._meta
    sets = [tuple(fields) for fields in meta.unique_together]
    sets += [
        tuple(constraint.fields)
        for constraint in meta.constraints
        if isinstance(constraint, models.UniqueConstraint) and constraint.condition is None
    ]
    return [fields for fields in sets if key.name in fields and len(fields) > 1]
