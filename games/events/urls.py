from django.urls import path

from games.events import penalty_views, rankings, team_views, views

app_name = "events"
club = "c/<slug:slug>/events/"

urlpatterns = [
    path(club, views.event_list, name="list"),
    path(club + "new/", views.event_create, name="create"),
    path(club + "<int:event_id>/", views.event_detail, name="event"),
    path(club + "<int:event_id>/players/", views.event_players, name="players"),
    path(club + "<int:event_id>/change/", views.event_change, name="change"),
    path(club + "<int:event_id>/seat/", views.round_seat, name="seat"),
    path(club + "<int:event_id>/schedule/", views.event_schedule, name="schedule"),
    path(club + "<int:event_id>/clock/<slug:action>/", views.round_clock, name="clock_action"),
    path(club + "<int:event_id>/clock.json", views.clock_json, name="clock"),
    path(club + "<int:event_id>/screen/", views.club_screen, name="club_screen"),
    path(club + "<int:event_id>/print/", views.seating_print, name="print"),
    path(club + "<int:event_id>/tables/<int:session_id>/qr.svg", views.table_qr, name="table_qr"),
    path(club + "<int:event_id>/ranking.csv", views.ranking_csv, name="ranking_csv"),
    path(club + "<int:event_id>/ema-results.csv", views.ema_results, name="ema_results"),
    path(club + "<int:event_id>/teams/", team_views.event_teams, name="event_teams"),
    path(club + "<int:event_id>/teams.csv", team_views.event_teams_csv, name="event_teams_csv"),
    path(club + "<int:event_id>/penalties/", penalty_views.event_penalties, name="penalties"),
    path(
        club + "<int:event_id>/penalties.csv",
        penalty_views.event_penalties_csv,
        name="penalties_csv",
    ),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/teams/",
        team_views.season_teams,
        name="season_teams",
    ),
    path(
        "c/<slug:slug>/seasons/<int:season_id>/teams.csv",
        team_views.season_teams_csv,
        name="season_teams_csv",
    ),
    path("c/<slug:slug>/teams/<int:team_id>/", team_views.team_detail, name="team"),
    path("c/<slug:slug>/teams/<int:team_id>/delete/", team_views.team_delete, name="team_delete"),
    path("screen/<str:token>/", views.screen, name="screen"),
    # The EMA's ranking across the clubs the viewer may see.
    path("rankings/", rankings.mers_ranking, name="rankings"),
    path("screen/<str:token>/clock.json", views.screen_clock, name="screen_clock"),
]
