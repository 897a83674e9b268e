"""A club's archive: ``/c/<slug>/archive/`` (its page and download) and ``/clubs/import/``."""

from django.urls import path

from games.archive import views

app_name = "archive"

urlpatterns = [
    path("clubs/import/", views.club_archive_upload, name="upload"),
    path("c/<slug:slug>/archive/", views.club_archive, name="club"),
    path("c/<slug:slug>/archive/download/", views.club_archive_download, name="download"),
]
