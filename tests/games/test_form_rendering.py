"""The site's form renderer (scoring/forms/rendering.py) draws every form exactly as Django's
own Jinja2 renderer does: the hand pages of every family, new and amended, blank and refused,
and the rule-set pages, are the same page under either."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.forms import renderers
from django.template.backends.jinja2 import Jinja2
from django.test import Client, override_settings

from games.models import Club
from scoring.families import FAMILIES
from scoring.forms.rendering import InliningJinja2
from tests.games.test_views_queries import FAMILY_PARAMS, family_session


class KeptEngine:
    """A renderer whose template engine outlives it. Each change of ``FORM_RENDERER``
    makes the renderer anew, and a new engine compiles every widget template again (800
    compilations, two thirds of this module's time); the engine each class makes first
    draws all of its pages."""

    engines: dict[type, Jinja2] = {}

    @property
    def engine(self) -> Jinja2:
        kind = type(self)
        if kind not in self.engines:
            self.engines[kind] = super().engine  # type: ignore[misc]
        return self.engines[kind]


class Ours(KeptEngine, InliningJinja2):
    pass


class Djangos(KeptEngine, renderers.Jinja2):
    pass


OUR_RENDERER = f"{__name__}.Ours"
DJANGO_RENDERER = f"{__name__}.Djangos"
# A refused submission: a seat, a count, a set and an outcome no family takes.
REFUSED = {"winner": "9", "cards_0": "x", "sets_0": "???", "outcome": "zzz", "faan": "-1"}
# What differs between two answers to one request: the CSRF token and a new entry's id.
PER_REQUEST = re.compile(r'(name="(?:csrfmiddlewaretoken|client_id)" value=")[^"]*"')


def page(client: Client, method: str, url: str, data: dict[str, Any] | None = None) -> str:
    response = client.post(url, data) if method == "post" else client.get(url)
    assert response.status_code == 200, url
    return PER_REQUEST.sub(r'\1"', response.content.decode())


def same_under_both(client: Client, method: str, url: str, data: Any = None) -> None:
    with override_settings(FORM_RENDERER=OUR_RENDERER):
        ours = page(client, method, url, data)
    with override_settings(FORM_RENDERER=DJANGO_RENDERER):
        django = page(client, method, url, data)
    assert ours == django


@pytest.mark.parametrize("family", sorted(FAMILY_PARAMS))
def test_the_hand_pages_are_drawn_as_django_draws_them(
    club: Club, alice: User, as_bob: Client, family: str
) -> None:
    session = family_session(club, alice, family, hands=2)
    hand = session.hands.get(number=2)
    new, edit = f"/c/dragons/sessions/{session.pk}/hands/new/", f"/c/dragons/hands/{hand.pk}/edit/"
    same_under_both(as_bob, "get", new)
    same_under_both(as_bob, "post", new, {**REFUSED, "action": "save"})
    same_under_both(as_bob, "get", edit)
    same_under_both(as_bob, "post", edit, {**REFUSED, "version": "1", "reason": ""})


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_rule_set_pages_are_drawn_as_django_draws_them(
    club: Club, as_alice: Client, family: str
) -> None:
    same_under_both(as_alice, "get", f"/c/dragons/rules/new/{family}/")
    same_under_both(as_alice, "post", f"/c/dragons/rules/new/{family}/", {"name": ""})
