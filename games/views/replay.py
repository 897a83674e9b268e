"""Replaying a hand's game record tile by tile: server-rendered steps, made instant by JS."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games.access import club_access
from games.models import Hand
from games.selectors import with_places
from scoring.families import EngineError
from scoring.pmn import replay_record


def hand_replay(request: HttpRequest, slug: str, hand_id: int) -> HttpResponse:
    access = club_access(request, slug)
    queryset = with_places(
        Hand.objects.select_related("session__rule_set_version__rule_set", "session__season")
    )
    hand = get_object_or_404(queryset, session__club=access.club, pk=hand_id, deleted_at=None)
    context: dict[str, Any] = {"access": access, "club": access.club, "hand": hand}
    if hand.record:
        try:
            game = replay_record(hand.record, hand.session.rule_set_version.params)
        except EngineError as error:
            context["error"] = error.message
        else:
            last = len(game.steps) - 1
            number = _step_number(request.GET.get("step"), last)
            context.update(
                game=game,
                step=game.steps[number],
                number=number,
                last=last,
                previous=max(number - 1, 0),
                next=min(number + 1, last),
                steps=[step.to_json() for step in game.steps],
            )
    return render(request, "games/replay.html", context)


def _step_number(value: str | None, last: int) -> int:
    """The step asked for, kept within the game (anything that is not a number: the deal)."""
    try:
        number = int(value or 0)
    except ValueError:
        return 0
    return min(max(number, 0), last)
