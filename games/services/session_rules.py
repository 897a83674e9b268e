"""Changing a session's rules: switching to another version of its rule set from the next
hand on, and re-scoring every hand under another version (edit mode after a corrected rules
file). Both are a preview, then a confirm, as imports are.

Scores are written only through ``games.services`` (``write_scores``), so whatever that
writer keeps in step with the scores follows a re-score too.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from games.models import (
    ROLE_RANK,
    Club,
    Hand,
    HandRevision,
    Membership,
    RuleSetVersion,
    Score,
    Session,
)
from games.selectors import hand_place, rules_change_text
from games.services.common import seat_names
from games.services.hands import require_open, revise, write_scores
from games.totals import session_totals_refresh
from scoring.families import EngineError, Family, SeatResult, get_family

MAX_REASON = 200  # HandRevision.reason


def session_rules_changer(*, session: Session, user: User | AnonymousUser) -> bool:
    """Whether ``user`` may change the session's rules (see ``rules_changer``)."""
    if not user.is_authenticated:
        return False
    membership = Membership.objects.filter(club_id=session.club_id, user=user).first()
    return rules_changer(club=session.club, membership=membership)


def rules_changer(*, club: Club, membership: Membership | None) -> bool:
    """Whether a member of ``club`` may change a session's rules: an organiser, or a member
    when the club lets members do it (``members_switch_rules``)."""
    if membership is None:
        return False
    needed = Membership.Role.MEMBER if club.members_switch_rules else Membership.Role.ORGANISER
    return ROLE_RANK[Membership.Role(membership.role)] >= ROLE_RANK[needed]


def _locked(session: Session, by: User) -> Session:
    """The session locked for the change (hands are recorded under the same lock)."""
    locked = (
        Session.objects.select_for_update(no_key=True)
        .select_related("club", "rule_set_version__rule_set")
        .get(pk=session.pk)
    )
    if not session_rules_changer(session=locked, user=by):
        raise PermissionDenied(_("Only an organiser (or a member, if the club allows it) may."))
    require_open(locked)
    return locked


def _check_rule_set(session: Session, version: RuleSetVersion) -> None:
    if version.rule_set_id != session.rule_set_version.rule_set_id:
        name = session.rule_set_version.rule_set.name
        raise ValidationError(
            {
                "rule_set_version": [
                    _("Choose a version of this session's rule set, %(name)s.") % {"name": name}
                ]
            }
        )


# --- switching from the next hand on ------------------------------------------------------


@dataclass(frozen=True)
class RulesSwitch:
    """A switch of a session to ``version`` from hand ``from_hand`` (its place) on."""

    session: Session
    version: RuleSetVersion
    from_hand: int
    change: str  # "Millington v2 — payment method 2 (…)"

    @property
    def text(self) -> str:
        return f"From hand {self.from_hand}: {self.change}"


def session_switch_rules(
    *,
    session: Session,
    version: RuleSetVersion,
    from_hand: int,
    by: User,
    confirm: bool = True,
) -> RulesSwitch:
    """Score the session's hands from ``from_hand`` (the place of its next hand) on under
    ``version``; hands already played keep theirs (re-score the session to change those).

    Without ``confirm`` nothing is saved: the switch is only checked and described.
    Confirming a switch already made changes nothing.
    """
    with transaction.atomic():
        session = _locked(session, by)
        _check_rule_set(session, version)
        _check_next_hand(session, from_hand)
        current = session.rule_set_version
        family = get_family(current.rule_set.family)
        _check_switchable(session, family, version)
        switch = RulesSwitch(session, version, from_hand, _change(family, current, version))
        if confirm and version.pk != current.pk:
            session.rule_set_version = version
            session.save(update_fields=["rule_set_version"])
    return switch


def _change(family: Family, old: RuleSetVersion, new: RuleSetVersion) -> str:
    if old.pk == new.pk:
        return f"{new} — the rules already in use"
    return rules_change_text(family=family, old=old, new=new)


def _check_next_hand(session: Session, from_hand: int) -> None:
    following = hand_place(session=session)
    if from_hand != following:
        raise ValidationError(
            {
                "from_hand": [
                    _(
                        "Rules change from the next hand on, hand %(following)s, not hand "
                        "%(from_hand)s; to change hands already played, re-score the session."
                    )
                    % {"following": following, "from_hand": from_hand}
                ]
            }
        )


def _check_switchable(session: Session, family: Family, version: RuleSetVersion) -> None:
    first = session.hands.filter(deleted_at=None).order_by("number").first()
    if first is None:
        return  # no hand played yet: any version of the rule set can start the game
    problem = family.switch_problem(first.rule_set_version.params, version.params)
    if problem:
        raise ValidationError({"rule_set_version": [problem[0].upper() + problem[1:] + "."]})


# --- re-scoring every hand ----------------------------------------------------------------


@dataclass(frozen=True)
class RescoredHand:
    """One live hand's scores before and after the re-score: each seat's hand value and
    point change (its payment)."""

    hand: Hand
    place: int
    results: list[SeatResult]
    evaluation: dict[str, Any] | None
    old_points: list[Decimal]
    old_values: list[int | None]

    @property
    def new_points(self) -> list[Decimal]:
        return [result.points for result in self.results]

    @property
    def new_values(self) -> list[int | None]:
        return [result.hand_value for result in self.results]

    @property
    def changed(self) -> bool:
        return self.old_points != self.new_points or self.hand.evaluation != self.evaluation

    @property
    def seats(self) -> list[tuple[int | None, int | None, Decimal, Decimal]]:
        """Per seat: old and new hand value, old and new points."""
        return list(
            zip(self.old_values, self.new_values, self.old_points, self.new_points, strict=True)
        )


@dataclass(frozen=True)
class RescorePlan:
    """Every live hand of ``session`` re-scored under ``version``; ``token`` names the
    session's state the plan was made from, for the confirm."""

    session: Session
    version: RuleSetVersion
    hands: list[RescoredHand]
    token: str
    done: bool = False  # confirmed now (or earlier: ``already``)
    already: bool = False
    changed: list[RescoredHand] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "changed", [hand for hand in self.hands if hand.changed])


def session_rescore_preview(*, session: Session, version: RuleSetVersion, by: User) -> RescorePlan:
    """What re-scoring every hand of the session under ``version`` would change; nothing
    is saved. Refused when a hand cannot be scored under it."""
    with transaction.atomic():
        session = _locked(session, by)
        _check_rule_set(session, version)
        return _plan(session, version)


def session_rescore(
    *,
    session: Session,
    version: RuleSetVersion,
    token: str,
    reason: str,
    by: User,
) -> RescorePlan:
    """Re-score every live hand in order under ``version`` (winds, East's run and stakes
    follow) in one transaction, keeping a revision naming the reason for each changed hand;
    the session goes on under ``version``. ``token`` is the preview's: a session changed
    since is refused, and confirming the same re-score again changes nothing."""
    with transaction.atomic():
        session = _locked(session, by)
        _check_rule_set(session, version)
        plan = _plan(session, version)
        if plan.token != token:
            return _repeated(plan)
        why = _reason(version, reason)
        for rescored in plan.hands:
            _rewrite(session, rescored, version, why, by)
        session_totals_refresh(session_ids=[session.pk])
        session.rule_set_version = version
        session.save(update_fields=["rule_set_version"])
    return RescorePlan(session, version, plan.hands, token, done=True)


def _repeated(plan: RescorePlan) -> RescorePlan:
    """A confirm whose token no longer matches: a repeat of a re-score already made (every
    hand under the version, nothing left to change) is answered as done; else refused."""
    settled = not plan.changed and all(
        rescored.hand.rule_set_version_id == plan.version.pk for rescored in plan.hands
    )
    if settled and plan.session.rule_set_version_id == plan.version.pk:
        return RescorePlan(plan.session, plan.version, plan.hands, plan.token, True, True)
    raise ValidationError(
        {"token": [_("The session changed since this preview; nothing was saved. Preview again.")]}
    )


def _reason(version: RuleSetVersion, reason: str) -> str:
    why = f"Re-scored under {version}"
    if reason.strip():
        why += f": {reason.strip()}"
    return why[:MAX_REASON]


def _rewrite(
    session: Session, rescored: RescoredHand, version: RuleSetVersion, why: str, by: Any
) -> None:
    hand = rescored.hand
    hand.session = session
    hand.rule_set_version = version
    if not rescored.changed:
        hand.save(update_fields=["rule_set_version"])
        return
    revise(hand, HandRevision.Action.RESCORE, why, by)
    hand.evaluation = rescored.evaluation
    hand.save(
        update_fields=["rule_set_version", "evaluation", "version", "updated_by", "updated_at"]
    )
    hand.scores.all().delete()
    write_scores(hand, rescored.results)


def _plan(session: Session, version: RuleSetVersion) -> RescorePlan:
    hands = list(
        session.hands.filter(deleted_at=None)
        .prefetch_related(Prefetch("scores", queryset=Score.objects.order_by("seat")))
        .order_by("number")
    )
    family = get_family(version.rule_set.family)
    scored = family.score_sequence([hand.input for hand in hands], version.params)
    rescored = []
    for place, hand in enumerate(hands, start=1):
        try:
            results, evaluation = next(scored)
        except EngineError as error:
            error.name_seats(seat_names(session))
            raise ValidationError(
                {
                    "rule_set_version": [
                        _(
                            "Hand %(place)s cannot be scored under %(version)s (%(message)s); "
                            "nothing was saved."
                        )
                        % {"place": place, "version": version, "message": error.message}
                    ]
                }
            ) from error
        scores = list(hand.scores.all())
        old_points = [score.points for score in scores]
        old_values = [score.hand_value for score in scores]
        rescored.append(RescoredHand(hand, place, results, evaluation, old_points, old_values))
    return RescorePlan(session, version, rescored, _token(session, version))


def _token(session: Session, version: RuleSetVersion) -> str:
    """A digest of everything a re-score reads: the hands (their versions count amendments)
    and the rules in force, so a confirm acts on exactly what the preview showed."""
    hands = session.hands.order_by("number").values_list(
        "pk", "version", "rule_set_version_id", "deleted_at"
    )
    state = [session.pk, session.rule_set_version_id, version.pk, *map(str, hands)]
    return hashlib.sha256(repr(state).encode()).hexdigest()[:32]
