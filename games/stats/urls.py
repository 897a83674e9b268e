"""Ratings and people: a club's ratings under the club's address, people across clubs at
the site's (included at the root, so each path says where it lives)."""

from django.urls import path

from games.stats import views

app_name = "stats"

urlpatterns = [
    path("c/<slug:slug>/ratings/", views.club_ratings, name="ratings"),
    # One person across the clubs that link their account to a player.
    path("people/", views.people, name="people"),
    path("people/<str:username>/", views.person, name="person"),
]
