"""A club's webhooks, under the club's own address (``/c/<slug>/webhooks/``)."""

from django.urls import path

from games.webhooks import views

app_name = "webhooks"

urlpatterns = [
    path("", views.webhook_list, name="list"),
    path("<int:hook_id>/resume/", views.webhook_resume, name="resume"),
    path("<int:hook_id>/delete/", views.webhook_delete, name="delete"),
]
