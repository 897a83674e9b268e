"""Routes of /api/v1/: each path joins the single-operation classes that answer its methods."""

from __future__ import annotations

from typing import Any, cast

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.http import HttpRequest, JsonResponse
from django.urls import path, re_path
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.views import APIView

from games.api import (
    clubs,
    events,
    hands,
    penalties,
    people,
    rankings,
    rules,
    scoring,
    session_rules,
    sessions,
    stats,
    teams,
)
from games.api.handlers import error_response

# Swagger UI under the site's content security policy: its script is served as a file (the
# split view), and only this page allows the inline <style> of drf-spectacular's template.
api_docs = csp_update({"style-src": [UNSAFE_INLINE]})(
    SpectacularSwaggerSplitView.as_view(url_name="api:schema")
)


def route(*apis: type[APIView]) -> Any:
    """One view for a path, answering each method with the class written for it."""
    name = "".join(api.__name__.removesuffix("Api") for api in apis) + "Route"
    view = cast(type[APIView], type(name, apis, {"__doc__": apis[0].__doc__}))
    return view.as_view()


@csrf_exempt  # it changes nothing, and must answer JSON to any method
def not_found(request: HttpRequest) -> JsonResponse:
    """Any other address under /api/v1/ (a negative id, a stray segment): JSON, like the rest."""
    return error_response(404, "not_found", _("No such address."))


app_name = "api"

urlpatterns = [
    path("clubs/", route(clubs.ClubListApi), name="clubs"),
    # Any string reaches the view, so a malformed slug gets the API's JSON 404 too.
    path("clubs/<str:slug>/", route(clubs.ClubDetailApi), name="club"),
    path("players/", route(clubs.PlayerListApi), name="players"),
    path("players/<int:player_id>/", route(clubs.PlayerDetailApi), name="player"),
    path(
        "players/<int:player_id>/aliases/",
        route(clubs.PlayerAliasAddApi, clubs.PlayerAliasRemoveApi),
        name="player-aliases",
    ),
    path("players/<int:player_id>/stats/", route(clubs.PlayerStatsApi), name="player-stats"),
    path(
        "players/<int:player_id>/family-stats/",
        route(stats.PlayerFamilyStatsApi),
        name="player-family-stats",
    ),
    path(
        "players/<int:player_id>/head-to-head/",
        route(stats.PlayerHeadToHeadApi),
        name="player-head-to-head",
    ),
    path("ratings/", route(stats.RatingsApi), name="ratings"),
    path("people/", route(people.PeopleApi), name="people"),
    path("rankings/", route(rankings.RankingApi), name="rankings"),
    path("people/<str:username>/", route(people.PersonApi), name="person"),
    path("rule-sets/", route(rules.RuleSetListApi), name="rule-sets"),
    path("rule-sets/<int:rule_set_id>/", route(rules.RuleSetDetailApi), name="rule-set"),
    path("seasons/", route(rules.SeasonListApi), name="seasons"),
    path("seasons/<int:season_id>/", route(rules.SeasonDetailApi), name="season"),
    path(
        "seasons/<int:season_id>/standings/",
        route(rules.SeasonStandingsApi),
        name="season-standings",
    ),
    path(
        "seasons/<int:season_id>/teams/",
        route(teams.SeasonTeamListApi, teams.SeasonTeamCreateApi),
        name="season-teams",
    ),
    path(
        "seasons/<int:season_id>/team-standings/",
        route(teams.SeasonTeamStandingsApi),
        name="season-team-standings",
    ),
    path(
        "events/<int:event_id>/teams/",
        route(teams.EventTeamListApi, teams.EventTeamCreateApi),
        name="event-teams",
    ),
    path(
        "events/<int:event_id>/team-standings/",
        route(teams.EventTeamStandingsApi),
        name="event-team-standings",
    ),
    path(
        "teams/<int:team_id>/",
        route(teams.TeamDetailApi, teams.TeamUpdateApi, teams.TeamDeleteApi),
        name="team",
    ),
    path("sessions/", route(sessions.SessionListApi, sessions.SessionStartApi), name="sessions"),
    path(
        "sessions/<int:session_id>/",
        route(sessions.SessionDetailApi, sessions.SessionUpdateApi, sessions.SessionDeleteApi),
        name="session",
    ),
    path(
        "sessions/<int:session_id>/rescore/preview/",
        route(session_rules.SessionRescorePreviewApi),
        name="session-rescore-preview",
    ),
    path(
        "sessions/<int:session_id>/rescore/",
        route(session_rules.SessionRescoreApi),
        name="session-rescore",
    ),
    path("hands/", route(hands.HandListApi, hands.HandRecordApi), name="hands"),
    path(
        "hands/<int:hand_id>/",
        route(hands.HandDetailApi, hands.HandAmendApi, hands.HandDeleteApi),
        name="hand",
    ),
    path(
        "penalties/",
        route(penalties.PenaltyListApi, penalties.PenaltyRecordApi),
        name="penalties",
    ),
    path(
        "penalties/<int:penalty_id>/",
        route(penalties.PenaltyDetailApi, penalties.PenaltyAmendApi, penalties.PenaltyDeleteApi),
        name="penalty",
    ),
    path("events/", route(events.EventListApi, events.EventCreateApi), name="events"),
    path("events/<int:event_id>/", route(events.EventDetailApi), name="event"),
    path(
        "events/<int:event_id>/players/",
        route(events.EventPlayersAddApi),
        name="event-players",
    ),
    path(
        "events/<int:event_id>/schedule/",
        route(events.EventScheduleApi, events.EventScheduleUploadApi),
        name="event-schedule",
    ),
    path(
        "events/<int:event_id>/standings/",
        route(events.EventStandingsApi),
        name="event-standings",
    ),
    path(
        "events/<int:event_id>/ema-results/",
        route(events.EventEmaResultsApi),
        name="event-ema-results",
    ),
    path(
        "events/<int:event_id>/seating/preview/",
        route(events.RoundPreviewApi),
        name="event-seating-preview",
    ),
    path(
        "events/<int:event_id>/rounds/",
        route(events.RoundListApi, events.RoundPublishApi),
        name="event-rounds",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/seating/",
        route(events.RoundSeatingApi),
        name="event-round-seating",
    ),
    *[
        path(
            f"events/<int:event_id>/rounds/<int:number>/{action}/",
            route(api),
            name=f"event-round-{action}",
        )
        for action, api in (
            ("start", events.RoundStartApi),
            ("pause", events.RoundPauseApi),
            ("resume", events.RoundResumeApi),
            ("extend", events.RoundExtendApi),
            ("finish", events.RoundFinishApi),
        )
    ],
    path("evaluate/", route(scoring.EvaluateApi), name="evaluate"),
    path("settle/", route(scoring.SettleApi), name="settle"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", api_docs, name="docs"),
    re_path(r"", not_found),
]
