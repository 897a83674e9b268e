"""WSGI entry point for gunicorn."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.urls import reverse
from django.utils import translation

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_league.settings")
application = get_wsgi_application()

# A worker loads the URL conf (and through it every view, the charts' matplotlib among
# them) and builds each language's table of names for links while it boots, before it
# takes a request: otherwise the first request each worker answers waits for them, over
# half a second.
for code, _name in settings.LANGUAGES:
    with translation.override(code):
        reverse("league:home")
