from django.contrib.auth import views as auth_views
from django.urls import path
from django.views.i18n import JavaScriptCatalog

from games.views import (
    calculator,
    clubs,
    files,
    hands,
    health,
    language,
    offline,
    penalties,
    people,
    player_merges,
    replay,
    rules,
    season_sessions,
    session_rules,
    sessions,
    standings,
    tokens,
)

club = "c/<slug:slug>/"

app_name = "league"

urlpatterns = [
    path("", clubs.home, name="home"),
    path("health/", health.health, name="health"),
    # The installable app: at the root, so that the worker's scope is the whole site.
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("offline/", offline.offline, name="offline"),
    path("offline/sessions.json", offline.offline_session_list, name="offline_sessions"),
    path("language/", language.choose, name="language"),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript_catalog"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", offline.SignOutView.as_view(), name="logout"),
    path(
        "accounts/set-password/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(success_url="/accounts/set-password/done/"),
        name="password_reset_confirm",
    ),
    path(
        "accounts/set-password/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("accounts/tokens/", tokens.token_list, name="tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", tokens.token_revoke, name="token_revoke"),
    path("invite/<str:token>/", people.invitation, name="invitation"),
    path("calculator/", calculator.calculator, name="calculator"),
    path("clubs/new/", clubs.club_create, name="club_create"),
    path(club, clubs.club_home, name="club"),
    path(club + "settings/", clubs.club_settings, name="club_settings"),
    path(club + "players/", people.player_list, name="players"),
    path(club + "players/<int:player_id>/", people.player_detail, name="player"),
    path(club + "players/<int:player_id>/edit/", people.player_edit, name="player_edit"),
    path(club + "players/merge/", player_merges.player_merge, name="player_merge"),
    path(
        club + "players/merges/<int:merge_id>/undo/",
        player_merges.player_merge_undo,
        name="player_merge_undo",
    ),
    path(
        club + "players/<int:player_id>/aliases/",
        player_merges.player_alias_add,
        name="player_alias_add",
    ),
    path(
        club + "players/<int:player_id>/aliases/<int:alias_id>/remove/",
        player_merges.player_alias_remove,
        name="player_alias_remove",
    ),
    path(club + "members/", people.members, name="members"),
    path(club + "members/invite/", people.invitation_create, name="invitation_create"),
    path(club + "members/account/", people.member_account_create, name="member_account_create"),
    path(club + "members/<int:membership_id>/role/", people.member_role, name="member_role"),
    path(club + "members/<int:membership_id>/remove/", people.member_remove, name="member_remove"),
    path(club + "invitations/<str:token>/qr.svg", people.invitation_qr, name="invitation_qr"),
    path(
        club + "invitations/<str:token>/withdraw/",
        people.invitation_withdraw,
        name="invitation_withdraw",
    ),
    path(club + "rules/", rules.rule_set_list, name="rule_sets"),
    path(club + "rules/new/<str:family>/", rules.rule_set_create, name="rule_set_create"),
    path(club + "rules/<int:rule_set_id>/edit/", rules.rule_set_edit, name="rule_set_edit"),
    path(club + "seasons/new/", rules.season_create, name="season_create"),
    path(club + "seasons/<int:season_id>/", standings.season_detail, name="season"),
    path(club + "seasons/<int:season_id>/edit/", rules.season_edit, name="season_edit"),
    path(
        club + "seasons/<int:season_id>/sessions/",
        season_sessions.season_sessions,
        name="season_sessions",
    ),
    path(
        club + "seasons/<int:season_id>/scores.txt", files.season_score_file, name="season_export"
    ),
    path(
        club + "seasons/<int:season_id>/standings.<str:kind>",
        files.season_standings_file,
        name="season_standings_file",
    ),
    path(
        club + "seasons/<int:season_id>/charts/<slug:chart>.svg",
        files.season_chart,
        name="season_chart",
    ),
    path(club + "sessions/new/", sessions.session_start, name="session_start"),
    path(club + "sessions/<int:session_id>/", sessions.session_detail, name="session"),
    path(club + "sessions/<int:session_id>/live/", sessions.session_live, name="session_live"),
    path(
        club + "sessions/<int:session_id>/status/", sessions.session_status, name="session_status"
    ),
    path(club + "sessions/<int:session_id>/again/", sessions.session_again, name="session_again"),
    path(
        club + "sessions/<int:session_id>/game.json",
        files.session_game_file,
        name="session_game_file",
    ),
    path(
        club + "sessions/<int:session_id>/rules/",
        session_rules.session_rules,
        name="session_rules",
    ),
    path(
        club + "sessions/<int:session_id>/rescore/",
        session_rules.session_rescore_view,
        name="session_rescore",
    ),
    path(club + "sessions/<int:session_id>/hands/new/", hands.hand_new, name="hand_new"),
    path(
        club + "sessions/<int:session_id>/hands/preview/", hands.hand_preview, name="hand_preview"
    ),
    path(club + "hands/<int:hand_id>/edit/", hands.hand_edit, name="hand_edit"),
    path(
        club + "sessions/<int:session_id>/penalties/new/",
        penalties.penalty_new,
        name="penalty_new",
    ),
    path(
        club + "seasons/<int:season_id>/penalties/",
        penalties.season_penalties,
        name="season_penalties",
    ),
    path(
        club + "seasons/<int:season_id>/penalties.csv",
        penalties.season_penalties_csv,
        name="season_penalties_csv",
    ),
    path(club + "penalties/<int:penalty_id>/edit/", penalties.penalty_edit, name="penalty_edit"),
    path(
        club + "penalties/<int:penalty_id>/delete/", penalties.penalty_delete, name="penalty_delete"
    ),
    path(club + "hands/<int:hand_id>/delete/", hands.hand_delete, name="hand_delete"),
    path(club + "hands/<int:hand_id>/undo/", hands.hand_undo, name="hand_undo"),
    path(club + "hands/<int:hand_id>/replay/", replay.hand_replay, name="hand_replay"),
]
