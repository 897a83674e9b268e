"""A club's imports, under the club's own address: a season's score-file, PMN and Tenhou log
uploads (``/c/<slug>/seasons/<id>/import/``, ``…/import-pmn/``, ``…/import-tenhou/``), a game
file (``…/import-game/``), its games file out and in (``…/games.jsonl``, ``…/import-games/``)
and the jobs they make (``/c/<slug>/imports/<job>/``)."""

from django.urls import path

from games.importing import game_file_views, games_views, pmn_views, tenhou_views, views

app_name = "importing"

job = "imports/<uuid:job_id>/"

urlpatterns = [
    path("seasons/<int:season_id>/import/", views.season_import, name="scores"),
    path("seasons/<int:season_id>/import-pmn/", pmn_views.pmn_import_view, name="pmn"),
    path("seasons/<int:season_id>/import-tenhou/", tenhou_views.tenhou_import_view, name="tenhou"),
    path(
        "seasons/<int:season_id>/import-game/",
        game_file_views.game_file_import_view,
        name="game_file",
    ),
    path("seasons/<int:season_id>/import-games/", games_views.season_games_import, name="games"),
    path("seasons/<int:season_id>/games.jsonl", games_views.season_games_file, name="games_export"),
    path("sessions/<int:session_id>/records.pmn", games_views.session_pmn_file, name="pmn_export"),
    path(job, views.import_job, name="job"),
    path(job + "progress/", views.import_job_progress, name="progress"),
    path(job + "confirm/", views.import_job_confirm, name="confirm"),
    path(job + "cancel/", views.import_job_cancel, name="cancel"),
    path(job + "retry/", views.import_job_retry, name="retry"),
]
