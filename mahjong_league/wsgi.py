"""WSGI entry point for gunicorn."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.urls import reverse
from django.utils import translation

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_league.settings")
application = get_wsgi_application()


def warm_up() -> None:
    """Load the URL conf and build each language's table of names for links.

    Loading the URL conf imports every view (the charts' matplotlib among them); without
    this, the first request each worker answers waits for both, over half a second.
    """
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            reverse("league:home")


warm_up()
